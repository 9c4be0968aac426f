"""No file of the repository names a folder of one machine (a checkout, a venv, a home).

Such a path works only where it was written: a command in a docstring or a page that
starts with one fails for everyone else (four benchmark docstrings did). Files are
named relative to the repository root; commands use ``python``, not a venv's path.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from .shared import ROOT

MACHINE_PATH = re.compile(
    r"""(?x)
    /work/ | /root/                      # this image's checkouts and home
    | /home/[\w.-]+/ | /Users/[\w.-]+/   # a Linux or macOS home
    | [A-Za-z]:\\Users\\                 # a Windows home
    | /[^\s"'`]*venv/bin/                # a virtual environment's programs
    """
)
"""What names one machine's folder."""


def _tracked() -> list[str]:
    done = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
    )
    return [name for name in done.stdout.decode("utf-8").split("\0") if name]


def test_no_tracked_file_names_a_folder_of_one_machine() -> None:
    found = []
    for name in _tracked():
        if name == "tests/test_no_machine_paths.py":
            continue  # its examples below
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # a picture, or a file the working tree has since deleted
        for number, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "line",
    [
        "    /work/venv/bin/python benchmarks/bench_wypas.py",
        "cd /root/meeple && pytest",
        "see /home/ada/meeple/README.md",
        "open /Users/ada/src/meeple",
        r"C:\Users\ada\meeple",
        "../.venv/bin/python -m meeple",
    ],
)
def test_the_pattern_finds_each_kind_of_machine_path(line: str) -> None:
    assert MACHINE_PATH.search(line)


@pytest.mark.parametrize(
    "line",
    [
        "python benchmarks/bench_wypas.py",
        "python3 -m venv .venv && . .venv/bin/activate",
        "src/meeple/web/static/table.js",
        "a UNIX socket under /tmp",
    ],
)
def test_the_pattern_leaves_relative_paths_alone(line: str) -> None:
    assert not MACHINE_PATH.search(line)
