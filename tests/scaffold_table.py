"""The scaffold README's table of files, made from the plugin tutorial's.

The tutorial ("What each generated file is for") explains every file `meeple
new-game` writes; the README the scaffold writes carries the same list, first two
columns, with the package's name filled in. ``python -m tests.scaffold_table``
rewrites the README template's table from the tutorial; a test keeps them equal.
"""

from __future__ import annotations

import re

from .shared import ROOT

TUTORIAL = ROOT / "docs" / "guide" / "plugin-tutorial.md"
TEMPLATE = ROOT / "src" / "meeple" / "scaffold" / "template" / "README.md.tmpl"
HEADER = "| file | its job |\n|---|---|\n"
_ROW = re.compile(r"^\| (`[^`]+`) \| (.+?) \| .+ \|$")


def tutorial_rows() -> list[tuple[str, str]]:
    """(file, its job) of every row of the tutorial's table of generated files."""
    page = TUTORIAL.read_text(encoding="utf-8")
    table = page.split("## What each generated file is for\n")[1].split("\n## ")[0]
    found = [_ROW.match(line) for line in table.splitlines()]
    return [(m[1], m[2]) for m in found if m]


def table() -> str:
    """The README template's table, from the tutorial's rows."""
    rows = "".join(
        f"| {name.replace('meeple_NAME', '{{package}}')} | {job} |\n"
        for name, job in tutorial_rows()
    )
    return HEADER + rows


def template_table(text: str) -> str:
    """The table as it stands in the README template's text."""
    start = text.index(HEADER)
    end = text.index("\n\n", start)
    return text[start : end + 1]


def rewrite() -> None:
    """Put the tutorial's table into the README template."""
    text = TEMPLATE.read_text(encoding="utf-8")
    TEMPLATE.write_text(text.replace(template_table(text), table()), encoding="utf-8")


if __name__ == "__main__":
    rewrite()
    print(f"wrote {TEMPLATE.relative_to(ROOT)}")
