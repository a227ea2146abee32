// A mitata file that replaces Array.prototype.push before mitata's .range() (v8bench's implementation
// of it builds the values with push) failed with "values.push is not a function" at a line of
// v8bench's bench_api.js, and `list` showed the bare realm's "a mitata file runs in the node realm"
// instead: the message is the node realm's and names the built-in the file replaced.
// args: list {self}
// exit: 2
// stderr: replaced Array.prototype.push, which v8bench's own code calls
// stderr: .push is not a function
// not-stderr: runs in the node realm
const { bench } = require('mitata');
Array.prototype.push = null;
bench('sum', () => 1).range('n', 1, 8);
