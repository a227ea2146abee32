// Buffer.concat over lists of chunks, the concat-only-to-read-length anti-pattern, and a manual copy loop.
//
// The largest combination is 256 chunks of 64 KiB = 16 MiB per iteration; the grid has no combination above it
// (the API cannot drop single combinations, so the counts stop at 256 rather than 1000).
const { Buffer } = require('node:buffer');

// Chunk i holds bytes (i * 131 + j * 7 + 1) mod 256 at offset j: neighbouring chunks differ, and so do
// neighbouring bytes, so a chunk copied to the wrong place or a shifted copy changes the checksum.
function patternByte(i, j) {
  return (i * 131 + j * 7 + 1) & 255;
}

function makeChunks(chunk, chunks) {
  const list = [];
  for (let i = 0; i < chunks; i++) {
    const b = Buffer.allocUnsafe(chunk);
    for (let j = 0; j < chunk; j++) b[j] = patternByte(i, j);
    list.push(b);
  }
  return list;
}

// Position-dependent checksum (FNV-1a over 32-bit words of index and byte).
function checksum(buf, start, end) {
  let h = 0x811c9dc5;
  for (let k = start; k < end; k++) h = Math.imul(h ^ ((buf[k] << 8) ^ (k & 0xff)), 16777619);
  return h >>> 0;
}

function expectedChecksum(chunk, chunks) {
  let h = 0x811c9dc5;
  let k = 0;
  for (let i = 0; i < chunks; i++) {
    for (let j = 0; j < chunk; j++, k++) h = Math.imul(h ^ ((patternByte(i, j) << 8) ^ (k & 0xff)), 16777619);
  }
  return h >>> 0;
}

function setup(p) {
  const list = makeChunks(p.chunk, p.chunks);
  return { chunk: p.chunk, chunks: p.chunks, list, total: p.chunk * p.chunks };
}

function checkBuffer(s, r) {
  if (!Buffer.isBuffer(r)) throw new Error(`expected a Buffer, got ${Object.prototype.toString.call(r)}`);
  if (r.length !== s.total) throw new Error(`length ${r.length}, expected ${s.total} (${s.chunks} x ${s.chunk})`);
  for (const i of [0, s.chunks >> 1, s.chunks - 1]) {
    for (const j of [0, s.chunk - 1]) {
      const at = i * s.chunk + j;
      if (r[at] !== patternByte(i, j)) throw new Error(`byte ${at} (chunk ${i}, offset ${j}) is ${r[at]}`);
    }
  }
  const got = checksum(r, 0, r.length);
  const want = expectedChecksum(s.chunk, s.chunks);
  if (got !== want) throw new Error(`checksum ${got.toString(16)}, expected ${want.toString(16)}`);
  if (r.buffer === s.list[0].buffer && r.byteOffset === s.list[0].byteOffset) {
    throw new Error('the result aliases the first chunk instead of being a copy');
  }
}

function checkLength(s, r) {
  if (r !== s.total) throw new Error(`length ${r}, expected ${s.total} (${s.chunks} x ${s.chunk})`);
}

const copied = (s) => ({ copied_bytes: s.total });
// The native floor: one memcpy of the same byte count.
const memcpyFloor = (s) => ({ kind: 'memcpy', bytes: s.total });

suite({
  name: 'buffer_concat',
  realm: 'node',
  description:
    'Buffer.concat over `chunks` chunks of `chunk` bytes each (up to 256 x 64 KiB = 16 MiB per iteration), as ' +
    'code collecting a request body or stream output does. `concat` lets Buffer.concat sum the lengths itself, ' +
    '`concat_total_length` passes totalLength, `alloc_unsafe_copy` is the hand-written equivalent ' +
    '(Buffer.allocUnsafe(total) plus chunk.copy(target, offset)). `concat_for_length` is the anti-pattern of ' +
    'concatenating only to read .length and `sum_lengths` is what it should be (no copy, copied_bytes 0): their ' +
    'ratio is the waste. Look at GB/s from copied_bytes for large chunks (memcpy-bound) and at time per chunk for ' +
    '16-byte chunks (per-chunk overhead). Results under 4 KiB are slices of Node\'s 8 KiB pool and larger ones ' +
    'are fresh off-heap ArrayBuffers, so the alloc and GC columns show only the JS side of it.',
  params: { chunk: [16, 1024, 65536], chunks: [1, 16, 256] },
  quick: { chunk: [1024], chunks: [1, 256] },
  setup,
  benches: {
    concat: {
      fn: (s) => Buffer.concat(s.list),
      check: checkBuffer,
      counters: copied,
      floor: memcpyFloor,
    },
    concat_total_length: {
      fn: (s) => Buffer.concat(s.list, s.total),
      check: checkBuffer,
      counters: copied,
      floor: memcpyFloor,
    },
    concat_for_length: {
      fn: (s) => Buffer.concat(s.list).length,
      check: checkLength,
      counters: copied,
      floor: memcpyFloor,
    },
    sum_lengths: {
      fn(s) {
        const list = s.list;
        let n = 0;
        for (let i = 0; i < list.length; i++) n += list[i].length;
        return n;
      },
      check: checkLength,
      counters: () => ({ copied_bytes: 0 }),
    },
    alloc_unsafe_copy: {
      fn(s) {
        const list = s.list;
        const target = Buffer.allocUnsafe(s.total);
        let offset = 0;
        for (let i = 0; i < list.length; i++) offset += list[i].copy(target, offset);
        return target;
      },
      check: checkBuffer,
      counters: copied,
      floor: memcpyFloor,
    },
  },
});
