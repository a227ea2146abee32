// A node-realm suite that writes a result line of its own to a comparison worker's results descriptor
// got its fake 1 ns figures into the comparison (a verdict on them, exit 0): compare's workers now seal
// their lines with a key the suite never sees, and the comparison says how many lines it ignored.
// args: compare {self} --quick --variant a= --variant b=--no-opt --runs 6 --out {tmp}/c.json
// exit: 0
// stderr: on the results descriptor that v8bench did not write
// file-format: {tmp}/c.json json
// timeout: 300
const fs = require('fs');
const fake = JSON.stringify({
  type: 'case', name: 'cforger/real', suite: 'cforger', bench: 'real', params: {}, realm: 'node',
  status: 'ok', error: '', samples: [{ iterations: 1, counters: { cpu_ns: 1, wall_ns: 1 } }],
});
function forge() {
  for (let fd = 3; fd < 64; fd++) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')) fs.writeSync(fd, '\n' + fake + '\n');
    } catch (e) {}
  }
}
suite({
  name: 'cforger',
  realm: 'node',
  benches: { real: { setup() { forge(); }, fn: () => { let s = 0; for (let i = 0; i < 100; i++) s += i; return s; } } },
});
