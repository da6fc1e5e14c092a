//! The extraction command line as people use it every day (issue 20): pipes, sizes,
//! directories, compressed files, file names, JSON, the subcommands alike, completions and the
//! manual, and the mail link picker. Each test runs the built binary and looks at its stdout,
//! stderr and exit status.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use common::TempDir;

/// What one run printed and how it ended.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

impl Run {
    fn out(&self) -> String {
        String::from_utf8(self.stdout.clone()).expect("stdout is UTF-8")
    }
}

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_urisift"));
    command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

/// Runs `command` with `stdin` written from a thread (a child may write before it reads).
fn run_command(mut command: Command, stdin: &[u8]) -> Run {
    let mut child = command.spawn().expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    let writer = thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary runs");
    writer.join().expect("the writer thread ends");
    Run {
        code: output.status.code(),
        stdout: output.stdout,
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

fn urisift(args: &[&str], stdin: &[u8]) -> Run {
    run_command(command(args), stdin)
}

/// Runs `urisift ARGS` in `dir`.
fn urisift_in(dir: &Path, args: &[&str]) -> Run {
    let mut command = command(args);
    command.current_dir(dir);
    run_command(command, b"")
}

/// The first line `child` writes on its standard output, read on a thread: received from the
/// channel (with a timeout: a hang guard, not a speed test) while the child still runs.
fn first_line(child: &mut std::process::Child) -> (mpsc::Receiver<String>, thread::JoinHandle<()>) {
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = mpsc::channel();
    let reader = thread::spawn(move || {
        let mut first = String::new();
        BufReader::new(stdout).read_line(&mut first).unwrap();
        let _ = send.send(first);
    });
    (receive, reader)
}

fn json_lines(run: &Run) -> Vec<serde_json::Value> {
    run.out().lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

// ---------------------------------------------------------------------------------------------
// Item 2: live input

/// With --line-buffered, a URI is written as soon as it is found, while the input is still
/// open (`tail -f log | urisift --line-buffered`); the filler makes the extractor go past it.
#[test]
fn line_buffered_output_comes_while_the_input_is_open() {
    let mut child = command(&["--line-buffered"]).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"see http://a.example/live now\n").unwrap();
    stdin.write_all(&b"filler words\n".repeat(40_000)).unwrap();
    stdin.flush().unwrap();
    let (receive, reader) = first_line(&mut child);
    // A hang guard, not a speed test: without the flush the line only comes at the end.
    let first = receive.recv_timeout(Duration::from_secs(120));
    drop(stdin);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    assert_eq!(first.as_deref(), Ok("http://a.example/live\n"), "the URI waited for the end of input");
    assert_eq!(status.code(), Some(0));
}

// ---------------------------------------------------------------------------------------------
// Item 3: a closed pipe

/// `urisift big.mbox | head -1` exited 1 ("nothing found") when the pipe closed during the
/// first file: the URIs of the file being read were not counted yet.
#[test]
fn head_1_after_a_match_exits_0_quietly() {
    let dir = TempDir::new("head");
    let big = dir.file("big.mbox", &b"From a\nsee http://a.example/x\n".repeat(200_000));
    let mut child = command(&[big.to_str().unwrap()]).spawn().unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert_eq!(first, "http://a.example/x\n");
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    assert_eq!((status.code(), stderr.as_str()), (Some(0), ""));
}

// ---------------------------------------------------------------------------------------------
// Item 4: --max-uri-len

#[test]
fn max_uri_len_out_of_range_is_a_usage_error() {
    for bad in ["0", "15", "2G", "1025M", "lots", "-1", "1T"] {
        let run = urisift(&[&format!("--max-uri-len={bad}")], b"http://a.example/\n");
        assert_eq!(run.code, Some(2), "{bad}: {run:?}");
        assert!(run.stderr.contains("--max-uri-len"), "{bad}: {}", run.stderr);
        assert_eq!(run.out(), "");
    }
}

#[test]
fn max_uri_len_takes_suffixes_and_warnings_say_the_real_limit() {
    let text = format!("http://a.example/{} http://b.example/\n", "x".repeat(2000));
    let run = urisift(&["--max-uri-len", "1K"], text.as_bytes());
    assert_eq!(run.out(), "http://b.example/\n");
    assert!(run.stderr.contains("longer than 1024 bytes"), "{}", run.stderr);
    for size in ["16", "4k", "64K", "1M", "1G"] {
        let run = urisift(&["--max-uri-len", size], text.as_bytes());
        assert!(matches!(run.code, Some(0 | 1)), "{size}: {run:?}");
    }
    let run = urisift(&["--max-uri-len", "4K"], text.as_bytes());
    assert_eq!((run.out().lines().count(), run.stderr.as_str()), (2, ""));
}

// ---------------------------------------------------------------------------------------------
// Item 5: directories

fn tree(test: &str) -> TempDir {
    let dir = TempDir::new(test);
    dir.file("a.txt", b"http://a.example/\n");
    dir.file("sub/b.log", b"http://b.example/\n");
    dir.file("sub/c.txt", b"nothing\n");
    dir.file(".hidden/d.txt", b"http://d.example/\n");
    dir.file(".e.txt", b"http://e.example/\n");
    dir.file("ignored/f.txt", b"http://f.example/\n");
    dir.file(".ignore", b"ignored/\n");
    dir
}

#[test]
fn a_directory_without_r_is_an_error_suggesting_r() {
    let dir = tree("dir-no-r");
    let run = urisift(&[dir.path().to_str().unwrap(), &dir.arg("a.txt")], b"");
    assert!(run.stderr.contains("is a directory") && run.stderr.contains("-r"), "{}", run.stderr);
    assert!(run.out().ends_with(":http://a.example/\n"), "the other inputs are still read: {}", run.out());
    assert_eq!(run.code, Some(2));
}

#[test]
fn recursive_walks_sorted_skipping_ignored_and_hidden_files_with_names() {
    let dir = tree("walk");
    let root = dir.path().to_str().unwrap();
    let run = urisift(&["-r", root], b"");
    assert_eq!(run.out(), format!("{root}/a.txt:http://a.example/\n{root}/sub/b.log:http://b.example/\n"));
    assert_eq!(run.code, Some(0));
    let run = urisift(&["-r", "--hidden", "-I", root], b"");
    assert_eq!(run.out(), "http://e.example/\nhttp://d.example/\nhttp://a.example/\nhttp://b.example/\n");
    let run = urisift(&["-r", "--no-ignore", "-c", root], b"");
    assert!(run.out().contains(&format!("{root}/ignored/f.txt:1\n")), "{}", run.out());
    // With no FILE, the current directory, named without `./`.
    let run = urisift_in(dir.path(), &["-r", "-l"]);
    assert_eq!(run.out(), "a.txt\nsub/b.log\n");
}

#[test]
fn gitignore_counts_inside_a_git_repository() {
    let dir = TempDir::new("gitignore");
    dir.file(".git/HEAD", b"ref: refs/heads/main\n");
    dir.file(".gitignore", b"*.log\n");
    dir.file("a.txt", b"http://a.example/\n");
    dir.file("b.log", b"http://b.example/\n");
    let run = urisift_in(dir.path(), &["-r"]);
    assert_eq!(run.out(), "a.txt:http://a.example/\n");
}

#[test]
fn globs_select_and_exclude_files_of_a_walk() {
    let dir = tree("glob");
    let root = dir.path().to_str().unwrap();
    let run = urisift(&["-r", "-l", "--glob", "*.log", root], b"");
    assert_eq!(run.out(), format!("{root}/sub/b.log\n"));
    let run = urisift(&["-r", "-l", "-g", "!*.log", root], b"");
    assert_eq!(run.out(), format!("{root}/a.txt\n"));
    // As in ripgrep, a glob that selects a file overrides the other rules: a hidden file too.
    let run = urisift(&["-r", "-l", "-g", "*.txt", "-g", "!a.*", root], b"");
    assert_eq!(run.out(), format!("{root}/.e.txt\n"));
    let run = urisift(&["-r", "-l", "-g", "*.md", root], b"");
    assert_eq!((run.out(), run.code), (String::new(), Some(1)));
    // A file named on the command line is read whatever the globs say.
    let run = urisift(&["-r", "-g", "*.log", &dir.arg("a.txt")], b"");
    assert!(run.out().ends_with("a.txt:http://a.example/\n"), "{}", run.out());
    let run = urisift(&["-r", "-g", "[", root], b"");
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.stderr.contains("glob"), "{}", run.stderr);
}

// ---------------------------------------------------------------------------------------------
// Item 6: compressed input

const PLAIN: &[u8] = b"first line\nsee <http://a.example/x> and ftp://b.example/\n";

fn compressed(format: &str, text: &[u8]) -> Vec<u8> {
    match format {
        "gzip" => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        "bzip2" => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        "xz" => {
            let mut e = liblzma::write::XzEncoder::new(Vec::new(), 6);
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        "zstd" => zstd::encode_all(text, 3).unwrap(),
        _ => unreachable!(),
    }
}

#[test]
fn search_zip_reads_gzip_bzip2_xz_and_zstd_files_and_stdin() {
    let dir = TempDir::new("zip");
    for format in ["gzip", "bzip2", "xz", "zstd"] {
        let data = compressed(format, PLAIN);
        let file = dir.file(&format!("text.{format}"), &data);
        let run = urisift(&["-z", "--json", file.to_str().unwrap()], b"");
        let records = json_lines(&run);
        assert_eq!(records.len(), 2, "{format}: {}", run.out());
        // Offsets refer to the decompressed bytes.
        for r in &records {
            let (start, end) = (r["start"].as_u64().unwrap() as usize, r["end"].as_u64().unwrap() as usize);
            assert_eq!(&PLAIN[start..end], r["uri"].as_str().unwrap().as_bytes(), "{format}");
        }
        let run = urisift(&["--search-zip"], &data);
        assert_eq!(run.out(), "http://a.example/x\nftp://b.example/\n", "{format} on stdin");
        // Without -z: read as it is (the compressed bytes), with a warning that names the
        // format.
        let run = urisift(&["-c", file.to_str().unwrap()], b"");
        assert!(run.stderr.contains(format) && run.stderr.contains("-z"), "{format}: {}", run.stderr);
        // The same for a range of it, on one thread and on several (regression: no warning).
        for threads in ["1", "2"] {
            let run = urisift(&["-c", "-j", threads, "--range", "0:", file.to_str().unwrap()], b"");
            assert!(
                run.stderr.contains(format) && run.stderr.contains("-z"),
                "{format}, --range, -j {threads}: {}",
                run.stderr
            );
        }
    }
    // Uncompressed input is read as it is with -z, without a warning.
    let run = urisift(&["-z"], PLAIN);
    assert_eq!((run.out().lines().count(), run.stderr.as_str()), (2, ""));
}

#[test]
fn search_zip_reads_concatenated_members_and_reports_corrupt_data() {
    let mut data = compressed("gzip", b"http://a.example/\n");
    data.extend(compressed("gzip", b"http://b.example/\n"));
    let run = urisift(&["-z"], &data);
    assert_eq!(run.out(), "http://a.example/\nhttp://b.example/\n");
    let mut corrupt = compressed("gzip", &PLAIN.repeat(100));
    let middle = corrupt.len() / 2;
    corrupt[middle..].fill(0xa5);
    let run = urisift(&["-z", "-c"], &corrupt);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.stderr.contains("<stdin>") && run.stderr.contains("gzip"), "{}", run.stderr);
}

// ---------------------------------------------------------------------------------------------
// Large files read through a memory map (issue 22)

/// A file of 1 MiB or more is mapped, and what it prints is what reading it gives: every
/// option of output, and the URI at its very end.
#[test]
fn a_mapped_file_prints_what_reading_it_prints() {
    let dir = TempDir::new("mapped");
    let mut text = Vec::new();
    for i in 0..30_000 {
        text.extend_from_slice(format!("line {i} see <http://a.example/{i}> and more words\n").as_bytes());
    }
    text.extend_from_slice(b"last http://z.example/end");
    assert!(text.len() > 1 << 20);
    let big = dir.file("big.txt", &text);
    let big = big.to_str().unwrap();
    for args in [&["-j", "1"][..], &["-j", "1", "--json", "-n"], &["-j", "1", "-c"], &["-j", "1", "-m", "3"]]
    {
        let mapped = urisift(&[args, &[big]].concat(), b"");
        let read = urisift(&[args, &["--no-mmap", big]].concat(), b"");
        assert_eq!(mapped.code, Some(0), "{args:?}: {}", mapped.stderr);
        assert_eq!(mapped.stdout, read.stdout, "{args:?}");
        assert_eq!(mapped.stderr, read.stderr, "{args:?}");
    }
    let all = urisift(&["-j", "1", big], b"");
    assert_eq!(all.out().lines().count(), 30_001);
    assert!(all.out().ends_with("http://z.example/end\n"));
}

/// A mapped file that shrinks while it is read raises SIGBUS: the process says so and exits
/// with status 2, rather than dying with no word. The signal is sent to the process while it
/// waits on a FIFO named after the mapped file (a real shrink cannot be timed in a test).
#[cfg(unix)]
#[test]
fn sigbus_while_a_file_is_mapped_is_an_error_with_a_message() {
    let dir = TempDir::new("sigbus");
    let big = dir.file("big.txt", &b"see http://a.example/ here\n".repeat(50_000));
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let mut child =
        command(&["-j", "1", "--line-buffered", "-c", big.to_str().unwrap(), fifo.to_str().unwrap()])
            .spawn()
            .unwrap();
    let (receive, reader) = first_line(&mut child);
    // The count of the mapped file comes once it is read; then the FIFO's open waits.
    let first = receive.recv_timeout(Duration::from_secs(120));
    assert!(first.as_deref().is_ok_and(|l| l.ends_with(":50000\n")), "{first:?}");
    assert!(Command::new("kill").args(["-BUS", &child.id().to_string()]).status().unwrap().success());
    let status = child.wait().unwrap();
    reader.join().unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("shrank while it was read through a memory map") && stderr.contains("--no-mmap"),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------------------------
// Item 7: names, -l, -q, -0, -m, --color

#[test]
fn file_names_shown_with_several_inputs_and_chosen_by_h_and_i() {
    let dir = TempDir::new("names");
    let (a, b) = (dir.file("a.txt", b"http://a.example/\n"), dir.file("b.txt", b"http://b.example/\n"));
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    assert_eq!(urisift(&[a], b"").out(), "http://a.example/\n");
    assert_eq!(urisift(&["-H", a], b"").out(), format!("{a}:http://a.example/\n"));
    assert_eq!(urisift(&[a, b], b"").out(), format!("{a}:http://a.example/\n{b}:http://b.example/\n"));
    assert_eq!(urisift(&["-I", a, b], b"").out(), "http://a.example/\nhttp://b.example/\n");
    assert_eq!(urisift(&["-I", "-H", a], b"").out(), format!("{a}:http://a.example/\n"), "the last wins");
    assert_eq!(urisift(&["-H", "-n"], b"x\nhttp://c.example/\n").out(), "<stdin>:2:http://c.example/\n");
    assert_eq!(urisift(&["-H", "-0", a], b"").stdout, format!("{a}\0http://a.example/\n").into_bytes());
}

#[test]
fn files_with_matches_quiet_null_and_max_count() {
    let dir = TempDir::new("list");
    let a = dir.file("a.txt", b"http://a.example/1 http://a.example/2 http://a.example/3\n");
    let n = dir.file("n.txt", b"nothing\n");
    let b = dir.file("b.txt", b"http://b.example/\n");
    let (a, n, b) = (a.to_str().unwrap(), n.to_str().unwrap(), b.to_str().unwrap());
    let run = urisift(&["-l", a, n, b], b"");
    assert_eq!((run.out(), run.code), (format!("{a}\n{b}\n"), Some(0)));
    let run = urisift(&["-l", "-0", a, n, b], b"");
    assert_eq!(run.stdout, format!("{a}\0{b}\0").into_bytes());
    let run = urisift(&["-l", n], b"");
    assert_eq!((run.out(), run.code), (String::new(), Some(1)));
    let run = urisift(&["-q", n, a], b"");
    assert_eq!((run.out(), run.code), (String::new(), Some(0)));
    let run = urisift(&["-q", n], b"");
    assert_eq!((run.out(), run.code), (String::new(), Some(1)));
    // -q: a URI found gives 0 even when another input could not be read.
    let run = urisift(&["-q", a, "/nonexistent/urisift"], b"");
    assert_eq!(run.code, Some(0));
    let run = urisift(&["-m", "2", a, b], b"");
    assert_eq!(run.out(), format!("{a}:http://a.example/1\n{a}:http://a.example/2\n{b}:http://b.example/\n"));
    let run = urisift(&["-m", "2", "-c", a], b"");
    assert_eq!(run.out(), "2\n");
    let run = urisift(&["-m", "0", a], b"");
    assert_eq!((run.out(), run.code), (String::new(), Some(1)));
}

#[test]
fn color_marks_file_line_and_uri_only_when_asked_or_on_a_terminal() {
    let dir = TempDir::new("color");
    let a = dir.file("a.txt", b"x\nhttp://a.example/\n");
    let a = a.to_str().unwrap();
    let run = urisift(&["--color", "always", "-H", "-n", a], b"");
    assert_eq!(
        run.out(),
        format!(
            "\x1b[0m\x1b[35m{a}\x1b[0m:\x1b[0m\x1b[32m2\x1b[0m:\x1b[0m\x1b[1m\x1b[31mhttp://a.example/\x1b[0m\n"
        )
    );
    for when in ["never", "auto"] {
        let run = urisift(&["--color", when, "-H", "-n", a], b"");
        assert_eq!(run.out(), format!("{a}:2:http://a.example/\n"), "{when} (stdout is a pipe)");
    }
    assert_eq!(urisift(&["--color", "sometimes"], b"").code, Some(2));
}

#[test]
fn help_has_an_exit_status_section() {
    let run = urisift(&["--help"], b"");
    let help = run.out();
    assert!(help.contains("Exit status:"), "{help}");
    for option in ["--recursive", "--glob", "--search-zip", "--files-with-matches", "--quiet", "--null"] {
        assert!(help.contains(option), "{option} missing from --help");
    }
    for option in
        ["--max-count", "--color", "--with-filename", "--no-filename", "--line-buffered", "--format"]
    {
        assert!(help.contains(option), "{option} missing from --help");
    }
}

/// A file name that is not UTF-8 is printed as its raw bytes, and in JSON as base64, never
/// with U+FFFD.
#[cfg(target_os = "linux")]
#[test]
fn non_utf8_file_names_are_raw_bytes_and_base64_in_json() {
    use std::os::unix::ffi::OsStrExt;
    let dir = TempDir::new("bytes");
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.txt");
    let path = dir.path().join(name);
    std::fs::write(&path, b"http://a.example/\n").unwrap();
    let mut command = command(&["-H"]);
    command.arg(&path);
    let run = run_command(command, b"");
    let mut expected = path.as_os_str().as_bytes().to_vec();
    expected.extend_from_slice(b":http://a.example/\n");
    assert_eq!(run.stdout, expected);
    let mut command = self::command(&["--json", "-r"]);
    command.arg(dir.path());
    let run = run_command(command, b"");
    let records = json_lines(&run);
    let encoded = records[0]["file"]["bytes"].as_str().expect("{\"bytes\": ...}");
    let prefix = dir.path().to_str().unwrap();
    // base64 of the whole path: compare by decoding with the standard alphabet.
    assert_eq!(decode_base64(encoded), path.as_os_str().as_bytes(), "{prefix}");
    assert!(!run.out().contains('\u{fffd}'));
}

fn decode_base64(s: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in s.bytes().filter(|&c| c != b'=') {
        bits = bits << 6 | ALPHABET.iter().position(|&a| a == c).expect("base64") as u32;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Item 8: JSON records and their documented schema

/// One row of a table in docs/json-schema.md.
#[derive(Debug)]
struct Key {
    ty: String,
    always: bool,
}

/// The tables of docs/json-schema.md: record type → key (dotted for nested ones) → row.
fn schema() -> HashMap<String, Vec<(String, Key)>> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json-schema.md")).unwrap();
    let mut tables: HashMap<String, Vec<(String, Key)>> = HashMap::new();
    let mut current = None;
    for line in doc.lines() {
        if let Some(heading) = line.strip_prefix("## `") {
            current = Some(heading.split('`').next().unwrap().to_owned());
            continue;
        }
        let (Some(record), Some(row)) = (&current, line.strip_prefix("| `")) else { continue };
        let cells: Vec<&str> = row.split(" | ").collect();
        let key = cells[0].trim_end_matches('`').to_owned();
        let key_row = Key { ty: cells[1].replace("\\|", "|"), always: cells[2] == "always" };
        tables.entry(record.clone()).or_default().push((key, key_row));
    }
    tables
}

fn type_matches(ty: &str, value: &serde_json::Value) -> bool {
    ty.split('|').any(|ty| match ty {
        "string" => value.is_string(),
        "integer" => value.is_u64(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "null" => value.is_null(),
        "string[]" => value.as_array().is_some_and(|a| a.iter().all(|v| v.is_string())),
        "name" => {
            value.is_string()
                || value
                    .as_object()
                    .is_some_and(|o| o.len() == 1 && o.get("bytes").is_some_and(|b| b.is_string()))
        }
        other => panic!("unknown type {other:?} in docs/json-schema.md"),
    })
}

/// Checks `record` against its table: every key documented, of its type, in the documented
/// order, and every key marked "always" present.
fn check_record(schema: &HashMap<String, Vec<(String, Key)>>, record: &serde_json::Value) -> String {
    let ty = record["type"].as_str().expect("every record has a type").to_owned();
    let table = schema.get(&ty).unwrap_or_else(|| panic!("record type {ty:?} is not documented"));
    let mut flat = Vec::new();
    for (key, value) in record.as_object().unwrap() {
        flat.push((key.clone(), value));
        if key != "file" {
            if let Some(inner) = value.as_object() {
                flat.extend(inner.iter().map(|(k, v)| (format!("{key}.{k}"), v)));
            }
        }
    }
    let mut last = 0;
    for (key, value) in &flat {
        let position = table.iter().position(|(k, _)| k == key);
        let position = position.unwrap_or_else(|| panic!("{ty}: key {key:?} is not documented: {record}"));
        assert!(position >= last, "{ty}: key {key:?} out of the documented order: {record}");
        last = position;
        assert!(
            type_matches(&table[position].1.ty, value),
            "{ty}: {key} = {value} is not {}",
            table[position].1.ty
        );
    }
    for (key, row) in table {
        if row.always {
            assert!(flat.iter().any(|(k, _)| k == key), "{ty}: key {key:?} missing: {record}");
        }
    }
    ty
}

#[test]
fn json_records_follow_the_documented_schema() {
    let schema = schema();
    assert_eq!(schema.len(), 4, "{:?}", schema.keys());
    let dir = TempDir::new("schema");
    let text = format!(
        "see <URL:http://u@a.example:81/x?y#z> www.b.example/ http://exa%mple/ urn:example:a\n\
         http://c.example/{}\n",
        "x".repeat(100)
    );
    let a = dir.file("a.txt", text.as_bytes());
    let a = a.to_str().unwrap();
    let mail = dir.file(
        "m.eml",
        b"Message-ID: <x@example.org>\nContent-Type: text/html\n\n<a href=\"http://h.example/\">h</a>\n",
    );
    let mail = mail.to_str().unwrap();
    // Nested matches (--nested), read as mail and not, their outer match written or not.
    let nested =
        dir.file("n.eml", b"Subject: x\n\nhttps://www.google.com/url?q=https%3A%2F%2Fd.example%2F&sa=D\n");
    let nested = nested.to_str().unwrap();
    // A gzip file of two members, read by members (`member_offset`).
    let gz = [compressed("gzip", text.as_bytes()), compressed("gzip", text.as_bytes())].concat();
    let gz = dir.file("a.txt.gz", &gz);
    let gz = gz.to_str().unwrap();
    let mut types = std::collections::BTreeSet::new();
    for args in [
        &["--json", "--rejected", "--abbreviated", "--max-uri-len", "64", a][..],
        &["--json", "-n", "--line-text", mail],
        &["--json", "-n", "--line-text", "--rejected", "--max-uri-len", "64", a, "-"],
        &["--json", "-c", "--rejected", a, "-"],
        &["--json", "--nested", "-n", nested, "-"],
        &["--json", "--nested", "--flag", "nested", nested, "-"],
        &["-z", "--json", "-n", "--line-text", "--rejected", "--max-uri-len", "64", gz],
    ] {
        let run = urisift(args, b"mailto:a@b.example?body=http://e.example/\n");
        for record in json_lines(&run) {
            types.insert(check_record(&schema, &record));
        }
    }
    assert_eq!(types.into_iter().collect::<Vec<_>>(), ["match", "overlong", "rejected", "summary"]);
}

/// The example in docs/json-schema.md is what the command prints.
#[test]
fn json_schema_example_is_true() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json-schema.md")).unwrap();
    let example = doc.split("## Example").nth(1).unwrap();
    let mut lines = example.lines().skip_while(|l| !l.starts_with("$ "));
    let command = lines.next().unwrap();
    let printed: Vec<&str> = lines.take_while(|l| !l.starts_with("```")).collect();
    assert!(command.contains("urisift --json --rejected -n"), "{command}");
    let run =
        urisift(&["--json", "--rejected", "-n"], b"see <URL:http://a.example/x?y=1> and http://exa%mple/\n");
    assert_eq!(run.out().lines().collect::<Vec<_>>(), printed);
}

#[test]
fn json_match_records_carry_components_and_stdin_is_named_stdin() {
    let run = urisift(&["--json"], b"<http://u@[::1]:8080/p?q#f> mailto:a@b.example\n");
    let records = json_lines(&run);
    let c = &records[0]["components"];
    assert_eq!(records[0]["file"], "<stdin>");
    assert_eq!(
        (c["scheme"].as_str(), c["userinfo"].as_str(), c["host"].as_str()),
        (Some("http"), Some("u"), Some("[::1]"))
    );
    assert_eq!((c["port"].as_str(), c["path"].as_str()), (Some("8080"), Some("/p")));
    assert_eq!((c["query"].as_str(), c["fragment"].as_str()), (Some("q"), Some("f")));
    assert!(records[1]["components"]["host"].is_null());
    assert_eq!(records[1]["components"]["path"], "a@b.example");
    // The same name in messages.
    let run = urisift(&["--max-uri-len", "16"], b"http://a.example/long-enough\n");
    assert!(run.stderr.starts_with("urisift: <stdin>: warning"), "{}", run.stderr);
}

/// Under --json, rejected and overlong candidates are records on stdout, nothing on stderr;
/// -c --json gives one summary per input.
#[test]
fn json_puts_rejected_and_overlong_candidates_on_stdout() {
    let text = format!("http://exa%mple/ http://a.example/{} http://b.example/\n", "x".repeat(100));
    let run = urisift(&["--json", "--rejected", "--max-uri-len", "64"], text.as_bytes());
    let types: Vec<_> = json_lines(&run).iter().map(|r| r["type"].as_str().unwrap().to_owned()).collect();
    assert_eq!(types, ["rejected", "overlong", "match"]);
    assert_eq!(run.stderr, "");
    // With -n every record has its line, the overlong one too.
    let run = urisift(&["--json", "-n", "--rejected", "--max-uri-len", "64"], format!("\n{text}").as_bytes());
    let lines: Vec<_> = json_lines(&run).iter().map(|r| r["line"].as_u64()).collect();
    assert_eq!(lines, [Some(2), Some(2), Some(2)]);
    let run = urisift(&["--json", "-c", "--rejected", "--max-uri-len", "64"], text.as_bytes());
    assert_eq!(
        run.out(),
        "{\"type\":\"summary\",\"file\":\"<stdin>\",\"matches\":1,\"rejected\":1,\"overlong\":1}\n"
    );
}

/// The line a URI was found on, for a picker: right at every read boundary of a large input
/// (each line is long enough for many of them to straddle one), in JSON and in `{text}`.
#[test]
fn line_text_is_the_whole_line_of_each_uri() {
    let mut input = String::new();
    let mut lines = Vec::new();
    for i in 0..3000 {
        let line =
            format!("line {i}: see http://a.example/{i} here, and then {} words", "more ".repeat(i % 40));
        input.push_str(&line);
        input.push_str(if i % 3 == 0 { "\r\n" } else { "\n" });
        lines.push(line);
    }
    let run = urisift(&["--format", "{uri}\t{text}"], input.as_bytes());
    let out = run.out();
    let printed: Vec<&str> = out.lines().map(|l| l.split_once('\t').unwrap().1).collect();
    assert_eq!(printed, lines);
    let run = urisift(&["--json", "--line-text", "-n"], input.as_bytes());
    for (record, line) in json_lines(&run).iter().zip(&lines) {
        assert_eq!(record["text"], line.as_str());
    }
    // Without --line-text, no "text".
    let run = urisift(&["--json"], b"see http://a.example/\n");
    assert!(json_lines(&run)[0].get("text").is_none());
}

// ---------------------------------------------------------------------------------------------
// Item 9: check, resolve and normalize alike

#[test]
fn subcommands_read_stdin_one_line_per_input_in_order() {
    let input = b"HTTP://A.example/./b\nhttp://a/%zz\n../c\n";
    let run = urisift(&["check"], input);
    assert_eq!(run.out().lines().count(), 3);
    let run = urisift(&["normalize"], input);
    assert_eq!(
        run.out(),
        "http://a.example/b\ninvalid\thttp://a/%zz\tinvalid percent-escape at byte 9\n../c\n"
    );
    assert_eq!(run.code, Some(1));
    let run = urisift(&["resolve", "http://x.example/p/q"], input);
    assert_eq!(
        run.out(),
        "HTTP://A.example/b\ninvalid\thttp://a/%zz\tinvalid percent-escape at byte 9\nhttp://x.example/c\n"
    );
    let run = urisift(&["resolve", "http://x.example/p/q"], b"\xff\n");
    assert!(run.out().starts_with("invalid\t"), "{}", run.out());
}

#[test]
fn subcommands_take_json_and_a_grammar_in_any_case() {
    for sub in [&["check"][..], &["resolve", "http://x.example/"], &["normalize"]] {
        let mut args = sub.to_vec();
        args.extend(["--json", "--grammar", "RFC1738", "http://a.example/~u", "http://a.example/b"]);
        let run = urisift(&args, b"");
        let records = json_lines(&run);
        assert_eq!(records.len(), 2, "{sub:?}: {}", run.out());
        assert_eq!(records[0]["valid"], false, "{sub:?}: ~ is unsafe in RFC 1738");
        assert!(records[0]["error"]["message"].is_string(), "{sub:?}");
        assert_eq!(records[1]["valid"], true, "{sub:?}");
        assert_eq!(run.code, Some(1), "{sub:?}");
    }
    let run = urisift(&["normalize", "--json", "HTTP://A.example"], b"");
    assert_eq!(
        run.out(),
        "{\"input\":\"HTTP://A.example\",\"valid\":true,\"result\":\"http://a.example/\",\"error\":null}\n"
    );
    for grammar in ["RFC2396", "rfc2396", "2396"] {
        let run = urisift(&["--grammar", grammar], b"http://[::1]/ http://a.example/\n");
        assert_eq!(run.out(), "http://a.example/\n", "{grammar}");
    }
}

// ---------------------------------------------------------------------------------------------
// Item 10: completions and the manual

#[test]
fn completions_for_each_shell_know_the_options() {
    for shell in ["bash", "zsh", "fish"] {
        let run = urisift(&["completions", shell], b"");
        assert_eq!(run.code, Some(0), "{shell}");
        // fish lists long options without their dashes.
        let json = if shell == "fish" { "-l json" } else { "--json" };
        assert!(run.out().contains(json) && run.out().contains("search-zip"), "{shell}");
        assert!(run.out().contains("normalize"), "{shell}: the subcommands");
    }
    assert_eq!(urisift(&["completions", "tcsh"], b"").code, Some(2));
}

#[test]
fn man_page_has_its_sections() {
    let run = urisift(&["man"], b"");
    assert_eq!(run.code, Some(0));
    let page = run.out();
    for section in [".TH urisift", ".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", "\\-\\-json", "Exit status"] {
        assert!(page.contains(section), "{section} missing from the manual");
    }
}

// ---------------------------------------------------------------------------------------------
// Item 11: the mail link picker

/// contrib/urisift-pick, the mutt/neomutt recipe of the README, on a message: the picker
/// (fzf) replaced by `head -1` and the opener (xdg-open) by `echo`.
#[test]
fn the_mutt_link_picker_recipe_opens_the_picked_link() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/contrib/urisift-pick");
    let Ok(text) = std::fs::read_to_string(script) else {
        eprintln!("skipped: {script} is not here (a packaged crate?)");
        return;
    };
    assert!(text.contains("--format"), "the recipe uses a --format template");
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains("<pipe-message> urisift-pick<enter>"), "the README's macro calls the script");
    let message = b"From: a@example.org\nSubject: links\nContent-Type: text/plain\n\
        Content-Transfer-Encoding: quoted-printable\n\n\
        Slides: <https://conf.example/talk?id=3D7&x=3D=\n1> and http://b.example/\n\
        Again https://conf.example/talk?id=3D7&x=3D1\n";
    let bin = Path::new(env!("CARGO_BIN_EXE_urisift")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let mut command = Command::new("sh");
    command
        .arg(script)
        .env("PATH", path)
        .env("URISIFT_PICKER", "head -1")
        .env("URISIFT_OPENER", "echo opening")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let run = run_command(command, message);
    assert_eq!(
        (run.out().as_str(), run.stderr.as_str()),
        ("opening https://conf.example/talk?id=7&x=1\n", "")
    );
    assert_eq!(run.code, Some(0));
    // Nothing picked (the picker cancelled): nothing opened, no error.
    let mut command = Command::new("sh");
    command.arg(script).env("URISIFT_PICKER", "false").env("URISIFT_OPENER", "echo opening");
    command.env("PATH", format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default()));
    command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let run = run_command(command, message);
    assert_eq!((run.out().as_str(), run.code), ("", Some(0)));
    // An HTML part sent base64: each link is offered beside its link text (on one line), and
    // the last one picked opens, its `&amp;` decoded.
    let html = b"From: a@example.org\nSubject: news\nMIME-Version: 1.0\nContent-Type: text/html\n\
        Content-Transfer-Encoding: base64\n\n\
        PHA+PGEgaHJlZj0iaHR0cHM6Ly9hLmV4YW1wbGUvb25lIj5GaXJzdDwvYT4KPGEgaHJlZj0iaHR0\n\
        cHM6Ly9iLmV4YW1wbGUvcmVwb3J0P2E9MSZhbXA7Yj0yIj5SZWFkIHRoZQogcmVwb3J0PC9hPjwv\n\
        cD4K\n";
    let mut command = Command::new("sh");
    command.arg(script).env("URISIFT_PICKER", "tail -1").env("URISIFT_OPENER", "echo opening");
    command.env("PATH", format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default()));
    command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let run = run_command(command, html);
    assert_eq!((run.out().as_str(), run.code), ("opening https://b.example/report?a=1&b=2\n", Some(0)));
    let run = urisift(&["--format", "{uri}|{found}|{link_text}"], html);
    assert_eq!(
        run.out(),
        "https://a.example/one|html:href|First\nhttps://b.example/report?a=1&b=2|html:href|Read the report\n"
    );
}

