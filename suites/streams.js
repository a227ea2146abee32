// Moving `mb` MiB from a chunked source to a sink through Node streams, web streams and the adapters between them.
//
// One iteration is one complete transfer of `mb` MiB (fn returns a promise the harness awaits), so time per MiB is
// the reported time divided by `mb`; moved_bytes gives the throughput directly.
const { Readable, Writable, pipeline } = require('node:stream');

const CHUNK = 16384;
const MiB = 1048576;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

// Deterministic content: xorshift32 words, so every byte of every chunk differs from its neighbours.
function makeData(bytes) {
  const data = Buffer.allocUnsafe(bytes);
  let x = 0x9e3779b9;
  for (let k = 0; k + 4 <= bytes; k += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    data.writeUInt32LE(x >>> 0, k);
  }
  return data;
}

// FNV-1a over every byte in order: a dropped, added, reordered or altered byte changes it.
function hashBytes(h, bytes, from, corruptAt) {
  for (let k = 0; k < bytes.length; k++) {
    const b = from + k === corruptAt ? bytes[k] ^ 0x20 : bytes[k];
    h = Math.imul(h ^ b, FNV_PRIME);
  }
  return h;
}

// The receiving end of every transfer. The first transfer of a case (the one check() sees) hashes every byte it
// receives; timed transfers only count bytes (and fail if the count is wrong), so the figures measure the
// transfer, not the hash. With --param corrupt=true the checked transfer's sink flips one byte as it hashes.
class Sink {
  constructor(s) {
    this.s = s;
    this.verify = s.verifyNext;
    s.verifyNext = false;
    this.bytes = 0;
    this.chunks = 0;
    this.hash = FNV_OFFSET;
    this.corruptAt = s.corrupt ? s.corruptAt : -1;
  }

  write(chunk) {
    if (this.verify) this.hash = hashBytes(this.hash, chunk, this.bytes, this.corruptAt);
    this.bytes += chunk.byteLength;
    this.chunks++;
  }

  result() {
    if (this.verify) return { bytes: this.bytes, chunks: this.chunks, hash: this.hash >>> 0 };
    if (this.bytes !== this.s.total) throw new Error(`sink received ${this.bytes} bytes, expected ${this.s.total}`);
    return this.bytes;
  }
}

function setup(p) {
  const total = Math.round(p.mb * MiB);
  const data = makeData(total);
  const chunks = [];
  for (let off = 0; off < total; off += CHUNK) chunks.push(data.subarray(off, Math.min(total, off + CHUNK)));
  return {
    mb: p.mb,
    hwm: p.hwm,
    total,
    data,
    chunks,
    expectedHash: hashBytes(FNV_OFFSET, data, 0, -1) >>> 0,
    corrupt: p.corrupt === true,
    corruptAt: Math.floor(total / 2) + 7,
    verifyNext: true,
  };
}

function check(s, r) {
  if (r === null || typeof r !== 'object') throw new Error(`the checked transfer returned ${r}, not a sink summary`);
  if (r.bytes !== s.total || r.hash !== s.expectedHash) {
    throw new Error(
      `sink received ${r.bytes} bytes in ${r.chunks} chunks with checksum ${r.hash.toString(16)}; expected ` +
        `${s.total} bytes with checksum ${s.expectedHash.toString(16)}: the transfer lost, added or altered bytes` +
        (s.corrupt ? ' (corrupt=true: the sink altered one byte on purpose)' : ''),
    );
  }
}

const counters = (s) => ({ moved_bytes: s.total });
// The native floor: one memcpy of the bytes moved.
const floor = (s) => ({ kind: 'memcpy', bytes: s.total });

// --- sources ---

function nodeSource(s) {
  const chunks = s.chunks;
  let i = 0;
  return new Readable({
    highWaterMark: CHUNK,
    read() {
      this.push(i < chunks.length ? chunks[i++] : null);
    },
  });
}

// A value stream (one chunk per queue slot) with highWaterMark 1, pulling the chunks synchronously.
function webValueSource(s) {
  const chunks = s.chunks;
  let i = 0;
  return new ReadableStream(
    {
      pull(c) {
        if (i < chunks.length) c.enqueue(chunks[i++]);
        else c.close();
      },
    },
    { highWaterMark: 1 },
  );
}

// What ReadableStream.from(chunks) does per the spec: highWaterMark 0, and each pull awaits the (async-from-sync)
// iterator's next value before enqueueing it.
function webPullSource(s) {
  const it = s.chunks[Symbol.iterator]();
  return new ReadableStream(
    {
      async pull(c) {
        const r = it.next();
        const value = await r.value;
        if (r.done) c.close();
        else c.enqueue(value);
      },
    },
    { highWaterMark: 0 },
  );
}

// A byte stream: fills the reader's buffer (byobRequest, also for default readers via autoAllocateChunkSize), or
// enqueues a fresh copy when pulled to fill its queue (enqueue transfers the buffer, so it cannot be shared data).
function webByteSource(s) {
  const data = s.data;
  let off = 0;
  return new ReadableStream(
    {
      type: 'bytes',
      autoAllocateChunkSize: CHUNK,
      pull(c) {
        const req = c.byobRequest;
        if (off >= data.length) {
          c.close();
          if (req) req.respond(0);
          return;
        }
        if (req) {
          const v = req.view;
          const n = Math.min(v.byteLength, CHUNK, data.length - off);
          new Uint8Array(v.buffer, v.byteOffset, n).set(data.subarray(off, off + n));
          off += n;
          req.respond(n);
        } else {
          const n = Math.min(CHUNK, data.length - off);
          c.enqueue(new Uint8Array(data.subarray(off, off + n)));
          off += n;
        }
      },
    },
    { highWaterMark: s.hwm },
  );
}

