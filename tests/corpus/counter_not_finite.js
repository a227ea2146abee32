// A counter that is not a finite number fails the case and names the counter.
// args: run {self} --quick
// exit: 1
// stdout: counter 'ratio' must be a finite number
suite({ name: 'bad_counter', benches: { a: { fn: () => 1, counters: () => ({ ratio: NaN }) } } });
