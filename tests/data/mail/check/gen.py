#!/usr/bin/env python3
"""Writes the messages of tests/data/mail/check/ and the URIs a reader is offered in each.

Written for urisift (same licence as the crate). Every message and every expectation is ours,
written from the rules of issue 19 and the crate docs (src/lib.rs, "Mail and news"), before
urisift was run on them. Run from this directory: `python3 gen.py`.
"""
import base64
import binascii
import quopri

OUT = {}


def b64(data, width=76):
    s = base64.b64encode(data).decode()
    return "\n".join(s[i:i + width] for i in range(0, len(s), width)) + "\n"


def qp(data):
    return quopri.encodestring(data).decode()


def put(name, text, expected, ext="eml"):
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    OUT[name] = (ext, data, expected)


H = "From: Ann Example <ann@example.org>\nTo: bob@example.net\nDate: Tue, 24 Nov 2026 10:00:00 +0000\n"

# ---------------------------------------------------------------- base64 text and HTML
put("b64-text", H + "Subject: notes\nMessage-ID: <b64t@example.org>\nMIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
    + b64("The agenda is at https://wiki.example.org/Meeting/2026-11-24.\n"
          "Slides: <https://files.example.org/slides/deck.pdf>, recording (https://video.example.org/v/42).\n".encode()),
    ["https://wiki.example.org/Meeting/2026-11-24", "https://files.example.org/slides/deck.pdf",
     "https://video.example.org/v/42"])

put("b64-html", H + "Subject: weekly\nMIME-Version: 1.0\nContent-Type: text/html; charset=\"UTF-8\"\n"
    "Content-Transfer-Encoding: base64\n\n"
    + b64(b"<html><head><title>http://title.example/</title></head><body>\n"
          b"<p>Hello, read <a href=\"https://news.example.com/story?id=7&amp;ref=mail\">the story</a>.</p>\n"
          b"<p><a href=\"https://news.example.com/story?id=8&amp;ref=mail\">https://news.example.com/story?id=8&amp;ref=mail</a></p>\n"
          b"</body></html>\n"),
    ["https://news.example.com/story?id=7&ref=mail", "https://news.example.com/story?id=8&ref=mail"])

put("b64-bad", H + "Subject: bad base64\nContent-Type: text/plain\nContent-Transfer-Encoding: Base64 \n\n"
    + (lambda s: s[:20] + " \t" + s[20:40] + "*!\n" + s[40:].rstrip("=\n") + "\n")(
        base64.b64encode(b"Mirror: http://mirror.example.net/pub/release-1.2.tar.gz ok").decode()),
    ["http://mirror.example.net/pub/release-1.2.tar.gz"])

put("b64-crlf", (H + "Subject: crlf\nContent-Type: text/plain; charset=us-ascii\n"
                 "Content-Transfer-Encoding: base64\n\n"
                 + b64(b"Line one\r\nSee ftp://ftp.example.org/pub/README\r\nand gopher://gopher.example.org/1/\r\n")
                 ).replace("\n", "\r\n"),
    ["ftp://ftp.example.org/pub/README", "gopher://gopher.example.org/1/"])

# ---------------------------------------------------------------- quoted-printable HTML
html_qp = (b"<div style=\"font-family: Arial\">\n<p>Your order <a href=\"https://shop.example.com/orders/view?order=123456789&amp;"
           b"token=abcdefabcdefabcdefabcdef&amp;utm_source=email\">123456789</a> has shipped.</p>\n"
           b"<p>Track it: https://track.example.com/p/1Z999AA10123456784</p>\n</div>\n")
put("qp-html", H + "Subject: shipped\nContent-Type: text/html; charset=utf-8\n"
    "Content-Transfer-Encoding: quoted-printable\n\n" + qp(html_qp),
    ["https://shop.example.com/orders/view?order=123456789&token=abcdefabcdefabcdefabcdef&utm_source=email",
     "https://track.example.com/p/1Z999AA10123456784"])

put("qp-encoded-colon", H + "Subject: qp colon\nContent-Type: text/html; charset=iso-8859-1\n"
    "Content-Transfer-Encoding: QUOTED-PRINTABLE\n\n"
    "<a href=3D\"https=3A=2F=2Fwww.example.de=2Fm=FCnchen=2F\">M=FCnchen</a> and =\nhttp://soft.example/a=\nb/c\n",
    ["https://www.example.de/münchen/", "http://soft.example/ab/c"])

# ---------------------------------------------------------------- alternatives
put("alternative", H + "Subject: alt\nMIME-Version: 1.0\n"
    "Content-Type: multipart/alternative; boundary=\"=_alt_1\"\n\n"
    "This is a multi-part message in MIME format.\n\n--=_alt_1\nContent-Type: text/plain; charset=us-ascii\n\n"
    "Join us: https://events.example.org/join [https://events.example.org/rsvp]\n\n"
    "--=_alt_1\nContent-Type: text/html; charset=us-ascii\nContent-Transfer-Encoding: quoted-printable\n\n"
    + qp(b"<p>Join us: <a href=\"https://events.example.org/join\">join</a> "
         b"<a href=\"https://events.example.org/rsvp\">RSVP</a> <a href=\"https://events.example.org/map\">map</a></p>\n")
    + "--=_alt_1--\n",
    ["https://events.example.org/join", "https://events.example.org/rsvp", "https://events.example.org/map"])

put("alt-related", H + "Subject: related\nContent-Type: multipart/alternative; boundary=\"outer\"\n\n"
    "--outer\nContent-Type: text/plain\n\nLogo below. Site: http://brand.example/\n"
    "--outer\nContent-Type: multipart/related; boundary=\"inner\"; type=\"text/html\"\n\n"
    "--inner\nContent-Type: text/html\n\n<img src=\"cid:logo@brand.example\"><a href=\"http://brand.example/\">site</a>"
    "<a href=\"mid:abc@brand.example\">msg</a>\n"
    "--inner\nContent-Type: image/png\nContent-ID: <logo@brand.example>\nContent-Transfer-Encoding: base64\n\n"
    + b64(b"\x89PNG\r\n\x1a\n tEXtComment http://png.example/inside\x00") + "--inner--\n--outer--\n",
    ["http://brand.example/"])

# ---------------------------------------------------------------- attachments
pdf = (b"%PDF-1.4\n1 0 obj << /Type /Annot /Subtype /Link /A << /S /URI /URI (http://pdf.example/annot) >> >>\n"
       b"endobj\ntrailer\n%%EOF\n")
put("attachments", H + "Subject: files\nContent-Type: multipart/mixed; boundary=\"mix\"\n\n"
    "--mix\nContent-Type: text/plain\n\nReport attached; source at https://git.example.org/report.git\n\n"
    "--mix\nContent-Type: application/pdf; name=\"r.pdf\"\nContent-Disposition: attachment; filename=\"r.pdf\"\n"
    "Content-Transfer-Encoding: base64\n\n" + b64(pdf)
    + "--mix\nContent-Type: image/svg+xml; name=\"logo.svg\"\n\n"
    "<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"http://svg.example/\"/></svg>\n"
    "--mix\nContent-Type: text/calendar; charset=utf-8; method=REQUEST\nContent-Disposition: attachment; filename=invite.ics\n\n"
    "BEGIN:VCALENDAR\nBEGIN:VEVENT\nURL:https://meet.example.com/j/987654\nEND:VEVENT\nEND:VCALENDAR\n"
    "--mix\nContent-Type: application/octet-stream; name=\"notes.txt\"\n\nhttp://octet.example/hidden\n"
    "--mix--\n",
    ["https://git.example.org/report.git", "https://meet.example.com/j/987654"])

