"""extract() over bytes, str and file objects: the same matches as the command line."""

import io
import threading

import pytest

import urisift

from conftest import cli_json

CLI_KEYS = ("uri", "readings", "start", "end", "outer_start", "outer_end", "delimiter", "scheme")


def records(matches):
    return [m.as_dict() for m in matches]


class Trickle(io.RawIOBase):
    """A binary stream that returns at most `step` bytes per read, whatever is asked."""

    def __init__(self, data, step):
        self.data, self.pos, self.step = data, 0, step

    def readable(self):
        return True

    def read(self, n=-1):
        n = self.step if n < 0 else min(n, self.step)
        chunk = self.data[self.pos : self.pos + n]
        self.pos += len(chunk)
        return chunk


def test_corpus_bytes_equal_the_command_line(corpus, corpus_cli):
    total = 0
    for path in corpus:
        got = records(urisift.extract(path.read_bytes()))
        assert got == corpus_cli[str(path)], path
        total += len(got)
    assert total > 1000  # the corpus is URI-rich: the comparison is not vacuous


def test_corpus_files_equal_the_command_line(corpus, corpus_cli):
    for path in corpus:
        with open(path, "rb") as f:
            assert records(urisift.extract(f)) == corpus_cli[str(path)], path


def test_trickled_reads_equal_one_read(corpus, corpus_cli):
    # Boundary torture: tiny reads split every URI and wrapper across reads.
    for path in corpus[::5]:
        data = path.read_bytes()
        assert records(urisift.extract(Trickle(data, 7))) == corpus_cli[str(path)], path


def test_read_returning_more_than_asked_loses_nothing(corpus_cli, corpus):
    path = next(p for p in corpus if p.name == "sample.txt")
    data = path.read_bytes()

    class Generous:
        def __init__(self):
            self.done = False

        def read(self, n):
            if self.done:
                return b""
            self.done = True
            return data  # all of it, whatever n is

    assert records(urisift.extract(Generous())) == corpus_cli[str(path)]


def test_str_spans_are_character_offsets(corpus, corpus_cli):
    checked = 0
    for path in corpus:
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if text.isascii():
            continue
        found = list(urisift.extract(text))
        assert len(found) == len(corpus_cli[str(path)]), path
        for m, want in zip(found, corpus_cli[str(path)]):
            start, end = m.span
            assert m.uri == want["uri"]
            assert text[start:end].encode() == raw[want["start"] : want["end"]]
            o_start, o_end = m.outer_span
            assert text[o_start:o_end].encode() == raw[want["outer_start"] : want["outer_end"]]
            checked += 1
    assert checked > 50


def test_str_spans_after_non_ascii_text():
    text = "caf\u00e9 \u4e2d\u6587 <URL:http://a.example/x\n  y> \U0001f600 http://b.example/"
    found = list(urisift.extract(text))
    assert [m.uri for m in found] == ["http://a.example/xy", "http://b.example/"]
    first = found[0]
    assert text[first.outer_span[0] : first.outer_span[1]] == "<URL:http://a.example/x\n  y>"
    assert [text[a:b] for a, b in first.pieces] == ["http://a.example/x", "y"]
    assert text[found[1].span[0] : found[1].span[1]] == "http://b.example/"
    # The same text as bytes: byte offsets.
    raw = text.encode()
    second = list(urisift.extract(raw))[1]
    assert raw[second.span[0] : second.span[1]] == b"http://b.example/"
    assert second.span != found[1].span


