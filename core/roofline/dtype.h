// SPDX-License-Identifier: GPL-3.0-or-later
// Number formats a chip computes in and a tensor is stored in.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace roofline {

// The block-scaled formats come last: mxfp8, mxfp6 and mxfp4 are the OCP Microscaling formats (one 8-bit E8M0 scale
// per 32 elements), nvfp4 NVIDIA's (one 8-bit E4M3 scale per 16 elements, and one fp32 scale per tensor).
enum class Dtype : std::uint8_t { fp32, tf32, bf16, fp16, fp8, fp6, int8, fp4, int4, mxfp8, mxfp6, mxfp4, nvfp4 };

inline constexpr std::array kAllDtypes { Dtype::fp32, Dtype::tf32, Dtype::bf16, Dtype::fp16, Dtype::fp8, Dtype::fp6,
    Dtype::int8, Dtype::fp4, Dtype::int4, Dtype::mxfp8, Dtype::mxfp6, Dtype::mxfp4, Dtype::nvfp4 };
inline constexpr std::size_t kDtypeCount = kAllDtypes.size();

std::string_view dtypeName(Dtype);
// "fp32, tf32, …, int4, mxfp8, mxfp6, mxfp4 or nvfp4": every dtype's name, for messages.
std::string dtypeChoices();
std::optional<Dtype> parseDtype(std::string_view name);

// Storage size of one element in bytes: 4 for fp32 and tf32 (tf32 is stored as fp32), 0.75 for fp6, 0.5 for the
// 4-bit formats; a block-scaled format's element with its share of the block's scale (mxfp4: 0.5 + 1/32 = 0.53125).
// nvfp4's one fp32 scale per tensor is left out: 4 bytes a tensor, under a millionth of any matrix worth the format.
double bytesPerElement(Dtype);

// How a block-scaled format stores its elements: the format of each element, how many share a scale, and the scale's
// bytes.
struct BlockScaling {
    Dtype element;
    int blockSize;
    double scaleBytes;
};
// A block-scaled format's scaling; none for the others.
std::optional<BlockScaling> blockScaling(Dtype);

// Integer formats count operations (OP/s), not floating-point operations.
bool isInteger(Dtype);
// A rate of a dtype's operations: "989 TFLOP/s" for floating point, "1.98 POP/s" for integers.
std::string formatRate(double perSecond, Dtype);
// What a dtype's peak counts, as the texts write it: "FLOPs" for floating point, "OPs" for integers.
std::string_view workName(Dtype);
// The unit of an intensity against that peak: "FLOPs per byte", "OPs per byte".
std::string intensityUnit(Dtype);

} // namespace roofline
