// The versions of the formats v8bench writes and reads back, declared once: the worker protocol
// (docs/protocol.md), a run's JSON file and a comparison's results file (docs/protocol.md, "Format versions"). Each
// file, and the protocol's context line, carries its version as "format_version": "MAJOR.MINOR". A
// MINOR step adds fields an older reader ignores; a MAJOR step changes what a field means, so a reader
// refuses a file of a newer major version (it would misread it) and keeps reading older ones. A file
// without the field is version 1.0 (written before versions were recorded).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "harness/model/expected.h"

namespace v8bench {

struct FormatVersion {
  int major = 1;
  int minor = 0;
  bool operator==(const FormatVersion&) const = default;
};

// The key every versioned file and the protocol's context line carry.
inline constexpr const char* kFormatVersionKey = "format_version";

// The worker protocol: 1.1 added format_version to the context line, 1.2 the realm to start and plan lines,
// 1.3 a sample's operations (a bench that counts its own: the external runner's GC window is divided by them), 1.4 a
// long-lived worker's "ready" line (workers/worker_protocol.h kReadyLine), 1.5 a case's "loop_unoptimised".
inline constexpr FormatVersion kProtocolFormat{1, 5};
// `v8bench run --out FILE.json` (Google Benchmark's schema, the version in its context): 1.1 added the field.
inline constexpr FormatVersion kRunJsonFormat{1, 1};
// The comparison's results file (`compare --out`, shards, merge) and `diff --format json`: 1.1 added the
// field; 2.0 made a compared metric's "versus_baseline" the judged result (the verdict printed and gated,
// paired where paired) and moved the unpaired figures, which 1.x had there, to "unpaired"; 2.1 added
// "loop_unoptimised" to a sample's code (driver::CaseCode).
inline constexpr FormatVersion kCompareFileFormat{2, 1};
// `v8bench bisect --out FILE.json` and its cached steps.
inline constexpr FormatVersion kBisectFileFormat{1, 0};

// "1.1".
std::string FormatVersionText(FormatVersion v);

// "MAJOR.MINOR" (two whole numbers from 0 to 9999); anything else is nullopt.
std::optional<FormatVersion> ParseFormatVersion(std::string_view text);

// Whether a reader of `ours` reads what `where` (e.g. "results file 'a.json'") says is `theirs` (its
// format_version field's text, or nullopt when it has none: 1.0). A newer major version, or a version
// that is not MAJOR.MINOR, is an Error::Input naming the file, both versions and what to do.
Status CheckFormatVersion(const std::optional<std::string_view>& theirs, FormatVersion ours, const std::string& where);

}  // namespace v8bench
