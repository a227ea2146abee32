#include "harness/driver/variant.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <regex>
#include <set>

#include "harness/measure/cpu_affinity.h"
#include "harness/model/shell_words.h"
#include "harness/model/suite.h"

namespace v8bench::driver {

namespace {

// `text` as a whole number in [min, max], or nullopt.
std::optional<int> Whole(const std::string& text, long min, long max) {
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || n < min || n > max) return std::nullopt;
  return static_cast<int>(n);
}

}  // namespace

Status ApplyKnob(Knobs& k, std::string_view word, const std::string& v) {
  std::string bad;  // what to give instead
  if (word == "--semi-space") {
    if (!(k.engine.semi_space_mb = Whole(v, 1, 1024))) bad = "give megabytes, 1 to 1024";
  } else if (word == "--young-gen") {
    if (v != "full" && v != "grow") bad = "choose full (the default) or grow";
    k.engine.young = v == "grow" ? YoungGeneration::kGrow : YoungGeneration::kFull;
    k.young_given = true;
  } else if (word == "--main-cpu") {
    // Whether this machine has that CPU is checked when workers are about to run
    // (workers::PrepareWorkerEngine), not here: a saved comparison is read on other machines too.
    if (!(k.main_cpu = Whole(v, 0, 4095))) bad = "give a CPU number (0 is the first)";
  } else if (word == "--tier") {
    if (!(k.tier = TierModeFromName(v))) bad = "choose optimized (the default), interpreter or auto";
  } else if (word == "--param") {
    if (auto parsed = ParseParamOverrides({v}); !parsed) return parsed.error();
    k.params.emplace_back(v.substr(0, v.find('=')), v.substr(v.find('=') + 1));
  } else {  // --fast-trig or --no-fast-trig
    const TrigRequest trig = word == "--fast-trig" ? TrigRequest::kFast : TrigRequest::kSlow;
    if (k.engine.trig != TrigRequest::kEngineDefault && k.engine.trig != trig) {
      return Error::Usage("--fast-trig and --no-fast-trig contradict each other; give one");
    }
    k.engine.trig = trig;
  }
  if (!bad.empty()) return Error::Usage(fmt::format("{} '{}': {}", word, v, bad));
  if (k.engine.semi_space_mb && k.young_given) {
    return Error::Usage(
        "--young-gen and --semi-space contradict each other: --semi-space pins the young generation's size; give one");
  }
  return OkStatus();
}

Expected<Variant> ParseVariant(const std::string& spec) {
  const auto eq = spec.find('=');
  const std::string name = spec.substr(0, eq);
  static const std::regex kName("^[A-Za-z0-9_.-]+$");
  if (eq == std::string::npos || !std::regex_match(name, kName)) {
    return Error::Usage("--variant '" + spec +
                        "': write NAME=FLAGS, NAME of letters, digits, '_', '.', '-' (e.g. --variant base= "
                        "--variant noopt=--no-opt)");
  }
  Variant v;
  v.name = name;
  v.flags_text = spec.substr(eq + 1);
  auto words = SplitShellWords(v.flags_text);
  if (!words) return Error::Usage("--variant " + name + ": " + words.error().message);
  const auto& w = words.value();
  auto bad = [&](const std::string& what) { return Error::Usage("--variant " + name + ": " + what); };
  Knobs knobs;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const bool is_switch = w[i] == "--fast-trig" || w[i] == "--no-fast-trig";
    const auto e = w[i].rfind("--", 0) == 0 ? w[i].find('=') : std::string::npos;
    const std::string key = w[i].substr(0, e);
    if (!is_switch && key != "--semi-space" && key != "--young-gen" && key != "--param" && key != "--tier" &&
        key != "--main-cpu") {
      if (w[i].size() < 2 || w[i][0] != '-') {
        return bad("'" + w[i] +
                   "' is neither a V8 flag (--flag) nor a knob (--semi-space MB, --young-gen full|grow, --fast-trig, "
                   "--no-fast-trig, --param NAME=V, --tier optimized|interpreter|auto, --main-cpu N)");
      }
      v.v8_flags.push_back(w[i]);
      continue;
    }
    std::string value = e == std::string::npos ? "" : w[i].substr(e + 1);
    if (!is_switch && e == std::string::npos) {
      if (i + 1 >= w.size()) return bad(key + " needs a value");
      value = w[++i];
    }
    if (auto applied = ApplyKnob(knobs, key, value); !applied) return bad(applied.error().message);
    v.worker_args.push_back(key);
    if (!is_switch) v.worker_args.push_back(value);
  }
  v.knobs = knobs.engine;
  v.main_cpu = knobs.main_cpu;
  v.params = std::move(knobs.params);
  return v;
}

