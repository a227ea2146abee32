// Suite output in the bare v8 realm never shares stdout with results either.
// args: run {self} --quick --format json
// exit: 0
// stdout-format: json
// stderr: hello from the v8 realm
console.log('hello from the v8 realm {"x":');
suite({ name: 'v8_prints', benches: { a: { setup() { console.info('setup says hi'); return {}; }, fn: () => 1 } } });
