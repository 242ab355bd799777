// SPDX-License-Identifier: GPL-3.0-or-later
// The window in the user's language: the program's own words and Qt's (its dialogs, a text field's menu), for the
// languages the system locale prefers, and figures in one convention whatever the language.
#pragma once

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace roofline::widgets {

// Installs on `app` the program's translation and Qt's for the first of `locale`'s languages that has one, stopping
// at English, the language the program is written in (so "en_GB:de" stays English). Returns that language's code
// ("de"), or an empty string where the window stays in English. Call it before the window is made.
QString installTranslations(QCoreApplication& app, const QLocale& locale = QLocale::system());

// The locale every figure in the window is written in: the C locale, in every language. The figures are the ones
// core writes for the command line, the report and the exported files, in SI units with a decimal point
// ("3.35 TB/s", "10.0 ms"); a spin box or an axis in the user's locale beside them would read "10,00 s" next to
// "3.35 TB/s". A figure copied from the window must also read back where the program takes numbers (a scenario file,
// --set), which use a point. It sets Qt's default locale and the C library's numbers (LC_NUMERIC), which
// QApplication took from the environment. Call it after the application is made, before the window.
void useFigureLocale();

} // namespace roofline::widgets
