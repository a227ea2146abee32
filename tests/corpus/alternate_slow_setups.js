// --alternate with --copies: six slow setups (3 s each) of three cases taking turns in one worker. --timeout
// is per case, each copy counted: every case is measured (one used to vanish from the table without a word
// when the worker was killed for the silence of all setups together).
// args: run {self} --quick --alternate v --copies 2 --timeout 4
// exit: 0
// timeout: 200
// stdout: slow_setups/b/v:1
// stdout: slow_setups/b/v:2
// stdout: slow_setups/b/v:3
// stdout: 3 cases ok
function busy(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {}
}
suite({
  name: 'slow_setups',
  benches: { b: { params: { v: [1, 2, 3] }, quick: { v: [1, 2, 3] }, setup: (p) => { busy(3000); return p.v; }, fn: (v) => v + 1 } },
});
