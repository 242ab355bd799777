// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Export: where to, how large, at which scale.
#pragma once

#include "export/chart_export.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace roofline::widgets {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(const QString& path, const ExportOptions&, QWidget* parent = nullptr);

    QString path() const;
    ExportOptions options() const;

private:
    void browse();
    void updateScale();
    // A slide size fixes the size and the scale; "Custom" hands them back.
    void updatePreset();

    QLineEdit* m_path;
    QComboBox* m_preset;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QDoubleSpinBox* m_scale;
    QComboBox* m_theme;
    QCheckBox* m_transparent;
};

} // namespace roofline::widgets
