// JSON.parse with and without a reviver, over API-style and RSC "flight"-style payloads.
//
// The payloads are generated once per case in setup from a seeded PRNG (no Math.random), so every run, engine and
// machine parses the same text. Every bench parses the whole text once per iteration.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;
const DAY_MS = 86400000;
const EPOCH_2024 = Date.UTC(2024, 0, 1);
const BIG_ID_BASE = 9007199254740993n; // 2^53 + 1: not representable as a double

const WORDS = ['red', 'blue', 'sale', 'new', 'eco', 'xl', 'gift', 'bulk', 'promo', 'lite'];
const ROLES = ['admin', 'editor', 'viewer'];

function isoDate(rnd) {
  // Whole seconds plus milliseconds, within 2024, always 24 characters.
  return new Date(EPOCH_2024 + Math.floor(rnd() * 365 * DAY_MS)).toISOString();
}

// An API-style record: a product with an owner, order lines, tags, a histogram, a date and (every 8th record) a
// 64-bit id that a double cannot hold (what the reviver `context` argument exists for).
function apiRecord(rnd, i, stats) {
  const rec = {
    id: i,
    sku: `A-${1000 + Math.floor(rnd() * 9000)}`,
    name: `Item ${i}`,
    active: rnd() < 0.7,
    price: Math.round(rnd() * 10000) / 100,
    qty: Math.floor(rnd() * 20),
    tags: [WORDS[Math.floor(rnd() * 10)], WORDS[Math.floor(rnd() * 10)]],
    createdAt: isoDate(rnd),
    owner: { id: Math.floor(rnd() * 500), role: ROLES[i % 3] },
    hist: [],
    lines: [],
  };
  for (let j = 0; j < 8; j++) rec.hist.push(Math.floor(rnd() * 10));
  const nlines = 1 + Math.floor(rnd() * 3);
  for (let j = 0; j < nlines; j++) rec.lines.push({ n: j + 1, q: 1 + Math.floor(rnd() * 5), ok: rnd() < 0.9 });
  stats.dates += 1;
  let text = JSON.stringify(rec);
  if (i % 8 === 0) {
    // JSON.stringify cannot write a BigInt; splice the exact digits in as a number.
    text = `${text.slice(0, -1)},"ext":${BIG_ID_BASE + BigInt(i)}}`;
    stats.bigints += 1;
  }
  return text;
}

// A flight-style row, as React Server Components / Next.js stream them: element tuples ["$", type, key, props],
// "$D"-tagged dates, "$<n>" references to other rows, and many short strings and small arrays.
function flightRow(rnd, i, stats) {
  if (i % 4 === 3) {
    const row = { id: `${i}`, at: `$D${isoDate(rnd)}`, refs: [`$${i - 1}`, `$${i - 2}`], n: [i % 7, i % 5, i % 3] };
    stats.dates += 1;
    return JSON.stringify(row);
  }
  const row = [
    '$',
    'li',
    `k${i}`,
    {
      className: i % 2 ? 'row odd' : 'row',
      children: [
        ['$', 'span', null, { children: `Item ${i}` }],
        ['$', 'time', null, { dateTime: `$D${isoDate(rnd)}` }],
        `$${Math.max(0, i - 1)}`,
        ['$', 'b', null, { children: Math.floor(rnd() * 100) }],
        ['$', 'i', null, { children: [WORDS[Math.floor(rnd() * 10)], ' ', WORDS[Math.floor(rnd() * 10)]] }],
      ],
    },
  ];
  stats.dates += 1;
  return JSON.stringify(row);
}

// Builds a JSON text of at most `size` bytes (at least one record) and remembers what check() needs.
function makePayload(size, shape) {
  const rnd = seededRandom(shape === 'api' ? 0x5eed1 : 0x5eed2);
  const stats = { records: 0, dates: 0, bigints: 0 };
  const parts = [];
  let length = 0;
  const overhead = shape === 'api' ? 64 : 2; // the envelope around the records
  for (let i = 0; ; i++) {
    const snapshot = { dates: stats.dates, bigints: stats.bigints };
    const part = shape === 'api' ? apiRecord(rnd, i, stats) : flightRow(rnd, i, stats);
    if (i > 0 && length + part.length + 1 + overhead > size) {
      stats.dates = snapshot.dates;
      stats.bigints = snapshot.bigints;
      break;
    }
    parts.push(part);
    length += part.length + 1;
  }
  stats.records = parts.length;
  let text;
  if (shape === 'api') {
    text = `{"meta":{"count":${parts.length},"page":1,"generated":"2024-06-01T00:00:00.000Z"},` +
      `"data":[${parts.join(',')}]}`;
    stats.dates += 1;
  } else {
    text = `[${parts.join(',')}]`;
  }
  return { text, stats };
}

