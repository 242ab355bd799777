# SPDX-License-Identifier: GPL-3.0-or-later
# `cpack -G DEB` in the build folder: a Debian package of what `cmake --install` places, its dependencies found by
# dpkg-shlibdeps from the libraries the binary links.
set(CPACK_PACKAGE_NAME roofline-lab)
set(CPACK_PACKAGE_VENDOR "Roofline Lab")
set(CPACK_PACKAGE_CONTACT "Roofline Lab maintainers <maintainers@rooflinelab.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Live roofline charts of chips and operations")
# Lines of at most 80 columns, as lintian reads a package's extended description.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "Roofline Lab draws attainable FLOP/s against arithmetic intensity under the\n"
    "compute peaks, memory bandwidths and network links of a chip, with operations\n"
    "(matmuls, collectives, parallel training steps) that move while the hardware or\n"
    "the workload changes. It reproduces the worked examples of “All About\n"
    "Rooflines” and “The Extended Roofline”, and runs headless for scripts.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY roofline-lab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # roofline-lab_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://rooflinelab.org")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Loaded at run time, not linked, so dpkg-shlibdeps cannot see them: the font the window and exports draw with, and
# Qt's own words (its dialogs, a text field's menu) in the languages the window is translated into.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core, qt6-translations-l10n")
include(CPack)
