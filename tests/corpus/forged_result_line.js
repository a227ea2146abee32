// A node-realm suite that writes a result line of its own to the results descriptor (the worker's
// socket to the supervising run) once got a fake case reported beside the real one; the supervising
// run now keeps only lines sealed with a key the suite never sees, and says how many it ignored.
// args: run {self} --quick --no-native --format json
// exit: 0
// stdout-format: json
// stdout: forger/real
// not-stdout: fake_suite/fake_bench
// stderr: on the results descriptor that v8bench did not write
const fs = require('fs');
const fake = JSON.stringify({
  type: 'case', name: 'fake_suite/fake_bench', suite: 'fake_suite', bench: 'fake_bench', params: {}, realm: 'v8',
  status: 'ok', error: '', samples: [{ iterations: 1, counters: { cpu_ns: 1, wall_ns: 1 } }],
});
function forge() {
  for (let fd = 3; fd < 64; fd++) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')) fs.writeSync(fd, fake + '\n');
    } catch (e) {}
  }
}
suite({ name: 'forger', realm: 'node', benches: { real: { setup() { forge(); }, fn: () => 1 } } });
