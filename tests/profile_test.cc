// `v8bench profile`: end to end on small fixtures (tests/fixtures/hot.js, profile_node.js), and the
// profile layer (top table, .cpuprofile writer) on hand-made profiles.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "harness/profile/cpuprofile_reader.h"
#include "harness/profile/cpuprofile_writer.h"
#include "harness/profile/top_table.h"
#include "tests/support/cli.h"

namespace v8bench {
namespace {

using testing::CliResult;
using testing::Fixture;
using testing::ReadWholeFile;
using testing::RunCli;
using testing::TempDir;

using ::testing::HasSubstr;

const char* const kWeirdName = "we\"ird\\name";  // what the fixture's string-literal key names

struct ProfileRun {
  CliResult cli;
  std::string json;
};

// Profiles `case_name` of fixture `file` briefly. The result is cached per process (gtest may run
// several tests in one process; ctest runs each in its own).
const ProfileRun& Profiled(const std::string& file, const std::string& case_name,
                           const std::vector<std::string>& extra = {}) {
  static std::map<std::string, ProfileRun> cache;
  std::string key = file + "\n" + case_name;
  for (const auto& e : extra) key += "\n" + e;
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  const std::string dir = TempDir();  // also the working directory: V8's log goes there, not to build/
  const std::string out = dir + "/profile.cpuprofile";
  std::vector<std::string> args = {"profile",  Fixture(file), "--case", case_name, "--duration", "0.5",
                                   "--warmup", "0.2",         "--top",  "10",      "--out",      out};
  args.insert(args.end(), extra.begin(), extra.end());
  ProfileRun run;
  run.cli = RunCli(args, 120, dir);
  run.json = ReadWholeFile(out);
  return cache.emplace(key, std::move(run)).first->second;
}

struct ParsedProfile {
  std::map<std::string, std::uint64_t> self_by_name;  // hit counts summed per function name
  std::size_t samples = 0;
};

// Checks the .cpuprofile against the DevTools Profiler.Profile shape and its own consistency.
::testing::AssertionResult ValidCpuProfile(const std::string& json, ParsedProfile* out) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(json).get(doc) != simdjson::SUCCESS) {
    return ::testing::AssertionFailure() << "not valid JSON (" << json.size() << " bytes)";
  }
  simdjson::dom::array nodes, samples, deltas;
  std::int64_t start = 0, end = 0;
  if (doc["nodes"].get_array().get(nodes) || doc["samples"].get_array().get(samples) ||
      doc["timeDeltas"].get_array().get(deltas) || doc["startTime"].get_int64().get(start) ||
      doc["endTime"].get_int64().get(end)) {
    return ::testing::AssertionFailure() << "missing nodes, samples, timeDeltas, startTime or endTime";
  }
  std::set<std::int64_t> ids, child_ids;
  std::map<std::int64_t, std::string> name_of;
  std::uint64_t hits = 0;
  for (simdjson::dom::element node : nodes) {
    std::int64_t id = 0, hit_count = 0, line = 0, column = 0;
    std::string_view name, script_id, url;
    simdjson::dom::array children;
    if (node["id"].get_int64().get(id) || node["hitCount"].get_int64().get(hit_count) ||
        node["children"].get_array().get(children) || node["callFrame"]["functionName"].get_string().get(name) ||
        node["callFrame"]["scriptId"].get_string().get(script_id) || node["callFrame"]["url"].get_string().get(url) ||
        node["callFrame"]["lineNumber"].get_int64().get(line) ||
        node["callFrame"]["columnNumber"].get_int64().get(column)) {
      return ::testing::AssertionFailure() << "a node lacks a field or has the wrong type: " << simdjson::minify(node);
    }
    if (!ids.insert(id).second) return ::testing::AssertionFailure() << "node id " << id << " appears twice";
    if (hit_count < 0 || line < -1 || column < -1) {
      return ::testing::AssertionFailure() << "negative count or position: " << simdjson::minify(node);
    }
    for (simdjson::dom::element child : children) child_ids.insert(child.get_int64().value());
    name_of[id] = std::string(name);
    hits += static_cast<std::uint64_t>(hit_count);
    if (out != nullptr) out->self_by_name[std::string(name)] += static_cast<std::uint64_t>(hit_count);
  }
  for (std::int64_t child : child_ids) {
    if (ids.count(child) == 0) return ::testing::AssertionFailure() << "child id " << child << " is not a node";
  }
  std::vector<std::int64_t> roots;
  for (std::int64_t id : ids) {
    if (child_ids.count(id) == 0) roots.push_back(id);
  }
  if (roots.size() != 1) return ::testing::AssertionFailure() << roots.size() << " roots, expected exactly one";
  if (name_of[roots[0]] != "(root)") return ::testing::AssertionFailure() << "the root is " << name_of[roots[0]];
  if (samples.size() != deltas.size()) {
    return ::testing::AssertionFailure() << samples.size() << " samples but " << deltas.size() << " timeDeltas";
  }
  for (simdjson::dom::element s : samples) {
    if (ids.count(s.get_int64().value()) == 0) {
      return ::testing::AssertionFailure() << "sample " << s.get_int64().value() << " is not a node id";
    }
  }
  std::int64_t t = start;
  for (simdjson::dom::element d : deltas) t += d.get_int64().value();
  if (start > end || t > end) {
    return ::testing::AssertionFailure() << "times out of order: start " << start << ", last sample " << t << ", end "
                                         << end;
  }
  if (hits != samples.size()) {
    return ::testing::AssertionFailure() << "hit counts sum to " << hits << " but there are " << samples.size()
                                         << " samples";
  }
  if (out != nullptr) out->samples = samples.size();
  return ::testing::AssertionSuccess();
}

