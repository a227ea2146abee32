// issue 12 #1: Object.prototype.toJSON set in a setup aborted the process when the host read the
// case's counters; later cases were lost.
// args: run {self} --quick --format json
// exit: 0
// stdout-format: json
// stdout: "chunk_bytes"
// stdout: "tojson_setup/after"
suite({
  name: 'tojson_setup',
  benches: {
    counted: {
      setup() { Object.prototype.toJSON = () => 7; return { n: 3 }; },
      fn: (s) => s.n,
      counters: () => ({ chunk_bytes: 64, calls: 1 }),
    },
    after: () => 2,
  },
});
