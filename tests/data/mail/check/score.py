#!/usr/bin/env python3
"""Scores urisift -u on the check set: python3 score.py BINARY DIR (see README.md). Written for urisift."""
import glob, os, subprocess, sys
from collections import defaultdict
binary = sys.argv[1]; d = sys.argv[2]
tp=fp=fn=0; exact=0; n=0; cat=defaultdict(lambda:[0,0,0,0,0])
for f in sorted(glob.glob(d+'/*.eml')+glob.glob(d+'/*.mbox')):
    name=os.path.basename(f).rsplit('.',1)[0]
    exp=[l for l in open(os.path.join(d,name+'.expected'),encoding='utf-8').read().split('\n') if l]
    out=subprocess.run([binary,'-u',f],capture_output=True).stdout.decode('utf-8','replace')
    got=[l for l in out.split('\n') if l]
    e,g=set(exp),set(got)
    t=len(e&g); tp+=t; fp+=len(g-e); fn+=len(e-g); n+=1
    c=name.split('-')[0]
    if c.startswith('alt'): c='alt'
    if c.startswith('digest'): c='digest'
    if c.startswith('newsletter'): c='newsletter'
    cc=cat[c]; cc[0]+=t; cc[1]+=len(g-e); cc[2]+=len(e-g); cc[4]+=1
    if e==g: exact+=1; cc[3]+=1
    if e!=g or exp!=got:
        print(f"== {name}: {'ORDER ONLY' if e==g else ''}")
        for u in exp:
            if u not in g: print("  missing:", u)
        for u in got:
            if u not in e: print("  extra:  ", u)
        if e==g: print("  exp", exp, "\n  got", got)
def f1(tp,fp,fn):
    p=tp/(tp+fp) if tp+fp else 1; r=tp/(tp+fn) if tp+fn else 1
    return p,r,(2*p*r/(p+r) if p+r else 0)
p,r,f=f1(tp,fp,fn)
print(f"\nmessages {n}; P {p:.3f} R {r:.3f} F1 {f:.3f}; exact {exact}/{n} = {exact/n:.1%}")
for c,(t,a,b,x,m) in sorted(cat.items()):
    print(f"  {c:12} F1 {f1(t,a,b)[2]:.3f}  exact {x}/{m}")