put("pdf-8bit", H + "Subject: raw pdf\nContent-Type: multipart/mixed; boundary=b1\n\n"
    "--b1\nContent-Type: text/plain\n\nsee attachment\n--b1\nContent-Type: application/pdf\n"
    "Content-Transfer-Encoding: binary\n\n" + pdf.decode() + "--b1\nContent-Type: audio/ogg\n\nOggS http://ogg.example/\n"
    "--b1\nContent-Type: video/mp4\n\nftyp http://mp4.example/\n--b1--\n",
    [])

# ---------------------------------------------------------------- forwards
fwd = ("From: Carl <carl@example.com>\nSubject: original\nMessage-ID: <orig@example.com>\n"
       "List-Archive: <https://lists.example.com/archive/>\nContent-Type: text/plain\n\n"
       "Original text with http://original.example.com/page\n")
put("forward-inline", H + "Subject: Fwd: original\nContent-Type: multipart/mixed; boundary=\"f\"\n\n"
    "--f\nContent-Type: text/plain\n\nFYI, see below.\n\n--f\nContent-Type: message/rfc822\n\n" + fwd + "--f--\n",
    ["https://lists.example.com/archive/", "http://original.example.com/page"])

put("forward-base64", H + "Subject: Fwd: sent base64\nContent-Type: multipart/mixed; boundary=\"f\"\n\n"
    "--f\nContent-Type: text/plain\n\nForwarding.\n\n--f\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n"
    + b64(fwd.encode()) + "--f--\n",
    ["https://lists.example.com/archive/", "http://original.example.com/page"])

put("forward-plain-text", H + "Subject: Fw: quoted forward\nContent-Type: text/plain\n\n"
    "----- Original Message -----\nFrom: x@example.com\nSubject: plan\n\n> The plan is at\n> <https://docs.example.com/d/\n> plan-v2>\n> thanks\n",
    ["https://docs.example.com/d/plan-v2"])

put("forward-nested", H + "Subject: Fwd: Fwd: deep\nContent-Type: message/rfc822\n\n"
    + "".join(f"Subject: level {i}\nContent-Type: message/rfc822\n\n" for i in range(30))
    + "Subject: bottom\nContent-Type: text/plain\n\nFinally http://deep.example/bottom\n",
    ["http://deep.example/bottom"])

# ---------------------------------------------------------------- digests
def entry(n, text):
    return f"From: m{n}@example.org\nSubject: item {n}\n\n{text}\n"


put("digest", "From: list-request@example.org\nTo: list@example.org\nSubject: list Digest, Vol 3, Issue 9\n"
    "List-Id: <list.example.org>\nList-Unsubscribe: <https://example.org/mailman/options/list>,\n"
    " <mailto:list-request@example.org?subject=unsubscribe>\n"
    "Content-Type: multipart/mixed; boundary=\"dig\"\n\n"
    "--dig\nContent-Type: text/plain\n\nToday's Topics:\n   1. item 1\n   2. item 2\n\n"
    "--dig\nContent-Type: multipart/digest; boundary=\"ent\"\n\n"
    "--ent\n\n" + entry(1, "Patch: https://patches.example.org/p/1/") + "--ent\n\n"
    + entry(2, "Try\n  http://bugs.example.org/show_bug.cgi?id=77 ,\nworks.") + "--ent--\n\n--dig--\n",
    ["https://example.org/mailman/options/list", "mailto:list-request@example.org?subject=unsubscribe",
     "https://patches.example.org/p/1/", "http://bugs.example.org/show_bug.cgi?id=77"])

put("digest-explicit", "From: d@example.org\nSubject: digest\nContent-Type: multipart/digest; boundary=D\n\n"
    "--D\nContent-Type: message/rfc822\n\n" + entry(1, "one http://one.example/") + "--D\n"
    "Content-Type: text/plain\n\ntwo http://two.example/\n--D--\n",
    ["http://one.example/", "http://two.example/"])

# ---------------------------------------------------------------- format=flowed
put("flowed-delsp-yes", H + "Subject: flowed yes\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n\n"
    "Docs: https://docs.example.org/reference/very/long/ \npath/index.html#section-2 read it.\n\n"
    ">> Nested quote https://q2.example.org/a- \n>> b-c end\n>> more\n\n-- \nhttp://sig.example/\n",
    ["https://docs.example.org/reference/very/long/path/index.html#section-2", "https://q2.example.org/a-b-c",
     "http://sig.example/"])

put("flowed-delsp-no", H + "Subject: flowed no\nContent-Type: text/plain; charset=\"utf-8\"; format=\"flowed\"\n\n"
    "First https://first.example.org/x \nthen words.\n"
    "Broken https://second.example.org/one/ \ntwo/\n"
    " From the stuffed line https://stuffed.example/\n"
    "> quoted https://quoted.example/q \n> tail\n",
    ["https://first.example.org/x", "https://second.example.org/one/", "https://stuffed.example/",
     "https://quoted.example/q"])

put("flowed-qp", H + "Subject: flowed qp\nContent-Type: text/plain; charset=utf-8; format=flowed; DelSp=Yes\n"
    "Content-Transfer-Encoding: quoted-printable\n\n"
    "Link: https://qpflow.example.org/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v=\n/w/ \nx/y/z.html\n\n"
    "-- \nsig https://sig.example.org/\nnext\n",
    ["https://qpflow.example.org/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z.html",
     "https://sig.example.org/"])

# ---------------------------------------------------------------- HTML link rules
put("html-rules", H + "Subject: html rules\nContent-Type: text/html; charset=utf-8\n\n"
    "<html><head><link rel=\"stylesheet\" href=\"https://cdn.example.com/mail.css\">\n"
    "<style>.x { background: url(https://style.example.com/bg.png) }</style>\n"
    "<script src=\"https://js.example.com/a.js\">var u = \"https://inline-script.example.com/\";</script></head>\n"
    "<body>\n<!-- https://comment.example.com/ -->\n"
    "<a href=\"https://a.example.com/?x=1&amp;y=2&#38;z=3&#x26;w=4\">numeric</a>\n"
    "<a href=\"https://b.example.com/?a=1&copy=2\">legacy before =</a>\n"
    "<a href=\"https://c.example.com/?a=1&ampb=2\">legacy before alnum</a>\n"
    "<A HREF='https://d.example.com/single'>single</A> <a href=https://e.example.com/unquoted>unq</a>\n"
    "<a href=\"  https://f.example.com/pad  \">padded</a>\n"
    "<a href=\"https://g.example.com/long/\n\tpath\">split</a>\n"
    "<a href=\"https://h.example.com/a b\">space inside</a>\n"
    "<a href=\"javascript:void(window.open('https://js-link.example.com/'))\">js</a>\n"
    "<img src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\"> <img src=\"cid:img1@example.com\">\n"
    "<a href=\"/relative/path\">rel</a> <a href=\"other.html\">rel2</a>\n"
    "<a href=\"mailto:help@example.com?subject=Hi%20there\">mail</a> <a href=\"tel:+1-555-0100\">call</a>\n"
    "<form action=\"https://survey.example.com/submit\" method=\"post\"><input type=submit></form>\n"
    "<img src=\"https://pixel.example.com/o.gif?u=abc123\" width=\"1\" height=\"1\" alt=\"\">\n"
    "<div style=\"background-image:url('https://inline-style.example.com/bg.jpg')\">styled</div>\n"
    "</body></html>\n",
    ["https://cdn.example.com/mail.css", "https://js.example.com/a.js",
     "https://a.example.com/?x=1&y=2&z=3&w=4", "https://b.example.com/?a=1&copy=2",
     "https://c.example.com/?a=1&ampb=2", "https://d.example.com/single", "https://e.example.com/unquoted",
     "https://f.example.com/pad", "https://g.example.com/long/path", "mailto:help@example.com?subject=Hi%20there",
     "tel:+1-555-0100", "https://survey.example.com/submit", "https://pixel.example.com/o.gif?u=abc123"])

