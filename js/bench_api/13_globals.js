// v8bench's bench API, part 13: What the realm sees: the globals a suite and the host call.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

// Every entry point a suite or the host calls names a built-in the suite replaced when harness code
// fails over it (naming()). unsupported() throws the suite's own reason and stays as it is.
Object.defineProperty(global, 'suite', { value: named(suite), writable: false, enumerable: false });
Object.defineProperty(global, 'seededRandom', { value: seededRandom, writable: false, enumerable: false });
Object.defineProperty(global, 'unsupported', { value: unsupported, writable: false, enumerable: false });
Object.defineProperty(global, '__v8bench', {
  value: freeze({
    configure: named(configure),
    describe: named(describe),
    prepare: named(prepare),
    resume: named(resume),
    probed: named(probed),
    probeSeconds,
    settle: named(settle),
    leaveLoopUnoptimised: named(leaveLoopUnoptimised),
    loopUnoptimised,
    codeState: named(codeState),
    check: named(check),
    isAsync,
    counters: named(counters),
    floor: named(floor),
    teardown: named(teardown),
    strayCall,
    unsupportedReason: Unsupported.reasonOf,
    operations: named(operations),
    wrap,
    load: named(load),
    declaredSoFar: named(declaredSoFar),
    fileWithoutCase: named(fileWithoutCase),
    loadThroughEngineLoader: named(loadThroughEngineLoader),
    harnessNames: () => HARNESS_NAMES.slice(),
    harnessModuleExports: named(harnessModuleExports),
    harnessModuleSources: named(harnessModuleSources),
    enterFile: named(enterFile),
    harnessModule: named(harnessModule),
    nameError,
  }),
  writable: false,
  enumerable: false,
});
