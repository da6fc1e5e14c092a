"""Extraction speed of the package beside pure-Python extractors, on the same text.

Run once by hand (not a test): python python/bench/speed.py [--no-urlextract] [FILES...]
With no files, the text is every file of corpus/ (not its expected outputs) concatenated.
Each extractor runs REPEAT times (urlextract, a thousand times slower, once); the best time is
kept. The URIs each finds are counted, to show that the work is comparable (the regexes find
http/https/ftp(/file) URLs only, urlextract finds host names with a known top-level domain,
urisift validated URIs of every scheme). The last line compares urisift over bytes with the
fastest pure-Python extractor.
"""

import re
import sys
import time
from pathlib import Path

import urisift

REPEAT = 5
REPO = Path(__file__).resolve().parents[2]

# The common URL regex of the Rust benches (benches/extract.rs), and a minimal one: a scheme,
# then everything up to white space or a delimiter.
COMMON_RE = re.compile(rb"(?:https?|ftp|file)://[-A-Za-z0-9+&@#/%?=~_|!:,.;]*[-A-Za-z0-9+&@#/%=~_|]")
MINIMAL_RE = re.compile(rb"(?:https?|ftp)://[^\s<>\"'(){}\[\]]+")
MINIMAL_STR_RE = re.compile(MINIMAL_RE.pattern.decode())


def corpus_text():
    skip = {"expected", "tools"}
    parts = []
    for path in sorted((REPO / "corpus").rglob("*")):
        rel = path.relative_to(REPO / "corpus")
        if path.is_file() and rel.parts[0] not in skip and path.suffix != ".md" and not path.name.startswith("."):
            parts.append(path.read_bytes())
    return b"\n".join(parts)


def best(fn, repeat=REPEAT):
    times, count = [], 0
    for _ in range(repeat):
        t = time.perf_counter()
        count = fn()
        times.append(time.perf_counter() - t)
    return min(times), count


def main():
    args = sys.argv[1:]
    with_urlextract = "--no-urlextract" not in args
    files = [a for a in args if a != "--no-urlextract"]
    data = b"\n".join(Path(p).read_bytes() for p in files) if files else corpus_text()
    text = data.decode("utf-8", errors="replace")
    runs = {
        "urisift.extract(bytes)": lambda: sum(1 for _ in urisift.extract(data)),
        "urisift.extract(str)": lambda: sum(1 for _ in urisift.extract(text)),
        "urisift.extract(bytes), .uri read": lambda: len([m.uri for m in urisift.extract(data)]),
        "re, common URL regex (bytes)": lambda: sum(1 for _ in COMMON_RE.finditer(data)),
        "re, minimal URL regex (bytes)": lambda: sum(1 for _ in MINIMAL_RE.finditer(data)),
        "re, minimal URL regex (str)": lambda: sum(1 for _ in MINIMAL_STR_RE.finditer(text)),
    }
    results = {name: best(fn) for name, fn in runs.items()}
    if with_urlextract:
        try:
            from urlextract import URLExtract

            extractor = URLExtract()
            results["urlextract.find_urls(str)"] = best(lambda: len(extractor.find_urls(text)), repeat=1)
        except ImportError:
            print("urlextract is not installed: pip install urlextract", file=sys.stderr)
    base = results["urisift.extract(bytes)"][0]
    print(f"{len(data) / 1e6:.2f} MB, best of {REPEAT}")
    print(f"{'extractor':36} {'seconds':>9} {'MB/s':>8} {'URIs':>7} {'x urisift':>10}")
    for name, (secs, count) in results.items():
        print(f"{name:36} {secs:9.4f} {len(data) / secs / 1e6:8.1f} {count:7d} {secs / base:10.1f}")
    fastest = min((secs, name) for name, (secs, _) in results.items() if not name.startswith("urisift"))
    print(f"urisift.extract(bytes) is {fastest[0] / base:.1f}x as fast as the fastest pure-Python one, {fastest[1]}")


if __name__ == "__main__":
    main()
