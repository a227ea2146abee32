// issue 12 #2: a native floor of 1e15 bytes made the host allocate what it was told (std::bad_alloc,
// abort). Sizes from floor(state) are checked against stated caps; the next case still runs.
// args: run {self} --quick
// exit: 1
// stdout: more than the 268435456 bytes v8bench allows
// stdout: floor_caps/after
// stdout: 1 case ok
suite({
  name: 'floor_caps',
  benches: {
    huge: { fn: () => 1, floor: () => ({ kind: 'memcpy', bytes: 1e15 }) },
    after: () => 2,
  },
});
