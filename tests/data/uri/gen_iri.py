#!/usr/bin/env python3
"""The IRI conformance cases (`iri.jsonl`), written from RFC 3987 alone.

Authoring aid, like gen_cases.py: `iri.jsonl` is the source of truth. Each case is checked here
against a regular expression transcribed from the ABNF of RFC 3987 §2.2 (IRI-reference), its
components are computed with the regular expression of RFC 3986 Appendix B (which RFC 3987 §2.2
keeps: "the grammar closely follows the URI grammar"), and every `error_index` is checked to
point at a character the grammar does not allow there. Scheme rules (RFC 3987 §3.1: "checked
against the scheme-specific restrictions" of the mapped URI) are marked per case.

Run from anywhere: python3 tests/data/uri/gen_iri.py
"""

import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "iri.jsonl"

# --- RFC 3987 §2.2, transcribed -----------------------------------------------------------------
UCSCHAR = ("\u00a0-\ud7ff\uf900-\ufdcf\ufdf0-\uffef"
           + "".join(f"{chr(p * 0x10000)}-{chr(p * 0x10000 + 0xfffd)}" for p in range(1, 14))
           + "\U000e1000-\U000efffd")
IPRIVATE = "\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd"
IUNRESERVED = f"[A-Za-z0-9\\-._~{UCSCHAR}]"
PCT = "%[0-9A-Fa-f]{2}"
SUB = "[!$&'()*+,;=]"
IPCHAR = f"(?:{IUNRESERVED}|{PCT}|{SUB}|[:@])"
DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
IPV4 = f"{DEC_OCTET}\\.{DEC_OCTET}\\.{DEC_OCTET}\\.{DEC_OCTET}"
H16 = "[0-9A-Fa-f]{1,4}"
LS32 = f"(?:{H16}:{H16}|{IPV4})"
IPV6 = "(?:" + "|".join([
    f"(?:{H16}:){{6}}{LS32}",
    f"::(?:{H16}:){{5}}{LS32}",
    f"(?:{H16})?::(?:{H16}:){{4}}{LS32}",
    f"(?:(?:{H16}:){{0,1}}{H16})?::(?:{H16}:){{3}}{LS32}",
    f"(?:(?:{H16}:){{0,2}}{H16})?::(?:{H16}:){{2}}{LS32}",
    f"(?:(?:{H16}:){{0,3}}{H16})?::{H16}:{LS32}",
    f"(?:(?:{H16}:){{0,4}}{H16})?::{LS32}",
    f"(?:(?:{H16}:){{0,5}}{H16})?::{H16}",
    f"(?:(?:{H16}:){{0,6}}{H16})?::",
]) + ")"
IPVFUTURE = f"[vV][0-9A-Fa-f]+\\.(?:[A-Za-z0-9\\-._~]|{SUB}|:)+"
IP_LITERAL = f"\\[(?:{IPV6}|{IPVFUTURE})\\]"
IREG_NAME = f"(?:{IUNRESERVED}|{PCT}|{SUB})*"
IHOST = f"(?:{IP_LITERAL}|{IPV4}|{IREG_NAME})"
IUSERINFO = f"(?:{IUNRESERVED}|{PCT}|{SUB}|:)*"
IAUTHORITY = f"(?:{IUSERINFO}@)?{IHOST}(?::[0-9]*)?"
ISEGMENT = f"{IPCHAR}*"
ISEGMENT_NZ = f"{IPCHAR}+"
ISEGMENT_NZ_NC = f"(?:{IUNRESERVED}|{PCT}|{SUB}|@)+"
IPATH_ABEMPTY = f"(?:/{ISEGMENT})*"
IPATH_ABSOLUTE = f"/(?:{ISEGMENT_NZ}(?:/{ISEGMENT})*)?"
IPATH_NOSCHEME = f"{ISEGMENT_NZ_NC}(?:/{ISEGMENT})*"
IPATH_ROOTLESS = f"{ISEGMENT_NZ}(?:/{ISEGMENT})*"
IQUERY = f"(?:{IPCHAR}|[{IPRIVATE}]|[/?])*"
IFRAGMENT = f"(?:{IPCHAR}|[/?])*"
SCHEME = "[A-Za-z][A-Za-z0-9+\\-.]*"
IHIER = f"(?://{IAUTHORITY}{IPATH_ABEMPTY}|{IPATH_ABSOLUTE}|{IPATH_ROOTLESS}|)"
IRI = f"{SCHEME}:{IHIER}(?:\\?{IQUERY})?(?:#{IFRAGMENT})?"
IRELATIVE = f"(?://{IAUTHORITY}{IPATH_ABEMPTY}|{IPATH_ABSOLUTE}|{IPATH_NOSCHEME}|)(?:\\?{IQUERY})?(?:#{IFRAGMENT})?"
IRI_REFERENCE = re.compile(f"(?:{IRI}|{IRELATIVE})", re.DOTALL)

