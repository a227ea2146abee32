// v8bench's external runner, part 02: loading the suite files as the engine loads them.
// One module with the other parts of js/external_runner/, joined in file-name order (cmake/EmbedJs.cmake).

// --- Benchmark files of other harnesses (bench_api.js wrap(); docs/benchmark-files.md) ------------
// A bench that counts its own operations (a Node core benchmark's bench.end(n)) has its figures per
// operation, as the embedded host's (SuiteHost::Operations): a batch of n iterations' per-iteration
// counters scaled by n / operations.
function perOperation(counters, n, operations) {
  if (!(operations > 0)) return counters;
  for (const k of Object.keys(counters)) counters[k] *= n / operations;
  return counters;
}
// Each suite file as its engine loads it (bench_api.js load()): on Node through Node's own module loader,
// whose promise settles when the file's module graph has been evaluated (top-level awaits included), or
// as a CommonJS body; on Deno through Deno's loader with the import map v8bench passes (--import-map,
// harness/workers/external_engine.cc), whose files this runner writes first; on Bun through Bun's loader
// with virtual modules (Bun.plugin); on workerd through the older wrap().
const isNode = !isDeno && !isBun && !isWorkerd;
const HARNESS_DIR = 'harness';
// Whether Deno was started with v8bench's import map (it maps each harness's name into HARNESS_DIR).
function denoImportMapped() {
  if (!isDeno) return false;
  try {
    return import.meta.resolve('mitata') === new URL(`./${HARNESS_DIR}/mitata.mjs`, import.meta.url).href;
  } catch {
    return false;
  }
}
// The import map's files, written beside the runner (atomically: other workers may read them meanwhile).
function writeHarnessModules(api) {
  const path = require('node:path');
  const dir = path.join(here, HARNESS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(api.harnessModuleSources())) {
    const file = path.join(dir, `${name}.mjs`);
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === source) continue;
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, source);
    fs.renameSync(temporary, file);
  }
}
// Bun: the harnesses' names as virtual modules, for import and require alike.
function installBunModules(api) {
  if (!isBun || typeof Bun.plugin !== 'function') return false;
  Bun.plugin({
    name: 'v8bench harness modules',
    setup(build) {
      for (const name of api.harnessNames()) build.module(name, () => ({ exports: api.harnessModuleExports(name), loader: 'object' }));
    },
  });
  return true;
}
async function loadFiles(api, files) {
  const mapped = denoImportMapped();
  if (mapped) writeHarnessModules(api);
  const viaLoader = mapped || installBunModules(api);
  for (const file of files) {
    const source = readText(file);
    const before = api.declaredSoFar();
    let loaded;
    if (workerCases !== null) workerCases.loading(require('node:path').resolve(file));
    if (isNode) loaded = api.load(source, file, (url) => import(url));
    else if (viaLoader) loaded = api.loadThroughEngineLoader(source, file, (url) => import(url), require('node:url').pathToFileURL(require('node:path').resolve(file)).href);
    else loaded = api.wrap(source, file);
    if (typeof loaded === 'string') evalScript(loaded, file);
    else await loaded;
    // Benches declared inside the Workers the file started count once those Workers have ended.
    if (workerCases !== null) await workerCases.settled();
    // A file that declares nothing is bad input, as on the embedded host; one whose benches are all left
    // out on purpose is said and skipped, as `deno bench` does.
    const none = api.fileWithoutCase(before);
    if (none === null) continue;
    if (workerCases !== null && workerCases.of(require('node:path').resolve(file)).length > 0) continue;
    if (!none.left_out) {
      const e = new Error(`${file}: ${none.text}`);
      e.stack = e.message; // the file's problem, not the runner's frames
      throw e;
    }
    console.error(`v8bench: ${file}: ${none.text}`);
  }
}
// --- end of the other harnesses' section -------------------------------------------------------------
