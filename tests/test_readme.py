"""The README's quick start is two commands, and CI runs the second one word for word."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", section, re.S)]


def test_the_quick_start_is_two_one_line_commands() -> None:
    commands = _quick_start_commands()
    assert len(commands) == 2, commands
    assert all("\n" not in command for command in commands), commands
    assert commands[0].startswith("pip install ")
    assert "meeple " in commands[0]


def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    test_command = _quick_start_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command in ci, f"{test_command!r} is not a line of .ci/run"
    assert "bash .ci/web-deps.sh" in test_command, "the browser is part of the test install"
