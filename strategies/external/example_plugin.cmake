# An out-of-tree build of a cribsim plugin: installed beside example_plugin.c as
# examples/CMakeLists.txt. Copy both into a folder of your own, then
#
#     cmake -S . -B build -DCMAKE_PREFIX_PATH=/where/cribsim/is/installed
#     cmake --build build
#     cribsim match plugin:$PWD/build/myplugin.so expected --games 2000
#
# find_package(cribsim) gives the target cribsim::plugin: the include folder of cs_plugin.h,
# the one header a plugin needs (it links nothing of cribsim's: the entry point is looked up
# by name when cribsim loads the file).
cmake_minimum_required(VERSION 3.16)
project(myplugin C)
find_package(cribsim REQUIRED)
add_library(myplugin MODULE example_plugin.c)
target_link_libraries(myplugin PRIVATE cribsim::plugin)
set_target_properties(myplugin PROPERTIES PREFIX "" C_STANDARD 11)
