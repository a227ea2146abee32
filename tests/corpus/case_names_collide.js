// Parameter values that spell the same case name (a='1/b:2', b='3' beside a='1', b='2/b:3') would make
// two cases one to --filter, profile --case and compare: refused, naming both spellings.
// args: list {self}
// exit: 2
// stderr: two cases are both named 'collide/x/a:1/b:2/b:3'
// stderr: a="1/b:2", b="3"
// stderr: a="1", b="2/b:3"
suite({
  name: 'collide',
  benches: { x: { params: { a: ['1/b:2', '1'], b: ['3', '2/b:3'] }, fn: () => 1 } },
});
