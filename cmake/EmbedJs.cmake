# Generates a C++ source that holds a JS file as a string constant, so the binary runs from any
# directory. Invoked at build time:
#   cmake -DIN=<dir> -DOUT=<cc> -DJOINED=<js> -DSYMBOL=<name> -P EmbedJs.cmake
# IN's *.js or *.mjs parts are one script joined in file-name order (js/bench_api/00_begin.js says why);
# JOINED receives the joined script as a file.
file(GLOB parts "${IN}/*.js" "${IN}/*.mjs")
list(SORT parts)
if(NOT parts)
  message(FATAL_ERROR "${IN} has no *.js or *.mjs part")
endif()
set(content "")
foreach(part IN LISTS parts)
  file(READ "${part}" text)
  string(APPEND content "${text}")
endforeach()
file(WRITE "${JOINED}.tmp" "${content}")
file(COPY_FILE "${JOINED}.tmp" "${JOINED}" ONLY_IF_DIFFERENT)
file(REMOVE "${JOINED}.tmp")
set(delim "V8BENCH_JS")
string(FIND "${content}" ")${delim}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )${delim}\"")
endif()
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by cmake/EmbedJs.cmake. Do not edit.\n"
  "namespace v8bench {\nextern const char ${SYMBOL}[];\nconst char ${SYMBOL}[] = R\"${delim}(${content})${delim}\";\n}  // namespace v8bench\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
