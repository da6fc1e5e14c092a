#!/usr/bin/env python3
"""Writes a generated crawl as a .warc.gz, one gzip member per record as crawlers write it
(RFC 1952 section 2.2; ISO 28500 WARC 1.1), for measuring `urisift -z -j N` (PERFORMANCE.md).

Each page is a request, a response and a metadata record; the responses' HTML has links,
text with URIs and a script, in words drawn at random so that it compresses about as a real
crawl does; every third response body is gzip-encoded (Content-Encoding: gzip), as in
tests/web.rs. Usage: scripts/gen-warc-gz.py PAGES OUT.warc.gz [SEED]
"""

import gzip
import random
import sys

WORDS = (
    "the of and to in is that for it as was with be by on not he this are or his from at which "
    "but have an they you were her she there been one all we their has would when if so no what "
    "crawl archive record page link index search news report market data service library open"
).split()


def record(kind, fields, content):
    head = f"WARC/1.1\r\nWARC-Type: {kind}\r\n{fields}Content-Length: {len(content)}\r\n\r\n"
    return head.encode() + content + b"\r\n\r\n"


def page(rng, i):
    words = lambda n: " ".join(rng.choice(WORDS) for _ in range(n))
    links = "".join(
        f'<li><a href="https://site{rng.randrange(5000)}.example/{rng.getrandbits(48):x}/{i}">{words(4)}</a></li>'
        for _ in range(20)
    )
    text = " ".join(
        f"{words(12)} http://text{rng.randrange(900)}.example/{rng.getrandbits(32):x}?p={i}" for _ in range(12)
    )
    return (
        f"<!DOCTYPE html><html><head><title>Page {i} {words(5)}</title>"
        f'<script>var u = "http://script.example/{i}";</script></head><body>'
        f"<h1>{words(6)}</h1><p>{text}</p><ul>{links}</ul><p>{words(200)}</p></body></html>"
    ).encode()


def main():
    pages, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 39)
    with open(out, "wb") as f:
        f.write(gzip.compress(record("warcinfo", "", b"software: scripts/gen-warc-gz.py\r\n"), 6))
        for i in range(pages):
            uri = f"http://site.example/page/{i}"
            request = f"GET /page/{i} HTTP/1.1\r\nHost: site.example\r\n\r\n".encode()
            f.write(gzip.compress(record("request", f"WARC-Target-URI: {uri}\r\n", request), 6))
            body = page(rng, i)
            head = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
            if i % 3 == 0:
                head += "Content-Encoding: gzip\r\n"
                body = gzip.compress(body, 6)
            fields = (
                f"WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-{i:012}>\r\nWARC-Target-URI: {uri}\r\n"
                "Content-Type: application/http; msgtype=response\r\n"
            )
            f.write(gzip.compress(record("response", fields, head.encode() + b"\r\n" + body), 6))
            meta = f"outlink: http://metadata.example/{i}\r\n".encode()
            f.write(gzip.compress(record("metadata", f"WARC-Target-URI: {uri}\r\n", meta), 6))


if __name__ == "__main__":
    main()
