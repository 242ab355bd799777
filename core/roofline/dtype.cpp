// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/dtype.h"

#include "base/units.h"

namespace roofline {

namespace {
struct DtypeInfo {
    std::string_view name;
    double bytes; // of an element alone, without a scale
    bool integer;
    std::optional<BlockScaling> scaling {};
};

constexpr DtypeInfo kInfo[] = {
    { "fp32", 4, false },
    { "tf32", 4, false }, // computed at tf32 rate, stored as fp32
    { "bf16", 2, false },
    { "fp16", 2, false },
    { "fp8", 1, false },
    { "fp6", 0.75, false },
    { "int8", 1, true },
    { "fp4", 0.5, false },
    { "int4", 0.5, true },
    { "mxfp8", 1, false, BlockScaling { Dtype::fp8, 32, 1 } },
    { "mxfp6", 0.75, false, BlockScaling { Dtype::fp6, 32, 1 } },
    { "mxfp4", 0.5, false, BlockScaling { Dtype::fp4, 32, 1 } },
    { "nvfp4", 0.5, false, BlockScaling { Dtype::fp4, 16, 1 } },
};
static_assert(std::size(kInfo) == kDtypeCount);

const DtypeInfo& info(Dtype d)
{
    return kInfo[static_cast<std::size_t>(d)];
}
} // namespace

std::string_view dtypeName(Dtype d)
{
    return info(d).name;
}

std::optional<Dtype> parseDtype(std::string_view name)
{
    for (Dtype d : kAllDtypes)
        if (info(d).name == name)
            return d;
    return std::nullopt;
}

double bytesPerElement(Dtype d)
{
    const DtypeInfo& i = info(d);
    return i.bytes + (i.scaling ? i.scaling->scaleBytes / i.scaling->blockSize : 0);
}

std::optional<BlockScaling> blockScaling(Dtype d)
{
    return info(d).scaling;
}

bool isInteger(Dtype d)
{
    return info(d).integer;
}

std::string_view workName(Dtype d)
{
    return isInteger(d) ? "OPs" : "FLOPs";
}

std::string intensityUnit(Dtype d)
{
    return std::string(workName(d)) + " per byte";
}

std::string formatRate(double perSecond, Dtype d)
{
    return isInteger(d) ? formatSI(perSecond, "OP/s") : formatFlops(perSecond);
}

std::string dtypeChoices()
{
    std::string out;
    for (std::size_t i = 0; i < kAllDtypes.size(); ++i)
        out += (i == 0 ? "" : i + 1 == kAllDtypes.size() ? " or " : ", ") + std::string(dtypeName(kAllDtypes[i]));
    return out;
}

} // namespace roofline
