#include "harness/model/suite.h"

namespace v8bench {

const char* RealmName(RealmKind realm) { return realm == RealmKind::kNode ? "node" : "v8"; }

}  // namespace v8bench
