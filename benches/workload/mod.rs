//! Deterministic generators of benchmark inputs: prose, mail, MIME mail, access logs,
//! URI-dense text, UTF-8 text with IRIs and adversarial floods. Shared by `benches/extract.rs` and `examples/generate.rs` (which writes
//! them to stdout for whole-process measurements), so the same bytes are measured everywhere.
//!
//! Each generator plants a known number of URIs and returns that count with the text, so that
//! the benches can assert what they measure.
#![allow(dead_code)]

/// A small xorshift64* generator: deterministic across platforms and runs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// The workloads, by name.
pub const WORKLOADS: [&str; 7] = ["prose", "mail", "mime", "log", "dense", "iri", "adversarial"];

/// Generates about `size` bytes of workload `name`; returns the text and the number of URIs a
/// correct extractor finds in it (`None` for an unknown name).
pub fn generate(name: &str, size: usize, seed: u64) -> Option<(Vec<u8>, usize)> {
    let mut g = Gen { rng: Rng::new(seed), out: Vec::with_capacity(size + 4096), uris: 0 };
    let step: fn(&mut Gen) = match name {
        "prose" => Gen::prose_paragraph,
        "mail" => Gen::mail_message,
        "mime" => Gen::mime_message,
        "log" => Gen::log_line,
        "dense" => Gen::dense_line,
        "iri" => Gen::iri_paragraph,
        "adversarial" => Gen::flood,
        _ => return None,
    };
    while g.out.len() < size {
        step(&mut g);
    }
    Some((g.out, g.uris))
}

/// The scan floor: the least work of an extractor that, like urisift, looks at the scheme before
/// every `:` (opaque schemes such as `mailto:` and `urn:` have no `//` to look for first) and
/// reports where each candidate ends. For every `:` (found with `memchr`), the run of scheme
/// characters before it, at most 64 bytes back; when the run holds a letter, the run of URI
/// characters after the colon up to the first byte that ends one (RFC 2396 Appendix E: white
/// space, controls, bytes outside ASCII, `< > " { } | \ ^ [ ] \``), and the search for the next
/// colon goes on after it. No wrapper, no trimming, no validation, no match built: what it
/// counts are candidates, not URIs. Set beside the peers in the benches, it tells how much of
/// an extractor's time is that scan, and which targets (such as twice a peer's throughput)
/// leave room for the rest of the work.
pub fn scan_floor(text: &[u8]) -> usize {
    const SCHEME: u8 = 1;
    const LETTER: u8 = 2;
    const ENDS: u8 = 4;
    static CLASS: [u8; 256] = {
        let mut t = [0; 256];
        let mut i = 0;
        while i < 256 {
            let b = i as u8;
            t[i] = if b.is_ascii_alphabetic() {
                SCHEME | LETTER
            } else if b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.') {
                SCHEME
            } else if b <= b' '
                || b >= 0x7f
                || matches!(b, b'<' | b'>' | b'"' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'[' | b']' | b'`')
            {
                ENDS
            } else {
                0
            };
            i += 1;
        }
        t
    };
    let class = |b: u8| CLASS[usize::from(b)];
    let (mut pos, mut found) = (0, 0);
    while let Some(k) = memchr::memchr(b':', &text[pos..]) {
        let colon = pos + k;
        let mut start = colon;
        let (mut letter, lowest) = (false, colon.saturating_sub(64).max(pos));
        while start > lowest && class(text[start - 1]) & SCHEME != 0 {
            start -= 1;
            letter |= class(text[start]) & LETTER != 0;
        }
        let mut end = colon + 1;
        if letter {
            while end < text.len() && class(text[end]) & ENDS == 0 {
                end += 1;
            }
        }
        if end > colon + 1 {
            found += 1;
            pos = end;
        } else {
            pos = colon + 1;
        }
    }
    found
}

const WORDS: &[&str] = &[
    "the",
    "of",
    "and",
    "to",
    "in",
    "a",
    "is",
    "that",
    "for",
    "it",
    "as",
    "was",
    "with",
    "be",
    "by",
    "on",
    "not",
    "he",
    "this",
    "are",
    "or",
    "his",
    "from",
    "at",
    "which",
    "but",
    "have",
    "an",
    "had",
    "they",
    "you",
    "were",
    "their",
    "one",
    "all",
    "we",
    "can",
    "her",
    "has",
    "there",
    "been",
    "if",
    "more",
    "when",
    "will",
    "would",
    "who",
    "so",
    "no",
    "resource",
    "identifier",
    "network",
    "protocol",
    "message",
    "server",
    "archive",
    "document",
    "reference",
    "address",
    "mailing",
    "list",
    "version",
    "section",
    "example",
    "describes",
    "following",
    "however",
    "between",
    "user-agent",
    "e.g.",
    "i.e.",
];

