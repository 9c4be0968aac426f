"""The web's modules import each other without a circle, counting every import.

Issue 34: ``bodies``, ``errors``, ``live``, ``server_bodies``, ``upkeep`` and
``bot_seats`` formed one loop hidden behind imports inside functions
(``errors.error_body`` imported ``bodies`` at call time, while ``bodies`` imports
``errors``; ``bodies`` imported ``server_bodies``, which reaches ``errors`` through
``upkeep`` and ``bot_seats``). An import inside a function is a dependency like any
other; only imports under ``TYPE_CHECKING`` and the package's lazy ``create_app``
(so ``Limits`` imports without Starlette) are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "meeple" / "web"


def _type_checking_blocks(tree: ast.Module) -> set[int]:
    """Ids of the import nodes under ``if TYPE_CHECKING:``."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for inner in ast.walk(node))
    return skipped


def _web_imports(path: Path) -> set[str]:
    """The web modules `path` imports, anywhere in it (``app``, ``bodies``...)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_blocks(tree)
    in_package = path.parent != WEB  # renderers/ and the like: one level deeper
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or id(node) in skipped or not node.level:
            continue
        if node.level == 1 + in_package and node.module:
            found.add(node.module.split(".")[0])
        elif node.level == 1 + in_package:
            found.update(alias.name for alias in node.names)
    if path.name == "__init__.py" and path.parent == WEB:
        found.discard("app")  # the lazy create_app, by design
    return found


def _graph() -> dict[str, set[str]]:
    modules = {p.stem: p for p in WEB.glob("*.py")}
    modules.update(
        {p.name: p / "__init__.py" for p in WEB.iterdir() if (p / "__init__.py").exists()}
    )
    return {name: _web_imports(path) & set(modules) - {name} for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := walk(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := walk(start)) is not None:
            return found
    return None


def test_the_web_has_no_import_circle_not_even_through_imports_in_functions() -> None:
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or [])


def test_the_circle_finder_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
