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
    # Pedantic, and with nothing left: not an error, a warning, an info or a pedantic hint.
    execute_process(COMMAND ${APPSTREAMCLI} validate --pedantic --no-net ${metainfo} RESULT_VARIABLE rc
        OUTPUT_VARIABLE out ERROR_VARIABLE out)
    # AppStream 1.0 (Debian 13) wants <developer id="..."><name>, its <developer_name> deprecated; the validator of
    # AppStream 0.16 (Debian 12) predates the tag and names it as unknown, an info line and nothing else.
    execute_process(COMMAND ${APPSTREAMCLI} --version OUTPUT_VARIABLE version ERROR_QUIET)
    if(version MATCHES "AppStream version: 0\\.")
        string(REGEX REPLACE "(^|\n)I: [^\n]*: unknown-tag developer\n" "\\1" out "${out}")
    endif()
    if(NOT rc EQUAL 0 OR out MATCHES "(^|\n)[EWIP]: ")
        message(FATAL_ERROR "appstreamcli validate --pedantic --no-net ${metainfo}:\n${out}")
    endif()
else()
    list(APPEND skipped appstreamcli)
endif()

# Each screenshot the metainfo names is one of docs/screenshots/, published under the homepage as it is, at the size
# the metainfo states.
file(READ "${metainfo}" metainfo_text)
string(REGEX MATCH "<url type=\"homepage\">([^<]*)</url>" _ "${metainfo_text}")
set(homepage "${CMAKE_MATCH_1}")
string(REGEX MATCHALL "<image type=\"source\" width=\"[0-9]+\" height=\"[0-9]+\">[^<]*</image>" images
    "${metainfo_text}")
list(LENGTH images image_count)
if(image_count EQUAL 0)
    message(FATAL_ERROR "${metainfo}: no screenshots")
endif()
foreach(image IN LISTS images)
    string(REGEX MATCH "width=\"([0-9]+)\" height=\"([0-9]+)\">([^<]*)<" _ "${image}")
    set(width ${CMAKE_MATCH_1})
    set(height ${CMAKE_MATCH_2})
    set(url "${CMAKE_MATCH_3}")
    get_filename_component(name "${url}" NAME)
    if(NOT url STREQUAL "${homepage}/screenshots/${name}")
        message(FATAL_ERROR "${metainfo}: ${url} is not under ${homepage}/screenshots/")
    endif()
    set(png "${SOURCE}/docs/screenshots/${name}")
    if(NOT EXISTS "${png}")
        message(FATAL_ERROR "${metainfo} names ${url}, but docs/screenshots/${name} is missing")
    endif()
    # A PNG's width and height are big-endian words at bytes 16 and 20 of its header.
    file(READ "${png}" header OFFSET 16 LIMIT 8 HEX)
    string(SUBSTRING "${header}" 0 8 w)
    string(SUBSTRING "${header}" 8 8 h)
    math(EXPR w "0x${w}")
    math(EXPR h "0x${h}")
    if(NOT w EQUAL width OR NOT h EQUAL height)
        message(FATAL_ERROR "docs/screenshots/${name} is ${w}x${h}, the metainfo says ${width}x${height}")
    endif()
endforeach()

set(mime "${SOURCE}/resources/desktop/${ID}.mime.xml")
find_program(XMLLINT xmllint)
if(XMLLINT)
    execute_process(COMMAND ${XMLLINT} --noout ${mime} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "xmllint --noout ${mime}:\n${out}")
    endif()
else()
    list(APPEND skipped xmllint)
endif()

file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX} RESULT_VARIABLE rc
    OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install ${BUILD} --prefix ${PREFIX} failed:\n${out}")
endif()
foreach(path bin/roofline-lab share/applications/${ID}.desktop share/metainfo/${ID}.metainfo.xml
        share/icons/hicolor/scalable/apps/${ID}.svg share/doc/roofline-lab/copyright share/mime/packages/${ID}.xml
        share/man/man1/roofline-lab.1.gz share/bash-completion/completions/roofline-lab
        share/zsh/vendor-completions/_roofline-lab share/doc/roofline-lab/README.md
        share/doc/roofline-lab/file-formats.md share/doc/roofline-lab/changelog.gz)
    if(NOT EXISTS "${PREFIX}/${path}")
        message(FATAL_ERROR "cmake --install placed no ${path} under ${PREFIX}:\n${out}")
    endif()
