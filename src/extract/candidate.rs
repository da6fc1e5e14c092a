//! The candidate at one trigger: its wrapper, its delimited text, its readings, their
//! validation, and the [`Match`] or [`Rejected`] it becomes.
//!
//! The engine ([`super::engine`]) finds a trigger and hands over a [`Window`] of text around
//! it with a [`Map`] back to the input's offsets; everything here works on window indexes and
//! either decides or says [`Incomplete`](crate::delimit::Incomplete). The order of the attempts is that of Appendix E:
//! first `<...>` (white space inside ignored), then the candidate outside any angle bracket,
//! with its hyphen line breaks joined, then without them, then across a line break it cannot
//! end at.

mod handoff;

use std::borrow::Cow;

pub(crate) use handoff::{Candidate, CandidateStart, Outcome, Scratch};

use super::options::Options;
use super::queue::Queue;
use super::validate::{Kind, as_str, check, check_numeric_host, check_reading, shape_ok};
use crate::decode::Map;
use crate::delimit::colon::{After, after_colon};
use crate::delimit::end::Drop;
use crate::delimit::{self, AngleEnd, Joins, Scan, Start, Window, wrapper};
use crate::find::{self, SchemeRule};
use crate::matches::{Delimiter, Event, Match, MatchFields, Provenance, Rejected, Span};
use crate::uri::{ErrorKind, ParseError, Parts};

/// A valid candidate, before it becomes a [`Match`].
struct Valid<'t> {
    /// UTF-8 (ASCII for a URI), since it passed the validation: the reading in the text
    /// itself when it is in one piece, else a copy.
    uri: Cow<'t, [u8]>,
    alternate: Option<String>,
    parts: Parts,
    /// Whether `uri` is the second reading (the first was invalid).
    second: bool,
}

/// The verdict on a delimited candidate.
enum Verdict<'t> {
    /// Not a URI candidate after all (nothing after `//`, an opaque scheme's text of the wrong
    /// shape): nothing to report.
    NotCandidate,
    Valid(Valid<'t>),
    /// Rejected by the parser; the text is only built when rejections are reported.
    Invalid(Option<String>, ParseError),
}

