// A Node core benchmark file that breaks bench's contract (end(0), end(NaN), end('5'), start() twice, end()
// twice in one call) had each case fail at v8bench:bench_api.js:202:9 ("throw naming(e)"), a line of
// v8bench's: each message names the file's line that broke it and what to do, after Node's own words.
// args: run {self} --quick
// exit: 1
// stdout: 5 failed
// stdout: {self}:23:20: Error: called end() with operation count <= 0 (0) (at {self}:23
// stdout: {self}:25:20: Error: called end() with operation count NaN (at {self}:25
// stdout: {self}:27:20: Error: called end() without specifying operation count (at {self}:27
// stdout: got the string "5"
// stdout: {self}:29:13: Error: Called start more than once in a single benchmark (at {self}:29
// stdout: {self}:33:13: Error: bench.end() was called after this call of main(config) had ended (twice in one call) (at {self}:33
// not-stdout: bench_api.js
'use strict';
const common = require('../common.js');

const bench = common.createBenchmark(main, { kind: ['zero', 'nan', 'string', 'start2', 'end2'] });

function main({ kind }) {
  bench.start();
  switch (kind) {
    case 'zero':
      return bench.end(0);
    case 'nan':
      return bench.end(NaN);
    case 'string':
      return bench.end('5');
    case 'start2':
      bench.start();
      return bench.end(1);
    default:
      bench.end(1);
      bench.end(1);
  }
}
