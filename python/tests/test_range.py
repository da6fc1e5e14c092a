"""extract_range(): the shards of any partition of an input, one after another, give exactly
the matches of extract() over the whole input (the same URIs, readings, spans, lines)."""

import io
import random

import pytest

import urisift

from conftest import corpus_files


def records(matches):
    return [m.as_dict() for m in matches]


def sharded(data, cuts, **options):
    bounds = [0, *sorted(c for c in cuts if 0 < c < len(data)), len(data)]
    out = []
    for start, end in zip(bounds, bounds[1:]):
        out.extend(records(urisift.extract_range(data, start, end, **options)))
    return out


# Plain text, and mail read as mail (a range owns the messages whose "From " line starts in it).
OPTION_SETS = [
    {"mail": False},
    {"max_uri_len": 64, "mail": False},
    {"abbreviated": True, "line_numbers": True, "max_uri_len": 300, "mail": False},
    {},
    {"line_numbers": True, "mail": True},
]


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_random_partitions_of_corpus_files_add_up_to_the_whole(path):
    data = path.read_bytes()
    rng = random.Random(path.name)
    for options in OPTION_SETS:
        whole = records(urisift.extract(data, **options))
        for pieces in (1, 5, 23):
            cuts = [rng.randrange(len(data) + 1) for _ in range(pieces)]
            assert sharded(data, cuts, **options) == whole, (path.name, options, cuts)


HARD = (
    b"Mail: <http://www-\n   diglib.stanford.edu/diglib/pub/> and <URL:ftp://a.example/\n  b/c> "
    b'"mailto:someone@example.org" ::::http://a.example/:: caf\xc3\xa9 see-\nhttp://a.example/b-\nc '
    b"Content-Transfer-Encoding: quoted-printable\n\nhref=3D\"http://a.example/a?b=3D=\nc\" ok\n"
)


def test_every_single_cut_of_hard_text():
    for options in OPTION_SETS:
        whole = records(urisift.extract(HARD, **options))
        assert whole
        for cut in range(len(HARD) + 1):
            assert sharded(HARD, [cut], **options) == whole, (options, cut)


def assert_one_character_ranges(text, whole):
    # A range of one character holds the match that starts there (outer span), if any.
    starts = {m["outer_start"]: m for m in whole}
    for at in range(len(text) + 1):
        want = [starts[at]] if at in starts else []
        assert records(urisift.extract_range(text, at, at + 1)) == want, at


def test_files_and_str_take_ranges_too():
    text = "caf\u00e9 <http://a.example/\n x> \u00fcber http://b.example/\u00e9 http://c.example/"
    whole = records(urisift.extract(text, mail=False))
    for cut in range(len(text) + 1):
        shards = records(urisift.extract_range(text, 0, cut)) + records(urisift.extract_range(text, cut, len(text)))
        assert shards == whole, cut
    assert_one_character_ranges(text, whole)
    data = HARD * 3
    whole = records(urisift.extract(data, mail=False))
    for cut in (0, 7, 100, len(data) // 2, len(data)):
        shards = records(urisift.extract_range(io.BytesIO(data), 0, cut))
        shards += records(urisift.extract_range(io.BytesIO(data), cut, len(data)))
        assert shards == whole, cut


def test_long_non_ascii_str_ranges_add_up_to_the_whole():
    # Character offsets far into a str of one- to four-byte characters: the byte offset of a
    # range's ends is found by counting characters in blocks, then one by one. Every cut, so
    # that each character is once the last one of a block.
    words = ["caf\u00e9", "\u4e2d\u6587", "\U0001f600", "http://a.example/\u00e9", "<http://b.example/\n x>", "plain"]
    rng = random.Random(21)
    text = " ".join(rng.choice(words) for _ in range(150))
    assert len(text.encode()) > 4 * 255
    whole = records(urisift.extract(text, mail=False))
    assert len(whole) > 30
    for cut in range(len(text) + 1):
        shards = records(urisift.extract_range(text, 0, cut)) + records(urisift.extract_range(text, cut, len(text)))
        assert shards == whole, cut
    assert_one_character_ranges(text, whole)


def test_an_ascii_str_takes_the_ranges_of_its_bytes():
    # A str of ASCII only is scanned as its bytes are: its offsets, in and past the text, are
    # the same.
    text = HARD.decode().replace("caf\u00e9", "cafe") * 2
    assert text.isascii()
    data = text.encode()
    for start, end in ((0, len(text)), (0, 40), (40, 300), (300, len(text) + 1000), (len(text), 10**12), (10**9, 10**12)):
        assert records(urisift.extract_range(text, start, end)) == records(urisift.extract_range(data, start, end))
    assert records(urisift.extract_range(text, 0, 10**12)) == records(urisift.extract(text, mail=False))


def test_bad_ranges_and_unseekable_files_raise():
    with pytest.raises(ValueError, match="ends before it starts"):
        urisift.extract_range(b"http://a.example/", 10, 2)
    with pytest.raises(TypeError):
        urisift.extract_range(b"x", "0", 1)

    class NoSeek(io.RawIOBase):
        def readable(self):
            return True

        def readinto(self, b):
            return 0

    with pytest.raises(OSError):
        list(urisift.extract_range(NoSeek(), 5, 10))
    assert list(urisift.extract_range(b"http://a.example/", 100, 200)) == []
