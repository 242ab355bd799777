// What the window tests share: settings kept in a folder of the run, a window opened as a user sees it, and the
// command line run to its end.
#pragma once

#include "files/model_presets.h"
#include "files/presets.h"
#include "window/main_window.h"

#include <QProcess>
#include <QSettings>
#include <QSize>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

#include <memory>

namespace roofline::testing {

// Before the first QSettings is made: the program's settings live in `dir`, and the user's are never read or written.
inline void keepSettingsIn(const QString& dir)
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir);
}

// A window of the built-in presets in the light theme, unsaved changes discarded without a question, shown at `size`
// or, with none, at the size it chooses itself. The caller waits for it to be exposed.
inline std::unique_ptr<widgets::MainWindow> showWindow(QSize size = {})
{
    auto window = std::make_unique<widgets::MainWindow>(loadPresetLibrary({}), builtInModels());
    window->setUnsavedChangesPrompt([](const QString&) { return QMessageBox::Discard; });
    window->setThemeMode(widgets::MainWindow::ThemeMode::Light);
    if (size.isValid())
        window->resize(size);
    window->show();
    return window;
}

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

// roofline-lab with these words, run to its end (a minute at most).
inline CliRun runCli(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(ROOFLINE_CLI), args);
    if (!process.waitForFinished(60000))
        return {};
    return { process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
        QString::fromUtf8(process.readAllStandardError()) };
}

} // namespace roofline::testing