const HOSTS: &[&str] = &[
    "www.example.com",
    "ftp.isi.edu",
    "news.example.org",
    "www.w3.org",
    "ds.internic.net",
    "en.wikipedia.org",
    "lists.example.net",
    "192.0.2.17",
    "[2001:db8::7]",
    "host.example:8080",
];

const PATHS: &[&str] = &[
    "/",
    "/index.html",
    "/pub/ietf/uri/",
    "/wiki/Set_(mathematics)",
    "/rfc/rfc2396.txt",
    "/cgi-bin/search?q=uri+syntax&lang=en",
    "/a/b/c/d;p?q=1#frag",
    "/~user/page.html",
    "/archive/2002/09/",
];

impl Gen {
    fn word(&mut self) {
        let w = self.rng.pick(WORDS);
        self.out.extend_from_slice(w.as_bytes());
    }

    fn push(&mut self, s: &str) {
        self.out.extend_from_slice(s.as_bytes());
    }

    /// A random http/ftp URI; counts it.
    fn uri(&mut self) {
        let host = self.rng.pick(HOSTS);
        let path = self.rng.pick(PATHS);
        // ftp only with plain paths: its `;type=` parameter has rules of its own.
        let plain = !path.contains([';', '?', '#', '(']);
        let scheme = self.rng.pick(if plain { &["http", "https", "ftp"] } else { &["http", "https"] });
        self.push(&format!("{scheme}://{host}{path}"));
        self.uris += 1;
    }

    /// A paragraph of UTF-8 text as people paste it today: German, Chinese, Japanese, Russian
    /// and Arabic prose, IRIs (paths, queries and host names outside ASCII) and URIs, in
    /// typographic quotes and corner brackets, before full-width punctuation, no-break spaces
    /// and emoji; and a colon after a word outside ASCII that starts nothing (`Hinweis:`).
    fn iri_paragraph(&mut self) {
        const TEXT: &[&str] = &[
            "Die Straßenbahn fährt über die Brücke, und die Bürger warten geduldig",
            "我们在北京的会议上讨论了这个问题，大家都同意",
            "東京の天気は晴れで、明日も良い天気になるでしょう",
            "Мы обсудили этот вопрос на встрече в Москве",
            "ناقشنا هذه المسألة في الاجتماع",
            "Hinweis: um 10:30 Uhr beginnt die Sitzung; Verhältnis 3:1",
        ];
        const IRIS: &[&str] = &[
            "https://de.wikipedia.org/wiki/Straßenbahn",
            "https://ja.wikipedia.org/wiki/東京",
            "https://zh.wikipedia.org/wiki/北京市",
            "http://bücher.example/katalog?autor=Müller",
            "https://ru.wikipedia.org/wiki/Москва",
            "https://example.org/search?q=café&lang=fr",
            "https://en.wikipedia.org/wiki/Hatfield–McCoy_feud",
        ];
        // What stands before and after an IRI, ending it as a reader would.
        const AROUND: &[(&str, &str)] = &[
            ("„", "“ "),
            ("「", "」"),
            ("（", "）了解更多"),
            (" ", "。"),
            (" ", "\u{a0}und "),
            (" ", " 🎉 "),
            ("«", "» "),
            (" ", "、"),
        ];
        for sentence in 0..4 {
            let text = self.rng.pick(TEXT);
            self.push(text);
            if sentence % 2 == 1 {
                let (before, after) = AROUND[self.rng.below(AROUND.len())];
                self.push(before);
                if self.rng.below(4) == 0 {
                    self.uri();
                } else {
                    let iri = self.rng.pick(IRIS);
                    self.push(iri);
                    self.uris += 1;
                }
                self.push(after);
            }
            self.push("。 ");
        }
        self.push("\n\n");
    }

    /// A paragraph of prose: colons that are not URIs ("Note: 10:30"), rarely a URI.
    fn prose_paragraph(&mut self) {
        for sentence in 0..6 {
            if sentence == 2 {
                self.push("Note: at 10:30 the ratio was 3:1; see section 4.2 (as before). ");
            }
            let n = 8 + self.rng.below(14);
            for i in 0..n {
                self.word();
                self.push(if i + 1 == n { ". " } else { " " });
            }
        }
        if self.rng.below(40) == 0 {
            self.push("More at ");
            self.uri();
            self.push(". ");
        }
        self.push("\n\n");
    }

