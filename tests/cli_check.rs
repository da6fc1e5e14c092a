//! The `check`, `resolve` and `normalize` subcommands, run as a user runs them: the built binary,
//! its stdout, stderr and exit status.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::thread;

/// What one run printed and how it ended.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `urisift ARGS...` with `stdin` as its standard input.
fn urisift(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // From a thread, so that a child that writes before it reads cannot deadlock the test; a
    // child that does not read its stdin closes it, which is not an error here.
    let writer = thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary runs");
    writer.join().expect("the writer thread ends");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// The `--json` line of an invalid input: every component null.
fn invalid_json(input: &str, index: usize, message: &str) -> String {
    format!(
        r#"{{"input":{input},"valid":false,"error":{{"index":{index},"message":"{message}"}},"scheme":null,"authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":null,"query":null,"fragment":null,"urn":null}}"#,
        input = serde_json::to_string(input).unwrap(),
    )
}

// ---------------------------------------------------------------------------------------------
// check, plain

#[test]
fn check_plain_valid_arguments() {
    let run = urisift(&["check", "http://example.com/a?b#c", "../up", "mailto:a@example.org"], b"");
    assert_eq!(run.stdout, "valid\thttp://example.com/a?b#c\nvalid\t../up\nvalid\tmailto:a@example.org\n");
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, Some(0));
}

#[test]
fn check_plain_invalid_says_why_and_where() {
    let run = urisift(&["check", "http://example.com/", "http://a/%zz", "http://exa mple.com/"], b"");
    assert_eq!(
        run.stdout,
        "valid\thttp://example.com/\n\
         invalid\thttp://a/%zz\tinvalid percent-escape at byte 9\n\
         invalid\thttp://exa mple.com/\tcharacter ' ' is not allowed in a URI at byte 10\n"
    );
    assert_eq!(run.code, Some(1));
}

#[test]
fn check_plain_escapes_control_characters_so_each_input_stays_one_line() {
    let run = urisift(&["check", "a\tb", "a\nb"], b"");
    assert_eq!(
        run.stdout,
        "invalid\ta\\tb\tcharacter '\\t' is not allowed in a URI at byte 1\n\
         invalid\ta\\nb\tcharacter '\\n' is not allowed in a URI at byte 1\n"
    );
    assert_eq!(run.code, Some(1));
}

#[test]
fn check_grammar_is_selectable() {
    // RFC 3986 has IP literals; the RFC 2396 draft grammar has none.
    let run = urisift(&["check", "--grammar", "rfc3986", "http://[::1]/"], b"");
    assert_eq!(run.code, Some(0), "{run:?}");
    let run = urisift(&["check", "--grammar", "rfc2396", "http://[::1]/"], b"");
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stdout.starts_with("invalid\thttp://[::1]/\t"), "{run:?}");
    // RFC 1738 §2.2: `~` is unsafe.
    let run = urisift(&["check", "--grammar", "rfc1738", "http://example.com/~user"], b"");
    assert_eq!(run.code, Some(1), "{run:?}");
}

// ---------------------------------------------------------------------------------------------
// check --json

#[test]
fn check_json_relative_reference_and_empty_components() {
    let run = urisift(&["check", "--json", "../a/b?x", "a/b?#", ""], b"");
    let expected = [
        r#"{"input":"../a/b?x","valid":true,"error":null,"scheme":null,"authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"../a/b","query":"x","fragment":null,"urn":null}"#,
        r#"{"input":"a/b?#","valid":true,"error":null,"scheme":null,"authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"a/b","query":"","fragment":"","urn":null}"#,
        r#"{"input":"","valid":true,"error":null,"scheme":null,"authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"","query":null,"fragment":null,"urn":null}"#,
    ];
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), expected);
    assert_eq!(run.code, Some(0));
}

#[test]
fn check_json_opaque_uri() {
    let run = urisift(&["check", "--json", "mailto:a@example.org"], b"");
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"mailto:a@example.org","valid":true,"error":null,"scheme":"mailto","authority":null,"#,
            r#""userinfo":null,"host":null,"host_kind":null,"port":null,"path":"a@example.org","query":null,"#,
            r#""fragment":null,"urn":null}"#,
            "\n"
        )
    );
}

