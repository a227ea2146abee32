#include "harness/native/floor_kernels.h"

#include <benchmark/benchmark.h>
#include <simdjson.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace v8bench {
namespace {

FloorKernel JsonParseKernel(const std::string& text) {
  // The parser and the padded copy are made once: the floor is parsing, not allocating buffers.
  auto parser = std::make_shared<simdjson::dom::parser>();
  auto input = std::make_shared<simdjson::padded_string>(text);
  return [parser, input](std::uint64_t n) {
    for (std::uint64_t i = 0; i < n; ++i) {
      simdjson::dom::element doc;
      auto error = parser->parse(*input).get(doc);
      benchmark::DoNotOptimize(error);
      benchmark::DoNotOptimize(doc);
    }
  };
}

template <class F>
FloorKernel TrigKernel(std::vector<double> inputs, F f) {
  auto xs = std::make_shared<std::vector<double>>(std::move(inputs));
  return [xs, f](std::uint64_t n) {
    double acc = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      for (double x : *xs) acc += f(x);
      benchmark::DoNotOptimize(acc);
    }
  };
}

FloorKernel MemcpyKernel(std::uint64_t bytes) {
  auto src = std::make_shared<std::vector<unsigned char>>(bytes, 0x5a);
  auto dst = std::make_shared<std::vector<unsigned char>>(bytes, 0);
  return [src, dst](std::uint64_t n) {
    for (std::uint64_t i = 0; i < n; ++i) {
      std::memcpy(dst->data(), src->data(), src->size());
      benchmark::ClobberMemory();
    }
  };
}

}  // namespace

Expected<FloorKernel> MakeFloorKernel(const NativeWork& work) {
  // The engine checks these when it reads floor(state); checked again here, where the allocations are.
  if (work.bytes > kMaxFloorMemcpyBytes || work.text.size() > kMaxFloorTextBytes ||
      work.inputs.size() > kMaxFloorInputs) {
    return Error::Input("native floor " + work.kind + ": larger than the caps in harness/model/native_work.h (" +
                        std::to_string(kMaxFloorMemcpyBytes >> 20) + " MiB of memcpy, " +
                        std::to_string(kMaxFloorTextBytes >> 20) + " MiB of json_parse text, " +
                        std::to_string(kMaxFloorInputs) + " sin/cos inputs)");
  }
  if (work.kind == "json_parse") {
    simdjson::dom::parser probe;
    if (probe.parse(work.text).error() != simdjson::SUCCESS) {
      return Error::Input("native floor json_parse: simdjson cannot parse the payload the suite gave");
    }
    return JsonParseKernel(work.text);
  }
  if (work.kind == "sin") return TrigKernel(work.inputs, [](double x) { return std::sin(x); });
  if (work.kind == "cos") return TrigKernel(work.inputs, [](double x) { return std::cos(x); });
  if (work.kind == "sincos") return TrigKernel(work.inputs, [](double x) { return std::sin(x) + std::cos(x); });
  if (work.kind == "memcpy") return MemcpyKernel(work.bytes);
  return Error::Input("native floor: unknown kind '" + work.kind + "'");
}

}  // namespace v8bench
