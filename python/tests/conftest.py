"""Shared fixtures: the repository's corpus and the command-line tool, the reference that the
package's results are held to."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "corpus"


def corpus_files():
    """Every text file of corpus/ (not its expected outputs, notes or tools)."""
    skip = {"expected", "tools"}
    files = []
    for path in sorted(CORPUS.rglob("*")):
        rel = path.relative_to(CORPUS)
        if path.is_file() and rel.parts[0] not in skip and path.suffix != ".md" and not path.name.startswith("."):
            files.append(path)
    return files


def cli_binary():
    """target/release/urisift (or $URISIFT_BIN), built when missing."""
    binary = Path(os.environ.get("URISIFT_BIN", REPO / "target" / "release" / "urisift"))
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "urisift"], cwd=REPO, check=True)
    return binary


def cli_json(paths, *options):
    """The command line's --json match records for each of paths, as {path: [record, ...]}, the
    "file", "type" and "components" keys removed. Exit status 1 (nothing found) is not an
    error."""
    out = subprocess.run(
        [str(cli_binary()), "--json", *options, *map(str, paths)],
        stdout=subprocess.PIPE,
        check=False,
    )
    assert out.returncode in (0, 1), out
    records = {str(p): [] for p in paths}
    for line in out.stdout.splitlines():
        record = json.loads(line)
        # Only the matches, with the keys the package's `as_dict()` has: the command line adds
        # a record type and the parsed components (docs/json-schema.md).
        if record.pop("type", "match") != "match":
            continue
        record.pop("components", None)
        records[record.pop("file")].append(record)
    return records


@pytest.fixture(scope="session")
def corpus():
    files = corpus_files()
    assert len(files) > 40, "corpus/ not found or nearly empty"
    return files


@pytest.fixture(scope="session")
def corpus_cli(corpus):
    return cli_json(corpus)
