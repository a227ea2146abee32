// A Node core file whose byGroups configs hold null for a group failed with "Cannot convert undefined or
// null to object" at a line of v8bench's: the message names the file, the group and what it must be.
// args: list {self}
// exit: 2
// stderr: {self}:9
// stderr: configs.broken must be an object of configs, not null
// not-stderr: bench_api.js
const common = require('../common.js');
const bench = common.createBenchmark(main, { ok: { n: [1] }, broken: null }, { byGroups: true });
function main({ n }) {
  bench.start();
  bench.end(n);
}
