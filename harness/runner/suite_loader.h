// Finds suite files, reads them, and asks the engine what they declare.
#pragma once

#include <string>
#include <vector>

#include "harness/engine/v8_process.h"
#include "harness/model/expected.h"
#include "harness/model/suite.h"

namespace v8bench {

struct LoadedSuiteFile {
  std::string path;
  std::string source;
  SuiteFile description;
};

// Expands directories (their *.js files, sorted) and reads each file. A missing path, an empty
// directory or an unreadable file is an Error::Input that names it.
Expected<std::vector<std::string>> ExpandSuitePaths(const std::vector<std::string>& paths);
Expected<std::string> ReadFile(const std::string& path);

// Whether any of the suite files `paths` names (directories expanded) is sized for one call per process
// (model/suite.h SizedForOneCallPerProcess): what the process that starts a worker (run's supervisor,
// compare) allows a case before the worker has loaded a file. A path that cannot be read counts as not:
// the worker says what is wrong with it.
bool AnySizedForOneCallPerProcess(const std::vector<std::string>& paths);

// How long loading and describing one file may take when the command has no --timeout of its own
// (`v8bench list`): a suite's top level normally takes milliseconds.
inline constexpr double kDefaultLoadTimeoutS = 60;

// Loads and describes every file. Discovery runs the file in a bare V8 context and, if that throws
// (a node suite using require() at the top level), in a Node environment. Each file's top level, and
// then its description, gets `timeout_s` seconds: a file that hangs or exhausts the heap is an
// error (exit code 2) that says so, and is not retried in the other realm.
Expected<std::vector<LoadedSuiteFile>> LoadSuites(V8Process& process, const std::vector<std::string>& paths, bool quick,
                                                  const ParamOverrides& overrides = {},
                                                  double timeout_s = kDefaultLoadTimeoutS);

// LoadSuites, then checks that every --param names a parameter of some loaded grid: an unknown
// name is an Error::Usage that lists the parameters the suites have (a typo would otherwise run the
// suites' own grids without a word).
Expected<std::vector<LoadedSuiteFile>> LoadSuitesWithParams(V8Process& process, const std::vector<std::string>& paths,
                                                            bool quick, const ParamOverrides& params, double timeout_s);

// `run --alternate NAME`: each NAME a parameter of some loaded grid; else nothing would take turns, silently
// (an Error::Usage that lists the parameters the suites have).
Status CheckAlternated(const std::vector<LoadedSuiteFile>& files, const std::vector<std::string>& alternate);

}  // namespace v8bench
