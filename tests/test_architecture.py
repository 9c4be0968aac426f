"""The shape the design contract promises, checked on the source itself.

Front ends know no game by name (DESIGN.md, "Layout"); every game package has the
skeleton's modules (GAME-SKELETON.md); no module grows past about 400 lines
without saying why; no import cycle is papered over with ``noqa: E402``; no module
writes into the state (a memo, a table, an attribute) of another meeple module.
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


_MUTATORS = frozenset(
    (
        "__setitem__",
        "__delitem__",
        "add",
        "append",
        "cache_clear",
        "clear",
        "discard",
        "extend",
        "insert",
        "pop",
        "popitem",
        "remove",
        "setdefault",
        "update",
    )
)
"""Methods that change the container (or memo) they are called on."""


def _meeple_names(tree: ast.Module) -> set[str]:
    """The local names this module binds to meeple modules or to names imported from them."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "meeple":
                    names.add(alias.asname or alias.name.split(".")[0])
        # a relative import is always of meeple's own modules
        elif isinstance(node, ast.ImportFrom) and (
            node.level or (node.module or "").split(".")[0] == "meeple"
        ):
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def _root(node: ast.expr) -> tuple[str | None, int]:
    """The name an expression like ``a.b[c].d`` starts from, and how many steps lead there."""
    steps = 0
    while isinstance(node, ast.Attribute | ast.Subscript):
        node, steps = node.value, steps + 1
    return (node.id if isinstance(node, ast.Name) else None), steps


def _writes_to_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = _meeple_names(tree)
    found = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign | ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _MUTATORS
        ):
            targets = [node.func.value]
        for target in targets:
            name, steps = _root(target)
            if name in imported and (steps or isinstance(node, ast.Call)):
                found.append(f"{path.relative_to(SRC)}:{target.lineno} {ast.unparse(target)}")
    return found


def test_no_module_writes_state_another_meeple_module_holds() -> None:
    # Issue 13: way_of_bear's transitions wrote into legal.py's memo dicts; module
    # state belongs to its module (caches are lru_cache on that module's functions).
    writes = [line for path in sorted(SRC.rglob("*.py")) for line in _writes_to_imports(path)]
    assert not writes, writes