// ---------------------------------------------------------------------------------------------
// Issue 19: mail as a reader sees it

/// A base64 HTML part gives its link read as mail, and nothing with `--no-mail`; `--mail`
/// reads text without a header as a body; `--headers` and `--no-headers` pick the header
/// fields read; `-u` keeps each URI once, in order of first appearance.
#[test]
fn mail_switches_and_header_fields() {
    // `<a href="http://b64.example/?a=1&amp;b=2">go</a>`, in base64.
    let mail = b"List-Help: <http://help.example/>\nX-Url: http://x.example/\n\
                 Content-Type: text/html\nContent-Transfer-Encoding: base64\n\n\
                 PGEgaHJlZj0iaHR0cDovL2I2NC5leGFtcGxlLz9hPTEmYW1wO2I9MiI+Z288L2E+Cg==\n";
    let lines = |args: &[&str], input: &[u8]| {
        urisift(args, input).out().lines().map(str::to_owned).collect::<Vec<_>>()
    };
    assert_eq!(
        lines(&[], mail),
        ["http://help.example/", "http://x.example/", "http://b64.example/?a=1&b=2"]
    );
    assert_eq!(lines(&["--no-mail"], mail), ["http://help.example/", "http://x.example/"]);
    assert_eq!(lines(&["--headers", "x-url"], mail), ["http://x.example/", "http://b64.example/?a=1&b=2"]);
    assert_eq!(lines(&["--no-headers"], mail), ["http://b64.example/?a=1&b=2"]);
    let text = b"See: http://a.example/?q=3D1\n";
    assert_eq!(lines(&["--no-mail"], text), ["http://a.example/?q=3D1"]);
    assert_eq!(
        lines(
            &["--mail", "--headers", "X"],
            b"See http://a.example/ and http://b.example/ then http://a.example/\n"
        ),
        ["http://a.example/", "http://b.example/", "http://a.example/"]
    );
    assert_eq!(
        lines(&["-u", "--mail"], b"See http://a.example/ and http://b.example/ then http://a.example/\n"),
        ["http://a.example/", "http://b.example/"]
    );
    // JSON records say where each link was found.
    let records = json_lines(&urisift(&["--json"], mail));
    let found: Vec<(&str, &str, &str)> = records
        .iter()
        .map(|r| (r["uri"].as_str().unwrap(), r["found"].as_str().unwrap(), r["part"].as_str().unwrap()))
        .collect();
    assert_eq!(
        found,
        [
            ("http://help.example/", "header:List-Help", ""),
            ("http://x.example/", "header:X-Url", ""),
            ("http://b64.example/?a=1&b=2", "html:href", "1"),
        ]
    );
    assert_eq!(records[2]["link_text"], "go");
    assert_eq!(records[2]["content_type"], "text/html");
    assert_eq!(records[2]["delimiter"], "html-attribute");
    assert_eq!(records[0]["message"], 1);
    assert!(json_lines(&urisift(&["--json", "--no-mail"], mail)).iter().all(|r| r.get("found").is_none()));
}

