// For research/busy_states.sh: two kinds of code timed in the same worker process, so that a speed
// state of the process (or of the machine while it runs) can be told from a state of one kind of code.
// `sincos` is the floating-point sin+cos loop of tests/fixtures/trig_loop.js (work scales it); `intloop`
// is integer and property work that ignores `work`, a would-be calibration loop.
suite({
  name: 'states',
  realm: 'v8',
  description: 'sin+cos (scaled by work) and an integer/property loop (fixed), timed in one process.',
  params: { work: [1] },
  setup(p) {
    const xs = new Float64Array(1000);
    for (let i = 0; i < xs.length; i++) xs[i] = 0.3 + 0.00045 * i;
    const records = [];
    for (let i = 0; i < 1000; i++) records.push({ a: i, b: i * 2 });
    return { xs, records, n: Math.round(1000 * p.work) };
  },
  benches: {
    sincos(s) {
      let t = 0;
      const xs = s.xs;
      for (let i = 0; i < s.n; i++) {
        const x = xs[i % 1000];
        t += Math.sin(x) + Math.cos(x);
      }
      return t;
    },
    intloop(s) {
      let t = 0;
      const records = s.records;
      for (let k = 0; k < 3; k++) {
        for (let i = 0; i < records.length; i++) t = (t + records[i].a * 31 + (records[i].b ^ k)) | 0;
      }
      let h = 0;
      for (let i = 0; i < 2000; i++) h = Math.imul(h ^ i, 0x9e3779b1) >>> 0;
      return t + h;
    },
  },
});