// The revival a realistic reviver does: "$D"-tagged values and ISO-8601 strings become Dates.
function reviveValue(v) {
  if (typeof v === 'string' && v.length >= 20) {
    if (v.charCodeAt(0) === 36 && v.charCodeAt(1) === 68) return new Date(v.slice(2)); // "$D..."
    if (ISO_DATE.test(v)) return new Date(v);
  }
  return v;
}

// The workaround: parse without a reviver, then walk the tree once in JS and revive in place.
function walk(v) {
  if (typeof v !== 'object' || v === null) return reviveValue(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = walk(v[i]);
  } else {
    const keys = Object.keys(v);
    for (let i = 0; i < keys.length; i++) v[keys[i]] = walk(v[keys[i]]);
  }
  return v;
}

function countValues(v) {
  if (typeof v !== 'object' || v === null) return 1;
  let n = 1;
  for (const k of Object.keys(v)) n += countValues(v[k]);
  return n;
}

function countInstances(v, ctor) {
  if (v instanceof ctor) return 1;
  if (typeof v !== 'object' || v === null) return 0;
  let n = 0;
  for (const k of Object.keys(v)) n += countInstances(v[k], ctor);
  return n;
}

function countOfType(v, type) {
  if (typeof v === type) return 1;
  if (typeof v !== 'object' || v === null) return 0;
  let n = 0;
  for (const k of Object.keys(v)) n += countOfType(v[k], type);
  return n;
}

let contextSupport; // undefined until probed: JSON.parse source text access (the reviver's third argument)

function probeContext() {
  if (contextSupport === undefined) {
    let seen = false;
    JSON.parse('[12.50]', function (k, v, context) {
      if (k === '0' && context !== null && typeof context === 'object' && context.source === '12.50') seen = true;
      return v;
    });
    contextSupport = seen;
  }
  return contextSupport;
}

function setup(p) {
  const { text, stats } = makePayload(p.size, p.shape);
  const values = countValues(JSON.parse(text));
  return { shape: p.shape, text, stats, values, bytes: text.length };
}

// What every case checks: the record count and a known field; `revived` says whether dates must be Dates.
function checkStructure(s, r, revived) {
  const records = s.shape === 'api' ? r && r.data : r;
  if (!Array.isArray(records) || records.length !== s.stats.records) {
    throw new Error(`expected ${s.stats.records} records, got ${records ? records.length : records}`);
  }
  if (s.shape === 'api') {
    if (r.meta.count !== s.stats.records) throw new Error(`meta.count is ${r.meta.count}`);
    if (records[0].id !== 0 || records[0].name !== 'Item 0') throw new Error('first record has the wrong id/name');
    const last = records[records.length - 1];
    if (last.id !== records.length - 1) throw new Error(`last record id ${last.id}, expected ${records.length - 1}`);
  } else {
    const first = records[0];
    if (first[0] !== '$' || first[1] !== 'li' || first[3].children[0][3].children !== 'Item 0') {
      throw new Error('first flight row is not the expected element');
    }
  }
  const dates = countInstances(r, Date);
  if (revived) {
    if (dates !== s.stats.dates) throw new Error(`expected ${s.stats.dates} revived Dates, found ${dates}`);
    const d = s.shape === 'api' ? records[0].createdAt : records[0][3].children[1][3].dateTime;
    if (!(d instanceof Date) || d.getUTCFullYear() !== 2024 || Number.isNaN(d.getTime())) {
      throw new Error(`date field was not revived into a valid 2024 Date: ${d}`);
    }
  } else if (dates !== 0) {
    throw new Error(`found ${dates} Dates without revival`);
  }
}