// ---------------------------------------------------------------------------------------
// Issue 18 items 5, 6, 8: hosts a reader would click, defanged indicators, --to-uri

#[test]
fn unclickable_hosts_and_defanged_indicators_print_nothing_and_are_rejected_with_a_reason() {
    let text =
        b"a https://${HOST}/ b http://-example.com c hxxps://evil[.]example/ d http://evil[.]example/ e\n";
    let run = urisift(&[], text);
    assert_eq!((run.code, run.out()), (Some(1), String::new()));
    let run = urisift(&["--json", "--rejected"], text);
    let messages: Vec<String> = json_lines(&run)
        .iter()
        .filter(|r| r["type"] == "rejected")
        .map(|r| format!("{} {}", r["text"].as_str().unwrap(), r["error"]["message"].as_str().unwrap()))
        .collect();
    assert_eq!(
        messages,
        [
            "https://$ the host is no name a reader would click at byte 8",
            "http://-example.com the host is no name a reader would click at byte 7",
            "http://evil a defanged indicator (a mark such as [.] stands for a URI character) at byte 11",
        ]
    );
}

#[test]
fn to_uri_prints_a_uri_as_it_is_and_json_has_no_as_uri_for_it() {
    let run = urisift(&["--to-uri"], b"see <http://a.example/x?y=1>\n");
    assert_eq!(run.out(), "http://a.example/x?y=1\n");
    let run = urisift(&["--to-uri", "--format", "{uri} {host}"], b"see <http://a.example/x?y=1>\n");
    assert_eq!(run.out(), "http://a.example/x?y=1 a.example\n");
    let run = urisift(&["--json"], b"see <http://a.example/x?y=1>\n");
    assert!(json_lines(&run)[0].get("as_uri").is_none());
}

