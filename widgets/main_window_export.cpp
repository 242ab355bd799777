// The main window's exports: the chart as a file in a theme of its own or to the clipboard, the table as CSV.
#include "main_window.h"

#include "chart_text.h"
#include "document.h"
#include "export_dialog.h"
#include "readout_table.h"
#include "roofline_chart.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QStatusBar>

namespace roofline::widgets {

QString MainWindow::exportTo(const QString& path, const ExportOptions& options)
{
    // The chart is drawn in the export's theme for the file, then in the window's again.
    const ChartTheme shown = m_chart->theme();
    ChartTheme theme = options.theme == ExportTheme::Light ? ChartTheme::light()
        : options.theme == ExportTheme::Dark               ? ChartTheme::darkTheme()
                                                           : shown;
    theme.zoom = shown.zoom;
    if (options.transparent)
        theme.background = Qt::transparent;
    if (options.theme == ExportTheme::AsShown && !options.transparent)
        return exportChart(*m_chart, path, options);
    m_chart->setTheme(theme);
    const QString error = exportChart(*m_chart, path, options);
    m_chart->setTheme(shown);
    return error;
}

void MainWindow::showExportDialog()
{
    const QString suggested = m_lastExport.isEmpty()
        ? QDir::home().filePath(QStringLiteral("roofline-%1.png").arg(qs(m_document->hardware().id)))
        : m_lastExport;
    ExportDialog dialog(suggested, m_exportOptions, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_lastExport = dialog.path();
    m_exportOptions = dialog.options();
    const QString error = exportTo(m_lastExport, m_exportOptions);
    if (!error.isEmpty())
        QMessageBox::warning(this, QStringLiteral("Export failed"), error);
    else
        statusBar()->showMessage(QStringLiteral("Exported %1").arg(m_lastExport), 5000);
}

QString MainWindow::exportTable(const QString& path)
{
    return writeFile(path, m_table->csvText().toUtf8());
}

void MainWindow::showTableExportDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Export table"),
        QDir::home().filePath(QStringLiteral("roofline-%1.csv").arg(qs(m_document->hardware().id))),
        QStringLiteral("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportTable(path); !error.isEmpty())
        QMessageBox::warning(this, QStringLiteral("Export failed"), error);
    else
        statusBar()->showMessage(QStringLiteral("Exported %1").arg(path), 5000);
}

void MainWindow::copyChart()
{
    QApplication::clipboard()->setImage(renderChart(*m_chart, m_chart->size(), 2));
    statusBar()->showMessage(QStringLiteral("Chart copied to the clipboard"), 3000);
}

} // namespace roofline::widgets
