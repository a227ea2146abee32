// v8bench's bench API, part 04: How a realm loads a file: harness modules, module hooks, formats, and the file's suite.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

// --- Benchmark files written for other harnesses -----------------------------------------------
// load(source, path, importer) is how a realm runs a file: the host runs what it returns (a classic
// script's text) or awaits it (a promise: the file's module graph loaded and evaluated, top-level awaits
// included). A file is never recognised by its text: the harnesses' modules (mitata, tinybench,
// bench-node, benchmark = Benchmark.js, vitest) are v8bench's own implementations of their public APIs
// wherever the file's module graph imports or requires them, and what they were asked to declare makes
// the file's suite (named after the file). Node core's benchmark/ files get their ../common.js.
//   - Node (the embedded host's node realm, Node engines): an ES module (.mjs, .mts, .ts, .cts, a .js
//     file in a "type": "module" package or with module syntax, as Node 22 detects it) is imported
//     through Node's own loader, with module customization hooks (module.registerHooks where it exists,
//     else module.register) answering the harnesses' names with v8bench:harness/NAME; a CommonJS file
//     runs in Node's CommonJS wrapper, with require() relative to the file and Module._resolveFilename
//     answering the same names anywhere in its graph.
//   - The bare realm: the file as a classic script; a file of another harness fails there (import
//     syntax, no require) and the host runs it in the node realm instead.
//   - Deno and Bun (the external runner): loadThroughEngineLoader(), the engine's own loader with
//     v8bench's import map (Deno) or virtual modules (Bun).
//   - workerd (the external runner): wrap() below, the older path that rewrites a file's import lines
//     into require() calls (a worker's modules are fixed in its configuration).
// What those files print goes where a suite's printing goes: never into the results.
const HARNESS_NAMES = ['mitata', 'tinybench', 'bench-node', 'benchmark', 'vitest'];
const HARNESS_MODULES = {
  mitata: mitataModule,
  tinybench: tinybenchModule,
  'bench-node': benchNodeModule,
  benchmark: benchmarkJsModule,
  vitest: vitestModule,
};
// The factory of a harness's module, or null where v8bench has none yet.
function harnessFactory(name) {
  return hasOwn(HARNESS_MODULES, name) ? HARNESS_MODULES[name] : null;
}
function notSupportedYet(name) {
  return `'${name}' is not supported yet: this v8bench has no implementation of ${name}'s API ` +
    '(docs/benchmark-files.md lists the harnesses it runs)';
}
const isHarnessName = (id) => typeof id === 'string' && HARNESS_NAMES.indexOf(id) >= 0;

// One instance of a harness's module per file given to v8bench (its collector names the suite).
const harnessInstances = new Map();
function harnessInstance(file, name) {
  const key = `${name}\0${file}`;
  if (!harnessInstances.has(key)) {
    const factory = harnessFactory(name);
    if (factory === null) throw new Error(notSupportedYet(name));
    harnessInstances.set(key, factory(collectorFor(file)));
  }
  return harnessInstances.get(key);
}

// The file being loaded now: what a module graph's harness imports act on. A module (a wrapper such
// as Bun's bench/runner.mjs) is evaluated once per realm, while the external runner loads several
// files in one realm: so what a module imports forwards, at each use, to the instance of the file
// being loaded (or the last one loaded, when a bench runs).
let loadingFile = null;
const ProxyCtor = Proxy;
const construct = Reflect.construct;
function forwarder(target) {
  const proxy = new ProxyCtor(function harnessExport() {}, {
    get: (t, key) => {
      const v = target();
      return v === null || v === undefined ? undefined : v[key];
    },
    set: (t, key, value) => {
      target()[key] = value;
      return true;
    },
    has: (t, key) => key in Object(target()),
    apply: (t, self, args) => apply(target(), self, args),
    construct: (t, args, newTarget) => construct(target(), args, newTarget === proxy ? target() : newTarget),
  });
  return proxy;
}
// What `import ... from NAME` and require(NAME) get: { whole, default, named: { export: value } }.
const harnessModules = new Map();
function harnessModule(name) {
  if (harnessModules.has(name)) return harnessModules.get(name);
  const now = () => harnessInstance(loadingFile, name);
  const sample = now();
  const named = createObject(null);
  const keys = ownKeys(sample);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const v = sample[k];
    named[k] = typeof v === 'function' || (typeof v === 'object' && v !== null) ? forwarder(() => now()[k]) : v;
  }
  const whole = forwarder(now);
  const out = { whole, default: hasOwn(sample, 'default') ? named.default : whole, named };
  harnessModules.set(name, out);
  return out;
}
// The names a harness's module exports (what a module hook must declare before the module runs).
function harnessExportNames(name) {
  const sample = harnessFactory(name)({ file: '', benches: {}, add: () => '' });
  const out = [];
  const keys = ownKeys(sample);
  for (let i = 0; i < keys.length; i++) if (matches(/^[A-Za-z_$][\w$]*$/, keys[i]) && keys[i] !== 'default') append(out, keys[i]);
  return out;
}