// The function names in the first `n` rows of the "Top N by self time" table.
std::vector<std::string> TopBySelf(const std::string& out, std::size_t n) {
  std::vector<std::string> names;
  const auto at = out.find("by self time");
  if (at == std::string::npos) return names;
  std::size_t line_start = out.find('\n', at);
  line_start = out.find('\n', line_start + 1);  // skip the column headings
  while (names.size() < n && line_start != std::string::npos) {
    const auto line_end = out.find('\n', line_start + 1);
    const std::string line = out.substr(line_start + 1, line_end - line_start - 1);
    if (line.empty()) break;
    // "  self%  total%  name  location ...": the third column.
    std::vector<std::string> cols;
    for (std::size_t i = 0; i < line.size();) {
      while (i < line.size() && line[i] == ' ') ++i;
      const auto stop = line.find("  ", i);
      if (i < line.size()) cols.push_back(line.substr(i, stop == std::string::npos ? stop : stop - i));
      i = stop == std::string::npos ? line.size() : stop;
    }
    if (cols.size() >= 3) names.push_back(cols[2]);
    line_start = line_end;
  }
  return names;
}

TEST(profile_cli, WritesAValidConsistentCpuProfile) {
  const ProfileRun& run = Profiled("hot.js", "hot/spin/n:512");
  ASSERT_EQ(run.cli.exit_code, 0) << run.cli.err << run.cli.out;
  ParsedProfile parsed;
  ASSERT_TRUE(ValidCpuProfile(run.json, &parsed));
  EXPECT_GT(parsed.samples, 50u);
  EXPECT_THAT(run.cli.out, HasSubstr("Profile written to"));
}

TEST(profile_cli, HotFunctionIsInTheTopThreeBySelfTime) {
  const ProfileRun& run = Profiled("hot.js", "hot/spin/n:512");
  ASSERT_EQ(run.cli.exit_code, 0) << run.cli.err << run.cli.out;
  const auto table = TopBySelf(run.cli.out, 3);
  EXPECT_NE(std::find(table.begin(), table.end(), "hotSpin"), table.end()) << run.cli.out;
  // The same from the profile file itself.
  ParsedProfile parsed;
  ASSERT_TRUE(ValidCpuProfile(run.json, &parsed));
  std::vector<std::pair<std::uint64_t, std::string>> ranked;
  for (const auto& [name, hits] : parsed.self_by_name) ranked.emplace_back(hits, name);
  std::sort(ranked.rbegin(), ranked.rend());
  ASSERT_GE(ranked.size(), 3u);
  EXPECT_TRUE(ranked[0].second == "hotSpin" || ranked[1].second == "hotSpin" || ranked[2].second == "hotSpin")
      << ranked[0].second << ", " << ranked[1].second << ", " << ranked[2].second;
}

