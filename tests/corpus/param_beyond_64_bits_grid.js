// A grid holding integers in [2^64, 1e21) (a mitata .range() up to 2^1023 makes them) is read back exactly: it
// was "description ... not JSON; a suite may have replaced a JS built-in", exit 2.
// args: list {self}
// exit: 0
// stdout: 18446744073709552000
// stdout: -1.1805916207174113e+21
// stdout: 8.98846567431158e+307
// not-stderr: not JSON
suite({ name: 'big_grid', benches: { b: { params: { n: [1, 2 ** 64, 1e20, -(2 ** 70), 2 ** 1023] }, fn: (p) => 1 } } });
