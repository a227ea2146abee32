// Which Node core benchmark files run unchanged on an external Node engine, through the worker that
// `v8bench compare --engine NAME=PATH` runs (js/external_runner.mjs, written by v8bench into
// $XDG_CACHE_HOME/v8bench/runner-*/ or ~/.cache/v8bench/runner-*/).
//
//   node research/node_benchmark_coverage.mjs --node PATH/TO/node --runner PATH/TO/external_runner.mjs \
//     [--cases K] [--timeout S] [--smoke] [--commits LIST.tsv] BENCHMARK_DIR/folder/file.js ...
//
// Per file: the runner lists the file's cases (--plan-only, the whole --quick grid), then runs the first K
// of them (--quick); the file runs when every one of them is ok. Prints a Markdown table (file, commit,
// cases in the grid, cases run, outcome, seconds, reason) and a summary line.
// --smoke times each case once and briefly (--repetitions 1 --min-time 0 --warmup 0 --max-warmup 0): the
// question here is whether a file runs, not how fast, and Node's files are sized for one call of main per
// process (seconds), which v8bench's default timings repeat about 15 times.
// --commits names a tab-separated list (path relative to benchmark/, commit) such as
// research/node_benchmark_files.tsv, for the table's commit column.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

function parseArgs(argv) {
  const o = { node: null, runner: null, cases: 2, timeout: 300, smoke: false, commits: new Map(), files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--node') o.node = argv[++i];
    else if (a === '--runner') o.runner = argv[++i];
    else if (a === '--cases') o.cases = Number(argv[++i]);
    else if (a === '--timeout') o.timeout = Number(argv[++i]);
    else if (a === '--smoke') o.smoke = true;
    else if (a === '--commits') {
      for (const line of readFileSync(argv[++i], 'utf8').split('\n')) {
        const [path, commit] = line.split('\t');
        if (path && commit && !path.startsWith('#')) o.commits.set(path, commit);
      }
    }
    else o.files.push(a);
  }
  if (!o.node || !o.runner || o.files.length === 0) {
    console.error('usage: node_benchmark_coverage.mjs --node NODE --runner external_runner.mjs [--cases K] [--timeout S] [--smoke] [--commits LIST.tsv] FILE...');
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
  // The runner has no defaults of its own: `v8bench run --quick`'s settings, or the smoke's.
  const settings = o.smoke ? ['--repetitions', '1', '--min-time', '0', '--warmup', '0', '--max-warmup', '0']
    : ['--repetitions', '3', '--min-time', '0.05', '--warmup', '0.02', '--max-warmup', '10'];
  // --long-call and --left-callbacks as the harness hands them over for these (harness/measure/thresholds.h).
  const smoke = [...settings, '--min-young-gcs', '20', '--tier', 'optimized', '--long-call', '0.25', '--long-call-budget', '30',
    '--left-callbacks', '0.25'];
  const run = runner(o, ['run', '--quick', ...smoke, '--filter', filter, file], o.timeout);
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
console.log('| file | commit | cases (--quick grid) | cases run | outcome | s | reason |');
console.log('|---|---|---:|---:|---|---:|---|');
// The file's path from its benchmark/ folder on (folder/file.js), the key of --commits.
const keyOf = (name) => name.split('/').slice(-2).join('/');
let ok = 0;
for (const file of o.files) {
  const r = cover(o, file);
  if (r.ok) ok++;
  const commit = (o.commits.get(keyOf(r.name)) || '').slice(0, 10);
  console.log(`| ${keyOf(r.name)} | ${commit} | ${r.grid} | ${r.ran} | ${r.ok ? 'ok' : 'fails'} | ${r.seconds ? r.seconds.toFixed(0) : ''} | ${r.reason} |`);
}
const folders = new Set(o.files.map((f) => keyOf(f).split('/')[0]));
console.log(`\n${ok} of ${o.files.length} files run unchanged (${((100 * ok) / o.files.length).toFixed(1)}%), across ${folders.size} folders.`);
