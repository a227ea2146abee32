// `v8bench bisect --out FILE.html`: the bisection as one self-contained page (html.h): the question, every
// step (a table and a forest plot of the changes against --from), the culprit pair, and why: the
// differential profile of the pair as a table and a differential flame graph in inline SVG.
#pragma once

#include <string>

#include "harness/files/bisect_file.h"

namespace v8bench::report {

std::string RenderBisectHtml(const files::BisectReport& report);

}  // namespace v8bench::report