APPENDIX_B = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$", re.DOTALL)
SERVER_BASED = {"http", "https", "ftp", "ws", "wss"}


def components(s):
    m = APPENDIX_B.match(s)
    scheme, authority, path, query, fragment = m.group(2), m.group(4), m.group(5), m.group(7), m.group(9)
    userinfo = host = kind = port = None
    if authority is not None:
        rest = authority
        if "@" in rest:
            userinfo, rest = rest.split("@", 1)
        if rest.startswith("["):
            end = rest.index("]") + 1
            host, tail = rest[:end], rest[end:]
            kind = "ipvfuture" if host[1:2] in ("v", "V") else "ipv6"
        else:
            host, _, tail = rest.partition(":")
            tail = ":" + tail if ":" in rest else ""
            kind = "ipv4" if re.fullmatch(IPV4, host) else "reg-name"
        port = tail[1:] if tail.startswith(":") else None
    return {"scheme": scheme, "authority": authority, "userinfo": userinfo, "host": host,
            "host_kind": kind, "port": port, "path": path, "query": query, "fragment": fragment,
            "urn": None}


CASES = []


def V(s, why, urn=None):
    """A valid IRI reference."""
    assert IRI_REFERENCE.fullmatch(s), f"not an IRI-reference by RFC 3987 §2.2: {s!r}"
    c = components(s)
    if c["scheme"] and c["scheme"].lower() in SERVER_BASED:
        assert c["host"], f"{s!r}: a server-based scheme needs a host"
    if urn:
        c["urn"] = urn
    CASES.append({"grammar": "rfc3987", "input": s, "valid": True, **c, "why": why})


def X(s, why, at=None, scheme_rule=False):
    """An invalid one; `at` is the character index of the first offending character, or None
    when the generic syntax accepts it and a scheme rule (on the mapped URI) does not."""
    generic = bool(IRI_REFERENCE.fullmatch(s))
    assert generic == scheme_rule, f"{s!r}: generic syntax says {generic}, scheme_rule={scheme_rule}"
    case = {"grammar": "rfc3987", "input": s, "valid": False, "why": why}
    if at is not None:
        # What the index points at is a character outside ASCII, or one of the ASCII ones the
        # cases use to break the grammar (a space, "<", a "%" that starts no escape).
        assert not s[at].isascii() or s[at] in " <%", f"{s!r}: index {at} is {s[at]!r}"
        case["error_index"] = len(s[:at].encode())
    CASES.append(case)


