#!/usr/bin/env python3
"""Scores urisift's output per document against an expected list of URIs.

    scripts/score.py [--distinct] [--show] EXPECTED OUTPUT

EXPECTED and OUTPUT are each one of:
  - a directory holding one file per document, one URI per line (blank lines and lines starting
    with `#` ignored); the document is the file's name without a final `.expected`;
  - a JSON-lines file of `urisift --json` records (the "match" records count, keyed by the name
    of their "file"; other records are ignored);
  - a text file of lists, each after a line `== PATH` (the document is PATH's file name).
Only the documents of EXPECTED are scored; one that OUTPUT does not name found nothing.

It prints the share of documents whose URIs are exactly the expected ones (as multisets, or as
sets of distinct URIs with --distinct, which is how mail is scored: one message may show the same
link many times), and per-URI precision and recall over all documents. --show lists each
document that differs, with the expected URIs it missed (`-`) and the ones it found besides
(`+`). Exit status 0, or 2 on a usage error.
"""
import collections
import json
import os
import sys


def read_lists(path):
    """{document: [uri, ...]} from one of the three forms of the module docs."""
    docs = collections.defaultdict(list)
    if os.path.isdir(path):
        for name in sorted(os.listdir(path)):
            doc = name[: -len(".expected")] if name.endswith(".expected") else name
            with open(os.path.join(path, name), encoding="utf-8") as f:
                docs[doc] = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
        return docs
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if lines and lines[0].startswith("{"):
        for line in lines:
            record = json.loads(line)
            if record.get("type") == "match":
                docs[os.path.basename(record["file"])].append(record["uri"])
        return docs
    doc = None
    for line in lines:
        if line.startswith("== "):
            doc = os.path.basename(line[3:])
            docs[doc]
        elif line.strip() and not line.startswith("#") and doc is not None:
            docs[doc].append(line)
    return docs


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    flags = {a for a in argv if a.startswith("--")}
    if len(args) != 2 or flags - {"--distinct", "--show"}:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    expected, output = (read_lists(p) for p in args)
    distinct = "--distinct" in flags
    exact = right = found = wanted = 0
    for doc in sorted(expected):
        want, got = expected[doc], output.get(doc, [])
        if distinct:
            want, got = sorted(set(want)), sorted(set(got))
        w, g = collections.Counter(want), collections.Counter(got)
        both = sum((w & g).values())
        right += both
        found += len(got)
        wanted += len(want)
        if w == g:
            exact += 1
        elif "--show" in flags:
            print(f"== {doc}")
            for uri in sorted((w - g).elements()):
                print(f"- {uri}")
            for uri in sorted((g - w).elements()):
                print(f"+ {uri}")
    n = len(expected)
    share = lambda a, b: f"{100 * a / b:.2f}%" if b else "n/a"
    kind = "distinct URIs" if distinct else "URIs"
    print(
        f"{n} documents, {exact} exactly right ({share(exact, n)}); {kind}: precision "
        f"{share(right, found)} ({right} of {found} found), recall {share(right, wanted)} "
        f"({right} of {wanted} expected)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
