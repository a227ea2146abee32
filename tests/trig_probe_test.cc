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

}  // namespace
}  // namespace v8bench