put("html-base", H + "Subject: base\nContent-Type: text/html\n\n"
    "<html><head><base href=\"https://base.example.org/news/2026/\"></head><body>\n"
    "<a href=\"story.html\">story</a> <a href=\"/about\">about</a> <a href=\"../archive/\">archive</a>\n"
    "<img src=\"img/photo.jpg\"> <a href=\"https://abs.example.org/\">abs</a> <a href=\"cid:x@y\">c</a>\n"
    "</body></html>\n",
    ["https://base.example.org/news/2026/", "https://base.example.org/news/2026/story.html", "https://base.example.org/about",
     "https://base.example.org/news/archive/", "https://base.example.org/news/2026/img/photo.jpg",
     "https://abs.example.org/"])

put("html-text", H + "Subject: html text\nContent-Type: text/html; charset=utf-8\n\n"
    "<p>Plain: https://t1.example.org/a?b=1&amp;c=2 and &lt;https://t2.example.org/wrapped&gt;.</p>\n"
    "<p>Bold end https://t3.example.org/path<b>bold</b> and nbsp https://t4.example.org/x&nbsp;next</p>\n"
    "<p>In parens (https://t5.example.org/p) and quote &quot;https://t6.example.org/q&quot;</p>\n"
    "<p>https://t7.example.org/start<br>https://t8.example.org/after-br</p>\n",
    ["https://t1.example.org/a?b=1&c=2", "https://t2.example.org/wrapped", "https://t3.example.org/path",
     "https://t4.example.org/x", "https://t5.example.org/p", "https://t6.example.org/q",
     "https://t7.example.org/start", "https://t8.example.org/after-br"])

put("html-outlook", H + "Subject: outlook\nContent-Type: text/html; charset=windows-1252\n"
    "Content-Transfer-Encoding: quoted-printable\n\n"
    + qp("<html xmlns:v=\"urn:schemas-microsoft-com:vml\"><body>\n"
         "<!--[if mso]><v:roundrect href=\"https://mso-only.example.com/\"><![endif]-->\n"
         "<a href=\"https://button.example.com/go?c=1&amp;d=2\" style=\"color:#fff\">Click \x93here\x94</a>\n"
         "<p>\x93https://quoted.example.com/\x94 \x96 and more</p>\n</body></html>\n".encode("latin-1")),
    ["https://button.example.com/go?c=1&d=2", "https://quoted.example.com/"])

# ---------------------------------------------------------------- header fields
put("headers-list", "From: News <news@example.com>\nTo: bob@example.net\nSubject: November news\n"
    "Message-ID: <20261124.123@mail.example.com>\n"
    "Received: from mail.example.com (mail.example.com [192.0.2.10])\n\tby mx.example.net with ESMTPS id 4Bx; Tue, 24 Nov 2026 10:00:00 +0000\n"
    "List-Unsubscribe: <mailto:unsub-abc@example.com?subject=unsubscribe>,\n <https://example.com/unsub/abc?list=news>\n"
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click\nList-Help: <https://example.com/help>\n"
    "Archived-At: <https://archive.example.com/msg/123>\nX-Mailer: Mailer 3.1\n"
    "Content-Type: text/plain\n\nNo links in the body.\n",
    ["mailto:unsub-abc@example.com?subject=unsubscribe", "https://example.com/unsub/abc?list=news",
     "https://example.com/help", "https://archive.example.com/msg/123"])

put("headers-2047", "From: =?UTF-8?B?w4FubmE=?= <anna@example.org>\nTo: bob@example.net\n"
    "Subject: =?UTF-8?Q?Read_https://docs.exa?= =?UTF-8?Q?mple.org/guide_now?=\n"
    "X-Info: =?ISO-8859-1?Q?Seite_http://www.m=FCller.example/start?=\n"
    "Comments: =?utf-8?B?" + base64.b64encode("リンク: https://jp.example.org/ です".encode()).decode() + "?=\n"
    "Content-Type: text/plain\n\nbody\n",
    ["https://docs.example.org/guide", "http://www.müller.example/start", "https://jp.example.org/"])

put("headers-folded", "From: a@example.org\nSubject: a long subject line with a link\n https://folded.example.org/path\n"
    "X-Tracking: see\n\thttps://track.example.org/t?id=1\nContent-Type: text/plain\n\n"
    "body text https://body.example.org/\n",
    ["https://folded.example.org/path", "https://track.example.org/t?id=1", "https://body.example.org/"])

put("headers-8bit", ("From: Zoë <zoe@example.org>\nSubject: Café https://café.example.fr/menu ouvert\n"
                     "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
                     "À bientôt : https://café.example.fr/réserver.\n"),
    ["https://café.example.fr/menu", "https://café.example.fr/réserver"])

# ---------------------------------------------------------------- mbox
m1 = ("From ann@example.org Tue Nov 24 10:00:00 2026\n" + H + "Subject: one\nContent-Type: text/plain\n\n"
      "First http://mbox1.example/\n>From the archive http://mbox1b.example/\n\n")
m2 = ("From bob@example.net Tue Nov 24 11:00:00 2026\nFrom: bob@example.net\nSubject: two (broken)\n"
      "Content-Type: multipart/mixed; boundary=\"never-closed\"\n\n--never-closed\nContent-Type: text/plain\n\n"
      "Second http://mbox2.example/\n\n")
m3 = ("From carl@example.com Tue Nov 24 12:00:00 2026\nFrom: carl@example.com\nSubject: three\n"
      "Content-Type: text/html\nContent-Transfer-Encoding: base64\n\n"
      + b64(b"<a href=\"http://mbox3.example/?a&amp;b\">three</a>") + "\n")
put("mbox-three", m1 + m2 + m3, ["http://mbox1.example/", "http://mbox1b.example/", "http://mbox2.example/",
                                  "http://mbox3.example/?a&b"], "mbox")

m4 = ("From x@example.org Wed Nov 25 09:00:00 2026\nFrom: x@example.org\nSubject: swallow?\n"
      "Content-Type: text/html\n\n<a href=\"http://unclosed.example/\n\n"
      "From y@example.org Wed Nov 25 09:30:00 2026\nFrom: y@example.org\nSubject: next\nContent-Type: text/plain\n\n"
      "Next message http://next.example/\n\n")
