// An ES module file whose benches are declared after a top-level await (a microtask, a timer) and after
// `await run()` lost those benches: "declares no suite" (exit 2), or on a Node engine "0 cases ok" with
// exit 0. The file's module graph is evaluated to the end before its cases are listed.
// args: list {self}
// exit: 0
// stdout: esm_benches_after_top_level_awaits/after_a_microtask
// stdout: esm_benches_after_top_level_awaits/after_a_timer
// stdout: esm_benches_after_top_level_awaits/after_await_run
// stdout: 3 cases
import { bench, run } from 'mitata';

await null;
bench('after a microtask', () => 1);
await new Promise((resolve) => setTimeout(resolve, 5));
bench('after a timer', () => 2);
await run();
bench('after await run', () => 3);
