# Finds the V8 that v8bench embeds, in this order:
#   1. -DV8_ROOT=<dir>: a user's own V8 build (include/ plus a monolithic or shared library under
#      lib/, out/, or the root). Node's embedder API is used only if node.h is there too.
#   2. Debian's libnode-dev installed system-wide (/usr/include/node + libnode.so.N whose N matches
#      the headers' NODE_MODULE_VERSION, so a foreign node.h, e.g. NodeSource's, is not mistaken for it).
#   3. The private unpack of Debian's libnode108 + libnode-dev made by tools/setup.sh in
#      third_party/libnode.
# Defines the imported target v8bench::v8, V8_FOUND_VIA, and V8BENCH_HAVE_NODE (0/1).

function(_v8_module_version include_dir out)
  set(${out} "" PARENT_SCOPE)
  if(EXISTS "${include_dir}/node_version.h")
    file(STRINGS "${include_dir}/node_version.h" _line REGEX "^#define NODE_MODULE_VERSION [0-9]+")
    if(_line)
      string(REGEX REPLACE ".* ([0-9]+)$" "\\1" _ver "${_line}")
      set(${out} "${_ver}" PARENT_SCOPE)
    endif()
  endif()
endfunction()

set(_v8_include "")
set(_v8_library "")
set(V8BENCH_HAVE_NODE 0)

if(V8_ROOT)
  find_path(_v8_include NAMES v8.h PATHS "${V8_ROOT}/include" NO_DEFAULT_PATH)
  find_library(_v8_library NAMES v8_monolith v8 node
    PATHS "${V8_ROOT}/lib" "${V8_ROOT}/out" "${V8_ROOT}/out/x64.release/obj" "${V8_ROOT}" NO_DEFAULT_PATH)
  if(NOT _v8_include OR NOT _v8_library)
    message(FATAL_ERROR "V8_ROOT=${V8_ROOT}: need include/v8.h and a v8_monolith/v8/node library under lib/ or out/")
  endif()
  if(EXISTS "${_v8_include}/node.h")
    set(V8BENCH_HAVE_NODE 1)
  endif()
  set(V8_FOUND_VIA "V8_ROOT (${V8_ROOT})")
else()
  # System libnode-dev: the library's soname number must match the headers' module version.
  _v8_module_version("/usr/include/node" _sys_ver)
  if(_sys_ver AND EXISTS "/usr/include/node/v8.h")
    find_library(_v8_sys_lib NAMES libnode.so.${_sys_ver} PATHS /usr/lib/x86_64-linux-gnu /usr/lib NO_DEFAULT_PATH)
    if(_v8_sys_lib)
      set(_v8_include "/usr/include/node")
      set(_v8_library "${_v8_sys_lib}")
      set(V8_FOUND_VIA "system libnode-dev")
    endif()
  endif()
  if(NOT _v8_library)
    set(_priv "${PROJECT_SOURCE_DIR}/third_party/libnode/usr")
    _v8_module_version("${_priv}/include/node" _priv_ver)
    if(_priv_ver AND EXISTS "${_priv}/lib/x86_64-linux-gnu/libnode.so.${_priv_ver}")
      set(_v8_include "${_priv}/include/node")
      set(_v8_library "${_priv}/lib/x86_64-linux-gnu/libnode.so.${_priv_ver}")
      set(V8_FOUND_VIA "private unpack of Debian libnode (third_party/libnode)")
    endif()
  endif()
  if(NOT _v8_library)
    message(FATAL_ERROR "No V8 found. Run tools/setup.sh (installs or unpacks Debian's libnode-dev), "
                        "or pass -DV8_ROOT=<your V8 build>.")
  endif()
  set(V8BENCH_HAVE_NODE 1)
endif()

add_library(v8bench::v8 SHARED IMPORTED GLOBAL)
set_target_properties(v8bench::v8 PROPERTIES
  IMPORTED_LOCATION "${_v8_library}"
  INTERFACE_INCLUDE_DIRECTORIES "${_v8_include}"
  INTERFACE_COMPILE_DEFINITIONS "V8BENCH_HAVE_NODE=${V8BENCH_HAVE_NODE}")
# Headers of V8/Node are third-party: mark them SYSTEM so -Wall -Wextra judges only our code.
set_target_properties(v8bench::v8 PROPERTIES INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${_v8_include}")
get_filename_component(V8_LIBRARY_DIR "${_v8_library}" DIRECTORY)
message(STATUS "V8: ${V8_FOUND_VIA}: ${_v8_library}")
