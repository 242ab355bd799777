// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the calibration reader: any bytes either read into a calibration that is refused for the H100 with a reason,
// or applies to it and gives every operation of its default workload a finite calibrated time no shorter than a
// kernel can take; or they give located errors. What it reads, it writes so that it reads back the same.
#include "files/calibration_file.h"
#include "fuzz_check.h"
#include "measured/calibration.h"

#include <memory>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace roofline;
    static const PresetLibrary chips = loadPresetLibrary({});
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string file = "fuzz-calibration.yaml";
    const Expected<Calibration, Diagnostics> cal = parseCalibration(text, file);
    if (!cal) {
        fuzz::checkDiagnostics(cal.error(), file);
        return 0;
    }
    const Expected<Calibration, Diagnostics> again = parseCalibration(writeCalibration(*cal), file);
    fuzz::require(again.ok());
    const Hardware& h100 = *chips.find("h100-sxm");
    if (const std::optional<std::string> problem = calibrationMismatch(*cal, h100)) {
        fuzz::checkMessage(*problem);
        return 0;
    }
    Session s = defaultSession(h100);
    s.calibration = SessionCalibration { file, std::make_shared<const Calibration>(*cal), false };
    fuzz::checkScenario(s);
    const Analysis a = analyse(s);
    fuzz::require(a.calibrationProblem.empty());
    for (const OperationAnalysis& result : a.operations)
        if (result.calibrated)
            fuzz::require(std::isfinite(result.calibrated->seconds) && result.calibrated->seconds >= 0);
    return 0;
}
