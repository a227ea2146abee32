// A case whose error holds a lone surrogate and control characters is still reported, failed, with a
// readable message (the worker's line was once refused whole and the case vanished: "1 ok, 0 failed").
// args: run {self} --quick --no-native --format json
// exit: 1
// stdout-format: json
// stdout: "status":"failed"
// stdout: "error_message":"
// stdout: Error: bad �
// stdout: text \u0007\u001b[2J end
suite({
  name: 'surrogate_error',
  benches: {
    fine: () => 1,
    broken: { setup() { throw new Error('bad \uD800 text \u0007\u001b[2J end'); }, fn: () => 1 },
  },
});
