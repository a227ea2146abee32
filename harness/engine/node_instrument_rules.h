// The measurement method's rules (measure/method_rules.h) in the in-process instrument, so that on
// official Node the external runner's warm-up, batch, repetition, re-run and long-call decisions are
// the embedded host's own C++, not a copy in JS. Part of the addon only.
#pragma once

#include <node.h>

namespace v8bench {

// JS methodRules(table): `table` is the --method-rules object the harness handed the runner
// ({quiet_seconds: 0.1, ...}, MethodRules::Json); every row of kMethodRules must be in it (an unknown
// key or a bad value throws an Error that says which). The rules then use these values, and the call
// returns an object of functions, one per rule, with the same names and arguments as the runner's JS
// rules (js/external_runner/03_measure_case.mjs jsMethodRules):
//   quietLongEnough(warmupS, quietS, settlingS), longWarmupBatch(tookS), nextWarmupBatch(n, tookS),
//   mayResettle(resettles), faultRateSettled(previous, now),
//   youngFilled(collections, allocatedBytes, elapsedS, youngBytes, remainingS),
//   repetitionSeconds(minTimeS, minYoungGcs, youngPerS), mayRerun(reruns, repetitions, rerunS, maxWarmupS),
//   longCallSeconds(minTimeS), longCallRepetitions(repetitions, callS), loopLeftUnoptimised(callS).
void MethodRulesObject(const v8::FunctionCallbackInfo<v8::Value>& info);

}  // namespace v8bench
