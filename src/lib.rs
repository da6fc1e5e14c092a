//! Find URIs in free text — mail, USENET news, logs, RFCs — by the delimiting rules of
//! RFC 2396 Appendix E, and validate each against the real grammars.
//!
//! # Extracting
//!
//! [`extract()`] reads any [`std::io::Read`] in bounded memory and yields each [`Match`] with its
//! absolute byte [`Span`]; [`extract_slice`] does the same over bytes in memory, without
//! copying them. Both give the same matches for the same bytes, however a reader splits them.
//!
//! ```
//! let text = b"Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
//!              but you can probably pick it up from <ftp://ds.internic.\n\
//!              net/rfc/>.";
//! let uris: Vec<String> = urisift::extract_slice(text).map(|m| m.uri().to_owned()).collect();
//! assert_eq!(uris, ["http://www.w3.org/Addressing/", "ftp://ds.internic.net/rfc/"]);
//! ```
//!
//! A [`Match`] knows more than its text: its [`span`](Match::span) (the URI's bytes in the
//! input) and [`outer_span`](Match::outer_span) (with its wrapper), the [`pieces`](Match::pieces)
//! it was joined from, its [`Delimiter`], both [`readings`](Match::readings) of a URI broken after
//! a hyphen, and its [`parsed`](Match::parsed) components.
//!
//! ```
//! use urisift::{Delimiter, Span};
//! let text = b"see <URL:http://www-\n     diglib.stanford.edu/>";
//! let m = urisift::extract_slice(text).next().unwrap();
//! assert_eq!(m.readings(), ["http://www-diglib.stanford.edu/", "http://wwwdiglib.stanford.edu/"]);
//! assert_eq!(m.delimiter(), Delimiter::AngleUrlPrefix);
//! assert_eq!(m.outer_span(), Span::new(4, 47));
//! assert_eq!(m.pieces(), [Span::new(9, 20), Span::new(26, 46)]);
//! assert_eq!(m.parsed().host(), Some("www-diglib.stanford.edu"));
//! ```
//!
//! Over bytes in memory, when a URI's text and where it is are all a caller needs,
//! [`Matches::borrowed`] is the quickest way to take them: each URI comes as a
//! [`SliceMatch`] whose text is borrowed from the input wherever the input holds it as it is
//! (almost always), with its spans, delimiter and line, and nothing is allocated for it. A
//! [`Match`] owns its text, so that it outlives the input: one allocation per URI.
//!
//! ```
//! let text = b"Docs at https://example.org/guide and <ftp://ftp.example.org/pub/>.";
//! let found: Vec<_> = urisift::extract_slice(text).borrowed().collect();
//! assert_eq!(found[1].uri(), "ftp://ftp.example.org/pub/");
//! assert!(found.iter().all(|m| m.is_borrowed() && m.uri_bytes() == &text[m.span()]));
//! ```
//!
//! Options — the grammar, the maximum URI length, abbreviated `www.` URLs, line numbers,
//! mail, quoted-printable decoding in plain text, reporting rejected candidates — are set on an
//! [`ExtractorBuilder`], which [`build`](ExtractorBuilder::build)s a [`UriFinder`]: the finder
//! extracts, from any number of inputs, on any number of threads. Over a reader and over bytes
//! in memory the matches come from one iterator, [`Matches`] ([`Extractor`] and
//! [`SliceMatches`] name it for each), whose [`next_event`](Matches::next_event) also reports
//! candidates the parser rejected ([`Event::Rejected`], with its reason) and candidates longer
//! than the limit ([`Event::Overlong`]), so that nothing is lost silently.
//!
//! ```
//! use urisift::{Event, ExtractorBuilder};
//! let finder = ExtractorBuilder::new().abbreviated(true).report_rejected(true).build();
//! let mut events = finder.slice(b"see www.w3.org/Addressing/ and http://exa%mple.org/");
//! assert!(matches!(events.next_event(), Some(Event::Match(m)) if m.is_abbreviated()));
//! assert!(matches!(events.next_event(), Some(Event::Rejected(_))));
//! ```
//!
//! # The rules
//!
//! Appendix E of the draft that became RFC 2396 (and the appendix "Recommendations for URLs in
//! Context" of RFC 1738) say how URIs are delimited in plain text; where they are silent, the
//! extractor does what a careful reader of mail, news and logs does:
//!
//! 1. **A scheme starts a candidate**: the letters, digits, `+ - .` before a `:`, from the first
//!    letter (`+http://` in a crawler's user agent gives `http://`). Letters glued before
//!    `http`, `https` or `ftp` are text when the whole run is no registered scheme: text and a
//!    link run together (`hdhttps://x.example/` gives `https://x.example/`, and the `n` of a JSON
//!    string's `\n` escape is no part of the URL after it), while `shttp`, `sftp` and `tftp` stay
//!    whole. A scheme registered with
//!    IANA may be opaque (`mailto:`, `news:`, `urn:`, `tel:`, `geo:`); any other needs `//`, and
//!    so do registered names that are everyday words or log labels (`info:`, `session:`,
//!    `message:`); see the list in the source of `find/scheme.rs`. A scheme IANA does not list
//!    is reported when `//` follows it (`fstab://share`, `vscode://file/x`, `slack://open`):
//!    applications' own schemes are real links to their readers, and no registry names them
//!    all. Mail is read by the same rule: a mail client's own list of schemes is shorter,
//!    but meeting, editor and chat links (`zoommtg://`, `vscode://`) are what a reader clicks
//!    and what an analyst looks for, and the glued letters the registry would have kept out
//!    (`hdhttps://`) are text in mail as in plain text. A registered opaque scheme is held to
//!    its own grammar: `tel:+1-201-555-0123` is a
//!    URI, a redacted `tel:xxxxxxxxxxx` is no telephone number (RFC 3966) and is not reported.
//! 2. **A bare URI ends** at white space, a control character, or one of
//!    `< > " { } | \ ^ ` [ ]`, except for an IP literal `[…]` as the host and for balanced
//!    brackets after it (see [Brackets, parentheses and emphasis](#brackets-parentheses-and-emphasis)).
//!    In UTF-8 text it is read as an IRI (RFC 3987) and goes on through the Unicode text an IRI
//!    allows; Unicode delimiters end it (see [Unicode text](#unicode-text)). Bytes that are no
//!    UTF-8 end it. **Never a cut URI:** no option reports a URI that ends inside a word; a
//!    candidate that cannot be taken whole is dropped, and [`Event::Rejected`] says why.
//! 3. **Trailing punctuation** `. , ; : ! ? '`, and an opening bracket or quote — `(` or a
//!    typographic one (`“ « 「 （` …) — are not part of a bare URI, nor a `)` without its `(`;
//!    balanced parentheses stay (`https://en.wikipedia.org/wiki/Set_(mathematics)`). An
//!    opening bracket at the end has nothing after it to open in the URI (`see
//!    http://x/api( and` gives `http://x/api`); RFC 3986 allows `(` there, but a reader does not
//!    take it for part of the link. Inside `<…>` nothing is trimmed. A run of trailing
//!    punctuation is no part of the URI however long it is: one that reaches the length limit
//!    ([`max_uri_len`](ExtractorBuilder::max_uri_len)) ends the candidate where it starts, so a
//!    URI followed by 70,000 dots is reported, not skipped as overlong.
//! 4. **`<…>`**, with an optional `URL:`: all white space inside is removed and nothing is
//!    trimmed (`<ftp://ds.in⏎ ternic.net/rfc>`). A `<` that is not closed, or whose content is
//!    no URI, is not a wrapper: its content is read as ordinary text. One whose `>` comes only
//!    past the length limit is an overlong candidate: skipped and reported, never cut. A blank
//!    line or another `<` ends the search for `>`; in a quoted mail reply, the `> ` that starts
//!    each following line is not part of the URI.
//! 5. **`URL:`** is never part of the URI.
//! 6. **Quotes, brackets, braces** end a URI like any excluded character, unless balanced
//!    after the host; punctuation just inside the closing one is trimmed. A `(` right before the
//!    scheme pairs with the first `)` the URI leaves unmatched. A `'` right before the scheme
//!    pairs with the first `'` in the URI that no letter or digit follows, which ends it
//!    (`['http://a.example/','http://b.example/']` gives two URIs,
//!    `urlopen('http://x.example/').read()` one; `'http://x.example/it's'` keeps its
//!    apostrophe), and the URI is reported as quoted. Appendix E names double quotes only, and
//!    RFC 3986 allows `'` in a URI (a sub-delim); but code, logs and JSON-like text quote URIs
//!    in single quotes, and reading on through the closing quote joined two URIs into one that
//!    nobody wrote. A `'` that no quote opened stays in the URI, trimmed only at its end.
//!    Likewise a **`,` that a scheme and `://` follow** ends the URI before it, outside `<…>`:
//!    `http://a.example/x,http://b.example/y` (a list of URLs, a CSV row of a phishing feed)
//!    gives two URIs. RFC 3986 allows `,` in a URI, and other commas stay
//!    (`http://x.example/0,1413,00.html`); a query that lists URLs after commas
//!    (`?uris=http://a,http://b`) is cut there too, the price of reading lists right.
//! 7. **A line break right after a hyphen** continues the URI on the next line (inside `<…>`, in
//!    quotes, bare), and both readings are reported, the hyphen kept first. A bare URI that
//!    cannot end at a line break (`(https://⏎ www.debian.org/)`, a `%` escape split in two)
//!    goes on there too, when the joined text is a URI. Any other line break ends a bare URI.
//! 8. **Every candidate is validated** as a whole; an invalid one is dropped, never truncated.
//! 9. **Not extracted**: relative references, e-mail addresses and message-ids without a scheme,
//!    `host:port`. (An HTML link's relative value is reported resolved against its document's
//!    base, as a browser takes it: "Mail and news", "Web archives and pages", rules 5 and 6.)
//! 10. **Matches do not overlap**; the leftmost wins.
//! 11. **Abbreviated URLs** (`www.w3.org/Addressing/`, Appendix F) only when asked for.
//! 12. **Host names a reader would click** (issue 18 item 5): a candidate whose host is a
//!     registered name that fails [`uri::is_clickable_host`] gives no match and is rejected
//!     with [`uri::ErrorKind::UnclickableHost`]: labels split on `.`, one trailing dot allowed,
//!     no other empty label (`a..b`), no label that starts or ends with `-`, only ASCII
//!     letters, digits, `-`, `_` and Unicode letters, marks and digits, and a top label that
//!     starts with no ASCII digit unless the host is a dotted IPv4 address. So
//!     `https://${HOST}/`, `http://-example.com` and `https://example.com-/` give nothing, and
//!     neither does `http://999`, unless numeric hosts are asked for
//!     ([`ExtractorBuilder::numeric_hosts`], `urisift --flag numeric-ip`): then a host that
//!     browsers read as an IPv4 address (`http://3232235777/`, `http://0xC0A80101/`, the WHATWG
//!     URL Standard's IPv4 parser) is reported, flagged `numeric-ip`. `_` is allowed (`_dmarc.example.com`, intranet names);
//!     escapes are judged by what they decode to, so a host that hides an `@`
//!     (`…com%40www.evil.example`) is no name. The rule holds for every wrapper, for
//!     abbreviated `www.` URLs, and for the `href`, `src` and `action` values of HTML mail,
//!     which are validated whole like any candidate: the same URI gets the same answer
//!     wherever it stands. IP literals and the empty host (`file:///etc`) pass. It is a rule
//!     of the extractor only: [`uri::Uri::parse`] and the grammars of `urisift check` accept
//!     any `reg-name` (`urisift check --clickable-hosts` applies the rule there).
//! 13. **Defanged indicators** (issue 18 item 6, issue 38), as threat reports write them so
//!     that nobody follows them by accident: `hxxp`, `hxxps`, `fxp`, `h**p` and `h**ps` (any
//!     case: `hXXp`) are never schemes (`h**ps://x` is not the URI `ps://x`), and a candidate
//!     that stops right before `[.]`, `[dot]`, `{.}`, `[:]`, `[@]`, `[/]` or `[://]` (any
//!     case), whose host holds `(.)` or `(dot)`, or whose host alone is spaced out around a
//!     dot (`https://evil . example/x`, below), is dropped and rejected with
//!     [`uri::ErrorKind::Defanged`] rather than reported cut (`http://evil[.]example/` is not
//!     `http://evil`); so is a JSON string's URI that stops at such a mark. `(.)` elsewhere in
//!     a URI (its path) is left alone: parentheses are URI characters, and only in a host do
//!     they make it no name. With [`ExtractorBuilder::refang`] (`urisift --refang`) they are
//!     reported instead, refanged, whole or not at all: the bare text is read on across the
//!     marks (`[.]`, `[dot]`, `{.}`, `(.)`, `(dot)` as `.`; `[:]`, `[@]`, `[/]`, `[://]` as what
//!     they hold; `\/` as `/`, so `hxxps:\/\/evil[.]example\/x` in a string is read too),
//!     the defanged schemes become `http`, `https`, `ftp`, trailing punctuation is trimmed
//!     (rule 3), and the result is validated like any candidate (so `hxxp://-evil[.]example/`
//!     still gives nothing). A mark may stand for the colon (`hxxps[://]evil[.]example`,
//!     CyberChef's "Defang URL" output, and `https[:]//`) after `http`, `https`, `ftp` and the
//!     defanged schemes; no other name starts a candidate there (`note[:]`). **Spaced hosts:**
//!     ` . ` (one space each side) stands for a dot of the host when the authority is a host
//!     alone and a label of letters, digits and `-` follows it and then `/`, `:`, `?`, `#` or
//!     another ` . `; or, after a host with no dot (not `localhost`), when that label has a
//!     top-level domain's shape (2 to 24 lower-case letters: `hxxp://evil . com`). A sentence
//!     with a space before its full stop keeps its URI (`http://staging.example . Then`,
//!     `http://intranet . Then`). The match is
//!     flagged ([`Match::is_refanged`]) and its span is that of the text as written. Only the
//!     bare form is refanged (no `<…>`, quotes or line breaks). Text that only looks defanged
//!     is no indicator: `array[.]length` has no scheme, and Markdown's `[.](https://…)` is a
//!     link.
//! 14. **JSON and code strings** (issue 36): a URI written with a string's escapes is read as
//!     the string's reader reads it. A candidate whose colon is followed by `\/`
//!     (`"https:\/\/a.example\/x"`, as PHP's `json_encode` writes it), or that stands right
//!     after a `"` and whose bare scan stops at an escape standing for a URI character
//!     (`"https://a.example/?a=1\u0026b=2"`, as Go's encoder writes `&`), is read with its
//!     escapes decoded (RFC 8259 §7: `\/`, `\uXXXX` with surrogate pairs, …) up to the string's
//!     end, an escape that stands for a character no URI holds (`\"`, `\n`, `\\`) or a byte that
//!     ends a bare URI; then trimmed (rule 3) and validated like any candidate (an escape of a
//!     character outside ASCII makes an IRI). It is reported decoded, its span on the input's
//!     bytes, its [`Match::rewrite`] [`Rewrite::JsonEscapes`], and `quoted` with the string's
//!     quotes as its outer span when the string ends right after it. A `\` that starts no
//!     such escape ends a URI as before (`"http://x.example/a\d+"` gives `http://x.example/a`).
//!     A JSON document kept as a string of another (an API log's response body, a test
//!     fixture) has its escapes escaped again: when the slash after the colon is escaped twice
//!     (`https:\\\/\\\/`) or three times, each level is decoded in turn, the outer string's
//!     end bounding the inner one, and the URI is reported decoded as a reader of the inner
//!     document sees it; as the inner string's quotes are escapes, it is reported bare.
//! 15. **`mailto:` as it is sent** (issue 36 item 3): a mailto is validated by the generic
//!     syntax (RFC 3986) with an address — `local@domain`, one or more separated by `,`, in its
//!     path (the characters of an address as RFC 6068 §2 allows them), or a non-empty `to=`
//!     field in its query. Its query is any query the generic syntax allows, as mail clients
//!     and mailing lists send it: an empty first field (`mailto:a@b.example?&cc=c@b.example`),
//!     `/`, `?` and `=` in a value (`?subject=https://x.example/p`,
//!     `?subject=QmFzZTY0==`). RFC 6068 §2 wants those percent-encoded, but a reader clicks
//!     such a link, and a mail client takes it. A URI inside a valid mailto's query is part of
//!     it, not a second match (rule 10). In a `List-Unsubscribe` field,
//!     `<mailto:x@b.example?subject=Campaign-Uid:1 / Subscriber-Uid:2 - Unsubscribe request>`
//!     is one URI, its white space removed (rule 4). A mailto with no address is still none
//!     (`mailto:?subject=…&body=https://x.example/` gives the URI in its body). Under
//!     [`strict`](ExtractorBuilder::strict) RFC 6068 §2 decides, as it does for
//!     [`uri::Uri::parse`] and `urisift check` (header fields of `qchar`s: `?&cc=`,
//!     `subject=a/b` and `subject=a==` are no URIs there).
//! 16. **Nested URIs** (issue 38 item 2), only with [`ExtractorBuilder::nested`]
//!     (`urisift --nested`): right after each match come the URIs found inside it, each followed
//!     by those inside it in turn, up to [`NESTED_DEPTH`] (4) levels. Inside a URI are read: the
//!     value of each query field (`name=value` between `&`s), percent-decoded, when it is a URI
//!     as a whole (`?url=https%3A%2F%2Fevil.example%2Fx`, `?q=https://x.example/`); the URL
//!     that a known link rewriter wraps, in the rewriter's own encoding (Outlook Safe Links'
//!     `url`; Proofpoint URL Defense v1's `u`, v2's `u` with `-XX` for a byte and `_` for `/`,
//!     v3's URL between `/v3/__` and `__;`; Google's `/url?q=`, Facebook's `/l.php?u=`); and
//!     the header fields of a `mailto:` (`subject`, `body`, …), percent-decoded, read as text
//!     with URIs anywhere in it. Whether a decoded text is a URI is the extractor's answer over
//!     it as plain text, so a nested URI is held to every rule above (a registered scheme or
//!     `//`, a host a reader would click, never cut: a value is one URI whole, or nothing). A
//!     malformed encoding (a `%` or a v2 `-` without two hex digits) gives nothing. A v3 URL's
//!     `*` marks (`**` and a letter, a run) stand for the characters the rewriter carries after
//!     `__;` in URL-safe base64, which are put back; when the two do not agree it gives
//!     nothing. A query value is cut at `&` as a server cuts it, so an unencoded
//!     inner query (`?q=https://a.example/?x=1&y=2`) gives `https://a.example/?x=1`. A nested
//!     match is delimited [`Delimiter::Nested`], flagged [`Flag::Nested`], and knows its outer
//!     match's index among the iterator's matches ([`Match::outer`]) and its
//!     [`depth`](Match::depth). Its span lies inside its outer's: that of its encoded text when
//!     the input holds the outer's text as it is (a percent-encoded value spans the value's
//!     bytes), else the outer's span (a match decoded from mail, joined across white space);
//!     read as mail, its [`Origin`] is its outer's, found [`Place::Nested`]. It runs on each
//!     match's text after extraction: the other matches, and extraction without it, are
//!     unchanged.
//!
//!     ```
//!     let finder = urisift::ExtractorBuilder::new().nested(true).build();
//!     let text = b"https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_p&d=x";
//!     let found: Vec<_> = finder.slice(text).collect();
//!     assert_eq!(found[1].uri(), "https://evil.example/p");
//!     assert_eq!((found[1].outer(), found[1].delimiter()), (Some(0), urisift::Delimiter::Nested));
//!     assert_eq!(&text[found[1].span()], b"https-3A__evil.example_p");
//!     ```
//!
//! # Unicode text
//!
//! By default ([`Grammar::Rfc3986`](uri::Grammar::Rfc3986), not
//! [`strict`](ExtractorBuilder::strict)) a candidate in UTF-8 text is read as an IRI
//! (RFC 3987 §2.2): the characters `ucschar` belong to it wherever RFC 3987 allows them (the
//! userinfo, the host, the path, the query, the fragment), and `iprivate` in the query (one
//! elsewhere makes the candidate invalid: it is dropped, not cut there). It is validated by the
//! IRI parser ([`uri::Uri::parse_iri`]) and reported as written, in UTF-8 and in the
//! normalization form it has in the text: `https://ja.wikipedia.org/wiki/東京`,
//! `http://www.bürgerentscheid-krankenhäuser.de`, `https://x.example/?q=Müller`. Where a reader
//! of the language would end it, it ends:
//!
//! - **Unicode delimiters** end an IRI as ASCII white space ends a URI: Unicode white space
//!   (U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), U+200B, U+FEFF;
//!   the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069; RFC 3987
//!   §4.1); the other **invisible format characters**: the soft hyphen U+00AD, U+180E, the word
//!   joiner and invisible operators U+2060–U+2064, the deprecated U+206A–U+206F, and a
//!   zero-width joiner or non-joiner (U+200D, U+200C) but where it shapes the letters around it
//!   (the rules of RFC 5892 Appendix A: after a virama, or a non-joiner between letters that
//!   join, as in Persian `می‌خواهم`). A reader does not see them, so no URI reported holds one:
//!   one ends the IRI where it stands, as white space does (`http://x.example/pay`, U+2060,
//!   `pal` gives `http://x.example/pay`), and an HTML link's value, taken whole, that holds one
//!   is rejected ([`uri::ErrorKind::Invisible`]). Ending rather than rejecting keeps what a
//!   reader sees of the URI up to there, as at a zero-width space; a URI that needs one is
//!   written percent-encoded (`%E2%81%A0`); the sentence punctuation `、 。 ， ！ ？ ： ； ．`
//!   with the half-width `｡ ､`, the ellipses `… ‥ ⋯`, the em dashes `— ― ⸺ ⸻` anywhere; the Arabic `، ؛ ؟ ۔` and the
//!   Devanagari `। ॥`; the full-width forms of the ASCII characters a URI excludes (`｜ ＜ ＞ ＂`
//!   …); emoji (`Extended_Pictographic`, Unicode 16.0, with U+FE0F, U+20E3, the regional
//!   indicators and the skin-tone modifiers; the `#`, `*` or digit of a keycap, `#️⃣`, is the
//!   emoji's); and anything that is neither `ucschar` nor `iprivate` (C1 controls,
//!   noncharacters).
//! - **Inside a word** combining marks stay; a zero-width joiner or non-joiner stays where it
//!   shapes a letter (above); a dash short of the em dash (U+2010–U+2013) stays before a
//!   letter, mark or digit (`Hatfield–McCoy_feud`), and ends the IRI otherwise
//!   (`http://x/y – z`); `’` between two letters is an apostrophe and stays (`Ender’s_Game`).
//! - **Typographic quotes and brackets** `“ ” ‘ ’ « » ‹ › „ ‚ 「 」 『 』 【 】 （ ） 〈 〉 《 》 〔 〕 〖 〗 ［ ］ ｛ ｝`
//!   work like parentheses: a closing one ends the IRI unless its partner is open inside it
//!   (`（https://example.cn/about）了解更多` gives `https://example.cn/about`); a matched pair
//!   stays; an opening one never starts an IRI and is trimmed when left at the end
//!   (`„https://x/seite“`, `»https://x/artikel«`). `“` and `‘` close the German `„` and `‚`
//!   when one is open inside, and open otherwise; `«` and `‹` open, `»` and `›` close (a German
//!   `»…«` inside an IRI is not paired).
//! - Inside `<…>` an IRI holds any `ucschar` or `iprivate` but those delimiters.
//! - A URN stays ASCII (RFC 8141): read as a URI, as under the other rules below.
//!
//! Read as URIs — under [`strict`](ExtractorBuilder::strict) (RFC 3986 and the RFC 2396 draft:
//! no character outside ASCII, no `[ ] { }` outside an IP literal), under another grammar, or
//! for a URN — a candidate stops at the first byte outside ASCII, and is dropped when an IRI
//! would have gone on there (strict: [`uri::ErrorKind::Excluded`] names the character) or, under
//! another grammar, when a letter, mark or digit goes on its word
//! ([`uri::ErrorKind::CutInWord`]). Text in ASCII is read the same either way, at the same
//! speed: the scans stop at every byte outside ASCII anyway, and only there is Unicode looked at.
//!
//! # Brackets, parentheses and emphasis
//!
//! - A **balanced `[...]` or `{...}` after the host** — in the path, query or fragment, nested
//!   up to four deep — stays, as balanced parentheses do:
//!   `http://example.org/list.php?ids[]=1&ids[]=2`, `http://api.example.org/users/{id}/posts`,
//!   a URI template read whole (`https://cdn.example/{lib}.{build[arch]}.js`, never cut at its
//!   first brace). RFC 3986 does not allow them there, but they are common in URIs as written,
//!   and cutting there gives another link. An unbalanced one ends the URI; in the host they end
//!   or reject it (`https://{region}.x/` is no URI). The IRI parser validates the URI with each
//!   such pair standing in as `~`. Under [`strict`](ExtractorBuilder::strict) such a candidate
//!   is dropped.
//! - **Link text after a URI** is not part of it: a `[…]` with something in it, right after a
//!   letter or digit of a path or of a query value, that the URI ends with — AsciiDoc's
//!   `https://x.example/r.pdf[the report]` and `link:https://…[text]`, BBCode's
//!   `[url]https://x.example/t[/url]`, a footnote mark (`http://x.example/draft.txt[2]`) — gives
//!   the URI before it; so does one after a `/` that starts with an upper-case letter
//!   (`https://x.example/blog/[Blog]`), and any `[…]`, even empty, after AsciiDoc's `link:`
//!   macro (its attribute list: `link:https://x.example/blog/[the blog]`). Brackets after `=`,
//!   `/` or another delimiter (`ord=[timestamp]`, `/[draft]/`, `/users/[id]`) and after a query
//!   parameter's name (`?item[size]`, an array's key) stay.
//! - A **defanged mark** (`[.]`, `{.}`, `[dot]`, `[:]`, …) is no bracket of a URI: a candidate
//!   that comes to one anywhere is a defanged indicator (rule 13), never a live URI
//!   (`http://files.example/payload[.]exe` gives nothing, or with
//!   [`refang`](ExtractorBuilder::refang) the URI it stands for).
//! - A **`(` right before the scheme** pairs with the first `)` the URI leaves unmatched, which
//!   ends it: `(http://one.org/)(http://two.org/)` gives two URIs, `(http://foo.com/bar)more`
//!   gives `http://foo.com/bar`; `(https://en.wikipedia.org/wiki/Set_(mathematics))` keeps its
//!   inner pair.
//! - A **`)` inside the URI that closes a parenthetical opened further back** in the text
//!   stays in the URI, as Appendix E reads it: `(see https://x.example/a).Next` gives
//!   `https://x.example/a).Next` (at the end of the URI, rule 3 trims it: `(see
//!   https://x.example/a).` gives `https://x.example/a`). Reading the parenthetical around the
//!   URI is what a reader does, but every candidate that holds a `)` must then be scanned for
//!   one it leaves unmatched and the text before it for an unclosed `(`: measured, that cost
//!   2.0% of the instructions on the log workload and 2.2% on the dense one, over the budget
//!   of plain text, for a shape that is rare (a word glued after the closing parenthesis).
//! - **Markdown emphasis and AsciiDoc passthrough**: when a run of one to three `*`, `_`, `~`
//!   or `+` stands right before the scheme (after no letter or digit), the same run at the end
//!   of the URI closes it and is not part of it: `*https://x/bold*`, `**https://x/bold**`,
//!   `~~https://x/old~~`, `+https://x/raw+`, `++https://x/raw++` give `https://x/…` without the
//!   marks, refanged indicators too (`++hxxp://x[.]example/p++`). Without the run before the
//!   scheme a trailing `*` or `+` stays (they are URI characters), and a URI that does not end
//!   with the run keeps its end (a crawler's `(+http://www.google.com/bot.html)`).
//!
//! In text not read as mail (see below), mail bodies sent as quoted-printable (RFC 2045) can
//! be read as a mail client shows them, when asked for ([`ExtractorBuilder::quoted_printable`],
//! off by default): after a `Content-Transfer-Encoding: quoted-printable` header line, soft line
//! breaks are joined and `=3D` is read as `=`, up to the next MIME boundary, mbox `From ` line
//! or `Content-Transfer-Encoding` header line. The decoded text is what the extractor reads, so
//! a URI whose colon or slashes are encoded (`href=3D"http=3A=2F=2F…`) is found as well. When
//! the header is a body part's, whose header lines follow a delimiter line of its multipart
//! (`--` and the boundary, RFC 2046 §5.1.1), only that boundary's delimiter lines end the part,
//! so that a forwarded message's `----- Original Message -----` or the delimiter lines of a
//! message quoted in the part do not; otherwise (a message's own header, or a part whose
//! opening line was not seen) a line of `--` and boundary characters is taken for one. Where
//! regions start and end is read from the input's raw lines, ahead of the extraction (a
//! decoding pre-pass): from the lines just before each header, not from a `Content-Type`
//! header that may lie any distance back, so that a range of the input reads it the same way
//! ("Shards", below).
//!
//! # Mail and news
//!
//! An input that starts as mail or news — an mbox `From ` line, or a header block (RFC 5322,
//! RFC 5536) with a field such as `From:`, `Subject:`, `Received:`, `Newsgroups:` or
//! `Content-Type:`, ended by an empty line — is read as a mail reader shows it
//! ([`ExtractorBuilder::mail`], [`MailMode`]):
//!
//! - an mbox is split into messages at its `From ` lines (after an empty line, and dated with a
//!   time of day, as RFC 4155 §2 writes them: `From a@example.org Thu Jan  9 10:00:00 2026`)
//!   before anything else, so that a broken message cannot swallow the next;
//! - every header field of every message and part is read, unfolded, its RFC 2047
//!   encoded-words decoded ([`ExtractorBuilder::mail_headers`] picks which);
//! - the MIME tree (RFC 2045, RFC 2046) is walked: every part of every multipart, all
//!   alternatives, `message/rfc822` forwards and digest entries; `text/*` parts are decoded
//!   from base64 or quoted-printable and from their charset (7-bit text with ISO-2022-JP's
//!   escape sequences, in a part without a charset label or in a header field, is read as
//!   ISO-2022-JP, so that no `B` of `ESC ( B` starts a scheme), format=flowed lines are joined
//!   (RFC 3676); `image/`, `audio/`, `video/`, `application/` parts, and uuencoded and yEnc
//!   blocks in text, are not read;
//! - an HTML part gives the `href`, `src` and `action` values of its elements, taken as a
//!   browser takes them (character references decoded, TAB, CR and LF removed, relative ones
//!   resolved against an absolute `<base href>`, RFC 3986 §5.2, and marked
//!   [`Rewrite::Resolved`]; the base is reported too, as the sender's site; without one, a
//!   relative value gives nothing), each validated whole: a value that is not a URI as a
//!   whole gives nothing ([`Delimiter::HtmlAttribute`]); `cid:`, `mid:`, `data:` and
//!   `javascript:` values are not reported. Its visible text (not `script`, `style`, comments)
//!   is read as plain text;
//! - the preamble and the epilogue of a multipart are read as plain text: mail readers hide
//!   them, but a reader without MIME sees them, and a scan that skipped them would let text
//!   hide there.
//! - lines end in LF or CRLF, and in a message that holds no LF at all, in a lone CR (classic
//!   Mac OS mail, still found in old archives and in bounces): such a message is walked with
//!   each CR read as a line feed, so its header fields, parts and encodings are read as in any
//!   other.
//!
//! Spans still point at the input's bytes: a URI in a base64 part spans the base64 text it
//! was decoded from, in [pieces](Match::pieces) where line breaks were skipped. Each match read
//! as mail knows where it was found ([`Match::origin`], [`Origin`]), unless the caller says it
//! does not want to know ([`ExtractorBuilder::origins`]: a count, or a list of URIs, is made
//! faster without).
//!
//! ```
//! let mail = b"From: news@example.org\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n\
//!              PGEgaHJlZj0iaHR0cHM6Ly9leGFtcGxlLm9yZy8/YT0xJmFtcDtiPTIiPmdvPC9hPg==\n";
//! let m = urisift::extract_slice(mail).next().unwrap();
//! assert_eq!(m.uri(), "https://example.org/?a=1&b=2");
//! assert_eq!(m.origin().unwrap().place().to_string(), "html:href");
//! assert_eq!(&mail[m.span()][..8], b"aHR0cHM6"); // the base64 of `https:`
//! ```
//!
//! Mail is read a message at a time: an mbox is split at its `From ` lines as it is read, and
//! a reader holds one message (at most [`MAIL_MAX`] bytes, 64 MiB, by default:
//! [`ExtractorBuilder::mail_message_max`]) with what it decodes from it, so a mailbox of any
//! size is read as mail in bounded memory. A MIME structure is only known at its end, so the
//! matches of a message come once it is read to its end. A message longer than the bound is
//! read as plain text, as below, in the rolling window, up to the next separator line of the
//! mbox, where reading as mail goes on (an input that is one message, to its end); by a
//! reader and over a slice alike. No URI of its text is lost, but what only decoding shows (a
//! base64 part) is not found; [`Matches::long_messages`] counts such messages and
//! [`Matches::plain_from`] says where the first starts (the command line warns). A line
//! that starts `From ` is a separator line only when it is at most 998 bytes long (RFC 5322
//! §2.1.1's line limit), so that looking for the end of a long message holds a bounded window.
//! MIME entities are decoded however deep they nest, as long as the bodies decoded, each
//! level's counted, come to at most 64 times the message's length, so that a message is read in
//! time linear in its length: the bodies of one level are apart, so at least 64 levels are
//! always decoded (a message of nested parts and nothing else, about 128). Below that depth a
//! body is read as plain text, as above: its URIs as written are found, what only decoding
//! shows is not; [`Matches::deep_from`] says where the first such message starts and from
//! which depth, [`Matches::deep_messages`] counts them (the command line warns).
//! Other input is read as plain text in a rolling window, as below.
//!
//! # Web archives and pages
//!
//! An input that starts `WARC/1.0` or `WARC/1.1` and a line break (a WARC or WET file, after
//! the command line's `-z` has decompressed it) is read as a web archive, record by record
//! ([`ExtractorBuilder::warc`], [`WebMode`]); one that starts `<!DOCTYPE html` or `<html` (any
//! case, after an optional byte order mark and white space) is read as a saved web page
//! ([`ExtractorBuilder::html`]). Both come before mail: a WARC header block would pass for a
//! mail header. The rules (WARC 1.1 is ISO 28500:2017; HTTP is RFC 9110 and RFC 9112):
//!
//! 1. **Records** are split by their header blocks (a version line, `Name: value` fields, an
//!    empty line) and their `Content-Length` (§5.3), never by searching their content. A
//!    record is well formed when its content is followed by its two CRLFs and then the next
//!    record's `WARC/` or the end of the input (§4). One that is not — no `Content-Length`, a
//!    length that lies, an input that ends inside it — gives nothing, is counted
//!    ([`Matches::web_tally`], [`WebTally`]; the command line warns), and the reading goes on
//!    at the next line that starts `WARC/1.` after its header.
//! 2. **What each record type gives**: a `response` its HTTP message (below); a `resource`
//!    its content, read by the record's `Content-Type`; a `conversion` (WET) its text;
//!    `warcinfo`, `request`, `metadata`, `revisit` and `continuation` nothing. A record's
//!    header fields themselves (the target URI, the record id) give no match: they are the
//!    archive's bookkeeping, reported as each match's origin instead.
//! 3. **An HTTP response** gives the URIs of its `Location`, `Content-Location` and `Link`
//!    header fields, read as text (a `Link` value's `<…>` as any `<…>`; a relative `Location`
//!    gives nothing, rule 9), found as `http-header:NAME`; no other header field is read.
//!    Its body is read with its transfer coding (`chunked`, RFC 9112 §7.1; a body stored
//!    already unchunked, as crawlers often store it, is read as it is) and its content codings
//!    (RFC 9110 §8.4.1: `gzip`, `x-gzip`, `deflate` as zlib or raw, `br`, `zstd` with at most
//!    an 8 MiB window, RFC 9659) undone, last applied first. A coding not known gives nothing
//!    (counted). Without the `flate2`, `brotli` or `zstd` features (the command line has all
//!    three) a body in their coding is not read, and counted likewise.
//! 4. **A body is read by its media type**: `text/html` and `application/xhtml+xml` as a page
//!    (rule 5); other `text/*`, JSON, XML and JavaScript types as text; images, fonts,
//!    archives, PDF and other binary types not at all; a body without a type as a page when
//!    it starts like one, as text otherwise. Its charset is the one a byte order mark names,
//!    else the `Content-Type`'s `charset`, else, for a page, the one a `<meta>` element
//!    declares (the order of the WHATWG encoding sniffing); text without one is read as its
//!    bytes.
//! 5. **A page is read as a mail's HTML part is** (see [Mail and news](#mail-and-news)): the
//!    `href`, `src` and `action` values whole, character references decoded, relative ones
//!    resolved against the first `<base href>` when it is absolute ([`Rewrite::Resolved`]) and
//!    dropped without one; the URIs of the visible text; nothing from `script`, `style`,
//!    comments, nor `data:`, `javascript:`, `cid:`, `mid:` values. Unlike mail's, a page's
//!    `<base href>` is not reported: it says where the page is (its own address, or its
//!    site's), as the record's target URI does, and nobody reading the page follows it.
//! 6. **Relative links**, asked for ([`ExtractorBuilder::relative`], the command line's
//!    `--relative`), so that a crawl gives its link graph: each relative `href`, `src` and
//!    `action` value of a record's page is resolved (RFC 3986 §5.2, [`uri::resolve`]) against
//!    the page's base, the document base URL of WHATWG HTML §2.4.1: its first `<base href>`,
//!    itself resolved against the record's `WARC-Target-URI` (angle brackets of WARC 1.0
//!    removed), else that target URI. The match spans the value as written and its URI is the
//!    resolved one ([`Rewrite::Resolved`]); a value that is no URI reference (a space in it)
//!    gives nothing. Off (the default), only absolute links are reported, as in mail: those
//!    written with a scheme and those an absolute `<base href>` resolves. A saved page (or a
//!    record without a target URI) has no URI of its own, so its relative links are reported
//!    against an absolute `<base href>` only, either way. HTTP header fields are read as text
//!    (rule 3): a relative `Location` gives nothing with it too.
//!
//! Each match carries its [`Origin`]: the record's `WARC-Record-ID` ([`Origin::record`]) and
//! `WARC-Target-URI` ([`Origin::target_uri`]), the payload's content type, and where in it the
//! URI was ([`Place`]); a saved page's matches have neither id nor target. The matches of a
//! record too long to hold (below) carry its id and target too, the record's own content type,
//! and [`Place::Body`].
//!
//! **Spans** point at the input's bytes where the body is stored without a content coding:
//! through the chunking (a URI the chunking cut is in [pieces](Match::pieces) around the
//! chunk's size line) and the charset, as in mail. A body in a content coding has no map from
//! a decoded byte to the coded bytes it came from: each match decoded from it spans the whole
//! coded body in the input, one piece, whatever its place in the page. Offsets into such a
//! body are not reported.
//!
//! **Bounds.** A record is read once the input holds it whole, up to
//! [`ExtractorBuilder::mail_message_max`] bytes (64 MiB by default): a longer one is not
//! held: its content is read as plain text, as it is stored (no HTTP decoding, no HTML), in
//! the rolling window, as a message of mail too long to hold is, its end taken from its
//! length; it is counted. A content coding decodes to at most that many bytes: a decompression bomb is
//! cut there, and counted. A saved page longer than the bound is read as plain text. So an
//! archive of any size is read in memory bounded by a small multiple of the bound, in time
//! linear in its length. Ranges of an archive ([`UriFinder::slice_range`], the command
//! line's `-j`) own the records that start in them, as those of a mailbox own its messages
//! ("Shards", below).
//!
//! # Streaming, memory and time
//!
//! The reader path keeps a rolling window: a candidate may span at most the maximum URI length
//! ([`ExtractorBuilder::max_uri_len`], 64 KiB by default), and memory stays bounded by about
//! twice that, whatever the input's size. Every look-back is bounded and every forward scan
//! stops at the limit, and floods of `:`, `<`, `(`, `http://` or hyphen line breaks stay linear.
//! A read interrupted (`ErrorKind::Interrupted`) is retried; any other read error is yielded
//! once, after the matches found before it, and ends the iteration.
//!
//! # Shards
//!
//! [`UriFinder::slice_range`] and [`UriFinder::reader_range`] scan one byte range of an input
//! and report the events whose outer span (the wrapper included) starts in it, exactly as a scan
//! of the whole input reports them: for any partition of an input into ranges, the ranges'
//! matches, one after another, are the whole input's matches — the same URIs, readings, spans,
//! pieces and line numbers (`tests/shards.rs` cuts every file of `corpus/` and `tests/data/` at
//! random points and inside `<…>`, hyphen and soft line breaks, multi-byte UTF-8 and runs of
//! colons). Rejected and overlong candidates belong to a range the same way. What a range reads:
//!
//! - **After it**, up to the maximum URI length and a little slack past its end: a URI that
//!   starts in the range is read to its end, and a wrapper that opens in the range is read to
//!   its close.
//! - **Before it**, a warm-up: the scan starts some way back (at least the maximum URI length
//!   and a few KiB) and runs up to the range's start reporting nothing, so that a URI that
//!   starts before the range and runs into it is not reported again, and the guards that keep
//!   floods linear (a token scanned too often is skipped; an overlong candidate's token is
//!   skipped) stand where the whole scan has them. The state it arrives with — where the search
//!   resumes, the end of the last match, the guards, and the quoted-printable region with the
//!   boundary that ends it — is compared with that of a warm-up from further back; until they
//!   agree, both go further back, down to the start of the input if need be, which is exact.
//!   Two warm-ups from different points that arrive in the same state have forgotten where they
//!   started; the checked state is all the scan carries, so from there they agree with the whole
//!   scan unless its state before both points still shows, which the tests have not found.
//!   The state does not depend on how far the input was read past the point: an overlong
//!   candidate's token is skipped up to the range's start and no further, so on every flood of
//!   the tests two warm-ups agree at the first check, and a range reads a small multiple of the
//!   maximum URI length before its start, whatever its offset (`-j N` and `--range` stay linear).
//! - **Mail, from far before it**: whether the text at the range is quoted-printable depends on
//!   the last `Content-Transfer-Encoding` header, which may lie any distance back. With
//!   quoted-printable decoding asked for, the warm-up starts no later than the last such
//!   header line before the range, found by a search over the bytes before it (memchr speed).
//!   The header is found in any case, as the engine reads it. What ends a region is read from
//!   the lines just before its header (the delimiter line that opens the part), which the
//!   warm-up reads too.
//! - **Line numbers** are counted by a pass over the bytes before the range (a count of line
//!   feeds).
//! - **Mail read as mail** ([`ExtractorBuilder::mail`]): ranges snap to messages. A range owns
//!   the messages whose mbox `From ` separator line starts in it (the first message, and an
//!   input that is one message, start at offset 0), whatever their events' spans, and reads
//!   each to its end. What a message's reading needs from before it is its number in the
//!   input; so the range reads the input from its start, passing over the messages before it
//!   at the speed of the search for their separator lines (no MIME parsing, no scan, none of
//!   their bytes held), and counting their line feeds for line numbers. A message longer than
//!   [`ExtractorBuilder::mail_message_max`] is owned the same way: the range its separator line
//!   starts in scans it as plain text, as an input of its own (the scan of the whole input
//!   reads it so too), with all its events. The command line's `-j` cuts a mailbox into one
//!   range per thread (`tests/mail_shards.rs` cuts the corpus's mail at random points and
//!   around every separator line).
//!
//! A caller that cuts one input into many ranges, or a mailbox that arrives as a stream into
//! runs of whole messages, finds what it needs in [`shard`]: the bytes before each range
//! counted once for all ([`shard::Prefix`], [`shard::reader_range_after`]), or guessed and
//! checked at the ranges' seams ([`shard::Seam`]); a mailbox cut as it is read
//! ([`shard::mbox_cut`]) and its runs read apart ([`shard::reader_messages`],
//! [`shard::slice_messages`]). The command line's `--range START:END` and `-j N` (a large file
//! cut into ranges, a mailbox on standard input cut into runs, on N threads) are built on
//! these.
//!
//! A gzip file of many members (RFC 1952 §2.2: a `.warc.gz` holds one per record) is cut by the
//! command line before this crate sees it: with `-z` each run of members (a member that does not
//! end with a line feed, as BGZF's blocks, is read on into the next, and in a web archive or an
//! mbox so is one whose next does not start with `WARC/` or `From `) is an input of its own,
//! whose matches carry the offset in the file of the run's first member and spans into the
//! decompressed bytes from there, and a range of the compressed file owns the runs that start in
//! it (the command line's `input/members.rs` says how a range finds its first run, decompressing
//! at most the member before it).
//!
//! # How the crate is built
//!
//! One stage per folder, data flowing one way: `source/` (the input: bytes in memory or a reader
//! in a rolling buffer; line numbers) → `decode/` (what the extractor reads: the raw input, or
//! text a decoder made of it, with a map from each byte back to the input, so that every span
//! points at the input's bytes: quoted-printable regions of plain text, and `decode/mail/`,
//! the messages, MIME tree, charsets and HTML of mail, and `decode/warc/`, the records, HTTP
//! messages and pages of web archives) → `find/` (the prefilter: where a scheme may end in a colon) → `delimit/` (the
//! rules of Appendix E, each in one place: what follows a colon, the wrapper before a scheme,
//! `<…>`, the bare end and its line joins, trimming) → `uri/` (the validating parser) →
//! `extract/` (the engine's trigger loop, the candidate at each trigger, the lane that decides
//! common candidates in one pass from the same rules' shortcuts, the queue of events, and the
//! iterators). `chars/` holds the one byte-class table every rule reads. Where speed needs a
//! shortcut of a rule, it sits beside the rule and returns either nothing or exactly what the
//! rule returns; a test holds it to that, and `tests/lane.rs` and the `extract` fuzz target
//! compare the extractor with and without the lane built from them.
//!
//! # Validating
//!
//! The [`uri`] module is a validating parser usable on its own: [`uri::Uri::parse_with`] checks a
//! URI reference against RFC 3986, the RFC 2396 draft grammar, or RFC 1738, splits it into
//! components with exact spans, and resolves and normalizes it.
//!
//! Input is bytes; it need not be UTF-8. Offsets are byte offsets into the input as given.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod chars;
mod decode;
mod delimit;
mod extract;
mod find;
mod flags;
mod matches;
mod origin;
pub mod schemes;
pub mod shard;
mod source;
mod span;
pub mod uri;

