# The window driven through its real widgets, offscreen.
roofline_add_test(test_window SOURCES test_window.cpp test_util.h LIBS roofline_widgets)
add_dependencies(test_window roofline-lab)
roofline_add_test(test_robustness SOURCES test_robustness.cpp test_util.h LIBS roofline_widgets)
add_dependencies(test_robustness roofline-lab)
roofline_add_test(test_png SOURCES test_png.cpp LIBS roofline_widgets)
roofline_add_test(test_document SOURCES test_document.cpp test_util.h LIBS roofline_widgets)