Status BindEngines(std::vector<Variant>& variants, const std::vector<std::string>& specs) {
  for (const auto& spec : specs) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
      return Error::Usage("--engine '" + spec +
                          "': write NAME=PATH, NAME a variant (e.g. --engine patched=../v8-patched/build/v8bench)");
    }
    const std::string name = spec.substr(0, eq), path = spec.substr(eq + 1);
    auto found = std::find_if(variants.begin(), variants.end(), [&](const Variant& v) { return v.name == name; });
    if (found == variants.end()) {  // an engine alone is a variant with the default configuration
      auto made = ParseVariant(name + "=");
      if (!made) return Error::Usage("--engine " + spec + ": " + made.error().message);
      found = variants.insert(variants.end(), std::move(made.value()));
    }
    if (access(path.c_str(), X_OK) != 0) {
      return Error::Usage("--engine " + spec + ": '" + path + "' is not an executable file");
    }
    if (!found->engine.empty() && found->engine != path) {
      return Error::Usage(fmt::format(
          "--engine {}: variant '{}' already runs on {}; a variant has one engine: give each engine a variant name "
          "of its own (e.g. --engine {}2={})",
          spec, name, found->engine, name, path));
    }
    found->engine = path;
  }
  return OkStatus();
}

Status ApplyMainCpu(std::vector<Variant>& variants, int cpu) {
  if (auto allowed = CheckAllowedCpu(cpu); !allowed) return allowed.error();  // said once, not per variant
  for (auto& v : variants) {
    if (v.main_cpu) continue;
    v.main_cpu = cpu;
    v.worker_args.insert(v.worker_args.end(), {"--main-cpu", std::to_string(cpu)});
    v.flags_text += fmt::format("{}--main-cpu {}", v.flags_text.empty() ? "" : " ", cpu);
  }
  return OkStatus();
}

Status ApplySets(std::vector<Variant>& variants, const std::vector<std::string>& sets) {
  for (const std::string& set : sets) {
    if (auto parsed = ParseParamOverrides({set}); !parsed)
      return Error::Usage("--set " + set + ": " + parsed.error().message);
    const std::string name = set.substr(0, set.find('=')), value = set.substr(set.find('=') + 1);
    for (auto& v : variants) {
      if (std::any_of(v.params.begin(), v.params.end(), [&](const auto& p) { return p.first == name; })) continue;
      v.params.emplace_back(name, value);
      v.worker_args.insert(v.worker_args.end(), {"--param", set});
      v.flags_text += fmt::format("{}--param {}", v.flags_text.empty() ? "" : " ", ShellQuote(set));
    }
  }
  return OkStatus();
}

Status CheckVariants(const std::vector<Variant>& variants) {
  if (variants.size() < 2) {
    return Error::Usage(
        "compare needs at least two variants, the first being the baseline, e.g. --variant base= --variant "
        "noopt=--no-opt");
  }
  std::set<std::string> names;
  for (const auto& v : variants) {
    if (!names.insert(v.name).second) return Error::Usage("--variant " + v.name + " is given twice");
  }
  return OkStatus();
}

}  // namespace v8bench::driver
