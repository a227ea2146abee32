// A string, null or symbol thrown by a suite's setup lost the suite's location (the bench API caught and
// rethrew it, so V8 placed it at v8bench:bench_api.js): each keeps the line of the suite that threw it.
// args: run {self} --quick
// exit: 1
// stdout: 3 failed
// stdout: {self}:11
// stdout: {self}:12
// stdout: {self}:13
// not-stdout: bench_api.js
suite({ name: 'thrown_non_errors', benches: {
  a_string: { setup() { throw 'just a string'; }, fn: () => 1 },
  b_null: { setup() { throw null; }, fn: () => 1 },
  c_symbol: { setup() { throw Symbol('s'); }, fn: () => 1 },
} });
