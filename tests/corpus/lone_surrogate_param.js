// issue 12 #14: a lone surrogate in a parameter gave only "bench API returned bad JSON"; the message
// names the file and line, the parameter and the value.
// args: run {self} --quick
// exit: 2
// stderr: lone_surrogate_param.js:8:1
// stderr: parameter 's'
// stderr: lone surrogate
suite({ name: 'surrogate', params: { s: ['fine', 'bad\uD800x'] }, benches: { x: () => 1 } });
