#!/usr/bin/env python3
"""Summarises research/long_lived_workers.sh's comparisons: per file, the blocks, the wall time spent
sampling, each case's change and verdict (Holm), and for long-lived workers how far apart their
processes ran: per variant, the ratio of the slowest process's median to the fastest's, and the share of the
variance of log(CPU/iter) that lies between processes (the intraclass correlation, one-way ANOVA
estimator, negative estimates shown as 0): samples of one process are worth 1 + (m - 1) ICC times fewer
independent ones when each process gives m (the design effect, Kish 1965).
Usage: research/long_lived_summary.py OUT_DIR"""
import glob
import json
import math
import os
import statistics
import sys

def icc(groups):
    """One-way ANOVA intraclass correlation of log values, groups = one list per process."""
    logs = [[math.log(x) for x in g] for g in groups if len(g) > 1]
    k = len(logs)
    n = sum(len(g) for g in logs)
    if k < 2 or n <= k:
        return float('nan')
    grand = sum(sum(g) for g in logs) / n
    msb = sum(len(g) * (statistics.mean(g) - grand) ** 2 for g in logs) / (k - 1)
    msw = sum(sum((x - statistics.mean(g)) ** 2 for x in g) for g in logs) / (n - k)
    m0 = (n - sum(len(g) ** 2 for g in logs) / n) / (k - 1)
    return max(0.0, (msb - msw) / (msb + (m0 - 1) * msw))


for path in sorted(glob.glob(os.path.join(sys.argv[1], '*.json'))):
    d = json.load(open(path))
    if not d.get('analysis'):
        continue  # still running, or cut short
    mode, pair, rep = os.path.basename(path)[:-5].split('-')
    blocks = max(s['block'] for s in d['samples']) + 1
    sampling_s = sum(s['wall_s'] for s in d['samples'])
    verdicts = []
    for c in d['analysis']['cases']:
        v = c['variants'][1]
        vb = v['metrics']['cpu_ns']['versus_baseline']
        verdicts.append('%s %+.1f%% %s' % (c['case'].split('/')[-1], (vb['ratio'] - 1) * 100, v['verdict_holm']))
    spread = []
    for variant in [v['name'] for v in d['variants']]:
        per = {}
        for s in d['samples']:
            if s['variant'] != variant or s['worker_process'] == 0:
                continue
            x = s['values'].get('example/sum/n:256', {}).get('cpu_ns')
            if x:
                per.setdefault(s['worker_process'], []).append(x)
        meds = [statistics.median(xs) for xs in per.values()]
        if len(meds) > 1:
            spread.append('%s %.2f icc %.2f' % (variant, max(meds) / min(meds), icc(list(per.values()))))
    print('%-6s %-6s %s blocks=%2d sampling_s=%6.1f | %s | process spread %s' % (
        mode, pair, rep, blocks, sampling_s, '; '.join(verdicts), ', '.join(spread) or '-'))
