// SPDX-License-Identifier: GPL-3.0-or-later
// The play control: a parameter animated over a range for a lecture.
#include "panels/play_bar.h"

#include "base/units.h"
#include "common/chart_text.h"
#include "common/slider_row.h"
#include "document/document.h"
#include "roofline/sweep.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>
#include <QVariantAnimation>

#include <cmath>

namespace roofline::widgets {

namespace {

// A whole count typed with optional prefixes ("16Ki", "1k"), or nothing.
std::optional<double> countIn(const QLineEdit* field)
{
    const auto parsed = parseQuantity(field->text().trimmed().toStdString());
    if (!parsed || parsed->unit != Unit::None || parsed->value != std::floor(parsed->value))
        return std::nullopt;
    return parsed->value;
}

} // namespace

PlayBar::PlayBar(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_param(new QComboBox(this))
    , m_fromField(new QLineEdit(QStringLiteral("1"), this))
    , m_toField(new QLineEdit(QStringLiteral("16384"), this))
    , m_seconds(new QDoubleSpinBox(this))
    , m_button(new QToolButton(this))
    , m_scrub(new QSlider(Qt::Horizontal, this))
    , m_animation(new QVariantAnimation(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    auto* label = new QLabel(tr("P&lay"), this);
    label->setBuddy(m_param);
    layout->addWidget(label);
    layout->addWidget(m_param);
    // The labels name the fields for a screen reader as they do on screen.
    auto* from = new QLabel(tr("from"), this);
    from->setBuddy(m_fromField);
    layout->addWidget(from);
    layout->addWidget(m_fromField);
    auto* to = new QLabel(tr("to"), this);
    to->setBuddy(m_toField);
    layout->addWidget(to);
    layout->addWidget(m_toField);
    m_seconds->setAccessibleName(tr("Play duration"));
    layout->addWidget(m_seconds);
    layout->addWidget(m_button);
    layout->addWidget(m_scrub, 1);
    const int digits = m_fromField->fontMetrics().horizontalAdvance(QStringLiteral("M")) * 6;
    m_fromField->setMaximumWidth(digits);
    m_toField->setMaximumWidth(digits);
    m_param->setToolTip(tr("The parameter of the selected operation to play"));
    for (QLineEdit* field : { m_fromField, m_toField })
        field->setToolTip(tr("An end of the play: a whole number, prefixes allowed (1k, 16Ki)"));
    m_seconds->setRange(0.5, 600);
    m_seconds->setValue(10);
    m_seconds->setSuffix(QStringLiteral(" s"));
    m_seconds->setToolTip(tr("How long the play takes from one end to the other"));
    m_button->setText(tr("Play"));
    m_button->setToolTip(tr("Play or pause; each run is one undo step"));
    m_scrub->setRange(0, kScrubSteps);
    m_scrub->setToolTip(tr("Scrub through the play: the value at each point, log-interpolated"));
    m_scrub->setAccessibleName(tr("Play position"));

    m_animation->setStartValue(0.0);
    m_animation->setEndValue(1.0);
    m_animation->setDuration(10000);
    connect(
        m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant& t) { onProgress(t.toDouble()); });
    connect(m_animation, &QVariantAnimation::stateChanged, this, &PlayBar::onStateChanged);
    connect(m_button, &QToolButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
    connect(m_scrub, &QSlider::valueChanged, this, &PlayBar::onScrubbed);
    bracketGestures(m_scrub, m_document);
    connect(m_fromField, &QLineEdit::editingFinished, this, &PlayBar::readRange);
    connect(m_toField, &QLineEdit::editingFinished, this, &PlayBar::readRange);
    connect(m_seconds, &QDoubleSpinBox::valueChanged, this, &PlayBar::readRange);
    connect(m_param, &QComboBox::currentTextChanged, this, [this](const QString& param) {
        readRange();
        if (!param.isEmpty())
            emit paramChosen(param);
    });
    setEnabled(false);
}

PlayBar::~PlayBar()
{
    m_animation->blockSignals(true);
}

QString PlayBar::param() const
{
    return m_param->currentText();
}

bool PlayBar::isPlaying() const
{
    return m_animation->state() == QAbstractAnimation::Running;
}

void PlayBar::setOperation(std::optional<std::size_t> op)
{
    const auto& ops = m_document->operations();
    if (op && *op >= ops.size())
        op.reset();
    if (op != m_op && m_animation->state() != QAbstractAnimation::Stopped)
        m_animation->stop();
    m_op = op;
    const std::string kind = op ? std::string(kindName(ops[*op].op)) : std::string();
    setEnabled(op.has_value());
    if (kind != m_kind) {
        m_kind = kind;
        fillParams();
    }
}

void PlayBar::fillParams()
{
    const QString current = m_param->currentText();
    {
        const QSignalBlocker blocker(m_param);
        m_param->clear();
        if (!m_op)
            return;
        const OperationVariant& op = m_document->operations()[*m_op].op;
        for (const ParamInfo& p : params(op))
            if (p.type == ParamType::Count)
                m_param->addItem(qs(std::string(p.name)));
        const int keep = m_param->findText(current);
        m_param->setCurrentIndex(keep >= 0 ? keep : std::max(0, m_param->findText(qs(std::string(mainParam(op))))));
    }
    readRange();
}

void PlayBar::setPlay(const QString& param, double from, double to, double seconds)
{
    m_fromField->setText(QString::number(from, 'f', 0));
    m_toField->setText(QString::number(to, 'f', 0));
    {
        const QSignalBlocker blocker(m_seconds);
        m_seconds->setValue(seconds);
    }
    m_param->setCurrentIndex(m_param->findText(param));
    readRange();
    emit paramChosen(this->param());
}

void PlayBar::readRange()
{
    m_animation->setDuration(static_cast<int>(std::lround(m_seconds->value() * 1000)));
    if (!m_op || param().isEmpty())
        return;
    const ParamInfo* info = findParam(m_document->operations()[*m_op].op, param().toStdString());
    if (!info)
        return;
    // Each end within the parameter's legal range; an end typed wrong keeps the last good one and says why.
    for (auto [field, end] : { std::pair { m_fromField, &m_from }, std::pair { m_toField, &m_to } }) {
        const auto v = countIn(field);
        const bool legal = v && *v >= info->min && *v <= info->max;
        if (legal)
            *end = *v;
        showFieldError(field, legal ? QString() : tr("Not a value of %1: %2").arg(param(), qs(legalRange(*info))),
            tr("An end of the play: a whole number, prefixes allowed (1k, 16Ki)"));
    }
    m_from = std::clamp(m_from, info->min, info->max);
    m_to = std::clamp(m_to, info->min, info->max);
}

void PlayBar::play()
{
    if (!m_op || param().isEmpty() || isPlaying())
        return;
    readRange();
    emit paramChosen(param());
    if (!m_gesture) {
        m_document->beginGesture();
        m_gesture = true;
    }
    if (m_animation->state() == QAbstractAnimation::Paused) {
        m_animation->resume();
        return;
    }
    // From where the scrub left it, or from the start after a play that ran to its end.
    const int at = m_animation->currentTime() < m_animation->duration() ? m_animation->currentTime() : 0;
    m_animation->start();
    m_animation->setCurrentTime(at);
    // Starting tells nothing of the value at the start: set it.
    onProgress(static_cast<double>(at) / m_animation->duration());
}

void PlayBar::pause()
{
    if (isPlaying())
        m_animation->pause();
}

void PlayBar::onStateChanged()
{
    const bool running = isPlaying();
    m_button->setText(running ? tr("Pause") : tr("Play"));
    if (!running && m_gesture) {
        m_gesture = false;
        m_document->endGesture();
    }
}

void PlayBar::onProgress(double t)
{
    {
        const QSignalBlocker blocker(m_scrub);
        m_scrub->setValue(static_cast<int>(std::lround(t * kScrubSteps)));
    }
    if (!m_op || *m_op >= m_document->operations().size() || param().isEmpty())
        return;
    m_document->setOperationParam(*m_op, param().toStdString(), playValue(m_from, m_to, t, true));
}

void PlayBar::onScrubbed(int position)
{
    // The animation's clock follows the handle: a later Play goes on from here.
    m_animation->setCurrentTime(
        static_cast<int>(std::lround(static_cast<double>(position) / kScrubSteps * m_animation->duration())));
}

} // namespace roofline::widgets

#include "moc_play_bar.cpp"
