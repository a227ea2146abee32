// issue 12 #14: heap exhaustion while loading a suite said "the case was terminated"; it says that
// loading the file ran out of memory.
// args: run {self} --quick -- --max-old-space-size=32
// exit: 2
// timeout: 120
// stderr: out of memory
// stderr: loading
// not-stderr: the case was terminated
const keep = [];
for (;;) keep.push({ pad: new Array(64).fill(keep.length) });
