"""docs/bots-and-simulation.md: `meeple analyze` needs the extra its page names, and
the command, run without it, says the install command of that same extra.

Regression: the page's "Balance reports" section did not say that `analyze` needs
the `plot` extra, so a reader who installed the library alone met the refusal first.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.cli.app import app
from meeple.core.extras import install_hint

from .shared import ROOT

PAGE = "docs/bots-and-simulation.md"


def _section(title: str) -> str:
    """The prose of the page's section `title` (up to its next heading), on one line."""
    text = (ROOT / PAGE).read_text(encoding="utf-8")
    body = text.split(f"\n## {title}\n", 1)[1]
    body = re.split(r"\n#{2,3} ", body, maxsplit=1)[0]
    return " ".join(body.split())


def _named_extra() -> str:
    said = re.search(
        r"`meeple analyze`.*? needs the `(\w+)` extra \(`pip install -e '\.\[(\w+)\]'`\)",
        _section("Balance reports"),
    )
    assert said, f"{PAGE}'s Balance reports section no longer names the extra analyze needs"
    assert said.group(1) == said.group(2), said.group(0)
    return said.group(1)


def test_the_page_names_the_extra_that_brings_matplotlib() -> None:
    """The report draws with matplotlib: the extra the page names must install it."""
    extra = _named_extra()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["optional-dependencies"].get(extra)
    assert wanted is not None, f"{PAGE} names the {extra!r} extra, which pyproject lacks"
    names = {re.split(r"[<>=!~\[ ;]", requirement)[0].lower() for requirement in wanted}
    assert "matplotlib" in names, (extra, wanted)


def test_analyze_without_that_extra_says_the_install_command_of_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if never installed
    out = tmp_path / "report"
    result = CliRunner().invoke(
        app, ["analyze", "tests.toy_game:TOY", "--out", str(out)], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 2, result.output
    assert install_hint(_named_extra()) in " ".join(result.output.split())
    assert not out.exists()  # refused before any game