#[test]
fn refang_prints_indicators_refanged_and_json_flags_them() {
    let text = b"IOC: hxxps://evil[.]example/path and http://ok.example/\n";
    let run = urisift(&["--refang"], text);
    assert_eq!(run.out(), "https://evil.example/path\nhttp://ok.example/\n");
    let run = urisift(&["--refang", "--json"], text);
    let records = json_lines(&run);
    assert_eq!(records[0]["refanged"], true);
    assert_eq!((records[0]["start"].as_u64(), records[0]["end"].as_u64()), (Some(5), Some(32)));
    assert!(records[1].get("refanged").is_none());
}

/// Issue 38 item 1: the defang styles in use, refanged whole with the span of the text as
/// written, and never reported live without `--refang`.
#[test]
fn refang_reads_the_defang_styles_in_use() {
    let text =
        b"a hxxps[://]evil[.]example[.]com/a b hxxps[:]//evil[.]example/x c https://evil . example/y\n";
    assert_eq!(urisift(&[], text).out(), "");
    let run = urisift(&["--refang", "--format", "{start}-{end} {uri}"], text);
    assert_eq!(
        run.out(),
        "2-34 https://evil.example.com/a\n37-63 https://evil.example/x\n66-90 https://evil.example/y\n"
    );
}

/// Issue 38 item 4: `--flag numeric-ip` keeps the URIs whose host is a numeric IPv4 form, which
/// are reported only when asked for.
#[test]
fn flag_numeric_ip_reports_numeric_hosts() {
    let text = b"go to http://3232235777/a or http://0xC0A80101/ or http://example.com/\n";
    assert_eq!(urisift(&[], text).out(), "http://example.com/\n");
    let run = urisift(&["--flag", "numeric-ip", "--format", "{flags} {uri}"], text);
    assert_eq!(run.out(), "ip-host,numeric-ip http://3232235777/a\nip-host,numeric-ip http://0xC0A80101/\n");
}

