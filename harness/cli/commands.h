// The subcommands. Each takes its arguments (after the command name) and returns the exit code:
// 0 success, 1 a case failed (or a gate tripped), 2 bad input.
#pragma once

#include <string>
#include <vector>

namespace v8bench::cli {

int RunCommand(const std::vector<std::string>& args);
int ListCommand(const std::vector<std::string>& args);
int InfoCommand(const std::vector<std::string>& args);
int ProfileCommand(const std::vector<std::string>& args);
int CompareCommand(const std::vector<std::string>& args);
int DiffCommand(const std::vector<std::string>& args);
int NativeCommand(const std::vector<std::string>& args);
int ReportCommand(const std::vector<std::string>& args);
int MergeCommand(const std::vector<std::string>& args);

}  // namespace v8bench::cli
