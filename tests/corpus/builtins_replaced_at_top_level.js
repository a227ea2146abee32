// A suite file that replaces the built-ins v8bench's harness once called after it (Array.prototype.map,
// .push, an array's iterator, Object.keys, .entries, .assign, JSON.parse, the global TypeError) got
// "suites.map is not a function" from the harness's own code, or lost a case without a word (Object.keys
// returning [] left one parameter combination). The harness calls the built-ins as they were before any
// suite ran.
// args: run {self} --quick --no-native --param n=1,2
// exit: 0
// stdout: replaced/plain/n:1
// stdout: replaced/plain/n:2
// stdout: replaced/counted/n:2
// stdout: 4 cases ok, 0 failed
// not-stderr: is not a function
Array.prototype.map = 1;
Array.prototype.push = null;
Array.prototype.filter = () => [];
Array.prototype[Symbol.iterator] = function () { throw new Error('no iteration here'); };
Object.keys = () => [];
Object.entries = () => [];
Object.assign = () => ({});
JSON.parse = () => ({});
JSON.stringify = () => '{}';
globalThis.TypeError = 1;
suite({
  name: 'replaced',
  params: { n: [1, 2, 3] },
  benches: {
    plain: (s) => s,
    counted: { fn: () => 1, counters: () => ({ calls: 1 }) },
  },
});