endforeach()
# The MIME type as a desktop finds it, in the prefix's own database beside the system's: a scenario is one by its
# first keys, whether or not comments come before them, and a YAML file without them stays YAML. xdg-mime asks GIO,
# as under GNOME; its generic fallback reads globs alone.
find_program(UPDATE_MIME_DATABASE update-mime-database)
find_program(XDG_MIME xdg-mime)
find_program(GIO gio)
if(UPDATE_MIME_DATABASE AND XDG_MIME AND GIO)
    set(mimeEnv XDG_DATA_HOME=${PREFIX}/share XDG_DATA_DIRS=/usr/local/share:/usr/share XDG_CURRENT_DESKTOP=GNOME)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env ${mimeEnv} ${UPDATE_MIME_DATABASE} ${PREFIX}/share/mime
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0 OR NOT out STREQUAL "")
        message(FATAL_ERROR "update-mime-database ${PREFIX}/share/mime:\n${out}")
    endif()
    file(WRITE "${PREFIX}/lesson.yaml" "preset: tpu-v5e\noperations:\n  - {op: dot, N: 1024}\n")
    file(WRITE "${PREFIX}/commented.yml" "# Two matmuls on an H100\n\noperations:\n  - {op: matmul, B: 256}\n")
    file(WRITE "${PREFIX}/chip.yaml" "# An inline chip\nhardware:\n  name: Mine\n")
    file(WRITE "${PREFIX}/other.yaml" "services:\n  web:\n    image: nginx\n")
    # shared-mime-info 2.3 (Debian 12) names YAML application/x-yaml; 2.4 (Debian 13) application/yaml, the old name
    # an alias of it.
    foreach(pair lesson.yaml=application/x-roofline-lab-scenario commented.yml=application/x-roofline-lab-scenario
            chip.yaml=application/x-roofline-lab-scenario other.yaml=application/x-yaml|application/yaml)
        string(REPLACE "=" ";" pair "${pair}")
        list(GET pair 0 name)
        list(GET pair 1 expected)
        execute_process(COMMAND ${CMAKE_COMMAND} -E env ${mimeEnv} ${XDG_MIME} query filetype ${PREFIX}/${name}
            RESULT_VARIABLE rc OUTPUT_VARIABLE type ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
        string(REPLACE "|" ";" accepted "${expected}")
        list(FIND accepted "${type}" found)
        if(NOT rc EQUAL 0 OR found EQUAL -1)
            message(FATAL_ERROR "xdg-mime query filetype ${name}: '${type}', expected '${expected}' ${err}")
        endif()
    endforeach()
else()
    list(APPEND skipped "update-mime-database, xdg-mime or gio")
endif()

# The manual renders without a warning and names every command; the bash completion parses, and completes a
# command's options and the ids of the presets and models the installed program knows.
find_program(MAN man)
if(MAN)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env MANWIDTH=80 ${MAN} -l --warnings -E UTF-8
        ${PREFIX}/share/man/man1/roofline-lab.1.gz RESULT_VARIABLE rc OUTPUT_VARIABLE page ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
        message(FATAL_ERROR "man -l --warnings roofline-lab.1:\n${err}")
    endif()
    set(commands presets models report import save compare)
    if(GUI)
        list(APPEND commands export) # a build without the window has no chart to export
    endif()
    foreach(command ${commands})
        if(NOT page MATCHES "roofline-lab ${command}\n")
            message(FATAL_ERROR "the manual has no section for ${command}:\n${page}")
        endif()
    endforeach()
else()
    list(APPEND skipped man)
endif()
find_program(ZSH zsh)
if(ZSH)
    execute_process(COMMAND ${ZSH} -n ${PREFIX}/share/zsh/vendor-completions/_roofline-lab RESULT_VARIABLE rc
        ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "zsh -n _roofline-lab:\n${err}")
    endif()
endif()
set(completion ${PREFIX}/share/bash-completion/completions/roofline-lab)
foreach(check
        "roofline-lab rep|report"
        "roofline-lab report --pre|--preset --preset-dir"
        "roofline-lab report --preset h100|h100-pcie h100-sxm"
        "roofline-lab save --model llama-3.1-4|llama-3.1-405b"
        "roofline-lab report --phase d|decode"
        "roofline-lab compare --format c|csv")
    string(REPLACE "|" ";" check "${check}")
    list(GET check 0 line)
    list(GET check 1 expected)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env "PATH=${PREFIX}/bin:$ENV{PATH}" HOME=${PREFIX}
            XDG_CONFIG_HOME=${PREFIX}/config bash -c "source '${completion}'; COMP_WORDS=(${line}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _roofline_lab; echo \"\${COMPREPLY[*]}\""
        RESULT_VARIABLE rc OUTPUT_VARIABLE reply ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
    # The program the completion asks for ids is the installed one.
    if(NOT rc EQUAL 0 OR NOT reply STREQUAL expected)
        message(FATAL_ERROR "completing '${line}': '${reply}', expected '${expected}' ${err}")
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
