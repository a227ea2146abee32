#include "harness/measure/method_rules.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "harness/model/json_writer.h"

namespace v8bench {
namespace {

constexpr bool RowsInRuleOrder() {
  for (std::size_t i = 0; i < kMethodRules.size(); ++i) {
    if (static_cast<std::size_t>(kMethodRules[i].rule) != i) return false;
  }
  return true;
}
static_assert(RowsInRuleOrder(), "kMethodRules: one row per MethodRule, in its order");

double Get(const MethodRules& r, MethodRule rule) { return r[rule]; }

std::string RowNames() {
  std::string names;
  for (const auto& row : kMethodRules) names += (names.empty() ? "" : ", ") + std::string(row.name);
  return names;
}

MethodRules& ProcessRules() {
  static MethodRules rules;
  return rules;
}

}  // namespace

MethodRules::MethodRules() {
  for (const auto& row : kMethodRules) values_[static_cast<std::size_t>(row.rule)] = row.value;
}

Status MethodRules::Set(std::string_view name, double value) {
  const auto row =
      std::find_if(kMethodRules.begin(), kMethodRules.end(), [&](const auto& r) { return r.name == name; });
  if (row == kMethodRules.end()) {
    return Error::Usage("unknown method rule '" + std::string(name) +
                        "'; the rules (harness/measure/method_rules.h): " + RowNames());
  }
  if (!std::isfinite(value) || value < 0 || (row->whole && value != std::floor(value))) {
    return Error::Usage("method rule " + std::string(name) + ": give " +
                        (row->whole ? "a whole number of at least 0" : "a finite number of at least 0") + " (" +
                        std::string(row->unit) + ")");
  }
  values_[static_cast<std::size_t>(row->rule)] = value;
  return OkStatus();
}

std::string MethodRules::Json() const {
  JsonWriter w;
  w.BeginObject();
  for (const auto& row : kMethodRules) w.Key(row.name).Number((*this)[row.rule]);
  w.EndObject();
  return w.str();
}

const MethodRules& TheMethodRules() { return ProcessRules(); }
void UseMethodRules(const MethodRules& rules) { ProcessRules() = rules; }

Expected<MethodRules> ReadMethodRuleOverrides(std::string_view text) {
  MethodRules rules;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    const std::string value(eq == std::string_view::npos ? "" : item.substr(eq + 1));
    char* end = nullptr;
    const double number = value.empty() ? std::nan("") : std::strtod(value.c_str(), &end);
    if (eq == std::string_view::npos || end == nullptr || *end != '\0') {
      return Error::Usage(std::string(kMethodRulesVariable) + ": '" + std::string(item) +
                          "' is not NAME=NUMBER; give name=value pairs separated by commas (research and tests "
                          "only; docs/measurement.md)");
    }
    if (auto set = rules.Set(item.substr(0, eq), number); !set) {
      return Error::Usage(std::string(kMethodRulesVariable) + ": " + set.error().message);
    }
  }
  return rules;
}

bool QuietLongEnough(const MethodRules& r, double warmup_s, double quiet_s, double settling_s) {
  return quiet_s >= std::max({warmup_s, Get(r, MethodRule::kQuietSeconds),
                              Get(r, MethodRule::kQuietShareOfSettling) * settling_s});
}

bool LongWarmupBatch(const MethodRules& r, double took_s) { return took_s >= Get(r, MethodRule::kWarmupBatchSeconds); }

std::uint64_t NextWarmupBatch(const MethodRules& r, std::uint64_t n, double took_s) {
  if (n >= (std::uint64_t{1} << 40)) return n;
  const double most = Get(r, MethodRule::kWarmupBatchGrowthMax);
  const double least = std::min(Get(r, MethodRule::kWarmupBatchGrowthMin), most);
  const double target = Get(r, MethodRule::kWarmupBatchSeconds) * Get(r, MethodRule::kWarmupBatchOvershoot);
  const double factor = took_s <= 0 ? most : std::clamp(target / took_s, least, most);
  return static_cast<std::uint64_t>(static_cast<double>(n) * factor) + 1;
}

bool MayResettle(const MethodRules& r, int resettles) { return resettles < Get(r, MethodRule::kMaxResettles); }

bool FaultRateSettled(const MethodRules& r, double previous_per_iteration, double now_per_iteration) {
  const double larger = std::max(previous_per_iteration, now_per_iteration);
  return std::abs(now_per_iteration - previous_per_iteration) <=
         Get(r, MethodRule::kFaultRateShare) * larger + Get(r, MethodRule::kFaultRateSlack);
}

bool YoungGenerationFilled(const MethodRules& r, std::uint64_t young_collections, double allocated_bytes,
                           double elapsed_s, std::uint64_t young_bytes, double remaining_s) {
  const double fills = Get(r, MethodRule::kYoungFills);
  const double seen = static_cast<double>(young_collections);
  if (seen >= fills) return true;
  if (elapsed_s <= 0) return false;
  const double rate = allocated_bytes / elapsed_s;
  if (rate < Get(r, MethodRule::kNegligibleYoungBytesPerSecond)) return true;
  return rate * std::max(remaining_s, 0.0) < (fills - seen) * static_cast<double>(young_bytes);
}

double RepetitionSeconds(const MethodRules& r, double min_time_s, int min_young_collections,
                         double young_collections_per_s) {
  if (min_young_collections <= 0 || !(young_collections_per_s > 0)) return min_time_s;
  const double span = min_young_collections / young_collections_per_s;
  return std::max(min_time_s, std::min(span, Get(r, MethodRule::kMaxStretchedSeconds)));
}

int RerunBudget(const MethodRules& r, int repetitions) {
  return static_cast<int>(Get(r, MethodRule::kRerunsPerRepetition)) * repetitions;
}

bool MayRerun(const MethodRules& r, int reruns, int repetitions, double rerun_s, double max_warmup_s) {
  return reruns < RerunBudget(r, repetitions) && rerun_s < max_warmup_s;
}

double LongCallSeconds(const MethodRules& r, double min_time_s) {
  return std::max(min_time_s, Get(r, MethodRule::kLongCallFloorSeconds));
}

int LongCallRepetitions(const MethodRules& r, int repetitions, double call_s) {
  if (!(call_s > 0)) return repetitions;
  const double fit = Get(r, MethodRule::kLongCallRepetitionSeconds) / call_s;
  return fit >= repetitions ? repetitions : (fit < 1 ? 1 : static_cast<int>(fit));
}

bool LoopLeftUnoptimised(const MethodRules& r, double call_s) {
  const double least_s = Get(r, MethodRule::kUnoptimisedLoopCallSeconds);
  return least_s > 0 && call_s >= least_s;
}

}  // namespace v8bench
