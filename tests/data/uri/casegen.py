#!/usr/bin/env python3
"""Helpers of gen_cases.py (the authoring aid for the URI conformance set in this directory).

The `.jsonl` files are the source of truth; this script is how they were written, kept so that a
reviewer can see every case with its reason in one place. Each case below was decided by hand from
the specification texts (RFC 3986, the RFC 2396 draft seed 000, RFC 1738, RFC 8141, the URN draft
seed 003, RFC 5538, RFC 6068, RFC 2373/4291). The script only expands a valid case into its
components with the regular expression of RFC 3986 Appendix B (the spec's own component oracle,
identical to seed 000 Appendix B) and the authority split that the grammars fix (at most one "@";
the host ends at the first ":" unless it is an IP literal), and it checks each case against a
regular expression built from RFC 3986 Appendix A so that a slip of mine shows at once.

"""

import json
import re
import sys
from collections import OrderedDict
from pathlib import Path

G3, G2, G1 = "rfc3986", "rfc2396", "rfc1738"
ALL = (G3, G2, G1)
OLD = (G2, G1)
AUTO = object()

HERE = Path(__file__).resolve().parent

# ---------------------------------------------------------------------------------------------
# Oracles used while expanding and checking cases
# ---------------------------------------------------------------------------------------------

# RFC 3986 Appendix B / seed 000 Appendix B.
RE_B = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$", re.S)

DEC_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
IPV4_3986 = rf"{DEC_OCTET}\.{DEC_OCTET}\.{DEC_OCTET}\.{DEC_OCTET}"
IPV4_OLD = r"[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+"  # seed 000 App. A and RFC 1738 hostnumber

# RFC 3986 Appendix A, transcribed rule by rule.
UNRES = r"[A-Za-z0-9\-._~]"
PCT = r"%[0-9A-Fa-f]{2}"
SUB = r"[!$&'()*+,;=]"
PCHAR = rf"(?:{UNRES}|{PCT}|{SUB}|[:@])"
H16 = r"[0-9A-Fa-f]{1,4}"
LS32 = rf"(?:{H16}:{H16}|{IPV4_3986})"
IPV6 = "(?:" + "|".join([
    rf"(?:{H16}:){{6}}{LS32}",
    rf"::(?:{H16}:){{5}}{LS32}",
    rf"(?:{H16})?::(?:{H16}:){{4}}{LS32}",
    rf"(?:(?:{H16}:){{0,1}}{H16})?::(?:{H16}:){{3}}{LS32}",
    rf"(?:(?:{H16}:){{0,2}}{H16})?::(?:{H16}:){{2}}{LS32}",
    rf"(?:(?:{H16}:){{0,3}}{H16})?::{H16}:{LS32}",
    rf"(?:(?:{H16}:){{0,4}}{H16})?::{LS32}",
    rf"(?:(?:{H16}:){{0,5}}{H16})?::{H16}",
    rf"(?:(?:{H16}:){{0,6}}{H16})?::",
]) + ")"
IPVFUTURE = rf"[vV][0-9A-Fa-f]+\.(?:{UNRES}|{SUB}|:)+"
HOST = rf"(?:\[(?:{IPV6}|{IPVFUTURE})\]|{IPV4_3986}|(?:{UNRES}|{PCT}|{SUB})*)"
AUTHORITY = rf"(?:(?:{UNRES}|{PCT}|{SUB}|:)*@)?{HOST}(?::[0-9]*)?"
SEGMENT = rf"{PCHAR}*"
PATH_ABEMPTY = rf"(?:/{SEGMENT})*"
PATH_ABSOLUTE = rf"/(?:{PCHAR}+(?:/{SEGMENT})*)?"
PATH_ROOTLESS = rf"{PCHAR}+(?:/{SEGMENT})*"
PATH_NOSCHEME = rf"(?:{UNRES}|{PCT}|{SUB}|@)+(?:/{SEGMENT})*"
QUERY = rf"(?:{PCHAR}|[/?])*"
TAIL = rf"(?:\?{QUERY})?(?:#{QUERY})?"
URI_3986 = re.compile(
    rf"[A-Za-z][A-Za-z0-9+\-.]*:(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_ROOTLESS}|){TAIL}", re.S)
REL_3986 = re.compile(rf"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_NOSCHEME}|){TAIL}", re.S)
IPV6_RE = re.compile(IPV6)


def generic_3986(s):
    """RFC 3986 URI-reference, generic syntax only (no scheme or URN rules)."""
    return bool(URI_3986.fullmatch(s) or REL_3986.fullmatch(s))


# Seed 000, the most permissive literal reading at character level: every valid reference passes
# this (it unites server and registry authority characters), so a case I call valid that fails it
# is a slip.
S_UNRES = r"[A-Za-z0-9$\-_.!~*'(),]"
S_ESC = r"%[0-9A-Fa-f]{2}"
S_URIC = rf"(?:{S_UNRES}|{S_ESC}|[;/?:@&=+])"
SEED_SITE = re.compile(rf"(?:{S_UNRES}|{S_ESC}|[;:@&=+])*")
SEED_PATH = re.compile(rf"(?:{S_UNRES}|{S_ESC}|[;/:@&=+])*")
SEED_URICS = re.compile(rf"{S_URIC}*")


