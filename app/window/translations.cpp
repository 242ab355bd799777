// SPDX-License-Identifier: GPL-3.0-or-later
#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

#include <clocale>

namespace roofline::widgets {

namespace {

// The folder the build embeds the program's .qm files in (resources/translations/, qt_add_translations).
constexpr auto kEmbedded = ":/i18n";

// "de-DE" as Qt's .qm files name it: "de_DE".
QString fileLanguage(QString uiLanguage)
{
    return uiLanguage.replace(QLatin1Char('-'), QLatin1Char('_'));
}

} // namespace

QString installTranslations(QCoreApplication& app, const QLocale& locale)
{
    for (const QString& uiLanguage : locale.uiLanguages()) {
        const QString language = fileLanguage(uiLanguage);
        if (language == QLatin1String("C") || language == QLatin1String("en")
            || language.startsWith(QLatin1String("en_")))
            return {}; // the program's own language comes before any translation
        auto* own = new QTranslator(&app);
        if (!own->load(QStringLiteral("roofline-lab_") + language, QLatin1String(kEmbedded))) {
            delete own;
            continue;
        }
        app.installTranslator(own);
        // Qt's own words for the same language, where the system has them (Debian: qt6-translations-l10n).
        auto* qt = new QTranslator(&app);
        if (qt->load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            app.installTranslator(qt);
        else
            delete qt;
        return own->language();
    }
    return {};
}

void useFigureLocale()
{
    QLocale::setDefault(QLocale::c());
    // QCoreApplication has set the C library's locale from the environment (setlocale(LC_ALL, "")): the core's figures,
    // written with snprintf, would take a decimal comma from a German one.
    std::setlocale(LC_NUMERIC, "C");
}

} // namespace roofline::widgets
