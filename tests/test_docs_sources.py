"""Code the docs show as a whole file is that file, byte for byte.

The plugin tutorial reads complete as plain Markdown (on the repository page, in
an editor), so it carries the example plugin's files inline instead of including
them at build time; this test keeps the copies honest. A block is marked by the
HTML comment ``<!-- source: PATH -->`` on the line before its opening fence.
"""

from __future__ import annotations

import re

import pytest

from .shared import ROOT

PAGES = sorted((ROOT / "docs").rglob("*.md"))
MARKED = re.compile(r"<!-- source: (?P<path>[^ ]+) -->\n```[a-z]*\n(?P<body>.*?)```\n", re.DOTALL)


def _blocks() -> list[tuple[str, str, str]]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in MARKED.finditer(text):
            found.append((page.name, match["path"], match["body"]))
    return found


def test_the_tutorial_shows_every_file_of_the_example_plugin() -> None:
    shown = {path for page, path, _ in _blocks() if page == "plugin-tutorial.md"}
    package = ROOT / "examples/plugin_game/src/meeple_goofspiel"
    files = {str(p.relative_to(ROOT)) for p in package.glob("*.py")}
    assert files <= shown, f"not in the tutorial: {sorted(files - shown)}"


@pytest.mark.parametrize(("page", "path", "body"), _blocks())
def test_a_marked_block_is_the_whole_file(page: str, path: str, body: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    assert body == source, f"{page} shows an outdated copy of {path}"
