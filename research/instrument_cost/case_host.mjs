// What the instrument-cost scripts (count_case.mjs, count_cases.mjs, batch_parts.mjs) share: the
// in-process instrument loaded before the suite (as js/external_runner.mjs does), bench_api.js and the
// suite evaluated as the runner evaluates them, a case prepared and settled as the runner does, and its
// batches timed the runner's way (each bracketed by the instrument's start()/stop() when it is loaded).
import { createRequire } from 'node:module';
import process from 'node:process';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const path = require('node:path');

// The instrument's exports, or null without a file.
export function loadInstrument(file) {
  if (!file) return null;
  const module = { exports: {} };
  process.dlopen(module, path.resolve(file));
  return module.exports;
}

// bench_api.js and `suite` evaluated; the bench API and the suite's quick-grid cases.
export function loadSuite(suite) {
  globalThis.require = require;
  const here = path.dirname(new URL(import.meta.url).pathname);
  // The bench API's parts, joined in file-name order as cmake/EmbedJs.cmake joins them.
  const parts = path.join(here, '../../js/bench_api');
  const apiSource = fs.readdirSync(parts).filter((f) => f.endsWith('.js')).sort()
    .map((f) => fs.readFileSync(path.join(parts, f), 'utf8')).join('');
  (0, eval)(`${apiSource}\n//# sourceURL=v8bench:bench_api.js`);
  const api = globalThis.__v8bench;
  api.configure('{}');
  (0, eval)(`${api.wrap(fs.readFileSync(suite, 'utf8'), suite)}\n//# sourceURL=${suite}`);
  return { api, cases: JSON.parse(api.describe(true)).cases };
}

// Case `caseName` prepared, checked and settled; returns timed(n): one batch of n iterations, with the
// instrument's stop() result (null without the instrument). `script` names the caller in errors.
export async function prepareCase(api, cases, caseName, instrument, script) {
  const index = cases.findIndex((c) => c.name === caseName);
  if (index < 0) throw new Error(`${script}: no case ${caseName}; there are ${cases.map((c) => c.name).join(', ')}`);
  const batch = api.prepare(index, true);
  await api.check();
  await api.settle('optimized');
  return (n) => {
    if (!instrument) return batch(n);
    instrument.start();
    batch(n);
    return instrument.stop(n);
  };
}

// The warm-up: `iterations` in batches growing fourfold (fixed sizes, so two runs of a pair agree).
export function warmUp(timed, iterations) {
  for (let done = 0, n = 1; done < iterations; done += n, n = Math.min(n * 4, iterations - done || 1)) timed(n);
}

// `total` iterations in `batches` batches; the compiles the instrument saw in them (0 without it).
export function runBatches(timed, total, batches) {
  let compiles = 0;
  const per = Math.max(1, Math.floor(total / batches));
  for (let done = 0; done < total; done += per) {
    const r = timed(Math.min(per, total - done));
    if (r) compiles += r.compiles;
  }
  return compiles;
}
