# The window and the offscreen export, added to roofline-lab when ROOFLINE_BUILD_GUI is on.
list(APPEND ROOFLINE_APP_SOURCES gui.cpp)
