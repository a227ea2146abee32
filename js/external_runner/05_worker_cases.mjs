// v8bench's external runner, part 05: benches declared inside worker_threads Workers (js/worker_cases/).
// One module with the other parts of js/external_runner/, joined in file-name order (cmake/EmbedJs.cmake).

let workerCases = null; // captureWorkerCases()'s answer, in the runner's thread on Node
let instrumentArgs = { dir: '', none: '' };

async function captureWorkers(opts) {
  if (!isNode) return;
  const { captureWorkerCases } = await import('./worker_cases.mjs');
  const settings = { ...opts, filter: null, instrumentDir: instrumentArgs.dir, noInstrument: instrumentArgs.none,
    methodTable };
  workerCases = captureWorkerCases({ require, runnerFile: require('node:url').fileURLToPath(import.meta.url), settings });
}

// The cases Workers declared, after the files' own: names made unique (a Worker file started twice
// declares its benches twice: the later ones get /worker:N), and the lines each Worker measured, or a
// failed case where a Worker ended before it measured one.
function workerCasePlan(files, opts) {
  const cases = [];
  const taken = new Set();
  let n = 0;
  for (const file of workerCases === null ? [] : files) {
    for (const w of workerCases.of(require('node:path').resolve(file))) {
      n++;
      for (const c of w.declared) {
        if (opts.filter && !opts.filter.test(c.name)) continue;
        const name = taken.has(c.name) ? `${c.name}/worker:${n}` : c.name;
        taken.add(name);
        cases.push({ c: { ...c, name }, from: c.name, w });
      }
    }
  }
  return {
    cases: () => cases.map((x) => x.c),
    lines() {
      const out = [];
      for (const { c, from, w } of cases) {
        const own = w.lines.filter((l) => l.name === from).map((l) => ({ ...l, name: c.name }));
        if (own.some((l) => l.type === 'case')) {
          out.push(...own);
          continue;
        }
        const why = w.error || `the Worker ended (exit code ${w.exitCode}) before this case was measured`;
        out.push({ type: 'start', ...caseFields(c) }, { type: 'case', ...caseFields(c), status: 'failed',
          error: `${w.file} (a worker_threads Worker): ${why}`, samples: [], measured_by: measuredBy(facts) });
      }
      return out;
    },
  };
}

// The runner as the entry of a Worker a suite file started (captureWorkerCases): the Worker's file
// loaded with the bench API in this isolate, its cases measured here when the runner's thread says so.
async function workerMain() {
  const { workerSession, runWorkerSession } = await import('./worker_cases.mjs');
  const session = workerSession();
  const s = session.settings;
  loadInstrument(s.instrumentDir, s.noInstrument);
  const rulesError = useMethodTable(s.methodTable);
  if (rulesError) throw new Error(rulesError);
  facts = engineFacts();
  const opts = { ...s, filter: s.filterSource ? caseFilter(s.filterSource) : null };
  const api = installGlobals();
  api.configure(JSON.stringify(opts.params));
  await runWorkerSession(session, {
    async load(file) {
      const loaded = api.load(readText(file), file, (url) => import(url));
      if (typeof loaded === 'string') evalScript(loaded, file);
      else await loaded;
    },
    describe: () => JSON.parse(api.describe(opts.quick)).cases.map((c, index) => ({ ...c, index }))
      .filter((c) => !opts.filter || opts.filter.test(c.name)),
    async measure(c) {
      if (opts.metric !== null) {
        return [{ type: 'start', ...caseFields(c) }, { type: 'case', ...caseFields(c), status: 'unsupported', samples: [], measured_by: measuredBy(facts),
          error: `--metric ${opts.metric} is not counted inside a worker_threads Worker (its bench runs on the Worker's thread, which the counter does not follow)` }];
      }
      const { start, line } = await measureLine(api, c, opts);
      return [start, line];
    },
    planOnly: opts.planOnly,
    describeError,
  });
}