def test_str_spans_after_long_non_ascii_runs():
    # Runs of multi-byte characters around 255 bytes long (the character count goes 255 bytes
    # at a time), before, between and inside the wrapper of the URIs.
    for n in (1, 127, 128, 254, 255, 256, 300, 510, 511, 1000):
        text = "\u00e9" * n + " http://a.example/ " + "\u4e2d\U0001f600" * n + ' "http://b.example/' + "\u00e9" * n + '"'
        text += " <URL:http://c.example/x\n  y> " + "\u00e9" * n
        found = list(urisift.extract(text))
        assert [m.uri for m in found] == [
            "http://a.example/",
            "http://b.example/" + "\u00e9" * n,
            "http://c.example/xy",
        ], n
        for m in found:
            assert text[m.span[0] : m.span[1]].replace("\n  ", "") == m.uri, n
            assert [text[a:b] for a, b in m.pieces] == ["http://c.example/x", "y"] if m.uri.endswith("xy") else [m.uri]
        assert text[found[1].outer_span[0] : found[1].outer_span[1]] == '"' + found[1].uri + '"'


def test_matches_over_bytes_and_str_compare_by_their_offsets():
    ascii_text = "see <http://a.example/> and http://b.example/x"
    from_str = list(urisift.extract(ascii_text))
    from_bytes = list(urisift.extract(ascii_text.encode()))
    # ASCII: character and byte offsets are the same.
    assert from_str == from_bytes
    assert [hash(m) for m in from_str] == [hash(m) for m in from_bytes]
    assert [m.span for m in from_str] == [m.span for m in from_bytes]
    # A non-ASCII character before the second URI only: the first match is the same.
    text = "see <http://a.example/> and \u00e9 http://b.example/x"
    from_str = list(urisift.extract(text))
    from_bytes = list(urisift.extract(text.encode()))
    assert from_str[0] == from_bytes[0] and hash(from_str[0]) == hash(from_bytes[0])
    assert from_str[1] != from_bytes[1]
    assert from_str[1].span == (from_bytes[1].span[0] - 1, from_bytes[1].span[1] - 1)


def test_rejected_spans_in_a_str_are_character_offsets():
    text = "\u00e9\u4e2d see http://a/%zz"
    (rejected,) = urisift.extract(text, report_rejected=True)
    assert rejected.text == "http://a/%zz"
    assert rejected.span == (text.index("http"), len(text))
    assert rejected.outer_span == rejected.span
    assert (rejected.error, rejected.error_index, rejected.delimiter) == ("invalid percent-escape", 9, "bare")
    assert repr(rejected) == "Rejected(text=\"http://a/%zz\", error=\"invalid percent-escape\", span=(7, 19))"


def test_bytearray_is_accepted():
    data = bytearray(b"see http://a.example/ now")
    assert [m.uri for m in urisift.extract(data)] == ["http://a.example/"]


def test_match_fields():
    text = b'See <URL:http://www-\n  diglib.stanford.edu/a?b#c> and "mailto:x@example.org".'
    first, second = urisift.extract(text, line_numbers=True)
    assert first.uri == "http://www-diglib.stanford.edu/a?b#c"
    assert first.readings == ["http://www-diglib.stanford.edu/a?b#c", "http://wwwdiglib.stanford.edu/a?b#c"]
    assert first.delimiter == "angle-url-prefix"
    assert first.outer_span == (4, text.index(b">") + 1)
    assert len(first.pieces) == 2
    assert first.scheme == "http" and first.line == 1 and not first.abbreviated
    c = first.components
    assert (c.scheme, c.host, c.host_kind, c.path, c.query, c.fragment) == (
        "http",
        "www-diglib.stanford.edu",
        "reg-name",
        "/a",
        "b",
        "c",
    )
    assert c == urisift.check(first.uri)
    assert second.delimiter == "quoted" and second.line == 2 and second.grammar == "rfc3986"
    assert second.components.host is None and second.components.path == "x@example.org"
    assert first != second and first == list(urisift.extract(text, line_numbers=True))[0]
    assert "http://www-diglib" in repr(first)