# --- valid --------------------------------------------------------------------------------------
V("http://r\u00e9sum\u00e9.example.org", "RFC 3987 §3.1 example: ucschar in ireg-name")
V("http://www.example.org/red%09ros\u00e9#red", "RFC 3987 §3.1 example: ucschar in a path segment beside an escape")
V("http://example.com/\U00010300\U00010301\U00010302", "RFC 3987 §3.1 example: characters outside the BMP (%x10000-1FFFD)")
V("http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00e9sum\u00e9.example.org", "RFC 3987 §3.1 example: ucschar in the iquery")
V("http://www.example.org/r\u00e9sum\u00e9.html", "RFC 3987 §5.3.2.2 example (NFC)")
V("http://www.example.org/re\u0301sume\u0301.html", "RFC 3987 §5.3.2.2 example: not NFC, still an IRI (U+0301 is ucschar)")
V("example://a/b/c/%7Bfoo%7D/ros\u00e9", "RFC 3987 §5.3.2 example")
V("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "RFC 3987 §5.3.2 example (ASCII: a URI is an IRI)")
V("http://xn--rsum-bpad.example.org", "RFC 3987 §3.1 example: the A-label form")
V("http://\u4f8b\u3048.\u30c6\u30b9\u30c8/", "ireg-name of ucschar (CJK, %xA0-D7FF)")
V("https://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/\u043f\u0443\u0442\u044c", "ireg-name and isegment of Cyrillic ucschar")
V("http://\u00fc@b\u00fccher.example:8080/p", "iuserinfo = *( iunreserved / pct-encoded / sub-delims / \":\" ), port = *DIGIT")
V("x:\u00e9", "ipath-rootless: isegment-nz of ucschar")
V("x:/\u00e9/\u00e8", "ipath-absolute")
V("\u00e9t\u00e9", "irelative-ref, ipath-noscheme: isegment-nz-nc of ucschar")
V("\u00e9t\u00e9/a:b", "ipath-noscheme: a ':' is allowed after the first segment")
V("./\u00e9:x", "ipath-noscheme via './': the ':' is in the second segment")
V("//h\u00f4te/p", "irelative-part = \"//\" iauthority ipath-abempty")
V("?\u00e9", "irelative-ref with only an iquery")
V("#\u00e9", "irelative-ref with only an ifragment")
V("x:?\ue000", "iprivate in iquery (%xE000-F8FF)")
V("x:?\U000f0000\U0010fffd", "iprivate in iquery (%xF0000-FFFFD, %x100000-10FFFD)")
V("x:?a=\ue000#f", "iprivate in the iquery, before the ifragment")
V("x:/\u00a0", "U+00A0, the first ucschar")
V("x:/\ud7ff", "U+D7FF, the end of the first ucschar range")
V("x:/\uf900", "U+F900, start of the second ucschar range")
V("x:/\ufdcf", "U+FDCF, end of the second ucschar range")
V("x:/\ufdf0", "U+FDF0, start of the third ucschar range")
V("x:/\uffef", "U+FFEF, end of the third ucschar range")
V("x:/\U0001fffd", "U+1FFFD, end of %x10000-1FFFD")
V("x:/\U000dfffd", "U+DFFFD, end of %xD0000-DFFFD")
V("x:/\U000e1000", "U+E1000, start of %xE1000-EFFFD")
V("x:/\U000efffd", "U+EFFFD, end of %xE1000-EFFFD")
V("x://[::1]/\u00e9", "IP-literal host, ucschar in the path")
V("x://192.0.2.1/\u00e9", "IPv4address host, ucschar in the path")
V("x://1.2.3.\u00e9/", "not an IPv4address: the whole host is an ireg-name (first-match-wins)")
V("x://\u00e9:/", "an empty port (port = *DIGIT)")
V("x://\u00e9%C3%A9/", "ireg-name mixes ucschar and pct-encoded")
V("x://a!$&'()*+,;=\u00e9/", "ireg-name: sub-delims and ucschar")
V("x:\u00e9@\u00e9", "ipchar allows '@'")
V("x:/\u2603", "U+2603 SNOWMAN is ucschar: the grammar does not restrict to letters")
V("x:/\u200f", "U+200F RIGHT-TO-LEFT MARK is ucschar in the ABNF; §4.1 forbids bidi formatting characters "
  "(\"MUST NOT\") but that is a rule of use, not of the grammar")
V("mailto:jos\u00e9@example.org", "mailto: scheme rules on the mapped URI mailto:jos%C3%A9@example.org (RFC 3987 §3.1; RFC 6068 §2)")
V("mailto:user@\u4f8b\u3048.\u30c6\u30b9\u30c8", "mailto with an internationalized domain, as mapped URI (RFC 6068 §2 allows pct-encoded domains)")
V("news:comp.\u00fc", "news: group chars plus pct-encoded in the mapped URI news:comp.%C3%BC (RFC 5538 §4)")
V("http://example.com/%E2%82%AC\u20ac", "the same character escaped and not: both are allowed")
V("HTTP://B\u00dcCHER.example/", "case is not a matter of syntax")
V("ftp://\u00e9.example/f;type=a", "ftp ;type= rule on the mapped URI")
V("urn:example:\u00e9", "urn: RFC 8141 on the mapped URI urn:example:%C3%A9 (NSS = pchar, pct-encoded "
  "allowed); the URN view's parts are where the mapped URI has them", urn={"nid": "example", "nss": "\u00e9", "query": None, "fragment": None})
V("urn:example:a\u00e9?+r\u00e9?=q#f\u00e9", "urn with r-, q- and f-components holding ucschar (RFC 8141 §2 on the mapped URI)",
  urn={"nid": "example", "nss": "a\u00e9", "query": "+r\u00e9?=q", "fragment": "f\u00e9"})

# --- invalid ------------------------------------------------------------------------------------
X("x:/\u0085", "U+0085 (C1 control) is neither ucschar nor iprivate", 3)
X("x:/\u009f", "U+009F is below %xA0", 3)
X("x:/\ufdd0", "U+FDD0 lies between %xF900-FDCF and %xFDF0-FFEF (noncharacters)", 3)
X("x:/\ufdef", "U+FDEF, the last noncharacter of that gap", 3)
X("x:/\ufff0", "U+FFF0 is above %xFDF0-FFEF", 3)
X("x:?\ufffe", "U+FFFE is no ucschar or iprivate, even in the query", 3)
X("x:/\U0001fffe", "U+1FFFE is outside %x10000-1FFFD", 3)
X("x:/\U000e0001", "U+E0001 (plane 14 below %xE1000) is outside ucschar", 3)
X("x:/\U000efffe", "U+EFFFE is outside %xE1000-EFFFD", 3)
X("x:/\ue000", "iprivate is allowed in iquery only (RFC 3987 §2.2)", 3)
X("x:\ue000", "iprivate in ipath-rootless", 2)
X("x:#\ue000", "iprivate in ifragment: ifragment = *( ipchar / \"/\" / \"?\" ), no iprivate", 3)
X("x:?a#\U00100000", "iprivate after '#' is in the ifragment", 5)
X("x://\ue000/", "iprivate in ireg-name", 4)
X("x://\ue000@h/", "iprivate in iuserinfo", 4)
X("h\u00e9:x", "scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ): ASCII only, and a first segment "
  "with ':' is no ipath-noscheme", 1)
X("\u00e9:x", "Appendix B reads a scheme before ':'; no scheme starts with a non-ASCII letter, and "
  "ipath-noscheme has no ':' in its first segment", 0)
X("x://h:8\u00e9/", "port = *DIGIT", 7)
X("x://h:\u0668/", "port = *DIGIT, ASCII digits only (U+0668 is an Arabic-Indic digit)", 6)
X("x://[::\u00e9]/", "IPv6address is ASCII hex and ':'", 7)
X("x://[v1.\u00e9]/", "IPvFuture keeps RFC 3986's unreserved: \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", 8)
X("x://[\u00e9]/", "an IP-literal holds no ucschar", 5)
X("x://[::1]\u00e9/", "after an IP-literal only \":\" port may follow in the iauthority", 9)
X("http://\u00e9 \u00e9/", "space is not allowed in IRIs either", 8)
X("x:/\u00e9<", "'<' is not allowed in IRIs either", 4)
X("x:/\u00e9%", "pct-encoded = \"%\" HEXDIG HEXDIG", 4)
X("x:/%\u00e9\u00e9", "pct-encoded: HEXDIG is ASCII", 3)
X("http://\u00e9@/", "http needs a non-empty host (scheme rule on the mapped URI)", None, True)
X("http:\u00e9", "http needs an authority (scheme rule on the mapped URI)", None, True)
X("mailto:\u00e9", "mailto needs local@domain (RFC 6068 §2, on the mapped URI mailto:%C3%A9)", None, True)
X("urn:\u00e9:x", "RFC 8141 §2: NID = (alphanum) 0*30(ldh) (alphanum), ASCII (on the mapped URI urn:%C3%A9:x)", None, True)
X("nntp://h/\u00fc/\u00e9", "nntp article-number = 1*16DIGIT (RFC 5538 §3, on the mapped URI)", None, True)

CASES.sort(key=lambda c: (not c["valid"], c["input"]))
OUT.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in CASES), encoding="utf-8")
print(f"{OUT.name}: {sum(c['valid'] for c in CASES)} valid, {sum(not c['valid'] for c in CASES)} invalid", file=sys.stderr)
