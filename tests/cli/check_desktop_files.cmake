# SPDX-License-Identifier: GPL-3.0-or-later
# test_desktop_files: the launcher entry and the AppStream metadata pass their validators (when installed:
# scripts/setup.sh installs desktop-file-utils and appstream), and `cmake --install` places the binary, the desktop
# file, the metainfo and the icon under a prefix. Run as cmake -DSOURCE=... -DBUILD=... -DPREFIX=... -DID=... -P.
set(desktop "${SOURCE}/resources/desktop/${ID}.desktop")
set(metainfo "${SOURCE}/resources/desktop/${ID}.metainfo.xml")
set(skipped "")

find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
if(DESKTOP_FILE_VALIDATE)
    execute_process(COMMAND ${DESKTOP_FILE_VALIDATE} ${desktop} RESULT_VARIABLE rc OUTPUT_VARIABLE out
        ERROR_VARIABLE out)
    # It prints hints and errors alike and fails only on errors: a hint is a finding too.
    if(NOT rc EQUAL 0 OR NOT out STREQUAL "")
        message(FATAL_ERROR "desktop-file-validate ${desktop}:\n${out}")
    endif()
else()
    list(APPEND skipped desktop-file-validate)
endif()

find_program(APPSTREAMCLI appstreamcli)
if(APPSTREAMCLI)
    execute_process(COMMAND ${APPSTREAMCLI} validate --no-net ${metainfo} RESULT_VARIABLE rc OUTPUT_VARIABLE out
        ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "appstreamcli validate --no-net ${metainfo}:\n${out}")
    endif()
else()
    list(APPEND skipped appstreamcli)
endif()

file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX} RESULT_VARIABLE rc
    OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install ${BUILD} --prefix ${PREFIX} failed:\n${out}")
endif()
foreach(path bin/roofline-lab share/applications/${ID}.desktop share/metainfo/${ID}.metainfo.xml
        share/icons/hicolor/scalable/apps/${ID}.svg share/doc/roofline-lab/copyright)
    if(NOT EXISTS "${PREFIX}/${path}")
        message(FATAL_ERROR "cmake --install placed no ${path} under ${PREFIX}:\n${out}")
    endif()
endforeach()
execute_process(COMMAND ${PREFIX}/bin/roofline-lab --version RESULT_VARIABLE rc OUTPUT_VARIABLE out
    ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the installed roofline-lab --version failed:\n${out}")
endif()
file(REMOVE_RECURSE "${PREFIX}")

if(skipped)
    # CTest counts this test as skipped (SKIP_REGULAR_EXPRESSION) rather than passed.
    message("SKIPPED: ${skipped} not installed; run scripts/setup.sh")
endif()