#[test]
fn check_json_ipv6_host_keeps_its_brackets() {
    let run = urisift(&["check", "--json", "http://user@[::1]:8080/p?#f", "http://a?"], b"");
    let expected = [
        r#"{"input":"http://user@[::1]:8080/p?#f","valid":true,"error":null,"scheme":"http","authority":"user@[::1]:8080","userinfo":"user","host":"[::1]","host_kind":"ipv6","port":"8080","path":"/p","query":"","fragment":"f","urn":null}"#,
        r#"{"input":"http://a?","valid":true,"error":null,"scheme":"http","authority":"a","userinfo":null,"host":"a","host_kind":"reg-name","port":null,"path":"","query":"","fragment":null,"urn":null}"#,
    ];
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), expected);
    assert_eq!(run.code, Some(0));
}

#[test]
fn check_json_host_kinds() {
    let run = urisift(&["check", "--json", "http://192.0.2.1:/", "http://[v7.x]/", "file:///etc"], b"");
    let lines: Vec<serde_json::Value> =
        run.stdout.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect();
    let field = |i: usize, key: &str| lines[i][key].clone();
    assert_eq!(field(0, "host"), "192.0.2.1");
    assert_eq!(field(0, "host_kind"), "ipv4");
    assert_eq!(field(0, "port"), "");
    assert_eq!(field(1, "host"), "[v7.x]");
    assert_eq!(field(1, "host_kind"), "ipvfuture");
    assert_eq!(field(2, "authority"), "");
    assert_eq!(field(2, "host"), "");
    assert_eq!(field(2, "host_kind"), "reg-name");
    assert_eq!(field(2, "path"), "/etc");
}

#[test]
fn check_json_urn() {
    let run = urisift(&["check", "--json", "urn:example:a123,z456#789"], b"");
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"urn:example:a123,z456#789","valid":true,"error":null,"scheme":"urn","authority":null,"#,
            r#""userinfo":null,"host":null,"host_kind":null,"port":null,"path":"example:a123,z456","query":null,"#,
            r#""fragment":"789","urn":{"nid":"example","nss":"a123,z456","query":null,"fragment":"789"}}"#,
            "\n"
        )
    );
    assert_eq!(run.code, Some(0));
}

