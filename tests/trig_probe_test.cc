#include "harness/measure/trig_classifier.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace v8bench {
namespace {

std::vector<double> HostResults(const std::vector<double>& xs) {
  std::vector<double> out;
  for (double x : xs) {
    out.push_back(std::sin(x));
    out.push_back(std::cos(x));
  }
  return out;
}

TEST(TrigProbe, InputsAreFixedAndSpanTheRanges) {
  const auto a = TrigProbeInputs();
  const auto b = TrigProbeInputs();
  ASSERT_EQ(a, b);
  double biggest = 0;
  for (double x : a) biggest = std::max(biggest, std::fabs(x));
  EXPECT_GT(biggest, 1e8) << "large inputs exercise range reduction";
}

TEST(TrigProbe, ResultsEqualToHostLibmClassifyAsLibm) {
  const auto xs = TrigProbeInputs();
  const TrigInfo info = ClassifyTrig(xs, HostResults(xs));
  EXPECT_EQ(info.path, "libm");
  EXPECT_DOUBLE_EQ(info.mismatch_fraction, 0);
  EXPECT_EQ(info.probes, 2 * xs.size());
}

TEST(TrigProbe, ResultsDifferingInThreePercentClassifyAsFdlibm) {
  const auto xs = TrigProbeInputs();
  auto results = HostResults(xs);
  for (std::size_t i = 0; i < results.size(); i += 33) results[i] = std::nextafter(results[i], 2.0);  // ~3%, 1 ulp
  const TrigInfo info = ClassifyTrig(xs, results);
  EXPECT_EQ(info.path, "fdlibm");
  EXPECT_NEAR(info.mismatch_fraction, 1.0 / 33, 0.005);
}

// Deno's V8 15.0, measured here: its fdlibm path differs from glibc on 6 of 4000 probes (0.15%, the
// rate of a libm-based V8), its libm path on 0, and the two paths on 7. The rate cannot name them;
// the engine's own forced paths can.
TEST(TrigProbe, AnEngineWithTheSwitchIsNamedByItsOwnTwoPaths) {
  const auto xs = TrigProbeInputs();
  const auto libm = HostResults(xs);
  auto fdlibm = libm;
  for (std::size_t i = 0; i < fdlibm.size(); i += 600) fdlibm[i] = std::nextafter(fdlibm[i], 2.0);  // 0.15%
  EXPECT_EQ(ClassifyTrig(xs, fdlibm).path, "libm");  // what the rate alone says: wrong
  const TrigInfo slow = ClassifyTrigBySwitch(xs, fdlibm, libm, fdlibm);
  EXPECT_EQ(slow.path, "fdlibm");
  EXPECT_NE(slow.detected_by.find("--no-use-libm-trig-functions"), std::string::npos) << slow.detected_by;
  EXPECT_NEAR(slow.mismatch_fraction, 1.0 / 600, 0.001);  // still the rate against the host
  EXPECT_EQ(ClassifyTrigBySwitch(xs, libm, libm, fdlibm).path, "libm");
  // Paths that agree on every probe, or results equal to neither: the rate stands.
  EXPECT_EQ(ClassifyTrigBySwitch(xs, fdlibm, fdlibm, fdlibm).detected_by, ClassifyTrig(xs, fdlibm).detected_by);
  auto other = libm;
  for (std::size_t i = 0; i < other.size(); i += 33) other[i] = std::nextafter(other[i], 2.0);
  EXPECT_EQ(ClassifyTrigBySwitch(xs, other, libm, fdlibm).path, "fdlibm");
  EXPECT_NE(ClassifyTrigBySwitch(xs, other, libm, fdlibm).detected_by.find("host libm"), std::string::npos);
}

}  // namespace
}  // namespace v8bench