impl Candidate<'_> {
    /// Delimits the candidate starting at `at` in `w` (wrappers looked for no further back than
    /// `floor`), validates it, and pushes its events.
    pub(crate) fn delimit(
        &mut self,
        w: &Window<'_>,
        map: &Map<'_>,
        at: CandidateStart,
        floor: usize,
    ) -> Scan<Outcome> {
        let text = w.text;
        let CandidateStart { start: s, colon } = at;
        // `hxxps[://]evil[.]example`: the colon is in a defanged mark, found when refanging.
        if let Some(c) = colon
            && text[c - 1] == b'['
        {
            return self.refang(w, map, s, Some(c - 1));
        }
        // `https:\/\/a.example\/x`: a JSON string's escapes (rule 14).
        if let Some(c) = colon
            && text.get(c + 1) == Some(&b'\\')
            && let Some(outcome) = self.escaped_string(w, map, s, c, floor)?
        {
            return Ok(outcome);
        }
        // Most colons in prose are `Note: text`: white space follows, so only `<…>` could hold
        // a URI here (`<mailto: rah@ibuc.com>`); decide that before anything else.
        let after = match colon {
            Some(c) => match after_colon(w, c)? {
                // A scheme longer than the length limit is reported as overlong by the bare scan.
                After::EmptyAuthority if c + 2 >= s + self.opts.max_uri_len => After::Slashes,
                After::EmptyAuthority => After::Other,
                after => after,
            },
            None => After::UriChar,
        };
        if after == After::Other && !delimit::may_open_angle(w, s, floor) {
            return Ok(Outcome::Skip);
        }
        let kind = match colon {
            Some(c) => match find::scheme_rule_at(text, s, c) {
                // `URL:`, or `hxxp`, `hxxps`, `fxp`: a defanged indicator, refanged when asked for.
                SchemeRule::Never => return self.never(w, map, s, c),
                // `h**ps://evil.example/`: the defanged scheme, not `ps` (a scheme of one or
                // two letters after a `*`; the lane leaves a scheme after `*` to this path).
                SchemeRule::NeedsSlashes if c - s <= 2 && s > w.lo && text[s - 1] == b'*' => {
                    match find::past_stars(text, s, c, w.lo.max(floor)) {
                        h if h < s => return self.never(w, map, h, c),
                        _ => Kind::Scheme { colon: c, shape: None },
                    }
                }
                SchemeRule::NeedsSlashes => Kind::Scheme { colon: c, shape: None },
                SchemeRule::Opaque(shape) => Kind::Scheme { colon: c, shape: Some(shape) },
            },
            None if find::www_starts_word(text, s, floor.max(w.lo)) => Kind::Www,
            None => return Ok(Outcome::Skip),
        };
        // Outside angle brackets, the byte after the colon must be able to go on.
        let bare = match (kind, after) {
            (Kind::Scheme { colon: c, .. }, After::Slashes) => Some((c + 1, Some(c + 3))),
            // `https:` / `//host/`: only a scheme that needs `//` may go on after a line break
            // right after its colon; `News:` / `SearchSecurity` is a label and a word.
            (Kind::Scheme { colon: c, shape: None }, After::LineBreak) => Some((c + 1, None)),
            (Kind::Scheme { colon: c, shape: Some(_) }, After::UriChar) => Some((c + 1, None)),
            (Kind::Scheme { .. }, _) => None,
            (Kind::Www, _) => Some((s, Some(s))),
        };
        if bare.is_none() && !delimit::may_open_angle(w, s, floor) {
            return Ok(Outcome::Skip);
        }
        let opener = delimit::opener(w, s, floor);
        let limit_end = s + self.opts.max_uri_len;
        // The default reading is an IRI (RFC 3987); a URN stays ASCII (RFC 8141).
        let iri = self.opts.reads_iris()
            && !matches!(kind, Kind::Scheme { colon: c, .. } if text[s..c].eq_ignore_ascii_case(b"urn"));

        // RFC 2396 App. E / RFC 1738 appendix: `<URL:…>`; white space inside is ignored, even
        // right after the colon (`<mailto: rah@ibuc.com>`).
        if let Some((lt, url)) = opener.angle {
            let end = delimit::angle(w, s, lt, limit_end, iri, &mut self.scratch.pieces)?;
            // Closed past the limit: an overlong candidate, when its content has what a URI of
            // its kind needs (`//` after a scheme that needs it); otherwise no candidate at all,
            // and the `<` is read as text.
            if let AngleEnd::Overlong(gt) = end {
                let sc = &mut *self.scratch;
                sc.pieces.write_reading(text, false, &mut sc.first);
                let start = sc.pieces.extent().map_or(s, |e| e.start);
                if shape_ok(kind, &sc.first, start) {
                    return Ok(Outcome::Overlong(Span::new(map.start(s), map.start(gt))));
                }
            }
            if let AngleEnd::Closed(gt) = end {
                let delimiter = if url { Delimiter::AngleUrlPrefix } else { Delimiter::Angle };
                match self.verdict(text, kind, iri) {
                    Verdict::Valid(valid) => {
                        self.push_match(valid, map, delimiter, lt..gt + 1, kind);
                        return Ok(Outcome::Matched(map.end(gt)));
                    }
                    Verdict::Invalid(candidate, error) => {
                        let rejected = self.rejected(candidate, error, map, delimiter, lt..gt + 1);
                        self.pending.extend(rejected.map(Event::Rejected));
                    }
                    Verdict::NotCandidate => {}
                }
            }
            // Not a wrapper: what it holds is scanned as ordinary text.
        }

        let Some((body, authority)) = bare else { return Ok(Outcome::Skip) };
        let start = Start { s, body, authority, iri };
        // First the reading of rule 7: hyphen line breaks joined. When that gives no URI, the
        // hyphens are taken as ordinary line ends; then, when the candidate stops at a line
        // break, the next line is joined, for a URI that cannot end there (`(https://` /
        // `www.debian.org/)`). Each later reading is tried only when it can differ.
        let mut first: Option<(u64, Option<Rejected>)> = None;
        let mut joins = Joins::HYPHEN;
        loop {
            let end = delimit::bare(w, start, joins, limit_end, &mut self.scratch.pieces)?;
            if end.overlong {
                if first.is_none() {
                    return Ok(Outcome::Overlong(Span::new(map.start(s), map.start(end.end))));
                }
                break;
            }
            if joins == Joins::REPAIR && !end.repaired {
                break;
            }
            // In a double-quoted string, an escape that stands for a URI character goes on
            // (`"https://a.example/?a=1\u0026b=2"`, rule 14).
            if end.stop == Some(b'\\')
                && joins == Joins::HYPHEN
                && let Some(c) = colon
                && let Some(outcome) = self.escape_in_string(w, map, &opener, s, c, end.end, floor)?
            {
                return Ok(outcome);
            }
            let (end, hyphens) =
                delimit::end::cut(text, &mut self.scratch.pieces, &opener, start, floor.max(w.lo), end);
            let Some(extent) = self.scratch.pieces.extent() else { break };
            let (delimiter, outer) = wrapper(text, &opener, extent.clone(), end);
            // Never a cut URI: a candidate that stops where it would be cut (a word goes on, a
            // defanged indicator's mark, under `--strict` an IRI) is dropped, never reported cut.
            if let Some(drop) = delimit::end::drop(w, start, &end, extent.end, limit_end, self.opts.strict)? {
                if drop == Drop::Defanged && self.opts.refang && joins == Joins::HYPHEN {
                    return self.refang(w, map, s, colon);
                }
                let error = match drop {
                    Drop::Excluded(c) => ErrorKind::Excluded(c),
                    Drop::CutInWord(c) => ErrorKind::CutInWord(c),
                    Drop::Defanged => ErrorKind::Defanged,
                };
                let rejected = self.dropped(w.text, map, error, delimiter, &outer);
                first.get_or_insert((map.start(end.end), rejected));
                break;
            }
            let tried = match self.verdict(text, kind, iri) {
                // A repaired URI needs a host that looks like one: `the http://` / `prefix`
                // is a mention, not a URI broken after its slashes.
                Verdict::Valid(valid) if joins == Joins::REPAIR && !host_looks_real(&valid) => None,
                Verdict::Valid(valid) => {
                    self.push_match(valid, map, delimiter, outer.clone(), kind);
                    return Ok(Outcome::Matched(map.end(outer.end - 1)));
                }
                Verdict::Invalid(candidate, error) => {
                    // `http://evil(.)example/`: the marks are URI characters, the host no name.
                    if *error.kind() == ErrorKind::Defanged
                        && self.opts.refang
                        && joins == Joins::HYPHEN
                        && self.scratch.pieces.segments.len() == 1
                    {
                        return self.refang(w, map, s, colon);
                    }
                    self.rejected(candidate, error, map, delimiter, outer)
                }
                Verdict::NotCandidate => None,
            };
            if first.is_none() {
                first = Some((map.start(end.end), tried));
            }
            joins = if joins == Joins::HYPHEN && hyphens {
                Joins::NONE
            } else if joins != Joins::REPAIR && at_white_space(text, end) {
                Joins::REPAIR
            } else {
                break;
            };
        }
        let Some((scan_end, rejected)) = first else { return Ok(Outcome::Skip) };
        self.pending.extend(rejected.map(Event::Rejected));
        Ok(Outcome::Scanned(scan_end))
    }

    /// The candidate whose colon at `c` is followed by `\`, read through a JSON string's
    /// escapes when `\/` follows it and its scheme counts ([`Candidate::json_string`]);
    /// `floor` is the end of the last match.
    #[cold]
    #[inline(never)]
    fn escaped_string(
        &mut self,
        w: &Window<'_>,
        map: &Map<'_>,
        s: usize,
        c: usize,
        floor: usize,
    ) -> Scan<Option<Outcome>> {
        // Whether the slash is escaped, and how many times, is told from the bytes after the
        // colon: a window that ends before them waits for more (a stream's window may end
        // anywhere; a slice's holds everything).
        if !w.complete && w.text.len() < c + 1 + delimit::json::ESCAPED_SLASH_MAX {
            return Err(delimit::Incomplete);
        }
        if !delimit::json::escaped_slash_after(w.text, c) {
            return Ok(None);
        }
        // `h**ps:\/\/`: the defanged scheme, not `ps`.
        let s = find::past_stars(w.text, s, c, w.lo.max(floor));
        if find::scheme_rule_at(w.text, s, c) == SchemeRule::Never {
            // `hxxps:\/\/evil[.]example\/x`: a defanged indicator in a string, refanged when
            // asked for.
            return if self.opts.refang { self.never(w, map, s, c).map(Some) } else { Ok(None) };
        }
        self.string_or_defanged(w, map, s, c, floor).map(Some)
    }

    /// The candidate opened by `opener`'s mark whose bare scan stopped at the `\` at `at`: read
    /// through a JSON string's escapes when a `"` opens it and the escape stands for a URI
    /// character ([`Candidate::json_string`]).
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)] // the candidate's place, as `delimit` holds it
    fn escape_in_string(
        &mut self,
        w: &Window<'_>,
        map: &Map<'_>,
        opener: &crate::delimit::opener::Opener,
        s: usize,
        c: usize,
        at: usize,
        floor: usize,
    ) -> Scan<Option<Outcome>> {
        if opener.mark.is_none_or(|mark| mark.open != b"\"") || delimit::json::uri_escape_at(w, at)?.is_none()
        {
            return Ok(None);
        }
        self.string_or_defanged(w, map, s, c, floor).map(Some)
    }

    /// [`Candidate::json_string`], and when its reading stops at a defanged indicator's mark,
    /// nothing, or with [`refang`](crate::ExtractorBuilder::refang) the indicator refanged.
    fn string_or_defanged(
        &mut self,
        w: &Window<'_>,
        map: &Map<'_>,
        s: usize,
        c: usize,
        floor: usize,
    ) -> Scan<Outcome> {
        match self.json_string(w, map, s, c, floor)? {
            Some(outcome) => Ok(outcome),
            None if self.opts.refang => self.refang(w, map, s, Some(c)),
            None => Ok(Outcome::Skip),
        }
    }

    /// A scheme that is never one (`URL:`, `hxxp`): nothing, or with
    /// [`refang`](crate::ExtractorBuilder::refang) a defanged indicator refanged.
    #[cold]
    #[inline(never)]
    fn never(&mut self, w: &Window<'_>, map: &Map<'_>, s: usize, c: usize) -> Scan<Outcome> {
        if self.opts.refang && delimit::defanged::refanged_scheme(&w.text[s..c]).is_some() {
            return self.refang(w, map, s, Some(c));
        }
        Ok(Outcome::Skip)
    }

    /// The rejected record of the candidate in the pieces, dropped for `kind` at its end, when
    /// rejections are reported.
    #[cold]
    #[inline(never)]
    fn dropped(
        &mut self,
        text: &[u8],
        map: &Map<'_>,
        kind: ErrorKind,
        delimiter: Delimiter,
        outer: &core::ops::Range<usize>,
    ) -> Option<Rejected> {
        if !self.opts.report_rejected {
            return None;
        }
        let sc = &mut *self.scratch;
        sc.pieces.write_reading(text, false, &mut sc.first);
        let candidate = String::from_utf8_lossy(&sc.first).into_owned();
        let error = ParseError::new(candidate.len(), kind);
        self.rejected(Some(candidate), error, map, delimiter, outer.clone())
    }

    /// Validates the readings of the delimited pieces: the first (every byte) and, when a
    /// hyphen ends a line inside, the second (those hyphens dropped).
    ///
    /// A reading in one piece is validated and kept where it stands in `text`, with no copy
    /// and no UTF-8 check of its own: what the validation accepts is UTF-8 (see
    /// [`check_reading`]).
    fn verdict<'t>(&mut self, text: &'t [u8], kind: Kind, iri: bool) -> Verdict<'t> {
        let sc = &mut *self.scratch;
        let Some(extent) = sc.pieces.extent() else { return Verdict::NotCandidate };
        let single = sc.pieces.segments.len() == 1;
        let first: &[u8] = if single {
            &text[extent.clone()]
        } else {
            sc.pieces.write_reading(text, false, &mut sc.first);
            &sc.first
        };
        if !shape_ok(kind, first, extent.start) {
            return Verdict::NotCandidate;
        }
        let grammar = self.opts.grammar;
        let one = check_reading(first, kind, grammar, iri, &mut sc.prefixed);
        let two = if sc.pieces.breaks.is_empty() {
            None
        } else {
            sc.pieces.write_reading(text, true, &mut sc.second);
            as_str(&sc.second).and_then(|r| Ok((r, check(r, kind, grammar, iri, &mut sc.prefixed)?))).ok()
        };
        match (one, two) {
            (Ok(parts), two) => Verdict::Valid(Valid {
                uri: if single { Cow::Borrowed(&text[extent]) } else { Cow::Owned(first.to_vec()) },
                alternate: two.map(|(r, _)| r.to_owned()),
                parts,
                second: false,
            }),
            (Err(_), Some((uri, parts))) => Verdict::Valid(Valid {
                uri: Cow::Owned(uri.as_bytes().to_vec()),
                alternate: None,
                parts,
                second: true,
            }),
            (Err(error), None) => {
                // `http://3232235777/`, when numeric hosts are asked for.
                if *error.kind() == ErrorKind::UnclickableHost
                    && self.opts.numeric_hosts
                    && let Ok(parts) = check_numeric_host(first, kind, grammar, iri, &mut sc.prefixed)
                {
                    let uri = if single { Cow::Borrowed(&text[extent]) } else { Cow::Owned(first.to_vec()) };
                    return Verdict::Valid(Valid { uri, alternate: None, parts, second: false });
                }
                let text = self.opts.report_rejected.then(|| String::from_utf8_lossy(first).into_owned());
                Verdict::Invalid(text, error)
            }
        }
    }

    fn push_match(
        &mut self,
        valid: Valid<'_>,
        map: &Map<'_>,
        delimiter: Delimiter,
        outer: core::ops::Range<usize>,
        kind: Kind,
    ) {
        let pieces = &self.scratch.pieces;
        let Some(extent) = pieces.reading_extent(valid.second) else { return };
        let span = map.span(extent);
        // A URI in one piece (the common case) keeps no list: `Match::pieces` gives its span.
        let mut spans = Vec::new();
        if pieces.segments.len() > 1 || !map.is_raw() {
            // Raw text gives one span per segment: hundreds for a URI broken over as many lines.
            spans.reserve_exact(pieces.segments.len());
            pieces.for_each_in_reading(valid.second, |r| map.pieces(r, &mut spans));
            if spans.len() == 1 && spans[0] == span {
                spans = Vec::new();
            }
        }
        let provenance = (valid.alternate.is_some() || !spans.is_empty()).then(|| {
            Box::new(Provenance {
                alternate: valid.alternate,
                pieces: spans,
                origin: None,
                rewrite: None,
                outer: None,
            })
        });
        let fields = MatchFields {
            span,
            wrap: Match::wrap(span, map.span(outer)),
            parts: valid.parts,
            provenance,
            delimiter,
            grammar: self.opts.grammar,
            abbreviated: kind == Kind::Www,
            quoted_printable: !map.is_raw(),
        };
        self.pending.push_match(&valid.uri, fields);
    }

    /// The record of a rejected candidate made of the current pieces, when rejections are
    /// reported (the candidate's text is only built then).
    fn rejected(
        &self,
        candidate: Option<String>,
        error: ParseError,
        map: &Map<'_>,
        delimiter: Delimiter,
        outer: core::ops::Range<usize>,
    ) -> Option<Rejected> {
        let (Some(text), Some(extent)) = (candidate, self.scratch.pieces.extent()) else { return None };
        Some(Rejected { text, span: map.span(extent), outer: map.span(outer), delimiter, error, line: 0 })
    }
}

