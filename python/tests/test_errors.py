"""Bad input gives Python exceptions, never a crash; a read error comes after the matches
found before it."""

import io
import subprocess

import pytest
from conftest import cli_binary

import urisift


@pytest.mark.parametrize("data", [None, 42, 1.5, ["http://a.example/"], memoryview(b"x"), object()])
def test_wrong_types_raise_type_error(data):
    with pytest.raises(TypeError, match="expected bytes, bytearray, str or a binary file object"):
        urisift.extract(data)


def test_text_file_raises_type_error():
    with pytest.raises(TypeError, match="binary mode"):
        list(urisift.extract(io.StringIO("http://a.example/")))


def test_closed_file_raises_value_error(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"http://a.example/")
    f = open(path, "rb")
    f.close()
    with pytest.raises(ValueError, match="closed"):
        urisift.extract(f)


def test_file_closed_while_iterating_raises(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"http://a.example/ " * 100_000)
    f = open(path, "rb")
    matches = urisift.extract(f)
    assert next(matches).uri == "http://a.example/"
    f.close()
    with pytest.raises(ValueError, match="closed file"):
        for _ in matches:
            pass


class FailingReader:
    """Returns `data` in chunks of `step` bytes, then raises `error`."""

    def __init__(self, data, step, error):
        self.data, self.step, self.error, self.pos = data, step, error, 0

    def read(self, n):
        if self.pos >= len(self.data):
            raise self.error
        chunk = self.data[self.pos : self.pos + min(n, self.step)]
        self.pos += len(chunk)
        return chunk


def test_read_error_mid_stream_yields_the_matches_before_it_then_raises():
    data = b"".join(b"line %d http://a.example/%d\n" % (i, i) for i in range(2000))
    error = OSError(5, "disk on fire")
    matches = urisift.extract(FailingReader(data, 1000, error))
    found = []
    with pytest.raises(OSError) as raised:
        for m in matches:
            found.append(m.uri)
    assert raised.value is error  # the reader's own exception, not a wrapper
    # Every URI followed by a line break is complete before the error; the last one, at the
    # end of the data, may still be open when reading fails.
    assert found[:1999] == ["http://a.example/%d" % i for i in range(1999)]
    with pytest.raises(StopIteration):
        next(matches)


@pytest.mark.parametrize("error", [KeyboardInterrupt(), InterruptedError(4, "EINTR"), RuntimeError("x")])
def test_any_exception_from_read_is_raised_as_itself(error):
    matches = urisift.extract(FailingReader(b"http://a.example/ x", 5, error))
    with pytest.raises(type(error)) as raised:
        list(matches)
    assert raised.value is error


@pytest.mark.parametrize("returned", [None, "text", 12, bytearray(b"x")])
def test_read_returning_other_than_bytes_raises(returned):
    class Odd:
        def read(self, n):
            return returned

    with pytest.raises((TypeError, ValueError)):
        list(urisift.extract(Odd()))


def test_read_reentering_the_same_iterator_raises():
    class Reentrant:
        matches = None

        def read(self, n):
            next(self.matches)
            return b""

    reader = Reentrant()
    reader.matches = urisift.extract(reader)
    with pytest.raises(RuntimeError):
        list(reader.matches)


def test_bad_options():
    with pytest.raises(ValueError, match="unknown grammar"):
        urisift.extract(b"", grammar="rfc9999")
    with pytest.raises(ValueError, match="max_uri_len"):
        urisift.extract(b"", max_uri_len=8)
    with pytest.raises(ValueError, match="max_uri_len"):
        urisift.extract(b"", max_uri_len=(1 << 30) + 1)
    with pytest.raises(OverflowError):
        urisift.extract(b"", max_uri_len=-1)


def test_sizes_in_the_librarys_ranges():
    """The library's ranges, which the command line takes too (issue 37 item 8): a message
    bound of 2**40 was taken, and cut to 4 GiB by the library without a word."""
    for bad in [0, 2**32 - 1, 2**40]:
        with pytest.raises(ValueError, match=f"mail_message_max must be between 1 and 4294967294 bytes, got {bad}"):
            urisift.extract(b"", mail_message_max=bad)
        with pytest.raises(ValueError, match="mail_message_max"):
            urisift.extract_range(b"", 0, 0, mail_message_max=bad)
    for good in [1, 2**32 - 2]:
        assert list(urisift.extract(b"see http://a.example/", mail_message_max=good))[0].uri == "http://a.example/"
    for bad in [15, 2**30 + 1]:
        with pytest.raises(ValueError, match=f"max_uri_len must be between 16 and 1073741824 bytes, got {bad}"):
            urisift.extract(b"", max_uri_len=bad)
        with pytest.raises(ValueError, match="max_uri_len"):
            urisift.extract_range(b"", 0, 0, max_uri_len=bad)
    # The command line takes the same bounds and no other (exit 1: nothing found; 2: a usage
    # error).
    for option, size, status in [
        ("--mail-message-max", 1, 1),
        ("--mail-message-max", 2**32 - 2, 1),
        ("--mail-message-max", 0, 2),
        ("--mail-message-max", 2**32 - 1, 2),
        ("--mail-message-max", 2**40, 2),
        ("--max-uri-len", 16, 1),
        ("--max-uri-len", 2**30, 1),
        ("--max-uri-len", 15, 2),
        ("--max-uri-len", 2**30 + 1, 2),
    ]:
        run = subprocess.run([str(cli_binary()), option, str(size), "-"], input=b"", capture_output=True)
        assert run.returncode == status, (option, size, run.stderr)
    with pytest.raises(TypeError):
        urisift.extract(b"", abbreviated="yes")
    with pytest.raises(TypeError):
        urisift.extract(b"", grammar=3986)
    with pytest.raises(TypeError):
        urisift.extract(b"", "rfc3986")  # options are keyword-only


def test_bytes_that_are_not_utf8_or_ascii():
    data = bytes(range(256)) * 50 + b" http://a.example/ " + b"\xff\xfe\x00" * 1000
    assert [m.uri for m in urisift.extract(data)] == ["http://a.example/"]


def test_str_with_lone_surrogate_raises_unicode_error():
    with pytest.raises(UnicodeEncodeError):
        urisift.extract("http://a.example/ \ud800")


def test_iterators_at_any_heap_address_scan_safely():
    # Regression: the extractor was held inline in the Python object, whose storage is only
    # 16-byte aligned, while its SIMD searchers need 32; about every other iterator crashed.
    data = b"see <http://a.example/x> and mailto:b@example.org\n" * 50
    iterators = [urisift.extract(data if i % 2 else io.BytesIO(data)) for i in range(64)]
    for it in iterators:
        assert len(list(it)) == 100
