#include "harness/driver/worker_output.h"

#include <simdjson.h>

#include "harness/driver/gc_trace.h"

namespace v8bench::driver {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

std::string Str(const object& o, const char* key) {
  std::string_view v;
  if (o[key].get(v) == simdjson::SUCCESS) return std::string(v);
  return {};
}

}  // namespace

WorkerOutput ParseWorkerOutput(std::string_view text) {
  WorkerOutput out;
  simdjson::dom::parser parser;
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    if (line.empty()) continue;
    object o;
    std::string_view type;
    if (line.front() != '{' || parser.parse(line.data(), line.size()).get(o) != simdjson::SUCCESS ||
        o["type"].get(type) != simdjson::SUCCESS) {
      out.other_lines.emplace_back(line);
      continue;
    }
    if (type == "context") {
      WorkerContext c;
      c.executable = Str(o, "executable");
      c.v8_version = Str(o, "v8_version");
      c.node_version = Str(o, "node_version");
      c.v8_flags = Str(o, "v8_flags");
      c.trig_path = Str(o, "trig_path");
      c.build_type = Str(o, "build_type");
      int64_t semi = 0;
      if (o["semi_space_mb"].get(semi) == simdjson::SUCCESS) c.semi_space_mb = semi;
      int64_t young = 0;
      if (o["young_generation_bytes"].get(young) == simdjson::SUCCESS) c.young_generation_bytes = young;
      simdjson::dom::array planned;
      if (o["planned"].get(planned) == simdjson::SUCCESS) {
        for (element e : planned) {
          std::string_view n;
          if (e.get(n) == simdjson::SUCCESS) c.planned.emplace_back(n);
        }
      }
      out.context = std::move(c);
    } else if (type == "start" || type == "case") {
      WorkerCase c;
      c.name = Str(o, "name");
      c.suite = Str(o, "suite");
      c.bench = Str(o, "bench");
      c.status = Str(o, "status");
      c.error = Str(o, "error");
      object params;
      if (o["params"].get(params) == simdjson::SUCCESS) {
        for (auto field : params) {
          std::string_view v;
          if (field.value.get(v) == simdjson::SUCCESS) c.params.emplace_back(std::string(field.key), std::string(v));
        }
      }
      simdjson::dom::array samples;
      if (o["samples"].get(samples) == simdjson::SUCCESS) {
        for (element s : samples) {
          object counters;
          if (s["counters"].get(counters) != simdjson::SUCCESS) continue;
          std::map<std::string, double> values;
          for (auto field : counters) {
            double v = 0;
            if (field.value.get(v) == simdjson::SUCCESS) values[std::string(field.key)] = v;
          }
          c.samples.push_back(std::move(values));
          simdjson::dom::array window;
          double iterations = 0, begin = 0, end = 0;
          if (s["window_ms"].get(window) == simdjson::SUCCESS && window.size() == 2 &&
              window.at(0).get(begin) == simdjson::SUCCESS && window.at(1).get(end) == simdjson::SUCCESS &&
              s["iterations"].get(iterations) == simdjson::SUCCESS) {
            c.iterations.push_back(iterations);
            c.windows.emplace_back(begin, end);
          }
        }
      }
      (type == "start" ? out.started : out.cases).push_back(std::move(c));
    } else if (type == "end") {
      out.ended = true;
    } else if (type == "gc_clock") {
      double t = 0;
      if (o["perf_ms"].get(t) == simdjson::SUCCESS) out.gc_clock_perf_ms = t;
    } else {
      out.other_lines.emplace_back(line);
    }
  }
  AttributeGcTrace(out);
  return out;
}

}  // namespace v8bench::driver