/// The value of an HTML link attribute (`href`, `src`, `action`; issue 19 item 8), as a
/// browser takes it, validated whole: nothing is delimited inside it and nothing trimmed. It
/// is a match when all of it is a URI with a scheme that counts as one in text
/// ([`find::scheme_rule_at`], with the shape an opaque scheme needs), valid in the grammar.
/// Events are queued with spans of indexes into `value`. Returns whether the value was longer
/// than the maximum URI length (an [`Event::Overlong`] is queued then).
pub(crate) fn attribute_value(opts: &Options, value: &[u8], pending: &mut Queue) -> bool {
    let span = Span::new(0, value.len() as u64);
    if value.len() > opts.max_uri_len {
        pending.push_back(Event::Overlong(crate::matches::Overlong { span, line: 0 }));
        return true;
    }
    let Some(c) = memchr::memchr(b':', value) else { return false };
    if find::scheme_start(value, c, 0) != Some(0) {
        return false;
    }
    let kind = match find::scheme_rule_at(value, 0, c) {
        SchemeRule::Never => return false,
        SchemeRule::NeedsSlashes => Kind::Scheme { colon: c, shape: None },
        SchemeRule::Opaque(shape) => Kind::Scheme { colon: c, shape: Some(shape) },
    };
    if !shape_ok(kind, value, 0) {
        return false;
    }
    let mut prefixed = String::new();
    // The crate docs, "Unicode text": no URI reported holds an invisible format character; a
    // value taken whole is not cut there, but rejected.
    let checked = match delimit::unicode::invisible_in(value) {
        Some((at, c)) => Err(ParseError::new(at, ErrorKind::Invisible(c))),
        None => check_reading(value, kind, opts.grammar, opts.reads_iris(), &mut prefixed),
    };
    match checked {
        Ok(parts) => pending.push_match(
            value,
            MatchFields {
                span,
                wrap: [0, 0],
                parts,
                provenance: None,
                delimiter: Delimiter::HtmlAttribute,
                grammar: opts.grammar,
                abbreviated: false,
                quoted_printable: false,
            },
        ),
        Err(error) if opts.report_rejected => pending.push_back(Event::Rejected(Rejected {
            text: String::from_utf8_lossy(value).into_owned(),
            span,
            outer: span,
            delimiter: Delimiter::HtmlAttribute,
            error,
            line: 0,
        })),
        Err(_) => {}
    }
    false
}

