// A suite that replaces RegExp.prototype.exec (and Function.prototype.call) in its setup once defeated
// the harness's "is this a plain function" guard: a built-in bench reached V8's natives and the process
// died (Check failed: FLAG_fuzzing). The guard uses built-ins captured before any suite runs.
// args: run {self} --quick --no-native
// exit: 0
// stdout: exec_replaced/builtin
// stdout: 2 cases ok, 0 failed
// not-stdout: crashed
function replaceBuiltins() {
  RegExp.prototype.exec = function () { return null; };
  Function.prototype.call = function () { return 'function f() {}'; };
}
suite({
  name: 'exec_replaced',
  setup: () => (replaceBuiltins(), 1),
  benches: { plain: (s) => s, builtin: Math.max },
});
