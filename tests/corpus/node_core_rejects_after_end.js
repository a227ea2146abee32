// A Node core file whose async main rejects after bench.end(), once a timer has run: the case fails as a
// node process would (it was "ok", exit 0).
// args: run {self} --quick
// exit: 1
// stdout: failed
// stdout: ended the Node environment
// stderr: late failure after bench.end
'use strict';
const common = require('../common.js');
const bench = common.createBenchmark(main, { n: [10] });
async function main({ n }) {
  bench.start();
  bench.end(n);
  await new Promise((resolve) => setTimeout(resolve, 2));
  throw new Error('late failure after bench.end');
}