/// Issue 18: an IRI is printed as written (UTF-8), and `--strict` reads URIs only: what would
/// need an IRI or a bracket after the host is dropped, never cut, and `--rejected` says why.
#[test]
fn iris_are_printed_as_written_and_strict_drops_them() {
    let text = "見て https://ja.wikipedia.org/wiki/東京 と http://x.example/a?ids[]=1 http://y.example/\n";
    let run = urisift(&[], text.as_bytes());
    assert_eq!(
        run.out(),
        "https://ja.wikipedia.org/wiki/東京\nhttp://x.example/a?ids[]=1\nhttp://y.example/\n"
    );
    let run = urisift(&["--strict", "--rejected"], text.as_bytes());
    assert_eq!(run.out(), "http://y.example/\n");
    assert!(run.stderr.contains("rejected \"https://ja.wikipedia.org/wiki/\""), "{}", run.stderr);
    assert!(run.stderr.contains("character '東' is not allowed in a URI"), "{}", run.stderr);
    assert!(run.stderr.contains("character '[' is not allowed in a URI"), "{}", run.stderr);
}

// ---------------------------------------------------------------------------------------------
// Issue 37: bounded, honest, never silent

/// Runs `urisift ARGS` with `/dev/full` as its standard output (every write fails with ENOSPC).
#[cfg(target_os = "linux")]
fn urisift_to_dev_full(args: &[&str], stdin: &[u8]) -> Run {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let mut command = command(args);
    command.stdout(Stdio::from(full));
    run_command(command, stdin)
}

/// `urisift completions bash > /dev/full` panicked (exit 101): clap_complete panics when it
/// cannot write. Now the script is written as any output: exit 2 with a message.
#[cfg(target_os = "linux")]
#[test]
fn completions_to_a_full_device_exit_2_with_a_message_not_a_panic() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = urisift_to_dev_full(&["completions", shell], b"");
        assert_eq!(run.code, Some(2), "{shell}: {}", run.stderr);
        assert!(run.stderr.starts_with("urisift: cannot write output: "), "{shell}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{shell}: {}", run.stderr);
    }
}

/// `--help` and `--version` to `/dev/full` exited 0 (clap ignores a failed write); every
/// output of every command that cannot be written exits 2 with a message.
#[cfg(target_os = "linux")]
#[test]
fn help_version_and_every_output_to_a_full_device_exit_2_with_a_message() {
    let text = b"see http://a.example/ and http://b.example/\n";
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["-V"],
        &["help"],
        &["help", "check"],
        &["check", "--help"],
        &["normalize", "-h"],
        &["man"],
        &[],
        &["-j", "1"],
        &["-j", "4"],
        &["--json"],
        &["--format", "{uri}"],
        &["-c"],
        &["-l"],
        &["-n", "--line-buffered"],
        &["check"],
        &["normalize"],
        &["resolve", "http://a.example/"],
    ] {
        let input: &[u8] = if args.first().is_some_and(|a| ["check", "normalize", "resolve"].contains(a)) {
            b"http://a.example/\n"
        } else {
            text
        };
        let run = urisift_to_dev_full(args, input);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("urisift: "), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("output"), "{args:?}: {}", run.stderr);
    }
}

