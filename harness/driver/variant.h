// A variant is what one side of a comparison runs: an engine (a v8bench executable), V8 flags and
// harness knobs. `--variant NAME=FLAGS` declares one; `--engine NAME=PATH` binds it to another build.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/model/code_state.h"
#include "harness/model/expected.h"
#include "harness/workers/compare_worker.h"

namespace v8bench::driver {

// The base is what its workers run (workers/compare_worker.h); the variant adds its name and how it was written.
struct Variant : workers::WorkerEngine {
  std::string name;
  std::string flags_text;  // FLAGS as the user wrote them
};

// NAME=FLAGS, NAME matching [A-Za-z0-9_.-]+, FLAGS possibly empty (the default configuration). The words of
// model/knobs.h's table (also as --knob=value) are parsed into `knobs`, other words starting with '-' are V8
// flags, anything else is an Error::Usage.
Expected<Variant> ParseVariant(const std::string& spec);

// Applies `--engine NAME=PATH` specs. A new name adds a variant with the default configuration (so
// `--engine old=A --engine new=B` compares two builds); a path that is not an executable is an Error::Usage.
Status BindEngines(std::vector<Variant>& variants, const std::vector<std::string>& engine_specs);

// compare --main-cpu N: gives `--main-cpu N` to every variant that does not pin itself, also in flags_text so
// reports show it and a resumed file derives it again. A CPU this process may not use is an Error::Usage.
Status ApplyMainCpu(std::vector<Variant>& variants, int cpu);

// compare --set NAME=VALUE (benchmark/compare.js's --set): gives `--param NAME=VALUE` to every variant that
// does not set NAME itself, also in flags_text so reports show it and a resumed file derives it again. A
// malformed spec is an Error::Usage (as --param's).
Status ApplySets(std::vector<Variant>& variants, const std::vector<std::string>& sets);

// Two variants with the same name, or fewer than two variants, are an Error::Usage.
Status CheckVariants(const std::vector<Variant>& variants);

}  // namespace v8bench::driver
