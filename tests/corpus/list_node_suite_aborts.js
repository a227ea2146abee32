// list loads node-realm suites as run does: in a child process, so a top level that aborts is reported
// (exit 2, with the reason) instead of ending list with SIGABRT.
// args: list {self}
// exit: 2
// stderr: ended the process that loaded them
// stderr: SIGABRT
const fs = require('fs');
process.abort();
suite({ name: 'never', benches: { x: () => 1 } });
