// issue 12 #2: 1e300 bytes cast to an integer is undefined behaviour; it is refused before any cast.
// args: run {self} --quick --format csv
// exit: 1
// stdout-format: csv
// stdout: more than the 268435456 bytes
suite({ name: 'floor_1e300', benches: { huge: { fn: () => 1, floor: () => ({ kind: 'memcpy', bytes: 1e300 }) } } });
