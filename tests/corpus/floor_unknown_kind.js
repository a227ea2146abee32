// A floor(state) of an unknown kind fails the case and names the kinds.
// args: run {self} --quick
// exit: 1
// stdout: kind one of json_parse
suite({ name: 'floor_kind', benches: { a: { fn: () => 1, floor: () => ({ kind: 'quantum' }) } } });
