"""docs/cli.md's table names every command `meeple --help` lists, and no other."""

from __future__ import annotations

import re
from pathlib import Path

from meeple.cli.app import app

ROOT = Path(__file__).resolve().parent.parent


def test_the_command_table_has_a_row_per_command() -> None:
    names = {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands}
    names |= {g.name or "" for g in app.registered_groups}
    names = {name.replace("_", "-") for name in names}
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `meeple ([a-z-]+)", text, flags=re.MULTILINE))
    assert rows == names, (sorted(names - rows), sorted(rows - names))