put("mbox-unclosed-attr", m4, ["http://next.example/"], "mbox")

put("mbox-mixed", "From a@example.org Wed Nov 25 09:00:00 2026\nFrom: a@example.org\nSubject: q\n"
    "Content-Type: text/plain; format=flowed\n\nwrapped https://mixed.example/a \ncontinues\n\n"
    "From b@example.org Wed Nov 25 09:01:00 2026\nFrom: b@example.org\nSubject: r\n"
    "List-Unsubscribe: <https://mixed.example/unsub>\nContent-Type: text/plain; charset=koi8-r\n"
    "Content-Transfer-Encoding: 8bit\n\n".encode() + "Смотрите https://mixed.example/ru, спасибо.\n\n".encode("koi8-r"),
    ["https://mixed.example/a", "https://mixed.example/unsub", "https://mixed.example/ru"], "mbox")

# ---------------------------------------------------------------- news, uuencode, yEnc
def uu_line(text):
    """A uuencoded line whose characters spell `text` (60 characters)."""
    assert len(text) == 60
    return "M" + text + "\n"


uu_data = binascii.b2a_uu(b"binary\x00\x01\x02 data http://in-data.example/ here!!").decode()
put("news-uuencode", "Path: news.example.net!not-for-mail\nFrom: poster@example.net\nNewsgroups: alt.binaries.test\n"
    "Subject: picture (1/1)\nMessage-ID: <uu1@news.example.net>\nDate: 24 Nov 2026 10:00:00 GMT\n"
    "Organization: Example News\nLines: 9\n\nHere is the file, more at http://news-text.example/files\n\n"
    "begin 644 pic.bin\n" + uu_line("HTTP://UU.EXAMPLE/ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEF")
    + uu_data + "`\nend\n\nSee also <news:alt.binaries.test> and news:uu1@news.example.net\n",
    ["http://news-text.example/files", "news:alt.binaries.test", "news:uu1@news.example.net"])


def yenc(text):
    return bytes((ord(c) - 42) % 256 for c in text)


ydata = "garbage http://yenc.example/inside/ more"
yraw = yenc(ydata)
put("news-yenc", ("From: poster@example.net\nNewsgroups: alt.binaries.misc\nSubject: file.bin yEnc (1/1)\n"
                  "Message-ID: <y1@news.example.net>\n\nPosted with http://poster.example/tool\n"
                  f"=ybegin line=128 size={len(yraw)} name=file.bin\n").encode()
    + ydata.encode() + b"\n=yend size=41 crc32=00000000\nBye, https://after-yenc.example/\n",
    ["http://poster.example/tool", "https://after-yenc.example/"])

put("news-followup", "From: r@example.net\nNewsgroups: comp.lang.example,comp.misc\n"
    "Followup-To: comp.lang.example\nReferences: <a1@example.net> <a2@example.net>\n"
    "Subject: Re: FAQ location\nMessage-ID: <a3@example.net>\nX-Newsreader: Example 2.0\n\n"
    "In <a2@example.net>, q@example.net wrote:\n> Where is the FAQ?\n\n"
    "It is at <URL:ftp://ftp.example.net/pub/faq/comp-lang-\nexample.txt> and\nhttp://www.example.net/faq/.\n",
    ["ftp://ftp.example.net/pub/faq/comp-lang-example.txt", "http://www.example.net/faq/"])

# ---------------------------------------------------------------- charsets
def charset_msg(name, cs, text, cte="8bit", expected=(), codec=None):
    raw = text.encode(codec or cs)
    if cte == "base64":
        body = b64(raw).encode()
    elif cte == "quoted-printable":
        body = qp(raw).encode()
    else:
        body = raw
    head = (H + f"Subject: {name}\nContent-Type: text/plain; charset={cs}\nContent-Transfer-Encoding: {cte}\n\n").encode()
    put(name, head + body, list(expected))


charset_msg("cs-iso-2022-jp", "ISO-2022-JP", "詳しくはhttps://example.jp/info/をご覧ください。\n"
            "資料：<https://example.jp/docs/a.pdf>\n", "7bit",
            ["https://example.jp/info/をご覧ください", "https://example.jp/docs/a.pdf"])
charset_msg("cs-shift-jis", "Shift_JIS", "ガhttps://sjis.example.jp/page ゴ\nダウンロード https://sjis.example.jp/dl。\n",
            "8bit", ["https://sjis.example.jp/page", "https://sjis.example.jp/dl"])
charset_msg("cs-euc-kr", "EUC-KR", "자세한 내용은 https://example.kr/news/1 에서 확인하세요.\n", "base64",
            ["https://example.kr/news/1"])
charset_msg("cs-big5", "Big5", "請看 https://example.tw/path/。謝謝\n", "8bit", ["https://example.tw/path/"])
charset_msg("cs-gbk", "GBK", "（https://example.cn/about）了解更多\n", "base64", ["https://example.cn/about"])
charset_msg("cs-koi8-r", "KOI8-R", "Подробнее: https://пример.рф/новости, до встречи.\n", "8bit",
            ["https://пример.рф/новости"])
charset_msg("cs-windows-1252", "windows-1252", "Read \u201chttps://w1252.example.com/article\u201d \u2013 it\u2019s good.\n",
            "quoted-printable", ["https://w1252.example.com/article"])
charset_msg("cs-iso-8859-2", "ISO-8859-2", "Zobacz http://www.przykład.example.pl/żółw teraz.\n", "quoted-printable",
            ["http://www.przykład.example.pl/żółw"])
charset_msg("cs-utf-16", "UTF-16", "Link https://utf16.example.org/x and more\n", "base64",
            ["https://utf16.example.org/x"])
charset_msg("cs-euc-jp", "EUC-JP", "サイト：https://eucjp.example.jp/top\n", "8bit", ["https://eucjp.example.jp/top"])
charset_msg("cs-unknown", "x-unknown-charset", "plain http://unknown-cs.example/ text\n", "7bit",
            ["http://unknown-cs.example/"], codec="ascii")
charset_msg("cs-utf-7", "UTF-7", "Caf\u00e9 http://utf7.example/menu ok\n", "7bit", ["http://utf7.example/menu"],
            codec="utf-7")

# ---------------------------------------------------------------- malformed MIME
put("mal-no-boundary", H + "Subject: boundary never occurs\nContent-Type: multipart/mixed; boundary=\"absent\"\n\n"
    "--other\nContent-Type: text/html\n\n<a href=\"http://as-text.example/a&amp;b\">x</a>\n--other--\n",
    ["http://as-text.example/a&amp;b"])

put("mal-unclosed", H + "Subject: unclosed\nContent-Type: multipart/mixed; boundary=\"u\"\n\n"
    "--u\nContent-Type: text/plain\n\none http://unclosed1.example/\n--u\nContent-Type: text/html\n\n"
    "<a href=\"http://unclosed2.example/?x&amp;y\">two</a>\n",
    ["http://unclosed1.example/", "http://unclosed2.example/?x&y"])