/// `--range 4611686018427387904:` printed "Invalid argument (os error 22)": each number of the
/// command line out of its range is a usage error (exit 2) that names the option and the
/// numbers it takes, whatever its sign or size.
#[test]
fn every_out_of_range_number_is_a_usage_error_naming_the_option_and_its_range() {
    let cases: [(&[&str], &str, &str); 14] = [
        (&["--range", "9223372036854775808:"], "--range", "0 to 9223372036854775807"),
        (&["--range", "0:18446744073709551616"], "--range", "0 to 9223372036854775807"),
        (&["--range", "-1:"], "--range", "0 to 9223372036854775807"),
        (&["-m", "18446744073709551616"], "--max-count", "0 to 18446744073709551615"),
        (&["-m", "-1"], "--max-count", "0 to 18446744073709551615"),
        (&["-j", "0"], "--threads", "1 to 1024"),
        (&["-j", "1025"], "--threads", "1 to 1024"),
        (&["-j", "-1"], "--threads", "1 to 1024"),
        (&["-j", "99999999999999999999"], "--threads", "1 to 1024"),
        (&["--max-uri-len", "99999999999999999999"], "--max-uri-len", "16 bytes to 1G"),
        (&["--max-uri-len", "-1"], "--max-uri-len", "16 bytes to 1G"),
        (&["--mail-message-max", "5G"], "--mail-message-max", "1 byte to 4294967294 bytes"),
        (
            &["--mail-message-max", "99999999999999999999K"],
            "--mail-message-max",
            "1 byte to 4294967294 bytes",
        ),
        (&["--mail-message-max", "-1"], "--mail-message-max", "1 byte to 4294967294 bytes"),
    ];
    for (args, option, bounds) in cases {
        let run = urisift(args, b"http://a.example/\n");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(option), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("out of range") && run.stderr.contains(bounds),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.out(), "", "{args:?}");
    }
}

/// A range that starts past the end of the file (within the offsets a file may have) holds no
/// URI: exit 1, no message; it was "Invalid argument (os error 22)", the system refusing to
/// seek past the largest file of the file system.
#[test]
fn a_range_past_the_end_of_the_file_is_empty_not_an_os_error() {
    let dir = TempDir::new("range-past-end");
    let a = dir.file("a.txt", b"see http://a.example/\n");
    let a = a.to_str().unwrap();
    for start in ["100", "4611686018427387904", "9223372036854775807"] {
        let range = format!("{start}:");
        for args in [&["-j", "1", a][..], &["-j", "4", a], &["-j", "4", a, a]] {
            let run = urisift(&[&["--range", &range][..], args].concat(), b"");
            assert_eq!(
                (run.code, run.stderr.as_str(), run.out().as_str()),
                (Some(1), "", ""),
                "{range} {args:?}"
            );
        }
    }
    let run = urisift(&["--range", "0:4611686018427387904", a], b"");
    assert_eq!((run.code, run.out().as_str()), (Some(0), "http://a.example/\n"));
}

/// Whether `bytes` holds a control character a terminal acts on, but the line feeds that end
/// lines and the tabs and NULs a template or `-0` writes: C0 (ESC, BEL, …), DEL, or C1 as
/// UTF-8.
fn drives_a_terminal(bytes: &[u8]) -> bool {
    bytes.iter().any(|&b| (b < 0x20 && !b"\n\t\0".contains(&b)) || b == 0x7f)
        || bytes.windows(2).any(|w| w[0] == 0xc2 && (0x80..=0x9f).contains(&w[1]))
}

/// `--format '{text}'` printed the ESC and BEL of the input's line as they are: a line of a
/// log or a message could set the terminal's title, clear its screen or, in some terminals,
/// type. Each control character is written as its escape; `--json` keeps the text exact.
#[test]
fn format_text_does_not_print_an_escape_sequence_from_the_input() {
    let line = "x \x1b]0;pwned\x07 see http://a.example/ \x1b[2J\u{9b}31m\tend\n";
    let run = urisift(&["--format", "{text}"], line.as_bytes());
    assert!(!drives_a_terminal(&run.stdout), "{:?}", run.out());
    assert_eq!(run.out(), "x \\u{1b}]0;pwned\\u{7} see http://a.example/ \\u{1b}[2J\\u{9b}31m\\tend\n");
    let run = urisift(&["--format", "{uri}\t{text}"], line.as_bytes());
    assert_eq!(run.out().split('\t').count(), 2, "a tab of the input does not add a column: {:?}", run.out());
    let run = urisift(&["--json", "--line-text"], line.as_bytes());
    assert_eq!(json_lines(&run)[0]["text"], line.trim_end());
}

/// `{link_text}` turned every control character into a space; it now shares the escapes of
/// `{text}` (HTML whitespace stays a space), and so does `{found}`.
#[test]
fn format_link_text_does_not_print_an_escape_sequence_from_the_input() {
    let message = b"From: a@example.org\nSubject: x\nContent-Type: text/html\n\n\
        <p><a href=\"http://a.example/\">click \x1b[2J here\there\x07</a></p>\n";
    let run = urisift(&["--format", "{uri}|{link_text}|{found}"], message);
    assert!(!drives_a_terminal(&run.stdout), "{:?}", run.out());
    assert_eq!(run.out(), "http://a.example/|click \\u{1b}[2J here here\\u{7}|html:href\n");
}

/// A file name is input too: one with ESC or a line feed in it was printed as it is before
/// each URI, by -c, -l and `{file}`, and in messages. Text output escapes it; `-0` (for
/// `xargs -0`) and `--json` give it exactly.
#[cfg(unix)]
#[test]
fn file_names_do_not_print_control_characters_in_text_output() {
    let dir = TempDir::new("control-names");
    let name = "a\x1b[31m\nb.txt";
    let path = dir.file(name, b"see http://a.example/\n");
    let path = path.to_str().unwrap();
    let shown = path.replace('\x1b', "\\u{1b}").replace('\n', "\\n");
    for (args, expected) in [
        (&["-H"][..], format!("{shown}:http://a.example/\n")),
        (&["-c", "-H"], format!("{shown}:1\n")),
        (&["-l"], format!("{shown}\n")),
        (&["--format", "{file}"], format!("{shown}\n")),
    ] {
        let run = urisift(&[args, &[path]].concat(), b"");
        assert!(!drives_a_terminal(&run.stdout), "{args:?}: {:?}", run.out());
        assert_eq!(run.out(), expected, "{args:?}");
    }
    let run = urisift(&["-l", "-0", path], b"");
    assert_eq!(run.stdout, format!("{path}\0").into_bytes());
    let run = urisift(&["-H", "-0", path], b"");
    assert_eq!(run.stdout, format!("{path}\0http://a.example/\n").into_bytes());
    assert_eq!(json_lines(&urisift(&["--json", path], b""))[0]["file"], path);
    let missing = format!("{path}.gone");
    let run = urisift(&[&missing], b"");
    assert_eq!(run.code, Some(2));
    assert!(!drives_a_terminal(run.stderr.trim_end().as_bytes()), "{:?}", run.stderr);
    assert!(run.stderr.contains(&format!("{shown}.gone: ")), "{:?}", run.stderr);
}

/// How many URIs the inputs of the tests of named pipes carry: the count the issue's probe
/// wrote, about 1.3 MB, twenty times what a pipe holds.
const PIPED_URIS: usize = 52_429;

fn piped_uris() -> Vec<u8> {
    (0..PIPED_URIS).flat_map(|i| format!("see http://a.example/{i} here\n").into_bytes()).collect()
}

/// Runs `command` to its end, or kills it when it has not ended after a long while (a hang
/// guard, not a speed test: the run takes a fraction of a second).
fn run_with_hang_guard(mut command: Command) -> Run {
    let mut child = command.stdin(Stdio::null()).spawn().expect("the binary starts");
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out = thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).map(|_| bytes)
    });
    let err = thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).map(|_| text)
    });
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("urisift hung (killed after 120 s)");
        }
        thread::sleep(Duration::from_millis(10));
    };
    Run { code: status.code(), stdout: out.join().unwrap().unwrap(), stderr: err.join().unwrap().unwrap() }
}

/// Counts the closes of a file opened for reading (inotify's `IN_CLOSE_NOWRITE`), hence how
/// many times it was opened for reading.
#[cfg(target_os = "linux")]
struct ReadOpens(std::fs::File);

#[cfg(target_os = "linux")]
impl ReadOpens {
    /// Watches `path`; `None` where inotify is not to be had.
    fn watch(path: &Path) -> Option<Self> {
        use std::os::fd::FromRawFd;
        use std::os::unix::ffi::OsStrExt;
        let path = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        // SAFETY: inotify_init1 takes flags and returns a new descriptor or -1.
        let fd = unsafe { libc::inotify_init1(libc::IN_NONBLOCK | libc::IN_CLOEXEC) };
        if fd < 0 {
            return None;
        }
        // SAFETY: `fd` is the descriptor just made, owned from here by the `File`.
        let file = unsafe { std::fs::File::from_raw_fd(fd) };
        // SAFETY: `path` is a NUL-terminated string that outlives the call.
        let watch = unsafe { libc::inotify_add_watch(fd, path.as_ptr(), libc::IN_CLOSE_NOWRITE) };
        (watch >= 0).then_some(ReadOpens(file))
    }

