// Moving `n` chunks of `chunk` bytes each from a source to a sink through Node streams, web streams and the adapters
// between them, byte-exact.
//
// One iteration is one complete transfer of chunk x n bytes (fn returns a promise the harness awaits). Chunks of tens
// of bytes are what server-side rendering emits; the seed's finding (a value stream with highWaterMark 1 replaced by
// byte streams with highWaterMark 4096, ReadableStream.from(chunks) instead of nested adapters) is about them, so
// the chunk size and every highWaterMark are parameters: `hwm` for web streams (chunks for value streams, bytes for
// byte streams) and `node_hwm` (bytes) for the Node side of the adapters.
const { Readable, Writable, pipeline } = require('node:stream');

// The BYOB reader's buffer and the byte source's autoAllocateChunkSize.
const READ_BUFFER = 16384;
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
    this.s.reads = this.chunks;
    if (this.verify) return { bytes: this.bytes, chunks: this.chunks, hash: this.hash >>> 0 };
    if (this.bytes !== this.s.total) throw new Error(`sink received ${this.bytes} bytes, expected ${this.s.total}`);
    return this.bytes;
  }
}

function setup(p) {
  const total = p.chunk * p.n;
  const data = makeData(total);
  const chunks = [];
  for (let off = 0; off < total; off += p.chunk) chunks.push(data.subarray(off, Math.min(total, off + p.chunk)));
  return {
    chunk: p.chunk,
    hwm: p.hwm,
    nodeHwm: p.node_hwm,
    total,
    data,
    chunks,
    expectedHash: hashBytes(FNV_OFFSET, data, 0, -1) >>> 0,
    corrupt: p.corrupt === true,
    corruptAt: Math.floor(total / 2) + 7,
    verifyNext: true,
    reads: 0,
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

// reads: how many pieces the sink received (fewer than `n` where a reader coalesced chunks).
const counters = (s) => ({ moved_bytes: s.total, chunks: s.chunks.length, reads: s.reads });
// The native floor: one memcpy of the bytes moved.
const floor = (s) => ({ kind: 'memcpy', bytes: s.total });

// --- sources ---

// A Node Readable pushing one chunk per read() call, buffering up to `node_hwm` bytes.
function nodeSource(s) {
  const chunks = s.chunks;
  let i = 0;
  return new Readable({
    highWaterMark: s.nodeHwm,
    read() {
      this.push(i < chunks.length ? chunks[i++] : null);
    },
  });
}

// Readable.toWeb with its web side's queue sized like the Node side: `node_hwm` bytes.
function toWeb(readable, s) {
  return Readable.toWeb(readable, { strategy: new ByteLengthQueuingStrategy({ highWaterMark: s.nodeHwm }) });
}

function fromWeb(stream, s) {
  return Readable.fromWeb(stream, { highWaterMark: s.nodeHwm });
}

// A value stream (one chunk per queue slot) with highWaterMark `hwm` chunks. Each pull enqueues chunks until the
// queue is full, as a renderer that produces markup synchronously does: the highWaterMark decides how many chunks a
// pull (and one round of promise resolution) moves.
function webValueSource(s, hwm) {
  const chunks = s.chunks;
  let i = 0;
  return new ReadableStream(
    {
      pull(c) {
        if (i >= chunks.length) {
          c.close();
          return;
        }
        do c.enqueue(chunks[i++]);
        while (c.desiredSize > 0 && i < chunks.length);
      },
    },
    { highWaterMark: hwm },
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

// A byte stream fed as a renderer feeds one: each pull enqueues chunks until `hwm` bytes are queued, each a fresh
// copy (enqueue transfers the buffer, so it cannot be shared data; an encoder hands over a fresh buffer too). A
// BYOB read takes every queued byte that fits its buffer (small chunks coalesce), a default read one chunk; the
// `reads` counter says how many reads the sink made.
function webByteSource(s) {
  const chunks = s.chunks;
  let i = 0;
  return new ReadableStream(
    {
      type: 'bytes',
      pull(c) {
        if (i >= chunks.length) {
          c.close();
          if (c.byobRequest) c.byobRequest.respond(0);
          return;
        }
        do c.enqueue(new Uint8Array(chunks[i++]));
        while (c.desiredSize > 0 && i < chunks.length);
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
  let buffer = new ArrayBuffer(READ_BUFFER);
  for (;;) {
    const { value, done } = await reader.read(new Uint8Array(buffer));
    if (done) break;
    sink.write(value);
    buffer = value.buffer; // the read transferred our buffer; reuse it
  }
  return sink.result();
}

function pipeToNodeWritable(readable, sink, s) {
  return new Promise((resolve, reject) => {
    const writable = new Writable({
      highWaterMark: s.nodeHwm,
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

// Chunk sizes: 32 B (what a renderer emits per element), 1 KiB, 16 KiB (a file or socket read). n is the number of
// chunks per transfer, so the cost per chunk is the figure divided by n; moved_bytes gives GB/s.
const CHUNKS = [32, 1024, 16384];
const NODE_HWMS = [1, 16384, 65536]; // bytes: 16 KiB is Node's default up to 21, 64 KiB from Node 22
const grid = { chunk: CHUNKS, n: [1024], node_hwm: NODE_HWMS, corrupt: [false] };
const quick = { chunk: [32], n: [1024], node_hwm: [16384], corrupt: [false] };
const webGrid = { chunk: CHUNKS, n: [1024], corrupt: [false] };
const webQuick = { chunk: [32], n: [1024], corrupt: [false] };
const valueGrid = { chunk: CHUNKS, n: [1024], hwm: [1, 16, 1024], corrupt: [false] };
const valueQuick = { chunk: [32], n: [1024], hwm: [1], corrupt: [false] };
const byteGrid = { chunk: CHUNKS, n: [1024], hwm: [4096, 65536], corrupt: [false] };
const byteQuick = { chunk: [32], n: [1024], hwm: [4096], corrupt: [false] };

function bench(fn, extra) {
  return Object.assign({ fn, check, counters, floor, async: true }, extra);
}

suite({
  name: 'streams',
  realm: 'node',
  description:
    'Moves `n` chunks of `chunk` bytes of deterministic data from a source to a sink, byte-exact; one iteration is ' +
    'one whole transfer (divide by `n` for the cost per chunk; moved_bytes shows GB/s). 32-byte chunks are what ' +
    'server-side rendering emits, 16 KiB what a file read gives. `node_to_node` is Readable -> Writable ' +
    '(pipeline); `node_to_web` reads Readable.toWeb with a web reader; `web_to_node` is a value stream ' +
    '(highWaterMark 1) through Readable.fromWeb into a Writable; `nested_adapters` is Node -> Web -> Node -> Web. ' +
    'In those four, `node_hwm` (bytes) is the highWaterMark of every Node Readable/Writable, of Readable.fromWeb and ' +
    'of the ByteLengthQueuingStrategy given to Readable.toWeb. `readable_stream_from` is ReadableStream.from(chunks) ' +
    '(unsupported where the engine lacks it, e.g. Node 18) and `web_pull_source` its spec-equivalent pull source ' +
    '(highWaterMark 0, one awaited iterator step per chunk); `web_value_stream` is a value stream with highWaterMark ' +
    '`hwm` chunks (each pull enqueues until the queue is full); `web_byte_stream` (default reader: one read per chunk) and `web_byte_stream_byob` (BYOB reader ' +
    'with a 16 KiB buffer: a read takes every queued byte that fits) are type: \'bytes\' streams with highWaterMark ' +
    '`hwm` bytes whose source enqueues fresh copies of the chunks until `hwm` bytes are queued (enqueue transfers ' +
    'the buffer); the `reads` counter is the number of reads the sink made. ' +
    '`pipe_through_transform` is a value stream (highWaterMark 1) pipeThrough an identity TransformStream then ' +
    'pipeTo a WritableStream. Compare each against node_to_node at the same chunk size. Every case checks that its ' +
    'first transfer delivered exactly the bytes sent (length and FNV-1a over every byte; timed transfers re-check ' +
    'the length only); `--param corrupt=true` makes the sink alter one byte, so every case must fail its check.',
  params: grid,
  quick,
  setup,
  benches: {
    node_to_node: bench((s) => pipeToNodeWritable(nodeSource(s), new Sink(s), s)),
    node_to_web: bench((s) => drainReader(toWeb(nodeSource(s), s), new Sink(s))),
    web_to_node: bench((s) => pipeToNodeWritable(fromWeb(webValueSource(s, 1), s), new Sink(s), s)),
    nested_adapters: bench((s) => drainReader(toWeb(fromWeb(toWeb(nodeSource(s), s), s), s), new Sink(s))),
    readable_stream_from: bench((s) => drainReader(ReadableStream.from(s.chunks), new Sink(s)), {
      params: webGrid,
      quick: webQuick,
      setup(p) {
        if (typeof ReadableStream.from !== 'function') {
          const where = typeof process !== 'undefined' && process.versions ? process.versions.node : '';
          unsupported(
            `ReadableStream.from is missing in this engine${where ? ` (Node ${where}; added in Node 20.6)` : ''}; ` +
              'web_pull_source measures the equivalent pull-based source',
          );
        }
        return setup(p);
      },
    }),
    web_pull_source: bench((s) => drainReader(webPullSource(s), new Sink(s)), { params: webGrid, quick: webQuick }),
    web_value_stream: bench((s) => drainReader(webValueSource(s, s.hwm), new Sink(s)), {
      params: valueGrid,
      quick: valueQuick,
    }),
    web_byte_stream: bench((s) => drainReader(webByteSource(s), new Sink(s)), { params: byteGrid, quick: byteQuick }),
    web_byte_stream_byob: bench((s) => drainByob(webByteSource(s), new Sink(s)), {
      params: byteGrid,
      quick: byteQuick,
    }),
    pipe_through_transform: bench(
      (s) => {
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
        return webValueSource(s, 1)
          .pipeThrough(transform)
          .pipeTo(writable)
          .then(() => sink.result());
      },
      { params: webGrid, quick: webQuick },
    ),
  },
});
