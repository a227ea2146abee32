// A tinybench file whose Bench setup option throws was reported at v8bench:bench_api.js (the adapter that
// calls it): the failure names the file's line.
// args: run {self} --quick
// exit: 1
// stdout: {self}:9
// stdout: setup boom
// not-stdout: bench_api.js
import { Bench } from 'tinybench';
const bench = new Bench({ setup() { throw new Error('setup boom'); } });
bench.add('task', () => 1);
await bench.run();
