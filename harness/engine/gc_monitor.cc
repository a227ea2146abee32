#include "harness/engine/gc_monitor.h"

#include <algorithm>
#include <string_view>

#include "harness/engine/v8_compat.h"
#include "harness/measure/clocks.h"

namespace v8bench {
namespace {

int KindIndex(v8::GCType type) {
  switch (type) {
    case v8::kGCTypeScavenge:
      return static_cast<int>(GcKind::kScavenge);
    case v8compat::kGCTypeMinorMark:
      return static_cast<int>(GcKind::kMinorMarkCompact);
    case v8::kGCTypeMarkSweepCompact:
      return static_cast<int>(GcKind::kMarkCompact);
    case v8::kGCTypeIncrementalMarking:
      return static_cast<int>(GcKind::kIncrementalMarking);
    case v8::kGCTypeProcessWeakCallbacks:
      return static_cast<int>(GcKind::kWeakProcessing);
    default:
      return -1;
  }
}

}  // namespace

GcMonitor::GcMonitor(v8::Isolate* isolate) : isolate_(isolate) {
  isolate_->AddGCPrologueCallback(&GcMonitor::OnPrologue, this);
  isolate_->AddGCEpilogueCallback(&GcMonitor::OnEpilogue, this);
  isolate_->AddNearHeapLimitCallback(&GcMonitor::OnNearHeapLimit, this);
}

GcMonitor::~GcMonitor() {
  isolate_->RemoveGCPrologueCallback(&GcMonitor::OnPrologue, this);
  isolate_->RemoveGCEpilogueCallback(&GcMonitor::OnEpilogue, this);
  isolate_->RemoveNearHeapLimitCallback(&GcMonitor::OnNearHeapLimit, 0);
}

std::uint64_t GcMonitor::UsedBytes() {
  v8::HeapStatistics stats;
  isolate_->GetHeapStatistics(&stats);
  return stats.used_heap_size();
}

HeapReading GcMonitor::Read() {
  totals_.used_bytes = UsedBytes();
  totals_.peak_used_bytes = std::max(totals_.peak_used_bytes, totals_.used_bytes);
  return totals_;
}

std::uint64_t GcMonitor::YoungCommittedBytes() {
  std::uint64_t young = 0;
  for (std::size_t i = 0; i < isolate_->NumberOfHeapSpaces(); ++i) {
    v8::HeapSpaceStatistics space;
    if (isolate_->GetHeapSpaceStatistics(&space, i) && std::string_view(space.space_name()).starts_with("new_")) {
      young += space.space_size();
    }
  }
  return young;
}

void GcMonitor::ResetPeak() { totals_.peak_used_bytes = UsedBytes(); }

void GcMonitor::OnPrologue(v8::Isolate*, v8::GCType type, v8::GCCallbackFlags, void* data) {
  auto* self = static_cast<GcMonitor*>(data);
  const int k = KindIndex(type);
  if (k < 0) return;
  const auto now = WallNowNs();
  if (self->depth_++ == 0) self->outer_start_ns_ = now;
  const auto used = self->UsedBytes();
  self->used_before_[static_cast<std::size_t>(k)] = used;
  self->totals_.peak_used_bytes = std::max(self->totals_.peak_used_bytes, used);
  self->started_ns_[static_cast<std::size_t>(k)] = now;
}

void GcMonitor::OnEpilogue(v8::Isolate*, v8::GCType type, v8::GCCallbackFlags, void* data) {
  auto* self = static_cast<GcMonitor*>(data);
  const int k = KindIndex(type);
  if (k < 0) return;
  const auto i = static_cast<std::size_t>(k);
  const auto used = self->UsedBytes();
  if (self->used_before_[i] > used) self->totals_.freed_bytes += self->used_before_[i] - used;
  const auto now = WallNowNs();
  self->totals_.gc_count[i] += 1;
  self->totals_.gc_pause_ns[i] += now - self->started_ns_[i];
  if (self->depth_ > 0 && --self->depth_ == 0) self->totals_.total_pause_ns += now - self->outer_start_ns_;
}

std::size_t GcMonitor::OnNearHeapLimit(void* data, std::size_t current_limit, std::size_t) {
  auto* self = static_cast<GcMonitor*>(data);
  if (!self->heap_limit_reached_.exchange(true)) self->heap_limit_bytes_ = current_limit;
  self->isolate_->TerminateExecution();
  // Room to unwind the terminated script; the realm is discarded afterwards.
  return current_limit * 2;
}

}  // namespace v8bench
