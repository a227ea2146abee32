// issue 12 #4: 10 parameters of 10 values (10^10 cases) grew memory without end: the grid is
// counted before it is built, and refused with the count and how to narrow it.
// args: list {self}
// exit: 2
// timeout: 60
// stderr: describe_huge_grid.js
// stderr: 10000000000 cases
// stderr: --param
const v = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
suite({ name: 'huge_grid', params: { a: v, b: v, c: v, d: v, e: v, f: v, g: v, h: v, i: v, j: v }, benches: { x: () => 1 } });
