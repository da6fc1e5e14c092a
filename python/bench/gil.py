"""Whether the scan releases the GIL: how fast a Python thread runs beside it.

Run once by hand (not a test): python python/bench/gil.py
A thread counts in a loop while the main thread does something else; the counting rate is
compared across a sleep (GIL free), urisift.extract over 100 MB of prose, and re.finditer over
the same bytes (GIL held in C).
"""

import re
import threading
import time
from pathlib import Path

import urisift

REPO = Path(__file__).resolve().parents[2]


def main():
    data = (REPO / "corpus" / "prose" / "jargon-4.4.7-front-to-C.txt").read_bytes() * 200
    state = {"count": 0, "stop": False}

    def spin():
        while not state["stop"]:
            state["count"] += 1

    thread = threading.Thread(target=spin)
    thread.start()
    time.sleep(0.05)
    runs = [
        ("time.sleep(0.1)", lambda: time.sleep(0.1)),
        ("list(urisift.extract(data))", lambda: list(urisift.extract(data))),
        ("list(re.finditer(url, data))", lambda: list(re.finditer(rb"https?://\S+", data))),
    ]
    print(f"{len(data) / 1e6:.0f} MB; the counting thread's rate while the main thread runs:")
    for name, fn in runs:
        before, start = state["count"], time.perf_counter()
        fn()
        secs = time.perf_counter() - start
        print(f"  {name:30} {secs:6.3f} s   {(state['count'] - before) / secs / 1e6:5.2f} M counts/s")
    state["stop"] = True
    thread.join()


if __name__ == "__main__":
    main()
