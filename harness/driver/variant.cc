#include "harness/driver/variant.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <regex>
#include <set>

#include "harness/measure/cpu_affinity.h"
#include "harness/model/shell_words.h"

namespace v8bench::driver {

namespace {

// A knob that takes a value (--semi-space MB, --young-gen, --tier, --param NAME=V, --main-cpu N), checked and
// recorded on `v`; an Error::Usage says what is wrong with it (the caller names the variant).
Status ApplyValuedKnob(Variant& v, const std::string& key, const std::string& value) {
  if (key == "--tier" && value != "optimized" && value != "interpreter" && value != "auto") {
    return Error::Usage("--tier '" + value + "': choose optimized (the default), interpreter or auto");
  }
  if (key == "--young-gen") {
    if (value != "full" && value != "grow") {
      return Error::Usage("--young-gen '" + value + "': choose full (the default) or grow");
    }
    v.knobs.young = value == "full" ? YoungGeneration::kFull : YoungGeneration::kGrow;
  } else if (key == "--semi-space") {
    char* end = nullptr;
    const long mb = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || mb < 1 || mb > 1024) {
      return Error::Usage("--semi-space '" + value + "': give megabytes, 1 to 1024");
    }
    v.knobs.semi_space_mb = static_cast<int>(mb);
  } else if (key == "--main-cpu") {
    char* end = nullptr;
    const long cpu = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || cpu < 0 || cpu > 4095) {
      return Error::Usage("--main-cpu '" + value + "': give a CPU number (0 is the first)");
    }
    v.main_cpu = static_cast<int>(cpu);
    // Whether this machine has that CPU is checked when workers are about to run
    // (workers::PrepareWorkerEngine), not here: a saved comparison is read on other machines too.
  } else if (key == "--param") {
    const auto pe = value.find('=');
    if (pe == std::string::npos || pe == 0 || pe + 1 == value.size()) {
      return Error::Usage("--param '" + value + "': write NAME=VALUE or NAME=V1,V2");
    }
    v.params.emplace_back(value.substr(0, pe), value.substr(pe + 1));
  }
  return OkStatus();
}

}  // namespace

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
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string& word = w[i];
    std::string key = word, value;
    bool has_value = false;
    if (const auto e = word.find('='); word.rfind("--", 0) == 0 && e != std::string::npos) {
      key = word.substr(0, e);
      value = word.substr(e + 1);
      has_value = true;
    }
    if (key == "--semi-space" || key == "--param" || key == "--tier" || key == "--young-gen" || key == "--main-cpu") {
      if (!has_value) {
        if (i + 1 >= w.size()) return bad(key + " needs a value");
        value = w[++i];
      }
      if (auto applied = ApplyValuedKnob(v, key, value); !applied) return bad(applied.error().message);
      v.worker_args.push_back(key);
      v.worker_args.push_back(value);
      if (v.knobs.semi_space_mb && std::count(v.worker_args.begin(), v.worker_args.end(), "--young-gen") > 0) {
        return bad(
            "--young-gen and --semi-space contradict each other: --semi-space pins the young generation's "
            "size; give one");
      }
    } else if (word == "--fast-trig" || word == "--no-fast-trig") {
      const TrigRequest trig = word == "--fast-trig" ? TrigRequest::kFast : TrigRequest::kSlow;
      if (v.knobs.trig != TrigRequest::kEngineDefault && v.knobs.trig != trig) {
        return bad("--fast-trig and --no-fast-trig contradict each other; give one");
      }
      v.knobs.trig = trig;
      v.worker_args.push_back(word);
    } else if (word.size() > 1 && word[0] == '-') {
      v.v8_flags.push_back(word);
    } else {
      return bad("'" + word +
                 "' is neither a V8 flag (--flag) nor a knob (--semi-space MB, --young-gen full|grow, --fast-trig, "
                 "--no-fast-trig, --param NAME=V, --tier optimized|interpreter|auto, --main-cpu N)");
    }
  }
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
    Variant* found = nullptr;
    for (auto& v : variants) {
      if (v.name == name) found = &v;
    }
    if (found == nullptr) {  // an engine alone is a variant with the default configuration
      auto made = ParseVariant(name + "=");
      if (!made) return Error::Usage("--engine " + spec + ": " + made.error().message);
      variants.push_back(std::move(made.value()));
      found = &variants.back();
    }
    if (access(path.c_str(), X_OK) != 0) {
      return Error::Usage("--engine " + spec + ": '" + path + "' is not an executable file");
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
    v.worker_args.push_back("--main-cpu");
    v.worker_args.push_back(std::to_string(cpu));
    v.flags_text += fmt::format("{}--main-cpu {}", v.flags_text.empty() ? "" : " ", cpu);
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