def chars_2396(s):
    m = RE_B.match(s)
    if m.group(2) is not None and not re.fullmatch(r"[A-Za-z0-9+\-.]+", m.group(2)):
        return False
    if m.group(4) is not None and not SEED_SITE.fullmatch(m.group(4)):
        return False
    if not SEED_PATH.fullmatch(m.group(5)):
        return False
    for g in (7, 9):
        if m.group(g) is not None and not SEED_URICS.fullmatch(m.group(g)):
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Case construction
# ---------------------------------------------------------------------------------------------

THEMES = OrderedDict((t, []) for t in ["examples", "generic", "host", "schemes", "urn"])
DEBATABLE = []
SEEN = {}
REVIEW = []


def grammars(g):
    return (g,) if isinstance(g, str) else tuple(g)


def why_for(why, g):
    if isinstance(why, dict):
        return why[g]
    return why


def host_kind_auto(g, host):
    if host is None:
        return None
    if g == G3:
        if host[:2] in ("[v", "[V"):
            return "ipvfuture"
        if host.startswith("["):
            return "ipv6"
        if re.fullmatch(IPV4_3986, host):
            return "ipv4"
        return "reg-name"
    if re.fullmatch(IPV4_OLD, host):
        return "ipv4"
    return "reg-name"


def components(g, inp, kind, over):
    m = RE_B.match(inp)
    scheme, authority, path, query, fragment = m.group(2), m.group(4), m.group(5), m.group(7), m.group(9)
    userinfo = host = port = None
    if kind == "registry":
        # A registry-based naming authority (seed 000 `authority`, RFC 2396 `reg_name`): not split
        # into userinfo, host and port; reported whole as a registered name.
        host, kind = authority, "reg-name"
    elif authority is not None:
        hostport = authority
        if "@" in authority:
            assert authority.count("@") == 1, inp
            userinfo, hostport = authority.split("@", 1)
        if hostport.startswith("["):
            close = hostport.index("]")
            host, rest = hostport[: close + 1], hostport[close + 1:]
            assert rest == "" or rest.startswith(":"), inp
            port = rest[1:] if rest else None
        else:
            host, sep, p = hostport.partition(":")
            port = p if sep else None
        if port is not None:
            assert re.fullmatch(r"[0-9]*", port), inp
            if g == G1 and scheme is not None and scheme.lower() in RFC1738_SCHEMES:
                assert port != "", inp
    urn = None
    if scheme is not None and scheme.lower() == "urn":
        nid, sep, nss = path.partition(":")
        assert sep and nid and nss, inp
        urn = OrderedDict([("nid", nid), ("nss", nss), ("query", query), ("fragment", fragment)])
    case = OrderedDict()
    case["grammar"] = g
    case["input"] = inp
    case["valid"] = True
    case["scheme"] = scheme
    case["authority"] = authority
    case["userinfo"] = userinfo
    case["host"] = host
    case["host_kind"] = host_kind_auto(g, host) if kind is AUTO else kind
    case["port"] = port
    case["path"] = path
    case["query"] = query
    case["fragment"] = fragment
    case["urn"] = urn
    for k, v in over.items():
        assert k in case, k
        case[k] = v
    if case["host"] is None:
        assert case["host_kind"] is None, inp
    else:
        assert case["host_kind"] in ("reg-name", "ipv4", "ipv6", "ipvfuture"), inp
    return case


RFC1738_SCHEMES = {"ftp", "file", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "prospero"}


def add(theme, case):
    key = (case["grammar"], case["input"])
    if key in SEEN:
        sys.exit(f"duplicate case {key!r} (first in {SEEN[key]}, again in {theme})")
    SEEN[key] = theme
    g, s = case["grammar"], case["input"]
    # Self-checks against the independent oracles.
    if g == G3:
        if case["valid"]:
            assert generic_3986(s), f"valid under rfc3986 but not even generic: {s!r}"
    if g == G2 and case["valid"]:
        assert chars_2396(s), f"valid under rfc2396 but has a character seed 000 excludes: {s!r}"
    if "error_index" in case:
        b = s.encode()
        i = case["error_index"]
        assert 0 <= i < len(b), s
        # An index is given only where the offending byte is itself excluded: a control, a space,
        # a character outside every grammar, non-ASCII, a "%" that starts no escape, or "~"/"#"
        # where RFC 1738 calls them unsafe.
        assert b[i] < 0x21 or b[i] >= 0x7F or chr(b[i]) in '"<>\\^`{|}[]%~#', (s, i)
    if g == G3 and not case["valid"] and generic_3986(s):
        REVIEW.append(f"rfc3986 invalid but generically valid: {s!r}")
    if g == G2 and not case["valid"] and chars_2396(s):
        REVIEW.append(f"rfc2396 invalid with only seed 000 characters: {s!r}")
    THEMES[theme].append(case)


