"""The recipes of README.md, run as written over corpus/, give what one urisift gives."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

# The README's commands, with the repository's corpus/ for `corpus`.
FILES = f"find '{REPO / 'corpus'}' -type f -print0 | sort -z"
PARALLEL = FILES + " | parallel -0 -k -X 'urisift --json {} ; [ $? -le 1 ]' > uris.jsonl"
XARGS = (
    "mkdir -p out && "
    + FILES
    + " | xargs -0 -P \"$(nproc)\" -n 16 sh -c 'urisift --json \"$@\" > \"$(mktemp out/uris.XXXXXX)\";"
    " [ $? -le 1 ] || exit 255' sh && cat out/uris.* > uris.jsonl"
)


def run(command, cwd):
    """Runs `command` with bash in `cwd`, the release urisift first on the PATH. Returns its status and the lines of uris.jsonl."""
    binary = Path(os.environ.get("URISIFT_BIN", REPO / "target" / "release" / "urisift")).resolve()
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "urisift"], cwd=REPO, check=True)
    env = dict(os.environ, PATH=f"{binary.parent}{os.pathsep}{os.environ['PATH']}")
    status = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=cwd, env=env).returncode
    out = cwd / "uris.jsonl"
    return status, out.read_bytes().splitlines() if out.exists() else []


@pytest.fixture
def single(tmp_path):
    """One urisift over every file, in the same order."""
    (tmp_path / "single").mkdir()
    status, lines = run(FILES + " | xargs -0 urisift --json > uris.jsonl", tmp_path / "single")
    assert status == 0 and len(lines) > 5000
    return lines


@pytest.mark.skipif(shutil.which("parallel") is None, reason="GNU parallel is not installed")
def test_parallel_recipe_prints_what_one_urisift_prints(tmp_path, single):
    (tmp_path / "p").mkdir()
    status, lines = run(PARALLEL, tmp_path / "p")
    assert status == 0
    assert lines == single  # -k: the same lines in the same order


def test_xargs_recipe_prints_the_same_lines(tmp_path, single):
    (tmp_path / "x").mkdir()
    status, lines = run(XARGS, tmp_path / "x")
    assert status == 0
    assert len(list((tmp_path / "x" / "out").iterdir())) > 1  # several processes did the work
    assert sorted(lines) == sorted(single)


def test_xargs_recipe_stops_on_an_error_but_not_on_nothing_found(tmp_path):
    (tmp_path / "e").mkdir()
    (tmp_path / "e" / "empty.txt").write_bytes(b"no URI here\n")
    nothing = XARGS.replace(FILES, "printf 'empty.txt\\0'")
    assert run(nothing, tmp_path / "e")[0] == 0
    missing = XARGS.replace(FILES, "printf 'missing.txt\\0'")
    assert run(missing, tmp_path / "e")[0] != 0


# The one-huge-file recipe, with a smaller step so that the corpus's mail is cut many times.
RANGE = (
    "size=$(stat -c %s huge.mbox) step=$((64 << 10)); "
    'seq 0 "$step" "$((size - 1))" | '
    "parallel -k \"urisift --json --range {}:\\$(( {} + $step )) huge.mbox ; [ \\$? -le 1 ]\" > uris.jsonl"
)


@pytest.mark.skipif(shutil.which("parallel") is None, reason="GNU parallel is not installed")
def test_range_recipe_prints_what_one_urisift_prints(tmp_path):
    mail = sorted((REPO / "corpus" / "mail").rglob("*.mbox"))
    (tmp_path / "huge.mbox").write_bytes(b"".join(p.read_bytes() for p in mail))
    status, whole = run("urisift --json huge.mbox > uris.jsonl", tmp_path)
    assert status == 0 and len(whole) > 1000
    status, ranges = run(RANGE, tmp_path)
    assert status == 0
    assert ranges == whole
