// A node-realm suite whose top level kills its process (here by scribbling over libuv's signal pipes)
// ended `run` with "the run's process died before any case", which named neither the cause nor what to
// do: the message says the suite files were loading and that a file's top level ended the process.
// args: run {self} --quick --no-native
// exit: 2
// crashes-its-process: yes
// stderr: while loading the suite files
// stderr: run each file alone to find it
const fs = require('fs');
for (let fd = 3; fd <= 20; fd++) {
  try {
    if (fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith('pipe:')) fs.writeSync(fd, 'x'.repeat(64));
  } catch (e) {}
}
suite({ name: 'top_kill', realm: 'node', benches: { a: () => 1 } });
