"""check, resolve and normalize: the validating parser."""

import pytest

import urisift


def test_check_returns_components():
    c = urisift.check("http://user@[::1]:8080/p/a?q=1#f")
    assert c.as_dict() == {
        "scheme": "http",
        "authority": "user@[::1]:8080",
        "userinfo": "user",
        "host": "[::1]",
        "host_kind": "ipv6",
        "port": "8080",
        "path": "/p/a",
        "query": "q=1",
        "fragment": "f",
    }
    assert c.grammar == "rfc3986"
    relative = urisift.check("../up?")
    assert (relative.scheme, relative.authority, relative.path, relative.query) == (None, None, "../up", "")


def test_check_raises_uri_error_with_position():
    with pytest.raises(urisift.UriError) as raised:
        urisift.check("http://a/%zz")
    assert raised.value.index == 9
    assert raised.value.reason == "invalid percent-escape"
    assert str(raised.value) == "invalid percent-escape at byte 9"
    assert isinstance(raised.value, ValueError)


def test_check_grammars_differ():
    urisift.check("http://host/~user")
    with pytest.raises(urisift.UriError):
        urisift.check("http://host/~user", grammar="rfc1738")
    with pytest.raises(urisift.UriError):
        urisift.check("http://[::1]/", grammar="rfc2396")
    with pytest.raises(ValueError, match="unknown grammar"):
        urisift.check("http://a/", grammar="html")


def test_resolve_rfc3986_examples():
    base = "http://a/b/c/d;p?q"
    # RFC 3986 section 5.4.1 and 5.4.2.
    assert urisift.resolve(base, "g") == "http://a/b/c/g"
    assert urisift.resolve(base, "../g") == "http://a/b/g"
    assert urisift.resolve(base, "//g") == "http://g"
    assert urisift.resolve(base, "g?y/./x") == "http://a/b/c/g?y/./x"
    assert urisift.resolve(base, "../../../g") == "http://a/g"
    with pytest.raises(urisift.UriError):
        urisift.resolve("b/c", "g")  # the base must be absolute


def test_normalize():
    assert urisift.normalize("HTTP://Example.COM:80/%7euser/./a/../b") == "http://example.com/~user/b"
    with pytest.raises(urisift.UriError):
        urisift.normalize("http://a b/")


@pytest.mark.parametrize("fn", [urisift.check, urisift.normalize])
def test_wrong_types(fn):
    with pytest.raises(TypeError):
        fn(b"http://a/")
    with pytest.raises(TypeError):
        fn(None)
