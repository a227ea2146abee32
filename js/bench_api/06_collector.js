// v8bench's bench API, part 06: What every adapter of another harness declares through: the file's collector.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

// A file's benches, collected as its top level adds them and declared as one suite (named after the
// file) before the cases are listed. Names are made safe for case names ([A-Za-z0-9_.-]) and unique.
// notes: what the adapter did differently from the harness (hooks timed with the bench, options v8bench
// replaces, benches left out on purpose): they end the suite's description, which `list` shows.
const collectors = new Map();
// The files whose benches were all left out on purpose, with the notes saying which and why (noCaseReason).
const leftOutFiles = [];
function collectorFor(file) {
  if (collectors.has(file)) return collectors.get(file);
  const c = {
    file,
    benches: {},
    notes: [],
    beforeDefine: null,
    afterLoad: null,
    add(name, spec) {
      const base = safeName(name) || 'bench';
      let unique = base;
      for (let i = 2; Object.prototype.hasOwnProperty.call(c.benches, unique); i++) unique = `${base}_${i}`;
      c.benches[unique] = spec;
      return unique;
    },
    remove(unique) {
      delete c.benches[unique];
    },
    note(text) {
      if (!c.notes.includes(text)) c.notes.push(text);
    },
  };
  collectors.set(file, c);
  pending.push(() => {
    if (c.beforeDefine) c.beforeDefine();
    if (ownKeys(c.benches).length === 0) {
      if (c.notes.length > 0) append(leftOutFiles, { file, notes: c.notes.slice() });
      return;
    }
    const notes = c.notes.length > 0 ? ` ${c.notes.join('; ')}.` : '';
    suite({
      name: suiteNameOf(file),
      realm: 'node',
      description: `${c.title || 'benchmark'} file: one iteration is one call of a bench's function.${notes}`,
      benches: c.benches,
    });
  });
  return c;
}

function isGenerator(fn) {
  const kind = fn && fn.constructor && fn.constructor.name;
  return kind === 'GeneratorFunction' || kind === 'AsyncGeneratorFunction';
}
function isThenable(v) {
  return v !== null && (typeof v === 'object' || typeof v === 'function') && typeof v.then === 'function';
}

// What a file reads back after its run(): v8bench measures each bench later, case by case in processes of
// its own, after the file's top level (and so its printing) has run. The results a file sees have the
// harness's shape with every statistic NaN (no sample: nothing made up) and say so; the measured figures
// are in v8bench's own table and JSON.
const NOT_MEASURED = 'not measured here: v8bench measures each bench after the file has loaded, in its own table';
