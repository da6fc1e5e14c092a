"""extract() over WARC and WET archives and web pages, generated here: each match names its
record (`record`, `target_uri`), HTTP bodies are read with their codings undone, and the
archive's own bookkeeping gives no match."""

import gzip
import io
import zlib

import pytest

import urisift

from conftest import cli_json


def record(kind, record_id, target, content, extra=""):
    head = (
        f"WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Record-ID: {record_id}\r\n"
        + (f"WARC-Target-URI: {target}\r\n" if target else "")
        + extra
        + f"Content-Length: {len(content)}\r\n\r\n"
    )
    return head.encode() + content + b"\r\n\r\n"


def page(i):
    """Page i's HTML and the URIs a reader is given: its link (entities decoded) and the URI of
    its text; not the one of its script."""
    html = (
        f"<!DOCTYPE html><html><head><script>var u = 'http://script.example/{i}';</script></head>"
        f'<body><a href="http://link.example/{i}?a=1&amp;b=2">link {i}</a>'
        f"<p>See http://text.example/{i} for more.</p></body></html>"
    )
    return html.encode(), {f"http://link.example/{i}?a=1&b=2", f"http://text.example/{i}"}


def response(i, body, coding):
    head = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
    if coding == "gzip":
        body = gzip.compress(body)
    elif coding == "deflate":
        body = zlib.compress(body)
    elif coding == "chunked":
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[k : k + 40]), body[k : k + 40]) for k in range(0, len(body), 40))
        body = chunks + b"0\r\n\r\n"
        head += "Transfer-Encoding: chunked\r\n"
    if coding in ("gzip", "deflate"):
        head += f"Content-Encoding: {coding}\r\n"
    return head.encode() + b"\r\n" + body


def crawl(n=12):
    """A WARC of n response records (gzip-, deflate-, chunk-encoded and plain bodies), each
    after a request record, with a warcinfo record first and a redirect last; the matching
    WET; and {record id: (target URI, URIs)} for each."""
    warc = record("warcinfo", "<urn:uuid:info>", None, b"software: test\r\nhttp://info.example/\r\n")
    wet = record("warcinfo", "<urn:uuid:wetinfo>", None, b"isPartOf: http://info.example/\r\n")
    want, want_wet = {}, {}
    for i in range(n):
        target = f"http://site.example/page/{i}"
        body, uris = page(i)
        warc += record("request", f"<urn:uuid:req-{i}>", target, f"GET /page/{i} HTTP/1.1\r\n\r\n".encode())
        rid = f"<urn:uuid:resp-{i}>"
        coding = ["gzip", "deflate", "chunked", "none"][i % 4]
        warc += record("response", rid, target, response(i, body, coding), "Content-Type: application/http; msgtype=response\r\n")
        want[rid] = (target, uris)
        text = f"link {i}\nSee http://text.example/{i} for more.\n".encode()
        wid = f"<urn:uuid:conv-{i}>"
        wet += record("conversion", wid, target, text, "Content-Type: text/plain\r\n")
        want_wet[wid] = (target, {f"http://text.example/{i}"})
    moved = b"HTTP/1.1 301 Moved Permanently\r\nLocation: https://site.example/new\r\nContent-Length: 0\r\n\r\n"
    warc += record("response", "<urn:uuid:moved>", "http://site.example/old", moved)
    want["<urn:uuid:moved>"] = ("http://site.example/old", {"https://site.example/new"})
    return warc, wet, want, want_wet


def by_record(matches):
    got = {}
    for m in matches:
        o = m.origin
        assert o is not None and o.is_web, m
        target, uris = got.setdefault(o.record, (o.target_uri, set()))
        assert target == o.target_uri, m  # one target per record
        uris.add(m.uri)
    return got


def test_each_match_names_its_record_and_page():
    warc, _, want, _ = crawl()
    got = by_record(urisift.extract(warc, warc=True))
    assert got == want
    # Auto (the default) reads it as an archive too, by its first bytes.
    assert by_record(urisift.extract(warc)) == want


def test_a_gzipped_archive_read_through_a_file_object():
    warc, _, want, _ = crawl()
    with gzip.open(io.BytesIO(gzip.compress(warc)), "rb") as f:
        assert by_record(urisift.extract(f, warc=True)) == want