// Each harness's export names, or why v8bench cannot answer it yet.
function harnessTable() {
  const exportsOf = {};
  const refusals = {};
  for (let i = 0; i < HARNESS_NAMES.length; i++) {
    const name = HARNESS_NAMES[i];
    if (harnessFactory(name) === null) refusals[name] = notSupportedYet(name);
    else exportsOf[name] = harnessExportNames(name);
  }
  return { exportsOf, refusals };
}

// Node's module customization hooks. One definition, run either in this thread (module.registerHooks,
// Node 22.15+) or, as source text, on Node's loader thread (module.register, Node 18.19+), where nothing
// of this realm is reachable: it gets the harnesses' export names as data, and the modules it answers
// read v8bench's implementations from globalThis.__v8bench when they are evaluated, in this thread.
function moduleHooks(exportsOf, refusals, tools) {
  const PREFIX = 'v8bench:harness/';
  const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  // Node 22.7+ runs a .js file with module syntax outside a "type": "module" package as a module
  // (Node 18 and 20 need --experimental-detect-module): the same test, by the engine's parser (V8's
  // messages, then JavaScriptCore's, for Bun).
  const MODULE_ONLY = new RegExp("^(?:Cannot use import statement outside a module|Unexpected token 'export'|" +
    "Cannot use 'import\\.meta' outside a module|await is only valid in async functions and the top level bodies of modules|" +
    "Unexpected keyword 'export'|import\\.meta is only valid inside modules)|import call expects one or two arguments");
  function hasModuleSyntax(source) {
    try {
      tools.compile('exports', 'require', 'module', '__filename', '__dirname', source.replace(/^#!/, '//'));
      return false;
    } catch (e) {
      return e instanceof SyntaxError && MODULE_ONLY.test(e.message);
    }
  }
  // A path into a package's own folder under node_modules names that package: Bun's older
  // bench/snippets/runner.mjs imports '../node_modules/mitata/src/cli.mjs', installed or not.
  function packageOfPath(specifier) {
    const m = /^(?:\.{1,2}\/|\/|file:)(?:.*\/)?node_modules\/([^/@.][^/]*)\/[^/]/.exec(specifier);
    return m ? m[1] : specifier;
  }
  // A relative, absolute or file: specifier naming a folder whose package.json names a harness is that
  // harness: a file inside mitata's own checkout imports it as '..'. null when it is not such a folder.
  function packageOfFolder(specifier, parentURL) {
    if (!/^(?:\.{1,2}(?:\/|$)|\/|file:)/.test(specifier) || typeof parentURL !== 'string' || !parentURL.startsWith('file:')) {
      return null;
    }
    try {
      const folder = new URL(specifier.endsWith('/') ? specifier : `${specifier}/`, parentURL);
      const name = JSON.parse(tools.readFileSync(tools.fileURLToPath(new URL('package.json', folder)), 'utf8')).name;
      return typeof name === 'string' ? name : null;
    } catch (notAPackageFolder) {
      return null;
    }
  }
  function resolve(specifier, context, next) {
    // require() (registerHooks sees it too) is answered by Module._resolveFilename.
    const conditions = context.conditions || [];
    if (conditions.indexOf('require') < 0) {
      let name = packageOfPath(specifier);
      if (!own(exportsOf, name) && !own(refusals, name)) name = packageOfFolder(specifier, context.parentURL) || name;
      if (own(exportsOf, name)) return { url: PREFIX + name, format: 'module', shortCircuit: true };
      if (own(refusals, name)) throw new Error(`${refusals[name]} (imported by ${context.parentURL})`);
    }
    return next(specifier, context);
  }
  function detected(url, context, loaded) {
    const byRequire = (context.conditions || []).indexOf('require') >= 0;
    if (loaded.format !== 'commonjs' || byRequire || !url.startsWith('file:')) return loaded;
    const source = loaded.source == null ? tools.readFileSync(tools.fileURLToPath(url), 'utf8') : String(loaded.source);
    return hasModuleSyntax(source) ? { format: 'module', source, shortCircuit: true } : loaded;
  }
  function load(url, context, next) {
    if (url.startsWith(PREFIX)) {
      const name = url.slice(PREFIX.length);
      return { format: 'module', shortCircuit: true, source: harnessModuleSource(name, exportsOf[name]) };
    }
    const loaded = next(url, context);
    return typeof loaded.then === 'function' ? loaded.then((r) => detected(url, context, r)) : detected(url, context, loaded);
  }
  return { resolve, load, hasModuleSyntax, packageOfFolder };
}
// The source of the module that answers a harness's name: v8bench's implementation, read from this
// realm's globalThis.__v8bench when the module is evaluated (in the realm's own thread). Self-contained:
// the hooks' copy of it runs on Node's loader thread.
function harnessModuleSource(name, exportNames) {
  const list = exportNames.map((k) => `${k} = h.named[${JSON.stringify(k)}]`).join(', ');
  return `const h = globalThis.__v8bench.harnessModule(${JSON.stringify(name)});\nexport default h.default;\n` +
    (list ? `export const ${list};\n` : '');
}

// The hooks and the require() redirection, made once per realm: the require() side at once (cheap), the
// import side (module.register starts Node's loader thread) only when a module is imported.
let nodeHooks = null;
let importHooksOn = false;
function installModuleHooks(nodeRequire) {
  if (nodeHooks !== null) return nodeHooks;
  const Module = nodeRequire('module');
  const { exportsOf, refusals } = harnessTable();
  const tools = { compile: FunctionCtor, readFileSync: nodeRequire('fs').readFileSync, fileURLToPath: nodeRequire('url').fileURLToPath };
  nodeHooks = moduleHooks(exportsOf, refusals, tools);
  nodeHooks.registerImportHooks = () => {
    if (importHooksOn) return;
    importHooksOn = true;
    if (typeof Module.registerHooks === 'function') {
      Module.registerHooks({ resolve: nodeHooks.resolve, load: nodeHooks.load });
      return;
    }
    const source = "import { readFileSync } from 'node:fs'; import { fileURLToPath } from 'node:url';\n" +
      `${fnToString(harnessModuleSource)}\n` +
      `const hooks = (${fnToString(moduleHooks)})(${quoteString(exportsOf)}, ${quoteString(refusals)}, { compile: Function, readFileSync, fileURLToPath });\n` +
      'export const resolve = hooks.resolve;\nexport const load = hooks.load;\n';
    Module.register(`data:text/javascript,${encodeURIComponent(source)}`);
  };
  redirectRequire(Module, refusals);
  return nodeHooks;
}

// require() of a harness's name, anywhere in a CommonJS graph (Node, and Deno's node:module), gets
// v8bench's implementation: Module._resolveFilename names a module v8bench put in the cache.
let requireRedirected = false;
function redirectRequire(Module, refusals) {
  if (requireRedirected) return;
  requireRedirected = true;
  const resolveFilename = Module._resolveFilename;
  // Taken before the patch: require() itself goes through Module._resolveFilename.
  const url = global.require('url');
  const folderHooks = moduleHooks({}, {}, { readFileSync: global.require('fs').readFileSync, fileURLToPath: url.fileURLToPath });
  Module._resolveFilename = function (request, parent, isMain, options) {
    if (!isHarnessName(request) && typeof request === 'string' && parent && typeof parent.filename === 'string') {
      const named = folderHooks.packageOfFolder(request, url.pathToFileURL(parent.filename).href);
      if (isHarnessName(named)) request = named;
    }
    if (isHarnessName(request)) {
      if (hasOwn(refusals, request)) throw new Error(`${refusals[request]} (required by ${parent && parent.filename})`);
      const id = `v8bench:harness/${request}`;
      if (Module._cache[id] === undefined) {
        const m = new Module(id, null);
        m.filename = id;
        m.loaded = true;
        m.exports = harnessModule(request).whole;
        Module._cache[id] = m;
      }
      return id;
    }
    return apply(resolveFilename, this, arguments);
  };
}

// An import() usable from here: bench_api.js is a classic script, whose own import() Node 18 refuses,
// so a function compiled by Node's CommonJS loader (which gives its code import()) is the importer.
function moduleImporter(nodeRequire, file) {
  const Module = nodeRequire('module');
  const path = nodeRequire('path');
  const importerFile = path.join(path.dirname(file), '[v8bench importer].cjs');
  const m = new Module(importerFile, null);
  m.filename = importerFile;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  m._compile('module.exports = (url) => import(url);', importerFile);
  return m.exports;
}

const TYPESCRIPT = /\.[cm]?ts$/;
// Why this Node cannot run a TypeScript file ('' when it can: type stripping, Node 22.6+).
function typeScriptRefusal(path) {
  const p = global.process;
  if (p.features && p.features.typescript) return '';
  const argv = p.execArgv || [];
  if (argv.indexOf('--experimental-strip-types') >= 0 || argv.indexOf('--experimental-transform-types') >= 0) return '';
  return `${path}: a TypeScript file, and Node ${p.version}${p.argv0 === 'v8bench' ? " (v8bench's embedded V8)" : ''} ` +
    'cannot strip types: run it with --engine on Node 22.18 or later (tools/fetch_engines.sh node@24), on Deno or on Bun';
}

// Whether Node would load the file as an ES module.
function isModuleFile(file, source, nodeRequire, hooks) {
  if (/\.m[jt]s$/.test(file) || TYPESCRIPT.test(file)) return true;
  if (/\.cjs$/.test(file)) return false;
  const fs = nodeRequire('fs');
  const path = nodeRequire('path');
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      let type;
      try {
        type = parseJson(fs.readFileSync(pkg, 'utf8')).type;
      } catch (ignored) {
        type = undefined; // Node refuses a broken package.json itself, with its own message
      }
      if (type === 'module') return true;
      if (type === 'commonjs') return false;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  return hooks.hasModuleSyntax(source);
}

// A module's evaluation failed (a throw or rejection at its top level, a link or syntax error): the
// failure of the file given to v8bench, named so, whatever was thrown.
function moduleFailure(e, path) {
  let what;
  try {
    what = e instanceof Error ? (typeof e.stack === 'string' && e.stack !== '' ? e.stack : `${e.name}: ${e.message}`) :
      `it threw a non-Error value: ${typeof e === 'string' ? quoteString(e) : toText(e)}`;
  } catch (ignored) {
    what = `it threw an unprintable ${typeof e}`;
  }
  // Frames inside Node's loader and v8bench's hooks say nothing about the file.
  const lines = what.split('\n');
  const kept = [];
  for (let i = 0; i < lines.length; i++) {
    if (i === 0 || !matches(/^\s+at .*(?:node:internal\/|data:text\/javascript)/, lines[i])) append(kept, lines[i]);
  }
  if (e instanceof SyntaxError) {
    const located = locateSyntaxError(path);
    if (located !== '') return fileError(located);
  }
  return fileError(`${path}: the module failed while loading: ${arrayJoin(kept, '\n')}`);
}

// Node's module loader throws a module's SyntaxError without its file and line (it prints them itself from
// a hidden property). For the message, the file given and the modules it imports by a relative path are
// parsed again as a script with the same lines and columns (import/export declarations blanked out, the
// body an async function for top-level await): "FILE:LINE:COL: SyntaxError: ..." and the line, from the
// engine's parser; '' when none of them fails that way (TypeScript is not parsed here).
const SYNTAX_LOCATED = /^(.*):(\d+)\n([^\n]*)\n( *)\^+[^\n]*\n\n([^\n]*)/;
function locateSyntaxError(path) {
  const nodeRequire = global.require;
  if (typeof nodeRequire !== 'function') return '';
  let fs;
  let vm;
  let pathModule;
  try {
    [fs, vm, pathModule] = [nodeRequire('fs'), nodeRequire('vm'), nodeRequire('path')];
  } catch (ignored) {
    return '';
  }
  const blank = (text) => text.replace(/[^\n]/g, ' ');
  const queue = [pathModule.resolve(path)];
  const seen = new Set();
  while (queue.length > 0 && seen.size < 100) {
    const file = queue.shift();
    if (seen.has(file) || TYPESCRIPT.test(file)) continue;
    seen.add(file);
    let source;
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch (ignored) {
      continue;
    }
    const dir = pathModule.dirname(file);
    const body = source.replace(/^\uFEFF/, ' ').replace(/^#!/, '//')
      .replace(/\bimport\s*(?:[\w$*{][^;'"]*?\bfrom\s*)?(['"])([^'"\n]+)\1(?:\s*(?:with|assert)\s*\{[^}]*\})?/g, (m, q, spec) => {
        if (/^\.{1,2}\//.test(spec)) queue.push(pathModule.resolve(dir, spec));
        return blank(m);
      })
      .replace(/\bexport\s*(?:\*|\{)[^;]*?(?:\bfrom\s*(['"])[^'"\n]+\1)?(?=\s*(?:;|$))/gm, blank)
      .replace(/\bexport\s+default\b/g, (m) => `void${blank(m.slice(4))}`)
      .replace(/\bexport(?=\s)/g, blank)
      .replace(/\bimport\.meta\b/g, '_ImportMeta');
    try {
      new vm.Script(`(async function () {'use strict';${body}\n})`, { filename: file });
    } catch (e) {
      const m = e instanceof SyntaxError && typeof e.stack === 'string' ? SYNTAX_LOCATED.exec(e.stack) : null;
      if (m === null) continue;
      const line = Number(m[2]);
      const column = m[4].length + 1 - (line === 1 ? "(async function () {'use strict';".length : 0);
      const text = source.split('\n')[line - 1];
      return `${file}:${line}:${column}: ${m[5]}\n${text === undefined ? m[3] : text.replace(/\r$/, '')}`;
    }
  }
  return '';
}
// An error about the user's file, whose stack (what hosts print) is its message: not v8bench's frames.
function fileError(message) {
  const e = new Error(message);
  e.stack = message;
  return e;
}

// Benches declared inside worker_threads Workers are cases on a Node engine only (js/worker_cases/):
// the embedded host measures its own isolate, and says so when a file that declares nothing started one.
let workersStarted = 0;
function countWorkers(nodeRequire) {
  const wt = nodeRequire('worker_threads');
  if (global.process.argv0 !== 'v8bench' || wt.Worker.v8benchCounted) return;
  wt.Worker = class Worker extends wt.Worker {
    constructor(...args) {
      super(...args);
      workersStarted++;
    }
  };
  wt.Worker.v8benchCounted = true;
  nodeRequire('module').syncBuiltinESMExports();
}
function workersNote() {
  return `; it started ${workersStarted} worker_threads Worker${workersStarted === 1 ? '' : 's'}, whose benches the ` +
    "embedded host cannot measure (it measures its own isolate): run it with --engine on Node, which measures " +
    'each bench inside its Worker';
}

function load(source, path, importer) {
  const nodeRequire = global.require;
  if (typeof nodeRequire !== 'function') return source;
  const file = nodeRequire('path').resolve(path);
  loadingFile = file;
  installDenoFor(source, file);
  const hooks = installModuleHooks(nodeRequire);
  countWorkers(nodeRequire);
  if (TYPESCRIPT.test(file)) {
    const refusal = typeScriptRefusal(path);
    if (refusal !== '') throw fileError(refusal);
  }
  if (!isModuleFile(file, source, nodeRequire, hooks)) return commonJsScript(source, path);
  hooks.registerImportHooks();
  const url = nodeRequire('url').pathToFileURL(file).href;
  return importModule(url, path, importer || moduleImporter(nodeRequire, file));
}

// Deno and Bun (the external runner): the engine's own loader imports a module, the harnesses' names
// answered by Deno's import map (v8bench's --import-map, written beside the runner, mapping them to
// files holding harnessModuleSources(), which the runner writes before any file loads) or by Bun's
// virtual modules (Bun.plugin's build.module, holding harnessModuleExports()). A file without module
// syntax is a CommonJS body, as on Node. TypeScript runs as the engine runs it.
function loadThroughEngineLoader(source, path, importer, url) {
  const file = global.require('path').resolve(path);
  loadingFile = file;
  installDenoFor(source, file);
  const moduleFile = /\.m[jt]s$/.test(file) || TYPESCRIPT.test(file) ||
    moduleHooks({}, {}, { compile: FunctionCtor }).hasModuleSyntax(source);
  redirectRequire(global.require('module'), harnessTable().refusals);
  if (!moduleFile) return commonJsScript(source, path);
  return importModule(url, path, importer);
}
// What the module answering `name` exports (Bun's virtual module): v8bench's implementation.
function harnessModuleExports(name) {
  if (harnessFactory(name) === null) throw new Error(notSupportedYet(name));
  const m = harnessModule(name);
  return assign({}, m.named, { default: m.default });
}
// name -> the source of the module answering it, for an import map's files.
function harnessModuleSources() {
  const { exportsOf, refusals } = harnessTable();
  const out = {};
  for (let i = 0; i < HARNESS_NAMES.length; i++) {
    const name = HARNESS_NAMES[i];
    out[name] = hasOwn(refusals, name) ? `throw new Error(${quoteString(refusals[name])});\n` :
      harnessModuleSource(name, exportsOf[name]);
  }
  return out;
}

// Imports the file's module graph; settles when it has been evaluated, rejects naming the file.
function importModule(url, path, importer) {
  const declaredBefore = suites.length;
  const file = loadingFile;
  // What a harness does once the module has been evaluated (Vitest collects its describe bodies then).
  const afterLoad = () => {
    const c = collectors.get(file);
    return c !== undefined && typeof c.afterLoad === 'function' ? c.afterLoad() : undefined;
  };
  const importing = promiseThen(importer(url), afterLoad);
  return promiseThen(importing, () => {
    // Only the node realm loads modules: a suite() of this file cannot run in the bare one.
    for (let i = declaredBefore; i < suites.length; i++) {
      if (suites[i].realm !== 'v8') continue;
      throw fileError(`${path}: suite '${suites[i].name}' runs in realm 'v8' (a bare V8 context, the default), which ` +
        "cannot load an ES module: give it realm: 'node', or write the file as a classic script");
    }
  }, (e) => {
    throw moduleFailure(e, path);
  });
}

// A CommonJS file, as Node's loader wraps it (a shebang line becomes a comment: the line count stays).
function commonJsScript(source, path) {
  return `__v8bench.enterFile(${quoteString(path)}, function (exports, require, module, __filename, __dirname) {` +
    `${source.replace(/^#!/, '//')}\n});`;
}

// The older path, for workerd: a file that names
// a harness's module in an import or require is run as a CommonJS body, its `import ... from` lines
// turned into require() calls on the same lines, as an async function when it has them (so that a
// top-level `await run()` stays valid).
const FOREIGN = /(?:\bfrom\s*|\brequire\(\s*)(['"])(?:mitata|tinybench|bench-node|benchmark|vitest|(?:\.\.\/)+common(?:\.js)?)\1/;
function formatOf(source) {
  return matches(FOREIGN, source);
}

// `import X, { a as b } from 'm'` -> `const X = <default of>(require('m')), { a: b } = require('m');`
// on the same lines; `export` keywords are dropped (a benchmark file exports nothing v8bench reads).
const IMPORT = /^([ \t]*)import\s+(?:([\w$]+)\s*,?\s*)?(\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?(['"])([^'"\n]+)\4[ \t]*;?/gm;
function importsToRequires(source) {
  return source
    .replace(IMPORT, (m, indent, def, named, q, spec) => {
      const req = `require(${q}${spec}${q})`;
      const parts = [];
      if (def) parts.push(`${def} = ((m) => (m !== null && typeof m === 'object' && 'default' in m ? m.default : m))(${req})`);
      if (named && named[0] === '*') parts.push(`${named.replace(/^\*\s*as\s+/, '')} = ${req}`);
      else if (named) parts.push(`${named.replace(/([\w$]+)\s+as\s+([\w$]+)/g, '$1: $2')} = ${req}`);
      return parts.length === 0 ? `${indent}${req};` : `${indent}const ${parts.join(', ')};`;
    })
    .replace(/^([ \t]*)export\s+default\s+/gm, '$1module.exports.default = ')
    .replace(/^([ \t]*)export\s+(?=(?:async\s+)?(?:function|class|const|let|var)\b)/gm, '$1');
}

function wrap(source, path) {
  if (!formatOf(source)) return source;
  const esm = /^[ \t]*(?:import\s*[\w$*{'"]|export\s)/m.test(source);
  const text = source.replace(/^#!/, '//');
  const body = esm ? importsToRequires(text) : text;
  // An ESM body is an async function, whose rejection a host sees only after the cases are described; so
  // its throw is also handed to enterFile's `failed` as it happens (at once, when before the first await).
  const inner = esm ? `'use strict'; try {${body}\n} catch (__v8benchError) { __v8benchFailed(__v8benchError); throw __v8benchError; }` : body;
  return `__v8bench.enterFile(${quoteString(path)}, ${esm ? 'async ' : ''}function ` +
    `(exports, require, module, __filename, __dirname, __v8benchFailed) {${inner}\n});`;
}

// Definitions that are complete only when the file's top level has run (mitata's .args() after
// bench(), Benchmark.js's chained add()): declared as suites before the first case list is built.
const pending = [];
function definePending() {
  while (pending.length > 0) pending.shift()();
}

// What a file of another harness names its suite: the file's base name.
function suiteNameOf(file) {
  const base = file.replace(/^.*[\\/]/, '').replace(/\.[cm]?[jt]s$/, '');
  return safeName(base) || 'benchmark';
}
function safeName(text) {
  return String(text).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
}

let loadFailure = null;

// Runs a CommonJS body: require() relative to the file, the harnesses' modules and a Node core file's
// ../common.js answered by v8bench.
function enterFile(path, body) {
  const nodeRequire = global.require;
  if (typeof nodeRequire !== 'function') {
    throw new Error(`${path}: this file runs in the node realm (it needs Node's require())`);
  }
  const file = nodeRequire('path').resolve(path);
  loadingFile = file;
  const fromFile = nodeRequire('module').createRequire(file);
  const module = { exports: {}, id: '.', filename: file, loaded: false, children: [], paths: [] };
  const commons = new Map();
  function require(id) {
    const shim = shimFor(id, file, commons);
    return shim !== undefined ? shim : fromFile(id);
  }
  require.resolve = fromFile.resolve;
  require.cache = fromFile.cache;
  require.main = module;
  const failed = (e) => {
    loadFailure = e;
  };
  const done = body.call(module.exports, module.exports, require, module, file, file.replace(/[\\/][^\\/]*$/, ''), failed);
  // wrap()'s ESM body is an async function; its rejection is the file's failure (then() captured: the body
  // has run, and may have replaced Promise.prototype.then).
  if (done instanceof PromiseCtor) {
    promiseThen(done, undefined, (e) => {
      loadFailure = e;
    });
  }
  module.loaded = true;
}

// What a CommonJS file's own require(id) gets from v8bench, or undefined (Node's require answers).
function shimFor(id, file, commons) {
  if (matches(/^(?:\.\.\/)+common(?:\.js)?$/, id)) {
    if (!commons.has('common')) commons.set('common', nodeCoreCommon(file));
    return commons.get('common');
  }
  if (!isHarnessName(id)) return undefined;
  return harnessInstance(file, id);
}
