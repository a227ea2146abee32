// A deadline on a background thread: when it passes, `on_expire` runs once (the engine uses it to
// terminate JS execution and wake the event loop). RAII: the thread is joined on destruction.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace v8bench {

class Watchdog {
 public:
  explicit Watchdog(std::function<void()> on_expire);
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  void Arm(double seconds);  // replaces any earlier deadline; clears Expired()
  void Disarm();
  const std::atomic<bool>& expired() const { return expired_; }
  double seconds() const { return seconds_; }

 private:
  void Loop();

  std::function<void()> on_expire_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  bool stop_ = false;
  std::atomic<bool> expired_{false};
  double seconds_ = 0;
  std::thread thread_;  // last: starts after the state above exists
};

}  // namespace v8bench