use std::io::Read;

pub use extract::{
    BorrowedMatches, Extractor, ExtractorBuilder, Input, MAIL_MAX, MailMode, Matches, NESTED_DEPTH, Reader,
    Slice, SliceMatch, SliceMatches, UriFinder, WebMode, WebTally,
};
pub use flags::{Flag, Flags};
pub use matches::{Delimiter, Event, Match, Overlong, Rejected, Rewrite, Span};
pub use origin::{Origin, Place};

// Moved in 0.2.0: the shard plumbing to `shard`, the IRI mapping to `uri`. Kept here,
// deprecated, so that code written for 0.1 still builds and says where they went.

/// Moved to [`shard::Seam`].
#[deprecated(since = "0.2.0", note = "moved to `urisift::shard::Seam`")]
pub type Seam = shard::Seam;

/// Moved to [`shard::MboxCut`].
#[deprecated(since = "0.2.0", note = "moved to `urisift::shard::MboxCut`")]
pub type MboxCut = shard::MboxCut;

/// Moved to [`shard::MessageStart`].
#[deprecated(since = "0.2.0", note = "moved to `urisift::shard::MessageStart`")]
pub type MessageStart = shard::MessageStart;

/// Moved to [`shard::Prefix`].
#[deprecated(since = "0.2.0", note = "moved to `urisift::shard::Prefix`")]
pub type Prefix = shard::Prefix;

