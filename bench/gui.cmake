# The window's interactive cost: one slider step to a finished replot, and an export of each format.
add_executable(bench_gui bench_gui.cpp)
target_link_libraries(bench_gui PRIVATE roofline_window Qt6::Test roofline_warnings)
# The play control's frames on the default scenario.
add_executable(bench_play bench_play.cpp)
target_link_libraries(bench_play PRIVATE roofline_window Qt6::Test roofline_warnings)