    /// A mail message: headers with colons and message-ids, a body with URIs in the contexts of
    /// Appendix E (angle brackets, wrapped `<URL:...>`, quotes, bare with punctuation, mailto).
    fn mail_message(&mut self) {
        let id = self.rng.next() % 100_000;
        self.push(&format!(
            "From list-admin@example.org Mon Sep  2 10:{:02}:00 2002\nReturn-Path: <list-admin@example.org>\n\
             Received: from mail.example.org (mail.example.org [192.0.2.1]) by mx.example.net; Mon, 2 Sep 2002 10:{:02}:00 +0100\n\
             Message-ID: <{id}.JavaMail@mail.example.org>\nFrom: Some One <someone@example.org>\n\
             To: list@example.org\nSubject: Re: [list] the URI syntax, again\nContent-Type: text/plain; charset=us-ascii\n\n",
            id % 60,
            (id / 60) % 60
        ));
        self.push("On Monday, someone wrote:\n> ");
        self.word();
        self.push(" ");
        self.word();
        self.push(", see <");
        self.uri();
        self.push(">\n\n");
        for _ in 0..4 {
            let n = 10 + self.rng.below(20);
            for _ in 0..n {
                self.word();
                self.push(" ");
            }
            self.push("\n");
        }
        match self.rng.below(4) {
            0 => {
                self.push(
                    "The archive is at <URL:http://lists.example.org/pipermail/\n    list/2002-September/",
                );
                self.push(&format!("{id}.html>.\n"));
                self.uris += 1;
            }
            1 => {
                self.push("Yes, I found it under \"");
                self.uri();
                self.push("\", thanks.\n");
            }
            2 => {
                self.push("(see ");
                self.uri();
                self.push(").\n");
            }
            _ => {
                self.push("Unsubscribe: mailto:list-request@example.org?subject=unsubscribe\n");
                self.uris += 1;
            }
        }
        self.push("--\nSome One, Example Org. Phone +1 555 0100\n\n");
    }

    /// An mbox message in MIME (RFC 2045, 2046) as newsletters are sent: a `List-Unsubscribe`
    /// header, a multipart/alternative of a quoted-printable text/plain part (a soft line break
    /// inside a URI, `=3D`) and a base64 text/html part (links with `&amp;` in their `href`, a
    /// tracking pixel, a URI in the visible text, one in a comment), and a base64 PDF
    /// attachment. Counts the URIs a mail reader offers: the header's, the text part's two and
    /// the HTML part's four; the comment's and the attachment's are not.
    fn mime_message(&mut self) {
        let id = self.rng.next() % 1_000_000;
        self.push(&format!(
            "From news@example.org Tue Sep  3 08:00:00 2002\nFrom: Example News <news@example.org>\n\
             To: reader@example.net\nSubject: This week at Example\nMessage-ID: <{id}@news.example.org>\n\
             List-Unsubscribe: <https://news.example.org/unsubscribe?id={id}>\nMIME-Version: 1.0\n\
             Content-Type: multipart/mixed; boundary=\"mixed-{id}\"\n\nThis is a multi-part message in MIME format.\n\
             --mixed-{id}\nContent-Type: multipart/alternative; boundary=\"alt-{id}\"\n\n\
             --alt-{id}\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
        ));
        self.uris += 1;
        let mut text = String::new();
        for _ in 0..3 {
            for _ in 0..12 {
                text.push_str(self.rng.pick(WORDS));
                text.push(' ');
            }
            text.push('\n');
        }
        self.push(&text);
        self.push(&format!(
            "Read it online: https://news.example.org/issues/{id}/index.html?utm_source=3Dmail&utm=\n\
             _medium=3Demail\nor write to mailto:editor@example.org?subject=3Dissue-{id}\n\n"
        ));
        self.uris += 2;
        self.push(&format!(
            "--alt-{id}\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
        ));
        let mut html = String::from("<html><body><table><tr><td>\n");
        for k in 0..3 {
            html.push_str(&format!(
                "<p><a href=\"https://news.example.org/story/{id}/{k}?from=mail&amp;pos={k}\">"
            ));
            for _ in 0..6 {
                html.push_str(self.rng.pick(WORDS));
                html.push(' ');
            }
            html.push_str("</a></p>\n<p>");
            for _ in 0..20 {
                html.push_str(self.rng.pick(WORDS));
                html.push(' ');
            }
            html.push_str("</p>\n");
        }
        html.push_str(&format!(
            "<!-- http://old.example.org/{id} --><p>Or visit http://www.example.org/ today.</p>\n\
             <img src=\"https://pixel.example.net/open.gif?id={id}\" width=\"1\" height=\"1\">\n\
             </td></tr></table></body></html>\n"
        ));
        self.uris += 5;
        self.push(&base64_lines(html.as_bytes()));
        self.push(&format!(
            "--alt-{id}--\n\n--mixed-{id}\nContent-Type: application/pdf; name=\"issue.pdf\"\n\
             Content-Transfer-Encoding: base64\nContent-Disposition: attachment; filename=\"issue.pdf\"\n\n"
        ));
        let mut pdf = b"%PDF-1.4 /URI (http://inside.example.org/pdf) ".to_vec();
        pdf.extend((0..1500).map(|_| self.rng.next() as u8));
        self.push(&base64_lines(&pdf));
        self.push(&format!("--mixed-{id}--\n\n"));
    }

