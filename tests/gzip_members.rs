//! Multi-member gzip files on the command line (issue 39 item 3): with `-z` each member
//! (RFC 1952 §2.2) is read on its own, and every match carries its member's offset in the file
//! (`member_offset`) and its span in the member's bytes. `-j N` prints what `-j 1` prints, the
//! `--range` cuts of the compressed file add up to the whole, a member cut short or broken is
//! said and the others are read, and bytes that look like a member's start inside another
//! member's data do not cut it. The `.warc.gz` of a crawl is in `tests/web.rs`.

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

/// The output, error output and exit code of the command line.
struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

fn urisift(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_urisift")).args(args).env("NO_COLOR", "1").output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code(),
    }
}

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("urisift-gzip-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str, data: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, data).unwrap();
        path.to_str().unwrap().to_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(data).unwrap();
    gz.finish().unwrap()
}

/// A gzip member holding `payload` in stored deflate blocks (RFC 1951 §3.2.4), whose bytes
/// are then in the file as they are.
fn stored(payload: &[u8]) -> Vec<u8> {
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    let blocks: Vec<&[u8]> = payload.chunks(0xffff).collect();
    for (k, block) in blocks.iter().enumerate() {
        // BFINAL on the last, BTYPE 00; the rest of the byte is padding to the boundary.
        out.push(u8::from(k + 1 == blocks.len()));
        let len = block.len() as u16;
        out.extend(len.to_le_bytes());
        out.extend((!len).to_le_bytes());
        out.extend(*block);
    }
    let mut crc = flate2::Crc::new();
    crc.update(payload);
    out.extend(crc.sum().to_le_bytes());
    out.extend((payload.len() as u32).to_le_bytes());
    out
}

/// `n` lines of a log, each with a URI, hard to compress (random hexadecimal).
fn log(tag: &str, n: usize, seed: &mut u64) -> Vec<u8> {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    let mut out = Vec::new();
    for i in 0..n {
        let (a, b, c) = (next(), next(), next());
        writeln!(out, "{i} {a:016x} GET http://{tag}.example/{b:016x}/{i}?q={c:016x} 200").unwrap();
    }
    out
}

/// A match as `--json` gives it: its member's offset, its start and end, its URI.
type Placed = (u64, u64, u64, String);

/// The file of `members` (each its text and its member), and what `-z --json` must print for
/// it: each URI with its member's offset and its span in the member.
fn members_file(members: &[(Vec<u8>, Vec<u8>)]) -> (Vec<u8>, Vec<Placed>) {
    let (mut gz, mut want) = (Vec::new(), Vec::new());
    for (text, member) in members {
        let at = gz.len() as u64;
        for m in urisift::extract_slice(text) {
            want.push((at, m.span().start, m.span().end, m.uri().to_owned()));
        }
        gz.extend(member);
    }
    (gz, want)
}

/// Each text in its own member.
fn gzipped(texts: Vec<Vec<u8>>) -> Vec<(Vec<u8>, Vec<u8>)> {
    texts.into_iter().map(|t| (t.clone(), gzip(&t))).collect()
}

/// The matches of `--json` output as (member offset, start, end, URI), in their order.
fn member_spans(json: &str) -> Vec<Placed> {
    json.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|r| {
            let n = |k: &str| r[k].as_u64().unwrap_or_else(|| panic!("{k} in {r}"));
            (n("member_offset"), n("start"), n("end"), r["uri"].as_str().unwrap().to_owned())
        })
        .collect()
}

/// What the `--range` cuts of `path` at `cuts` print one after another, with `extra` options.
fn ranges(path: &str, cuts: &[u64], extra: &[&str]) -> Run {
    let mut all = Run { stdout: String::new(), stderr: String::new(), code: Some(1) };
    for w in cuts.windows(2) {
        let range = format!("{}:{}", w[0], w[1]);
        let mut args = vec!["-z", "--json", "--range", &range, path];
        args.extend_from_slice(extra);
        let run = urisift(&args);
        all.stdout.push_str(&run.stdout);
        all.stderr.push_str(&run.stderr);
        all.code = all.code.min(run.code);
    }
    all
}

/// `count` random cuts of `len` bytes, with 0 and `len`, in order.
fn random_cuts(len: u64, count: usize, seed: &mut u64) -> Vec<u64> {
    let mut cuts: Vec<u64> = (0..count)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed % len
        })
        .collect();
    cuts.extend([0, len]);
    cuts.sort_unstable();
    cuts
}

/// Rotated logs concatenated, one member each (`cat access.log.*.gz`).
fn rotated_logs() -> Vec<Vec<u8>> {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    (0..6).map(|k| log(&format!("log{k}"), 5000, &mut seed)).collect()
}

