// A suite that replaces the global Function failed every case without a word that v8bench had called the
// replacement (the loop compiler used the global): v8bench compiles with the Function of its start.
// args: run {self} --quick
// exit: 0
// stdout: 1 case ok
globalThis.Function = function () { throw new Error('the replaced Function was called'); };
suite({ name: 'function_replaced', benches: { add: () => 1 + 1 } });
