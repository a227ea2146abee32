#include "harness/engine/watchdog.h"

namespace v8bench {

Watchdog::Watchdog(std::function<void()> on_expire) : on_expire_(std::move(on_expire)), thread_([this] { Loop(); }) {}

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void Watchdog::Arm(double seconds) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    seconds_ = seconds;
    expired_ = false;
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  }
  cv_.notify_all();
}

void Watchdog::Disarm() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    deadline_.reset();
  }
  cv_.notify_all();
}

void Watchdog::Loop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stop_) {
    if (!deadline_) {
      cv_.wait(lock);
      continue;
    }
    if (cv_.wait_until(lock, *deadline_) == std::cv_status::timeout && deadline_ &&
        std::chrono::steady_clock::now() >= *deadline_) {
      deadline_.reset();
      expired_ = true;
      on_expire_();
    }
  }
}

}  // namespace v8bench
