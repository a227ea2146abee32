// byGroups groups whose names collide once made safe for case names ('a b', 'a_b') keep both groups' cases.
// args: list {self}
// exit: 0
// stdout: node_core_bygroups_collide/a_b/n:1
// stdout: node_core_bygroups_collide/a_b_2/n:2
'use strict';
const common = require('../common.js');
const bench = common.createBenchmark(main, { 'a b': { n: [1] }, a_b: { n: [2] } }, { byGroups: true });
function main({ n }) {
  bench.start();
  bench.end(n);
}