put("mal-nested-unclosed", H + "Subject: inner unclosed\nContent-Type: multipart/mixed; boundary=\"outer\"\n\n"
    "--outer\nContent-Type: multipart/alternative; boundary=\"inner\"\n\n--inner\nContent-Type: text/plain\n\n"
    "inner http://inner.example/\n--outer\nContent-Type: text/plain\n\nafter http://after-inner.example/\n--outer--\n",
    ["http://inner.example/", "http://after-inner.example/"])

put("mal-lying-type", H + "Subject: lying\nContent-Type: multipart/mixed; boundary=L\n\n"
    "--L\nContent-Type: image/jpeg; name=\"readme.txt\"\n\nhttp://not-read.example/\n"
    "--L\nContent-Type: text/plain; name=\"photo.jpg\"\nContent-Disposition: attachment; filename=\"photo.jpg\"\n\n"
    "http://read-as-text.example/\n--L\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n"
    "this is not base64 at all: http://not-base64.example/ !!!\n--L--\n",
    ["http://read-as-text.example/"])

put("mal-missing-type", H + "Subject: no content-type on part\nContent-Type: multipart/mixed; boundary=Z\n\n"
    "--Z\n\ndefault text http://default-type.example/\n--Z\nContent-Type: text/plain; charset=\"utf-8\n\n"
    "unterminated param http://bad-param.example/\n--Z--\n",
    ["http://default-type.example/", "http://bad-param.example/"])

put("mal-epilogue", H + "Subject: pre and epilogue\nContent-Type: multipart/mixed; boundary=E\n\n"
    "Preamble for non-MIME readers: http://preamble.example/\n--E\nContent-Type: text/plain\n\n"
    "body http://part.example/\n--E--\nEpilogue http://epilogue.example/\n",
    ["http://preamble.example/", "http://part.example/", "http://epilogue.example/"])

# ---------------------------------------------------------------- bounce
put("bounce", "From: MAILER-DAEMON@mx.example.net\nTo: ann@example.org\nSubject: Undelivered Mail Returned to Sender\n"
    "Content-Type: multipart/report; report-type=delivery-status; boundary=\"R\"\n\n"
    "--R\nContent-Type: text/plain\n\nSee https://support.example.net/bounce for help.\n"
    "--R\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.net\n"
    "Diagnostic-Code: smtp; 550 5.1.1 see http://status.example.net/550\n"
    "--R\nContent-Type: text/rfc822-headers\n\nFrom: ann@example.org\nList-Unsubscribe: <https://rfc822-headers.example/u>\n"
    "--R--\n",
    ["https://support.example.net/bounce", "http://status.example.net/550", "https://rfc822-headers.example/u"])

# ---------------------------------------------------------------- newsletters
nl_html = ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Weekly</title>"
           "<link href=\"https://fonts.example.com/css?family=Roboto:400,700&amp;display=swap\" rel=\"stylesheet\"></head>\n"
           "<body><table><tr><td><a href=\"https://click.example.com/ls/click?upn=aB3-xY_z&amp;u=1\" target=\"_blank\">"
           "<img src=\"https://img.example.com/logo.png\" alt=\"Logo\"></a></td></tr>\n"
           "<tr><td>Hi Bob, this week: <a href=\"https://click.example.com/ls/click?upn=QQ9&amp;u=2\">Big sale</a>"
           " &middot; <a href=\"https://click.example.com/ls/click?upn=RR7&amp;u=3\">New arrivals</a></td></tr>\n"
           "<tr><td style=\"font-size:10px\">You got this because you signed up at shop.example.com. "
           "<a href=\"https://click.example.com/unsub?e=bob%40example.net&amp;l=weekly\">Unsubscribe</a> | "
           "<a href=\"https://www.example.com/privacy\">Privacy</a><br>Example Inc, 1 Main St</td></tr></table>\n"
           "<img src=\"https://open.example.com/o/abc.gif\" width=\"1\" height=\"1\" border=\"0\" style=\"display:none\">"
           "</body></html>\n")
nl_text = ("Hi Bob, this week:\n\nBig sale ( https://click.example.com/ls/click?upn=QQ9&u=2 )\n"
           "New arrivals <https://click.example.com/ls/click?upn=RR7&u=3>\n\n"
           "Unsubscribe: https://click.example.com/unsub?e=bob%40example.net&l=weekly\n")
put("newsletter", "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=example.com; s=s1;\n"
    "\th=From:To:Subject:Date:List-Unsubscribe; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;\n"
    "\tb=dGhpcyBpcyBub3QgYSByZWFsIHNpZ25hdHVyZQ==\n"
    "From: Shop <news@shop.example.com>\nTo: bob@example.net\nSubject: =?utf-8?Q?This_week=E2=80=99s_deals?=\n"
    "List-Unsubscribe: <mailto:u-1@bounce.example.com>, <https://click.example.com/unsub1?e=bob>\n"
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click\n"
    "MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=\"----=_Part_1_2.3\"\n\n"
    "------=_Part_1_2.3\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
    + qp(nl_text.encode()) + "------=_Part_1_2.3\nContent-Type: text/html; charset=utf-8\n"
    "Content-Transfer-Encoding: base64\n\n" + b64(nl_html.encode()) + "------=_Part_1_2.3--\n",
    ["mailto:u-1@bounce.example.com", "https://click.example.com/unsub1?e=bob",
     "https://click.example.com/ls/click?upn=QQ9&u=2", "https://click.example.com/ls/click?upn=RR7&u=3",
     "https://click.example.com/unsub?e=bob%40example.net&l=weekly",
     "https://fonts.example.com/css?family=Roboto:400,700&display=swap",
     "https://click.example.com/ls/click?upn=aB3-xY_z&u=1", "https://img.example.com/logo.png",
     "https://www.example.com/privacy", "https://open.example.com/o/abc.gif"])

nl2 = ("<html><body><center><table width=\"600\">\n<tr><td><a href=\"https://t.example.org/r/?id=h1,2,3&amp;url="
       "https%3A%2F%2Fblog.example.org%2Fpost%2F9\">Read post</a></td></tr>\n"
       "<tr><td>View online: <a href=\"https://t.example.org/web/?id=h1\">https://t.example.org/web/?id=h1</a>"
       "</td></tr>\n<tr><td><a href=\"#top\">top</a> <a href=\"mailto:?subject=Share&amp;body=x\">share</a></td></tr>\n"
       "</table></center></body></html>\n")
put("newsletter-qp", "From: Blog <blog@example.org>\nTo: bob@example.net\nSubject: New post\n"
    "List-Unsubscribe: <https://t.example.org/u?id=h1>\nContent-Type: text/html; charset=\"us-ascii\"\n"
    "Content-Transfer-Encoding: quoted-printable\n\n"
    + qp(nl2.encode()),
    ["https://t.example.org/u?id=h1",
     "https://t.example.org/r/?id=h1,2,3&url=https%3A%2F%2Fblog.example.org%2Fpost%2F9",
     "https://t.example.org/web/?id=h1"])

put("plain-reply", H + "Subject: Re: build\nIn-Reply-To: <x1@example.org>\nReferences: <x1@example.org>\n"
    "Content-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: 7bit\n\n"
    "On Mon, Ann wrote:\n> The log is at http://ci.example.org/job/12/console.\n> <http://ci.example.org/job/12/\n> artifact/out.tar.gz>\n\n"
    "Thanks! Also see RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986#section-5.2) and\n"
    "mailto:dev@example.org; file a bug at https://bugs.example.org/enter_bug.cgi?product=x&component=y.\n",
    ["http://ci.example.org/job/12/console", "http://ci.example.org/job/12/artifact/out.tar.gz",
     "https://www.rfc-editor.org/rfc/rfc3986#section-5.2", "mailto:dev@example.org",
     "https://bugs.example.org/enter_bug.cgi?product=x&component=y"])

