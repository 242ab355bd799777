// SPDX-License-Identifier: GPL-3.0-or-later
// Number formats a chip computes in and a tensor is stored in.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace roofline {

enum class Dtype : std::uint8_t { fp32, tf32, bf16, fp16, fp8, fp6, int8, fp4, int4 };

inline constexpr std::array kAllDtypes { Dtype::fp32, Dtype::tf32, Dtype::bf16, Dtype::fp16, Dtype::fp8, Dtype::fp6,
    Dtype::int8, Dtype::fp4, Dtype::int4 };
inline constexpr std::size_t kDtypeCount = kAllDtypes.size();

std::string_view dtypeName(Dtype);
// "fp32, tf32, bf16, fp16, fp8, fp6, int8, fp4 or int4": every dtype's name, for messages.
std::string dtypeChoices();
std::optional<Dtype> parseDtype(std::string_view name);

// Storage size of one element in bytes: 4 for fp32 and tf32 (tf32 is stored as fp32), 0.75 for fp6, 0.5 for the
// 4-bit formats.
double bytesPerElement(Dtype);

// Integer formats count operations (OP/s), not floating-point operations.
bool isInteger(Dtype);
// A rate of a dtype's operations: "989 TFLOP/s" for floating point, "1.98 POP/s" for integers.
std::string formatRate(double perSecond, Dtype);
// What a dtype's peak counts, as the texts write it: "FLOPs" for floating point, "OPs" for integers.
std::string_view workName(Dtype);
// The unit of an intensity against that peak: "FLOPs per byte", "OPs per byte".
std::string intensityUnit(Dtype);

} // namespace roofline