/// Whether the host of a URI, if it has one, is an IP literal, `localhost`, or a name with a
/// dot in it.
fn host_looks_real(valid: &Valid<'_>) -> bool {
    match valid.parts.host().and_then(|h| valid.uri.get(h)) {
        None => true,
        Some(host) => {
            host.contains(&b'.') || host.starts_with(b"[") || host.eq_ignore_ascii_case(b"localhost")
        }
    }
}

/// Whether a bare scan stopped at white space, where a line break may follow.
fn at_white_space(text: &[u8], end: delimit::BareEnd) -> bool {
    matches!(end.stop, Some(b' ' | b'\t' | b'\r' | b'\n')) && end.end < text.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::validate::check;
    use crate::uri::Grammar;

    #[test]
    fn repaired_hosts_must_look_real() {
        fn valid(uri: &str) -> Valid<'_> {
            let parts = check(
                uri,
                Kind::Scheme { colon: 0, shape: None },
                Grammar::Rfc3986,
                true,
                &mut String::new(),
            );
            Valid {
                uri: Cow::Borrowed(uri.as_bytes()),
                alternate: None,
                parts: parts.unwrap(),
                second: false,
            }
        }
        assert!(host_looks_real(&valid("http://a.example/")));
        assert!(host_looks_real(&valid("http://[::1]/")));
        assert!(host_looks_real(&valid("http://LOCALHOST/")));
        assert!(!host_looks_real(&valid("http://is")));
    }
}