#[test]
fn concatenated_logs_are_read_by_members_on_any_threads_and_in_any_ranges() {
    let dir = TempDir::new("logs");
    let (gz, want) = members_file(&gzipped(rotated_logs()));
    // Long enough for -j 2 to cut it into ranges (at least twice 256 KiB).
    assert!(gz.len() > 1 << 20, "{} bytes", gz.len());
    let path = dir.file("access.log.gz", &gz);
    let one = urisift(&["-z", "-j", "1", "--json", &path]);
    assert_eq!((one.code, one.stderr.as_str()), (Some(0), ""));
    assert_eq!(member_spans(&one.stdout), want);
    for threads in ["2", "3"] {
        let many = urisift(&["-z", "-j", threads, "--json", &path]);
        assert!(many.stdout == one.stdout, "-j {threads} differs from -j 1");
        assert_eq!(many.stderr, "");
    }
    // A template names the member too; standard input is read by members as a file is.
    let template = urisift(&["-z", "-j", "2", "--format", "{member_offset} {start} {end} {uri}", &path]);
    let lines: Vec<String> = want.iter().map(|(m, s, e, u)| format!("{m} {s} {e} {u}")).collect();
    assert_eq!(template.stdout.lines().collect::<Vec<_>>(), lines);
    let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
        .args(["-z", "--json", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = gz.clone();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert_eq!(member_spans(&String::from_utf8(out.stdout).unwrap()), want);
    let mut seed = 0x2545_f491_4f6c_dd1d;
    for (count, threads) in [(3, "1"), (7, "1"), (5, "2")] {
        let cuts = random_cuts(gz.len() as u64, count, &mut seed);
        let parts = ranges(&path, &cuts, &["-j", threads]);
        assert!(parts.stdout == one.stdout, "-j {threads}: the ranges cut at {cuts:?} differ from the whole");
        assert_eq!(parts.stderr, "");
    }
}

/// A file of one member is read as before: its spans count the whole decompressed text, its
/// member is at 0, and more threads change nothing (they find no other member to read).
#[test]
fn a_single_member_reads_as_one_stream_on_any_threads() {
    let dir = TempDir::new("single");
    let text: Vec<u8> = rotated_logs().concat();
    let (gz, want) = members_file(&gzipped(vec![text]));
    let path = dir.file("one.gz", &gz);
    let one = urisift(&["-z", "-j", "1", "--json", &path]);
    assert_eq!(member_spans(&one.stdout), want);
    assert!(want.iter().all(|m| m.0 == 0));
    let two = urisift(&["-z", "-j", "2", "--json", &path]);
    assert!(two.stdout == one.stdout, "-j 2 differs from -j 1");
    assert_eq!(two.stderr, "");
}

/// The last member cut short (a crawl still being written): a message that names it, what it
/// decompresses to read, the members before it whole; on any threads and in any ranges. It is
/// an error of the input, as any data that does not decompress (exit status 2).
#[test]
fn a_truncated_last_member_warns_and_keeps_the_matches_before() {
    let dir = TempDir::new("truncated");
    let (gz, want) = members_file(&gzipped(rotated_logs()));
    let last = want.last().unwrap().0;
    let cut = &gz[..(last as usize + gz.len()) / 2];
    let path = dir.file("cut.gz", cut);
    let one = urisift(&["-z", "-j", "1", "--json", &path]);
    assert_eq!(one.code, Some(2), "{}", one.stderr);
    let warning = format!("urisift: {path}: gzip: the member at byte {last} is cut short");
    assert!(one.stderr.starts_with(&warning), "{}", one.stderr);
    let got = member_spans(&one.stdout);
    let before: Vec<_> = want.iter().filter(|m| m.0 < last).cloned().collect();
    assert_eq!(got[..before.len()], before[..]);
    // About half the last member's URIs, read as far as it decompresses.
    let in_last = want.len() - before.len();
    assert!(got.len() - before.len() > in_last / 3, "{} of {in_last}", got.len() - before.len());
    let two = urisift(&["-z", "-j", "2", "--json", &path]);
    assert!(two.stdout == one.stdout, "-j 2 differs from -j 1");
    assert_eq!(two.stderr, one.stderr);
    let mut seed = 7;
    let cuts = random_cuts(cut.len() as u64, 5, &mut seed);
    let parts = ranges(&path, &cuts, &[]);
    assert!(parts.stdout == one.stdout, "the ranges cut at {cuts:?} differ from the whole");
}

/// A broken member (its CRC-32 does not match) is an error, read as far as it decompresses;
/// the members after it are read, on any threads.
#[test]
fn a_corrupt_member_is_an_error_and_the_next_are_read() {
    let dir = TempDir::new("corrupt");
    let (mut gz, want) = members_file(&gzipped(rotated_logs()));
    let starts: Vec<u64> =
        want.iter().map(|m| m.0).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    // The CRC-32 of the third member: the 8 bytes before the fourth.
    gz[starts[3] as usize - 8] ^= 0x55;
    let path = dir.file("corrupt.gz", &gz);
    let one = urisift(&["-z", "-j", "1", "--json", &path]);
    assert_eq!(one.code, Some(2));
    let message =
        format!("urisift: {path}: gzip: the member at byte {} is corrupt (CRC-32 mismatch)", starts[2]);
    assert!(one.stderr.starts_with(&message), "{}", one.stderr);
    assert_eq!(member_spans(&one.stdout), want);
    let two = urisift(&["-z", "-j", "2", "--json", &path]);
    assert!(two.stdout == one.stdout, "-j 2 differs from -j 1");
    assert_eq!((two.code, two.stderr.as_str()), (Some(2), one.stderr.as_str()));
}

/// A member stored as it is (stored deflate blocks) whose text holds bytes that start a gzip
/// member: a bare `1f 8b 08`, and a whole gzip member followed by text. Neither is taken for a
/// member's start, whatever range starts before them.
#[test]
fn bytes_like_a_member_inside_a_member_do_not_cut_it() {
    let dir = TempDir::new("false-magic");
    let mut seed = 0x1234_5678_9abc_def1;
    let mut payload = log("outer", 100, &mut seed);
    payload.extend(b"\x1f\x8b\x08\x00 a false start http://false.example/\n");
    payload.extend(log("middle", 100, &mut seed));
    payload.extend(stored(b"inside http://inner.example/\n"));
    payload.extend(b"\nafter the inner member http://after.example/\n");
    payload.extend(log("end", 100, &mut seed));
    let (a, c) = (log("a", 300, &mut seed), log("c", 300, &mut seed));
    let members = [(a.clone(), gzip(&a)), (payload.clone(), stored(&payload)), (c.clone(), gzip(&c))];
    let (gz, want) = members_file(&members);
    let (stored_at, c_at) = (members[0].1.len(), members[0].1.len() + members[1].1.len());
    let path = dir.file("false.gz", &gz);
    let one = urisift(&["-z", "-j", "1", "--json", &path]);
    assert_eq!((one.code, one.stderr.as_str()), (Some(0), ""));
    assert_eq!(member_spans(&one.stdout), want);
    assert!(want.iter().any(|m| m.3 == "http://inner.example/" && m.0 == stored_at as u64));
    // A range that starts inside the stored member, before or at each place that holds
    // 1f 8b 08 there, owns the third member only.
    let magics: Vec<usize> =
        (stored_at + 1..c_at).filter(|&i| gz[i..].starts_with(b"\x1f\x8b\x08")).collect();
    assert_eq!(magics.len(), 2, "{magics:?}");
    let member_offset = format!("\"member_offset\":{c_at},");
    let third: String =
        one.stdout.lines().filter(|l| l.contains(&member_offset)).map(|l| format!("{l}\n")).collect();
    assert_eq!(third.lines().count(), 300);
    for from in [stored_at + 1, magics[0] - 1, magics[0], magics[1] - 1, magics[1], magics[1] + 1] {
        let run = urisift(&["-z", "--json", "--range", &format!("{from}:"), &path]);
        assert!(run.stdout == third, "from {from}: {}", run.stdout);
        let cuts = [0, from as u64, gz.len() as u64];
        assert!(ranges(&path, &cuts, &[]).stdout == one.stdout, "cut at {from}");
    }
}

/// Two whole members stored one after the other inside a member's text pass every check a
/// range's start can make: that is the case `--range` takes wrongly (see the command line's
/// `input/members.rs`). `-j` checks each range's first member against where the range before
/// it ended, and scans a range that started wrongly again: it prints what `-j 1` prints.
#[test]
fn threads_find_out_a_false_start_that_passes_the_checks() {
    let dir = TempDir::new("false-pair");
    let mut seed = 0xfeed_face_cafe_beef;
    let a = log("a", 300, &mut seed);
    let mut payload = log("outer", 6000, &mut seed);
    let pair =
        [stored(b"first inner http://pair1.example/\n"), stored(b"second inner http://pair2.example/\n")]
            .concat();
    // The pair inside one stored block, so that its bytes are in the file as they are.
    while payload.len() / 0xffff != (payload.len() + pair.len()) / 0xffff {
        payload.push(b'\n');
    }
    let pair_in_payload = payload.len();
    payload.extend(&pair);
    payload.extend(b"\ntext after the pair http://after.example/\n");
    let c = log("c", 17_500, &mut seed);
    let members = [(a.clone(), gzip(&a)), (payload.clone(), stored(&payload)), (c.clone(), gzip(&c))];
    let (gz, want) = members_file(&members);
    let stored_at = members[0].1.len();
    // The pair's place in the file: after the header and the stored blocks' headers before it.
    let pair_at = stored_at + 10 + 5 * (pair_in_payload / 0xffff + 1) + pair_in_payload;
    assert_eq!(&gz[pair_at..pair_at + pair.len()], &pair[..]);
    // -j 2 cuts the file in four (about a quarter each, 256 KiB at least, parallel.rs): the
    // second range starts inside the stored member, before the pair.
    let quarter = gz.len() / 4;
    assert!(
        quarter >= 256 << 10 && stored_at < quarter && quarter < pair_at,
        "{stored_at} {quarter} {pair_at}"
    );
    let path = dir.file("pair.gz", &gz);
    let one = urisift(&["-z", "-j", "1", "--json", &path]);
    assert_eq!((one.code, one.stderr.as_str()), (Some(0), ""));
    assert_eq!(member_spans(&one.stdout), want);
    // The second range alone takes the pair for members (the known limit of `--range`):
    // what -j 2 must find out.
    let second = urisift(&["-z", "--json", "--range", &format!("{quarter}:{}", 2 * quarter), &path]);
    assert!(second.stdout.contains("http://pair1.example/"), "{}", second.stderr);
    let two = urisift(&["-z", "-j", "2", "--json", &path]);
    assert!(two.stdout == one.stdout, "-j 2 differs from -j 1");
    assert_eq!((two.code, two.stderr.as_str()), (Some(0), ""));
}

/// A BGZF-like member (`bgzip`, SAMtools' spec): the extra field `BC` with the member's size
/// less one.
fn bgzf_member(data: &[u8]) -> Vec<u8> {
    let mut gz = flate2::GzBuilder::new()
        .extra(vec![b'B', b'C', 2, 0, 0, 0])
        .write(Vec::new(), flate2::Compression::fast());
    gz.write_all(data).unwrap();
    let mut member = gz.finish().unwrap();
    let size = (member.len() - 1) as u16;
    member[16..18].copy_from_slice(&size.to_le_bytes());
    member
}

/// A text that members of a fixed size cut anywhere: log lines, a URI wrapped in `<...>` over
/// two lines (RFC 3986 Appendix C), and a forwarded mail's header block, a few times each;
/// and the byte spans of the wrapped URIs and of the header blocks.
fn cut_text(seed: &mut u64) -> (Vec<u8>, Vec<std::ops::Range<usize>>, Vec<std::ops::Range<usize>>) {
    let (mut text, mut wrapped, mut headers) = (Vec::new(), Vec::new(), Vec::new());
    for k in 0..12 {
        // Lines of uneven lengths, so that some members end with a line feed.
        let lines = log(&format!("bgzf{k}"), 900, seed);
        for (i, line) in lines.split_inclusive(|&b| b == b'\n').enumerate() {
            text.extend(&line[..line.len() - 1]);
            text.extend(&b" and so on"[..i % 11]);
            text.push(b'\n');
        }
        let at = text.len() + 4;
        write!(text, "See <http://wrapped.example/{k}/a/long/path/that/goes/on/\n and/on/index.html> now.\n")
            .unwrap();
        wrapped.push(at..text.len() - 6);
        let at = text.len();
        write!(
            text,
            "---------- Forwarded message ---------\nFrom: Alice <alice@mail.example>\nDate: Mon, 7 Dec \
             2026 01:00:00 +0000\nSubject: the report at http://reports.example/{k}/summary.html\n\
             Archived-At: <http://archive.example/list/2026-12/msg{k:05}.html>\n\n"
        )
        .unwrap();
        headers.push(at..text.len());
    }
    (text, wrapped, headers)
}

/// A file written in members of a fixed size that cut the text anywhere (BGZF's blocks,
/// `pgzip`, `split` then `gzip`): consecutive members are read as one stream until one ends
/// with a line feed, so that no URI is cut or lost, whether in a line, wrapped in `<...>` over
/// two lines, or in a mail header, on any threads and in any ranges. What each prints is what
/// the decompressed text prints (`zcat f.gz | urisift`), and a match's offsets count from its
/// run's first member, whose offset is its `member_offset`.
#[test]
fn members_that_cut_lines_and_uris_lose_no_uri() {
    let dir = TempDir::new("bgzf");
    let mut seed = 0x0bad_5eed_1234_5678;
    let (text, wrapped, headers) = cut_text(&mut seed);
    // A member size that cuts a wrapped URI and a header block (not at a line feed: a member
    // that ends with one ends a run, and a run is scanned as a stream of its own), and ends
    // some members with a line feed.
    let cuts = |size: usize, spans: &[std::ops::Range<usize>]| {
        let (mut inside, mut at_lf) = (false, false);
        for span in spans {
            for e in (span.start / size + 1) * size..span.end {
                if e % size == 0 {
                    inside = true;
                    at_lf |= text[e - 1] == b'\n';
                }
            }
        }
        (inside, at_lf)
    };
    let size = (300..=700)
        .find(|&size| {
            let ends_lf = (size..text.len()).step_by(size).filter(|&e| text[e - 1] == b'\n').count();
            cuts(size, &wrapped) == (true, false) && cuts(size, &headers) == (true, false) && ends_lf >= 5
        })
        .expect("a member size that cuts a wrapped URI and a header");
    let mut gz = Vec::new();
    let mut member_text = std::collections::HashMap::new();
    for (k, chunk) in text.chunks(size).enumerate() {
        member_text.insert(gz.len() as u64, k * size);
        gz.extend(bgzf_member(chunk));
    }
    // BGZF's end: an empty member.
    gz.extend(bgzf_member(b""));
    assert!(gz.len() > 600 << 10, "{} bytes: too short for -j 3 to cut", gz.len());
    let plain = dir.file("text.txt", &text);
    let path = dir.file("cut.gz", &gz);
    let want = urisift(&[&plain]);
    assert_eq!((want.code, want.stderr.as_str()), (Some(0), ""));
    for k in 0..12 {
        for uri in [
            format!("http://wrapped.example/{k}/a/long/path/that/goes/on/and/on/index.html\n"),
            format!("http://archive.example/list/2026-12/msg{k:05}.html\n"),
        ] {
            assert!(want.stdout.contains(&uri), "{uri}");
        }
    }
    for threads in ["1", "2", "3"] {
        let got = urisift(&["-z", "-j", threads, &path]);
        assert!(got.stdout == want.stdout, "-j {threads}: not the URIs of the decompressed text");
        assert_eq!((got.code, got.stderr.as_str()), (Some(0), ""));
    }
    // Each match's span, counted from its run's first member, holds the URI (a wrapped one
    // with its line break).
    let json = urisift(&["-z", "--json", &path]);
    let spans = member_spans(&json.stdout);
    assert_eq!(spans.len(), want.stdout.lines().count());
    for (member, start, end, uri) in &spans {
        let from = member_text[member] + *start as usize;
        let found: Vec<u8> = text[from..member_text[member] + *end as usize]
            .iter()
            .copied()
            .filter(|b| !b" \n".contains(b))
            .collect();
        assert_eq!(String::from_utf8_lossy(&found), uri.as_str(), "member {member}");
    }
    assert!(spans.iter().any(|m| m.0 > 0), "runs after the first");
    // Random partitions into ranges, some cut just before, at or just after a member's start.
    let starts: Vec<u64> = {
        let mut s: Vec<u64> = member_text.keys().copied().collect();
        s.sort_unstable();
        s
    };
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for p in 0..24 {
        let mut cuts = vec![0, gz.len() as u64];
        for _ in 0..1 + next() % 4 {
            cuts.push(next() % gz.len() as u64);
        }
        if p % 2 == 0 {
            for _ in 0..2 {
                let start = starts[(next() % starts.len() as u64) as usize];
                cuts.push((start + p as u64 / 2 % 3).saturating_sub(1));
            }
        }
        cuts.sort_unstable();
        cuts.dedup();
        let mut out = String::new();
        for w in cuts.windows(2) {
            let run = urisift(&["-z", "--range", &format!("{}:{}", w[0], w[1]), &path]);
            // A range that owns no run finds nothing (exit status 1).
            assert!(matches!(run.code, Some(0 | 1)) && run.stderr.is_empty(), "{w:?}: {}", run.stderr);
            out.push_str(&run.stdout);
        }
        assert!(out == want.stdout, "the ranges cut at {cuts:?} differ from the decompressed text");
    }
}

/// A broken member inside a run (its CRC-32), and bytes that are no member between two members
/// of a run: the run ends there, what it gave is read, each is said once, and a new run starts
/// at the next member; on any threads and in any ranges the same.
#[test]
fn a_broken_member_ends_its_run_on_any_threads_and_in_any_ranges() {
    let dir = TempDir::new("bgzf-broken");
    let mut seed = 0x5eed_0bad_8765_4321;
    let (text, _, _) = cut_text(&mut seed);
    let size = 500;
    let (mut members, mut starts) = (Vec::new(), Vec::new());
    for chunk in text.chunks(size) {
        members.push(bgzf_member(chunk));
    }
    // Runs of several members: pick members in the middle of runs.
    let inside: Vec<usize> = (1..members.len() - 1)
        .filter(|&k| text[k * size - 1] != b'\n' && text[(k + 1) * size - 1] != b'\n')
        .collect();
    let (broken, garbage) = (inside[inside.len() / 3], inside[2 * inside.len() / 3]);
    let n = members[broken].len();
    members[broken][n - 6] ^= 0x55;
    let mut gz = Vec::new();
    for (k, member) in members.iter().enumerate() {
        if k == garbage {
            gz.extend(b"not a member");
        }
        starts.push(gz.len() as u64);
        gz.extend(member);
    }
    let path = dir.file("broken.gz", &gz);
    let one = urisift(&["-z", "-j", "1", "--json", &path]);
    assert_eq!(one.code, Some(2));
    let said = format!("the member at byte {} is corrupt", starts[broken]);
    assert!(one.stderr.contains(&said), "{}", one.stderr);
    assert!(one.stderr.contains("are not a gzip member"), "{}", one.stderr);
    assert_eq!(one.stderr.lines().count(), 2, "{}", one.stderr);
    let runs: std::collections::BTreeSet<u64> = member_spans(&one.stdout).iter().map(|m| m.0).collect();
    assert!(runs.contains(&starts[broken + 1]) && runs.contains(&starts[garbage]), "new runs after them");
    for threads in ["2", "3"] {
        let many = urisift(&["-z", "-j", threads, "--json", &path]);
        assert!(many.stdout == one.stdout, "-j {threads} differs from -j 1");
        assert_eq!((many.code, many.stderr.as_str()), (Some(2), one.stderr.as_str()));
    }
    let mut seed = 99;
    for p in 0..12u64 {
        let mut cuts = random_cuts(gz.len() as u64, 1 + p as usize % 4, &mut seed);
        for k in [broken, broken + 1, garbage] {
            cuts.push(starts[k] + p % 3 - 1);
        }
        cuts.sort_unstable();
        cuts.dedup();
        let parts = ranges(&path, &cuts, &[]);
        assert!(parts.stdout == one.stdout, "the ranges cut at {cuts:?} differ from the whole");
        assert_eq!(parts.stderr, one.stderr, "cut at {cuts:?}");
    }
}

/// The next number of a xorshift generator.
fn next_random(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// A WARC record (ISO 28500) of type `kind`, its target `target`, with `content`.
fn warc_record(kind: &str, target: &str, content_type: &str, content: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {target}\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\n\r\n",
        content.len()
    )
    .into_bytes();
    r.extend_from_slice(content);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

/// A web archive of `n` records after its `warcinfo`: HTML pages in lines (links, text URIs,
/// a line that starts with a tag), and plain-text metadata records of URIs, hard to compress.
fn web_archive(n: usize, seed: &mut u64) -> Vec<u8> {
    let mut out = warc_record(
        "warcinfo",
        "http://crawler.example/",
        "application/warc-fields",
        b"software: a test\r\nformat: WARC File Format 1.1\r\n",
    );
    for i in 0..n {
        let target = format!("http://site.example/page/{i}");
        let mut body = String::new();
        if i % 4 == 3 {
            for k in 0..40 {
                let (a, b) = (next_random(seed), next_random(seed));
                body.push_str(&format!("seen {k} http://meta.example/{i}/{a:016x} via {b:016x}\n"));
            }
            out.extend(warc_record("metadata", &target, "text/plain", body.as_bytes()));
            continue;
        }
        body.push_str(&format!("<!DOCTYPE html>\n<html><head><title>Page {i}</title></head>\n<body>\n"));
        for k in 0..50 {
            let (a, b, c) = (next_random(seed), next_random(seed), next_random(seed));
            match k % 3 {
                0 => body.push_str(&format!(
                    "<a href=\"https://links.example/{i}/{a:016x}?k={k}\">item {b:016x}</a>\n"
                )),
                1 => body.push_str(&format!(
                    "<p>Read http://text.example/{i}/{a:016x}/{c:x} before {b:016x}.</p>\n"
                )),
                _ => body.push_str(&format!("<li>{a:016x} {b:016x} <a href=\"/rel/{c:x}\">more</a></li>\n")),
            }
        }
        body.push_str("</body></html>\n");
        let http = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        out.extend(warc_record("response", &target, "application/http; msgtype=response", http.as_bytes()));
    }
    out
}

/// `text` in BGZF-like members of `size` decompressed bytes each, then BGZF's empty last
/// member; and where each member starts in the file.
fn bgzf_file(text: &[u8], size: usize) -> (Vec<u8>, Vec<u64>) {
    let (mut gz, mut starts) = (Vec::new(), Vec::new());
    for chunk in text.chunks(size) {
        starts.push(gz.len() as u64);
        gz.extend(bgzf_member(chunk));
    }
    gz.extend(bgzf_member(b""));
    (gz, starts)
}

/// A member size in 300..=700 that starts at least `aligned` members at a unit's start (their
/// runs read apart) and ends at least `lf` members with a line feed inside a unit (what a run
/// must go on over).
fn unit_size(text: &[u8], unit: &[u8], aligned: usize, lf: usize) -> usize {
    (300..=700)
        .find(|&size| {
            let ends: Vec<usize> = (size..text.len()).step_by(size).collect();
            let at_unit =
                ends.iter().filter(|&&e| text[e - 1] == b'\n' && text[e..].starts_with(unit)).count();
            let inside =
                ends.iter().filter(|&&e| text[e - 1] == b'\n' && !text[e..].starts_with(unit)).count();
            at_unit >= aligned && inside >= lf
        })
        .expect("a member size")
}

/// What `--range` cuts of `path` at `cuts` print one after another, with `args` before them;
/// each range's error output empty and its exit status 0 or 1 (one that owns no run).
fn range_outputs(path: &str, cuts: &[u64], args: &[&str]) -> String {
    let mut out = String::new();
    for w in cuts.windows(2) {
        let range = format!("{}:{}", w[0], w[1]);
        let mut all = args.to_vec();
        all.extend(["--range", &range, path]);
        let run = urisift(&all);
        assert!(matches!(run.code, Some(0 | 1)) && run.stderr.is_empty(), "{w:?}: {}", run.stderr);
        out.push_str(&run.stdout);
    }
    out
}

/// Random cuts of `gz`, some just before, at or just after a member's start (`p` chooses).
fn partition(gz_len: u64, starts: &[u64], p: u64, seed: &mut u64) -> Vec<u64> {
    let mut cuts = vec![0, gz_len];
    for _ in 0..1 + next_random(seed) % 4 {
        cuts.push(next_random(seed) % gz_len);
    }
    if p % 2 == 0 {
        for _ in 0..2 {
            let start = starts[(next_random(seed) % starts.len() as u64) as usize];
            cuts.push((start + p / 2 % 3).saturating_sub(1));
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

/// The URIs of `--json` output with their records' target URIs, in their order.
fn uris_and_targets(json: &str) -> Vec<(String, String)> {
    json.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|r| (r["uri"].as_str().unwrap().to_owned(), r["target_uri"].as_str().unwrap_or("").to_owned()))
        .collect()
}

/// A web archive in BGZF blocks (`bgzip`, members cut anywhere): a member that ends with a line
/// feed inside a record (in its HTTP headers, between the lines of a page) went on as a new
/// run read as what its start looked like (a page's line, held whole as HTML), and lost URIs.
/// A member after one that ends with a line feed starts a run only when it starts with
/// `WARC/`, as the file's first does: on any threads and in any ranges, the URIs and their
/// target URIs are those of the archive decompressed, read as one file.
#[test]
fn a_web_archive_in_bgzf_blocks_is_read_by_records_on_any_threads_and_in_any_ranges() {
    let dir = TempDir::new("bgzf-warc");
    let mut seed = 0x77a1_c0de_2026_1207;
    let text = web_archive(200, &mut seed);
    let size = unit_size(&text, b"WARC/", 2, 20);
    let (gz, starts) = bgzf_file(&text, size);
    assert!(gz.len() > 600 << 10, "{} bytes: too short for -j 3 to cut", gz.len());
    let plain = dir.file("crawl.warc", &text);
    let path = dir.file("crawl.warc.bgz", &gz);
    let want = urisift(&["--json", &plain]);
    assert_eq!((want.code, want.stderr.as_str()), (Some(0), ""));
    let want = uris_and_targets(&want.stdout);
    assert!(want.len() > 200 * 20 && want.iter().all(|(_, t)| t.starts_with("http")), "{}", want.len());
    let one = urisift(&["-z", "-j", "1", "--json", &path]);
    assert_eq!((one.code, one.stderr.as_str()), (Some(0), ""));
    assert!(uris_and_targets(&one.stdout) == want, "-j 1: not the URIs of the decompressed archive");
    // Runs after the first: each at a member that starts a record.
    let runs: std::collections::BTreeSet<u64> = member_spans(&one.stdout).iter().map(|m| m.0).collect();
    assert!(runs.len() >= 3, "{runs:?}");
    for run in &runs {
        let k = starts.binary_search(run).unwrap();
        assert!(text[k * size..].starts_with(b"WARC/"), "a run at member {k}");
    }
    for threads in ["2", "3"] {
        let many = urisift(&["-z", "-j", threads, "--json", &path]);
        assert!(many.stdout == one.stdout, "-j {threads} differs from -j 1");
        assert_eq!((many.code, many.stderr.as_str()), (Some(0), ""));
    }
    for p in 0..16 {
        let cuts = partition(gz.len() as u64, &starts, p, &mut seed);
        let out = range_outputs(&path, &cuts, &["-z", "--json"]);
        assert!(out == one.stdout, "the ranges cut at {cuts:?} differ from the whole");
    }
}

/// `data` in base64 (RFC 2045 §6.8), in lines of 76 characters.
fn base64_lines(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for (k, group) in data.chunks(3).enumerate() {
        let b = [group[0], *group.get(1).unwrap_or(&0), *group.get(2).unwrap_or(&0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            out.push(match i <= group.len() {
                true => ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char,
                false => '=',
            });
        }
        if k % 19 == 18 {
            out.push('\n');
        }
    }
    out.push('\n');
    out
}

/// `text` (ASCII) in quoted-printable (RFC 2045 §6.7): `=` as `=3D`, lines broken softly at 72.
fn quoted_printable(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut width = 0;
        for c in line.chars() {
            let piece = match c {
                '=' => "=3D".to_owned(),
                c => c.to_string(),
            };
            if width + piece.len() > 72 {
                out.push_str("=\n");
                width = 0;
            }
            out.push_str(&piece);
            width += piece.len();
        }
        out.push('\n');
    }
    out
}

/// An mbox of `n` messages, each with an HTML part in quoted-printable and one in base64,
/// whose URIs only a reader of mail finds (a base64 line is no URI, a soft line break cuts one).
fn mailbox(n: usize, seed: &mut u64) -> Vec<u8> {
    let mut out = String::new();
    for i in 0..n {
        let mut html = String::from("<html><body>\n");
        for k in 0..150 {
            let (a, b) = (next_random(seed), next_random(seed));
            html.push_str(&format!(
                "<p>Item {k}: <a href=\"https://mail-links.example/{i}/{a:016x}?x=1&y={k}\">{b:016x}</a></p>\n"
            ));
        }
        html.push_str("</body></html>\n");
        let mut text = String::from("<html><body>\n");
        for k in 0..40 {
            let (a, b) = (next_random(seed), next_random(seed));
            text.push_str(&format!(
                "<div>Note {k} at <a href=\"https://qp-links.example/{i}/{a:016x}/a/long/path?to={b:016x}\">here</a></div>\n"
            ));
        }
        text.push_str("</body></html>\n");
        out.push_str(&format!(
            "From sender{i}@mail.example Mon Dec  7 01:{:02}:00 2026\nFrom: Sender {i} <sender{i}@mail.example>\n\
             To: list@mail.example\nSubject: report {i}\nDate: Mon, 7 Dec 2026 01:{:02}:00 +0000\n\
             Message-ID: <m{i}@mail.example>\nMIME-Version: 1.0\n\
             Content-Type: multipart/alternative; boundary=\"b{i}\"\n\n--b{i}\n\
             Content-Type: text/html; charset=us-ascii\nContent-Transfer-Encoding: quoted-printable\n\n{}\
             --b{i}\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n{}\
             --b{i}--\n\n",
            i % 60,
            i % 60,
            quoted_printable(&text),
            base64_lines(html.as_bytes()),
        ));
    }
    out.into_bytes()
}

/// An mbox in BGZF blocks: a member that ends with a line feed inside a message went on as a
/// new run read as plain text, and lost the URIs of the base64 and quoted-printable parts after
/// it. A member after one that ends with a line feed starts a run only when it starts with
/// `From `, as the file's first does: on any threads and in any ranges, the URIs are those of
/// the mbox decompressed.
#[test]
fn an_mbox_in_bgzf_blocks_is_read_by_messages_on_any_threads_and_in_any_ranges() {
    let dir = TempDir::new("bgzf-mbox");
    let mut seed = 0x3b0c_5eed_0000_0039;
    let text = mailbox(30, &mut seed);
    let size = unit_size(&text, b"From ", 1, 20);
    let (gz, starts) = bgzf_file(&text, size);
    assert!(gz.len() > 512 << 10, "{} bytes: too short for -j 2 to cut", gz.len());
    let plain = dir.file("inbox.mbox", &text);
    let path = dir.file("inbox.mbox.bgz", &gz);
    let want = urisift(&[&plain]);
    assert_eq!((want.code, want.stderr.as_str()), (Some(0), ""));
    assert!(
        want.stdout.contains("https://mail-links.example/29/")
            && want.stdout.contains("https://qp-links.example/29/")
    );
    let one = urisift(&["-z", "-j", "1", &path]);
    assert_eq!((one.code, one.stderr.as_str()), (Some(0), ""));
    assert!(one.stdout == want.stdout, "-j 1: not the URIs of the decompressed mbox");
    let json = urisift(&["-z", "--json", &path]);
    let runs: std::collections::BTreeSet<u64> = member_spans(&json.stdout).iter().map(|m| m.0).collect();
    assert!(runs.len() >= 2, "{runs:?}");
    for run in &runs {
        let k = starts.binary_search(run).unwrap();
        assert!(text[k * size..].starts_with(b"From "), "a run at member {k}");
    }
    let two = urisift(&["-z", "-j", "2", &path]);
    assert!(two.stdout == one.stdout, "-j 2 differs from -j 1");
    assert_eq!((two.code, two.stderr.as_str()), (Some(0), ""));
    for p in 0..8 {
        let cuts = partition(gz.len() as u64, &starts, p, &mut seed);
        let out = range_outputs(&path, &cuts, &["-z"]);
        assert!(out == one.stdout, "the ranges cut at {cuts:?} differ from the whole");
    }
}
