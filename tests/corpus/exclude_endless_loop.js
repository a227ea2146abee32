// issue 12 #3: describing a file runs its exclude(p); one that never returns is stopped at --timeout.
// args: run {self} --timeout 2
// exit: 2
// timeout: 60
// stderr: describing
// stderr: timed out after 2 s
suite({ name: 'exclude_loop', params: { n: [1, 2] }, exclude() { for (;;) {} }, benches: { a: () => 1 } });