# ================================================================ second batch (harder cases)
put("b64-flowed", H + "Subject: flowed in base64\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n"
    "Content-Transfer-Encoding: base64\n\n"
    + b64(b"Wiki: https://b64flow.example.org/wiki/Some/Very/Long/ \r\nPage_Name?action=history\r\n"),
    ["https://b64flow.example.org/wiki/Some/Very/Long/Page_Name?action=history"])

put("b64-obfuscated-href", H + "Subject: obfuscated\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n"
    + b64(b"<a href=\"&#104;ttps&#58;//obf.example.com/&#x70;ath\">x</a>\n"
          b"<A HREF=HTTP://UP.EXAMPLE.COM/>up</A>\n<a href=\"//cdn.example.com/lib.js\">proto-relative</a>\n"
          b"<a href=\"https://x.example.com/p?a=1&amp;b=2#frag\">frag</a>\n"),
    ["https://obf.example.com/path", "HTTP://UP.EXAMPLE.COM/", "https://x.example.com/p?a=1&b=2#frag"])

put("qp-split-entity", H + "Subject: qp split\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
    "<a href=3D\"ht=\ntps://split.example.com/?a=3D1&am=\np;b=3D2\">split</a>\n"
    "<p>Text ht=\ntp://textsplit.example.com/x=\ny</p>\n",
    ["https://split.example.com/?a=1&b=2", "http://textsplit.example.com/xy"])

put("html-script-style", H + "Subject: raw text elements\nContent-Type: text/html\n\n"
    "<html><head><style>a[href=\"https://style-sel.example/\"] { color: red } <a href=\"https://in-style.example/\"></style>\n"
    "<script>document.write('<a href=\"https://in-script.example/\">x</a>');</script></head>\n"
    "<body><noscript>no js</noscript><textarea>https://textarea.example/</textarea>\n"
    "<p>after https://after-script.example/&hellip; done</p>\n"
    "<iframe src=\"https://frame.example/embed\"></iframe><area href=\"https://area.example/\">"
    "<img srcset=\"https://srcset.example/a.png 2x\" src=\"https://img-src.example/a.png\">\n"
    "<input type=\"image\" src=\"https://input.example/btn.png\">\n</body></html>\n",
    ["https://textarea.example/", "https://after-script.example/", "https://frame.example/embed",
     "https://area.example/", "https://img-src.example/a.png", "https://input.example/btn.png"])

put("html-base-proto", H + "Subject: base with protocol-relative\nContent-Type: text/html\n\n"
    "<base href=\"https://portal.example.net/app/\">\n"
    "<a href=\"//cdn.example.net/x.js\">cdn</a> <a href=\"?page=2\">next</a> <a href=\"mailto:a@example.net\">m</a>\n"
    "<a href=\"data:text/html,hi\">d</a> <a href=\"JavaScript:alert(1)\">j</a> <img src=\"CID:abc@example.net\">\n",
    ["https://portal.example.net/app/", "https://cdn.example.net/x.js", "https://portal.example.net/app/?page=2",
     "mailto:a@example.net"])

put("html-text-entities", H + "Subject: entities in text\nContent-Type: text/html; charset=utf-8\n\n"
    "<p>Path https://ent.example.org/a&#47;b&#x2F;c and <span>https://span.example.org/</span><span>glued</span></p>\n"
    "<pre>\nhttps://pre.example.org/one\n  https://pre.example.org/two.\n</pre>\n"
    "<p>Visit www.example.org or https://www.example.org/&#8203;zw</p>\n",
    ["https://ent.example.org/a/b/c", "https://span.example.org/", "https://pre.example.org/one",
     "https://pre.example.org/two", "https://www.example.org/"])

put("headers-2047-more", "From: a@example.org\nTo: b@example.org\n"
    "Subject: =?ISO-2022-JP?B?" + base64.b64encode("お知らせ https://jp2047.example/n/1".encode("iso-2022-jp")).decode() + "?=\n"
    "X-Campaign: =?windows-1252?Q?Link=3A_https=3A//w2047.example/a=5Fb_=93quoted=94?=\n"
    "X-Folded: =?utf-8?q?https://fold2047.example/pa?=\n =?utf-8?q?th?=\n"
    "X-Apart: =?utf-8?q?https://apart.example/x?= plain =?utf-8?q?y?=\n"
    "Content-Type: text/plain\n\nbody\n",
    ["https://jp2047.example/n/1", "https://w2047.example/a_b", "https://fold2047.example/path", "https://apart.example/x"])

put("headers-case", "FROM: a@example.org\nSUBJECT: caps\nMIME-VERSION: 1.0\n"
    "CONTENT-TYPE: MULTIPART/ALTERNATIVE; BOUNDARY=\"CaseB\"\n\n--CaseB\nCONTENT-TYPE: TEXT/HTML; CHARSET=UTF-8\n"
    "CONTENT-TRANSFER-ENCODING: BASE64\n\n" + b64(b"<a href=\"https://caps.example/?x&amp;y\">c</a>") + "--CaseB--\n",
    ["https://caps.example/?x&y"])

put("mime-boundary-padding", H + "Subject: boundary details\n"
    "Content-Type: multipart/mixed;\n boundary=\"=_NextPart_000_0012_01D5A1B2.C3D4E5F6\"\n\n"
    "--=_NextPart_000_0012_01D5A1B2.C3D4E5F6   \nContent-Type: text/plain\n\none https://pad1.example/\n"
    "--=_NextPart_000_0012_01D5A1B2.C3D4E5F6\t\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n"
    + b64(b"<a href=\"https://pad2.example/?a&amp;b\">two</a>")
    + "--=_NextPart_000_0012_01D5A1B2.C3D4E5F6--  \n",
    ["https://pad1.example/", "https://pad2.example/?a&b"])

put("mime-no-boundary-param", H + "Subject: multipart without boundary\nContent-Type: multipart/alternative\n\n"
    "Text https://nobnd.example/ here\n",
    ["https://nobnd.example/"])

put("mime-signed", H + "Subject: signed\nContent-Type: multipart/signed; micalg=pgp-sha256;\n"
    " protocol=\"application/pgp-signature\"; boundary=\"sig\"\n\n--sig\nContent-Type: text/plain; charset=utf-8\n"
    "Content-Transfer-Encoding: quoted-printable\n\nRelease notes: https://rel.example.org/v2.0 =E2=80=94 enjoy\n\n"
    "--sig\nContent-Type: application/pgp-signature; name=\"signature.asc\"\n\n-----BEGIN PGP SIGNATURE-----\n"
    "Comment: https://keys.example.org\n\niQEzBAEBCAAdFiEE\n-----END PGP SIGNATURE-----\n--sig--\n",
    ["https://rel.example.org/v2.0"])

