// A suite's own counter named like a measured figure (cpu_ns) or a result field (name) would replace
// it in every report: the case fails and says so; the other case still runs.
// args: run {self} --quick --no-native
// exit: 1
// stdout: counters(state) returns 'cpu_ns'
// stdout: give it another name
suite({
  name: 'shadow',
  benches: {
    honest: { fn: () => 1, counters: () => ({ widgets: 2 }) },
    forger: { fn: () => 1, counters: () => ({ cpu_ns: -1 }) },
  },
});
