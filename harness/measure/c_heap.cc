#include "harness/measure/c_heap.h"

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace v8bench {
namespace {

std::string& Policy() {
  static std::string policy;
  return policy;
}

}  // namespace

std::string PinMallocThresholds() {
  const char* user = std::getenv("GLIBC_TUNABLES");
  const std::string tunables = user == nullptr ? "" : user;
  // A parent v8bench exported ours (compare's workers, run's supervised child): already pinned.
  const bool inherited = tunables.find(kPinnedMallocTunables) != std::string::npos;
  if (!inherited && tunables.find("glibc.malloc.") != std::string::npos) {
    Policy() = "GLIBC_TUNABLES=" + tunables + " (the user's)";
    return Policy();
  }
  // Setting M_MMAP_THRESHOLD also turns off glibc's dynamic threshold, so the choice holds all run.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  const std::string exported = inherited          ? tunables
                               : tunables.empty() ? kPinnedMallocTunables
                                                  : tunables + ":" + kPinnedMallocTunables;
  setenv("GLIBC_TUNABLES", exported.c_str(), 1);
  Policy() = "pinned (glibc mmap threshold 32 MiB, trim threshold 1 GiB)";
  return Policy();
}

const std::string& MallocPolicy() { return Policy(); }

}  // namespace v8bench
