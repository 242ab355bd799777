// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the measured-data reader for MeasuredFormat::RocprofRoofline (see fuzz_measured.h for what it asserts).
#include "fuzz_measured.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    roofline::fuzz::checkMeasured(
        std::string_view(reinterpret_cast<const char*>(data), size), roofline::MeasuredFormat::RocprofRoofline);
    return 0;
}
