"""The shape the design contract promises, checked on the source itself.

Front ends know no game by name (DESIGN.md, "Layout"); every game package has the
skeleton's modules (GAME-SKELETON.md); no module grows past about 400 lines
without saying why; no import cycle is papered over with ``noqa: E402`` or hidden in
an import inside a function (`import_loops`); no module writes into the state (a memo,
a table, an attribute) of another meeple module.
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


# -- long functions ----------------------------------------------------------------

LONGEST_FUNCTION = 80
"""Lines a function may span, from its ``def`` to its last line (docstring, comments,
blank lines and nested functions included): a longer one is split into named steps."""

OTHER_HELPERS_LONG_FUNCTIONS = frozenset(
    (
        "bots/mcts.py:MCTSBot.choose",
        "sim/analysis.py:analyze",
        "sim/measures.py:summarize_block",
        "sim/page.py:render_html",
    )
)
"""Long functions in files other helpers are changing at the same time (issue 34): the
lead empties this at merge, and from then on no function is listed."""


def _functions(tree: ast.AST, prefix: str = "") -> list[tuple[str, ast.AST]]:
    """Every function in `tree` by its qualified name (``Class.method``, ``outer.inner``)."""
    found: list[tuple[str, ast.AST]] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = f"{prefix}{node.name}"
            if not isinstance(node, ast.ClassDef):
                found.append((name, node))
            found.extend(_functions(node, f"{name}."))
        else:
            found.extend(_functions(node, prefix))
    return found


def long_functions(root: Path, longest: int = LONGEST_FUNCTION) -> dict[str, int]:
    """``path:qualified name`` -> lines, of each function under `root` longer than `longest`."""
    long: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, node in _functions(tree):
            assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > longest:
                long[f"{path.relative_to(root).as_posix()}:{name}"] = lines
    return long


def test_no_function_in_meeple_is_longer_than_80_lines() -> None:
    # Issue 34: 12 functions were longer than 80 lines (make_converter 164).
    long = {
        name: lines
        for name, lines in long_functions(SRC).items()
        if name not in OTHER_HELPERS_LONG_FUNCTIONS
    }
    assert not long, f"split these into named steps: {long}"


def test_long_functions_counts_from_def_to_the_last_line(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "class C:\n"
        + "    def fits(self):\n"
        + "".join(f"        x{i} = {i}\n" for i in range(79))
        + "    def over(self):\n"
        + "".join(f"        x{i} = {i}\n" for i in range(80)),
        encoding="utf-8",
    )
    assert long_functions(tmp_path) == {"m.py:C.over": 81}


# -- import loops ------------------------------------------------------------------


def _module_names(root: Path) -> dict[str, Path]:
    """Every module under `root` (a package's name is its ``__init__``) by dotted name."""
    names = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: anywhere (in functions too), but not under
    ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and _is_type_checking(node):
            found.extend(_runtime_imports(ast.Module(body=node.orelse, type_ignores=[])))
        else:
            found.extend(_runtime_imports(node))
    return found


def _dependencies(name: str, path: Path, modules: dict[str, Path]) -> dict[str, int]:
    """The modules of `modules` that module `name` imports, each with a line that does."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, int] = {}
    for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            if not node.level:
                base = node.module or ""
            elif node.module:
                base = f"{base}.{node.module}"
            for alias in node.names:  # a submodule by its name, else a name of `base`
                submodule = f"{base}.{alias.name}"
                targets.append(submodule if submodule in modules else base)
        for target in targets:
            if target in modules and target != name:
                found.setdefault(target, node.lineno)
    return found


def import_loops(root: Path) -> list[list[str]]:
    """Each group of modules under `root` that import one another, in a circle.

    Modules are nodes; an edge runs from a module to each module it imports. Counted:
    every import statement that can run, at the top of a module or inside a function
    or class (a function-local import is a dependency that is only paid later), the
    CLI's lazy imports of whole subsystems for start-up time included: no subsystem
    imports the CLI, so those close no loop, and one that did would be a loop like
    any other. ``from P import n`` is an edge to the module ``P.n`` if there is one,
    else to ``P`` (an ``__init__``, where `n` is defined or re-exported). Left out,
    precisely: imports under ``if TYPE_CHECKING:`` (they never run and only name
    types), the packages Python initialises before a submodule (``meeple.core`` for
    ``meeple.core.base``: every module is inside its package anyway), and imports by
    a string at run time (the registry loads plugins by their entry points).

    The groups are the strongly connected components of that graph with two modules or
    more (Tarjan's algorithm), each as sorted names with the lines that close it.
    """
    modules = _module_names(root)
    edges = {name: _dependencies(name, path, modules) for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = [stack.pop()]
            while group[-1] != node:
                group.append(stack.pop())
            if len(group) > 1:
                members = set(group)
                groups.append(
                    sorted(
                        f"{a} -> {b} (line {line})"
                        for a in members
                        for b, line in edges[a].items()
                        if b in members
                    )
                )

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return groups


def test_no_import_loop_inside_meeple() -> None:
    # Issue 34: match <-> record (nine function-local imports), base <-> turns,
    # converter <-> frozen and six web modules hid loops behind imports in functions.
    loops = import_loops(SRC)
    assert not loops, "modules that import one another:\n" + "\n\n".join(
        "\n".join(group) for group in loops
    )


def _write_package(root: Path, files: dict[str, str]) -> Path:
    package = root / "pkg"
    package.mkdir(parents=True)
    for name, text in {"__init__": "", **files}.items():
        (package / f"{name}.py").write_text(text, encoding="utf-8")
    return package


def test_import_loops_sees_function_local_imports_but_not_type_checking(
    tmp_path: Path,
) -> None:
    hidden = _write_package(
        tmp_path / "hidden",
        {
            "a": "from .b import f\n",
            "b": "def f():\n    from . import a\n",
        },
    )
    assert import_loops(hidden) == [["pkg.a -> pkg.b (line 1)", "pkg.b -> pkg.a (line 2)"]]
    typed = _write_package(
        tmp_path / "typed",
        {
            "a": "from .b import f\n",
            "b": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n",
        },
    )
    assert import_loops(typed) == []


# -- text files ---------------------------------------------------------------------


def _text_mode_without_encoding(call: ast.Call) -> bool:
    """Whether `call` opens, reads or writes a text file in the locale's encoding: a
    ``read_text``/``write_text`` without one, or an ``open`` in a text mode (a literal
    mode, or builtin ``open``'s default) without one."""
    func, keywords = call.func, {k.arg for k in call.keywords}
    if "encoding" in keywords:
        return False
    if isinstance(func, ast.Attribute) and func.attr in ("read_text", "write_text"):
        return len(call.args) <= (func.attr == "write_text")  # encoding is the next one
    if isinstance(func, ast.Attribute) and func.attr == "open":
        mode, encoding_at = (call.args[0] if call.args else None), 2  # Path.open
    elif isinstance(func, ast.Name) and func.id == "open":
        mode, encoding_at = (call.args[1] if len(call.args) > 1 else ast.Constant("r")), 3
    else:
        return False
    for keyword in call.keywords:
        if keyword.arg == "mode":
            mode = keyword.value
    if not (isinstance(mode, ast.Constant) and isinstance(mode.value, str)):
        return False  # a mode worked out at run time: not judged here
    return "b" not in mode.value and len(call.args) <= encoding_at


def locale_encoded_files(root: Path) -> list[str]:
    """``path:line`` of each text file opened, read or written in the locale encoding."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _text_mode_without_encoding(node):
                found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return found


@pytest.mark.parametrize("folder", ["src", "tests", "examples", "benchmarks"])
def test_every_text_file_the_code_touches_names_its_encoding(folder: str) -> None:
    # Regression: `meeple replay` read a record, `meeple play`'s save and `simulate
    # --out` wrote theirs, in the locale's encoding: a game saved on one machine could
    # fail to replay on another. Tests too: no test may depend on the locale.
    found = locale_encoded_files(SRC.parent.parent / folder)
    assert not found, f"say encoding='utf-8' at {found}"


def test_locale_encoded_files_finds_each_kind_of_call(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "p.read_text()\n"
        "p.write_text(t)\n"
        "p.open('w')\n"
        "open(name)\n"
        "open(name, 'a')\n"
        "p.read_text('utf-8')\n"
        "p.write_text(t, encoding='utf-8')\n"
        "p.open('rb')\n"
        "open(name, 'wb')\n"
        "open(name, encoding='utf-8')\n"
        "store.open()\n",
        encoding="utf-8",
    )
    assert locale_encoded_files(tmp_path) == [f"m.py:{n}" for n in (1, 2, 3, 4, 5)]