/// Moved to [`uri::iri_to_uri`].
#[deprecated(since = "0.2.0", note = "moved to `urisift::uri::iri_to_uri`")]
pub fn iri_to_uri(iri: &str) -> std::borrow::Cow<'_, str> {
    uri::iri_to_uri(iri)
}

/// Extracts URIs from a reader with the default options (see [`ExtractorBuilder`]).
///
/// ```
/// # fn main() -> std::io::Result<()> {
/// let log = &b"66.249.73.135 - - \"GET / HTTP/1.1\" 200 \"-\" \"Googlebot/2.1; +http://www.google.com/bot.html)\"\n"[..];
/// for m in urisift::extract(log) {
///     assert_eq!(m?.uri(), "http://www.google.com/bot.html");
/// }
/// # Ok(())
/// # }
/// ```
pub fn extract<R: Read>(reader: R) -> Extractor<R> {
    ExtractorBuilder::new().build().reader(reader)
}

/// Extracts URIs from bytes in memory with the default options (see [`ExtractorBuilder`]).
pub fn extract_slice(haystack: &[u8]) -> SliceMatches<'_> {
    ExtractorBuilder::new().build().slice(haystack)
}

/// Extracts URIs from text in memory with the default options: [`extract_slice`] of its bytes.
/// A match's spans are byte offsets into `haystack`, which they index directly.
///
/// ```
/// let text = "Docs: https://example.org/guide, mail <mailto:a@example.org>.";
/// let uris: Vec<String> = urisift::extract_str(text).map(|m| m.to_string()).collect();
/// assert_eq!(uris, ["https://example.org/guide", "mailto:a@example.org"]);
/// ```
pub fn extract_str(haystack: &str) -> SliceMatches<'_> {
    extract_slice(haystack.as_bytes())
}

/// The README's examples are compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