def test_wet_records_give_their_text():
    _, wet, _, want_wet = crawl()
    assert by_record(urisift.extract(wet)) == want_wet


def test_the_redirect_and_the_gzip_body():
    warc, _, _, _ = crawl()
    ms = list(urisift.extract(warc))
    moved = [m for m in ms if m.origin.record == "<urn:uuid:moved>"]
    assert [(m.uri, m.origin.found) for m in moved] == [("https://site.example/new", "http-header:Location")]
    # Record 0's body is gzip-encoded: its matches span the whole coded body in the archive.
    zipped = [m for m in ms if m.origin.record == "<urn:uuid:resp-0>"]
    assert {m.uri for m in zipped} == {"http://link.example/0?a=1&b=2", "http://text.example/0"}
    assert len({m.span for m in zipped}) == 1
    start, end = zipped[0].span
    assert warc[start : start + 2] == b"\x1f\x8b"
    assert gzip.decompress(warc[start:end]).startswith(b"<!DOCTYPE html>")
    # A plain body's spans point at the URI in the archive.
    plain = [m for m in ms if m.origin.record == "<urn:uuid:resp-3>" and m.uri == "http://text.example/3"]
    assert len(plain) == 1 and warc[slice(*plain[0].span)] == b"http://text.example/3"


def test_as_dict_has_the_command_lines_keys(tmp_path):
    warc, _, _, _ = crawl(4)
    path = tmp_path / "crawl.warc"
    path.write_bytes(warc)
    got = [m.as_dict() for m in urisift.extract(warc)]
    assert got == cli_json([path])[str(path)]
    assert all(d["record"] and d["target_uri"] and "message" not in d for d in got)
    first = got[0]
    assert first["target_uri"] == "http://site.example/page/0" and first["record"] == "<urn:uuid:resp-0>"
    assert first["content_type"] == "text/html"


def test_no_warc_reads_the_archive_as_text():
    warc, _, _, _ = crawl(4)
    uris = {m.uri for m in urisift.extract(warc, warc=False)}
    # The bookkeeping and the script's URI of the plain body (page 3) are text now.
    assert "http://site.example/page/0" in uris and "http://script.example/3" in uris
    assert all(m.origin is None or not m.origin.is_web for m in urisift.extract(warc, warc=False))


@pytest.mark.parametrize("mode", [None, True])
def test_a_saved_page(mode):
    body, uris = page(7)
    ms = list(urisift.extract(body, html=mode))
    assert {m.uri for m in ms} == uris
    assert all(m.origin.is_web and m.origin.record is None and m.origin.target_uri is None for m in ms)
    # Without the page reading, the script's URI and the undecoded &amp; come out.
    plain = {m.uri for m in urisift.extract(body, html=False)}
    assert "http://script.example/7" in plain


def test_web_modes_are_checked():
    with pytest.raises(TypeError):
        urisift.extract(b"", warc="yes")


def test_relative_links_resolved_against_the_page(tmp_path):
    html = (
        b'<!DOCTYPE html><a href="../g?y#s">g</a><img src="//cdn.example/i.png">'
        b'<a href="http://abs.example/">a</a><base href="/x/"><a href="h">h</a>'
    )
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + html
    warc = record("response", "<urn:uuid:rel>", "http://a/b/c/d;p?q", http)
    # Off by default: absolute links only; the base is no link of the page.
    assert [m.uri for m in urisift.extract(warc)] == ["http://abs.example/"]
    ms = list(urisift.extract(warc, relative=True))
    assert [m.uri for m in ms] == ["http://a/g?y#s", "http://cdn.example/i.png", "http://abs.example/", "http://a/x/h"]
    assert [m.rewrite for m in ms] == ["resolved", "resolved", None, "resolved"]
    # Each spans the value as written, and names its record.
    assert [warc[m.span[0] : m.span[1]] for m in ms] == [b"../g?y#s", b"//cdn.example/i.png", b"http://abs.example/", b"h"]
    assert all(m.origin.target_uri == "http://a/b/c/d;p?q" for m in ms)
    path = tmp_path / "rel.warc"
    path.write_bytes(warc)
    assert [m.as_dict() for m in ms] == cli_json([path], "--relative")[str(path)]
