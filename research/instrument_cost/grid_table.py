#!/usr/bin/env python3
"""The table of count_grid.sh: per case, instructions per iteration with the instrument and without
(all threads), the change, and the same for the JIT code alone (callgrind's functions in no object
file: V8's generated code, summed over every thread) and the code state and compiles each run saw.

    research/instrument_cost/grid_table.py OUT_DIR [--no-jit] [--markdown]

OUT_DIR is count_grid.sh's (counts.txt, and per variant the callgrind files and stdout of each run).
"""
import glob
import json
import re
import subprocess
import sys


def jit_ir(prefix):
    """Instructions in JIT code (object '???') over every thread file of one run."""
    total = 0
    for f in glob.glob(prefix + '.*'):
        if not re.search(r'\.\d+(-\d+)?$', f):
            continue
        out = subprocess.run(['callgrind_annotate', '--threshold=100', f], capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = re.match(r'\s*([\d,]+)\s+\([^)]*\)\s+\?\?\?:0x[0-9a-f]+ \[\?\?\?\]', line)
            if m:
                total += int(m.group(1).replace(',', ''))
    return total


def state(prefix):
    try:
        return json.loads(open(prefix + '.stdout').read().strip().splitlines()[-1])
    except (OSError, ValueError, IndexError):
        return {}


def main(argv):
    out = argv[1]
    want_jit = '--no-jit' not in argv
    rows = {}
    for line in open(f'{out}/counts.txt'):
        f = line.split()
        if len(f) != 8:
            continue
        label, case, a, b, per, n1, n2, warm = f
        rows.setdefault(case, {})[label] = dict(a=int(a), b=int(b), n1=int(n1), n2=int(n2), warm=int(warm))
    print('| case | with instrument | JS-only | change | JIT code with | JIT code JS-only | code state | compiles timed |')
    print('|---|---:|---:|---:|---:|---:|---|---:|')
    for case, v in rows.items():
        if 'instrument' not in v or 'js_only' not in v:
            continue
        safe = case.replace('/', '_').replace(':', '_')
        per = {}
        jit = {}
        st = {}
        for label, r in v.items():
            per[label] = (r['b'] - r['a']) / (r['n2'] - r['n1'])
            p1, p2 = f'{out}/{label}/{label}.{safe}.{r["n1"]}', f'{out}/{label}/{label}.{safe}.{r["n2"]}'
            st[label] = (state(p1).get('code_state'), state(p2).get('code_state'), state(p1).get('compiles'), state(p2).get('compiles'))
            if want_jit:
                jit[label] = (jit_ir(p2) - jit_ir(p1)) / (r['n2'] - r['n1'])
        w, j = per['instrument'], per['js_only']
        jw = f"{jit['instrument']:,.1f}" if want_jit else ''
        jj = f"{jit['js_only']:,.1f}" if want_jit else ''
        codes = f"{st['instrument'][0]},{st['instrument'][1]} / {st['js_only'][0]},{st['js_only'][1]}"
        print(f'| `{case}` | {w:,.1f} | {j:,.1f} | {100 * (w / j - 1):+.2f}% | {jw} | {jj} | {codes} | {st["instrument"][2]},{st["instrument"][3]} |')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