TEST(profile_cli, NameWithQuoteAndBackslashRoundTripsExactly) {
  const ProfileRun& run = Profiled("hot.js", "hot/spin/n:512");
  ASSERT_EQ(run.cli.exit_code, 0) << run.cli.err << run.cli.out;
  ParsedProfile parsed;
  ASSERT_TRUE(ValidCpuProfile(run.json, &parsed));
  EXPECT_EQ(parsed.self_by_name.count(kWeirdName), 1u) << "names seen: " << [&] {
    std::string all;
    for (const auto& [name, hits] : parsed.self_by_name) all += "[" + name + "] ";
    return all;
  }();
  EXPECT_THAT(run.cli.out, HasSubstr(kWeirdName));
}

TEST(profile_cli, ShowsWhereSamplesWentAndTiers) {
  const ProfileRun& run = Profiled("hot.js", "hot/spin/n:512");
  ASSERT_EQ(run.cli.exit_code, 0) << run.cli.err << run.cli.out;
  for (const char* part : {"Where the samples went: suite code", "harness", "GC", "(program)", "(idle)", "by self time",
                           "by total time", "Hot functions of the suite", "Ignition"}) {
    EXPECT_THAT(run.cli.out, HasSubstr(part));
  }
}

TEST(profile_cli, DeoptsWhileSamplingAreReportedWithTheirReason) {
  const ProfileRun& run = Profiled("deopt_loop.js", "deopt_loop/every_call", {"--", "--allow-natives-syntax"});
  ASSERT_EQ(run.cli.exit_code, 0) << run.cli.err << run.cli.out;
  ASSERT_TRUE(ValidCpuProfile(run.json, nullptr));
  const auto at = run.cli.out.find("\n  churn ");
  ASSERT_NE(at, std::string::npos) << "churn is not among the hot functions:\n" << run.cli.out;
  const std::string row = run.cli.out.substr(at + 1, run.cli.out.find('\n', at + 1) - at - 1);
  EXPECT_THAT(row, HasSubstr("wrong map"));
  EXPECT_THAT(row, HasSubstr("while sampling"));  // re-optimised while sampling
}

TEST(profile_cli, UnknownCaseIsAnErrorThatListsTheCases) {
  const std::string out = TempDir() + "/never.cpuprofile";
  auto r = RunCli({"profile", Fixture("hot.js"), "--case", "hot/nope", "--out", out});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("hot/nope"));
  EXPECT_THAT(r.err, HasSubstr("hot/spin/n:512"));
  EXPECT_TRUE(ReadWholeFile(out).empty()) << "no profile should be written";
  auto missing = RunCli({"profile", Fixture("hot.js")});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("--case"));
  EXPECT_THAT(missing.err, HasSubstr("hot/spin/n:512"));
}

TEST(profile_cli, WorksInTheNodeRealm) {
  const ProfileRun& run = Profiled("profile_node.js", "profile_node/sum");
  ASSERT_EQ(run.cli.exit_code, 0) << run.cli.err << run.cli.out;
  EXPECT_THAT(run.cli.out, HasSubstr("realm node"));
  ParsedProfile parsed;
  ASSERT_TRUE(ValidCpuProfile(run.json, &parsed));
  EXPECT_GT(parsed.self_by_name["nodeSum"], 0u);
}

