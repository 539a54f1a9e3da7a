# Every dependency comes from a Debian package (see third_party/README.md); nothing is
# downloaded at configure or build time.
find_package(Eigen3 3.3 REQUIRED NO_MODULE)
find_package(OpenMP REQUIRED COMPONENTS CXX)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(meshoptimizer REQUIRED)
if(PBD_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()

# The window stack is optional: without it only the headless program is built.
set(PBD_HAVE_GUI_DEPS OFF)
if(PBD_BUILD_GUI)
  find_package(glfw3 3.3 QUIET)
  find_package(glm QUIET)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(EPOXY QUIET IMPORTED_TARGET epoxy)
  endif()
  find_path(IMGUI_INCLUDE_DIR imgui.h PATH_SUFFIXES imgui)
  find_library(IMGUI_LIBRARY imgui)
  # libimgui-dev ships the GLFW and OpenGL3 backends as sources only (compiled in app/).
  find_path(IMGUI_BACKEND_SOURCE_DIR imgui_impl_opengl3.cpp
            PATHS /usr/share/doc/libimgui-dev/examples/backends NO_DEFAULT_PATH)
  find_path(STB_INCLUDE_DIR stb_image_write.h PATH_SUFFIXES stb)
  find_library(STB_LIBRARY stb)
  if(glfw3_FOUND AND glm_FOUND AND EPOXY_FOUND AND IMGUI_INCLUDE_DIR AND IMGUI_LIBRARY
     AND IMGUI_BACKEND_SOURCE_DIR AND STB_INCLUDE_DIR AND STB_LIBRARY)
    set(PBD_HAVE_GUI_DEPS ON)
  else()
    message(WARNING "GLFW/GLM/epoxy/ImGui (with backends)/stb not all found: building the headless program only. "
                    "Run scripts/setup to install them.")
  endif()
endif()
