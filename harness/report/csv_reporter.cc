// One row per case: identity, status, then median and CV of each standard metric.
#include <fmt/format.h>

#include "harness/measure/metrics.h"
#include "harness/report/case_summary.h"
#include "harness/report/reporters.h"

namespace v8bench {
namespace {

std::string CsvField(const std::string& s) {
  // RFC 4180: a field with a comma, a quote, CR or LF is quoted, quotes doubled.
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  return out + "\"";
}

}  // namespace

std::string RenderCsv(const RunContext& context, const std::vector<CaseResult>& results) {
  std::string out = "name,suite,bench,realm,params,status,repetitions,iterations";
  for (const MetricInfo& c : kMetrics) out += fmt::format(",{}_median,{}_cv", c.counter, c.counter);
  out +=
      ",native_kind,native_ns,js_over_native,v8_version,v8_flags,trig_path,young_generation_bytes,tier,code,"
      "warmup_s,error\n";
  for (const CaseResult& r : results) {
    std::string params;
    for (const auto& [k, v] : r.info.params) params += (params.empty() ? "" : ";") + k + "=" + v;
    const CaseSummary summary = Summarise(r);
    out += fmt::format("{},{},{},{},{},{},{},{}", CsvField(r.info.name), CsvField(r.info.suite), CsvField(r.info.bench),
                       RealmName(r.info.realm), CsvField(params), CaseStatusName(r.status), r.samples.size(),
                       r.samples.empty() ? 0 : r.samples.front().iterations);
    for (const MetricInfo& c : kMetrics) {
      const MetricSummary* m = summary.Find(c.counter);
      out += m ? fmt::format(",{},{}", m->median, m->cv) : ",,";
    }
    const auto floor = SummariseFloor(r);
    out += floor ? fmt::format(",{},{},{}", floor->kind, floor->native_ns, floor->js_over_native) : ",,,";
    out += fmt::format(",{},{},{},{},{},{},{},{}\n", CsvField(context.v8_version), CsvField(context.v8_flags),
                       r.trig_path, r.young_generation_bytes, TierModeName(r.tier), CsvField(SummariseCode(r).mark),
                       r.warmup_s, CsvField(r.error));
  }
  return out;
}

}  // namespace v8bench
