"""The Spark job in local mode, over WARC and WET files made from corpus/, gives the rows that
the command line gives over the same archives, and each record the URIs of its payload."""

import gzip
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pyspark.sql import SparkSession
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

import warc_uris  # noqa: E402

# The payloads: a few MB of corpus/ (mail, news, RFCs, logs, the sample).
CORPUS_DIRS = ["mail", "news", "rfc", "logs"]


def corpus_files():
    files = [REPO / "corpus" / "sample.txt"]
    for d in CORPUS_DIRS:
        files += sorted(p for p in (REPO / "corpus" / d).rglob("*") if p.is_file())
    return files


def cli(*args, stdin=None):
    binary = Path(os.environ.get("URISIFT_BIN", REPO / "target" / "release" / "urisift"))
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "urisift"], cwd=REPO, check=True)
    out = subprocess.run([str(binary), *args], input=stdin, stdout=subprocess.PIPE, check=False)
    assert out.returncode in (0, 1), out
    return [json.loads(line) for line in out.stdout.splitlines()]


def write_archives(tmp, files):
    """A gzipped WARC of response records for every other file (with request and warcinfo
    records to skip, and every other body gzip-encoded), and a WET file of conversion records
    for the rest. Returns the archive paths and {record id: (archive, target URI, file)}."""
    records = {}
    warc_path, wet_path = tmp / "corpus.warc.gz", tmp / "corpus.warc.wet.gz"
    with open(warc_path, "wb") as warc_out, open(wet_path, "wb") as wet_out:
        warc, wet = WARCWriter(warc_out, gzip=True), WARCWriter(wet_out, gzip=True)
        warc.write_record(warc.create_warcinfo_record("corpus.warc.gz", {"software": "test"}))
        for i, path in enumerate(files):
            body = path.read_bytes()
            target = "http://corpus.example/" + str(path.relative_to(REPO / "corpus"))
            archive = warc_path if i % 2 == 0 else wet_path
            if i % 2 == 0:
                request = warc.create_warc_record(target, "request", payload=io.BytesIO(b"GET / HTTP/1.1\r\n\r\n"))
                warc.write_record(request)
                fields = [("Content-Type", "text/plain")]
                if i % 4 == 2:
                    # A compressed body: the job must scan it decoded, as a browser shows it.
                    body = gzip.compress(body)
                    fields.append(("Content-Encoding", "gzip"))
                fields.append(("Content-Length", str(len(body))))
                headers = StatusAndHeaders("200 OK", fields, protocol="HTTP/1.1")
                record = warc.create_warc_record(target, "response", payload=io.BytesIO(body), http_headers=headers)
                warc.write_record(record)
            else:
                record = wet.create_warc_record(
                    target, "conversion", payload=io.BytesIO(body), warc_content_type="text/plain"
                )
                wet.write_record(record)
            records[record.rec_headers.get_header("WARC-Record-ID")] = (str(archive), target, path)
    return [str(warc_path), str(wet_path)], records


def hosts_of(uris):
    """{uri: host} by the command line's `check --json`."""
    return {c["input"]: c["host"] for c in cli("check", "--json", stdin="\n".join(sorted(uris)).encode() + b"\n")}


def expected_rows(archives, *options):
    """The job's rows, built from the command line's --json (with `options`) over the archives
    decompressed, and its `check --json` for the host. The job reads a `.gz` as one stream, so
    its offsets are those of the decompressed archive, as `zcat FILE | urisift` gives them
    (`urisift -z` reads a file of many members member by member, its offsets counting within
    each, `member_offset` saying where it starts)."""
    plain = {}
    for archive in archives:
        if archive.endswith(".gz"):
            path = archive[: -len(".gz")] + ".decompressed"
            with gzip.open(archive, "rb") as src, open(path, "wb") as dst:
                dst.write(src.read())
            plain[path] = archive
        else:
            plain[archive] = archive
    found = [r for r in cli("--json", *options, *plain) if r.get("type", "match") == "match"]
    for r in found:
        r["file"] = plain[r["file"]]
    hosts = hosts_of({r["uri"] for r in found})
    return sorted(
        (
            r["file"],
            r["target_uri"],
            r["record"],
            r["uri"],
            r["start"],
            r["end"],
            r["found"],
            r["delimiter"],
            r["scheme"],
            hosts[r["uri"]],
            r.get("outer"),
        )
        for r in found
    )


def payload_uris(records):
    """{(record id, target URI): sorted [(uri, delimiter, scheme, host)]} from the command line
    over each corpus file as the archive holds it, plain text (a text/plain body, a WET text)."""
    by_file = {}
    paths = [str(p) for _, _, p in records.values()]
    for r in cli("--json", "--no-mail", "--no-html", "--no-warc", *paths):
        if r.get("type", "match") == "match":
            by_file.setdefault(r["file"], []).append(r)
    hosts = hosts_of({r["uri"] for rs in by_file.values() for r in rs})
    return {
        (record_id, target): sorted(
            (r["uri"], r["delimiter"], r["scheme"], hosts[r["uri"]]) for r in by_file.get(str(path), [])
        )
        for record_id, (_, target, path) in records.items()
    }


@pytest.fixture(scope="module")
def spark():
    # The Python workers must be this interpreter, where urisift and warcio are installed.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("urisift-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    yield session
    session.stop()


@pytest.mark.parametrize("options", [[], ["--nested"]])
def test_job_rows_equal_the_command_line(spark, tmp_path, options):
    files = corpus_files()
    archives, records = write_archives(tmp_path, files)
    output = tmp_path / "uris.parquet"
    assert warc_uris.main(["--output", str(output), *options, *archives], spark=spark) == 0
    got = sorted(tuple(row) for row in spark.read.parquet(str(output)).collect())
    assert len(got) > 1000  # the payloads are URI-rich: the comparisons are not vacuous
    # The rows are the command line's over the archives.
    assert got == expected_rows(archives, *options)
    # With --nested, the corpus's rewritten links give rows with their outer URI's index.
    assert any(row[-1] is not None for row in got) == bool(options)
    # Each record gives what its payload gives on its own, under its own record id and target
    # URI (gzip-encoded bodies included); warcinfo and request records give nothing.
    per_record = {}
    for archive, target, record, uri, _, _, found, delimiter, scheme, host, outer in got:
        if outer is not None:
            continue
        assert archive == records[record][0], (record, archive)
        assert found == "body", (record, uri, found)
        per_record.setdefault((record, target), []).append((uri, delimiter, scheme, host))
    want = payload_uris(records)
    assert {k: sorted(v) for k, v in per_record.items()} == {k: v for k, v in want.items() if v}
