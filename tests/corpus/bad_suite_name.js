// A suite name outside [A-Za-z0-9_.-] is refused at its line.
// args: run {self}
// exit: 2
// stderr: bad_suite_name.js:6:1
// stderr: name must match
suite({ name: 'has space', benches: { a: () => 1 } });
