// A variant is what one side of a comparison runs: an engine (a v8bench executable), V8 flags and
// harness knobs. `--variant NAME=FLAGS` declares one; `--engine NAME=PATH` binds it to another build.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/model/expected.h"
#include "harness/model/knobs.h"
#include "harness/model/shell_words.h"
#include "harness/workers/external_engine.h"

namespace v8bench::driver {

struct Variant {
  std::string name;
  std::string flags_text;  // FLAGS as the user wrote them
  std::string engine;      // a v8bench, node or deno executable; empty = this binary
  // Filled in when the comparison starts (not saved): what `engine` is, and for node/deno the
  // external runner they run the suites with.
  workers::EngineKind engine_kind = workers::EngineKind::kV8bench;
  std::string runner;
  std::string trig_path;  // external engines: probed by the driver with the variant's V8 flags
  // External engines: the V8 flags the engine gets (workers::EngineV8Flags: the knobs' flags, then v8_flags),
  // checked against the engine; nullopt until the comparison starts (then KnobV8Flags + v8_flags).
  std::optional<std::vector<std::string>> engine_v8_flags;
  std::vector<std::string>
      worker_args;                    // harness knobs for `run`: --semi-space N, --young-gen, --fast-trig, --param K=V
  EngineKnobs knobs;                  // the engine knobs among them (--semi-space, --fast-trig, --no-fast-trig)
  std::vector<std::string> v8_flags;  // everything else, passed to V8 after `--`
  // --param overrides, NAME -> VALUES text, in the order given.
  std::vector<std::pair<std::string, std::string>> params;
};

// NAME=FLAGS, NAME matching [A-Za-z0-9_.-]+. FLAGS may be empty (the default configuration).
// Knobs: --semi-space MB, --young-gen full|grow, --fast-trig, --no-fast-trig, --param NAME=V (each also as
// --knob=value); other words starting with '-' are V8 flags; anything else is an Error::Usage.
Expected<Variant> ParseVariant(const std::string& spec);

// Applies `--engine NAME=PATH` specs. A name that is no variant yet adds one with the default
// configuration (so `--engine old=A --engine new=B` compares two builds); a path that is not an
// executable file is an Error::Usage.
Status BindEngines(std::vector<Variant>& variants, const std::vector<std::string>& engine_specs);

// Two variants with the same name, or fewer than two variants, are an Error::Usage.
Status CheckVariants(const std::vector<Variant>& variants);

}  // namespace v8bench::driver