TEST(profile_cli, PerfModeWritesAPerfMapNamingJitFunctions) {
  const ProfileRun& run = Profiled("hot.js", "hot/spin/n:512", {"--perf"});
  ASSERT_EQ(run.cli.exit_code, 0) << run.cli.err << run.cli.out;
  const auto at = run.cli.out.find("/tmp/perf-");
  ASSERT_NE(at, std::string::npos) << run.cli.out;
  const std::string map = run.cli.out.substr(at, run.cli.out.find(".map", at) + 4 - at);
  const std::string text = ReadWholeFile(map);
  std::remove(map.c_str());
  EXPECT_THAT(text, HasSubstr("hotSpin"));
  EXPECT_THAT(run.cli.out, HasSubstr("perf record"));
}

// --- The profile layer on hand-made profiles ---

ProfileNode Node(unsigned id, std::string name, unsigned hits, std::vector<unsigned> children, int script_id = 3,
                 std::string url = "suite.js") {
  ProfileNode n;
  n.id = id;
  n.function_name = std::move(name);
  n.hit_count = hits;
  n.children = std::move(children);
  n.script_id = script_id;
  n.url = std::move(url);
  n.line = static_cast<int>(id);
  n.column = 1;
  return n;
}

CpuProfileData HandMade() {
  CpuProfileData p;
  ProfileNode root = Node(1, "(root)", 0, {2, 3, 7}, 0, "");
  root.kind = FrameKind::kInternal;
  root.line = root.column = 0;  // no position, as V8 reports the pseudo frames
  ProfileNode gc = Node(7, "(garbage collector)", 15, {}, 0, "");
  gc.kind = FrameKind::kInternal;
  // root -> batch(2) -> rec(4) -> rec(5) -> leaf(6); root -> (program)(3)
  ProfileNode program = Node(3, "(program)", 5, {}, 0, "");
  program.kind = FrameKind::kInternal;
  ProfileNode batch = Node(2, "numberBatch", 5, {4}, 9, "");
  ProfileNode rec_outer = Node(4, "rec", 20, {5}, 3);
  ProfileNode rec_inner = Node(5, "rec", 15, {6}, 3);
  rec_inner.line = 4;  // the same function as node 4
  ProfileNode leaf = Node(6, "leaf", 40, {}, 3);
  p.nodes = {root, batch, rec_outer, rec_inner, leaf, program, gc};
  p.batch_script_id = 9;
  p.batch_function = "numberBatch";
  return p;
}

TEST(profile_summary, CountsARecursiveFunctionOncePerSampleInTotalTime) {
  const ProfileSummary s = Summarize(HandMade(), 10);
  ASSERT_EQ(s.samples, 100u);
  std::map<std::string, const FunctionRow*> by_name;
  for (const auto& row : s.by_total) by_name[row.name] = &row;
  ASSERT_TRUE(by_name.count("rec"));
  EXPECT_EQ(by_name["rec"]->self_samples, 35u);
  EXPECT_EQ(by_name["rec"]->total_samples, 75u);  // once, not again for the nested call (which would be 130)
  EXPECT_EQ(by_name["numberBatch"]->total_samples, 80u);
  EXPECT_EQ(by_name["leaf"]->total_samples, 40u);
  EXPECT_EQ(s.by_self.front().name, "leaf");
}

TEST(profile_summary, SplitsSamplesBetweenSuiteHarnessGcAndProgram) {
  const ProfileSummary s = Summarize(HandMade(), 10);
  EXPECT_DOUBLE_EQ(s.shares[static_cast<int>(FrameOwner::kSuite)], 0.75);
  EXPECT_DOUBLE_EQ(s.shares[static_cast<int>(FrameOwner::kHarness)], 0.05);
  EXPECT_DOUBLE_EQ(s.shares[static_cast<int>(FrameOwner::kGc)], 0.15);
  EXPECT_DOUBLE_EQ(s.shares[static_cast<int>(FrameOwner::kProgram)], 0.05);
  for (const auto& row : s.by_self) EXPECT_NE(row.name, "(garbage collector)") << "pseudo frames stay out";
}

