// Allocates enough that V8 collects garbage during a quick run (for --trace-gc cases).
suite({ name: 'tiny_alloc', benches: { churn: () => new Array(64).fill(0).length } });
