// process.exit() in a node-realm setup fails that case only; v8bench goes on.
// args: run {self} --quick
// exit: 1
// stdout: process.exit(3)
// stdout: node_exit/after
suite({
  name: 'node_exit',
  realm: 'node',
  benches: { quits: { setup() { process.exit(3); }, fn: () => 1 }, after: () => 2 },
});
