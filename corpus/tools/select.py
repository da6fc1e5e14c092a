#!/usr/bin/env python3
"""Rebuild corpus/ from the shared real-text corpus (../shared/corpus/).

Every file in corpus/{mail,news,rfc,logs,prose}/ is either a byte-identical copy of a file
of the shared corpus or a cut of one along natural boundaries (whole mbox messages, whole
log lines, a prefix of the Jargon File ending before an entry). Nothing is edited. The
provenance and licence of each file is in corpus/SOURCES.md; this script only records
exactly which bytes were taken, so the selection can be checked and rebuilt:

    python3 corpus/tools/select.py /work/shared/corpus corpus
"""

import re
import shutil
import sys
from pathlib import Path


def mbox_messages(data: bytes) -> list[bytes]:
    """Split an mbox into whole messages (each starting at a `From ` line)."""
    starts = [0] if data.startswith(b"From ") else []
    starts += [m.start() + 1 for m in re.finditer(rb"\nFrom ", data)]
    ends = starts[1:] + [len(data)]
    return [data[s:e] for s, e in zip(starts, ends)]


def take_messages(src: Path, dst: Path, indexes: list[int]) -> None:
    """Copy the messages with the given 0-based indexes, in their original order."""
    msgs = mbox_messages(src.read_bytes())
    dst.write_bytes(b"".join(msgs[i] for i in sorted(set(indexes))))


def take_lines(src: Path, dst: Path, first: int, last: int) -> None:
    """Copy lines first..=last (1-based), line ends as they are."""
    lines = src.read_bytes().splitlines(keepends=True)
    dst.write_bytes(b"".join(lines[first - 1 : last]))


def take_prefix(src: Path, dst: Path, length: int) -> None:
    """Copy the first `length` bytes."""
    dst.write_bytes(src.read_bytes()[:length])


def copy(src: Path, dst: Path) -> None:
    shutil.copyfile(src, dst)


def main(shared: Path, out: Path) -> None:
    sa = shared / "mail/spamassassin-public-corpus"
    td = shared / "mail/spamassassin-testdata"
    for sub in ["mail/spamassassin", "mail/spamassassin-testdata", "mail/python-email",
                "news", "rfc", "logs", "prose"]:
        (out / sub).mkdir(parents=True, exist_ok=True)

    # SpamAssassin public corpus: whole messages. A contiguous run from the start of each
    # set, plus the messages that hold the rare cases (see SOURCES.md).
    take_messages(sa / "easy_ham.mbox", out / "mail/spamassassin/easy_ham-slice.mbox",
                  list(range(0, 150)) + [188, 304, 390, 402, 725, 837, 848, 933, 1136, 1377])
    take_messages(sa / "hard_ham.mbox", out / "mail/spamassassin/hard_ham-slice.mbox",
                  list(range(0, 20)) + [34, 67, 94, 119, 131])
    take_messages(sa / "spam_quoted_printable.mbox",
                  out / "mail/spamassassin/spam_quoted_printable-slice.mbox",
                  [i for i in range(0, 50) if i != 37])
    copy(sa / "easy_ham_2_news_and_URLwrap.mbox",
         out / "mail/spamassassin/easy_ham_2_news_and_URLwrap.mbox")

    # SpamAssassin test mails: renamed to say what each one is.
    for src, name in [
        ("nice/crlf-endings", "crlf-endings.eml"),
        ("spam/utf16.eml", "utf16-base64.eml"),
        ("nice/cjk/iso-2022-jp.1", "cjk-iso-2022-jp.eml"),
        ("nice/cjk/big5-base64.1", "cjk-big5-base64.eml"),
        ("nice/cjk/gb2312.1", "cjk-gb2312-crlf.eml"),
        ("welcomelists/media_unspun", "newsletter-media_unspun.eml"),
        ("welcomelists/oracle_net_techblast", "newsletter-oracle_net_techblast.eml"),
        ("welcomelists/netcenter-direct_de", "newsletter-netcenter-direct_de-latin1.eml"),
        ("welcomelists/action.eff.org", "newsletter-action.eff.org.eml"),
        ("welcomelists/winxpnews.com", "newsletter-winxpnews-html.eml"),
        ("welcomelists/register.com_password", "register.com_password-url-warning.eml"),
        ("spam/redirectors/base.eml", "spam-redirectors-crlf.eml"),
        ("spam/decodeshorturl/doubleslash.eml", "spam-shorturl-doubleslash.eml"),
        ("spam/badmime2.txt", "spam-badmime-html.eml"),
    ]:
        copy(td / src, out / "mail/spamassassin-testdata" / name)

    for n in ["02", "06", "07", "10", "15", "16", "19", "25", "33"]:
        copy(shared / f"mail/python-email-testdata/msg_{n}.txt",
             out / f"mail/python-email/msg_{n}.txt")

    # News (ISC-licensed INN material).
    copy(shared / "news/inn2-faq.txt", out / "news/inn2-faq.txt")
    copy(shared / "news/inn-control.ctl.txt", out / "news/inn-control.ctl.txt")
    for n in ["5", "wire-7", "xref", "bad-long-hdr"]:
        copy(shared / f"news/inn-test-articles/{n}", out / f"news/inn-test-article-{n}.txt")

    # RFCs and drafts: whole, byte-identical documents only.
    for name in ["rfc1738.txt", "rfc1808.txt", "rfc1849.txt", "rfc2141.txt", "rfc2255.txt",
                 "rfc2368.txt", "rfc2369.txt", "rfc2396.txt", "rfc2732.txt", "rfc3986.txt"]:
        copy(shared / "rfc" / name, out / "rfc" / name)
    for name in ["draft-fielding-uri-syntax-01.txt", "draft-fielding-uri-syntax-04.txt",
                 "draft-ietf-uri-urc-sgml-00.txt", "draft-ietf-uri-urc-req-01.txt",
                 "draft-ietf-uri-relative-url-00.txt", "draft-gilman-news-url-01.txt"]:
        copy(shared / "rfc/drafts" / name, out / "rfc" / name)
    for name in ["minutes-SJ.txt", "minutes-uribof-SF.txt"]:
        copy(shared / "misc/uri-wg-minutes" / name, out / "rfc" / f"uri-wg-{name}")

    # Logs: the first 2500 lines of the Apache combined log.
    take_lines(shared / "logs/apache_access_combined_2015.log",
               out / "logs/apache_access_combined_2015-first2500.log", 1, 2500)

    # Prose: the Jargon File up to the line "  D" that opens the lexicon's D section
    # (the front matter and the entries A to C).
    take_prefix(shared / "misc/jargon-4.4.7.txt", out / "prose/jargon-4.4.7-front-to-C.txt",
                500153)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
