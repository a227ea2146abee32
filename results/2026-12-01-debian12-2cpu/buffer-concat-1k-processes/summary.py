import json, sys, glob, statistics as st, os
out = sys.argv[1]
for cond in ['default', 'nocabs', 'fixed']:
    per = {}
    for f in sorted(glob.glob(f'{out}/{cond}/*.json')):
        try: d = json.load(open(f))
        except Exception: continue
        by = {}
        for b in d['benchmarks']:
            if b.get('run_type') != 'iteration': continue
            by.setdefault(b['name'], []).append((b['cpu_ns'], b['process_cpu_ns'] - b['cpu_ns']))
        for name, reps in by.items():
            per.setdefault(name, []).append((st.median(r[0] for r in reps), st.median(r[1] for r in reps)))
    for name, ps in sorted(per.items()):
        m = [p[0] for p in ps]; bg = [p[1] for p in ps]
        print(f"{cond:8s} {name.split('/')[1]:18s} n={len(m):2d} median {st.median(m):6.1f} ns  min {min(m):6.1f} max {max(m):6.1f} spread {max(m)/min(m)-1:5.1%} cv {st.pstdev(m)/st.mean(m):5.1%}  bg median {st.median(bg):5.1f} ns  bg range {min(bg):.1f}-{max(bg):.1f}")
