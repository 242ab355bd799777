# The window and the offscreen export, added to roofline-lab when ROOFLINE_BUILD_GUI is on.
list(APPEND ROOFLINE_APP_SOURCES gui.cpp)
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/gui.cpp PROPERTIES
    COMPILE_DEFINITIONS "ROOFLINE_VERSION=\"${PROJECT_VERSION}\"")
