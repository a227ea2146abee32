// issue 12 #8: in the node realm a suite's console.log (and process.stdout, and fd 1 itself) went to
// v8bench's stdout and corrupted --format json. Results own stdout; everything else goes to stderr.
// args: run {self} --quick --format json
// exit: 0
// stdout-format: json
// stderr: printed at the top level
// stderr: printed by setup
// stderr: written to fd 1
suite({
  name: 'node_prints',
  realm: 'node',
  benches: {
    noisy: {
      setup() {
        console.log('printed by setup {"not":"a result"}');
        process.stdout.write('process.stdout in setup\n');
        require('fs').writeSync(1, 'written to fd 1\n');
        return {};
      },
      fn: () => { console.log('printed by fn'); return 1; },
    },
  },
});
console.log('printed at the top level');
