<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>CalibratedLayerWords</name>
    <message>
        <source>calibrated %1</source>
        <translation>kalibriert %1</translation>
    </message>
    <message>
        <source>calibrated: %1, %2</source>
        <translation>kalibriert: %1, %2</translation>
    </message>
</context>
<context>
    <name>ChartExportWords</name>
    <message>
        <source>%1: the file name must end in .png, .svg or .pdf</source>
        <translation>%1: Der Dateiname muss auf .png, .svg oder .pdf enden</translation>
    </message>
    <message>
        <source>%1: scale %2 is out of range (%3 to %4)</source>
        <translation>%1: Skalierung %2 liegt außerhalb des Bereichs (%3 bis %4)</translation>
    </message>
    <message>
        <source>Cannot render %1: the image is %2×%3 pixels</source>
        <translation>%1 kann nicht gerendert werden: Das Bild hat %2×%3 Pixel</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>ChartFrameWords</name>
    <message>
        <source>Attainable OP/s</source>
        <translation>Erreichbare OP/s</translation>
    </message>
    <message>
        <source>Attainable FLOP/s</source>
        <translation>Erreichbare FLOP/s</translation>
    </message>
    <message>
        <source>Arithmetic intensity (%1 per byte)</source>
        <translation>Arithmetische Intensität (%1 pro Byte)</translation>
    </message>
    <message>
        <source> vs %1</source>
        <translation> vs. %1</translation>
    </message>
    <message>
        <source> vs %1 chips</source>
        <translation> vs. %1 Chips</translation>
    </message>
    <message>
        <source> (modified)</source>
        <translation> (geändert)</translation>
    </message>
</context>
<context>
    <name>ChartTextWords</name>
    <message>
        <source>%1 ridge %2</source>
        <translation>%1-Knickpunkt %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 compute roof&lt;/b&gt;&lt;br&gt;peak %2</source>
        <translation>&lt;b&gt;%1-Rechendach&lt;/b&gt;&lt;br&gt;Spitzenleistung %2</translation>
    </message>
    <message>
        <source>bytes %1</source>
        <translation>Bytes %1</translation>
    </message>
    <message>
        <source>intensity %1</source>
        <translation>Intensität %1</translation>
    </message>
    <message>
        <source>launch floor</source>
        <translation>Startlatenz</translation>
    </message>
    <message>
        <source>latency adds</source>
        <translation>Latenz zusätzlich</translation>
    </message>
    <message>
        <source>bound</source>
        <translation>begrenzt durch</translation>
    </message>
    <message>
        <source>attainable</source>
        <translation>erreichbar</translation>
    </message>
    <message>
        <source>of peak</source>
        <translation>Anteil an Spitzenleistung</translation>
    </message>
    <message>
        <source>group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>%1 (%2% of the file&apos;s time)</source>
        <translation>%1 (%2% der Gesamtzeit der Datei)</translation>
    </message>
    <message>
        <source>achieved</source>
        <translation>erzielt</translation>
    </message>
    <message>
        <source>intensity</source>
        <translation>Intensität</translation>
    </message>
    <message>
        <source>of attainable</source>
        <translation>Anteil am Erreichbaren</translation>
    </message>
    <message>
        <source>model (%1)</source>
        <translation>Modell (%1)</translation>
    </message>
    <message>
        <source>measured / T&lt;sub&gt;lower&lt;/sub&gt;</source>
        <translation>gemessen / T&lt;sub&gt;lower&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>bracketed</source>
        <translation>im Bereich</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source> · %1% of datasheet</source>
        <translation> · %1% des Datenblattwerts</translation>
    </message>
    <message>
        <source>%1 measured %2%3</source>
        <translation>%1 gemessen %2%3</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;bandwidth %3 (one way)&lt;br&gt;ridge at %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;Bandbreite %3 (je Richtung)&lt;br&gt;Knickpunkt bei %4</translation>
    </message>
    <message>
        <source>%1 %2 per byte</source>
        <translation>%1 %2 pro Byte</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>compute-bound at every %1</source>
        <translation>rechengebunden bei jedem %1</translation>
    </message>
    <message>
        <source>never compute-bound (%1)</source>
        <translation>nie rechengebunden (%1)</translation>
    </message>
    <message>
        <source>compute-bound for %1 ≥ %2</source>
        <translation>rechengebunden für %1 ≥ %2</translation>
    </message>
    <message>
        <source>%1 (%2 if %3)</source>
        <translation>%1 (%2 falls %3)</translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <source>Time, lower bound</source>
        <translation>Zeit, untere Schranke</translation>
    </message>
    <message>
        <source>Time, upper bound</source>
        <translation>Zeit, obere Schranke</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <source>Tokens per second per sequence</source>
        <translation>Tokens pro Sekunde je Sequenz</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>Model FLOP utilisation (MFU)</source>
        <translation>Auslastung der Rechenleistung (MFU)</translation>
    </message>
    <message>
        <source>Memory bandwidth utilisation (MBU)</source>
        <translation>Auslastung der Speicherbandbreite (MBU)</translation>
    </message>
    <message>
        <source>Largest batch that fits</source>
        <translation>Größter Batch, der passt</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>Energie</translation>
    </message>
    <message>
        <source>Energy per token</source>
        <translation>Energie pro Token</translation>
    </message>
    <message>
        <source>Cost per million tokens</source>
        <translation>Kosten pro Million Tokens</translation>
    </message>
</context>
<context>
    <name>ComparedLayerWords</name>
    <message>
        <source>&lt;b&gt;On %1&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;Auf %1&lt;/b&gt;&lt;br&gt;</translation>
    </message>
</context>
<context>
    <name>ExplanationPanelWords</name>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>The text says</source>
        <translation>Der Text sagt</translation>
    </message>
    <message>
        <source>Roofline Lab computes</source>
        <translation>Roofline Lab berechnet</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;With the current numbers&lt;/b&gt;&lt;/p&gt;&lt;p&gt;&lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Mit den aktuellen Zahlen&lt;/b&gt;&lt;/p&gt;&lt;p&gt;&lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Which chip</source>
        <translation>Welcher Chip</translation>
    </message>
    <message>
        <source>&lt;b&gt;Which chip:&lt;/b&gt; </source>
        <translation>&lt;b&gt;Welcher Chip:&lt;/b&gt; </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; &lt;a href=&quot;#derivation&quot;&gt;derivation ▸&lt;/a&gt; — %2&lt;br&gt;&lt;b&gt;Roofline Lab computes:&lt;/b&gt; %3%4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &lt;a href=&quot;#derivation&quot;&gt;Herleitung ▸&lt;/a&gt; — %2&lt;br&gt;&lt;b&gt;Roofline Lab berechnet:&lt;/b&gt; %3%4</translation>
    </message>
    <message>
        <source> · The text says: %1</source>
        <translation> · Der Text sagt: %1</translation>
    </message>
    <message>
        <source>Roofline Lab computes with its numbers: %1</source>
        <translation>Roofline Lab berechnet mit ihren Zahlen: %1</translation>
    </message>
</context>
<context>
    <name>ExportDialogWords</name>
    <message>
        <source>Slide 16:9 (1920 × 1080)</source>
        <translation>Folie 16:9 (1920 × 1080)</translation>
    </message>
    <message>
        <source>Slide 4:3 (1440 × 1080)</source>
        <translation>Folie 4:3 (1440 × 1080)</translation>
    </message>