put("mime-inline-pgp", H + "Subject: inline signed\nContent-Type: text/plain\n\n-----BEGIN PGP SIGNED MESSAGE-----\n"
    "Hash: SHA256\n\nGet it at https://inline.example.org/dl\n-----BEGIN PGP SIGNATURE-----\n"
    "Comment: https://pgp-comment.example.org\n\niQEzBAEBCAAdFiEE\n-----END PGP SIGNATURE-----\n",
    ["https://inline.example.org/dl", "https://pgp-comment.example.org"])

put("mime-text-attachments", H + "Subject: patches\nContent-Type: multipart/mixed; boundary=P\n\n"
    "--P\nContent-Type: text/plain\n\nPatch attached.\n--P\nContent-Type: text/x-diff; name=fix.patch\n"
    "Content-Disposition: attachment; filename=fix.patch\n\n--- a/README\n+++ b/README\n"
    "-See http://old.example.org/\n+See https://new.example.org/\n"
    "--P\nContent-Type: application/json\n\n{\"url\": \"https://json.example.org/\"}\n"
    "--P\nContent-Type: message/rfc822\nContent-Transfer-Encoding: quoted-printable\n\n"
    "Subject: inner qp\nContent-Type: text/plain\n\nInner https://inner-qp.example.org/a=3Db\n--P--\n",
    ["http://old.example.org/", "https://new.example.org/", "https://inner-qp.example.org/a=b"])

put("mime-boundary-in-base64", H + "Subject: boundary cuts base64\nContent-Type: multipart/mixed; boundary=K\n\n"
    "--K\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n"
    + b64(b"first https://cut1.example/ ") + "--K\nContent-Type: text/plain\n\nsecond https://cut2.example/\n--K--\n",
    ["https://cut1.example/", "https://cut2.example/"])

put("cs-labels", (H + "Subject: charset labels\nContent-Type: multipart/mixed; boundary=C\n\n"
                  "--C\nContent-Type: text/plain; charset=ks_c_5601-1987\nContent-Transfer-Encoding: base64\n\n"
                  + b64("안내: https://ks.example.kr/a 입니다\n".encode("euc-kr"))
                  + "--C\nContent-Type: text/plain; charset = \"utf8\"\n\nutf8 https://utf8label.example/é\n"
                  "--C\nContent-Type: text/plain; charset=x-sjis\n\n").encode()
    + "案内 https://xsjis.example.jp/ソフト。\n".encode("shift_jis")
    + b"--C\nContent-Type: text/plain; charset=UTF-16BE\nContent-Transfer-Encoding: base64\n\n"
    + b64("be https://utf16be.example/x\n".encode("utf-16-be")).encode()
    + b"--C\nContent-Type: text/plain; charset=gb2312\n\n" + "网址：https://gb.example.cn/首页 。\n".encode("gb2312")
    + b"--C--\n",
    ["https://ks.example.kr/a", "https://utf8label.example/é", "https://xsjis.example.jp/ソフト",
     "https://utf16be.example/x", "https://gb.example.cn/首页"])

put("cs-html-sjis", (H + "Subject: sjis html\nContent-Type: text/html; charset=Shift_JIS\n"
                     "Content-Transfer-Encoding: base64\n\n").encode()
    + b64("<p>ガhttps://sjis-html.example.jp/a ダ</p><a href=\"https://sjis-html.example.jp/%E3%83%96?q=1&amp;r=2\">"
          "ブログ</a>\n".encode("shift_jis")).encode(),
    ["https://sjis-html.example.jp/a", "https://sjis-html.example.jp/%E3%83%96?q=1&r=2"])

put("cs-iso-2022-jp-html", (H + "Subject: jis html\nContent-Type: text/html; charset=iso-2022-jp\n\n").encode()
    + "<p>案内<a href=\"https://jis-html.example.jp/x\">こちら</a>、またはhttps://jis-html.example.jp/y。</p>\n"
      .encode("iso-2022-jp"),
    ["https://jis-html.example.jp/x", "https://jis-html.example.jp/y"])

mb1 = ("From a@example.org Thu Nov 26 08:00:00 2026\nFrom: a@example.org\nSubject: crlf one\n"
       "Content-Type: text/plain\n\nOne https://crlf1.example/\n\n")
mb2 = ("From b@example.org Thu Nov 26 08:05:00 2026\nFrom: b@example.org\nSubject: crlf two\n"
       "Content-Type: text/html\nContent-Transfer-Encoding: quoted-printable\n\n<a href=3D\"https://crlf2.example/?a=3D1&amp;b=\n=3D2\">t</a>\n\n")
put("mbox-crlf", (mb1 + mb2).replace("\n", "\r\n"), ["https://crlf1.example/", "https://crlf2.example/?a=1&b=2"], "mbox")

put("mbox-unescaped-from", "From a@example.org Thu Nov 26 09:00:00 2026\nFrom: a@example.org\nSubject: mboxo\n"
    "Content-Type: text/plain\n\nHi,\n\nFrom what I saw, https://unescaped1.example/ works.\n\n"
    "From c@example.org Thu Nov 26 09:10:00 2026\nFrom: c@example.org\nSubject: next\n"
    "Content-Type: text/html\n\n<a href=\"https://unescaped2.example/?k&amp;v\">x</a>\n",
    ["https://unescaped1.example/", "https://unescaped2.example/?k&v"], "mbox")

ypart = "=ybegin part=1 total=2 line=128 size=200 name=big.bin\n=ypart begin=1 end=100\n"
put("news-yenc-parts", "From: p@example.net\nNewsgroups: alt.binaries.test\nSubject: big.bin (1/2) yEnc\n"
    "Message-ID: <yp1@example.net>\n\nPart one, index at https://index.example.net/big\n" + ypart
    + "xx http://ypart.example/data/ yy\n=yend size=100 part=1 pcrc32=00000000\n-- \nhttps://sig.example.net/\n",
    ["https://index.example.net/big", "https://sig.example.net/"])

put("news-uuencode-upper", "From: p@example.net\nNewsgroups: alt.test\nSubject: uue\nMessage-ID: <uu2@example.net>\n\n"
    "Before http://before-uu.example/\n\nbegin 600 data.txt\n" + uu_line("HTTP://UU2.EXAMPLE/ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFG"[:60])
    + "`\nend\nAfter http://after-uu.example/\n",
    ["http://before-uu.example/", "http://after-uu.example/"])

# ================================================================ third batch
put("headers-2047-edges", "From: a@example.org\nTo: b@example.org\n"
    "Subject: =?utf-8?q?Re=3A_see_https://last.example/a?=\n"
    "X-Lang: =?utf-8*en?Q?https://lang.example/?=\n"
    "X-Broken: =?utf-8?Q?https://bad.example/x\n"
    "Content-Location: https://content-location.example/msg\n"
    "Content-Type: text/plain\n\nbody\n",
    ["https://last.example/a", "https://lang.example/", "https://bad.example/x",
     "https://content-location.example/msg"])

