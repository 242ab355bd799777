# roofline_room(TARGET FOLDER [PLAIN] SOURCES ... [LINKS target ...]): the static library TARGET from the sources of
# FOLDER (relative to the calling CMakeLists.txt), for the subsystems of core/ and the views of widgets/.
#
# Its include root holds a link to FOLDER and nothing else, so a source sees the headers of its own folder and of the
# libraries it links, and an include that names a folder it does not link fails to compile. Includes name the folder:
# #include "roofline/evaluate.h". PLAIN: plain C++, nothing for moc to scan.
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
        set_target_properties(${target} PROPERTIES AUTOMOC OFF)
    endif()
endfunction()
