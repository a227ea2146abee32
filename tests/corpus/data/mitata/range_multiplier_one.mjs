import { bench, run } from 'mitata';
bench('x', () => 1).range('n', 1, 8, 1);
await run();