def test_options_reach_the_extractor():
    text = b"see www.w3.org/Addressing/ and http://host/~user and http://a/%zz"
    assert [m.uri for m in urisift.extract(text)] == ["http://host/~user"]
    abbreviated = list(urisift.extract(text, abbreviated=True))
    assert [m.uri for m in abbreviated] == ["www.w3.org/Addressing/", "http://host/~user"]
    assert abbreviated[0].abbreviated and abbreviated[0].scheme == ""
    # RFC 1738: `~` is unsafe.
    assert [m.uri for m in urisift.extract(text, grammar="rfc1738")] == []
    assert all(m.line is None for m in urisift.extract(text))
    events = list(urisift.extract(text, report_rejected=True))
    rejected = [e for e in events if isinstance(e, urisift.Rejected)]
    assert [r.text for r in rejected] == ["http://a/%zz"]
    assert rejected[0].error == "invalid percent-escape" and rejected[0].error_index == 9
    assert rejected[0].span == (text.index(b"http://a/%"), len(text))


def test_refang_and_numeric_hosts_options(tmp_path):
    text = b"C2 hxxps[://]evil[.]example[.]com/a and http://3232235777/x and https://ok.example/\n"
    assert [m.uri for m in urisift.extract(text)] == ["https://ok.example/"]
    ms = list(urisift.extract(text, refang=True))
    assert [m.uri for m in ms] == ["https://evil.example.com/a", "https://ok.example/"]
    assert ms[0].rewrite == "refanged" and "refanged" in ms[0].flags
    assert text[ms[0].span[0] : ms[0].span[1]] == b"hxxps[://]evil[.]example[.]com/a"
    ms = list(urisift.extract(text, numeric_hosts=True))
    assert [m.uri for m in ms] == ["http://3232235777/x", "https://ok.example/"]
    assert "numeric-ip" in ms[0].flags
    # Held to the command line's reading.
    path = tmp_path / "ioc.txt"
    path.write_bytes(text)
    refanged = [m.as_dict() for m in urisift.extract(text, refang=True)]
    assert refanged == cli_json([path], "--refang")[str(path)]


def test_quoted_printable_option():
    mail = (
        b"Content-Transfer-Encoding: quoted-printable\n\n"
        b'<a href=3D"http://a.example/?b=3D=\nc">x</a>\n'
    )
    assert [m.uri for m in urisift.extract(mail)] == ["http://a.example/?b=c"]
    assert list(urisift.extract(mail))[0].quoted_printable
    # quoted_printable is for text not read as mail: mail decodes every transfer encoding.
    assert [m.uri for m in urisift.extract(mail, quoted_printable=False)] == ["http://a.example/?b=c"]
    assert [m.uri for m in urisift.extract(mail, quoted_printable=False, mail=False)] != ["http://a.example/?b=c"]
    # In plain text it decodes when asked for (off by default, as on the command line).
    assert [m.uri for m in urisift.extract(mail, mail=False)] != ["http://a.example/?b=c"]
    assert [m.uri for m in urisift.extract(mail, quoted_printable=True, mail=False)] == ["http://a.example/?b=c"]


def test_overlong_candidates_are_counted():
    text = b"a http://a.example/" + b"x" * 100 + b" and http://b.example/ end"
    matches = urisift.extract(text, max_uri_len=32)
    assert [m.uri for m in matches] == ["http://b.example/"]
    assert matches.overlong == 1


def test_other_options_equal_the_command_line(corpus):
    paths = [p for p in corpus if "rfc" in p.parts or p.name == "sample.txt"][:6]
    want = cli_json(paths, "--abbreviated", "-n", "--grammar", "rfc2396")
    for path in paths:
        got = records(urisift.extract(path.read_bytes(), abbreviated=True, line_numbers=True, grammar="rfc2396"))
        assert got == want[str(path)], path


def test_threads_scan_concurrently_with_the_same_results(corpus):
    data = b"".join(p.read_bytes() for p in corpus[:20])
    want = records(urisift.extract(data))
    results = [None] * 4

    def work(i):
        results[i] = records(urisift.extract(data))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == want for r in results)


def test_empty_inputs():
    assert list(urisift.extract(b"")) == []
    assert list(urisift.extract("")) == []
    assert list(urisift.extract(io.BytesIO())) == []


