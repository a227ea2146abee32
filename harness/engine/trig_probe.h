// Runs the trig classifier's probe (measure/trig_classifier.h) in the embedded engine.
#pragma once

#include "harness/measure/trig_classifier.h"

namespace v8bench {

class Realm;
// REQUIRES: inside a RealmScope.
TrigInfo DetectTrig(Realm& realm);

}  // namespace v8bench
