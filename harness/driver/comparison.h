// What a comparison is and what it has measured so far, as plain values: the settings, the
// variants, and one RunRecord per sample (one worker process, plus the processes that continued it
// after a crash). This is what --out holds and what --resume reads back.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/driver/settings.h"
#include "harness/driver/variant.h"
#include "harness/workers/worker_protocol.h"

namespace v8bench::driver {

struct CaseFailure {
  std::string key;
  CaseStatus kind = CaseStatus::kFailed;  // never kOk; the files name it (CaseStatusName)
  std::string message;
};

// The code one sample ran for a case (model/code_state.h): each distinct pair of tiers its repetitions
// ended in, first-seen order, and whether any repetition's code changed while timed. `long_calls`: each
// repetition was one call of seconds (CaseResult::long_calls), whose code changes as it runs by design.
// `loop_unoptimised`: the worker left the batch loop unoptimised (CaseResult::loop_unoptimised).
struct CaseCode {
  std::vector<CodeState> tiers;
  bool changed = false;
  bool long_calls = false;
  bool loop_unoptimised = false;
  bool operator==(const CaseCode&) const = default;
};

struct RunRecord {
  int variant = 0;
  int run = 0;    // index among this variant's samples
  int order = 0;  // position in the whole comparison's schedule
  // The schedule's block: block b holds sample b of every variant, the pairs the paired statistics compare
  // (docs/paired.md). Files without blocks read back with block = run.
  int block = -1;
  double wall_s = 0;
  int processes = 0;
  // compare --long-lived: the long-lived worker process that took the sample, numbered from 1 in the order
  // they started (a worker started again after it died is a new number); 0: a fresh worker's sample.
  // Samples of one process share its speed state (docs/paired.md, "Long-lived workers").
  int worker_process = 0;
  std::map<std::string, std::map<std::string, double>> values;  // case key -> counter -> value
  std::map<std::string, CaseCode> code;                         // case key -> its code, where the worker reported it
  // case key -> the one CPU every repetition's main thread stayed on (Sample::main_cpu): on a VM whose
  // CPUs differ in speed, the sample's speed follows it (analysis CpuNote).
  std::map<std::string, int> cpu;
  // The case keys whose warm-up ended at --max-warmup with the code still changing (analysis WarmupNote).
  std::vector<std::string> warmup_capped;
  // The --max-warmup this sample's worker ran with when the driver shortened it (ShortenedWarmupCap: an
  // earlier block's warm-up hit the cap), decided per block so both sides of a pair ran alike; 0: the
  // settings' --max-warmup. Kept in the results file, so --resume goes on alike.
  double warmup_cap_s = 0;
  std::vector<CaseFailure> failures;
  std::string error;  // the worker could not run at all (bad flag, missing engine, ...)
};

struct VariantState {
  Variant variant;
  std::optional<RunContext> context;  // from the first worker that started
};

// What `compare --shard K/N` ran (docs/sharding.md): shard `index` (1..count) of the cases, by ShardCases.
struct ShardInfo {
  int index = 0;
  int count = 0;
  std::vector<std::string> all_cases;  // the comparison's case keys, in the workers' plan order
  std::vector<std::string> cases;      // this shard's share of them, in the same order
};

// "K/N" as a ShardInfo without its case lists (the driver fills them), 1 <= K <= N <= 10000, numbered from 1
// as Jest's and Playwright's --shard.
Expected<ShardInfo> ParseShard(std::string_view text);

// The keys of shard `index` of `count` among `keys` (duplicates once), in the order of `keys`: sorted by
// byte order, key i goes to shard (i mod count) + 1, so every machine computes the same balanced partition
// (docs/sharding.md, "What a shard runs", says why round-robin and not a hash).
std::vector<std::string> ShardCases(const std::vector<std::string>& keys, int index, int count);

// One suite file's bytes as the comparison read them, so a merge can check its shards ran the same
// suites. FNV-1a 64 catches an edited or different file, not a forged one.
struct SuiteDigest {
  std::string path;
  std::uint64_t bytes = 0;
  std::string fnv1a64;  // 16 hex digits
  bool operator==(const SuiteDigest&) const = default;
};

// One shard file a merged comparison was made from (for the report header).
struct MergedShard {
  std::string path;
  int index = 0;
  std::string host_name, date;
  double elapsed_s = 0;
  std::size_t samples = 0;
  bool complete = false;
};

struct CompareState {
  CompareSettings settings;
  std::vector<VariantState> variants;
  std::vector<RunRecord> runs;
  std::vector<std::string> case_keys;  // in first-seen order
  double elapsed_s = 0;                // over all sessions (a resumed comparison adds to it)
  std::string date, host_name;
  int num_cpus = 0;
  std::string driver;  // this binary
  bool interrupted = false;
  bool complete = false;
  // The variants took each block's turns in one worker (driver.h Alternation), not a worker per sample.
  bool alternated = false;
  std::vector<SuiteDigest> suite_digests;  // of settings.suites, when the comparison started
  std::optional<ShardInfo> shard;          // compare --shard
  int merged_count = 0;                    // v8bench merge: the shard count N of the comparison
  std::vector<MergedShard> merged;         // v8bench merge: the shards it joined
};

// The parameters the variants set differently: left out of the case key (model/suite.h CaseKey), so
// `--variant a=--param work=1 --variant b=--param work=1.05` compares "work".
std::vector<std::string> ParamsToIgnore(const std::vector<VariantState>& variants);

}  // namespace v8bench::driver
