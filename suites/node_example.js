const { Readable, Writable } = require('node:stream');
suite({
  name: 'node_example', realm: 'node',
  description: 'node realm smoke test',
  benches: {
    concat: { setup: () => ({ chunks: [Buffer.alloc(100), Buffer.alloc(200)] }), fn: (s) => Buffer.concat(s.chunks).length },
    stream: {
      setup: () => ({}),
      fn: () => new Promise((resolve, reject) => {
        let n = 0;
        Readable.from([Buffer.alloc(10), Buffer.alloc(20)]).pipe(new Writable({ write(c, e, cb) { n += c.length; cb(); } }))
          .on('finish', () => resolve(n)).on('error', reject);
      }),
      check(s, r) { if (r !== 30) throw new Error('got ' + r); },
    },
  },
});
