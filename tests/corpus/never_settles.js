// A bench whose promise never settles in the v8 realm (no event loop) fails with the reason.
// args: run {self} --quick --timeout 5
// exit: 1
// timeout: 60
// stdout: never settles
suite({ name: 'never_settles', benches: { waits: { async: true, fn: () => new Promise(() => {}) } } });