TEST(profile_writer, EscapesNamesAndUrlsAndKeepsTheTimeline) {
  CpuProfileData p = HandMade();
  p.nodes[4].function_name = "a\"b\\c\nd\x01";
  p.nodes[4].url = "C:\\dir\\\"q\".js";
  p.nodes[4].bailout_reason = "optimization disabled: \"x\"";
  p.start_us = 1000;
  p.end_us = 1100;
  p.samples = {6, 6, 5};
  p.timestamps_us = {1010, 1030, 1031};
  const std::string json = CpuProfileJson(p);
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS) << json;
  simdjson::dom::element node = doc["nodes"].at(4);
  EXPECT_EQ(std::string(node["callFrame"]["functionName"].get_string().value()), "a\"b\\c\nd\x01");
  EXPECT_EQ(std::string(node["callFrame"]["url"].get_string().value()), "C:\\dir\\\"q\".js");
  EXPECT_EQ(std::string(node["callFrame"]["scriptId"].get_string().value()), "3");
  EXPECT_EQ(node["callFrame"]["lineNumber"].get_int64().value(), 5);  // 0-based
  EXPECT_EQ(std::string(node["deoptReason"].get_string().value()), "optimization disabled: \"x\"");
  std::vector<std::int64_t> deltas;
  for (simdjson::dom::element d : doc["timeDeltas"].get_array()) deltas.push_back(d.get_int64().value());
  EXPECT_EQ(deltas, (std::vector<std::int64_t>{10, 20, 1}));
  EXPECT_EQ(doc["nodes"].at(0)["callFrame"]["lineNumber"].get_int64().value(), -1);
}

// HandMade() with its timeline: each node's hits as samples 7 µs apart from 1000 µs.
CpuProfileData HandMadeWithSamples() {
  CpuProfileData p = HandMade();
  p.start_us = 1000;
  std::int64_t t = p.start_us;
  for (const ProfileNode& n : p.nodes) {
    for (unsigned i = 0; i < n.hit_count; ++i) {
      p.samples.push_back(n.id);
      p.timestamps_us.push_back(t += 7);
    }
  }
  p.end_us = t + 1;
  return p;
}

// An engine's own profile (`profile --engine`) is read back into the same structs: what the writer
// writes, the reader returns, so the external .cpuprofile and tables are the embedded ones.
TEST(profile_reader, ReadsBackWhatTheWriterWritesWithHitsFromTheSamples) {
  CpuProfileData p = HandMadeWithSamples();
  p.nodes[4].line_ticks = {{6, 30}, {7, 10}};
  p.nodes[4].bailout_reason = "optimization disabled";
  auto back = ParseCpuProfile(CpuProfileJson(p), "numberBatch", "test");
  ASSERT_TRUE(back.ok()) << back.error().message;
  ASSERT_EQ(back->nodes.size(), p.nodes.size());
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    const ProfileNode& a = p.nodes[i];
    const ProfileNode& b = back->nodes[i];
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.function_name, b.function_name);
    EXPECT_EQ(a.url, b.url);
    EXPECT_EQ(a.script_id, b.script_id);
    EXPECT_EQ(a.line, b.line) << a.function_name;
    EXPECT_EQ(a.column, b.column) << a.function_name;
    EXPECT_EQ(a.hit_count, b.hit_count) << a.function_name;
    EXPECT_EQ(a.children, b.children);
    EXPECT_EQ(a.bailout_reason, b.bailout_reason);
  }
  EXPECT_EQ(back->nodes[4].line_ticks.size(), 2u);
  EXPECT_EQ(back->samples, p.samples);
  EXPECT_EQ(back->timestamps_us, p.timestamps_us);
  EXPECT_EQ(back->batch_script_id, 9);
  EXPECT_EQ(back->nodes[0].kind, FrameKind::kInternal);
  EXPECT_EQ(back->nodes[4].kind, FrameKind::kScript);
  // The same tables as from the original.
  const ProfileSummary a = Summarize(p, 5), b = Summarize(back.value(), 5);
  ASSERT_EQ(a.by_self.size(), b.by_self.size());
  for (std::size_t i = 0; i < a.by_self.size(); ++i) {
    EXPECT_EQ(a.by_self[i].name, b.by_self[i].name);
    EXPECT_EQ(a.by_self[i].self_samples, b.by_self[i].self_samples);
    EXPECT_EQ(a.by_self[i].total_samples, b.by_self[i].total_samples);
  }
}

