// issue 12 #3: an endless loop at a suite's top level hung `run --timeout 2` forever: loading a file
// is under the timeout too.
// args: run {self} --timeout 2
// exit: 2
// timeout: 60
// stderr: loading
// stderr: timed out after 2 s (--timeout)
for (;;) {}
