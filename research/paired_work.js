// A workload for research/paired_benchmark.sh that is not v8bench's own fixture: the sin+cos loop of
// issue 14 (the loop both Node's compare.js and v8bench were measured on) and a string/object
// workload (JSON round trip of small records), each scaled by the `work` parameter, so
// `--param work=1.05` is exactly 5% more of the same work.
suite({
  name: 'paired',
  realm: 'v8',
  description: 'sin+cos and JSON round trips, scaled by `work` (1.05 = 5% more work).',
  params: { work: [1] },
  setup(p) {
    const xs = new Float64Array(1024);
    for (let i = 0; i < xs.length; i++) xs[i] = (i * 0.731) % 6.28;
    const records = [];
    for (let i = 0; i < 64; i++) records.push({ id: i, name: 'item' + i, tags: ['a', 'b', String(i % 7)], v: i * 1.5 });
    return { xs, trig: Math.round(2000 * p.work), records, json: Math.round(20 * p.work) };
  },
  benches: {
    trig(s) {
      let t = 0;
      const xs = s.xs;
      for (let i = 0; i < s.trig; i++) t += Math.sin(xs[i & 1023]) + Math.cos(xs[(i + 17) & 1023]);
      return t;
    },
    json(s) {
      let n = 0;
      for (let i = 0; i < s.json; i++) n += JSON.parse(JSON.stringify(s.records[i & 63])).tags.length;
      return n;
    },
  },
});
