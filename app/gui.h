// The window: the part of the program that needs Qt Widgets, besides the export command (commands/export.cpp).
#pragma once

namespace roofline::app {

// Opens the window. `argc`/`argv` go to QApplication.
int runGui(int argc, char** argv);

// The application's name, version, desktop file and icon, for the window and for an export.
void setIdentity();

} // namespace roofline::app
