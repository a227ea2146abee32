// A Node core file whose bench.end() is called again from a later callback: node would crash on it, so the
// case fails (it was "ok", exit 0, with node's uncaught-exception text on stderr after the result). The
// late call is recorded with the file's line, not thrown from the bench API where no caller would see it
// (node's uncaught-exception banner then named the bench API's line).
// args: run {self} --quick
// exit: 1
// stdout: failed
// stdout: bench.end() was called while no call of main(config) was in progress (at {self}:19:
// stdout: from a callback main left on the event loop
// not-stderr: Node.js v
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