// The in-process instrument's profile inside an official Node (`profile --engine`) comes back with the
// v8bench fields: frame kinds, deopts, VM states and the JIT code list are read back whole, so the tier
// and deopt tables are the embedded ones; the file `profile` writes for DevTools has none of them.
TEST(profile_reader, ReadsBackTheV8benchFieldsWhole) {
  CpuProfileData p = HandMadeWithSamples();
  p.nodes[4].kind = FrameKind::kScript;
  p.nodes[1].kind = FrameKind::kCallback;  // the reader alone would call it a script (it has a script id)
  p.nodes[4].deopts = {{"wrong map", {{3, 120}, {3, 40}}}, {"Insufficient \"type\" feedback", {}}};
  p.states.js = 70;
  p.states.gc = 15;
  p.states.compiler = 4;
  p.states.idle = 2;
  p.states.atomics_wait = 1;
  p.code = {{3, "leaf", 6, CodeTier::kIgnition, -0.25},
            {3, "leaf", 6, CodeTier::kTurboFan, -0.125},
            {3, "leaf", 6, CodeTier::kTurboFan, 0.5},
            {3, "rec", 4, CodeTier::kSparkplug, 0}};
  const std::string plain = CpuProfileJson(p);
  EXPECT_EQ(plain.find("v8bench"), std::string::npos) << "the DevTools file has no v8bench fields";
  auto back = ParseCpuProfile(CpuProfileJson(p, ProfileFields::kWithV8bench), "numberBatch", "test");
  ASSERT_TRUE(back.ok()) << back.error().message;
  ASSERT_EQ(back->nodes.size(), p.nodes.size());
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    EXPECT_EQ(back->nodes[i].kind, p.nodes[i].kind) << i;
    ASSERT_EQ(back->nodes[i].deopts.size(), p.nodes[i].deopts.size()) << i;
    for (std::size_t d = 0; d < p.nodes[i].deopts.size(); ++d) {
      EXPECT_EQ(back->nodes[i].deopts[d].reason, p.nodes[i].deopts[d].reason);
      ASSERT_EQ(back->nodes[i].deopts[d].stack.size(), p.nodes[i].deopts[d].stack.size());
      for (std::size_t f = 0; f < p.nodes[i].deopts[d].stack.size(); ++f) {
        EXPECT_EQ(back->nodes[i].deopts[d].stack[f].script_id, p.nodes[i].deopts[d].stack[f].script_id);
        EXPECT_EQ(back->nodes[i].deopts[d].stack[f].position, p.nodes[i].deopts[d].stack[f].position);
      }
    }
  }
  EXPECT_EQ(back->states.js, 70u);
  EXPECT_EQ(back->states.gc, 15u);
  EXPECT_EQ(back->states.compiler, 4u);
  EXPECT_EQ(back->states.idle, 2u);
  EXPECT_EQ(back->states.atomics_wait, 1u);
  ASSERT_EQ(back->code.size(), p.code.size());
  for (std::size_t i = 0; i < p.code.size(); ++i) {
    EXPECT_EQ(back->code[i].script_id, p.code[i].script_id);
    EXPECT_EQ(back->code[i].function_name, p.code[i].function_name);
    EXPECT_EQ(back->code[i].line, p.code[i].line);
    EXPECT_EQ(back->code[i].tier, p.code[i].tier);
    EXPECT_DOUBLE_EQ(back->code[i].at_s, p.code[i].at_s);
  }
  // The same text as from the original: tiers, TurboFan builds, deopts and VM states.
  const std::string a = RenderSummary(Summarize(p, 5), false), b = RenderSummary(Summarize(back.value(), 5), false);
  EXPECT_EQ(a, b);
  EXPECT_THAT(b, HasSubstr("TurboFan ×2, Ignition"));
  EXPECT_THAT(b, HasSubstr("1 before, 1 while sampling"));
  EXPECT_THAT(b, HasSubstr("wrong map ×1, Insufficient \"type\" feedback ×1"));
  EXPECT_THAT(b, HasSubstr("VM state when sampled: JS 76.1%"));
}

