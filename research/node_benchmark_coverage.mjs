// Which Node core benchmark files run unchanged on an external Node engine, through the worker that
// `v8bench compare --engine NAME=PATH` runs (js/external_runner.mjs, written by v8bench into
// $XDG_CACHE_HOME/v8bench/runner-*/ or ~/.cache/v8bench/runner-*/).
//
//   node research/node_benchmark_coverage.mjs --node PATH/TO/node --runner PATH/TO/external_runner.mjs \
//     [--cases K] [--timeout S] BENCHMARK_DIR/folder/file.js ...
//
// Per file: the runner lists the file's cases (--plan-only, the whole --quick grid), then runs the first K
// of them (--quick); the file runs when every one of them is ok. Prints a Markdown table (file, cases in
// the grid, cases run, outcome, reason) and a summary line.
import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';

function parseArgs(argv) {
  const o = { node: null, runner: null, cases: 2, timeout: 300, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--node') o.node = argv[++i];
    else if (a === '--runner') o.runner = argv[++i];
    else if (a === '--cases') o.cases = Number(argv[++i]);
    else if (a === '--timeout') o.timeout = Number(argv[++i]);
    else o.files.push(a);
  }
  if (!o.node || !o.runner || o.files.length === 0) {
    console.error('usage: node_benchmark_coverage.mjs --node NODE --runner external_runner.mjs [--cases K] FILE...');
    process.exit(2);
  }
  return o;
}

// The worker's JSONL lines (docs/protocol.md), blank lines skipped.
function lines(text) {
  return text.split('\n').filter((l) => l.trim().startsWith('{')).map((l) => JSON.parse(l));
}

function runner(o, args, timeoutS) {
  const r = spawnSync(o.node, ['--allow-natives-syntax', '--expose-gc', o.runner, ...args], {
    encoding: 'utf8', timeout: timeoutS * 1000, maxBuffer: 64 << 20,
  });
  const timedOut = r.error !== undefined && r.error.code === 'ETIMEDOUT';
  return { out: lines(r.stdout || ''), err: r.stderr || '', status: r.status, signal: r.signal, timedOut };
}

function firstLine(text) {
  const line = String(text).split('\n').find((l) => l.trim() !== '') || '';
  return line.replace(/\|/g, '\\|').slice(0, 160);
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function cover(o, file) {
  const name = relative(process.cwd(), file);
  const plan = runner(o, ['run', '--quick', '--plan-only', file], 120);
  const names = plan.out.filter((l) => l.type === 'plan').map((l) => l.name);
  if (names.length === 0) {
    const why = plan.out.find((l) => l.type === 'error')?.message || plan.err || `exit ${plan.status}`;
    return { name, grid: 0, ran: 0, ok: false, reason: `not loaded: ${firstLine(why)}` };
  }
  const picked = names.slice(0, o.cases);
  const filter = `^(${picked.map(escape).join('|')})$`;
  const t0 = Date.now();
  const run = runner(o, ['run', '--quick', '--filter', filter, file], o.timeout);
  const seconds = (Date.now() - t0) / 1000;
  const cases = run.out.filter((l) => l.type === 'case');
  const bad = cases.find((c) => c.status !== 'ok');
  if (run.timedOut) return { name, grid: names.length, ran: cases.length, ok: false, reason: `not done in ${o.timeout} s`, seconds };
  if (run.signal) {
    const why = run.err.split('\n').find((l) => /Error|Check failed/.test(l)) || run.signal;
    return { name, grid: names.length, ran: cases.length, ok: false, reason: `the engine died (${run.signal}): ${firstLine(why)}`, seconds };
  }
  if (cases.length < picked.length) {
    return { name, grid: names.length, ran: cases.length, ok: false, reason: `worker ended early: ${firstLine(run.err)}`, seconds };
  }
  if (bad) return { name, grid: names.length, ran: cases.length, ok: false, reason: `${bad.status}: ${firstLine(bad.error)}`, seconds };
  return { name, grid: names.length, ran: cases.length, ok: true, reason: '', seconds };
}

const o = parseArgs(process.argv.slice(2));
console.log('| file | cases (--quick grid) | cases run | outcome | s | reason |');
console.log('|---|---:|---:|---|---:|---|');
let ok = 0;
for (const file of o.files) {
  const r = cover(o, file);
  if (r.ok) ok++;
  console.log(`| ${r.name} | ${r.grid} | ${r.ran} | ${r.ok ? 'ok' : 'fails'} | ${r.seconds ? r.seconds.toFixed(0) : ''} | ${r.reason} |`);
}
console.log(`\n${ok} of ${o.files.length} files run unchanged (${((100 * ok) / o.files.length).toFixed(1)}%).`);
