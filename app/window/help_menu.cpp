// SPDX-License-Identifier: GPL-3.0-or-later
// The Help menu's dialogs: the keyboard list, built from the window's own actions so that it never goes stale, and
// the texts' sources.
#include "window/help_menu.h"

#include "window/file_commands.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QSet>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace roofline::widgets {

namespace {

// The context this file's words are translated in (lupdate reads the name from the macro).
struct HelpMenuWords {
    Q_DECLARE_TR_FUNCTIONS(HelpMenuWords)
};

// "&Reset values" as a reader sees it: "Reset values".
QString plain(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)"))); // "&&" is a shown "&"
    return text.remove(QStringLiteral("…")).toHtmlEscaped();
}

QString keys(const QAction* action)
{
    QStringList shown;
    for (const QKeySequence& key : action->shortcuts())
        shown.push_back(key.toString(QKeySequence::NativeText).toHtmlEscaped());
    return shown.join(QStringLiteral(", "));
}

// A command and its keys as a row of the table, once: nothing for a command already listed or without a key.
QString row(const QAction* action, QSet<const QAction*>& listed)
{
    if (action->shortcuts().isEmpty() || action->text().isEmpty() || listed.contains(action))
        return {};
    listed.insert(action);
    return QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;<b>%2</b></td></tr>")
        .arg(plain(action->text()), keys(action));
}

// The rows of `menu` and its submenus, in menu order.
void addRows(const QMenu* menu, QSet<const QAction*>& listed, QString& rows)
{
    for (const QAction* action : menu->actions()) {
        if (action->menu())
            addRows(action->menu(), listed, rows);
        else
            rows += row(action, listed);
    }
}

QString heading(const QString& title)
{
    return QStringLiteral("<tr><td colspan=2><br><b>%1</b></td></tr>").arg(title);
}

void showText(QWidget* window, const QString& title, const QString& html)
{
    QDialog dialog(window);
    dialog.setWindowTitle(title);
    auto* layout = new QVBoxLayout(&dialog);
    auto* text = new QTextBrowser;
    text->setOpenExternalLinks(true);
    text->setHtml(html);
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    const QSize wanted(dialog.fontMetrics().averageCharWidth() * 90, dialog.fontMetrics().height() * 30);
    dialog.resize(window->screen() ? wanted.boundedTo(window->screen()->availableGeometry().size()) : wanted);
    dialog.exec();
}

} // namespace

QString shortcutsHtml(const QMainWindow& window)
{
    QString rows;
    QSet<const QAction*> listed;
    for (const QAction* top : window.menuBar()->actions()) {
        if (!top->menu())
            continue;
        QString menuRows;
        addRows(top->menu(), listed, menuRows);
        if (!menuRows.isEmpty())
            rows += heading(plain(top->text())) + menuRows;
    }
    QString others;
    for (const QAction* action : window.findChildren<QAction*>())
        others += row(action, listed);
    if (!others.isEmpty())
        rows += heading(HelpMenuWords::tr("Elsewhere")) + others;
    return HelpMenuWords::tr(
        "<p>A slider, box or list that has the focus (click it, or Tab to it) takes the arrow keys "
        "and the wheel; elsewhere the wheel scrolls.</p><table>%1</table>")
        .arg(rows);
}

QString sourcesHtml(const PresetLibrary& library)
{
    QString html = HelpMenuWords::tr(
        "<p>The formulas and the worked examples follow these texts:</p><ul>"
        "<li><i>How to Scale Your Model</i> (the JAX scaling book) by Jacob Austin, Sholto Douglas, Roy Frostig, "
        "Anselm Levskaya and others, part 1, <b>All About Rooflines</b> "
        "(<a href=\"https://jax-ml.github.io/scaling-book/roofline/\">jax-ml.github.io/scaling-book/roofline</a>): "
        "T<sub>math</sub>, T<sub>comms</sub>, arithmetic intensity, the critical batch size, the network roofline "
        "and its worked questions.</li>"
        "<li><b>The Extended Roofline</b>: three ceilings that bound distributed performance: the network as a third "
        "roof, the ridges of NVLink and InfiniBand, data-, tensor- and pipeline-parallel communication.</li>"
        "<li><b>Modeling and Scaling Performance with Roofline</b>: roofline applied to serving a language model, a "
        "time per token with memory, compute and network terms.</li></ul>"
        "<p>Where the texts disagree (8.1e11 or 8.2e11 B/s for the TPU v5e, NVLink's 900 GB/s both ways or 450 GB/s "
        "one way), the program computes exactly and its explanation says which numbers it used. Every bandwidth is "
        "one-way bytes per second.</p><p><b>File ▸ Examples</b>, and the section of the text each follows:</p><ol>");
    for (const BuiltInExample& e : builtInExamples(library))
        if (!e.source.isEmpty())
            html += QStringLiteral("<li>%1<br><small>%2</small></li>")
                        .arg(e.title.toHtmlEscaped(), e.source.toHtmlEscaped());
    return html + QStringLiteral("</ol>");
}

QString aboutHtml(const QString& version)
{
    return HelpMenuWords::tr(
        "<h3>Roofline Lab %1</h3>"
        "<p>A live roofline chart of attainable FLOP/s against arithmetic intensity, with a roof per compute dtype, "
        "memory level and link.</p>"
        "<p>The formulas follow <i>All About Rooflines</i> in the JAX scaling book (How to Scale Your Model) and "
        "<i>The Extended Roofline</i>: T<sub>math</sub> = FLOPs / peak, T<sub>comms</sub> = bytes / bandwidth, and "
        "a run time between their maximum and their sum.</p><p>Every bandwidth is one-way bytes per second.</p>"
        "<p>Roofline Lab is free software: you can redistribute it and modify it under the terms of the GNU General "
        "Public License, version 3 or (at your option) any later version (GPL-3.0-or-later), as the QCustomPlot "
        "library it draws with is GPL-3.0. It comes with no warranty. The licence's text is in the LICENSE file of "
        "its source and in /usr/share/common-licenses/GPL-3 on Debian.</p>")
        .arg(version.toHtmlEscaped());
}

void addHelpActions(QMenu* help, QMainWindow* window, const PresetLibrary& library)
{
    QAction* keysAction = help->addAction(HelpMenuWords::tr("&Keyboard shortcuts"), window,
        [window] { showText(window, HelpMenuWords::tr("Keyboard shortcuts"), shortcutsHtml(*window)); });
    keysAction->setObjectName(QStringLiteral("helpShortcuts"));
    keysAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    QAction* sources = help->addAction(HelpMenuWords::tr("&Sources of the examples"), window,
        [window, &library] { showText(window, HelpMenuWords::tr("Sources"), sourcesHtml(library)); });
    sources->setObjectName(QStringLiteral("helpSources"));
    sources->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F1));
}

} // namespace roofline::widgets