const byteCounter = (s) => ({ parsed_bytes: s.bytes });
// The native floor: simdjson parsing the same text (v8bench shows JS time over it beside each case).
const jsonFloor = (s) => ({ kind: 'json_parse', text: s.text });
const reviverCounters = (s) => ({ reviver_calls: s.values, parsed_bytes: s.bytes });
const identityArrow = (k, v) => v;
const identityFunction = function (k, v) {
  return v;
};
const realisticReviver = (k, v) => reviveValue(v);
// Keeps 64-bit ids exact: a number a double cannot hold is re-read from its source text as a BigInt.
const contextReviver = (k, v, context) =>
  typeof v === 'number' && !Number.isSafeInteger(v) && Number.isInteger(v) ? BigInt(context.source) : v;

suite({
  name: 'json_reviver',
  realm: 'v8',
  description:
    'JSON.parse of API responses and of React Server Components / Next.js "flight" payloads (many small arrays ' +
    'and strings, "$D"-tagged dates, "$n" references), with and without a reviver. `plain` is JSON.parse alone; ' +
    '`arrow_reviver` and `function_reviver` pass an identity reviver written as an arrow and as a function ' +
    '(newer V8s fast-path arrows only, so compare the two); `realistic_reviver` turns ISO and "$D" dates into Date ' +
    'objects; `parse_then_walk` is the workaround (plain parse, then one JS walk doing the same revival); ' +
    '`context_reviver` reads the third `context` argument (JSON.parse source text access) to keep 64-bit ids exact ' +
    'and is unsupported where the engine does not pass it (V8 before 11.4, e.g. Node 18). Look at the time of each ' +
    'reviver bench divided by `plain` at the same size and shape (the reviver overhead ratio), at reviver_calls (one ' +
    'per JSON value, over 100k at 1 MB) and at GB/s from parsed_bytes; alloc and GC grow with revived Dates.',
  params: { size: [1000, 100000, 1000000], shape: ['api', 'flight'] },
  quick: { size: [1000], shape: ['api', 'flight'] },
  setup,
  benches: {
    plain: {
      fn: (s) => JSON.parse(s.text),
      check: (s, r) => checkStructure(s, r, false),
      counters: byteCounter,
      floor: jsonFloor,
    },
    arrow_reviver: {
      fn: (s) => JSON.parse(s.text, identityArrow),
      check: (s, r) => checkStructure(s, r, false),
      counters: reviverCounters,
      floor: jsonFloor,
    },
    function_reviver: {
      fn: (s) => JSON.parse(s.text, identityFunction),
      check: (s, r) => checkStructure(s, r, false),
      counters: reviverCounters,
      floor: jsonFloor,
    },
    realistic_reviver: {
      fn: (s) => JSON.parse(s.text, realisticReviver),
      check: (s, r) => checkStructure(s, r, true),
      counters: reviverCounters,
      floor: jsonFloor,
    },
    context_reviver: {
      setup(p) {
        if (!probeContext()) {
          unsupported(
            'JSON.parse does not pass the reviver a third `context` argument with the value\'s `source` text ' +
              '(JSON.parse source text access ships in V8 11.4 / Chrome 114; this engine lacks it)',
          );
        }
        return setup(p);
      },
      fn: (s) => JSON.parse(s.text, contextReviver),
      check(s, r) {
        checkStructure(s, r, false);
        const bigints = countOfType(r, 'bigint');
        if (bigints !== s.stats.bigints) throw new Error(`expected ${s.stats.bigints} BigInt ids, found ${bigints}`);
        if (s.shape === 'api' && r.data[0].ext !== BIG_ID_BASE) {
          throw new Error(`first record's ext is ${r.data[0].ext}, expected ${BIG_ID_BASE}n`);
        }
      },
      counters: reviverCounters,
      floor: jsonFloor,
    },
    parse_then_walk: {
      fn: (s) => walk(JSON.parse(s.text)),
      check: (s, r) => checkStructure(s, r, true),
      counters: (s) => ({ walk_visits: s.values, parsed_bytes: s.bytes }),
      floor: jsonFloor,
    },
  },
});
