# The window driven through its real widgets, offscreen.
roofline_add_test(test_window SOURCES test_window.cpp test_util.h LIBS roofline_window)
add_dependencies(test_window roofline-lab)
roofline_add_test(test_robustness SOURCES test_robustness.cpp test_util.h LIBS roofline_window)
add_dependencies(test_robustness roofline-lab)
roofline_add_test(test_png SOURCES test_png.cpp LIBS roofline_widgets)
roofline_add_test(test_document SOURCES test_document.cpp test_util.h LIBS roofline_window)
roofline_add_test(test_colours SOURCES test_colours.cpp test_util.h LIBS roofline_widgets)
# The window on small screens, each an offscreen screen of tests/screens/.
roofline_add_test(test_screen SOURCES test_screen.cpp test_util.h window_fixture.h LIBS roofline_window)
set_tests_properties(test_screen PROPERTIES ENVIRONMENT
    "QT_QPA_PLATFORM=offscreen:configfile=${CMAKE_CURRENT_SOURCE_DIR}/screens/laptop-1280x720.json;ROOFLINE_TEST_SCALE=2")
add_test(NAME test_screen_projector COMMAND test_screen)
set_tests_properties(test_screen_projector PROPERTIES ENVIRONMENT
    "QT_QPA_PLATFORM=offscreen:configfile=${CMAKE_CURRENT_SOURCE_DIR}/screens/projector-1024x768.json" TIMEOUT 300)
roofline_add_test(test_table SOURCES test_table.cpp test_util.h window_fixture.h LIBS roofline_window)
add_dependencies(test_table roofline-lab)
roofline_add_test(test_details SOURCES test_details.cpp test_util.h window_fixture.h LIBS roofline_window)
add_dependencies(test_details roofline-lab)
roofline_add_test(test_model_view SOURCES test_model_view.cpp test_util.h window_fixture.h LIBS roofline_window)
# The teaching controls: count sliders, play, axis lock, the chart and the table selecting together.
roofline_add_test(test_teaching SOURCES test_teaching.cpp test_util.h window_fixture.h LIBS roofline_window)
add_dependencies(test_teaching roofline-lab)
# The worked examples as a lesson: the examples menu, the explanation, the zoom and the presentation view.
roofline_add_test(test_lesson SOURCES test_lesson.cpp test_util.h window_fixture.h LIBS roofline_window)
# Measured kernels on the chart and in their table, and the export command drawing them.
roofline_add_test(test_measured_window SOURCES test_measured_window.cpp test_util.h window_fixture.h LIBS roofline_window)
add_dependencies(test_measured_window roofline-lab)
# Every example's chart as a class sees it: markers apart, names beside their markers, no text over another thing.
roofline_add_test(test_chart_labels SOURCES test_chart_labels.cpp test_util.h window_fixture.h LIBS roofline_window)
