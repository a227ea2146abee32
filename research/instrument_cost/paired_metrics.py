#!/usr/bin/env python3
"""Per case, the median over blocks of variant/baseline - 1 for several metrics of a `compare --out`
file, and the median over cases: does a difference in main-thread CPU come with one in all-thread CPU?

    research/instrument_cost/paired_metrics.py COMPARE.json BASELINE [METRIC...]
"""
import json
import statistics
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    doc = json.load(open(argv[1]))
    base = argv[2]
    metrics = argv[3:] or ['cpu_ns', 'process_cpu_ns', 'wall_ns']
    by = {}  # (variant, block) -> values
    for s in doc['samples']:
        if not s.get('error'):
            by[(s['variant'], s['block'])] = s['values']
    variants = sorted({v for v, _ in by} - {base})
    cases = sorted({c for vals in by.values() for c in vals})
    for v in variants:
        print(f'{v} vs {base}: median over blocks of {v}/{base} - 1')
        print('case'.ljust(40) + ''.join(m.rjust(16) for m in metrics))
        per_metric = {m: [] for m in metrics}
        for c in cases:
            row = c.ljust(40)
            for m in metrics:
                ratios = []
                for (vv, b), vals in by.items():
                    if vv != v or (base, b) not in by:
                        continue
                    x, y = vals.get(c, {}).get(m), by[(base, b)].get(c, {}).get(m)
                    if x is not None and y:
                        ratios.append(x / y - 1)
                if ratios:
                    r = statistics.median(ratios)
                    per_metric[m].append(r)
                    row += f'{100 * r:+15.1f}%'
                else:
                    row += ' ' * 16
            print(row)
        print('median over cases'.ljust(40) + ''.join(
            (f'{100 * statistics.median(per_metric[m]):+15.1f}%' if per_metric[m] else ' ' * 16) for m in metrics))
        print()
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
