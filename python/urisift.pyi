"""Find URIs in free text by RFC 2396 Appendix E, and validate them.

Type stubs of the extension module; the manual is python/README.md.
"""

from typing import BinaryIO, Generic, Iterator, List, Literal, Optional, Protocol, Tuple, TypeVar, Union, final, overload

__version__: str
__all__ = [
    "Components",
    "Match",
    "Matches",
    "Rejected",
    "UriError",
    "check",
    "extract",
    "extract_range",
    "normalize",
    "resolve",
    "__version__",
]

_GrammarName = Literal["rfc3986", "rfc2396", "rfc1738"]
_Flag = Literal[
    "punycode", "mixed-script", "confusable", "userinfo", "ip-host", "numeric-ip", "nested", "refanged"
]
_Span = Tuple[int, int]
_Data = Union[bytes, bytearray, str, BinaryIO, "_Readable"]
_T = TypeVar("_T", covariant=True)

class _Readable(Protocol):
    def read(self, n: int, /) -> bytes: ...

@final
class Components:
    """The components of a valid URI reference, as written: None when undefined (no
    separator), "" when empty."""

    @property
    def scheme(self) -> Optional[str]: ...
    @property
    def authority(self) -> Optional[str]: ...
    @property
    def userinfo(self) -> Optional[str]: ...
    @property
    def host(self) -> Optional[str]:
        """An IP literal keeps its brackets."""
    @property
    def host_kind(self) -> Optional[Literal["reg-name", "ipv4", "ipv6", "ipvfuture"]]: ...
    @property
    def port(self) -> Optional[str]: ...
    @property
    def path(self) -> str: ...
    @property
    def query(self) -> Optional[str]: ...
    @property
    def fragment(self) -> Optional[str]: ...
    @property
    def grammar(self) -> _GrammarName: ...
    @property
    def domain(self) -> Optional[str]:
        """The host's registrable domain by the public suffix list (example.co.uk of a.b.example.co.uk), in IDNA A-labels; None for an IP host, a host of one label, a public suffix, or no host."""
    @property
    def host_unicode(self) -> Optional[str]:
        """The Unicode form of a host with an IDNA A-label (xn--); else None."""
    def as_dict(self) -> dict[str, Optional[str]]: ...

@final
class Match:
    """A URI found in the text. Spans are byte offsets into the input, or character offsets
    when the input is a str (so that text[start:end] is the URI's source)."""

    @property
    def uri(self) -> str:
        """The URI as extracted: wrapper removed, white space inside <...> removed."""
    def to_uri(self) -> str:
        """The URI this match maps to (RFC 3987 §3.1): an IRI's host in IDNA A-labels, its other characters outside ASCII percent-encoded as UTF-8; a URI (ASCII) as it is."""
    @property
    def readings(self) -> List[str]:
        """Every valid reading: one, or two after a line break right after a hyphen."""
    @property
    def span(self) -> _Span:
        """(start, end) of the URI text, without its wrapper."""
    @property
    def outer_span(self) -> _Span:
        """(start, end) including the wrapper (<URL: ... >, quotes, brackets)."""
    @property
    def pieces(self) -> List[_Span]:
        """The source ranges the URI was joined from, in order."""
    @property
    def delimiter(
        self,
    ) -> Literal[
        "angle", "angle-url-prefix", "url-prefix", "quoted", "bracketed", "braced", "bare", "html-attribute", "nested"
    ]: ...
    @property
    def scheme(self) -> str:
        """As written; empty for an abbreviated www. URL."""
    @property
    def components(self) -> Components: ...
    @property
    def flags(self) -> List[_Flag]:
        """What a reader deciding whether to trust the link should know; [] when nothing applies."""
    @property
    def outer(self) -> Optional[int]:
        """With nested=True, for a URI found inside another: that match's index among the iterator's matches, from 0; else None."""
    @property
    def depth(self) -> int:
        """How deep the URI is nested: 0 for a match of the text, 1 inside one, up to 4."""
    @property
    def line(self) -> Optional[int]:
        """The 1-based line of the URI's first byte, with line_numbers=True; else None."""
    @property
    def abbreviated(self) -> bool: ...
    @property
    def quoted_printable(self) -> bool: ...
    @property
    def rewrite(self) -> Optional[Literal["json-escapes", "refanged", "resolved"]]:
        """How the URI was rewritten from its source (a JSON string's escapes decoded, refanged, an
        HTML link's relative reference resolved against its page's base); else None."""
    @property
    def grammar(self) -> _GrammarName: ...
    @property
    def origin(self) -> Optional["Origin"]:
        """Where in a message, archive record or page it was found, when the input was read as
        mail, a WARC/WET archive or a web page; else None."""
    def as_dict(self) -> dict[str, object]:
        """The keys of the command line's --json record, without "file"."""
    def __hash__(self) -> int: ...

@final
class Origin:
    """Where in a message a match was found: the keys of the command line's JSON records."""

    @property
    def message(self) -> int:
        """The message's number in the input, from 1."""
    @property
    def message_id(self) -> Optional[str]: ...
    @property
    def part(self) -> str:
        """The MIME part number: "" for the message's own header, "1", "2.1", ..."""
    @property
    def content_type(self) -> str: ...
    @property
    def found(self) -> str:
        """Where in the part: `header:NAME`, `body`, `preamble`, `epilogue`, `html:text`,
        `html:ATTRIBUTE` (`html:href`, `html:src`, `html:action`), `http-header:NAME`, or `nested`
        (inside the URI of the match Match.outer, with nested=True)."""
    @property
    def link_text(self) -> Optional[str]: ...
    @property
    def is_web(self) -> bool:
        """Whether it was found in a web archive's record or a saved web page."""
    @property
    def record(self) -> Optional[str]:
        """The record's WARC-Record-ID as written (`<urn:uuid:...>`); None outside an archive."""
    @property
    def target_uri(self) -> Optional[str]:
        """The record's WARC-Target-URI, the page it was found in; None outside an archive."""
    def __hash__(self) -> int: ...

