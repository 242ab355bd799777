# SPDX-License-Identifier: GPL-3.0-or-later
# Whether each translation (.ts) is complete and up to date: lupdate, run over the window's sources into a copy, must
# find no text without a translation and leave the copy as it was (no text added, none gone).
#   cmake -DLUPDATE=... -DSOURCES=sources.lst -DWORK=dir -DTS_FILES="a.ts;b.ts" -P check_translations.cmake
file(MAKE_DIRECTORY "${WORK}")
set(problems "")
foreach(ts IN LISTS TS_FILES)
    get_filename_component(name "${ts}" NAME)
    set(copy "${WORK}/${name}")
    file(COPY_FILE "${ts}" "${copy}")
    execute_process(COMMAND "${LUPDATE}" -silent -no-obsolete -locations none "@${SOURCES}" -ts "${copy}"
        RESULT_VARIABLE status ERROR_VARIABLE errors)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "lupdate failed on ${name}: ${errors}")
    endif()
    file(READ "${copy}" updated)
    file(READ "${ts}" committed)
    string(REGEX MATCHALL "type=\"unfinished\"" unfinished "${updated}")
    list(LENGTH unfinished count)
    if(count GREATER 0)
        string(APPEND problems "${name}: ${count} texts without a translation\n")
    endif()
    if(NOT updated STREQUAL committed)
        string(APPEND problems "${name}: not up to date with the sources (texts added or gone)\n")
    endif()
endforeach()
if(problems)
    message(FATAL_ERROR "${problems}Run `cmake --build BUILD --target update_translations`, translate what it marks "
        "unfinished (Qt Linguist, or the .ts by hand) and commit the .ts files.")
endif()
