import { bench, run } from 'mitata';
bench('x', () => 1).dense_range('n', 1, 8, 0);
await run();
