// SPDX-License-Identifier: GPL-3.0-or-later
// The play control for a lecture: animates one count parameter of an operation from one value to another over a
// number of seconds, log-interpolated, with play/pause and a scrub slider.
#pragma once

#include <QWidget>

#include <optional>
#include <string>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSlider;
class QToolButton;
class QVariantAnimation;

namespace roofline::widgets {

class Document;

// Each run, from Play to Pause or to the end, is one undo step (a gesture of the document): undo puts back the value
// the run started from. Pausing leaves the value where it is; a scrub drag is one step of its own. The play's clock
// is a QVariantAnimation from 0 to 1, which tests drive with setCurrentTime.
class PlayBar : public QWidget {
    Q_OBJECT
public:
    static constexpr int kScrubSteps = 1000;

    // Edits the document: each frame sets the played parameter, the whole play one gesture.
    explicit PlayBar(Document*, QWidget* parent = nullptr);
    // A play still running when the window closes ends with it, telling the document (gone by then) nothing.
    ~PlayBar() override;

    // The operation whose parameters play: the list of parameters follows it. Stops a play of another operation.
    void setOperation(std::optional<std::size_t> op);
    std::optional<std::size_t> operation() const { return m_op; }

    // Chooses the parameter and the range: "B", 1, 16384, 10 s.
    void setPlay(const QString& param, double from, double to, double seconds);
    QString param() const;
    double from() const { return m_from; }
    double to() const { return m_to; }

    void play();
    void pause();
    bool isPlaying() const;

    QVariantAnimation* animation() const { return m_animation; }
    QComboBox* paramChooser() const { return m_param; }
    QLineEdit* fromField() const { return m_fromField; }
    QLineEdit* toField() const { return m_toField; }
    QDoubleSpinBox* secondsField() const { return m_seconds; }
    QToolButton* playButton() const { return m_button; }
    QSlider* scrubSlider() const { return m_scrub; }

signals:
    // The parameter chosen to play: the sweep chart runs along it.
    void paramChosen(const QString& param);

private:
    void fillParams();
    void readRange();
    void onProgress(double t);
    void onStateChanged();
    void onScrubbed(int position);

    Document* m_document;
    std::optional<std::size_t> m_op;
    std::string m_kind; // the operation's kind the chooser was filled for
    double m_from = 1;
    double m_to = 16384;
    bool m_gesture = false; // a run's gesture is open
    QComboBox* m_param;
    QLineEdit* m_fromField;
    QLineEdit* m_toField;
    QDoubleSpinBox* m_seconds;
    QToolButton* m_button;
    QSlider* m_scrub;
    QVariantAnimation* m_animation;
};

} // namespace roofline::widgets