    /// The closes seen since the last call.
    fn take(&mut self) -> usize {
        let mut events = Vec::new();
        let mut buf = [0; 4096];
        while let Ok(n) = self.0.read(&mut buf) {
            events.extend_from_slice(&buf[..n]);
        }
        // Each event is `struct inotify_event`: wd, mask, cookie, len (4 bytes each), a name.
        let (mut at, mut count) = (0, 0);
        while at + 16 <= events.len() {
            let len = u32::from_ne_bytes(events[at + 12..at + 16].try_into().unwrap()) as usize;
            count += 1;
            at += 16 + len;
        }
        count
    }
}

/// A named pipe was opened, closed, then opened again (a look at its size for a memory map,
/// then the read): its writer could find no reader in between, and one run in five hung while
/// the others counted 0 to 2,048 of 52,429 URIs with exit 0. Each run opens it once (counted
/// with inotify) and reads it whole, on one thread and with `-j`, alone and beside a file.
#[cfg(target_os = "linux")]
#[test]
fn a_named_pipe_is_opened_once_and_read_whole() {
    let dir = TempDir::new("fifo");
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let file = dir.file("small.txt", b"http://b.example/\n");
    let (fifo_arg, file_arg) = (fifo.to_str().unwrap(), file.to_str().unwrap());
    let mut opens = ReadOpens::watch(&fifo);
    if opens.is_none() {
        eprintln!("no inotify here: the opens are not counted, the URIs are");
    }
    let text = std::sync::Arc::new(piped_uris());
    for args in [
        &["-c", "-j", "1"][..],
        &["-c", "-j", "4"],
        &["-c", "-j", "4", "--no-mmap"],
        &["-c", "-j", "2", file_arg],
    ] {
        for run_number in 0..5 {
            let (path, text) = (fifo.clone(), text.clone());
            let writer = thread::spawn(move || {
                // The open waits for the reader; an error is a reader that went away.
                std::fs::OpenOptions::new().write(true).open(path).and_then(|mut pipe| pipe.write_all(&text))
            });
            let run = run_with_hang_guard(command(&[args, &["-H", fifo_arg]].concat()));
            if !writer.is_finished() {
                // The binary never opened the pipe: open it here, so that the writer ends.
                let _ = std::fs::File::open(&fifo);
            }
            let written = writer.join().unwrap();
            let expected = match args.contains(&file_arg) {
                true => format!("{file_arg}:1\n{fifo_arg}:{PIPED_URIS}\n"),
                false => format!("{fifo_arg}:{PIPED_URIS}\n"),
            };
            assert_eq!(
                (run.out(), run.code),
                (expected, Some(0)),
                "{args:?} run {run_number}: {}",
                run.stderr
            );
            assert!(written.is_ok(), "{args:?} run {run_number}: the writer failed: {written:?}");
            if let Some(opens) = &mut opens {
                assert_eq!(opens.take(), 1, "{args:?} run {run_number}: opens of the pipe for reading");
            }
        }
    }
}

/// `/dev/stdin` and a process substitution (`/dev/fd/N`) named as files are read whole.
#[cfg(unix)]
#[test]
fn dev_stdin_and_process_substitution_are_read_whole() {
    let text = piped_uris();
    for threads in ["1", "4"] {
        for run_number in 0..5 {
            let run = urisift(&["-c", "-j", threads, "/dev/stdin"], &text);
            assert_eq!(run.out(), format!("{PIPED_URIS}\n"), "-j {threads} run {run_number}: {}", run.stderr);
        }
    }
    let dir = TempDir::new("process-substitution");
    let uris = dir.file("uris.txt", &text);
    if Command::new("bash").arg("-c").arg("true").status().is_err() {
        eprintln!("skipped: no bash for a process substitution");
        return;
    }
    for threads in ["1", "4"] {
        for run_number in 0..5 {
            let mut command = Command::new("bash");
            command
                .args(["-c", r#"exec "$0" -c -j "$1" <(cat "$2")"#, env!("CARGO_BIN_EXE_urisift"), threads])
                .arg(&uris)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            let run = run_with_hang_guard(command);
            assert_eq!(run.out(), format!("{PIPED_URIS}\n"), "-j {threads} run {run_number}: {}", run.stderr);
        }
    }
}

/// An xz stream that declares a 4 GiB dictionary (LZMA2's largest, property byte 40) over
/// `text` repeated to `len` bytes: encoded with a 4 KiB dictionary, then the dictionary-size
/// byte of the block header's filter properties set to 40 and the header's CRC32 made right
/// again (xz file format §3.1). The stream is valid, and a decoder without a memory limit
/// allocates the dictionary and fills it with what it decodes.
fn xz_declaring_a_4_gib_dictionary(text: &[u8], len: usize) -> Vec<u8> {
    let mut options = liblzma::stream::LzmaOptions::new_preset(0).unwrap();
    options.dict_size(4096);
    let mut filters = liblzma::stream::Filters::new();
    filters.lzma2(&options);
    let stream =
        liblzma::stream::Stream::new_stream_encoder(&filters, liblzma::stream::Check::Crc64).unwrap();
    let mut encoder = liblzma::write::XzEncoder::new_stream(Vec::new(), stream);
    let mut written = 0;
    while written < len {
        encoder.write_all(text).unwrap();
        written += text.len();
    }
    let mut xz = encoder.finish().unwrap();
    // The block header after the 12-byte stream header: its size ((first byte + 1) * 4,
    // CRC32 included), its flags (one filter; optional sizes), the LZMA2 filter flags.
    let header = 12;
    let size = (xz[header] as usize + 1) * 4;
    let flags = xz[header + 1];
    assert_eq!(flags & 0x03, 0, "one filter");
    let mut at = header + 2;
    for present in [flags & 0x40 != 0, flags & 0x80 != 0] {
        if present {
            while xz[at] & 0x80 != 0 {
                at += 1;
            }
            at += 1;
        }
    }
    assert_eq!(
        (xz[at], xz[at + 1], xz[at + 2]),
        (0x21, 1, 0),
        "LZMA2, one property byte: a 4 KiB dictionary"
    );
    xz[at + 2] = 40;
    let mut crc = flate2::Crc::new();
    crc.update(&xz[header..header + size - 4]);
    xz[header + size - 4..header + size].copy_from_slice(&crc.sum().to_le_bytes());
    xz
}

/// Runs `command` to its end, and its peak resident memory in KiB.
///
/// Measured by GNU time (`/usr/bin/time -f`), which starts the command from its own small
/// process: the kernel keeps, as a process's peak, the peak of the memory it had before it ran
/// its program, and a child started straight from this test process (which `std` starts with
/// `vfork`, sharing this process's memory) would carry the test process's peak, which other
/// tests running beside it raise (found: 118 MiB for a run that needed 9). Its standard input
/// is `stdin`, or empty. Without GNU time (not Linux), the test says so and the peak is taken
/// as 0.
fn run_measured(command: Command, stdin: Option<std::fs::File>) -> (Run, u64) {
    const MARK: &str = "urisift-test-peak-kib=";
    if !Path::new("/usr/bin/time").exists() {
        eprintln!("skipped the memory check: no /usr/bin/time");
        let run = run_command(command, b"");
        return (run, 0);
    }
    let mut timed = Command::new("/usr/bin/time");
    timed.arg("-f").arg(format!("{MARK}%M")).arg(command.get_program()).args(command.get_args());
    for (key, value) in command.get_envs() {
        match value {
            Some(value) => timed.env(key, value),
            None => timed.env_remove(key),
        };
    }
    if let Some(dir) = command.get_current_dir() {
        timed.current_dir(dir);
    }
    timed.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut run = match stdin {
        Some(file) => {
            timed.stdin(Stdio::from(file));
            let output = timed.output().expect("GNU time runs");
            Run {
                code: output.status.code(),
                stdout: output.stdout,
                stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
            }
        }
        None => {
            timed.stdin(Stdio::piped());
            run_command(timed, b"")
        }
    };
    let line = run.stderr.lines().rfind(|l| l.starts_with(MARK)).map(str::to_owned);
    let peak = line.as_deref().and_then(|l| l[MARK.len()..].trim().parse().ok()).expect("GNU time's report");
    if let Some(line) = line {
        run.stderr = run.stderr.replacen(&format!("{line}\n"), "", 1);
    }
    (run, peak)
}

/// The xz decoder had no memory limit: a stream that declares a 4 GiB dictionary grew to the
/// size it declared (1.05 GB on a 156 KB file). Now it is refused at its block header: exit 2,
/// a message naming the file, the limit and the option, what was found before it (a first
/// stream of the same file) printed, and the process stays small.
#[cfg(target_os = "linux")]
#[test]
fn an_xz_stream_declaring_a_4_gib_dictionary_is_refused_in_little_memory() {
    let dir = TempDir::new("xz-dictionary");
    // 256 MiB decoded: without the limit the process would hold as much.
    let mut data = compressed("xz", b"first http://first.example/\n");
    data.extend(xz_declaring_a_4_gib_dictionary(b"see http://a.example/ here\n", 256 << 20));
    assert!(data.len() < 100_000, "{} bytes", data.len());
    let file = dir.file("hostile.xz", &data);
    let file = file.to_str().unwrap();
    for args in [&["-z", "-j", "1", file][..], &["-z", "-j", "4", file], &["-z", "-I", "-j", "4", file, file]]
    {
        let (run, peak_kib) = run_measured(command(args), None);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        let files = args.iter().filter(|&&a| a == file).count();
        assert_eq!(run.out(), "http://first.example/\n".repeat(files), "{args:?}");
        let message = format!(
            "urisift: {file}: xz: the stream needs more memory to decompress than the limit of 256 MiB (--decompress-memory"
        );
        assert!(run.stderr.starts_with(&message), "{args:?}: {}", run.stderr);
        assert!(peak_kib < 64 * 1024, "{args:?}: peak resident {peak_kib} KiB");
    }
    // From standard input, and with the most memory the option gives: still refused.
    let command = command(&["-z", "--decompress-memory", "4G"]);
    let (run, peak_kib) = run_measured(command, Some(std::fs::File::open(file).unwrap()));
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("<stdin>: xz: ") && run.stderr.contains("limit of 4 GiB"), "{}", run.stderr);
    assert!(peak_kib < 64 * 1024, "peak resident {peak_kib} KiB");
}

/// Every decompressor has a memory limit, 256 MiB by default, that `--decompress-memory`
/// moves: an xz stream's dictionary and a zstd frame's window past it are refused, with a
/// message naming the option; under it they are read.
#[test]
fn decompress_memory_bounds_xz_dictionaries_and_zstd_windows() {
    let dir = TempDir::new("decompress-memory");
    // xz -6: an 8 MiB dictionary, about 9 MiB to decode.
    let xz = dir.file("a.xz", &compressed("xz", PLAIN));
    // A zstd frame that declares a 512 MiB window (window log 29), with no content size.
    let zstd = {
        let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
        encoder.window_log(29).unwrap();
        encoder.long_distance_matching(true).unwrap();
        encoder.include_contentsize(false).unwrap();
        encoder.write_all(PLAIN).unwrap();
        dir.file("a.zst", &encoder.finish().unwrap())
    };
    let (xz, zstd) = (xz.to_str().unwrap(), zstd.to_str().unwrap());
    for (args, refused) in [
        (&["-z", xz][..], None),
        (&["-z", "--decompress-memory", "1M", xz], Some(("xz", "1 MiB"))),
        (&["-z", zstd], Some(("zstd", "256 MiB"))),
        (&["-z", "--decompress-memory", "511M", zstd], Some(("zstd", "511 MiB"))),
        (&["-z", "--decompress-memory", "512M", zstd], None),
    ] {
        let run = urisift(args, b"");
        match refused {
            None => {
                assert_eq!((run.code, run.out().lines().count()), (Some(0), 2), "{args:?}: {}", run.stderr);
                assert_eq!(run.stderr, "", "{args:?}");
            }
            Some((format, limit)) => {
                assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
                let message =
                    format!("{format}: the stream needs more memory to decompress than the limit of {limit}");
                assert!(run.stderr.contains(&message), "{args:?}: {}", run.stderr);
                assert!(run.stderr.contains("--decompress-memory"), "{args:?}: {}", run.stderr);
            }
        }
    }
    for bad in ["1K", "5G", "-1"] {
        let run = urisift(&["-z", "--decompress-memory", bad, xz], b"");
        assert_eq!(run.code, Some(2), "{bad}");
        assert!(
            run.stderr.contains("--decompress-memory") && run.stderr.contains("1M to 4G"),
            "{bad}: {}",
            run.stderr
        );
    }
}

/// Issue 38 items 3 and 4: `{domain}`, `{flags}` and `{host_unicode}` in a template, the JSON
/// keys, and `--flag NAME` keeping the matches with one of the flags given.
#[test]
fn domain_and_flags_in_templates_json_and_the_flag_filter() {
    let text = b"http://a.b.example.co.uk/ https://www.example.com.au/x http://www.paypal.com@evil.example/ \
                 http://www.xn--pypal-4ve.com/ https://example.com/ http://192.0.2.1/ http://localhost/\n";
    let run = urisift(&["--format", "{domain}|{host_unicode}|{flags}"], text);
    assert_eq!(
        run.out(),
        "example.co.uk||\nexample.com.au||\nevil.example||userinfo\n\
         xn--pypal-4ve.com|www.p\u{430}ypal.com|punycode,mixed-script,confusable\nexample.com||\n||ip-host\n||\n"
    );
    let records = json_lines(&urisift(&["--json"], text));
    assert_eq!(records[0]["components"]["domain"], "example.co.uk");
    assert!(records[0]["components"]["host_unicode"].is_null());
    assert_eq!(records[0]["flags"], serde_json::json!([]));
    assert_eq!(records[2]["flags"], serde_json::json!(["userinfo"]));
    assert_eq!(records[3]["components"]["host_unicode"], "www.p\u{430}ypal.com");
    assert!(records[5]["components"]["domain"].is_null());

    let run = urisift(&["--flag", "userinfo"], text);
    assert_eq!((run.out().as_str(), run.code), ("http://www.paypal.com@evil.example/\n", Some(0)));
    let run = urisift(&["--flag", "ip-host", "--flag", "confusable", "-c"], text);
    assert_eq!(run.out(), "2\n");
    let run = urisift(&["--flag", "refanged"], text);
    assert_eq!((run.out().as_str(), run.code), ("", Some(1)));
    let run = urisift(
        &["--refang", "--flag", "refanged", "--format", "{flags} {uri}"],
        b"hxxp://evil[.]example/a\n",
    );
    assert_eq!(run.out(), "refanged http://evil.example/a\n");
    // An unknown name is a usage error that lists the known ones.
    let run = urisift(&["--flag", "unwrapped"], text);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("possible values: punycode, mixed-script"), "{}", run.stderr);
    // The public suffix list's date is in the version.
    let run = urisift(&["--version"], b"");
    assert!(run.out().contains("(public suffix list of 20"), "{}", run.out());
}