def test_iterator_ends_and_stays_ended():
    it = urisift.extract(b"http://a.example/")
    assert iter(it) is it
    assert next(it).uri == "http://a.example/"
    with pytest.raises(StopIteration):
        next(it)
    with pytest.raises(StopIteration):
        next(it)


def test_mail_option():
    """mail=None reads input that starts as mail as mail (an HTML part's link, its &amp;
    decoded); mail=False reads it as plain text; mail=True reads any input as mail."""
    message = (
        b"From: a@b.example\r\nSubject: x\r\nMIME-Version: 1.0\r\n"
        b"Content-Type: text/html\r\n\r\n<a href=\"http://a.example/?a=1&amp;b=2\">x</a>\r\n"
    )
    assert [m.uri for m in urisift.extract(message)] == ["http://a.example/?a=1&b=2"]
    assert [m.uri for m in urisift.extract(message, mail=True)] == ["http://a.example/?a=1&b=2"]
    assert [m.uri for m in urisift.extract(message, mail=False)] == ["http://a.example/?a=1&amp;b=2"]


def test_origin_says_where_in_the_message():
    """A match read as mail carries its origin, as the command line's JSON records do; one
    read as plain text has none."""
    message = (
        b"From: a@b.example\r\nSubject: see http://a.example/subject\r\nMessage-ID: <1@b.example>\r\n"
        b"MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n<a href=\"http://a.example/?a=1&amp;b=2\">the  page</a>\r\n"
    )
    header, link = urisift.extract(message)
    assert (header.origin.message, header.origin.message_id, header.origin.part) == (1, "1@b.example", "")
    assert (header.origin.found, header.origin.link_text) == ("header:Subject", None)
    assert (link.origin.part, link.origin.content_type, link.origin.found) == ("1", "text/html", "html:href")
    assert link.origin.link_text == "the page"
    d = link.as_dict()
    assert (d["message"], d["part"], d["found"], d["link_text"]) == (1, "1", "html:href", "the page")
    assert link.origin == list(urisift.extract(message))[1].origin != header.origin
    assert "html:href" in repr(link.origin)
    assert all(m.origin is None for m in urisift.extract(message, mail=False))


def test_mail_message_max():
    """A message longer than mail_message_max is read as plain text: the HTML link is no
    longer read through its part, and &amp; stays as written; in an mbox, the messages after it
    are read as mail."""
    message = (
        b"From: a@b.example\r\nSubject: x\r\nMIME-Version: 1.0\r\n"
        b"Content-Type: text/html\r\n\r\n<a href=\"http://a.example/?a=1&amp;b=2\">x</a>\r\n"
    )
    assert [m.uri for m in urisift.extract(message, mail_message_max=len(message))] == ["http://a.example/?a=1&b=2"]
    assert [m.uri for m in urisift.extract(message, mail_message_max=len(message) - 1)] == [
        "http://a.example/?a=1&amp;b=2"
    ]
    shards = [m.uri for m in urisift.extract_range(message, 0, 10, mail_message_max=16)]
    shards += [m.uri for m in urisift.extract_range(message, 10, len(message), mail_message_max=16)]
    assert shards == ["http://a.example/?a=1&amp;b=2"]
    with pytest.raises(ValueError):
        urisift.extract(message, mail_message_max=0)
    separator = b"From a@b.example Mon Jan  1 00:00:00 2001\r\n"
    padded = message + b"padding\r\n" * 20
    mbox = separator + padded + b"\r\n" + separator + message
    found = [(m.uri, m.origin and m.origin.message) for m in urisift.extract(mbox, mail_message_max=len(message) + 2)]
    assert found == [("http://a.example/?a=1&amp;b=2", None), ("http://a.example/?a=1&b=2", 2)]


def test_to_uri_of_a_uri_is_the_uri():
    (m,) = urisift.extract("see <http://a.example/x?y=1>")
    assert m.to_uri() == m.uri == "http://a.example/x?y=1"


