// A small example suite: the shape of a suite file, and the harness's own floor.
suite({
  name: 'example',
  realm: 'v8',
  description:
    'How a suite is written, and what the harness itself costs. `empty` is the loop alone (it must be ' +
    'under 1 ns per iteration); `sin` is one Math.sin call per iteration through the harness, and ' +
    '`sin_plain_loop` the same calls in a plain hand-written loop (10,000 per iteration; divide by `calls`): ' +
    'the two per-call figures should agree within about 10%, and neither allocates. ' +
    '`alloc_small` and `alloc_large` allocate arrays of n and 2n numbers, so their alloc_bytes per ' +
    'iteration differ by about 2x and GC shows up; `sum` is pure arithmetic (no allocation, no GC).',
  params: { n: [16, 256] },
  quick: { n: [16] },
  setup(p) {
    const xs = new Float64Array(p.n);
    for (let i = 0; i < p.n; i++) xs[i] = (i * 0.37) % 3;
    return { n: p.n, xs, x: 0.5 };
  },
  benches: {
    empty: { params: {}, fn: () => undefined },
    sin: {
      params: {},
      setup: () => ({ x: 0.5 }),
      fn: (s) => Math.sin((s.x += 1e-9)),
      check(s, r) {
        if (typeof r !== 'number' || !(Math.abs(r) <= 1)) throw new Error(`Math.sin returned ${r}`);
      },
    },
    sin_plain_loop: {
      params: {},
      setup: () => ({ x: 0.5 }),
      fn(s) {
        // The same expression as `sin`, written out in a loop by hand.
        let acc = 0;
        for (let i = 0; i < 10000; i++) acc += Math.sin((s.x += 1e-9));
        return acc;
      },
      counters: () => ({ calls: 10000 }),
    },
    sum(s) {
      let t = 0;
      const xs = s.xs;
      for (let i = 0; i < xs.length; i++) t += xs[i];
      return t;
    },
    alloc_small(s) {
      const a = new Array(s.n);
      for (let i = 0; i < s.n; i++) a[i] = { v: i };
      return a;
    },
    alloc_large(s) {
      const a = new Array(2 * s.n);
      for (let i = 0; i < 2 * s.n; i++) a[i] = { v: i };
      return a;
    },
  },
});