/// Issue 38 items 5 and 2: the README's recipe, run on the mailbox it names, gives the groups
/// the README shows (a Safe Link unwrapped by `--nested` among them) (`sort | uniq -c` done here; their order depends on the locale).
#[test]
fn the_readme_recipe_groups_a_phishing_mailbox_by_domain() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let recipe = "$ urisift --nested --format '{domain}\\t{flags}\\t{uri}' tests/data/security/phishing.mbox | sort | uniq -c\n";
    let at = readme.find(recipe).expect("the recipe is in the README") + recipe.len();
    let mut shown: Vec<&str> = readme[at..].lines().take_while(|l| !l.starts_with("```")).collect();
    let run = urisift_in(
        Path::new(root),
        &["--nested", "--format", r"{domain}\t{flags}\t{uri}", "tests/data/security/phishing.mbox"],
    );
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for line in run.out().lines() {
        *counts.entry(line.to_owned()).or_default() += 1;
    }
    let mut grouped: Vec<String> = counts.iter().map(|(line, n)| format!("{n:>7} {line}")).collect();
    grouped.sort();
    shown.sort_unstable();
    assert_eq!(grouped, shown);
}

/// A message of `depth` multiparts, each with its own boundary, around a text/plain part that
/// holds a URI in base64 and, after a blank line, one as written (which the decoded part does
/// not show).
fn nested_message(depth: usize) -> String {
    let mut body = format!(
        "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n{}\nhttp://plain.example/bottom\n",
        common::base64(b"http://encoded.example/hidden\n")
    );
    for k in (0..depth).rev() {
        body = format!("Content-Type: multipart/mixed; boundary=\"b{k}\"\n\n--b{k}\n{body}\n--b{k}--\n");
    }
    format!("From: a@example.org\nSubject: deep\nMIME-Version: 1.0\n{body}")
}

/// Issue 37 item 5: MIME nested 16 levels or more was silently not decoded. 20 levels down it
/// is decoded; nested too deep to decode, the rest is read as plain text (its URIs as written
/// are printed) with a warning that names the depth, on one thread and on several, from a
/// file and from standard input.
#[test]
fn mime_nested_too_deep_to_decode_is_a_warning_naming_the_depth() {
    let dir = TempDir::new("deep");
    for (depth, decoded) in [(20, true), (400, false)] {
        let path = dir.path().join(format!("deep{depth}.eml"));
        let message = nested_message(depth);
        std::fs::write(&path, &message).unwrap();
        let file = path.to_str().unwrap();
        for args in [&["-j", "1", file][..], &["-j", "2", file], &["-j", "1"], &["-j", "2"]] {
            let stdin = if args.len() == 2 { message.as_bytes() } else { b"" };
            let run = urisift(args, stdin);
            assert_eq!(run.code, Some(0), "{depth} {args:?}: {}", run.stderr);
            let out = run.out();
            // Decoded, the base64 part gives its URI; read as plain text, the URI as written.
            assert_eq!(out.contains("http://encoded.example/hidden\n"), decoded, "{depth} {args:?}: {out}");
            assert_eq!(out.contains("http://plain.example/bottom\n"), !decoded, "{depth} {args:?}: {out}");
            if decoded {
                assert_eq!(run.stderr, "", "{depth} {args:?}");
            } else {
                assert!(
                    run.stderr.contains("warning: the message at byte 0 has MIME parts nested ")
                        && run
                            .stderr
                            .contains(" levels deep or more: from there they are read as plain text"),
                    "{depth} {args:?}: {}",
                    run.stderr
                );
            }
        }
    }
}
