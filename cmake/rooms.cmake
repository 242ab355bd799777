# SPDX-License-Identifier: GPL-3.0-or-later
# roofline_room(TARGET FOLDER [PLAIN] SOURCES ... [LINKS target ...]): the static library TARGET from the sources of
# FOLDER (relative to the calling CMakeLists.txt), for the subsystems of core/ and the views of widgets/.
#
# Its include root holds a link to FOLDER and nothing else, so a source sees the headers of its own folder and of the
# libraries it links, and an include that names a folder it does not link fails to compile. Includes name the folder:
# #include "roofline/evaluate.h". PLAIN: plain C++, nothing for moc to scan, compiled as unity sources of up to eight
# files each (ROOFLINE_UNITY_BUILD): core's small files parse the same standard headers once a batch, not once a file.
# Names in a file's anonymous namespace are then seen by the other files of its batch: keep them distinct, and share
# a helper through a header rather than copying it.
function(roofline_room target folder)
    cmake_parse_arguments(PARSE_ARGV 2 ARG "PLAIN" "" "SOURCES;LINKS")
    set(root "${CMAKE_CURRENT_BINARY_DIR}/include/${folder}")
    file(MAKE_DIRECTORY "${root}")
    file(CREATE_LINK "${CMAKE_CURRENT_SOURCE_DIR}/${folder}" "${root}/${folder}" SYMBOLIC)
    list(TRANSFORM ARG_SOURCES PREPEND "${folder}/")
    add_library(${target} STATIC ${ARG_SOURCES})
    target_include_directories(${target} PUBLIC "${root}")
    target_link_libraries(${target} PUBLIC ${ARG_LINKS} PRIVATE roofline_warnings)
    if(ARG_PLAIN)
        set_target_properties(${target} PROPERTIES AUTOMOC OFF UNITY_BUILD ${ROOFLINE_UNITY_BUILD})
    endif()
endfunction()

# roofline_share_qt_headers(TARGET): the views, the window and the program compile the same Qt Widgets, QCustomPlot and
# standard headers before their own. The first target to call this precompiles them and the others reuse that one
# header: a clean build parses Qt Widgets and QCustomPlot once instead of in each of some fifty sources. Project
# headers stay out, so that editing one rebuilds only what includes it. Reuse needs the same compile options; the
# definitions that differ between these targets (QT_SVG_LIB, ROOFLINE_HAVE_GUI ...) appear in none of the headers.
# The sanitizer build turns precompiled headers off (CMAKE_DISABLE_PRECOMPILE_HEADERS), so a source that leans on
# one of these headers without including it fails there.
set(ROOFLINE_QT_PCH <QAction> <QApplication> <QComboBox> <QHBoxLayout> <QLabel> <QLineEdit> <QSignalBlocker>
    <QSlider> <QTimer> <QVBoxLayout> <QWidget> <qcustomplot.h> <algorithm> <cmath> <map> <memory> <optional> <string>
    <vector>)
function(roofline_share_qt_headers target)
    roofline_share_precompiled_headers(${target} views ${ROOFLINE_QT_PCH})
endfunction()

# roofline_share_precompiled_headers(TARGET GROUP HEADERS...): the first target of GROUP to call this precompiles
# HEADERS, and every later one reuses that header.
function(roofline_share_precompiled_headers target group)
    get_property(first GLOBAL PROPERTY "ROOFLINE_PCH_${group}")
    if(first)
        target_precompile_headers(${target} REUSE_FROM ${first})
    else()
        target_precompile_headers(${target} PRIVATE ${ARGN})
        set_property(GLOBAL PROPERTY "ROOFLINE_PCH_${group}" ${target})
    endif()
endfunction()
