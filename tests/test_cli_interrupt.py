"""Ctrl-C stops long commands at once (issue 33, item 1), typed as a person would.

Each command runs in a real pseudo-terminal; once its bar shows games finished, the
terminal's interrupt character is sent, so SIGINT reaches the command and every
worker it started, as Ctrl-C does. The command must say how far it got, exit 130
without a traceback, and leave no process of its session behind.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pexpect
import pytest

from meeple.cli.errors import INTERRUPTED

from .shared import meeple_command
from .shared import number
from .shared import says

STOPPED = r"interrupted after (\d+) of (\d+) games"
GAMES_DONE = r"\b([1-9]\d*)/\d+"
"""A bar with at least one game finished: the workers are busy playing."""


def _session_members(session: int) -> list[str]:
    """Processes still alive in `session` (what an orphaned worker would be)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text(encoding="utf-8")
        except OSError:  # it ended while we looked
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(stat)
    return found


def _as_typed() -> None:
    """In the child: Ctrl-C acts as at a person's prompt. A command started in the
    background of a script (nohup, `&`) inherits SIGINT ignored, as POSIX shells do;
    the test must not depend on how its own runner was started."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(args: list[str]) -> tuple[str, int, int]:
    """Run `meeple args`, press Ctrl-C once games are finishing; the output up to the
    end, games done and games planned."""
    env = {**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm-256color"}
    child = pexpect.spawn(
        meeple_command(), args, encoding="utf-8", timeout=60, env=env, preexec_fn=_as_typed
    )
    try:
        child.expect(GAMES_DONE)
        seen = child.before + child.after
        child.sendintr()
        child.expect(STOPPED, timeout=10)
        done, total = int(child.match.group(1)), int(child.match.group(2))
        seen += child.before + child.after
        child.expect(pexpect.EOF, timeout=10)
        seen += child.before
    finally:
        child.close()
    assert child.exitstatus == INTERRUPTED, seen
    assert "Traceback" not in seen, seen
    assert _session_members(child.pid) == []  # no worker left running
    return seen, done, total


def test_the_page_gives_the_exit_status_of_an_interrupted_command() -> None:
    """docs/cli.md: an interrupted command "exits with status 130" (what these tests wait for)."""
    said = says("docs/cli.md", r"`interrupted after N of M games` and exits with status (\d+),")
    assert number(said[1]) == INTERRUPTED


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "bear_mountain", "-n", "200000", "--workers", "2"],
        ["bench", "bear_mountain", "--players", "2", "--games", "100000"],
    ],
    ids=["simulate", "bench"],
)
def test_ctrl_c_stops_a_long_command_at_once(args: list[str]) -> None:
    _, done, total = _interrupt(args)
    assert 0 < done < total


def test_ctrl_c_stops_an_analysis_before_it_writes_a_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    args = ["analyze", "bear_mountain", "-n", "50000", "--skill", "none", "--workers", "2"]
    args += ["--out", str(out)]
    _, done, total = _interrupt(args)
    assert 0 < done < total
    assert not out.exists()


def test_ctrl_c_stops_a_simulation_before_it_writes_its_games(tmp_path: Path) -> None:
    """docs/cli.md promises that an interrupted command writes no --out file."""
    out = tmp_path / "games.jsonl"
    args = ["simulate", "bear_mountain", "-n", "200000", "--workers", "2", "--out", str(out)]
    _, done, total = _interrupt(args)
    assert 0 < done < total
    assert not out.exists()
