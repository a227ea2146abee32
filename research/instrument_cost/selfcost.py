#!/usr/bin/env python3
"""Self cost (Ir) per function of one callgrind file, read directly from the file (callgrind_annotate
3.19 misreads the part files that --dump-before writes: it shows call costs as self costs). V8's
generated code (functions in no object file, named by address) is summed as 'JIT code'.

    research/instrument_cost/selfcost.py FILE [OTHER_FILE] [TOP]

With two files: the functions whose self cost differs most, FILE minus OTHER_FILE.
"""
import re
import sys


def selfcost(path):
    names = {'fn': {}, 'ob': {}}
    cost = {}
    fn = ob = None
    skip = False
    total = 0

    def name(kind, text):
        m = re.match(r'\((\d+)\)(?: (.*))?', text)
        if not m:
            return text
        if m.group(2) is not None:
            names[kind][m.group(1)] = m.group(2)
        return names[kind].get(m.group(1), text)

    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        if line.startswith('fn='):
            fn = name('fn', line[3:])
        elif line.startswith('ob='):
            ob = name('ob', line[3:])
        elif line.startswith(('cfn=', 'cfi=', 'cfl=')):
            if line.startswith('cfn='):
                name('fn', line[4:])
        elif line.startswith('cob='):
            name('ob', line[4:])
        elif line.startswith('calls='):
            skip = True
        elif line and (line[0].isdigit() or line[0] in '+-*'):
            parts = line.split()
            if len(parts) < 2:
                continue
            if skip:
                skip = False
                continue
            ir = int(parts[1])
            key = 'JIT code' if (ob in (None, '???') and fn and fn.startswith('0x')) else fn
            cost[key] = cost.get(key, 0) + ir
            total += ir
    cost['TOTAL'] = total
    return cost


def main(argv):
    a = selfcost(argv[1])
    if len(argv) < 3 or argv[2].isdigit():
        top = int(argv[2]) if len(argv) > 2 else 20
        for n, f in sorted(((v, k) for k, v in a.items()), reverse=True)[:top]:
            print(f'{n:>14,}  {f}')
        return 0
    b = selfcost(argv[2])
    top = int(argv[3]) if len(argv) > 3 else 20
    diff = sorted(((a.get(k, 0) - b.get(k, 0), k) for k in set(a) | set(b)), key=lambda t: -abs(t[0]))
    for d, k in diff[:top]:
        print(f'{d:>12,} {a.get(k, 0):>14,} {b.get(k, 0):>14,}  {k[:140]}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