def V(theme, g, inp, why, kind=AUTO, **over):
    for gr in grammars(g):
        case = components(gr, inp, kind, over)
        case["why"] = why_for(why, gr)
        add(theme, case)


def X(theme, g, inp, why, idx=None):
    for gr in grammars(g):
        case = OrderedDict([("grammar", gr), ("input", inp), ("valid", False)])
        if idx is not None:
            case["error_index"] = idx if isinstance(idx, int) else idx[gr]
        case["why"] = why_for(why, gr)
        add(theme, case)


def D(g, inp, lean, why, **comp):
    """A debatable case: `lean` is my reading; `why` gives both readings."""
    for gr in grammars(g):
        case = OrderedDict([("grammar", gr), ("input", inp), ("valid", lean)])
        if lean and comp.get("expand", True):
            full = components(gr, inp, comp.get("kind", AUTO), {k: v for k, v in comp.items()
                                                              if k not in ("kind", "expand")})
            for k, v in full.items():
                case[k] = v
        case["why"] = why_for(why, gr)
        key = (gr, inp)
        if key in SEEN:
            sys.exit(f"debatable case {key!r} is also in {SEEN[key]}")
        SEEN[key] = "debatable"
        DEBATABLE.append(case)


def bidx(s, sub, start=0):
    """Byte index of `sub` in `s` (inputs may hold non-ASCII)."""
    return len(s[: s.index(sub, start)].encode())


def write(name, rows):
    with open(HERE / name, "w", encoding="utf-8") as f:
        for r in rows:
            line = json.dumps(r, ensure_ascii=False)
            # Keep invisible characters visible in the file (JSON allows them raw).
            for c in ("\u007f", "\u00a0", "\u2028", "\u2029"):
                line = line.replace(c, "\\u%04x" % ord(c))
            f.write(line + "\n")


def finish(resolve):
    for r in resolve:
        got = resolve_3986(r["base"], r["reference"])
        assert got == r["expected"], (r, got)
    if "-v" in sys.argv:
        print("\n".join(REVIEW))
    for theme, rows in THEMES.items():
        write(f"{theme}.jsonl", rows)
    write("debatable.jsonl", DEBATABLE)
    write("resolve.jsonl", resolve)

    counts = {}
    for theme, rows in THEMES.items():
        for r in rows:
            k = (theme, r["grammar"], r["valid"])
            counts[k] = counts.get(k, 0) + 1
    total = sum(len(r) for r in THEMES.values())
    print(f"{total} cases, {len(DEBATABLE)} debatable, {len(resolve)} resolution cases")
    for theme in THEMES:
        line = [theme.ljust(9)]
        for g in ALL:
            v, i = counts.get((theme, g, True), 0), counts.get((theme, g, False), 0)
            line.append(f"{g}: {v:3} valid {i:3} invalid")
        print("  ".join(line))


# ---------------------------------------------------------------------------------------------
# RFC 3986 §5.2, transcribed from its pseudocode, to check the hand-derived resolution cases
# ---------------------------------------------------------------------------------------------

def _split(s):
    m = RE_B.match(s)
    return m.group(2), m.group(4), m.group(5), m.group(7), m.group(9)


def remove_dot_segments(inp):
    out = ""
    while inp:
        if inp.startswith("../"):
            inp = inp[3:]
        elif inp.startswith("./"):
            inp = inp[2:]
        elif inp.startswith("/./"):
            inp = inp[2:]
        elif inp == "/.":
            inp = "/"
        elif inp.startswith("/../"):
            inp = inp[3:]
            out = out[: out.rfind("/")] if "/" in out else ""
        elif inp == "/..":
            inp = "/"
            out = out[: out.rfind("/")] if "/" in out else ""
        elif inp in (".", ".."):
            inp = ""
        else:
            start = 1 if inp.startswith("/") else 0
            nxt = inp.find("/", start)
            seg, inp = (inp, "") if nxt < 0 else (inp[:nxt], inp[nxt:])
            out += seg
    return out


def resolve_3986(base, ref):
    bs, ba, bp, bq, _ = _split(base)
    rs, ra, rp, rq, rf = _split(ref)
    if rs is not None:
        ts, ta, tp, tq = rs, ra, remove_dot_segments(rp), rq
    else:
        if ra is not None:
            ta, tp, tq = ra, remove_dot_segments(rp), rq
        else:
            if rp == "":
                tp, tq = bp, (rq if rq is not None else bq)
            else:
                if rp.startswith("/"):
                    tp = remove_dot_segments(rp)
                else:
                    if ba is not None and bp == "":
                        merged = "/" + rp
                    else:
                        merged = bp[: bp.rfind("/") + 1] + rp
                    tp = remove_dot_segments(merged)
                tq = rq
            ta = ba
        ts = bs
    out = ""
    if ts is not None:
        out += ts + ":"
    if ta is not None:
        out += "//" + ta
    out += tp
    if tq is not None:
        out += "?" + tq
    if rf is not None:
        out += "#" + rf
    return out
