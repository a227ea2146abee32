// A setup that throws fails its case, with the file and line; the other cases run.
// args: run {self} --quick --format json --out {tmp}/r.json
// exit: 1
// file-format: {tmp}/r.json json
// stdout: throwing_setup.js:9
// stdout: throwing_setup/after
suite({
  name: 'throwing_setup',
  benches: { bad: { setup() { throw new Error('setup boom'); }, fn: () => 1 }, after: () => 2 },
});
