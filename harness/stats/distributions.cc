#include "harness/stats/distributions.h"

#include <cmath>
#include <limits>

namespace v8bench::stats {
namespace {

// Continued fraction for I_x(a, b) (Numerical Recipes' betacf), by the modified Lentz method.
double BetaContinuedFraction(double x, double a, double b) {
  constexpr int kMaxIterations = 10000;
  constexpr double kEps = 1e-15;
  constexpr double kTiny = 1e-300;
  const double qab = a + b, qap = a + 1, qam = a - 1;
  double c = 1, d = 1 - qab * x / qap;
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= kMaxIterations; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double del = d * c;
    h *= del;
    if (std::fabs(del - 1) < kEps) break;
  }
  return h;
}

}  // namespace

double NormalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

double RegularizedIncompleteBeta(double x, double a, double b) {
  if (std::isnan(x) || a <= 0 || b <= 0) return std::numeric_limits<double>::quiet_NaN();
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double log_front = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  const double front = std::exp(log_front);
  // The continued fraction converges fast for x < (a+1)/(a+b+2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return front * BetaContinuedFraction(x, a, b) / a;
  return 1 - front * BetaContinuedFraction(1 - x, b, a) / b;
}

double StudentTTwoSidedP(double t, double df) {
  if (std::isnan(t) || !(df > 0)) return std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(t)) return 0;
  return RegularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
}

double FCdf(double x, double d1, double d2) {
  if (std::isnan(x) || !(d1 > 0) || !(d2 > 0)) return std::numeric_limits<double>::quiet_NaN();
  if (x <= 0) return 0;
  if (std::isinf(x)) return 1;
  return RegularizedIncompleteBeta(d1 * x / (d1 * x + d2), d1 / 2, d2 / 2);
}

double FQuantile(double q, double d1, double d2) {
  if (!(q > 0 && q < 1) || !(d1 > 0) || !(d2 > 0)) return std::numeric_limits<double>::quiet_NaN();
  double lo = std::log(1e-12), hi = std::log(1e12);  // the quantiles the rules here ask for lie far inside
  while (hi - lo > 1e-12) {
    const double mid = (lo + hi) / 2;
    (FCdf(std::exp(mid), d1, d2) < q ? lo : hi) = mid;
  }
  return std::exp((lo + hi) / 2);
}

}  // namespace v8bench::stats
