// v8bench suite API. Evaluated in every realm before any suite file; plain ECMAScript so that the same
// file runs in a bare V8 context, in a Node environment, and (later) in external engines.
//
// A suite file calls suite({...}) once or more:
//
//   suite({
//     name: 'example',                 // [a-z0-9_]+, unique
//     realm: 'v8',                     // 'v8' (bare context) or 'node' (real Node environment)
//     description: 'One paragraph: the real-world pattern and what to look at.',
//     params: { n: [100, 10000] },     // cartesian grid; a bench may override with its own params
//     quick: { n: [100] },             // optional grid for --quick (default: first value of each)
//     setup(p) { return state; },      // per case, untimed; p holds one value per parameter
//     teardown(state) {},              // per case, untimed
//     benches: {
//       sum: (state) => value,                            // shorthand
//       other: { fn(state) {}, setup(p) {}, check(state, result) {}, counters(state) {},
//                params: {...}, quick: {...}, async: false, exclude(p) {} },
//     },
//   });
//
// floor(state) (optional) names the same work done natively, so the report can show JS beside the
// machine: { kind: 'json_parse', text } (simdjson parses text), { kind: 'sin'|'cos'|'sincos', inputs }
// (the host libm over the inputs), { kind: 'memcpy', bytes } (memcpy of that many bytes) — per
// iteration of fn.
// exclude(p) (on a bench or the suite) leaves out parameter combinations for which it returns true,
// e.g. exclude: (p) => p.chunk * p.chunks > 64 << 20.
// fn is the timed body. Its result is consumed by the harness (so the work cannot be optimised away).
// check(state, result) runs on one untimed call before timing; throw to fail the case.
// seededRandom(seed) gives a deterministic [0, 1) sequence, the same on every engine, for test data.
// counters(state) returns { name: value per iteration }; a name ending in _bytes is shown as a byte
// count and a throughput. A name v8bench records itself (cpu_ns, gc_count, name, iterations, one
// starting with __, ...) fails the case: a suite's counter never replaces a measured figure. A bench whose fn returns a promise (or has async: true) is awaited per
// iteration with the host driving microtasks and the event loop.
// operations(state) (optional) returns the running totals { ops, ns } of a bench whose one call does
// many operations of its own (a Node core benchmark's main(config) ends with bench.end(n)): the figures
// are then per operation, and ns (the time the bench timed itself for those operations) gives ops_per_s.
//
// Files written for other harnesses run unchanged: load() (04_loading.js) hands Node core's benchmark/ files and the files importing mitata, tinybench, bench-node or
// Benchmark.js v8bench's implementations of those APIs, which declare suites through suite().
//
// The API is one script in parts, one responsibility each (js/bench_api/NN_name.js), joined in file-name
// order by cmake/EmbedJs.cmake into the closure this part opens and 99_end.js closes. One closure, not
// modules: every part calls the built-ins 01_safe_builtins.js captured before any suite ran, and nothing
// of the harness is reachable from a suite but the globals 13_globals.js defines. Each part but this one
// and 99_end.js is a plain list of declarations that a reader or a linter can take alone.
(function (global) {
  'use strict';