def test_iris_by_default_and_strict_drops_them():
    # Issue 18: an IRI is reported as written, with character offsets in a `str`; `strict`
    # reads URIs only and drops, never cuts, what an IRI would hold.
    text = "見て https://ja.wikipedia.org/wiki/東京 と http://x.example/a?ids[]=1"
    found = list(urisift.extract(text))
    assert [(m.uri, m.span) for m in found] == [
        ("https://ja.wikipedia.org/wiki/東京", (3, 35)),
        ("http://x.example/a?ids[]=1", (38, 64)),
    ]
    assert list(urisift.extract(text, strict=True)) == []
    rejected = list(urisift.extract(text, strict=True, report_rejected=True))
    assert [type(r).__name__ for r in rejected] == ["Rejected", "Rejected"]
    assert list(urisift.extract_range(text.encode(), 0, 200, strict=True)) == []


def test_a_json_string_s_escapes_are_read_and_said():
    text = b'{"url":"https:\\/\\/t.example\\/a?b=1\\u0026c=2","plain":"https://t.example/d"}'
    found = list(urisift.extract(text))
    assert [m.uri for m in found] == ["https://t.example/a?b=1&c=2", "https://t.example/d"]
    assert [m.rewrite for m in found] == ["json-escapes", None]
    # The span holds the escaped source; the record says how it was read.
    assert text[found[0].span[0] : found[0].span[1]] == b"https:\\/\\/t.example\\/a?b=1\\u0026c=2"
    assert found[0].as_dict()["rewrite"] == "json-escapes" and "rewrite" not in found[1].as_dict()


def test_domain_and_flags():
    text = (
        "http://a.b.example.co.uk/ https://www.example.com.au/x http://www.paypal.com@evil.example/ "
        "http://www.xn--pypal-4ve.com/ http://p\u0430ypal.com/ https://example.com/ http://192.0.2.1/"
    )
    found = list(urisift.extract(text))
    assert [m.components.domain for m in found] == [
        "example.co.uk",
        "example.com.au",
        "evil.example",
        "xn--pypal-4ve.com",
        "xn--pypal-4ve.com",
        "example.com",
        None,
    ]
    assert [m.flags for m in found] == [
        [],
        [],
        ["userinfo"],
        ["punycode", "mixed-script", "confusable"],
        ["mixed-script", "confusable"],
        [],
        ["ip-host"],
    ]
    assert found[3].components.host_unicode == "www.p\u0430ypal.com"
    assert found[0].components.host_unicode is None
    assert found[2].as_dict()["flags"] == ["userinfo"]
    assert urisift.check("http://localhost/").domain is None


def test_nested_option():
    text = "go https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.google.com%2Furl%3Fq%3Dhttps%253A%252F%252Fevil.example%252Fx&data=1 now"
    assert len(list(urisift.extract(text))) == 1
    found = list(urisift.extract(text, nested=True))
    assert [(m.uri, m.outer, m.depth, m.delimiter) for m in found[1:]] == [
        ("https://www.google.com/url?q=https%3A%2F%2Fevil.example%2Fx", 0, 1, "nested"),
        ("https://evil.example/x", 1, 2, "nested"),
    ]
    assert found[0].outer is None and found[0].depth == 0
    assert "nested" in found[2].flags and "nested" not in found[0].flags
    # The span of the encoded value, inside the outer match's.
    start, end = found[1].span
    assert text[start:end].startswith("https%3A%2F%2Fwww.google.com") and end <= found[0].span[1]
    assert found[2].as_dict()["found"] == "nested" and found[2].as_dict()["outer"] == 1


def test_nested_matches_equal_the_command_line(corpus):
    paths = [p for p in corpus if p.suffix in (".log", ".eml")][:12]
    want = cli_json(paths, "--nested")
    assert any("outer" in r for rs in want.values() for r in rs)
    for path in paths:
        got = records(urisift.extract(path.read_bytes(), nested=True))
        assert got == want[str(path)], path
