// A node-realm suite that writes a garbage message to libuv's signal pipes (fds 8 and 13 in a worker)
// made `run --format jsonl`, started by hand, die by SIGSEGV (139) and its case vanish: the by-hand
// protocol run now runs its cases in a child, reports that case as crashed and runs the next.
// args: run {self} --quick --no-native --format jsonl
// exit: 1
// crashes-its-process: yes
// stdout-format: jsonl
// stdout: "status":"crashed"
// stdout: "name":"pipes/after"
// stdout: "type":"end"
const fs = require('fs');
function scribble() {
  for (let fd = 3; fd <= 20; fd++) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith('pipe:')) fs.writeSync(fd, 'x'.repeat(64));
    } catch (e) {}
  }
}
suite({ name: 'pipes', realm: 'node', benches: { scribble: { setup() { scribble(); }, fn: () => 1 }, after: () => 2 } });
