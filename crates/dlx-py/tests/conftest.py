"""Shared fixtures: the test data and the command-line binary."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import dlx

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[3]


def problem(name: str) -> dlx.Problem:
    """A problem of the test data, by file name."""
    return dlx.Problem.from_knuth((DATA / name).read_text())


@pytest.fixture(scope="session")
def dlx_binary() -> Path:
    """The `dlx` command: $DLX_BIN, else the workspace's build (debug or release), else PATH."""
    candidates = [os.environ.get("DLX_BIN")]
    candidates += [str(ROOT / "target" / kind / "dlx") for kind in ("release", "debug")]
    candidates.append(shutil.which("dlx"))
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    raise AssertionError("no dlx binary: build it (cargo build -p dlx-cli) or set DLX_BIN")