put("headers-realistic", "Return-Path: <bounce@mail.example.com>\n"
    "Received: from mail.example.com (mail.example.com. [192.0.2.25])\n"
    "        by mx.example.net with ESMTPS id a1si2;\n        Tue, 24 Nov 2026 10:00:00 -0800 (PST)\n"
    "Received-SPF: pass (example.net: domain of bounce@mail.example.com designates 192.0.2.25 as permitted sender) client-ip=192.0.2.25;\n"
    "Authentication-Results: mx.example.net; dkim=pass header.i=@example.com; spf=pass smtp.mailfrom=bounce@mail.example.com\n"
    "ARC-Seal: i=1; a=rsa-sha256; t=1764000000; cv=none; d=example.net; s=arc-2026; b=Zm9vYmFyYmF6cXV4\n"
    "X-Spam-Status: No, score=-0.1 required=5.0 tests=HTML_MESSAGE,URIBL_BLOCKED autolearn=ham\n"
    "Thread-Index: AQHZx1y2abcdEFGH\nFrom: Ann <ann@example.com>\nTo: bob@example.net\nSubject: realistic headers\n"
    "Message-ID: <CAF=abc+123@mail.example.com>\nContent-Type: text/plain\n\nBody https://realistic.example.com/\n",
    ["https://realistic.example.com/"])

put("news-headers", "Path: news.example.net!feeder.example.org!not-for-mail\nFrom: Dan <dan@example.org>\n"
    "Newsgroups: comp.lang.c,comp.std.c\nSubject: Re: undefined behaviour\nDate: Tue, 24 Nov 2026 10:00:00 +0000\n"
    "Organization: Example Org\nMessage-ID: <n1@example.org>\nReferences: <n0@example.org>\n"
    "Xref: news.example.net comp.lang.c:123456 comp.std.c:7890\n"
    "Injection-Info: news.example.net; posting-host=\"abc\"; logging-data=\"123\"; mail-complaints-to=\"abuse@example.net\"\n"
    "User-Agent: Newsreader/1.0\nMIME-Version: 1.0\nContent-Type: text/plain; charset=ISO-8859-1\n"
    "Content-Transfer-Encoding: 8bit\n\n".encode() + "See the draft at <URL:http://www.open-std.example/jtc1/sc22/wg14/www/docs/n3096.pdf>, §6.5 and http://www.bücher.example/c.\n".encode("latin-1"),
    ["http://www.open-std.example/jtc1/sc22/wg14/www/docs/n3096.pdf", "http://www.bücher.example/c"])

put("flowed-edges", H + "Subject: flowed edges\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n\n"
    "> depth one https://depth.example/a \n>> depth two b\n\n"
    "Stuffed https://stuffed.example/a/ \n b/c\n\n"
    "Before sig https://beforesig.example/s \n-- \nName\n",
    ["https://depth.example/a", "https://stuffed.example/a/b/c", "https://beforesig.example/s"])

put("html-attr-edges", H + "Subject: attribute edges\nContent-Type: text/html; charset=utf-8\n\n"
    "<a href=\"https://noattrspace.example/\"title=\"t\">a</a> <a href = \"https://eqspace.example/\">b</a>\n"
    "<a href='https://sq.example/?q=&quot;x&quot;'>c</a> <a href=\"mailto:a@example.org?subject=a&amp;body=b\">d</a>\n"
    "<a href=\"https://phish.example/login\">https://bank.example/login</a>\n"
    "<p>&lt;URL:https://urlprefix.example/x&gt; and (&lt;https://paren.example/&gt;)</p>\n"
    "<a href=\"https://long.example/track?id=" + "a1b2c3d4" * 60 + "&amp;end=1\">long</a>\n",
    ["https://noattrspace.example/", "https://eqspace.example/",
     "mailto:a@example.org?subject=a&body=b", "https://phish.example/login", "https://bank.example/login",
     "https://urlprefix.example/x", "https://paren.example/",
     "https://long.example/track?id=" + "a1b2c3d4" * 60 + "&end=1"])

put("html-utf16", (H + "Subject: utf-16 html\nContent-Type: text/html; charset=utf-16\nContent-Transfer-Encoding: base64\n\n").encode()
    + b64("<a href=\"https://u16html.example/?a=1&amp;b=2\">ü</a> text https://u16text.example/ end\n".encode("utf-16")).encode(),
    ["https://u16html.example/?a=1&b=2", "https://u16text.example/"])

put("html-bom", (H + "Subject: bom\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n")
    + b64("\ufeff<a href=\"https://bom.example/\">bom</a>\n".encode()),
    ["https://bom.example/"])

put("mime-uuencode-in-part", H + "Subject: uuencoded in a MIME part\nContent-Type: multipart/mixed; boundary=U\n\n"
    "--U\nContent-Type: text/plain\n\nOld client attached it inline, see https://uu-part.example/\n\nbegin 644 x.bin\n"
    + uu_line("HTTP://UU3.EXAMPLE/ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFG"[:60]) + "`\nend\n--U--\n",
    ["https://uu-part.example/"])

put("newsletter-text-links", "From: Digest <digest@example.com>\nTo: bob@example.net\nSubject: Your digest\n"
    "List-Unsubscribe: <https://example.com/u/1>\nContent-Type: multipart/alternative; boundary=NL\n\n"
    "--NL\nContent-Type: text/plain; charset=utf-8\n\nTop story [1]\nSecond story [2]\n\nLinks:\n------\n"
    "[1] https://example.com/s/1?utm_source=digest&utm_medium=email\n[2] https://example.com/s/2?utm_source=digest&utm_medium=email\n"
    "--NL\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
    + qp(b"<p><a href=\"https://example.com/s/1?utm_source=digest&amp;utm_medium=email\">Top story</a></p>"
         b"<p><a href=\"https://example.com/s/2?utm_source=digest&amp;utm_medium=email\">Second story</a></p>"
         b"<p><a href=\"https://example.com/u/1\">unsubscribe</a> <img src=\"https://example.com/o/1.gif\"></p>\n")
    + "--NL--\n",
    ["https://example.com/u/1", "https://example.com/s/1?utm_source=digest&utm_medium=email",
     "https://example.com/s/2?utm_source=digest&utm_medium=email", "https://example.com/o/1.gif"])


# ================================================================ fourth batch
put("cs-jis-undeclared", b"From: a@example.org\nTo: b@example.org\nSubject: " + "件名https://rawjis.example/a".encode("iso-2022-jp")
    + b"\nDate: Tue, 24 Nov 2026 10:00:00 +0900\nMIME-Version: 1.0\nContent-Type: text/plain\n\n"
    + "本文はhttps://rawjis-body.example/b です。\n".encode("iso-2022-jp")
    + b"\n", ["https://rawjis.example/a", "https://rawjis-body.example/b"])

put("cs-jis-ascii-label", (H + "Subject: jis labelled us-ascii\nContent-Type: multipart/mixed; boundary=J\n\n"
                           "--J\nContent-Type: text/plain; charset=us-ascii\n\n").encode()
    + "案内https://jis-ascii.example/p\n".encode("iso-2022-jp")
    + b"--J\nContent-Type: text/html\n\n" + "<p>案内https://jis-html-nolabel.example/q</p>\n".encode("iso-2022-jp")
    + b"--J--\n", ["https://jis-ascii.example/p", "https://jis-html-nolabel.example/q"])


if __name__ == "__main__":
    for name, (ext, data, expected) in OUT.items():
        with open(f"{name}.{ext}", "wb") as f:
            f.write(data)
        with open(f"{name}.expected", "w", encoding="utf-8") as f:
            f.write("".join(u + "\n" for u in expected))
    print(len(OUT), "messages")