    /// An Apache combined-format log line; the referer and the user agent hold URIs half the time.
    fn log_line(&mut self) {
        let ip = self.rng.next();
        let path = self.rng.pick(PATHS);
        self.push(&format!(
            "{}.{}.{}.{} - - [17/May/2015:10:05:{:02} +0000] \"GET {path} HTTP/1.1\" 200 {} ",
            ip % 223 + 1,
            (ip >> 8) % 256,
            (ip >> 16) % 256,
            (ip >> 24) % 256,
            ip % 60,
            (ip >> 32) % 50_000
        ));
        if self.rng.below(2) == 0 {
            self.push("\"");
            self.uri();
            self.push("\" ");
        } else {
            self.push("\"-\" ");
        }
        if self.rng.below(3) == 0 {
            self.push("\"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n");
            self.uris += 1;
        } else {
            self.push("\"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)\"\n");
        }
    }

    /// A line dense with URIs in varied contexts.
    fn dense_line(&mut self) {
        for _ in 0..4 {
            match self.rng.below(5) {
                0 => {
                    self.push("<");
                    self.uri();
                    self.push("> ");
                }
                1 => {
                    self.push("\"");
                    self.uri();
                    self.push("\", ");
                }
                2 => {
                    self.push("urn:ietf:rfc:");
                    let number = self.rng.below(9000) + 1000;
                    self.push(&number.to_string());
                    self.uris += 1;
                    self.push(" ");
                }
                3 => {
                    self.push("mailto:user@example.com, ");
                    self.uris += 1;
                }
                _ => {
                    self.uri();
                    self.push(". ");
                }
            }
        }
        self.push("\n");
    }

    /// A flood of one of the things that make an extractor work, 200 to 400 times over, then
    /// a URI on the same line. Each flood stands for a mechanism every extractor of this kind
    /// has, not for a weakness of one of the contenders:
    ///
    /// - `:` — a trigger on every byte;
    /// - `a:` — a trigger with a scheme-like word before it on every other byte;
    /// - `aaa…a://x` — a run of scheme characters far longer than any scheme, before `://`
    ///   (a look-back that is not bounded goes quadratic on a flood of these; linkify #115);
    /// - `http:// ` — schemes with `//` and nothing after them;
    /// - `<` — angle brackets that never close, each of which could open `<URL:…>`;
    /// - `<http:` — both at once: an unclosed `<` before every scheme;
    /// - a URI followed by a flood of `)` — unbalanced parentheses to trim (Appendix E);
    /// - a URI broken after a hyphen on every line (`x-⏎  y-⏎  y-⏎ …`) — joins to follow, and
    ///   two readings of a long candidate to validate.
    ///
    /// A correct extractor finds the URI after each flood, the URI before a `)` flood, and the
    /// hyphenated URI (both readings are valid; it counts once).
    fn flood(&mut self) {
        let n = 200 + self.rng.below(200);
        let repeat = |g: &mut Gen, unit: &str| {
            for _ in 0..n {
                g.push(unit);
            }
        };
        match self.rng.below(8) {
            0 => repeat(self, ":"),
            1 => repeat(self, "a:"),
            2 => {
                repeat(self, "a");
                self.push("://x");
            }
            3 => repeat(self, "http:// "),
            4 => repeat(self, "<"),
            5 => repeat(self, "<http:"),
            6 => {
                self.uri();
                repeat(self, ")");
            }
            _ => {
                self.push("http://a.example/x-\n");
                repeat(self, "  y-\n");
                self.push("  z");
                self.uris += 1;
            }
        }
        self.push(" ");
        self.uri();
        self.push("\n");
    }
}

struct Gen {
    rng: Rng,
    out: Vec<u8>,
    uris: usize,
}

/// The base64 of `bytes` (RFC 4648 §4) in lines of 76 characters, each ended by a line feed
/// (RFC 2045 §6.8).
pub fn base64_lines(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + bytes.len() / 57 + 4);
    for line in bytes.chunks(57) {
        for group in line.chunks(3) {
            let n = group.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
            for k in 0..4 {
                let c = if k <= group.len() { ALPHABET[(n >> (18 - 6 * k) & 63) as usize] } else { b'=' };
                out.push(c as char);
            }
        }
        out.push('\n');
    }
    out
}