</context>
<context>
    <name>HelpMenuWords</name>
    <message>
        <source>Elsewhere</source>
        <translation>Sonstige</translation>
    </message>
    <message>
        <source>&lt;p&gt;A slider, box or list that has the focus (click it, or Tab to it) takes the arrow keys and the wheel; elsewhere the wheel scrolls.&lt;/p&gt;&lt;table&gt;%1&lt;/table&gt;</source>
        <translation>&lt;p&gt;Ein Schieberegler, Feld oder eine Liste mit dem Fokus (anklicken oder per Tab ansteuern) reagiert auf die Pfeiltasten und das Mausrad; anderswo scrollt das Mausrad.&lt;/p&gt;&lt;table&gt;%1&lt;/table&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The formulas and the worked examples follow these texts:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;i&gt;How to Scale Your Model&lt;/i&gt; (the JAX scaling book) by Jacob Austin, Sholto Douglas, Roy Frostig, Anselm Levskaya and others, part 1, &lt;b&gt;All About Rooflines&lt;/b&gt; (&lt;a href=&quot;https://jax-ml.github.io/scaling-book/roofline/&quot;&gt;jax-ml.github.io/scaling-book/roofline&lt;/a&gt;): T&lt;sub&gt;math&lt;/sub&gt;, T&lt;sub&gt;comms&lt;/sub&gt;, arithmetic intensity, the critical batch size, the network roofline and its worked questions.&lt;/li&gt;&lt;li&gt;&lt;b&gt;The Extended Roofline&lt;/b&gt;: three ceilings that bound distributed performance: the network as a third roof, the ridges of NVLink and InfiniBand, data-, tensor- and pipeline-parallel communication.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Modeling and Scaling Performance with Roofline&lt;/b&gt;: roofline applied to serving a language model, a time per token with memory, compute and network terms.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Where the texts disagree (8.1e11 or 8.2e11 B/s for the TPU v5e, NVLink&apos;s 900 GB/s both ways or 450 GB/s one way), the program computes exactly and its explanation says which numbers it used. Every bandwidth is one-way bytes per second.&lt;/p&gt;&lt;p&gt;&lt;b&gt;File ▸ Examples&lt;/b&gt;, and the section of the text each follows:&lt;/p&gt;&lt;ol&gt;</source>
        <translation>&lt;p&gt;Die Formeln und die durchgerechneten Beispiele folgen diesen Texten:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;i&gt;How to Scale Your Model&lt;/i&gt; (das JAX-Scaling-Book) von Jacob Austin, Sholto Douglas, Roy Frostig, Anselm Levskaya und anderen, Teil 1, &lt;b&gt;All About Rooflines&lt;/b&gt; (&lt;a href=&quot;https://jax-ml.github.io/scaling-book/roofline/&quot;&gt;jax-ml.github.io/scaling-book/roofline&lt;/a&gt;): T&lt;sub&gt;math&lt;/sub&gt;, T&lt;sub&gt;comms&lt;/sub&gt;, arithmetische Intensität, die kritische Batchgröße, die Netz-Roofline und ihre durchgerechneten Aufgaben.&lt;/li&gt;&lt;li&gt;&lt;b&gt;The Extended Roofline&lt;/b&gt;: drei Dächer, die verteilte Leistung begrenzen: das Netz als drittes Dach, die Knickpunkte von NVLink und InfiniBand, daten-, tensor- und pipeline-parallele Kommunikation.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Modeling and Scaling Performance with Roofline&lt;/b&gt;: Roofline angewandt auf die Inferenz eines Sprachmodells, eine Zeit pro Token aus Speicher-, Rechen- und Netzanteil.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Wo die Texte voneinander abweichen (8.1e11 oder 8.2e11 B/s für die TPU v5e, NVLink mit 900 GB/s in beide Richtungen oder 450 GB/s in eine Richtung), rechnet das Programm exakt, und seine Erklärung nennt die verwendeten Zahlen. Jede Bandbreite ist in Bytes pro Sekunde in eine Richtung angegeben.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Datei ▸ Beispiele&lt;/b&gt; und der Abschnitt des Textes, dem jedes folgt:&lt;/p&gt;&lt;ol&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Roofline Lab %1&lt;/h3&gt;&lt;p&gt;A live roofline chart of attainable FLOP/s against arithmetic intensity, with a roof per compute dtype, memory level and link.&lt;/p&gt;&lt;p&gt;The formulas follow &lt;i&gt;All About Rooflines&lt;/i&gt; in the JAX scaling book (How to Scale Your Model) and &lt;i&gt;The Extended Roofline&lt;/i&gt;: T&lt;sub&gt;math&lt;/sub&gt; = FLOPs / peak, T&lt;sub&gt;comms&lt;/sub&gt; = bytes / bandwidth, and a run time between their maximum and their sum.&lt;/p&gt;&lt;p&gt;Every bandwidth is one-way bytes per second.&lt;/p&gt;&lt;p&gt;Roofline Lab is free software: you can redistribute it and modify it under the terms of the GNU General Public License, version 3 or (at your option) any later version (GPL-3.0-or-later), as the QCustomPlot library it draws with is GPL-3.0. It comes with no warranty. The licence&apos;s text is in the LICENSE file of its source and in /usr/share/common-licenses/GPL-3 on Debian.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Roofline Lab %1&lt;/h3&gt;&lt;p&gt;Ein live berechnetes Roofline-Diagramm der erreichbaren FLOP/s über der arithmetischen Intensität, mit einem Dach je Rechen-dtype, Speicherebene und Verbindung.&lt;/p&gt;&lt;p&gt;Die Formeln folgen &lt;i&gt;All About Rooflines&lt;/i&gt; im JAX-Scaling-Book (How to Scale Your Model) und &lt;i&gt;The Extended Roofline&lt;/i&gt;: T&lt;sub&gt;math&lt;/sub&gt; = FLOPs / Spitzenleistung, T&lt;sub&gt;comms&lt;/sub&gt; = Bytes / Bandbreite, und eine Laufzeit zwischen ihrem Maximum und ihrer Summe.&lt;/p&gt;&lt;p&gt;Jede Bandbreite ist in Bytes pro Sekunde in eine Richtung angegeben.&lt;/p&gt;&lt;p&gt;Roofline Lab ist freie Software: Es darf unter den Bedingungen der GNU General Public License, Version 3 oder (nach eigener Wahl) jeder späteren Version (GPL-3.0-or-later), weitergegeben und verändert werden, da die Bibliothek QCustomPlot, mit der es zeichnet, unter der GPL-3.0 steht. Es kommt ohne jede Gewährleistung. Der Lizenztext steht in der Datei LICENSE seines Quellcodes und unter Debian in /usr/share/common-licenses/GPL-3.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;Sources of the examples</source>
        <translation>&amp;Quellen der Beispiele</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
</context>
<context>
    <name>MeasuredLayerWords</name>
    <message>
        <source>measured (%1)</source>
        <translation>gemessen (%1)</translation>
    </message>
    <message>
        <source>measured: %1</source>
        <translation>gemessen: %1</translation>
    </message>
</context>
<context>
    <name>MeasuredModelWords</name>
    <message>
        <source>not explained</source>
        <translation>nicht erklärt</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Achieved</source>
        <translation>Erzielt</translation>
    </message>
    <message>
        <source>Intensity</source>
        <translation>Intensität</translation>
    </message>
    <message>
        <source>Of attainable</source>
        <translation>Vom Erreichbaren</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>Begrenzt durch</translation>
    </message>
    <message>
        <source>Model T_lower – T_upper</source>
        <translation>Modell T_lower – T_upper</translation>
    </message>
    <message>
        <source>Measured / T_lower</source>
        <translation>Gemessen / T_lower</translation>
    </message>
    <message>
        <source>Bracketed</source>
        <translation>Im Bereich</translation>
    </message>
    <message>
        <source>Calibrated</source>
        <translation>Kalibriert</translation>
    </message>
    <message>
        <source>Calibration error</source>
        <translation>Kalibrierungsfehler</translation>
    </message>
    <message>
        <source>Off the roof</source>
        <translation>Abseits des Dachs</translation>
    </message>
    <message>
        <source>The kernel&apos;s name in the file</source>
        <translation>Name des Kernels in der Datei</translation>
    </message>
    <message>
        <source>Its group or operator, when the file gives one</source>
        <translation>Gruppe oder Operator des Kernels, falls die Datei sie angibt</translation>
    </message>
    <message>
        <source>Measured duration</source>
        <translation>Gemessene Dauer</translation>
    </message>
    <message>
        <source>Of the file&apos;s total time</source>
        <translation>Anteil an der Gesamtzeit der Datei</translation>
    </message>
    <message>
        <source>FLOPs over the measured time</source>
        <translation>FLOPs durch die gemessene Zeit</translation>
    </message>
    <message>
        <source>FLOPs per byte of main memory: the chart&apos;s x</source>
        <translation>FLOPs pro Byte Hauptspeicher: das x des Diagramms</translation>
    </message>
    <message>
        <source>Achieved over what the roofline allows at its intensity</source>
        <translation>Erzielt geteilt durch das, was die Roofline bei seiner Intensität zulässt</translation>
    </message>
    <message>
        <source>The roof that holds it down on this chip</source>
        <translation>Das Dach, das ihn auf diesem Chip begrenzt</translation>
    </message>
    <message>
        <source>The linked operation&apos;s time bounds, with the kernel&apos;s shape</source>
        <translation>Die Zeitgrenzen der zugeordneten Operation, mit der Form des Kernels</translation>
    </message>
    <message>
        <source>Measured time over the model&apos;s lower bound</source>
        <translation>Gemessene Zeit durch die untere Grenze des Modells</translation>
    </message>
    <message>
        <source>Whether the measured time lies between the model&apos;s bounds</source>
        <translation>Ob die gemessene Zeit zwischen den Grenzen des Modells liegt</translation>
    </message>
    <message>
        <source>The time the session&apos;s calibration predicts for the kernel (roofline-lab calibrate)</source>
        <translation>Die Zeit, die die Kalibrierung der Sitzung für den Kernel vorhersagt (roofline-lab calibrate)</translation>
    </message>
    <message>
        <source>The calibration&apos;s time over the measured time, less one</source>
        <translation>Die Zeit der Kalibrierung durch die gemessene Zeit, minus eins</translation>
    </message>
    <message>
        <source>Above its roof, or below half of it, and what the program checked: FLOPs with padding beyond the linked operation&apos;s, bytes below or above its compulsory traffic, a clock other than the peak&apos;s, a size too small to fill the chip (hover for the figures)</source>
        <translation>Über seinem Dach oder unter dessen Hälfte, und was das Programm geprüft hat: FLOPs mit Padding über die der zugeordneten Operation hinaus, Bytes unter oder über ihrem unvermeidlichen Datenverkehr, ein anderer Takt als der der Spitzenleistung, eine zu kleine Größe, um den Chip auszulasten (Zahlen im Tooltip)</translation>
    </message>
</context>
<context>
    <name>OperationLayerWords</name>
    <message>
        <source>… and %1 more</source>
        <translation>… und %1 weitere</translation>
    </message>
</context>
<context>
    <name>ReadoutModelWords</name>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Intensity</source>
        <translation>Intensität</translation>
    </message>
    <message>
        <source>T_math</source>
        <translation>T_math</translation>
    </message>
    <message>
        <source>T_comms</source>
        <translation>T_comms</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>Begrenzt durch</translation>
    </message>
    <message>
        <source>Attainable</source>
        <translation>Erreichbar</translation>
    </message>
    <message>
        <source>of peak</source>
        <translation>Spitzenanteil</translation>
    </message>
    <message>
        <source>Critical value</source>
        <translation>Kritischer Wert</translation>
    </message>
    <message>
        <source>The operation, in its chart colour</source>
        <translation>Die Operation, in ihrer Diagrammfarbe</translation>
    </message>
    <message>
        <source>FLOPs (OPs for integer dtypes) per byte across the resource that holds it down (the filled marker)</source>
        <translation>FLOPs (OPs bei Ganzzahl-dtypes) pro Byte über die Ressource, die sie begrenzt (der gefüllte Marker)</translation>
    </message>
    <message>
        <source>FLOPs / peak: the time if only compute mattered</source>
        <translation>FLOPs / Spitzenleistung: die Zeit, wenn nur das Rechnen zählte</translation>
    </message>
    <message>
        <source>The longest time any memory level or link needs for its bytes</source>
        <translation>Die längste Zeit, die eine Speicherebene oder Verbindung für ihre Bytes braucht</translation>
    </message>
    <message>
        <source>What holds the operation down: compute, or a memory level or link</source>
        <translation>Was die Operation begrenzt: das Rechnen, eine Speicherebene oder eine Verbindung</translation>
    </message>
    <message>
        <source>FLOPs / T_lower: the throughput with perfect overlap</source>
        <translation>FLOPs / T_lower: der Durchsatz bei perfekter Überlappung</translation>
    </message>
    <message>
        <source>Attainable as a share of the compute dtype&apos;s peak</source>
        <translation>Erreichbar als Anteil der Spitzenleistung des Rechen-dtypes</translation>
    </message>
    <message>
        <source>The smallest value of the operation&apos;s main parameter at which it is compute-bound</source>
        <translation>Der kleinste Wert des Hauptparameters der Operation, ab dem sie rechengebunden ist</translation>
    </message>
</context>
<context>
    <name>RoofLayerWords</name>
    <message>
        <source>bandwidth-bound</source>
        <translation>bandbreitengebunden</translation>
    </message>
    <message>
        <source>compute-bound</source>
        <translation>rechengebunden</translation>
    </message>
</context>
<context>
    <name>SliderRowWords</name>
    <message>
        <source>%1 value</source>
        <translation>Wert für %1</translation>
    </message>
</context>
<context>
    <name>SweepChartWords</name>
    <message>
        <source>%1 (%2 values of %3)</source>
        <translation>%1 (%2 Werte von %3)</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::CompareChipsDialog</name>
    <message>
        <source>Compare with</source>
        <translation>Vergleichen mit</translation>
    </message>
    <message>
        <source>Chips drawn beside %1 on the chart, each in a line style and marker shape of its own. The sliders keep editing %1.</source>
        <translation>Chips, die im Diagramm neben %1 gezeichnet werden, jeder mit eigener Linienart und Markerform. Die Schieberegler ändern weiter die Werte von %1.</translation>
    </message>
    <message>
        <source>the session&apos;s chip</source>
        <translation>dem Chip der Sitzung</translation>
    </message>
    <message>
        <source>%1 of %2 chips chosen (none: the session&apos;s chip alone).</source>
        <translation>%1 von %2 Chips gewählt (keiner: nur der Chip der Sitzung).</translation>
    </message>
    <message>
        <source>At most %1 chips beside the session&apos;s: %2 are checked.</source>
        <translation>Höchstens %1 Chips neben dem der Sitzung: %2 sind angehakt.</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::ComparePage</name>
    <message>
        <source>Ran&amp;k by</source>
        <translation>&amp;Rangfolge nach</translation>
    </message>
    <message>
        <source>Times smallest first; rates, utilisations and the largest batch largest first</source>
        <translation>Zeiten aufsteigend; Raten, Auslastungen und der größte Batch absteigend</translation>
    </message>
    <message>
        <source>Chips ranked</source>
        <translation>Chips nach Rang</translation>
    </message>
    <message>
        <source>Chip</source>
        <translation>Chip</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>Begrenzt durch</translation>
    </message>
    <message>
        <source>T_lower</source>
        <translation>T_lower</translation>
    </message>
    <message>
        <source>T_upper</source>
        <translation>T_upper</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>per sequence</source>
        <translation>pro Sequenz</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>Erstes Token</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>MBU</source>
        <translation>MBU</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>Max batch</source>
        <translation>Max. Batch</translation>
    </message>
    <message>
        <source>J/token</source>
        <translation>J/Token</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>Energie</translation>
    </message>
    <message>
        <source>per M tokens</source>
        <translation>pro M Tokens</translation>
    </message>
    <message>
        <source>Calibrated</source>
        <translation>Kalibriert</translation>
    </message>
    <message>
        <source>tokens/s calibrated</source>
        <translation>Tokens/s kalibriert</translation>
    </message>
    <message>
        <source>Why it cannot run</source>
        <translation>Warum nicht lauffähig</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>The workload on each chip, as roofline-lab compare --all gives it; energy at each board&apos;s rated power over T_lower (an estimate), cost at the price typed in the Price column (one chip for one hour, in any one currency); double-click a chip to move the session onto it</source>
        <translation>Die Last auf jedem Chip, wie roofline-lab compare --all sie angibt; Energie bei der Nennleistung jedes Boards über T_lower (eine Schätzung), Kosten zum in der Spalte Preis eingegebenen Preis (ein Chip eine Stunde lang, in einer beliebigen Währung); Doppelklick auf einen Chip verschiebt die Sitzung auf ihn</translation>
    </message>
    <message>
        <source>Price of %1: %2</source>
        <translation>Preis von %1: %2</translation>
    </message>
    <message>
        <source>Price/h</source>
        <translation>Preis/h</translation>
    </message>
    <message>
        <source>%1. Shown by %2; type a price per chip-hour in the Price column to rank by cost.</source>
        <translation>%1. Angezeigt nach %2; geben Sie in der Spalte Preis einen Preis pro Chip-Stunde ein, um nach Kosten zu ordnen.</translation>
    </message>
    <message>
        <source>No price for %1: their cost is —, and they rank after the priced chips. Type a price per chip-hour in the Price column.</source>
        <translation>Kein Preis für %1: ihre Kosten sind —, und sie stehen hinter den Chips mit Preis. Geben Sie in der Spalte Preis einen Preis pro Chip-Stunde ein.</translation>
    </message>
    <message>
        <source>%1 chips</source>
        <translation>%1 Chips</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::Document</name>
    <message>
        <source>Choose %1</source>
        <translation>%1 wählen</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>%1 anzeigen</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>%1 setzen</translation>
    </message>
    <message>
        <source>Set model %1</source>
        <translation>Modellwert %1 setzen</translation>
    </message>
    <message>
        <source>Open model %1</source>
        <translation>Modell %1 öffnen</translation>
    </message>
    <message>
        <source>Open calibration %1</source>
        <translation>Kalibrierung %1 öffnen</translation>
    </message>
    <message>
        <source>Clear calibration</source>
        <translation>Kalibrierung entfernen</translation>
    </message>
    <message>
        <source>no preset with id %1</source>
        <translation>keine Vorlage mit der ID %1</translation>
    </message>
    <message>
        <source>Compare with no other chip</source>
        <translation>Mit keinem anderen Chip vergleichen</translation>
    </message>
    <message>
        <source>Link kernel %1</source>
        <translation>Kernel %1 zuordnen</translation>
    </message>
    <message>
        <source>Latency floors on</source>
        <translation>Mindestlatenzen an</translation>
    </message>
    <message>
        <source>Latency floors off</source>
        <translation>Mindestlatenzen aus</translation>
    </message>
    <message>
        <source>no such operation</source>
        <translation>keine solche Operation</translation>
    </message>
    <message>
        <source>Set %1 = %2</source>
        <translation>%1 = %2 setzen</translation>
    </message>
    <message>
        <source>Hide %1</source>
        <translation>%1 ausblenden</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Compare with one chip</source>
        <translation>Mit einem Chip vergleichen</translation>
    </message>
    <message>
        <source>Compare with %1 chips</source>
        <translation>Mit %1 Chips vergleichen</translation>
    </message>
    <message>
        <source>Price of %1</source>
        <translation>Preis von %1</translation>
    </message>
    <message>
        <source>No price for %1</source>
        <translation>Kein Preis für %1</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::EnergyChart</name>
    <message>
        <source>%1 · %2 · %3 per joule</source>
        <translation>%1 · %2 · %3 pro Joule</translation>
    </message>
    <message>
        <source>Arithmetic intensity (%1 per byte)</source>
        <translation>Arithmetische Intensität (%1 pro Byte)</translation>
    </message>
    <message>
        <source>%1 per joule</source>
        <translation>%1 pro Joule</translation>
    </message>
    <message>
        <source>%1, the model</source>
        <translation>%1, Modell</translation>
    </message>
    <message>
        <source>%1, stated terms only (at most)</source>
        <translation>%1, nur angegebene Terme (höchstens)</translation>
    </message>
    <message>
        <source>at %1 W board power</source>
        <translation>bei %1 W Board-Leistung</translation>
    </message>
    <message>
        <source>ceiling %1%2 %3/J</source>
        <translation>Obergrenze %1%2 %3/J</translation>
    </message>
    <message>
        <source>time ridge %1</source>
        <translation>Zeit-Knickpunkt %1</translation>
    </message>
    <message>
        <source>energy balance %1</source>
        <translation>Energiebalance %1</translation>
    </message>
    <message>
        <source>operation, the model</source>
        <translation>Operation, Modell</translation>
    </message>
    <message>
        <source>operation, stated terms</source>
        <translation>Operation, angegebene Terme</translation>
    </message>
    <message>
        <source>operation, board power</source>
        <translation>Operation, Board-Leistung</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;intensity %2 %3/B across %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Intensität %2 %3/B über %4</translation>
    </message>
    <message>
        <source>&lt;br&gt;model: %1 (%2 %3 + %4 bytes + %5 constant) → %6 %3/J</source>
        <translation>&lt;br&gt;Modell: %1 (%2 %3 + %4 Bytes + %5 konstant) → %6 %3/J</translation>
    </message>
    <message>
        <source>&lt;br&gt;at %1 W: %2 → %3 %4/J</source>
        <translation>&lt;br&gt;bei %1 W: %2 → %3 %4/J</translation>
    </message>
    <message>
        <source>&lt;br&gt;not stated: %1</source>
        <translation>&lt;br&gt;nicht angegeben: %1</translation>
    </message>
    <message>
        <source> vs %1</source>
        <translation> vs. %1</translation>
    </message>
    <message>
        <source> vs %1 chips</source>
        <translation> vs. %1 Chips</translation>
    </message>
    <message>
        <source>&lt;br&gt;on %1</source>
        <translation>&lt;br&gt;auf %1</translation>
    </message>
    <message>
        <source>%1 (no energy figures)</source>
        <translation>%1 (keine Energiewerte)</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::EnergyView</name>
    <message>
        <source>π0, constant power (W)</source>
        <translation>π0, konstante Leistung (W)</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>The energy of one operation of the chart&apos;s dtype (ε_flop), in joules: &quot;0.5 pJ&quot;</source>
        <translation>Die Energie einer Operation im dtype des Diagramms (ε_flop), in Joule: „0.5 pJ“</translation>
    </message>
    <message>
        <source>The energy of one byte moved across the main memory (ε_mem), in joules: &quot;31.76 pJ&quot; is HBM2&apos;s 3.97 pJ/bit</source>
        <translation>Die Energie eines über den Hauptspeicher bewegten Bytes (ε_mem), in Joule: „31.76 pJ“ entspricht 3.97 pJ/bit bei HBM2</translation>
    </message>
    <message>
        <source>The power the chip draws whatever runs (π0), in watts: it adds π0 × time to each operation</source>
        <translation>Die Leistung, die der Chip unabhängig von der Last aufnimmt (π0), in Watt: addiert π0 × Zeit zu jeder Operation</translation>
    </message>
    <message>
        <source>ε per %1 %2 (J)</source>
        <translation>ε pro %1-%2 (J)</translation>
    </message>
    <message>
        <source>ε per %1 byte (J)</source>
        <translation>ε pro %1-Byte (J)</translation>
    </message>
    <message>
        <source>%1 states neither a board power nor a constant of the model: set them above, or give power.board with --set.</source>
        <translation>%1 gibt weder eine Board-Leistung noch eine Konstante des Modells an: oben setzen oder power.board mit --set angeben.</translation>
    </message>
    <message>
        <source>Filled: the model&apos;s figure.</source>
        <translation>Gefüllte Punkte: der Wert des Modells.</translation>
    </message>
    <message>
        <source>Filled: the stated terms alone, the least energy.</source>
        <translation>Gefüllte Punkte: nur die angegebenen Terme, die geringste Energie.</translation>
    </message>
    <message>
        <source> %1 states no %2.</source>
        <translation> %1 gibt nicht an: %2.</translation>
    </message>
    <message>
        <source> Some operations spend more by the model than at board power: a constant may be too large.</source>
        <translation> Einige Operationen verbrauchen laut Modell mehr als bei Board-Leistung: Eine Konstante ist womöglich zu groß.</translation>
    </message>
    <message>
        <source>ε per byte (J)</source>
        <translation>ε pro Byte (J)</translation>
    </message>
    <message>
        <source>The energy model of Choi, Bedard, Fowler and Vuduc, &quot;A roofline model of energy&quot; (IPDPS 2013): W an operation&apos;s FLOPs, Q the bytes it moves across each memory level or link, T its time. A constant the chip does not state counts as 0, so the filled points are the least the operation can spend. The hollow points take the board&apos;s rated power over the roofline&apos;s time: an estimate, not a bound, since the power is at most the rating but the time at least the roofline&apos;s.</source>
        <translation>Das Energiemodell von Choi, Bedard, Fowler und Vuduc, „A roofline model of energy“ (IPDPS 2013): W die FLOPs einer Operation, Q die Bytes, die sie über jede Speicherebene oder Verbindung bewegt, T ihre Zeit. Eine Konstante, die der Chip nicht angibt, zählt als 0; die gefüllten Punkte sind also das Mindeste, was die Operation verbraucht. Die hohlen Punkte nehmen die Nennleistung des Boards über die Zeit der Roofline: eine Schätzung, keine Schranke, denn die Leistung ist höchstens die Nennleistung, die Zeit aber mindestens die der Roofline.</translation>
    </message>
    <message>
        <source>Hollow: at the %1 W board power over the roofline&apos;s time, an estimate. </source>
        <translation>Hohle Punkte: bei %1 W Board-Leistung über die Zeit der Roofline, eine Schätzung. </translation>
    </message>
    <message>
        <source>energy per %1 OP</source>
        <translation>Energie pro %1-OP</translation>
    </message>
    <message>
        <source>energy per %1 FLOP</source>
        <translation>Energie pro %1-FLOP</translation>
    </message>
    <message>
        <source>energy per %1 byte</source>
        <translation>Energie pro %1-Byte</translation>
    </message>
    <message>
        <source>constant power</source>
        <translation>konstante Leistung</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 oder %2</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::ErrorHistogramChart</name>
    <message>
        <source>Calibration error histogram</source>
        <translation>Histogramm des Kalibrierungsfehlers</translation>
    </message>
    <message>
        <source>predicted / measured − 1</source>
        <translation>vorhergesagt / gemessen − 1</translation>
    </message>
    <message>
        <source>No kernel with a calibrated time</source>
        <translation>Kein Kernel mit kalibrierter Zeit</translation>
    </message>
    <message>
        <source>median %1 · p90 %2
%3 kernels</source>
        <translation>Median %1 · p90 %2
%3 Kernel</translation>
    </message>
    <message>
        <source>, in-sample</source>
        <translation>, In-Sample</translation>
    </message>
    <message>
        <source>, %1 past ±50%</source>
        <translation>, %1 jenseits ±50%</translation>
    </message>
    <message>
        <source>How many kernels the calibration predicts within each 5% of their measured time: predicted / measured − 1, as in the Calibration error column; the median and p90 are of its size, |predicted / measured − 1|.</source>
        <translation>Wie viele Kernel die Kalibrierung in jedem 5-%-Schritt ihrer gemessenen Zeit vorhersagt: vorhergesagt / gemessen − 1, wie in der Spalte Kalibrierungsfehler; Median und p90 beziehen sich auf den Betrag, |vorhergesagt / gemessen − 1|.</translation>
    </message>
    <message>
        <source> In-sample: the calibration was fitted on these kernels, so this is its fit&apos;s residual, not the error it has on kernels it never saw (roofline-lab calibrate states that one).</source>
        <translation> In-Sample: Die Kalibrierung wurde an diesen Kerneln angepasst, dies ist also das Residuum ihrer Anpassung, nicht der Fehler bei Kerneln, die sie nie gesehen hat (den gibt roofline-lab calibrate an).</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::ExplanationPanel</name>
    <message>
        <source>&lt;p&gt;&lt;a href=&quot;#derivation&quot;&gt;◂ the band only&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;a href=&quot;#derivation&quot;&gt;◂ nur die Kurzfassung&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::ExportDialog</name>
    <message>
        <source>&amp;Transparent background</source>
        <translation>&amp;Transparenter Hintergrund</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>D&amp;urchsuchen…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Benutzerdefiniert</translation>
    </message>
    <message>
        <source>A slide&apos;s size, with text large enough to read from the back of a room</source>
        <translation>Foliengröße, mit Text, der auch aus der letzten Reihe lesbar ist</translation>
    </message>
    <message>
        <source>Si&amp;ze</source>
        <translation>&amp;Größe</translation>
    </message>
    <message>
        <source>&amp;Width</source>
        <translation>&amp;Breite</translation>
    </message>
    <message>
        <source>&amp;Height</source>
        <translation>&amp;Höhe</translation>
    </message>
    <message>
        <source>&amp;Scale (PNG)</source>
        <translation>&amp;Skalierung (PNG)</translation>
    </message>
    <message>
        <source>As shown</source>
        <translation>Wie angezeigt</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>The window&apos;s colours, or the light or dark theme whatever the window shows</source>
        <translation>Die Farben des Fensters oder das helle bzw. dunkle Farbschema, gleich was das Fenster zeigt</translation>
    </message>
    <message>
        <source>Leave out the background, for a slide or a page of another colour</source>
        <translation>Ohne Hintergrund, für eine Folie oder Seite in anderer Farbe</translation>
    </message>
    <message>
        <source>The format follows the extension: .png, .svg or .pdf</source>
        <translation>Das Format folgt der Endung: .png, .svg oder .pdf</translation>
    </message>
    <message>
        <source>Width of the chart in logical pixels (points in a PDF)</source>
        <translation>Breite des Diagramms in logischen Pixeln (Punkte in einer PDF)</translation>
    </message>
    <message>
        <source>Height of the chart in logical pixels (points in a PDF)</source>
        <translation>Höhe des Diagramms in logischen Pixeln (Punkte in einer PDF)</translation>
    </message>
    <message>
        <source>A PNG has width × scale by height × scale pixels; SVG and PDF are vectors</source>
        <translation>Ein PNG hat Breite × Skalierung mal Höhe × Skalierung Pixel; SVG und PDF sind Vektorgrafiken</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Th&amp;eme</source>
        <translation>&amp;Farbschema</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::FileCommands</name>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>Szenario ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Save scenario</source>
        <translation>Szenario &amp;speichern</translation>
    </message>
    <message>
        <source>Save the chip, its numbers and the operations as a scenario file</source>
        <translation>Chip, seine Zahlen und die Operationen als Szenario-Datei speichern</translation>
    </message>
    <message>
        <source>Save scenario &amp;as…</source>
        <translation>Szenario speichern &amp;unter…</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>Be&amp;ispiele</translation>
    </message>
    <message>
        <source>Open &amp;calibration…</source>
        <translation>&amp;Kalibrierung öffnen…</translation>
    </message>
    <message>
        <source>Times, the chart&apos;s practical roofs and the measured kernels&apos; predictions follow a calibration fitted by roofline-lab calibrate</source>
        <translation>Zeiten, die praktischen Dächer des Diagramms und die Vorhersagen der gemessenen Kernel folgen einer mit roofline-lab calibrate angepassten Kalibrierung</translation>
    </message>
    <message>
        <source>C&amp;lear calibration</source>
        <translation>Kalibrierung &amp;entfernen</translation>
    </message>
    <message>
        <source>Clear calibration</source>
        <translation>Kalibrierung entfernen</translation>
    </message>
    <message>
        <source>&amp;Export chart…</source>
        <translation>Diagramm e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Export &amp;table as CSV…</source>
        <translation>&amp;Tabelle als CSV exportieren…</translation>
    </message>
    <message>
        <source>%1 no longer exists</source>
        <translation>%1 existiert nicht mehr</translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation>&amp;Liste leeren</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Measured data: %1 rows skipped, the first: %2</source>
        <translation>Messdaten: %1 Zeilen übersprungen, die erste: %2</translation>
    </message>
    <message>
        <source>Cannot open the scenario</source>
        <translation>Szenario kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Scenarios (*.yaml *.yml)</source>
        <translation>Szenarien (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open calibration</source>
        <translation>Kalibrierung öffnen</translation>
    </message>
    <message>
        <source>Calibrations (*.yaml *.yml)</source>
        <translation>Kalibrierungen (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Cannot use the calibration</source>
        <translation>Kalibrierung nicht verwendbar</translation>
    </message>
    <message>
        <source>Save the changes to %1 first?</source>
        <translation>Änderungen an %1 zuerst speichern?</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 existiert bereits. Ersetzen?</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>Export table</source>
        <translation>Tabelle exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Chart copied to the clipboard</source>
        <translation>Diagramm in die Zwischenablage kopiert</translation>
    </message>
    <message>
        <source>the measured kernels&apos; file</source>
        <translation>die Datei der gemessenen Kernel</translation>
    </message>
    <message>
        <source>the calibration</source>
        <translation>die Kalibrierung</translation>
    </message>
    <message>
        <source>the model&apos;s config.json</source>
        <translation>die config.json des Modells</translation>
    </message>
    <message>
        <source>%1 is %2 this scenario reads: saving over it would replace it. Save the scenario under another name.</source>
        <translation>%1 ist %2, die dieses Szenario liest: Speichern darüber würde sie ersetzen. Speichern Sie das Szenario unter einem anderen Namen.</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::FoldingTabs</name>
    <message>
        <source>Click the open tab to fold these pages away and give the chart the room</source>
        <translation>Offenen Reiter anklicken, um diese Seiten einzuklappen und dem Diagramm Platz zu geben</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::HardwarePanel</name>
    <message>
        <source>Peak</source>
        <translation>Spitze</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Latency floors</source>
        <translation>Mindest&amp;latenzen</translation>
    </message>
    <message>
        <source>&amp;Chip</source>
        <translation>&amp;Chip</translation>
    </message>
    <message>
        <source>&amp;Dtype</source>
        <translation>D&amp;type</translation>
    </message>
    <message>
        <source>&amp;Efficiency</source>
        <translation>Eff&amp;izienz</translation>
    </message>
    <message>
        <source>Show the efficiency factors: the share of each datasheet roof reached in practice</source>
        <translation>Effizienzfaktoren zeigen: der in der Praxis erreichte Anteil jedes Datenblatt-Dachs</translation>
    </message>
    <message>
        <source>Every operation takes at least the chip&apos;s kernel launch floor, and every collective pays its link&apos;s latency per message step. Off: the ideal roofline of the texts</source>
        <translation>Jede Operation dauert mindestens die Startlatenz des Chips, und jede kollektive Operation zahlt pro Nachrichtenschritt die Latenz ihrer Verbindung. Aus: die ideale Roofline der Texte</translation>
    </message>
    <message>
        <source>The chip whose roofs the chart draws, grouped by vendor</source>
        <translation>Der Chip, dessen Dächer das Diagramm zeichnet, nach Hersteller gruppiert</translation>
    </message>
    <message>
        <source>The number format of the compute roof drawn solid</source>
        <translation>Das Zahlenformat des durchgezogen gezeichneten Rechendachs</translation>
    </message>
    <message>
        <source>Put back the numbers the scenario or preset opened with, and the operations&apos; values (Ctrl+R)</source>
        <translation>Die Zahlen, mit denen Szenario oder Vorlage geöffnet wurden, und die Werte der Operationen wiederherstellen (Strg+R)</translation>
    </message>
    <message>
        <source>One-way bandwidth of %1 %2: moves its sloped roof. %3</source>
        <translation>Bandbreite von %1 %2 in eine Richtung: verschiebt das schräge Dach. %3</translation>
    </message>
    <message>
        <source>The share of the %1 datasheet figure reached in practice: below 1 the chart draws a dashed practical roof and the times use it</source>
        <translation>Der in der Praxis erreichte Anteil des Datenblattwerts für %1: unter 1 zeichnet das Diagramm ein gestricheltes praktisches Dach, und die Zeiten verwenden es</translation>
    </message>
    <message>
        <source>compute peak&apos;s</source>
        <translation>die Rechen-Spitzenleistung</translation>
    </message>
    <message>
        <source>Efficiency %1</source>
        <translation>Effizienz %1</translation>
    </message>
    <message>
        <source>Peak %1</source>
        <translation>Spitze %1</translation>
    </message>
    <message>
        <source>%1 bandwidth</source>
        <translation>Bandbreite %1</translation>
    </message>
    <message>
        <source>%1 bandwidth value</source>
        <translation>Wert der Bandbreite %1</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::LogSlider</name>
    <message>
        <source>Logarithmic from %1 to %2. Type a value with an SI prefix, for example &quot;%3&quot;.</source>
        <translation>Logarithmisch von %1 bis %2. Wert mit SI-Präfix eingeben, zum Beispiel „%3“.</translation>
    </message>
    <message>
        <source>Not a rate: &quot;%1&quot;</source>
        <translation>Keine Rechenrate: „%1“</translation>
    </message>
    <message>
        <source>Not a bandwidth: &quot;%1&quot;</source>
        <translation>Keine Bandbreite: „%1“</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::MainWindow</name>
    <message>
        <source>Explanation</source>
        <translation>Erklärung</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>Regler</translation>
    </message>
    <message>
        <source>Roofline Lab</source>
        <translation>Roofline Lab</translation>
    </message>
    <message>
        <source>Hardware modified: Edit ▸ Reset values puts back the opened numbers</source>
        <translation>Hardware geändert: Bearbeiten ▸ Werte zurücksetzen stellt die geöffneten Zahlen wieder her</translation>
    </message>
    <message>
        <source>&amp;Readout</source>
        <translation>&amp;Werte</translation>
    </message>
    <message>
        <source>S&amp;weep</source>
        <translation>Sw&amp;eep</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>Com&amp;pare</source>
        <translation>&amp;Vergleich</translation>
    </message>
    <message>
        <source>Ener&amp;gy</source>
        <translation>E&amp;nergie</translation>
    </message>
    <message>
        <source>Mea&amp;sured</source>
        <translation>&amp;Gemessen</translation>
    </message>
    <message>
        <source>Presets that could not be read; the others loaded</source>
        <translation>Vorlagen, die nicht gelesen werden konnten; die übrigen sind geladen</translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation>Diese Meldung ausblenden</translation>
    </message>
    <message>
        <source>Some presets could not be loaded:
%1</source>
        <translation>Einige Vorlagen konnten nicht geladen werden:
%1</translation>
    </message>
    <message>
        <source>The side panel closed to keep the chart large: F9 opens it</source>
        <translation>Seitenleiste geschlossen, damit das Diagramm groß bleibt: F9 öffnet sie</translation>
    </message>
    <message>
        <source>No room for larger type beside the chart: F5 presents it full screen</source>
        <translation>Kein Platz für größere Schrift neben dem Diagramm: F5 zeigt es im Vollbild</translation>
    </message>
    <message>
        <source>%1[*] — Roofline Lab</source>
        <translation>%1[*] — Roofline Lab</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Copy chart</source>
        <translation>Diagramm &amp;kopieren</translation>
    </message>
    <message>
        <source>Reset &amp;values</source>
        <translation>Werte &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Put back the chip&apos;s numbers and the operations&apos; values the scenario opened with</source>
        <translation>Stellt die Zahlen des Chips und die Werte der Operationen wieder her, mit denen das Szenario geöffnet wurde</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>Voll&amp;bild</translation>
    </message>
    <message>
        <source>Compare &amp;with…</source>
        <translation>Vergleichen &amp;mit…</translation>
    </message>
    <message>
        <source>Draw up to three other chips&apos; roofs and the operations on them beside this chip</source>
        <translation>Dächer von bis zu drei weiteren Chips und die Operationen darauf neben diesem Chip zeichnen</translation>
    </message>
    <message>
        <source>&amp;Side panel</source>
        <translation>Seiten&amp;leiste</translation>
    </message>
    <message>
        <source>Pa&amp;ges under the chart</source>
        <translation>Ansichten &amp;unter dem Diagramm</translation>
    </message>
    <message>
        <source>The readout, the sweep and the model under the chart, or only their tabs</source>
        <translation>Werte, Sweep und Modell unter dem Diagramm, oder nur ihre Reiter</translation>
    </message>
    <message>
        <source>Pla&amp;y bar</source>
        <translation>&amp;Wiedergabeleiste</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Roofline Lab</source>
        <translation>Ü&amp;ber Roofline Lab</translation>
    </message>
    <message>
        <source>Compare with</source>
        <translation>Vergleichen mit</translation>
    </message>
    <message>
        <source>About Roofline Lab</source>
        <translation>Über Roofline Lab</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>&amp;Präsentation</translation>
    </message>
    <message>
        <source>The chart and the explanation alone, full screen, in large type; F5 or Esc leaves</source>
        <translation>Nur Diagramm und Erklärung, im Vollbild, in großer Schrift; F5 oder Esc beendet</translation>
    </message>
    <message>
        <source>Leave presentation</source>
        <translation>Präsentation beenden</translation>
    </message>
    <message>
        <source>&amp;Explanation</source>
        <translation>&amp;Erklärung</translation>
    </message>
    <message>
        <source>The first of the texts&apos; worked examples: File ▸ Examples has the others, Ctrl+1 to Ctrl+9 the first nine; Help ▸ Keyboard shortcuts lists the keys</source>
        <translation>Das erste durchgerechnete Beispiel der Texte: Datei ▸ Beispiele enthält die anderen, Strg+1 bis Strg+9 die ersten neun; Hilfe ▸ Tastenkürzel listet die Tasten</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::MeasuredModel</name>
    <message>
        <source>off the chart</source>
        <translation>außerhalb des Diagramms</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>nicht ausführbar</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::MeasuredTable</name>
    <message>
        <source>Measured kernels</source>
        <translation>Gemessene Kernel</translation>
    </message>
    <message>
        <source>Filter kernels: gemm, matmul_bf16 B=*, *[Ff]lash*</source>
        <translation>Kernel filtern: gemm, matmul_bf16 B=*, *[Ff]lash*</translation>
    </message>
    <message>
        <source>Kernels whose names hold this text, or match it with the wildcards * ? [..] as --match reads them; the chart shows the same kernels</source>
        <translation>Kernel, deren Namen diesen Text enthalten oder ihm mit den Platzhaltern * ? [..] entsprechen, wie --match sie liest; das Diagramm zeigt dieselben Kernel</translation>
    </message>
    <message>
        <source>&amp;Filter</source>
        <translation>&amp;Filter</translation>
    </message>
    <message>
        <source>The modeled operation the selected kernel is compared with: a link of its own, before the scenario&apos;s name patterns, saved with the scenario</source>
        <translation>Die modellierte Operation, mit der der gewählte Kernel verglichen wird: eine eigene Zuordnung, vor den Namensmustern des Szenarios, mit dem Szenario gespeichert</translation>
    </message>
    <message>
        <source>&amp;Link to</source>
        <translation>Zu&amp;ordnung</translation>
    </message>
    <message>
        <source>no link of its own</source>
        <translation>keine eigene Zuordnung</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Warning: %1 (and %2 more: hover for them)</source>
        <translation>Warnung: %1 (und %2 weitere: im Tooltip)</translation>
    </message>
    <message>
        <source>%1 of %2 kernels</source>
        <translation>%1 von %2 Kerneln</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::ModelView</name>
    <message>
        <source>math</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>Leerlauf</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>batch B</source>
        <translation>Batch B</translation>
    </message>
    <message>
        <source>tokens/s against the batch</source>
        <translation>Tokens/s über dem Batch</translation>
    </message>
    <message>
        <source>tokens/s against the sequence length</source>
        <translation>Tokens/s über der Sequenzlänge</translation>
    </message>
    <message>
        <source>tokens/s per chip against per sequence</source>
        <translation>Tokens/s pro Chip über pro Sequenz</translation>
    </message>
    <message>
        <source>What the right-hand chart sweeps, the other settings as they are</source>
        <translation>Was das rechte Diagramm durchläuft; die übrigen Einstellungen bleiben, wie sie sind</translation>
    </message>
    <message>
        <source>no totals for this model</source>
        <translation>keine Gesamtwerte für dieses Modell</translation>
    </message>
    <message>
        <source>weights %1 + gradients %2 + optimizer %3 + activations kept for the backward pass %4</source>
        <translation>Gewichte %1 + Gradienten %2 + Optimierer %3 + für den Rückwärtsdurchlauf gehaltene Aktivierungen %4</translation>
    </message>
    <message>
        <source>weights %1 + KV cache %2 + activations %3</source>
        <translation>Gewichte %1 + KV-Cache %2 + Aktivierungen %3</translation>
    </message>
    <message>
        <source>not even one sequence fits beside the weights</source>
        <translation>neben den Gewichten passt nicht einmal eine Sequenz</translation>
    </message>
    <message>
        <source>largest batch: %1</source>
        <translation>größter Batch: %1</translation>
    </message>
    <message>
        <source>largest batch at this context: %1</source>
        <translation>größter Batch bei diesem Kontext: %1</translation>
    </message>
    <message>
        <source>Memory per chip: %1 (the chip&apos;s capacity is not known)</source>
        <translation>Speicher pro Chip: %1 (die Kapazität des Chips ist unbekannt)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits&lt;/b&gt; in %1 per chip: %2; %3</source>
        <translation>&lt;b&gt;Passt&lt;/b&gt; in %1 pro Chip: %2; %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;Does not fit&lt;/b&gt; in %1 per chip: %2; %3. The times below are what the step would take on a chip with room for it.</source>
        <translation>&lt;b&gt;Passt nicht&lt;/b&gt; in %1 pro Chip: %2; %3. Die Zeiten unten gelten für einen Chip, der genug Platz dafür hätte.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2 parameters), one %3 per chip, operations one after another: &lt;b&gt;%4&lt;/b&gt; (T_lower) to %5 (T_upper); math %6, memory %7, network %8.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2 Parameter), %3 pro Chip, Operationen nacheinander: &lt;b&gt;%4&lt;/b&gt; (T_lower) bis %5 (T_upper); Rechnen %6, Speicher %7, Netz %8.</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>Trainingsschritt</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>Prefill</translation>
    </message>
    <message>
        <source>speculative round</source>
        <translation>spekulative Runde</translation>
    </message>
    <message>
        <source>decode step</source>
        <translation>Decode-Schritt</translation>
    </message>
    <message>
        <source>&lt;br&gt;The stage&apos;s %1 microbatches take %2, the pipeline&apos;s bubble %3 more ((pp−1)/(m+pp−1) = %4 of the pipeline), the gradient all-reduce %5.</source>
        <translation>&lt;br&gt;Die %1 Microbatches der Stufe dauern %2, die Pipeline-Bubble %3 länger ((pp−1)/(m+pp−1) = %4 der Pipeline), das Gradienten-All-Reduce %5.</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 tokens/s in total, %2 tokens a step. MFU %3 (6·Ψ·tokens = %4 per chip); every operation&apos;s FLOPs, attention and the loss too: %5 of the peak.</source>
        <translation>&lt;br&gt;%1 Tokens/s insgesamt, %2 Tokens pro Schritt. MFU %3 (6·Ψ·Tokens = %4 pro Chip); die FLOPs aller Operationen, auch Attention und Loss: %5 der Spitzenleistung.</translation>
    </message>
    <message>
        <source>&lt;br&gt;The draft&apos;s %1 steps take %2, the verification of %3 tokens a sequence %4; a round adds (1 − α^(k+1))/(1 − α) = %5 tokens to each sequence on average.</source>
        <translation>&lt;br&gt;Die %1 Schritte des Draft-Modells dauern %2, die Prüfung von %3 Tokens pro Sequenz %4; eine Runde fügt jeder Sequenz im Mittel (1 − α^(k+1))/(1 − α) = %5 Tokens hinzu.</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 tokens/s in total, %2 per sequence</source>
        <translation>&lt;br&gt;%1 Tokens/s insgesamt, %2 pro Sequenz</translation>
    </message>
    <message>
        <source>; time to first token %1</source>
        <translation>; Zeit bis zum ersten Token %1</translation>
    </message>
    <message>
        <source>.&lt;br&gt;MFU %1, memory-bandwidth utilisation %2.</source>
        <translation>.&lt;br&gt;MFU %1, Auslastung der Speicherbandbreite %2.</translation>
    </message>
    <message>
        <source>&lt;br&gt;Calibrated (%1): &lt;b&gt;%2&lt;/b&gt;%3, %4 tokens/s in total.</source>
        <translation>&lt;br&gt;Kalibriert (%1): &lt;b&gt;%2&lt;/b&gt;%3, insgesamt %4 Tokens/s.</translation>
    </message>
    <message>
        <source>more</source>
        <translation>länger</translation>
    </message>
    <message>
        <source>one chip</source>
        <translation>einem Chip</translation>
    </message>
    <message>
        <source>%1 chips</source>
        <translation>%1 Chips</translation>
    </message>
    <message>
        <source>&lt;br&gt;By the energy model: %1 a step, %2 a token.</source>
        <translation>&lt;br&gt;Nach dem Energiemodell: %1 pro Schritt, %2 pro Token.</translation>
    </message>
    <message>
        <source>&lt;br&gt;By the energy model&apos;s stated terms: at least %1 a step, %2 a token.</source>
        <translation>&lt;br&gt;Nach den angegebenen Termen des Energiemodells: mindestens %1 pro Schritt, %2 pro Token.</translation>
    </message>
    <message>
        <source>&lt;br&gt;At %1 per chip-hour: %2 per million tokens.</source>
        <translation>&lt;br&gt;Bei %1 pro Chip-Stunde: %2 pro Million Tokens.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Data parallelism, as &quot;The Extended Roofline&quot; writes it:&lt;/i&gt; I_net = 6·Ψ·tokens per chip / gradient bytes sent = %1 / %2 = &lt;b&gt;%3 FLOPs/byte&lt;/b&gt;, against %4&apos;s ridge of %5: %6.</source>
        <translation>&lt;i&gt;Datenparallelität, wie „The Extended Roofline“ sie schreibt:&lt;/i&gt; I_net = 6·Ψ·Tokens pro Chip / gesendete Gradienten-Bytes = %1 / %2 = &lt;b&gt;%3 FLOPs/Byte&lt;/b&gt;, gegenüber dem %4-Knickpunkt von %5: %6.</translation>
    </message>
    <message>
        <source>compute-bound</source>
        <translation>rechengebunden</translation>
    </message>
    <message>
        <source>network-bound</source>
        <translation>netzgebunden</translation>
    </message>
    <message>
        <source>&lt;i&gt;The serving text&apos;s model, as written:&lt;/i&gt; t_mem = GPU_mem / MemBW = %1 / %2 = %3; t_compute = 2·B·P / compute = %4; T_network = 4(N−1)·B·D·S·L / NetBW = %5 (a ring all-reduce, two per layer, moves N times less: %6).</source>
        <translation>&lt;i&gt;Das Modell des Inferenz-Texts, wie dort geschrieben:&lt;/i&gt; t_mem = GPU_mem / MemBW = %1 / %2 = %3; t_compute = 2·B·P / compute = %4; T_network = 4(N−1)·B·D·S·L / NetBW = %5 (ein Ring-All-Reduce, zwei pro Schicht, überträgt N-mal weniger: %6).</translation>
    </message>
    <message>
        <source>frontier</source>
        <translation>Grenzkurve</translation>
    </message>
    <message>
        <source>others, or not fitting</source>
        <translation>andere oder nicht passend</translation>
    </message>
    <message>
        <source> (cannot run it)</source>
        <translation> (kann es nicht ausführen)</translation>
    </message>
    <message>
        <source>Tokens/s per chip against tokens/s per sequence at batches 1, 2, 4 … and tp %1: %2 configurations are on the frontier (the blue curve; grey: beaten on both rates, or not fitting); click one to open it.</source>
        <translation>Tokens/s pro Chip über Tokens/s pro Sequenz bei Batches 1, 2, 4 … und tp %1: %2 Konfigurationen liegen auf der Grenzkurve (die blaue Kurve; grau: bei beiden Raten übertroffen oder nicht passend); zum Öffnen eine anklicken.</translation>
    </message>
    <message>
        <source> Dashed, each with its own marker: the frontiers of %1.</source>
        <translation> Gestrichelt, jeweils mit eigener Markierung: die Grenzkurven von %1.</translation>
    </message>
    <message>
        <source>tokens/s per sequence</source>
        <translation>Tokens/s pro Sequenz</translation>
    </message>
    <message>
        <source>tokens/s per chip</source>
        <translation>Tokens/s pro Chip</translation>
    </message>
    <message>
        <source>S = %1 tokens cached per sequence</source>
        <translation>S = %1 gecachte Tokens pro Sequenz</translation>
    </message>
    <message>
        <source>P = %1 tokens per sequence</source>
        <translation>P = %1 Tokens pro Sequenz</translation>
    </message>
    <message>
        <source>At this batch the step fits up to %1 (dashed on the chart).</source>
        <translation>Bei diesem Batch passt der Schritt bis %1 (im Diagramm gestrichelt).</translation>
    </message>
    <message>
        <source>At this batch not even one token per sequence fits, or the chip&apos;s capacity is not known.</source>
        <translation>Bei diesem Batch passt nicht einmal ein Token pro Sequenz, oder die Kapazität des Chips ist unbekannt.</translation>
    </message>
    <message>
        <source>context S</source>
        <translation>Kontext S</translation>
    </message>
    <message>
        <source>sequence P</source>
        <translation>Sequenz P</translation>
    </message>
    <message>
        <source>prompt P</source>
        <translation>Prompt P</translation>
    </message>
    <message>
        <source>The step&apos;s math outweighs its memory traffic from B = %1 (dashed on the batch chart).</source>
        <translation>Die Rechenarbeit des Schritts überwiegt seinen Speicherverkehr ab B = %1 (im Batch-Diagramm gestrichelt).</translation>
    </message>
    <message>
        <source>Its memory traffic outweighs its math at any batch.</source>
        <translation>Sein Speicherverkehr überwiegt bei jedem Batch seine Rechenarbeit.</translation>
    </message>
    <message>
        <source>Its memory traffic outweighs its math at any batch: each sequence reads its own KV cache.</source>
        <translation>Sein Speicherverkehr überwiegt bei jedem Batch seine Rechenarbeit: Jede Sequenz liest ihren eigenen KV-Cache.</translation>
    </message>
    <message>
        <source>(no group)</source>
        <translation>(keine Gruppe)</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>Pipeline-Bubble</translation>
    </message>
    <message>
        <source>%1 per step</source>
        <translation>%1 pro Schritt</translation>
    </message>
    <message>
        <source>B: sequences in flight</source>
        <translation>B: gleichzeitig laufende Sequenzen</translation>
    </message>
    <message>
        <source>&amp;Context</source>
        <translation>&amp;Kontext</translation>
    </message>
    <message>
        <source>N: chips the model&apos;s layers are split over</source>
        <translation>N: Chips, auf die die Schichten des Modells aufgeteilt sind</translation>
    </message>
    <message>
        <source>Expert parallelism: chips each holding an equal share of the routed experts, a multiple of the tensor-parallel degree; tokens reach their experts by all-to-all</source>
        <translation>Expertenparallelität: Chips, die je einen gleichen Anteil der gerouteten Experten halten, ein Vielfaches des Tensorparallelitätsgrads; Tokens erreichen ihre Experten per All-to-All</translation>
    </message>
    <message>
        <source>k: tokens the draft proposes, one of its decode steps each, which the target then checks in one pass</source>
        <translation>k: Tokens, die das Draft-Modell vorschlägt, jedes mit einem seiner Decode-Schritte, und die das Zielmodell dann in einem Durchlauf prüft</translation>
    </message>
    <message>
        <source>with tensor parallelism</source>
        <translation>mit Tensorparallelität</translation>
    </message>
    <message>
        <source>Data-parallel replicas: each trains on its share of the batch, then the gradients are all-reduced</source>
        <translation>Datenparallele Replikate: Jedes trainiert auf seinem Anteil am Batch, danach werden die Gradienten per All-Reduce zusammengeführt</translation>
    </message>
    <message>
        <source>Pipeline stages: the layers split evenly, microbatches passed from stage to stage</source>
        <translation>Pipeline-Stufen: die Schichten gleichmäßig aufgeteilt, Microbatches von Stufe zu Stufe weitergereicht</translation>
    </message>
    <message>
        <source>Microbatches per replica and step: more of them shrink the pipeline&apos;s bubble, (pp−1)/(m+pp−1)</source>
        <translation>Microbatches pro Replikat und Schritt: Mehr davon verkleinern die Pipeline-Bubble, (pp−1)/(m+pp−1)</translation>
    </message>
    <message>
        <source>The dtype the weights are stored in</source>
        <translation>Der dtype, in dem die Gewichte gespeichert sind</translation>
    </message>
    <message>
        <source>The dtype of the KV cache</source>
        <translation>Der dtype des KV-Cache</translation>
    </message>
    <message>
        <source>The model, from the built-in and your own model presets</source>
        <translation>Das Modell, aus den eingebauten und den eigenen Modellvorlagen</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>Decode</translation>
    </message>
    <message>
        <source>train</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Decode: one new token per sequence; prefill: a whole prompt; train: one training step, forward and backward over every token</source>
        <translation>Decode: ein neues Token pro Sequenz; Prefill: ein ganzer Prompt; Training: ein Trainingsschritt, vorwärts und rückwärts über alle Tokens</translation>
    </message>
    <message>
        <source>Open config…</source>
        <translation>Config öffnen…</translation>
    </message>
    <message>
        <source>Read the model from its own Hugging Face config.json</source>
        <translation>Das Modell aus seiner eigenen Hugging-Face-config.json lesen</translation>
    </message>
    <message>
        <source>Mod&amp;el</source>
        <translation>Mod&amp;ell</translation>
    </message>
    <message>
        <source>P&amp;hase</source>
        <translation>P&amp;hase</translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation>&amp;Batch</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel</source>
        <translation>&amp;Tensorparallel</translation>
    </message>
    <message>
        <source>E&amp;xpert parallel</source>
        <translation>E&amp;xpertenparallel</translation>
    </message>
    <message>
        <source>&amp;Imbalance</source>
        <translation>Ungleichge&amp;wicht</translation>
    </message>
    <message>
        <source>&amp;Latent attention</source>
        <translation>&amp;Latente Attention</translation>
    </message>
    <message>
        <source>The busiest expert-parallel chip&apos;s tokens over the mean: the step waits for it</source>
        <translation>Die Tokens des meistbelasteten expertenparallelen Chips im Verhältnis zum Mittel: Der Schritt wartet auf ihn</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>absorbed</source>
        <translation>absorbiert</translation>
    </message>
    <message>
        <source>expanded</source>
        <translation>expandiert</translation>
    </message>
    <message>
        <source>Auto: the up-projections absorbed into the query and output in a decode step (attention over the cached latent), K and V expanded from the latent otherwise</source>
        <translation>Auto: im Decode-Schritt die Up-Projektionen in Query und Output absorbiert (Attention über den gecachten Latent), sonst K und V aus dem Latent expandiert</translation>
    </message>
    <message>
        <source>Dr&amp;aft model</source>
        <translation>D&amp;raft-Modell</translation>
    </message>
    <message>
        <source>Dra&amp;ft tokens</source>
        <translation>Dra&amp;ft-Tokens</translation>
    </message>
    <message>
        <source>Accepta&amp;nce</source>
        <translation>&amp;Akzeptanz</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ohne</translation>
    </message>
    <message>
        <source>Speculative decoding: a smaller model of the same vocabulary proposes tokens, which the model checks in one pass over them all</source>
        <translation>Spekulatives Decoding: Ein kleineres Modell mit demselben Vokabular schlägt Tokens vor, die das Modell in einem Durchlauf über alle prüft</translation>
    </message>
    <message>
        <source>α: the chance the model keeps a drafted token; a round adds (1 − α^(k+1))/(1 − α) tokens to each sequence on average</source>
        <translation>α: die Wahrscheinlichkeit, dass das Modell ein vorgeschlagenes Token behält; eine Runde fügt jeder Sequenz im Mittel (1 − α^(k+1))/(1 − α) Tokens hinzu</translation>
    </message>
    <message>
        <source>&amp;Data parallel</source>
        <translation>&amp;Datenparallel</translation>
    </message>
    <message>
        <source>Pipeline &amp;stages</source>
        <translation>Pipeline-&amp;Stufen</translation>
    </message>
    <message>
        <source>&amp;Microbatches</source>
        <translation>M&amp;icrobatches</translation>
    </message>
    <message>
        <source>&amp;ZeRO</source>
        <translation>&amp;ZeRO</translation>
    </message>
    <message>
        <source>&amp;Recompute</source>
        <translation>&amp;Neuberechnung</translation>
    </message>
    <message>
        <source>Seq&amp;uence parallel</source>
        <translation>Seq&amp;uenzparallel</translation>
    </message>
    <message>
        <source>0: none</source>
        <translation>0: keine</translation>
    </message>
    <message>
        <source>1: optimizer state</source>
        <translation>1: Optimiererzustand</translation>
    </message>
    <message>
        <source>2: + gradients</source>
        <translation>2: + Gradienten</translation>
    </message>
    <message>
        <source>3: + weights (FSDP)</source>
        <translation>3: + Gewichte (FSDP)</translation>
    </message>
    <message>
        <source>ZeRO: what each data-parallel replica keeps a dp-th of; stage 3 all-gathers the weights before each microbatch&apos;s forward and backward passes</source>
        <translation>ZeRO: wovon jedes datenparallele Replikat nur ein dp-tel hält; Stufe 3 sammelt die Gewichte per All-Gather vor den Vorwärts- und Rückwärtsdurchläufen jedes Microbatches</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>selektiv</translation>
    </message>
    <message>
        <source>full</source>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>Activation recomputation: full keeps each layer&apos;s input alone and runs its forward pass again before the backward; selective recomputes the attention&apos;s scores, as fused attention does anyway</source>
        <translation>Aktivierungs-Neuberechnung: vollständig behält nur die Eingabe jeder Schicht und führt ihren Vorwärtsdurchlauf vor dem Rückwärtsdurchlauf erneut aus; selektiv berechnet die Attention-Scores neu, wie es Fused Attention ohnehin tut</translation>
    </message>
    <message>
        <source>Sequence parallelism: the norms and residual adds share the tokens of the tensor-parallel group</source>
        <translation>Sequenzparallelität: Normen und Residual-Additionen teilen sich die Tokens der Tensorparallel-Gruppe</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>&amp;Gewichte</translation>
    </message>
    <message>
        <source>&amp;KV cache</source>
        <translation>KV-&amp;Cache</translation>
    </message>
    <message>
        <source>Open a model&apos;s config.json</source>
        <translation>config.json eines Modells öffnen</translation>
    </message>
    <message>
        <source>Hugging Face configuration (*.json);;All files (*)</source>
        <translation>Hugging-Face-Konfiguration (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open config</source>
        <translation>Config öffnen</translation>
    </message>
    <message>
        <source>The scenario has no model to replace.</source>
        <translation>Das Szenario hat kein Modell, das ersetzt werden könnte.</translation>
    </message>
    <message>
        <source>%1 (config.json)</source>
        <translation>%1 (config.json)</translation>
    </message>
    <message>
        <source>B: the global batch, sequences of every replica</source>
        <translation>B: der globale Batch, Sequenzen aller Replikate</translation>
    </message>
    <message>
        <source>Se&amp;quence</source>
        <translation>Se&amp;quenz</translation>
    </message>
    <message>
        <source>&amp;Prompt</source>
        <translation>&amp;Prompt</translation>
    </message>
    <message>
        <source>S: tokens already cached per sequence</source>
        <translation>S: pro Sequenz bereits gecachte Tokens</translation>
    </message>
    <message>
        <source>P: tokens of each training sequence</source>
        <translation>P: Tokens jeder Trainingssequenz</translation>
    </message>
    <message>
        <source>P: tokens of each prompt</source>
        <translation>P: Tokens jedes Prompts</translation>
    </message>
    <message>
        <source>&lt;br&gt;At the board power of %1 W (an estimate, not a bound): %2 a step on %3, %4 a token.</source>
        <translation>&lt;br&gt;Bei der Board-Leistung von %1 W (eine Schätzung, keine Schranke): %2 pro Schritt auf %3, %4 pro Token.</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::PlayBar</name>
    <message>
        <source>P&amp;lay</source>
        <translation>Ab&amp;spielen</translation>
    </message>
    <message>
        <source>from</source>
        <translation>von</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>Play duration</source>
        <translation>Wiedergabedauer</translation>
    </message>
    <message>
        <source>The parameter of the selected operation to play</source>
        <translation>Der abzuspielende Parameter der gewählten Operation</translation>
    </message>
    <message>
        <source>An end of the play: a whole number, prefixes allowed (1k, 16Ki)</source>
        <translation>Ein Ende der Wiedergabe: eine ganze Zahl, Präfixe erlaubt (1k, 16Ki)</translation>
    </message>
    <message>
        <source>How long the play takes from one end to the other</source>
        <translation>Wie lange die Wiedergabe von einem Ende zum anderen dauert</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Play or pause; each run is one undo step</source>
        <translation>Abspielen oder anhalten; jeder Durchlauf ist ein Rückgängig-Schritt</translation>
    </message>
    <message>
        <source>Scrub through the play: the value at each point, log-interpolated</source>
        <translation>Durch die Wiedergabe spulen: der Wert an jeder Stelle, logarithmisch interpoliert</translation>
    </message>
    <message>
        <source>Play position</source>
        <translation>Wiedergabeposition</translation>
    </message>
    <message>
        <source>Not a value of %1: %2</source>
        <translation>Kein gültiger Wert für %1: %2</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::PowerSlider</name>
    <message>
        <source>%1Logarithmic from %2 to %3 on the slider, snapping to powers of two; arrow keys step finely, Page Up and Page Down to the next power of two; type any whole number in the field.</source>
        <translation>%1Auf dem Schieberegler logarithmisch von %2 bis %3, rastet auf Zweierpotenzen ein; Pfeiltasten für feine Schritte, Bild auf und Bild ab zur nächsten Zweierpotenz; im Feld ist jede ganze Zahl möglich.</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::QuestionStrip</name>
    <message>
        <source>Question:</source>
        <translation>Frage:</translation>
    </message>
    <message>
        <source>explanation ▸</source>
        <translation>Erklärung ▸</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::ReadoutModel</name>
    <message>
        <source>cannot run</source>
        <translation>nicht ausführbar</translation>
    </message>
    <message>
        <source>Compute-bound from %1 = %2 exactly (the smallest whole value is %3); %4 if %5, the limit the texts use</source>
        <translation>Rechengebunden ab genau %1 = %2 (der kleinste ganze Wert ist %3); %4, falls %5, der Grenzwert der Texte</translation>
    </message>
    <message>
        <source>Bound on %1</source>
        <translation>Begrenzt auf %1</translation>
    </message>
    <message>
        <source>T on %1</source>
        <translation>T auf %1</translation>
    </message>
    <message>
        <source>What holds the operation down on %1</source>
        <translation>Was die Operation auf %1 begrenzt</translation>
    </message>
    <message>
        <source>The operation&apos;s time on %1 with perfect overlap (T_lower)</source>
        <translation>Die Zeit der Operation auf %1 bei perfekter Überlappung (T_lower)</translation>
    </message>
    <message>
        <source>Intensity (%1/byte)</source>
        <translation>Intensität (%1/Byte)</translation>
    </message>
    <message>
        <source>Attainable (%1)</source>
        <translation>Erreichbar (%1)</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::ReadoutTable</name>
    <message>
        <source>Readout</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source>The core&apos;s figures for each operation on the chart; Ctrl+C copies the selected rows</source>
        <translation>Die Werte des Rechenkerns für jede Operation im Diagramm; Strg+C kopiert die gewählten Zeilen</translation>
    </message>
    <message>
        <source>&amp;Copy rows</source>
        <translation>Zeilen &amp;kopieren</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::SweepChart</name>
    <message>
        <source>Attainable FLOP/s</source>
        <translation>Erreichbare FLOP/s</translation>
    </message>
    <message>
        <source>Attainable FLOP/s against the parameter; drag a dot to change the operation&apos;s value</source>
        <translation>Erreichbare FLOP/s über dem Parameter; einen Punkt ziehen, um den Wert der Operation zu ändern</translation>
    </message>
    <message>
        <source>%1 · %2 · attainable against %3</source>
        <translation>%1 · %2 · erreichbar über %3</translation>
    </message>
    <message>
        <source>%1 (the operation&apos;s parameter)</source>
        <translation>%1 (Parameter der Operation)</translation>
    </message>
    <message>
        <source>Attainable OP/s</source>
        <translation>Erreichbare OP/s</translation>
    </message>
    <message>
        <source>Fraction of the %1 peak</source>
        <translation>Anteil an der %1-Spitzenleistung</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>Spitzenleistung %1</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::SweepPage</name>
    <message>
        <source>&amp;Sweep over</source>
        <translation>Swee&amp;p über</translation>
    </message>
    <message>
        <source>&amp;from : to</source>
        <translation>v&amp;on : bis</translation>
    </message>
    <message>
        <source>The values to sweep over, two whole counts with optional prefixes: 1 : 16Ki, 64 : 1M. The chart reaches further to show every operation&apos;s current value</source>
        <translation>Der Wertebereich des Sweeps, zwei ganze Zahlen mit optionalem Präfix: 1 : 16Ki, 64 : 1M. Das Diagramm reicht weiter, um den aktuellen Wert jeder Operation zu zeigen</translation>
    </message>
    <message>
        <source>The parameter the sweep chart runs along</source>
        <translation>Der Parameter, über den das Sweep-Diagramm läuft</translation>
    </message>
    <message>
        <source>Sweep range: %1; kept %2 : %3</source>
        <translation>Sweep-Bereich: %1; %2 : %3 beibehalten</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::TeachingControls</name>
    <message>
        <source>&amp;Lock axes</source>
        <translation>Achsen fi&amp;xieren</translation>
    </message>
    <message>
        <source>Fi&amp;t axes</source>
        <translation>Achsen a&amp;npassen</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Wiedergabe</translation>
    </message>
    <message>
        <source>Keep the chart&apos;s axes while a slider is dragged or a parameter plays; afterwards they change only if something would leave them</source>
        <translation>Die Achsen des Diagramms beibehalten, während ein Schieberegler gezogen oder ein Parameter abgespielt wird; danach ändern sie sich nur, wenn etwas herausfallen würde</translation>
    </message>
    <message>
        <source>Fit the chart&apos;s axes to what it shows now</source>
        <translation>Die Achsen des Diagramms an den aktuellen Inhalt anpassen</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::ThemeController</name>
    <message>
        <source>Zoom &amp;in</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>Syste&amp;m theme</source>
        <translation>S&amp;ystem-Farbschema</translation>
    </message>
    <message>
        <source>Lig&amp;ht theme</source>
        <translation>&amp;Helles Farbschema</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>&amp;Dunkles Farbschema</translation>
    </message>
</context>
<context>
    <name>roofline::widgets::WorkloadPanel</name>
    <message>
        <source>&amp;Add</source>
        <translation>Hin&amp;zufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operationen</translation>
    </message>
    <message>
        <source>Operations on the chart</source>
        <translation>Operationen im Diagramm</translation>
    </message>
    <message>
        <source>Tick an operation to show it on the chart and in the table; select it to change its parameters</source>
        <translation>Operation ankreuzen, um sie im Diagramm und in der Tabelle zu zeigen; auswählen, um ihre Parameter zu ändern</translation>
    </message>
    <message>
        <source>An operation from the catalogue to add with its default parameters</source>
        <translation>Eine Operation aus dem Katalog, die mit ihren Standardparametern hinzugefügt wird</translation>
    </message>
    <message>
        <source>Add another operation of the chosen kind</source>
        <translation>Eine weitere Operation der gewählten Art hinzufügen</translation>
    </message>
    <message>
        <source>Remove the selected operation</source>
        <translation>Die gewählte Operation entfernen</translation>
    </message>
    <message>
        <source>main memory</source>
        <translation>Hauptspeicher</translation>
    </message>
    <message>
        <source>first link</source>
        <translation>erste Verbindung</translation>
    </message>
</context>
</TS>
