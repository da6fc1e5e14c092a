"""The type stubs (urisift.pyi) agree with the module: every name, signature and class."""

import subprocess
import sys

import pytest


def test_stubs_match_the_module():
    pytest.importorskip("mypy")
    # --ignore-missing-stub: the package's inner extension module (urisift/urisift.abi3.so,
    # maturin's layout) is re-exported by the package and has no stub of its own.
    out = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--ignore-missing-stub", "urisift"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert out.returncode == 0, out.stdout
