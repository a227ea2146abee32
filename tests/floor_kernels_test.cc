// The native floors' own guard: sizes past the caps in model/native_work.h are refused before any
// allocation (the engine checks them too, when it reads floor(state)).
#include <gtest/gtest.h>

#include "harness/native/floor_kernels.h"

namespace v8bench {
namespace {

TEST(FloorKernels, AMemcpyPastTheCapIsAnErrorNotAnAllocation) {
  NativeWork work;
  work.kind = "memcpy";
  work.bytes = std::uint64_t{1000000000000000};  // 1e15: std::bad_alloc before the cap
  auto kernel = MakeFloorKernel(work);
  ASSERT_FALSE(kernel);
  EXPECT_NE(kernel.error().message.find("256 MiB of memcpy"), std::string::npos) << kernel.error().message;
}

TEST(FloorKernels, ASmallMemcpyRuns) {
  NativeWork work;
  work.kind = "memcpy";
  work.bytes = 4096;
  auto kernel = MakeFloorKernel(work);
  ASSERT_TRUE(kernel) << kernel.error().message;
  kernel.value()(2);
}

TEST(FloorKernels, AnUnparseablePayloadIsAnError) {
  NativeWork work;
  work.kind = "json_parse";
  work.text = "{\"a\": [1, 2";
  EXPECT_FALSE(MakeFloorKernel(work));
}

}  // namespace
}  // namespace v8bench
