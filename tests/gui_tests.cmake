# The window driven through its real widgets, offscreen.
roofline_add_test(test_window SOURCES test_window.cpp LIBS roofline_widgets)
add_dependencies(test_window roofline-lab)
