"""The shape the design contract promises, checked on the source itself.

Front ends know no game by name (DESIGN.md, "Layout"); every game package has the
skeleton's modules (GAME-SKELETON.md); no module grows past about 400 lines
without saying why; no import cycle is papered over with ``noqa: E402``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .shared import BUILT_IN

SRC = Path(__file__).resolve().parent.parent / "src" / "meeple"
FRONT_ENDS = ("core", "testing", "web", "cli", "bots", "sim", "adapters")
SKELETON = (
    "__init__",
    "components",
    "options",
    "actions",
    "state",
    "setup",
    "legal",
    "transitions",
    "scoring",
    "view",
    "explain",
    "invariants",
    "encoding",
    "render",
    "html",
    "game",
)
LONGEST = 420
"""About 400 lines: a module longer than this must be split by job."""


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
                names.add(module)
                names.update(f"{module}.{alias.name}" for alias in node.names)
            elif node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_front_ends_import_no_game_by_name(front_end: str) -> None:
    for path in sorted((SRC / front_end).rglob("*.py")):
        imported = _imported(path)
        for game in BUILT_IN:
            named = {name for name in imported if name.split(".")[:2] == ["meeple", game]}
            assert not named, f"{path.relative_to(SRC)} imports {sorted(named)}"


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_game_has_the_skeleton_modules(game: str) -> None:
    present = {p.stem for p in (SRC / game).glob("*.py")}
    missing = [module for module in SKELETON if module not in present]
    assert not missing, f"{game} lacks {missing}"


def test_no_module_is_much_longer_than_400_lines() -> None:
    long = {
        str(path.relative_to(SRC)): n
        for path in SRC.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert not long, f"split these by job: {long}"


def test_no_import_cycle_hides_behind_noqa_e402() -> None:
    hidden = [
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        if "noqa: E402" in path.read_text(encoding="utf-8")
    ]
    assert not hidden, hidden
