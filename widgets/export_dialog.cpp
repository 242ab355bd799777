// The export dialog.
#include "export_dialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace roofline::widgets {

ExportDialog::ExportDialog(const QString& path, const ExportOptions& options, QWidget* parent)
    : QDialog(parent)
    , m_path(new QLineEdit(path, this))
    , m_width(new QSpinBox(this))
    , m_height(new QSpinBox(this))
    , m_scale(new QDoubleSpinBox(this))
{
    setWindowTitle(QStringLiteral("Export chart"));
    auto* form = new QFormLayout(this);
    auto* fileRow = new QHBoxLayout;
    auto* browseButton = new QPushButton(QStringLiteral("&Browse…"), this);
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browseButton);
    form->addRow(QStringLiteral("&File"), fileRow);
    for (QSpinBox* box : { m_width, m_height }) {
        box->setRange(16, 20000);
        box->setSuffix(QStringLiteral(" px"));
    }
    m_width->setValue(options.size.width());
    m_height->setValue(options.size.height());
    m_scale->setRange(0.25, 8);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(options.scale);
    m_scale->setSuffix(QStringLiteral("×"));
    form->addRow(QStringLiteral("&Width"), m_width);
    form->addRow(QStringLiteral("&Height"), m_height);
    form->addRow(QStringLiteral("&Scale (PNG)"), m_scale);
    m_path->setToolTip(QStringLiteral("The format follows the extension: .png, .svg or .pdf"));
    m_width->setToolTip(QStringLiteral("Width of the chart in logical pixels (points in a PDF)"));
    m_height->setToolTip(QStringLiteral("Height of the chart in logical pixels (points in a PDF)"));
    m_scale->setToolTip(QStringLiteral("A PNG has width × scale by height × scale pixels; SVG and PDF are vectors"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::updateScale);
    updateScale();
}

QString ExportDialog::path() const
{
    return m_path->text();
}

ExportOptions ExportDialog::options() const
{
    return { QSize(m_width->value(), m_height->value()), m_scale->value() };
}

void ExportDialog::browse()
{
    const QString chosen = QFileDialog::getSaveFileName(this, QStringLiteral("Export chart"), m_path->text(),
        QStringLiteral("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (!chosen.isEmpty())
        m_path->setText(chosen);
}

void ExportDialog::updateScale()
{
    m_scale->setEnabled(exportFormatFor(m_path->text()) == ExportFormat::Png);
}

} // namespace roofline::widgets
