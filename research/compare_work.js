// A controlled change for measuring `v8bench compare` (research/compare_benchmark.sh): `loop` does
// round(2000 * work) multiply-adds per iteration, so `--param work=1.05` is exactly 5% more loop
// work on the same engine, the same way Node's own benchmarks were slowed by 5% for comparison.
suite({
  name: 'ctl',
  realm: 'v8',
  description: 'A hot loop whose work is scaled by the `work` parameter (1.05 = 5% more work).',
  params: { work: [1] },
  setup(p) {
    const xs = new Float64Array(2048);
    for (let i = 0; i < xs.length; i++) xs[i] = (i * 0.37) % 3;
    return { xs, n: Math.round(2000 * p.work) };
  },
  benches: {
    loop(s) {
      let t = 0;
      const xs = s.xs;
      for (let i = 0; i < s.n; i++) t += xs[i & 2047] * 1.0001;
      return t;
    },
  },
});
