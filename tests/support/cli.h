// Runs the built v8bench binary as a user would, capturing its output and exit code. Tests use it
// for end-to-end behaviour (exit codes, messages, files written).
#pragma once

#include <string>
#include <vector>

namespace v8bench::testing {

struct CliResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs `build/v8bench args...` (the path comes from the build, V8BENCH_BINARY), with a time limit,
// in directory `cwd` (default: the test's), where files V8 writes on its own (isolate-*-v8.log) land.
CliResult RunCli(const std::vector<std::string>& args, int timeout_s = 300, const std::string& cwd = "");

// Absolute path of a file under tests/fixtures/ or of a shipped suite.
std::string Fixture(const std::string& name);
std::string SuitePath(const std::string& name);

// A fresh temporary directory, removed with everything in it when the test process ends.
std::string TempDir();
std::string WriteTempFile(const std::string& name, const std::string& content);
std::string ReadWholeFile(const std::string& path);

// The lines of `text` (a worker's JSONL output), without their newlines; a last line without one counts.
std::vector<std::string> Lines(const std::string& text);

}  // namespace v8bench::testing
