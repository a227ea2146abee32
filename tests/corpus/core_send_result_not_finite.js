// common.sendResult with a rate that is not a number read "the bench API's counter 'ops_per_s' is not a
// number": the message names the file's line and the values it needs.
// args: run {self} --quick
// exit: 1
// stdout: common.sendResult({ rate: NaN, time: 1 }) (at {self}:11
// not-stdout: bench_api.js
// not-stdout: is not a number
const common = require('../common.js');
common.createBenchmark(main, { n: [1] });
function main() {
  common.sendResult({ rate: NaN, time: 1 });
}
