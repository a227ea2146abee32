// What a suite file declares, as plain values (read from the JS side by the engine layer).
#pragma once

#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/model/expected.h"

namespace v8bench {

enum class RealmKind { kV8, kNode };
const char* RealmName(RealmKind realm);

struct CaseInfo {
  std::size_t index = 0;  // position in the file's case list (stable for a given --quick)
  std::string name;       // suite/bench/param:value/...
  std::string suite;
  std::string bench;
  RealmKind realm = RealmKind::kV8;
  std::vector<std::pair<std::string, std::string>> params;
};

struct BenchInfo {
  std::string name;
  std::vector<std::pair<std::string, std::vector<std::string>>> grid;
};

struct SuiteInfo {
  std::string name;
  RealmKind realm = RealmKind::kV8;
  std::string description;
  std::vector<BenchInfo> benches;
};

// --param name=value[,value...]: replaces that parameter's values in every grid that has it.
using ParamOverrides = std::vector<std::pair<std::string, std::vector<std::string>>>;

// What a malformed --param text is told to be instead.
inline constexpr const char* kParamSyntax = "write NAME=VALUE or NAME=V1,V2 (e.g. --param size=1000)";

// The --param texts (NAME=V1,V2, repeatable) as grid overrides, in the order given; a malformed one
// (no '=', no name or no value) is an Error::Usage that shows the form to write.
Expected<ParamOverrides> ParseParamOverrides(const std::vector<std::string>& texts);

// A case across configurations that set some parameters differently: its name without the parameters in
// `ignore` (compare's case key, and the cases `run --alternate` times in turns).
std::string CaseKey(const CaseInfo& c, const std::vector<std::string>& ignore);

// --filter: an ECMAScript regex over case names (suite/bench/param:value/...) that selects a name it matches
// anywhere, except that a match ending inside a parameter's value counts only where the value ends, so a
// value is matched whole: 'size:1000' selects size:1000 and not size:10000 ('size:1000\\d*' selects both).
class CaseFilter {
 public:
  // An Error::Usage naming --filter for a malformed regex.
  static Expected<CaseFilter> Parse(const std::string& text);
  bool Matches(const std::string& name) const;

 private:
  std::regex anywhere_;
  std::regex at_boundary_;  // the same, followed by '/' or the name's end
};

// Whether a file's text is of a format sized for one call of its bench per process: Node core's
// benchmark/ files (`require('../common.js')` or `'../common'`, any number of `../`, by require or import),
// which compare.js runs once per process with no time limit. Read from the text, so that a process that
// has not loaded the file (run's supervisor, compare's driver) decides as the worker that runs it does
// (RunSettings::TimeoutFor, measure/thresholds.h DefaultCallTimeout). A file that reaches common.js only
// through another module of its own, or a comment quoting such a require, is read as its text says.
bool SizedForOneCallPerProcess(std::string_view source);

// One suite file after discovery.
struct SuiteFile {
  std::string path;
  std::vector<SuiteInfo> suites;
  std::vector<CaseInfo> cases;
  // Without cases: why (bench_api.js noCaseReason), and whether that is a file whose benches are all left
  // out on purpose (Deno's ignore: true, Vitest's .skip): not an error, as for `deno bench`.
  std::string no_case_reason;
  bool all_left_out = false;
};

}  // namespace v8bench
