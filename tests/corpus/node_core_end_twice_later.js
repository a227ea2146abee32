// A Node core file whose bench.end() is called again from a later callback: node would crash on it, so the
// case fails (it was "ok", exit 0, with node's uncaught-exception text on stderr after the result).
// args: run {self} --quick
// exit: 1
// stdout: failed
// stdout: after the case was timed, a callback it left on the event loop ended the Node environment
// stderr: bench.end() was called outside main(config), or twice in one call
// known-v8bench-js-place: node's own uncaught-exception banner heads the late throw with the bench API's line
'use strict';
const common = require('../common.js');
const bench = common.createBenchmark(main, { n: [10] });
function main({ n }) {
  bench.start();
  let x = 0;
  for (let i = 0; i < n; i++) x += i;
  bench.end(n);
  setTimeout(() => bench.end(n), 1);
}
