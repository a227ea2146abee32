// Where results go as they are produced. The runner calls these; reporters implement them.
#pragma once

#include "harness/model/result.h"

namespace v8bench {

class ResultSink {
 public:
  virtual ~ResultSink() = default;
  virtual void Begin(const RunContext& context) = 0;
  // Called once per case, as soon as the case is finished (ok or not).
  virtual void CaseDone(const CaseResult& result) = 0;
  virtual void End() = 0;
};

}  // namespace v8bench
