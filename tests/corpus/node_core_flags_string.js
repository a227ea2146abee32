// createBenchmark's flags given as one string (node concatenates them) are heard: a flag this engine is not
// started with makes the case unsupported, with a line saying so (it was silently ignored).
// args: run {self} --quick
// exit: 0
// stdout: unsupported
// stdout: --expose-internals
'use strict';
const common = require('../common.js');
const bench = common.createBenchmark(main, { n: [1] }, { flags: '--expose-internals' });
function main({ n }) {
  bench.start();
  bench.end(n);
}
