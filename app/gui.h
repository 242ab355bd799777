// SPDX-License-Identifier: GPL-3.0-or-later
// The window: the part of the program that needs Qt Widgets, besides the export command (commands/export.cpp).
#pragma once

#include <optional>
#include <string>

namespace roofline::app {

// Opens the window. `argc`/`argv` go to QApplication. Where no display can be opened it says so and returns 1,
// before Qt would abort.
int runGui(int argc, char** argv);

// Why the window cannot open with these arguments and this environment (no DISPLAY, no X server or Wayland
// compositor at the one given), or nothing: -platform and QT_QPA_PLATFORM choose as they do for Qt.
std::optional<std::string> displayProblem(int argc, char** argv);

// The application's name, version, desktop file and icon, for the window and for an export.
void setIdentity();

} // namespace roofline::app
