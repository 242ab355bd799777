// SPDX-License-Identifier: GPL-3.0-or-later
// Why a measured kernel is off its datasheet roof, as far as the program can check it. A kernel above its roof is
// timed against numbers that are not what ran; one far below it lost to something the roofline does not count. Each
// check compares a figure of the kernel with one the program knows independently:
//
//   padding          its FLOPs against the linked operation's (2·M·N·K for a matmul): a tensor pipe counts the
//                    tile's padding, so a small shape over-counts and its achieved FLOP/s overstates the work;
//   cache reuse      its bytes of main memory below the linked operation's compulsory traffic: a cache held the rest
//                    (inputs an earlier launch left, outputs not yet written back when it ended), so its intensity
//                    there is higher than the operation's;
//   extra traffic    its bytes of main memory above the compulsory traffic: re-reads and spills the model does not
//                    count;
//   clock            its own SM clock against the one the chip's tensor peaks are stated at (Hardware::peakClock):
//                    a compute-bound kernel at 1.70 GHz had 7 % less roof than the 1.83 GHz datasheet figure
//                    (fp32 kernels are left out: their units run at other clocks);
//   too small        for a kernel far below its roof, its ideal time at the roof below the launch floor (or the
//                    calibration's floor), or its size below the half-efficiency size of the calibration's curve:
//                    fixed costs bind it, not the roof.
//
// The count checks compare a kernel with its linked operation only when both are of one precision.
//
// Checks run on demand for the kernels shown (the window's rows, the report's lines): a slider step does not pay
// for them.
#pragma once

#include "measured/calibration.h"
#include "measured/measured.h"
#include "measured/result.h"
#include "roofline/hardware.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// A kernel below this share of its attainable roof is far below it. One above it by more than kOffRoofTolerance (a
// file with clocks) or kCalibrationClockAllowance (one without, where a boost clock could explain it) is above it.
inline constexpr double kFarBelowRoof = 0.5;
// A count or a clock this far from the one expected is a difference, not a counter's rounding: FLOPs and bytes by
// 2 %, a clock by 2 % (the H100's clocks step by 15 MHz, 0.8 %).
inline constexpr double kOffRoofTolerance = 0.02;
// Bytes above the compulsory traffic by this share are extra traffic: a kernel's own tiling re-reads a few per cent.
inline constexpr double kExtraTrafficTolerance = 0.10;

enum class RoofStanding { Near, Above, FarBelow };
// "near", "above", "far below".
std::string_view standingName(RoofStanding);

enum class OffRoofCheck { Padding, CacheReuse, ExtraTraffic, Clock, TooSmall };
// "padding", "cache reuse", "extra traffic", "clock", "too small".
std::string_view offRoofCheckName(OffRoofCheck);

// One check that holds for a kernel, with the figures it compared.
struct OffRoofReason {
    OffRoofCheck check = OffRoofCheck::Padding;
    double measured = 0; // the kernel's: FLOPs, bytes, clock (Hz), ideal seconds or size
    double expected = 0; // what it is compared with: the operation's FLOPs or bytes, the peak's clock, the floor, the
                         // curve's half-efficiency size
    std::string against; // the linked operation's name; TooSmall: "launch floor", "calibration's floor" or "curve"
    std::string resource; // the memory its bytes are of, the dtype of its compute roof, the curve's resource
    double roof = 0; // Clock: the compute roof at the kernel's clock, FLOP/s; 0 elsewhere
    double reached = 0; // Clock: the share of that roof the kernel reached; 0 elsewhere

    double factor() const { return expected > 0 ? measured / expected : 0; }
    bool operator==(const OffRoofReason&) const = default;
};

struct OffRoof {
    RoofStanding standing = RoofStanding::Near;
    std::vector<OffRoofReason> reasons; // every check that holds, whatever the standing
    bool linked = false; // the kernel is linked to an operation (whose counts the checks compare when it evaluates)
};

// What the checks read besides the kernel: its set, the set's analysis on the chip, the chip (its overrides
// included) and the calibration that applies, if any.
struct OffRoofContext {
    const MeasuredSet& set;
    const MeasuredAnalysis& analysis;
    const Hardware& hardware;
    const Calibration* calibration = nullptr;
};

// The standing of a point and the checks that hold for it; `link` is the kernel's link, or null.
OffRoof explainOffRoof(const OffRoofContext&, const MeasuredPoint&, const MeasuredLink* link);

// Explains the points of one analysis one at a time, each kernel's link found by index: what a report streaming a
// million kernels uses, holding 4 bytes a kernel rather than every explanation.
class OffRoofExplainer {
public:
    explicit OffRoofExplainer(const OffRoofContext&);
    OffRoof operator()(const MeasuredPoint&) const;

private:
    OffRoofContext m_context;
    std::vector<int> m_linkOf; // per kernel: its index in the analysis's links, or -1
};

// Every point's explanation, in the points' order.
std::vector<OffRoof> explainOffRoof(const OffRoofContext&);

// A sentence saying what a check found: "counted 2.15 GFLOP where matmul B=32's is 1.07 GFLOP (2×): ...".
std::string offRoofText(const OffRoofReason&, Dtype roof);
// Whether a check that holds accounts for the kernel's standing: padding for a kernel above its roof; its clock for
// one above (a faster clock, under whose roof it stays) or far below (a slower one, under whose roof it is not far
// below); too small for one far below. The bytes' checks compare the kernel with its operation, not with its roof.
bool explainsStanding(const OffRoofReason&, RoofStanding);
// Whether some check accounts for an off-roof kernel's standing.
bool explained(const OffRoof&);
// What is said of a kernel above or far below its roof that no check explains; empty for one near its roof or
// explained.
std::string unexplainedText(const OffRoof&);

} // namespace roofline