// --- sinks ---

async function drainReader(stream, sink) {
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    sink.write(value);
  }
  return sink.result();
}

async function drainByob(stream, sink) {
  const reader = stream.getReader({ mode: 'byob' });
  let buffer = new ArrayBuffer(CHUNK);
  for (;;) {
    const { value, done } = await reader.read(new Uint8Array(buffer));
    if (done) break;
    sink.write(value);
    buffer = value.buffer; // the read transferred our buffer; reuse it
  }
  return sink.result();
}

function pipeToNodeWritable(readable, sink) {
  return new Promise((resolve, reject) => {
    const writable = new Writable({
      highWaterMark: CHUNK,
      write(chunk, encoding, callback) {
        sink.write(chunk);
        callback();
      },
    });
    pipeline(readable, writable, (err) => {
      if (err) reject(err);
      else {
        try {
          resolve(sink.result());
        } catch (e) {
          reject(e);
        }
      }
    });
  });
}

// --- benches ---

const grid = { mb: [1, 16], corrupt: [false] };
const quick = { mb: [1], corrupt: [false] };
const hwmGrid = { mb: [1, 16], corrupt: [false], hwm: [4096, 16384, 65536] };
const hwmQuick = { mb: [1], corrupt: [false], hwm: [16384] };

function bench(fn, extra) {
  return Object.assign({ fn, check, counters, floor, async: true }, extra);
}

suite({
  name: 'streams',
  realm: 'node',
  description:
    'Moves `mb` MiB of deterministic data in 16 KiB chunks from a source to a sink, byte-exact; one iteration is ' +
    'one whole transfer, so divide the time by `mb` for time per MiB (moved_bytes shows GB/s). `node_to_node` is ' +
    'Readable -> Writable (pipeline); `node_to_web` reads Readable.toWeb with a web reader; `web_to_node` is a web ' +
    'ReadableStream through Readable.fromWeb into a Writable; `nested_adapters` is Node -> Web -> Node -> Web (each ' +
    'toWeb copies every chunk on Node 18: the pattern that doubled copies); `readable_stream_from` is ' +
    'ReadableStream.from(chunks) (unsupported on Node 18, which lacks it) and `web_pull_source` is its ' +
    'spec-equivalent pull source (highWaterMark 0, one awaited iterator step per chunk); `web_value_stream` is a ' +
    'value stream with ' +
    'highWaterMark 1; `web_byte_stream` (default reader) and `web_byte_stream_byob` (BYOB reader reusing one buffer) ' +
    'are type: \'bytes\' streams with highWaterMark `hwm` bytes; `pipe_through_transform` is pipeThrough an identity ' +
    'TransformStream then pipeTo a WritableStream. Compare each against node_to_node. Every case checks that its ' +
    'first transfer delivered exactly the bytes sent (length and FNV-1a over every byte; timed transfers re-check ' +
    'the length only); `--param corrupt=true` makes the sink alter one byte, so every case must fail its check.',
  params: grid,
  quick,
  setup,
  benches: {
    node_to_node: bench((s) => pipeToNodeWritable(nodeSource(s), new Sink(s))),
    node_to_web: bench((s) => drainReader(Readable.toWeb(nodeSource(s)), new Sink(s))),
    web_to_node: bench((s) => pipeToNodeWritable(Readable.fromWeb(webValueSource(s)), new Sink(s))),
    nested_adapters: bench((s) =>
      drainReader(Readable.toWeb(Readable.fromWeb(Readable.toWeb(nodeSource(s)))), new Sink(s)),
    ),
    readable_stream_from: bench((s) => drainReader(ReadableStream.from(s.chunks), new Sink(s)), {
      setup(p) {
        if (typeof ReadableStream.from !== 'function') {
          unsupported(
            `ReadableStream.from is missing in Node ${process.versions.node} (added in Node 20.6); ` +
              'web_pull_source measures the equivalent pull-based source',
          );
        }
        return setup(p);
      },
    }),
    web_pull_source: bench((s) => drainReader(webPullSource(s), new Sink(s))),
    web_value_stream: bench((s) => drainReader(webValueSource(s), new Sink(s))),
    web_byte_stream: bench((s) => drainReader(webByteSource(s), new Sink(s)), { params: hwmGrid, quick: hwmQuick }),
    web_byte_stream_byob: bench((s) => drainByob(webByteSource(s), new Sink(s)), {
      params: hwmGrid,
      quick: hwmQuick,
    }),
    pipe_through_transform: bench((s) => {
      const sink = new Sink(s);
      const transform = new TransformStream({
        transform(chunk, controller) {
          controller.enqueue(chunk);
        },
      });
      const writable = new WritableStream({
        write(chunk) {
          sink.write(chunk);
        },
      });
      return webValueSource(s)
        .pipeThrough(transform)
        .pipeTo(writable)
        .then(() => sink.result());
    }),
  },
});