TEST(profile_reader, MalformedV8benchFieldsAreErrorsThatSayWhere) {
  CpuProfileData p = HandMade();
  p.code = {{3, "leaf", 6, CodeTier::kTurboFan, 0.5}};
  const std::string good = CpuProfileJson(p, ProfileFields::kWithV8bench);
  ASSERT_TRUE(ParseCpuProfile(good, "", "x").ok());
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string json = good;
    const auto at = json.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? json : json.replace(at, from.size(), to);
  };
  for (const std::string& bad :
       {replaced(R"("kind":"script")", R"("kind":"jit")"), replaced(R"("tier":"turbofan")", R"("tier":"warp")"),
        replaced(R"("states":{"js":0)", R"("states":{"js":"many")"),
        replaced(R"("deopts":[])", R"("deopts":[{"reason":1}])")}) {
    auto back = ParseCpuProfile(bad, "", "engine.cpuprofile");
    ASSERT_FALSE(back.ok()) << bad;
    EXPECT_EQ(back.error().exit_code(), 2);
    EXPECT_THAT(back.error().message, HasSubstr("engine.cpuprofile")) << bad;
  }
}

TEST(profile_reader, PutsNodesInPreorderAndTakesFractionalTimes) {
  // Bun (JavaScriptCore) writes times with fractions; nodes may come children first.
  const std::string json =
      R"j({"nodes":[{"id":2,"callFrame":{"functionName":"f","scriptId":"4","url":"file:///s.js","lineNumber":2,)j"
      R"j("columnNumber":0}},{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,)j"
      R"j("columnNumber":-1},"children":[2]}],"startTime":100.4,"endTime":200.6,"samples":[2,2],"timeDeltas":[1.2,3]})j";
  auto p = ParseCpuProfile(json, "", "test");
  ASSERT_TRUE(p.ok()) << p.error().message;
  ASSERT_EQ(p->nodes.size(), 2u);
  EXPECT_EQ(p->nodes[0].function_name, "(root)");
  EXPECT_EQ(p->nodes[1].line, 3);  // 1-based
  EXPECT_EQ(p->nodes[1].hit_count, 2u);
  EXPECT_EQ(p->start_us, 100);
  EXPECT_EQ(p->timestamps_us, (std::vector<std::int64_t>{101, 104}));
}

TEST(profile_reader, MalformedProfilesAreErrorsThatSayWhere) {
  const std::string frame = R"("callFrame":{"functionName":"f","scriptId":"1","url":""})";
  for (const std::string& bad : {
           std::string("not json"),
           std::string(R"({"nodes":[]})"),
           R"({"nodes":[{"id":1,)" + frame +
               R"(,"children":[9]}],"startTime":0,"endTime":1,"samples":[],"timeDeltas":[]})",
           R"({"nodes":[{"id":1,)" + frame + R"(,"children":[2]},{"id":2,)" + frame +
               R"(,"children":[1]}],"startTime":0,"endTime":1,"samples":[],"timeDeltas":[]})",
           R"({"nodes":[{"id":1,)" + frame + R"(}],"startTime":0,"endTime":1,"samples":[7],"timeDeltas":[1]})",
           R"({"nodes":[{"id":1,)" + frame + R"(}],"startTime":0,"endTime":1,"samples":[1],"timeDeltas":[]})",
       }) {
    auto p = ParseCpuProfile(bad, "", "engine.cpuprofile");
    ASSERT_FALSE(p.ok()) << bad;
    EXPECT_EQ(p.error().exit_code(), 2);
    EXPECT_THAT(p.error().message, HasSubstr("engine.cpuprofile")) << bad;
  }
}

}  // namespace
}  // namespace v8bench