@final
class Rejected:
    """A candidate the validating parser rejected (only with report_rejected=True)."""

    @property
    def text(self) -> str: ...
    @property
    def span(self) -> _Span: ...
    @property
    def outer_span(self) -> _Span: ...
    @property
    def delimiter(self) -> str: ...
    @property
    def error(self) -> str: ...
    @property
    def error_index(self) -> int:
        """The byte offset into text where the parser found the problem."""

@final
@final
class Matches(Iterator[_T], Generic[_T]):
    """The iterator extract returns. The input is scanned in batches with the GIL released;
    a file object's read() is called with the GIL held. A read error is raised after every
    match found before it."""

    def __iter__(self) -> "Matches[_T]": ...
    def __next__(self) -> _T: ...
    @property
    def overlong(self) -> int:
        """How many candidates so far were longer than max_uri_len and skipped."""

class UriError(ValueError):
    """Not a valid URI (reference) under the grammar."""

    index: int
    reason: str

@overload
def extract(
    data: _Data,
    *,
    grammar: _GrammarName = "rfc3986",
    strict: bool = False,
    max_uri_len: int = 65536,
    abbreviated: bool = False,
    report_rejected: Literal[False] = False,
    quoted_printable: bool = False,
    line_numbers: bool = False,
    mail: Optional[bool] = None,
    mail_message_max: int = 67108864,
    nested: bool = False,
    warc: Optional[bool] = None,
    html: Optional[bool] = None,
    relative: bool = False,
    refang: bool = False,
    numeric_hosts: bool = False,
) -> Matches[Match]: ...
@overload
def extract(
    data: _Data,
    *,
    grammar: _GrammarName = "rfc3986",
    strict: bool = False,
    max_uri_len: int = 65536,
    abbreviated: bool = False,
    report_rejected: bool,
    quoted_printable: bool = False,
    line_numbers: bool = False,
    mail: Optional[bool] = None,
    mail_message_max: int = 67108864,
    nested: bool = False,
    warc: Optional[bool] = None,
    html: Optional[bool] = None,
    relative: bool = False,
    refang: bool = False,
    numeric_hosts: bool = False,
) -> Matches[Union[Match, Rejected]]:
    """The URIs in data, in input order (Rejected objects too with report_rejected=True).

    Mail is read a message at a time; a message longer than mail_message_max bytes is read as
    plain text, and the messages after it as mail. warc and html are --warc/--no-warc and
    --html/--no-html (None: when the input starts as a WARC/WET archive or a page); a gzipped
    archive is read through a decompressing file object (gzip.open). relative=True is
    --relative: an archive's pages give their relative links too, resolved against the page's
    <base href> or the record's WARC-Target-URI (Match.rewrite "resolved", the span the value
    as written); off, only absolute links, as in mail. refang=True is --refang (defanged
    indicators refanged, Match.rewrite "refanged"); numeric_hosts=True reports hosts that
    browsers read as IPv4 addresses (http://3232235777/, flag "numeric-ip"). Raises TypeError for other types of data,
    ValueError for a closed file, an unknown grammar, max_uri_len outside 16..2**30 or
    mail_message_max outside 1..2**32 - 2 (the library's ranges, which the command line takes
    too); an exception raised by data.read() is raised by the iterator after the matches found
    before it.
    """

def extract_range(
    data: _Data,
    start: int,
    end: int,
    *,
    grammar: _GrammarName = "rfc3986",
    strict: bool = False,
    max_uri_len: int = 65536,
    abbreviated: bool = False,
    report_rejected: bool = False,
    quoted_printable: bool = False,
    line_numbers: bool = False,
    mail: Optional[bool] = None,
    mail_message_max: int = 67108864,
    nested: bool = False,
    warc: Optional[bool] = None,
    html: Optional[bool] = None,
    relative: bool = False,
    refang: bool = False,
    numeric_hosts: bool = False,
) -> Matches[Union[Match, Rejected]]:
    """The matches of extract(data) whose outer span (wrapper included) starts in start..end,
    with the offsets of the whole input: for any partition of an input into ranges, the
    ranges' matches, one after another, are exactly the matches of extract(data) (the same
    URIs, readings, spans and line numbers). Offsets are bytes (characters for a str). The
    text around the range is read as the scan needs it; a file object must be able to seek
    (offsets from its start), or the iterator's creation raises its error. Raises ValueError
    when end < start. Of data read as mail, a range owns the messages whose mbox "From " line
    starts in it (reading the messages before it at the speed of a search for those lines)."""

def check(uri: str, grammar: _GrammarName = "rfc3986") -> Components:
    """The components of uri if it is a valid URI reference under grammar; raises UriError."""

def resolve(base: str, reference: str) -> str:
    """reference resolved against the absolute URI base (RFC 3986 section 5.2); raises UriError."""

def normalize(uri: str, grammar: _GrammarName = "rfc3986") -> str:
    """The normal form of uri (RFC 3986 section 6.2.2-6.2.3; URNs by RFC 8141); raises UriError."""
