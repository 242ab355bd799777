// SPDX-License-Identifier: GPL-3.0-or-later
// The export dialog.
#include "export/export_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace roofline::widgets {

namespace {

// The context this file's words are translated in (lupdate reads the name from the macro).
struct ExportDialogWords {
    Q_DECLARE_TR_FUNCTIONS(ExportDialogWords)
};

} // namespace

ExportDialog::ExportDialog(const QString& path, const ExportOptions& options, QWidget* parent)
    : QDialog(parent)
    , m_path(new QLineEdit(path, this))
    , m_preset(new QComboBox(this))
    , m_width(new QSpinBox(this))
    , m_height(new QSpinBox(this))
    , m_scale(new QDoubleSpinBox(this))
    , m_theme(new QComboBox(this))
    , m_transparent(new QCheckBox(tr("&Transparent background"), this))
{
    setWindowTitle(tr("Export chart"));
    auto* form = new QFormLayout(this);
    auto* fileRow = new QHBoxLayout;
    auto* browseButton = new QPushButton(tr("&Browse…"), this);
    fileRow->addWidget(m_path, 1);
    m_path->setMinimumWidth(m_path->fontMetrics().horizontalAdvance(QLatin1Char('M')) * 24); // a whole file name
    fileRow->addWidget(browseButton);
    // A label of a row that holds a layout gets no buddy from the form: give it one, or its '&' shows.
    auto* fileLabel = new QLabel(tr("&File"), this);
    fileLabel->setBuddy(m_path);
    form->addRow(fileLabel, fileRow);
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
    m_preset->setObjectName(QStringLiteral("size"));
    m_theme->setObjectName(QStringLiteral("theme"));
    m_preset->addItem(tr("Custom"), QString());
    for (const SlideSize& slide : kSlideSizes)
        m_preset->addItem(ExportDialogWords::tr(slide.title), QString::fromUtf8(slide.name));
    m_preset->setToolTip(tr("A slide's size, with text large enough to read from the back of a room"));
    // Options that came from a slide size open on it.
    for (const SlideSize& slide : kSlideSizes)
        if (options.zoom && options.size == QSize(slide.width, slide.height))
            m_preset->setCurrentIndex(m_preset->findData(QString::fromUtf8(slide.name)));
    form->addRow(tr("Si&ze"), m_preset);
    form->addRow(tr("&Width"), m_width);
    form->addRow(tr("&Height"), m_height);
    form->addRow(tr("&Scale (PNG)"), m_scale);
    m_theme->addItem(tr("As shown"), int(ExportTheme::AsShown));
    m_theme->addItem(tr("Light"), int(ExportTheme::Light));
    m_theme->addItem(tr("Dark"), int(ExportTheme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(int(options.theme)));
    m_transparent->setChecked(options.transparent);
    form->addRow(tr("Th&eme"), m_theme);
    form->addRow(QString(), m_transparent);
    m_theme->setToolTip(tr("The window's colours, or the light or dark theme whatever the window shows"));
    m_transparent->setToolTip(tr("Leave out the background, for a slide or a page of another colour"));
    m_path->setToolTip(tr("The format follows the extension: .png, .svg or .pdf"));
    m_width->setToolTip(tr("Width of the chart in logical pixels (points in a PDF)"));
    m_height->setToolTip(tr("Height of the chart in logical pixels (points in a PDF)"));
    m_scale->setToolTip(tr("A PNG has width × scale by height × scale pixels; SVG and PDF are vectors"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::updateScale);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ExportDialog::updatePreset);
    updatePreset();
}

QString ExportDialog::path() const
{
    return m_path->text();
}

ExportOptions ExportDialog::options() const
{
    ExportOptions options { QSize(m_width->value(), m_height->value()), m_scale->value(),
        static_cast<ExportTheme>(m_theme->currentData().toInt()), m_transparent->isChecked(), std::nullopt };
    if (const auto slide = slideSize(m_preset->currentData().toString()))
        options = slideOptions(*slide, options);
    return options;
}

void ExportDialog::updatePreset()
{
    const auto slide = slideSize(m_preset->currentData().toString());
    if (slide) {
        const ExportOptions options = slideOptions(*slide);
        m_width->setValue(options.size.width());
        m_height->setValue(options.size.height());
        m_scale->setValue(options.scale);
    }
    m_width->setEnabled(!slide);
    m_height->setEnabled(!slide);
    updateScale();
}

void ExportDialog::browse()
{
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export chart"), m_path->text(), tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (!chosen.isEmpty())
        m_path->setText(chosen);
}

void ExportDialog::updateScale()
{
    m_scale->setEnabled(
        exportFormatFor(m_path->text()) == ExportFormat::Png && !slideSize(m_preset->currentData().toString()));
}

} // namespace roofline::widgets

#include "moc_export_dialog.cpp"
