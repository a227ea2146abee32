// Deno's BenchContext used against its contract (b.start() twice, b.start() without b.end()): each case
// fails with Deno's words, the bench's line and, where the file called it, the line of the call.
// args: run {self} --quick
// exit: 1
// stdout: 2 failed
// stdout: Deno.bench('start twice') (at {self}:10:6): BenchContext::start() has already been invoked (at {self}:12:5)
// stdout: Deno.bench('no end') (at {self}:15:6): BenchContext::start() was called without BenchContext::end()
// not-stdout: bench_api.js
// stdout: 0 cases ok
Deno.bench('start twice', (b) => {
  b.start();
  b.start();
  b.end();
});
Deno.bench('no end', (b) => {
  b.start();
});
