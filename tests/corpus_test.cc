// The hostile-input corpus (tests/corpus/README.md): every case file there is one test. A case gives
// v8bench's arguments, the exit code it must end with and fragments its output must hold; any case
// also fails if v8bench is killed by a signal, hangs past the case's time limit, or a sanitizer speaks.
// ctest runs this once per case file (tests/CMakeLists.txt), naming it in V8BENCH_CORPUS_CASE;
// without it, every case in the directory runs.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>

#include "tests/support/cli.h"

namespace v8bench {
namespace {

namespace fs = std::filesystem;

const std::string kCorpusDir = std::string(V8BENCH_SOURCE_DIR) + "/tests/corpus";

struct CorpusCase {
  std::string path;                                    // the case file
  std::string name;                                    // the test's name: the file name, [A-Za-z0-9_]
  std::multimap<std::string, std::string> directives;  // key -> value, in file order
  std::string problem;                                 // a malformed case file, reported as a failure
};

// `key: value` lines; in a .js file only in its leading // comment block, so the file is also a suite.
CorpusCase ReadCase(const fs::path& file) {
  CorpusCase c;
  c.path = file.string();
  c.name = file.filename().string();
  std::replace_if(
      c.name.begin(), c.name.end(), [](char ch) { return !std::isalnum(static_cast<unsigned char>(ch)); }, '_');
  const bool js = file.extension() == ".js";
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (js) {
      if (line.rfind("//", 0) != 0) break;
      line = line.substr(2);
    } else if (line.empty() || line[0] == '#') {
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    key.erase(0, key.find_first_not_of(' '));
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    static const char* kKeys[] = {"args",       "exit",          "stderr",      "stdout",  "not-stderr",
                                  "not-stdout", "stdout-format", "file-format", "timeout", "crashes-its-process"};
    if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys)) {
      if (!js) c.problem += "unknown directive '" + key + "'; ";
      continue;
    }
    c.directives.emplace(key, value);
  }
  if (c.directives.count("args") != 1) c.problem += "needs exactly one 'args:' line; ";
  if (c.directives.count("exit") != 1) c.problem += "needs exactly one 'exit:' line; ";
  return c;
}

std::vector<CorpusCase> ListCases() {
  std::vector<CorpusCase> out;
  if (const char* one = std::getenv("V8BENCH_CORPUS_CASE"); one != nullptr && *one != '\0') {
    out.push_back(ReadCase(one));
    if (!fs::is_regular_file(one)) out.back().problem += "no such case file; ";
    return out;
  }
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(kCorpusDir, ec)) {
    const auto ext = entry.path().extension();
    if (entry.is_regular_file() && (ext == ".case" || ext == ".js")) out.push_back(ReadCase(entry.path()));
  }
  std::sort(out.begin(), out.end(), [](const CorpusCase& a, const CorpusCase& b) { return a.name < b.name; });
  return out;
}

std::string Expand(std::string s, const std::string& self, const std::string& tmp) {
  const std::pair<std::string, std::string> vars[] = {{"{dir}", kCorpusDir}, {"{self}", self}, {"{tmp}", tmp}};
  for (const auto& [var, value] : vars) {
    for (auto at = s.find(var); at != std::string::npos; at = s.find(var, at + value.size())) {
      s.replace(at, var.size(), value);
    }
  }
  return s;
}

// Splits like a shell without expansion: whitespace separates, '...' and "..." group.
std::vector<std::string> SplitArgs(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  bool in_word = false;
  char quote = 0;
  for (char ch : s) {
    if (quote != 0) {
      if (ch == quote) {
        quote = 0;
      } else {
        cur.push_back(ch);
      }
    } else if (ch == '\'' || ch == '"') {
      quote = ch;
      in_word = true;
    } else if (ch == ' ' || ch == '\t') {
      if (in_word) out.push_back(cur);
      cur.clear();
      in_word = false;
    } else {
      cur.push_back(ch);
      in_word = true;
    }
  }
  if (in_word) out.push_back(cur);
  return out;
}

// RFC 4180: every record has the header's number of fields; quoted fields may hold , " CR LF.
std::string CsvProblem(const std::string& text) {
  std::size_t fields = 1, expected = 0, records = 0;
  bool quoted = false, at_field_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (quoted) {
      if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        ++i;
      } else if (ch == '"') {
        quoted = false;
      }
    } else if (ch == '"' && at_field_start) {
      quoted = true;
    } else if (ch == '"') {
      return "a quote inside an unquoted field at byte " + std::to_string(i);
    } else if (ch == ',') {
      ++fields;
      at_field_start = true;
      continue;
    } else if (ch == '\r') {
      return "a bare CR at byte " + std::to_string(i);
    } else if (ch == '\n') {
      if (records++ == 0) expected = fields;
      if (fields != expected) {
        return "record " + std::to_string(records) + " has " + std::to_string(fields) + " fields, the header " +
               std::to_string(expected);
      }
      fields = 1;
      at_field_start = true;
      continue;
    }
    at_field_start = false;
  }
  if (quoted) return "an unterminated quoted field";
  if (records < 2) return "no data record";
  return "";
}

std::string FormatProblem(const std::string& format, const std::string& text) {
  simdjson::dom::parser parser;
  if (format == "json") {
    return parser.parse(text).error() == simdjson::SUCCESS ? "" : "not one JSON document";
  }
  if (format == "jsonl") {
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
      if (!line.empty() && parser.parse(line).error() != simdjson::SUCCESS) return "not JSON: " + line;
    }
    return "";
  }
  if (format == "csv") return CsvProblem(text);
  if (format == "empty") return text.empty() ? "" : "not empty";
  return "unknown format '" + format + "' (json, jsonl, csv, empty)";
}

