# Generates a C++ source that holds a JS file as a string constant, so the binary runs from any
# directory. Invoked at build time: cmake -DIN=<js> -DOUT=<cc> -DSYMBOL=<name> -P EmbedJs.cmake
file(READ "${IN}" content)
set(delim "V8BENCH_JS")
string(FIND "${content}" ")${delim}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )${delim}\"")
endif()
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by cmake/EmbedJs.cmake. Do not edit.\n"
  "namespace v8bench {\nextern const char ${SYMBOL}[];\nconst char ${SYMBOL}[] = R\"${delim}(${content})${delim}\";\n}  // namespace v8bench\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
