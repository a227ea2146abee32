#!/usr/bin/env python3
"""The table of count_suite.sh's runs: per case, instructions per iteration of the timed batches with the
instrument and without (main thread), the change, and where the difference lies, from the self cost of
every function in the two dumps (selfcost.py):
  loop   V8's generated code (JIT code) and the built-ins and fdlibm it calls: the iterations' own work
  gc     the garbage collector's functions (a scavenge more or less in one window: a fixed lump)
  rest   everything else: the instrument's start()/stop() (its V8 API calls, heap statistics, the
         result objects), V8's work for a code event listener (line ends of a script on a compile)
and the code state and compiles each run saw.

    research/instrument_cost/suite_table.py WITH.txt WITHOUT.txt

WITH.txt and WITHOUT.txt hold count_suite.sh's output lines ("LABEL CASE N IR PER PART"); the JSON
lines of count_cases.mjs are read from LABEL.SUITE.stdout beside the callgrind files.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selfcost import selfcost  # noqa: E402

GC = re.compile(r'Scaveng|IterateObjectCache|Heap::|MarkCompact|Sweeper|Marking|MemoryAllocator|Evacuat|'
                r'SemiSpace|NewSpace|PagedSpace|FreeList|MemoryChunk|PageMetadata|RememberedSet|SlotSet|GCTracer|'
                r'Isolate::Iterate|Visit.*Pointer|Root')


def kind(name):
    if name == 'JIT code' or name.startswith('Builtins_') or 'ieee754' in name:
        return 'loop'
    if GC.search(name):
        return 'gc'
    return 'rest'


def load(path):
    rows = {}
    for line in open(path):
        f = line.split()
        if len(f) != 6:
            continue
        label, case, n, ir, _, part = f
        stdout = re.sub(r'\.\d+\.\d+-01$', '.stdout', part)
        state = {}
        if os.path.exists(stdout):
            for j in open(stdout):
                try:
                    d = json.loads(j)
                except ValueError:
                    continue
                if d.get('case') == case:
                    state = d
        by = {'loop': 0, 'gc': 0, 'rest': 0}
        for name, cost in selfcost(part).items():
            if name != 'TOTAL':
                by[kind(name)] += cost
        rows[case] = dict(n=int(n), ir=int(ir), by=by, jit=selfcost(part).get('JIT code', 0), state=state)
    return rows


def main(argv):
    w, j = load(argv[1]), load(argv[2])
    print('| case | iterations | with instrument | JS-only | change | loop (JIT code + built-ins + fdlibm) | JIT code alone | gc | rest | code state | compiles while timed |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|')
    for case in w:
        if case not in j:
            continue
        a, b = w[case], j[case]
        pa, pb = a['ir'] / a['n'], b['ir'] / b['n']
        d = {k: a['by'][k] - b['by'][k] for k in a['by']}
        loop = 100 * (a['by']['loop'] / b['by']['loop'] - 1) if b['by']['loop'] else 0.0
        jit = 100 * (a['jit'] / b['jit'] - 1) if b['jit'] else 0.0
        print(f"| `{case}` | {a['n']:,} | {pa:,.1f} | {pb:,.1f} | {100 * (pa / pb - 1):+.2f}% | {loop:+.4f}% | {jit:+.4f}% | "
              f"{d['gc'] / 1e3:+,.0f} k | {d['rest'] / 1e3:+,.0f} k | {a['state'].get('code_state')} / {b['state'].get('code_state')} | "
              f"{a['state'].get('compiles')} |")
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
