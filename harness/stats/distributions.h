// Cumulative distribution functions the hypothesis tests need.
#pragma once

namespace v8bench::stats {

// Standard normal CDF, Φ(x).
double NormalCdf(double x);

// The regularised incomplete beta function I_x(a, b), for a, b > 0 and x in [0, 1]; evaluated with
// the continued fraction of Numerical Recipes (Press et al., 3rd ed., §6.4) by Lentz's method.
double RegularizedIncompleteBeta(double x, double a, double b);

// Two-sided tail probability of Student's t distribution with `df` (> 0, not necessarily an integer)
// degrees of freedom: P(|T| >= |t|) = I_{df/(df+t²)}(df/2, 1/2).
double StudentTTwoSidedP(double t, double df);

// P(F <= x) for Fisher's F distribution with d1 and d2 (> 0) degrees of freedom: I_{d1 x/(d1 x + d2)}(d1/2, d2/2).
double FCdf(double x, double d1, double d2);
// Its q-quantile, q in (0, 1), by bisection on log x (to a relative 1e-12).
double FQuantile(double q, double d1, double d2);

}  // namespace v8bench::stats
