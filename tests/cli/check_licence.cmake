# SPDX-License-Identifier: GPL-3.0-or-later
# test_licence: the program is GPL-3.0-or-later (it links QCustomPlot, GPL-3.0), and every source says so in an SPDX
# line among its first three; LICENSE holds the licence's text and the AppStream file names it. Run as
# cmake -DSOURCE=... -P.
file(READ "${SOURCE}/LICENSE" licence LIMIT 200)
if(NOT licence MATCHES "GNU GENERAL PUBLIC LICENSE[ \n]+Version 3")
    message(FATAL_ERROR "${SOURCE}/LICENSE is not the GNU General Public License version 3")
endif()
file(READ "${SOURCE}/resources/desktop/org.rooflinelab.rooflinelab.metainfo.xml" metainfo)
if(NOT metainfo MATCHES "<project_license>GPL-3.0-or-later</project_license>")
    message(FATAL_ERROR "the AppStream file names no project_license GPL-3.0-or-later")
endif()
file(GLOB_RECURSE sources RELATIVE "${SOURCE}"
    "${SOURCE}/app/*" "${SOURCE}/core/*" "${SOURCE}/widgets/*" "${SOURCE}/tests/*" "${SOURCE}/bench/*"
    "${SOURCE}/scripts/*" "${SOURCE}/cmake/*" "${SOURCE}/resources/*")
list(APPEND sources CMakeLists.txt)
set(missing "")
foreach(source ${sources})
    if(NOT source MATCHES "(\\.(cpp|h|cmake|sh|py)|CMakeLists\\.txt)$")
        continue()
    endif()
    file(STRINGS "${SOURCE}/${source}" head LIMIT_COUNT 3)
    if(NOT head MATCHES "SPDX-License-Identifier: GPL-3\\.0-or-later")
        list(APPEND missing ${source})
    endif()
endforeach()
if(missing)
    string(REPLACE ";" "\n  " missing "${missing}")
    message(FATAL_ERROR "no SPDX-License-Identifier: GPL-3.0-or-later line in:\n  ${missing}")
endif()
