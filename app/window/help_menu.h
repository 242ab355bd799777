// SPDX-License-Identifier: GPL-3.0-or-later
// The Help menu: the keyboard shortcuts, the texts the examples follow, and About.
#pragma once

#include "files/presets.h"

#include <QString>

class QMainWindow;
class QMenu;

namespace roofline::widgets {

// Help ▸ Keyboard shortcuts, Sources and About, each opening a dialog over `window`.
void addHelpActions(QMenu* help, QMainWindow* window, const PresetLibrary& library);

// Every command of `window` that has a key, as an HTML table: under each menu's name its commands in menu order, as
// the menu names them, with their keys; then the commands that are on no menu (the toolbar's, Esc).
QString shortcutsHtml(const QMainWindow& window);
// The texts the examples follow, with their chapters and addresses, and each worked example with the section of
// the text it follows.
QString sourcesHtml(const PresetLibrary& library);
// Help ▸ About: what the program is, the texts its formulas follow, and its licence (GPL-3.0-or-later, as the
// QCustomPlot it links is GPL-3.0), with no warranty.
QString aboutHtml(const QString& version);

} // namespace roofline::widgets
