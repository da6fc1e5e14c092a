//! `-j N` and `--range` on the command line (issue 21): the output on several threads is the
//! output on one, byte for byte, with every output option; and the ranges of a partition of a
//! file, scanned one by one, print what the whole file prints.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn urisift(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_urisift")).args(args).env("NO_COLOR", "1").output().unwrap();
    assert!(out.status.code().is_some_and(|c| c <= 1), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn corpus_files() -> Vec<String> {
    let files = common::files_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"));
    files.into_iter().map(|p| p.to_string_lossy().into_owned()).collect()
}

/// The output options checked: each must print the same on any number of threads.
const VARIANTS: &[&[&str]] = &[
    &[],
    &["-c"],
    &["--json"],
    &["-n"],
    &["-u"],
    &["--all-readings", "--abbreviated"],
    &["--json", "--rejected", "-n"],
    &["--format", "{file}\t{line}\t{start}\t{uri}"],
    &["--scheme", "https,mailto", "-c", "--json"],
    &["-m", "3"],
];

fn same_on_threads(files: &[String], threads: &[&str]) {
    for variant in VARIANTS {
        let mut one: Vec<&str> = vec!["-j", "1"];
        one.extend_from_slice(variant);
        one.extend(files.iter().map(String::as_str));
        let expected = urisift(&one);
        assert!(!expected.stdout.is_empty(), "{variant:?}");
        for n in threads {
            let mut many: Vec<&str> = vec!["-j", n];
            many.extend_from_slice(variant);
            many.extend(files.iter().map(String::as_str));
            let got = urisift(&many);
            assert!(got.stdout == expected.stdout, "-j {n} {variant:?}: stdout differs from -j 1");
            assert!(got.stderr == expected.stderr, "-j {n} {variant:?}: stderr differs from -j 1");
            assert_eq!(got.status.code(), expected.status.code(), "-j {n} {variant:?}");
        }
    }
}

/// Many files on several threads: the corpus.
#[test]
fn many_files_print_the_same_on_any_number_of_threads() {
    same_on_threads(&corpus_files(), &["2", "3", "8"]);
}

/// One file large enough to be cut into ranges on several threads: the corpus's mail, news
/// and logs, one after another, twice over (quoted-printable regions, long lines, line
/// numbers across the cuts).
#[test]
fn a_large_file_cut_into_ranges_prints_the_same() {
    let temp = common::TempDir::new("parallel");
    let dir = temp.path();
    let big = dir.join("big.txt");
    let mut text = Vec::new();
    while text.len() < 9 << 20 {
        for file in corpus_files().iter().filter(|f| !f.contains("expected")) {
            text.extend_from_slice(&std::fs::read(file).unwrap());
        }
    }
    std::fs::write(&big, &text).unwrap();
    let big = big.to_string_lossy().into_owned();
    for variant in [&["-n", "--json"][..], &["-c"], &["--rejected", "--json", "--quoted-printable"]] {
        let mut one = vec!["-j", "1"];
        one.extend_from_slice(variant);
        one.push(&big);
        let expected = urisift(&one);
        let mut many = vec!["-j", "3"];
        many.extend_from_slice(variant);
        many.push(&big);
        let got = urisift(&many);
        assert!(got.stdout == expected.stdout, "{variant:?}: stdout differs from -j 1");
        assert!(got.stderr == expected.stderr, "{variant:?}: stderr differs from -j 1");
    }
}

/// A quoted-printable body of many MiB: its header lies far before every range but the first,
/// where no warm-up sees it, so every later range starts in another state than the range before
/// it ended in and is scanned again; the output is still that of one thread. (The URIs are
/// broken by soft line breaks: read as plain text they would be cut.)
#[test]
fn a_quoted_printable_body_cut_into_ranges_prints_the_same() {
    let temp = common::TempDir::new("parallel-qp");
    let dir = temp.path();
    let big = dir.join("qp.txt");
    let mut text = b"Subject: not read as mail\n\nContent-Transfer-Encoding: quoted-printable\n\n".to_vec();
    let mut i = 0;
    while text.len() < 10 << 20 {
        text.extend_from_slice(
            format!("line {i} http://example.org/soft-=\nbroken/{i} and =3D more\n").as_bytes(),
        );
        i += 1;
    }
    std::fs::write(&big, &text).unwrap();
    let big = big.to_string_lossy().into_owned();
    let one = urisift(&["-j", "1", "--no-mail", "--quoted-printable", "--json", &big]);
    let joined = String::from_utf8_lossy(&one.stdout).lines().filter(|l| l.contains("soft-broken/")).count();
    assert_eq!(joined, i, "every URI is read across its soft line break");
    for n in ["2", "3"] {
        let many = urisift(&["-j", n, "--no-mail", "--quoted-printable", "--json", &big]);
        assert!(many.stdout == one.stdout, "-j {n}: stdout differs from -j 1");
        assert!(many.stderr == one.stderr, "-j {n}: stderr differs from -j 1");
    }
}

/// `--range`: the ranges of a partition, scanned one by one, print the whole file's records,
/// with the whole file's offsets and line numbers, read as plain text and (a mailbox's ranges
/// owning the messages whose `From ` line starts in them) as mail.
#[test]
fn ranges_of_a_partition_print_the_whole() {
    for file in corpus_files().iter().filter(|f| f.ends_with(".mbox") || f.ends_with(".txt")).take(8) {
        let len = std::fs::metadata(file).unwrap().len();
        for mode in ["--no-mail", "--mail"] {
            let whole = urisift(&["--json", "-n", "--rejected", mode, file]).stdout;
            let cuts = [0, len / 7, len / 3 + 1, len / 2 + 13, len - len / 5, len];
            let mut joined = Vec::new();
            for pair in cuts.windows(2) {
                let range =
                    if pair[1] == len { format!("{}:", pair[0]) } else { format!("{}:{}", pair[0], pair[1]) };
                joined.extend(urisift(&["--json", "-n", "--rejected", mode, "--range", &range, file]).stdout);
            }
            assert!(joined == whole, "{file} {mode}: the ranges do not add up to the whole");
        }
    }
}

#[test]
fn bad_ranges_are_usage_errors() {
    for bad in ["5", "9:3", "a:b", ":4"] {
        let out = Command::new(env!("CARGO_BIN_EXE_urisift"))
            .args(["--range", bad, "Cargo.toml"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
    // Standard input alone or among files, on one thread or several (several scanned standard
    // input whole, the range ignored).
    for args in [&["--range", "0:10", "-"][..], &["-j", "2", "--range", "0:10", "-", "Cargo.toml"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_urisift")).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("not standard input"), "{args:?}");
    }
}

/// Workers run only a few jobs ahead of the one the main thread reports from. Standard input
/// first, live and silent, with many files after it: the files are scanned ahead, but their
/// output must not pile up in memory while the main thread waits for the input it reports
/// first (before the bound, 150 files of 355 KB of JSON each took the process to 62 MB).
#[test]
#[cfg(target_os = "linux")]
fn output_does_not_pile_up_behind_a_slow_first_input() {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let temp = common::TempDir::new("parallel-ahead");
    let dir = temp.path();
    let one = dir.join("one.txt");
    let text: String = (0..1000).map(|i| format!("see http://example.org/p/{i} ok\n")).collect();
    std::fs::write(&one, text).unwrap();
    let mut args = vec!["-j".to_owned(), "2".to_owned(), "--json".to_owned(), "-".to_owned()];
    for i in 0..150 {
        let link = dir.join(format!("f{i}.txt"));
        std::fs::hard_link(&one, &link).unwrap();
        args.push(link.to_string_lossy().into_owned());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The peak resident size while standard input stays open and silent.
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0;
    for _ in 0..60 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        let Ok(text) = std::fs::read_to_string(&status) else { break };
        let hwm = text.lines().find_map(|l| l.strip_prefix("VmHWM:"));
        peak_kib =
            hwm.and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok()).unwrap_or(peak_kib);
    }
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"last http://example.org/stdin\n").unwrap();
    drop(stdin);
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(out.lines().count(), 150 * 1000 + 1);
    assert!(
        out.lines().next().unwrap().contains("http://example.org/stdin"),
        "standard input is reported first"
    );
    assert!(peak_kib > 0 && peak_kib < 32 << 10, "peak resident size {peak_kib} KiB");
}

/// Runs urisift with `input` on its standard input, written from another thread.
fn urisift_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = std::thread::scope(|scope| {
        // A reader that stops early (`-m`) closes the pipe: the rest is not written.
        scope.spawn(move || stdin.write_all(input));
        child.wait_with_output().unwrap()
    });
    assert!(out.status.code().is_some_and(|c| c <= 1), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// A mailbox on standard input, too large for one run: on several threads it is cut into runs
/// of whole messages as it is read, the runs scanned apart; the output is that of one thread,
/// message numbers, Message-IDs and line numbers included. Plain text on standard input is
/// read on one thread, with the same output too.
#[test]
fn a_mailbox_from_standard_input_cut_into_runs_prints_the_same() {
    // A first message whose header block says it is mail, then the corpus's mail.
    let mut mail = b"From a@example.org Mon Jan  1 00:00:00 2001\nFrom: a@example.org\nSubject: first\n\n\
                     see http://example.org/first\n\n"
        .to_vec();
    // The corpus's mail (absent from a packaged crate) and the golden messages.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = common::files_under(&root.join("corpus/mail"));
    files.extend(common::files_under(&root.join("tests/data/mail")));
    files.retain(|path| !path.extension().is_some_and(|e| e == "expected" || e == "md"));
    assert!(files.len() >= 10, "the golden messages are there");
    let mut k = 0;
    while mail.len() < 5 << 20 {
        for file in &files {
            mail.extend_from_slice(
                format!("From sender{k}@example.org Mon Jan  1 00:00:00 2001\n").as_bytes(),
            );
            mail.extend_from_slice(&std::fs::read(file).unwrap());
            mail.extend_from_slice(b"\n\n");
            k += 1;
        }
    }
    let plain: Vec<u8> = mail.iter().map(|&b| if b == b'F' { b'f' } else { b }).collect();
    for (input, name) in [(&mail, "mailbox"), (&plain, "plain text")] {
        for variant in [&["-n", "--json"][..], &["-c"], &["--rejected", "--json", "-u"], &["-m", "5"]] {
            let mut one = vec!["-j", "1"];
            one.extend_from_slice(variant);
            let expected = urisift_stdin(&one, input);
            let mut many = vec!["-j", "3"];
            many.extend_from_slice(variant);
            let got = urisift_stdin(&many, input);
            assert!(got.stdout == expected.stdout, "{name} {variant:?}: stdout differs from -j 1");
            assert!(got.stderr == expected.stderr, "{name} {variant:?}: stderr differs from -j 1");
            assert_eq!(got.status.code(), expected.status.code(), "{name} {variant:?}");
        }
    }
}

/// `--mail-message-max`: a message longer than it is read as plain text, and the messages after
/// it as mail, with a warning naming the first such message's byte, how many there are and the
/// bound; on several threads too, from a file cut into ranges and from standard input cut into
/// runs (which cut past a long message as they cut past any other).
#[test]
fn a_message_over_mail_message_max_is_read_as_plain_text() {
    let message = |k: usize, padding: usize| {
        format!(
            "From a@example.org Mon Jan  1 00:00:00 2001\nFrom: a@example.org\nSubject: {k}\n\
             Content-Type: text/html\n\n<a href=\"http://example.org/{k}?a=1&amp;b=2\">x</a>\n{}\n",
            "padding\n".repeat(padding)
        )
    };
    // Over 8 MiB, so that two threads cut the file into ranges and standard input into runs,
    // a long message in the first fifth and one in the second half.
    let mut mbox = String::new();
    for k in 0..9000 {
        mbox.push_str(&message(k, if k == 2000 || k == 7000 { 2000 } else { 100 }));
    }
    assert!(mbox.len() > 8 << 20);
    let long_at = mbox.find("Subject: 2000\n").unwrap() - "From: a@example.org\n".len();
    let temp = common::TempDir::new("message-max");
    let dir = temp.path();
    let path = dir.join("box.mbox");
    std::fs::write(&path, &mbox).unwrap();
    let path = path.to_string_lossy().into_owned();
    let one = urisift(&["-j", "1", "--mail-message-max", "8K", &path]);
    let uris = String::from_utf8(one.stdout.clone()).unwrap();
    for k in [1999, 2001, 6999, 7001, 8999] {
        assert!(uris.contains(&format!("http://example.org/{k}?a=1&b=2\n")), "{k} read as mail");
    }
    for k in [2000, 7000] {
        assert!(uris.contains(&format!("http://example.org/{k}?a=1&amp;b=2\n")), "{k} read as plain text");
    }
    assert_eq!(uris.matches("&amp;").count(), 2, "only the long messages are plain text");
    let warning =
        format!("2 messages are longer than 8192 bytes (--mail-message-max), the first at byte {long_at}");
    assert!(
        String::from_utf8_lossy(&one.stderr).contains(&warning),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    // By default the messages are read as mail.
    let default = String::from_utf8(urisift(&["-j", "1", &path]).stdout).unwrap();
    assert!(default.contains("http://example.org/2000?a=1&b=2\n"));
    for many in [urisift(&["-j", "2", "--mail-message-max", "8K", &path]), {
        urisift_stdin(&["-j", "2", "--mail-message-max", "8K"], mbox.as_bytes())
    }] {
        assert!(many.stdout == one.stdout, "-j 2: stdout differs from -j 1");
        let stderr = String::from_utf8_lossy(&many.stderr);
        assert!(stderr.contains(&warning), "{stderr}");
        assert_eq!(stderr.matches("warning").count(), 1, "said once: {stderr}");
    }
    // The library's range of bounds, 1 byte to 4 GiB less 2: outside it, a usage error.
    for bad in ["0", "4G"] {
        assert_eq!(urisift_status(&["--mail-message-max", bad, &path]), Some(2), "{bad}");
    }
}

fn urisift_status(args: &[&str]) -> Option<i32> {
    Command::new(env!("CARGO_BIN_EXE_urisift")).args(args).output().unwrap().status.code()
}