// `text` without ASan's deadly-signal reports ("AddressSanitizer:DEADLYSIGNAL" to its "==PID==ABORTING" line).
std::string WithoutDeadlySignalReports(std::string text) {
  const std::string header = "AddressSanitizer:DEADLYSIGNAL";
  for (auto at = text.find(header); at != std::string::npos; at = text.find(header, at)) {
    const auto end = text.find("ABORTING", at);
    text.erase(at, end == std::string::npos ? std::string::npos : end + 8 - at);
  }
  // When two threads take the deadly signal at once, the second one's header is cut short by the first's
  // abort: the text ends in a part of that header ("AddressSanitizer"), the same crash, not another finding.
  if (const std::size_t content_end = text.find_last_not_of('\n'); content_end != std::string::npos) {
    const std::size_t line_start = text.rfind('\n', content_end);
    const std::size_t from = line_start == std::string::npos ? 0 : line_start + 1;
    if (std::string_view(header).starts_with(std::string_view(text).substr(from, content_end + 1 - from))) {
      text.erase(from);
    }
  }
  return text;
}

// gtest prints a test's parameter: the case file, not its bytes.
void PrintTo(const CorpusCase& c, std::ostream* os) { *os << c.path; }

class Corpus : public ::testing::TestWithParam<CorpusCase> {};

TEST_P(Corpus, EndsAsItsCaseFileSays) {
  const CorpusCase& c = GetParam();
  ASSERT_TRUE(c.problem.empty()) << c.path << ": " << c.problem;
  const std::string tmp = testing::TempDir();
  auto get = [&](const char* key) { return c.directives.find(key)->second; };
  const auto args = SplitArgs(Expand(get("args"), c.path, tmp));
  const int limit = c.directives.count("timeout") ? std::stoi(get("timeout")) : 120;
  const auto r = testing::RunCli(args, limit);
  const std::string context = "case " + c.path + "\nargs: " + get("args") + "\nexit " + std::to_string(r.exit_code) +
                              "\n--- stdout:\n" + r.out.substr(0, 4000) + "\n--- stderr:\n" + r.err.substr(0, 4000);
  EXPECT_EQ(r.exit_code, std::stoi(get("exit"))) << context;
  // A suite that crashes the process running it on purpose: under ASan that crash arrives as the
  // sanitizer's deadly-signal report, which is the crash itself, not a finding; any other report still is.
  const std::string err = c.directives.count("crashes-its-process") ? WithoutDeadlySignalReports(r.err) : r.err;
  for (const char* alarm : {"AddressSanitizer", "LeakSanitizer", "runtime error:", "terminate called", "Aborted"}) {
    EXPECT_EQ(err.find(alarm), std::string::npos) << "'" << alarm << "' on stderr\n" << context;
  }
  // Whatever the case, a message about the user's file never names a line of v8bench's own JS as its place.
  for (const char* own : {"bench_api.js:", "external_runner.mjs:"}) {
    EXPECT_EQ(r.err.find(own), std::string::npos) << "'" << own << "' on stderr: a message placed in v8bench's JS\n"
                                                  << context;
  }
  for (auto [it, end] = c.directives.equal_range("stderr"); it != end; ++it) {
    EXPECT_NE(r.err.find(Expand(it->second, c.path, tmp)), std::string::npos) << "stderr lacks: " << it->second << "\n"
                                                                              << context;
  }
  for (auto [it, end] = c.directives.equal_range("stdout"); it != end; ++it) {
    EXPECT_NE(r.out.find(Expand(it->second, c.path, tmp)), std::string::npos) << "stdout lacks: " << it->second << "\n"
                                                                              << context;
  }
  for (auto [it, end] = c.directives.equal_range("not-stderr"); it != end; ++it) {
    EXPECT_EQ(r.err.find(it->second), std::string::npos) << "stderr has: " << it->second << "\n" << context;
  }
  for (auto [it, end] = c.directives.equal_range("not-stdout"); it != end; ++it) {
    EXPECT_EQ(r.out.find(it->second), std::string::npos) << "stdout has: " << it->second << "\n" << context;
  }
  for (auto [it, end] = c.directives.equal_range("stdout-format"); it != end; ++it) {
    const std::string problem = FormatProblem(it->second, r.out);
    EXPECT_EQ(problem, "") << "stdout is not " << it->second << "\n" << context;
  }
  // file-format: PATH FORMAT, e.g. {tmp}/out.json json: the file exists and is complete.
  for (auto [it, end] = c.directives.equal_range("file-format"); it != end; ++it) {
    const auto words = SplitArgs(Expand(it->second, c.path, tmp));
    ASSERT_EQ(words.size(), 2u) << c.path << ": file-format needs PATH FORMAT";
    ASSERT_TRUE(fs::exists(words[0])) << words[0] << " was not written\n" << context;
    const std::string problem = FormatProblem(words[1], testing::ReadWholeFile(words[0]));
    EXPECT_EQ(problem, "") << words[0] << " is not " << words[1] << "\n" << context;
  }
  std::error_code ec;
  fs::remove_all(tmp, ec);
}

INSTANTIATE_TEST_SUITE_P(Hostile, Corpus, ::testing::ValuesIn(ListCases()),
                         [](const ::testing::TestParamInfo<CorpusCase>& info) { return info.param.name; });

}  // namespace
}  // namespace v8bench
