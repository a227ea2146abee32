// The subcommands, each declared with its options, its line in `v8bench --help` and its body (whose exit
// code is 0 on success, 1 when a case failed or a gate tripped, 2 on bad input).
#pragma once

#include "harness/cli/args.h"

namespace v8bench::cli {

CommandSpec RunSpec();
CommandSpec ListSpec();
CommandSpec InfoSpec();
CommandSpec ProfileSpec();
CommandSpec CompareSpec();
CommandSpec MergeSpec();
CommandSpec DiffSpec();
CommandSpec NativeSpec();
CommandSpec ReportSpec();

}  // namespace v8bench::cli
