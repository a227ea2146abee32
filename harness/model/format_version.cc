#include "harness/model/format_version.h"

#include <fmt/format.h>

#include <charconv>

namespace v8bench {

std::string FormatVersionText(FormatVersion v) { return fmt::format("{}.{}", v.major, v.minor); }

std::optional<FormatVersion> ParseFormatVersion(std::string_view text) {
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  auto whole = [](std::string_view part) -> std::optional<int> {
    int n = 0;
    if (part.empty() || part.size() > 4 || part.front() == '+' || part.front() == '-') return std::nullopt;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
    if (ec != std::errc() || end != part.data() + part.size()) return std::nullopt;
    return n;
  };
  const auto major = whole(text.substr(0, dot)), minor = whole(text.substr(dot + 1));
  if (!major || !minor) return std::nullopt;
  return FormatVersion{*major, *minor};
}

Status CheckFormatVersion(const std::optional<std::string_view>& theirs, FormatVersion ours, const std::string& where) {
  if (!theirs) return OkStatus();  // written before versions were recorded: 1.0
  const auto v = ParseFormatVersion(*theirs);
  if (!v) {
    return Error::Input(
        fmt::format("{} has {} \"{}\", which is not MAJOR.MINOR; it was not written by v8bench, "
                    "or was edited: write it again with v8bench",
                    where, kFormatVersionKey, *theirs));
  }
  if (v->major > ours.major) {
    return Error::Input(
        fmt::format("{} is of format version {}, newer than this v8bench reads ({}.x and older): "
                    "read it with the newer v8bench that wrote it, or update this one",
                    where, FormatVersionText(*v), ours.major));
  }
  return OkStatus();
}

}  // namespace v8bench