#[test]
fn check_json_invalid_with_index() {
    let run = urisift(&["check", "--json", "http://a/%zz", "http://example.com/"], b"");
    let mut lines = run.stdout.lines();
    assert_eq!(
        lines.next(),
        Some(invalid_json("http://a/%zz", 9, "invalid percent-escape at byte 9").as_str())
    );
    assert!(lines.next().is_some_and(|l| l.starts_with(r#"{"input":"http://example.com/","valid":true,"#)));
    assert_eq!(lines.next(), None);
    assert_eq!(run.code, Some(1));
}

// ---------------------------------------------------------------------------------------------
// check, standard input

#[test]
fn check_reads_lines_of_stdin_when_there_are_no_arguments() {
    // CRLF and LF endings are removed; the empty line is an input; the last line needs no ending.
    let run = urisift(&["check"], b"http://a/b\r\n\n../c\nmailto:x@y");
    assert_eq!(run.stdout, "valid\thttp://a/b\nvalid\t\nvalid\t../c\nvalid\tmailto:x@y\n");
    assert_eq!(run.code, Some(0));
    // No input at all: nothing to report, nothing invalid.
    let run = urisift(&["check"], b"");
    assert_eq!((run.stdout.as_str(), run.code), ("", Some(0)));
}

#[test]
fn check_reports_non_utf8_stdin_lines_as_non_ascii() {
    let run = urisift(&["check", "--json"], b"http://a/\xe9t\xe9\n\xff\nok\n");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{run:?}");
    assert_eq!(lines[0], invalid_json("http://a/\u{fffd}t\u{fffd}", 9, "non-ASCII byte at byte 9"));
    assert_eq!(lines[1], invalid_json("\u{fffd}", 0, "non-ASCII byte at byte 0"));
    assert!(lines[2].starts_with(r#"{"input":"ok","valid":true,"#), "{}", lines[2]);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stderr, "");

    let run = urisift(&["check"], b"\xff\xfeh\x00t\n");
    assert_eq!(run.stdout, "invalid\t\u{fffd}\u{fffd}h\\u{0}t\tnon-ASCII byte at byte 0\n");
    assert_eq!(run.code, Some(1));
}

#[test]
fn check_stdin_with_invalid_lines() {
    let run = urisift(&["check"], b"http://a/\r\nb c\n\n");
    assert_eq!(
        run.stdout,
        "valid\thttp://a/\ninvalid\tb c\tcharacter ' ' is not allowed in a URI at byte 1\nvalid\t\n"
    );
    assert_eq!(run.code, Some(1));
}

// ---------------------------------------------------------------------------------------------
// resolve

#[test]
fn resolve_prints_one_target_per_line() {
    let base = "http://a/b/c/d;p?q";
    let run = urisift(&["resolve", base, "g", "../g", "?y", "#s", "", "//g", "g?y/./x", "http:g"], b"");
    assert_eq!(
        run.stdout,
        "http://a/b/c/g\nhttp://a/b/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/d;p?q\n\
         http://g\nhttp://a/b/c/g?y/./x\nhttp:g\n"
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, Some(0));
    // RFC 3986 §5.2.3: a base with an authority and an empty path.
    let run = urisift(&["resolve", "http://a", "g"], b"");
    assert_eq!((run.stdout.as_str(), run.code), ("http://a/g\n", Some(0)));
}

#[test]
fn resolve_a_relative_base_is_an_error_naming_it() {
    let run = urisift(&["resolve", "b/c", "g"], b"");
    assert_eq!(run.stdout, "");
    assert!(run.stderr.contains("base") && run.stderr.contains("\"b/c\""), "{run:?}");
    assert!(run.stderr.contains("missing scheme"), "{run:?}");
    assert_eq!(run.code, Some(1));
}

#[test]
fn resolve_an_invalid_reference_has_its_line_and_the_others_still_resolve() {
    let run = urisift(&["resolve", "http://a/b", "g h", "c"], b"");
    assert_eq!(run.stdout, "invalid\tg h\tcharacter ' ' is not allowed in a URI at byte 1\nhttp://a/c\n");
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, Some(1));
    let run = urisift(&["resolve", "http://a/%zz", "c"], b"");
    assert_eq!(run.stdout, "");
    assert!(run.stderr.contains("base URI \"http://a/%zz\": invalid percent-escape at byte 9"), "{run:?}");
    assert_eq!(run.code, Some(1));
}

// ---------------------------------------------------------------------------------------------
// normalize

#[test]
fn normalize_prints_one_normal_form_per_line() {
    let run =
        urisift(&["normalize", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "foo:/x/%7e/../y?%3d", "a/./b"], b"");
    assert_eq!(run.stdout, "example://a/b/c/%7Bfoo%7D\nfoo:/x/y?%3D\na/./b\n");
    assert_eq!(run.code, Some(0));
}

#[test]
fn normalize_hosts_ports_and_errors() {
    let run = urisift(&["normalize", "HTTP://www.Example.COM:80", "http://a/%zz", "https://[::A]:443"], b"");
    assert_eq!(
        run.stdout,
        "http://www.example.com/\ninvalid\thttp://a/%zz\tinvalid percent-escape at byte 9\nhttps://[::a]/\n"
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, Some(1));
}

// ---------------------------------------------------------------------------------------------
// check: IRIs, --to-uri, --clickable-hosts

#[test]
fn check_grammar_rfc3987_takes_iris_that_rfc3986_refuses() {
    let iri = "http://bücher.example/straße?q=ü#é";
    let run = urisift(&["check", "--grammar", "rfc3987", iri], b"");
    assert_eq!(run.stdout, format!("valid\t{iri}\n"));
    assert_eq!(run.code, Some(0));
    let run = urisift(&["check", iri], b"");
    assert_eq!(run.stdout, format!("invalid\t{iri}\tnon-ASCII byte at byte 8\n"));
    assert_eq!(run.code, Some(1));
}

#[test]
fn check_grammar_rfc3987_names_the_character_and_its_byte() {
    let run =
        urisift(&["check", "--grammar", "rfc3987"], "x:/é\u{e000}\nx:?é\u{e000}\nhttp://ü@/\n".as_bytes());
    assert_eq!(
        run.stdout,
        "invalid\tx:/é\u{e000}\tprivate-use character '\\u{e000}' is allowed only in the query of an IRI at byte 5\n\
         valid\tx:?é\u{e000}\n\
         invalid\thttp://ü@/\tscheme `http` requires a host at byte 10\n"
    );
    assert_eq!(run.code, Some(1));
}

#[test]
fn check_to_uri_prints_the_mapping_of_valid_inputs() {
    let run = urisift(
        &["check", "--grammar", "rfc3987", "--to-uri", "http://résumé.example.org/ä", "http://a b/"],
        b"",
    );
    assert_eq!(
        run.stdout,
        "valid\thttp://résumé.example.org/ä\thttp://xn--rsum-bpad.example.org/%C3%A4\n\
         invalid\thttp://a b/\tcharacter ' ' is not allowed in a URI at byte 8\n"
    );
    // A URI maps to itself, under any grammar.
    let run = urisift(&["check", "--grammar", "rfc2396", "--to-uri", "http://a/%7e"], b"");
    assert_eq!(run.stdout, "valid\thttp://a/%7e\thttp://a/%7e\n");
}

#[test]
fn check_to_uri_json_adds_the_uri_key_last() {
    let run = urisift(&["check", "--grammar", "rfc3987", "--json", "--to-uri", "x:ü", "x:\u{85}"], b"");
    let lines: Vec<serde_json::Value> =
        run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["uri"], "x:%C3%BC");
    assert_eq!(lines[0]["path"], "ü");
    assert!(lines[1]["uri"].is_null() && lines[1]["valid"] == false);
    assert!(run.stdout.lines().all(|l| l.contains(",\"uri\":")));
    // Without --to-uri there is no such key.
    let run = urisift(&["check", "--grammar", "rfc3987", "--json", "x:ü"], b"");
    assert!(!run.stdout.contains("\"uri\""));
}

#[test]
fn check_clickable_hosts_refuses_the_issues_examples() {
    let run = urisift(
        &[
            "check",
            "--clickable-hosts",
            "https://%24%7BHOST%7D/",
            "http://-example.com",
            "https://example.com-/",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "invalid\thttps://%24%7BHOST%7D/\thost \"%24%7BHOST%7D\" is not a name a reader would click at byte 8\n\
         invalid\thttp://-example.com\thost \"-example.com\" is not a name a reader would click at byte 7\n\
         invalid\thttps://example.com-/\thost \"example.com-\" is not a name a reader would click at byte 8\n"
    );
    assert_eq!(run.code, Some(1));
    // The grammars alone accept them.
    let run =
        urisift(&["check", "https://%24%7BHOST%7D/", "http://-example.com", "https://example.com-/"], b"");
    assert_eq!(run.code, Some(0));
}

#[test]
fn check_clickable_hosts_keeps_names_addresses_and_hostless_uris() {
    let run = urisift(
        &[
            "check",
            "--grammar",
            "rfc3987",
            "--clickable-hosts",
            "http://bücher.example./",
            "http://[::1]/",
            "file:///etc",
            "mailto:a@b",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
}

// ---------------------------------------------------------------------------------------------
// usage, help, pipes

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["check", "--grammar", "rfc9999", "http://a/"][..],
        &["check", "--no-such-option"],
        &["resolve"],
        &["normalize", "--grammar", "rfc9999"],
        &["resolve", "--grammar", "x", "http://a/"],
    ] {
        let run = urisift(args, b"");
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(!run.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn help_explains_each_option_with_an_example() {
    let run = urisift(&["check", "--help"], b"");
    assert_eq!(run.code, Some(0));
    for needle in [
        "--grammar",
        "rfc3986",
        "rfc2396",
        "rfc1738",
        "rfc3987",
        "--json",
        "\"host_kind\"",
        "--to-uri",
        "--clickable-hosts",
        "Examples:",
        "Exit status",
    ] {
        assert!(run.stdout.contains(needle), "check --help lacks {needle:?}");
    }
    for sub in ["resolve", "normalize"] {
        let run = urisift(&[sub, "--help"], b"");
        assert_eq!(run.code, Some(0));
        assert!(run.stdout.contains("Examples:") && run.stdout.contains("Exit status"), "{sub}");
    }
}

/// Starts `urisift ARGS`, reads one line of its output and closes the pipe; the command must
/// end quietly and successfully.
fn closes_quietly(args: &[&str], stdin: Vec<u8>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let writer = thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("one line");
    assert!(!first.is_empty());
    drop(stdout);
    let mut stderr = String::new();
    child.stderr.take().expect("stderr is piped").read_to_string(&mut stderr).expect("stderr");
    let status = child.wait().expect("the binary ends");
    writer.join().expect("the writer thread ends");
    assert_eq!(stderr, "", "{args:?}");
    assert!(status.success(), "{args:?}: {status}");
}

#[test]
fn a_closed_stdout_ends_quietly() {
    // Far more output than a pipe holds, so the writes after the close must fail.
    closes_quietly(&["check"], "http://example.com/path\n".repeat(100_000).into_bytes());
    closes_quietly(&["check", "--json"], "http://example.com/path\n".repeat(100_000).into_bytes());
    let many: Vec<&str> = std::iter::repeat_n("http://example.com/a/./b", 20_000).collect();
    closes_quietly(&[&["normalize"][..], &many].concat(), Vec::new());
    closes_quietly(&[&["resolve", "http://a/b/c"][..], &many].concat(), Vec::new());
}
