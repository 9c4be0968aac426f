"""Writes ``docs/api.md``: every name a plugin uses, its signature and one line on it.

The page is plain Markdown (it reads the same on the built site, on the
repository page and in an editor) and is generated from the docstrings, so it
cannot drift: ``tests/test_docs_api.py`` checks that it is current and that it
covers every public name of ``meeple``, ``meeple.core`` and ``meeple.testing``.
After changing a docstring or a signature, regenerate it with::

    python -m tests.docs_api
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import textwrap
import typing
from typing import Any

from .shared import ROOT

PAGE = ROOT / "docs" / "api.md"

INTRO = """\
# API reference

Every name a game or a plugin uses, with its signature and what it is for, one
line each. The rest of each docstring is in the [full reference](reference.md)
(built site only). This page is generated from the docstrings
(`python -m tests.docs_api`; a test checks that it is current), so it reads the
same here, on the repository page and in an editor.

How the pieces fit: [the shape of a game](guide/implementing-a-game.md); a whole
plugin, file by file: [writing your own game](guide/plugin-tutorial.md); what a
game may offer beyond the contract: [optional capabilities](capabilities.md).
"""

SECTIONS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "Finding and playing games",
        "meeple",
        "The pinned public API (`import meeple`): what front ends and scripts call.",
        ("game_names", "get_game", "start", "dumps", "loads", "Match", "GameRecord"),
    ),
    (
        "The contract",
        "meeple.core",
        "What every game object, state, view and action is (the protocols front ends rely "
        "on), the facts a game declares, and the result of a game.",
        (
            "Game",
            "State",
            "View",
            "Action",
            "AnyGame",
            "AnyState",
            "GameSpec",
            "Outcome",
            "competition_ranks",
        ),
    ),
    (
        "The template a game fills",
        "meeple.core",
        "Subclass `GameBase` (and `EncodingBase` for the encoding capability) and fill its "
        "hooks, one line each; inherit your State from `StateBase`.",
        ("GameBase", "EncodingBase", "StateBase", "resolve_player"),
    ),
    (
        "Building successors",
        "meeple.core.edit",
        "One way to make a changed copy of a state, and small tuple edits.",
        ("replace", "put", "bump", "remove_one", "insert_sorted", "merge_sorted"),
    ),
    (
        "Who acts next",
        "meeple.core.seats",
        "Shared frozensets for `to_act`: use them instead of building new ones.",
        ("NOBODY", "ONE_SEAT", "ALL_SEATS"),
    ),
    (
        "Who the table sees acting",
        "meeple.core.turns",
        "`to_act` is the truth, and a game may ask a seat in secret (a Wypas offer): tell "
        "people whom the game waits for from their views, and ask secret seats first when "
        "asking one seat at a time.",
        ("public_to_act", "asking_order"),
    ),
    (
        "Chance",
        "meeple.core.rng",
        "All randomness comes from the state's `rng` (a plain int) through these pure "
        "functions, each returning its result and the next rng.",
        (
            "seed_rng",
            "next_u64",
            "below",
            "choice",
            "shuffled",
            "shuffled32",
            "draw",
            "draw_counts",
            "sample",
            "derive_seed",
        ),
    ),
    (
        "Options",
        "meeple.core",
        "Options are a frozen attrs class; these helpers check player counts and build "
        "options from text.",
        ("check_players", "build_options", "parse_option_strings"),
    ),
    (
        "Errors",
        "meeple.core",
        "Raise these from your game; each message names the game and the reason.",
        (
            "MeepleError",
            "IllegalActionError",
            "MalformedActionError",
            "InvalidOptionsError",
            "InvalidPlayerError",
            "AmbiguousPlayerError",
            "GameOverError",
            "CorruptDataError",
            "UnknownGameError",
            "PluginError",
        ),
    ),
    (
        "Optional capabilities",
        "meeple.core",
        "What a game may offer beyond the contract (see "
        "[optional capabilities](capabilities.md) for who uses each and what happens "
        "without it).",
        (
            "Encodable",
            "EncodesStates",
            "HasHeuristic",
            "win_chances",
            "HasPublicNotation",
            "HasHtml",
            "HasElements",
            "HasStatistics",
            "Statistic",
            "HasStyledText",
            "HasLegend",
            "Validating",
            "CAPABILITIES",
            "ENDED_BY",
            "STALLED",
            "offers",
            "capabilities",
            "Layout",
            "Layouts",
            "Writer",
            "packed",
            "f32",
            "fraction",
            "one_hots",
            "Vocabulary",
            "vocabulary",
        ),
    ),
    (
        "The registry",
        "meeple.core",
        "Games are found by entry point (group `meeple.games`); a plugin registers by "
        "listing its `GAME` there.",
        ("Registry", "resolve_game"),
    ),
    (
        "Testing a game",
        "meeple.testing",
        "The conformance kit and the helpers the built-in games' tests use.",
        (
            "check_game",
            "check_state",
            "check_capabilities",
            "ConformanceError",
            "reachable_states",
            "random_playout",
            "perft",
            "transcript",
            "assert_golden",
            "REGOLD_ENV",
            "assert_refused",
            "position",
            "InvalidPositionError",
            "check_document",
            "mutated_documents",
            "FuzzError",
        ),
    ),
)

HOOKED = ("GameBase", "EncodingBase")
"""Classes whose ``_name`` members are hooks a game fills (so they are listed)."""


VALUE_HOMES = (
    "meeple.core.protocols",
    "meeple.core.seats",
    "meeple.core.capabilities",
    "meeple.core.registry",
    "meeple.testing.golden",
)
"""Where the plain values (constants) a plugin uses are defined, with their docstrings."""


def first_line(doc: str | None) -> str:
    """The first sentence-line of a docstring, or a dash when there is none."""
    lines = inspect.cleandoc(doc or "").splitlines()
    if not lines:
        return "-"
    first = lines[0]
    for more in lines[1:]:  # a first sentence wrapped over two lines reads as one
        if not more.strip() or first.endswith((".", ":")):
            break
        first += " " + more.strip()
    return first


def attribute_docs(cls: type[Any]) -> dict[str, tuple[str, str]]:
    """Annotated or assigned class attributes -> (annotation, docstring) from the source."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError):
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    found: dict[str, tuple[str, str]] = {}
    for node, after in zip(body, [*body[1:], None], strict=True):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name, annotation = node.target.id, ast.unparse(node.annotation)
        elif (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):
            name, annotation = node.targets[0].id, ""
        else:
            continue
        doc = ""
        if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            doc = str(after.value.value)
        if annotation.startswith("ClassVar"):
            continue
        found[name] = (annotation, doc)
    return found


def _annotation(value: Any) -> str:
    if value is inspect.Parameter.empty:
        return ""
    return value if isinstance(value, str) else inspect.formatannotation(value)


def _default(value: Any) -> str:
    return getattr(value, "__name__", None) or repr(value)  # a function by its name


def signature(obj: Any, *, drop_self: bool = False, returns: bool = True) -> str:
    """``(params) -> return`` as written in the source (annotations unevaluated)."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return "(...)"
    params = list(sig.parameters.values())
    if drop_self and params and params[0].name in ("self", "cls"):
        params = params[1:]
    parts: list[str] = []
    star_done = False
    for i, param in enumerate(params):
        kind = param.kind
        if kind is param.KEYWORD_ONLY and not star_done:
            parts.append("*")
            star_done = True
        prefix = "*" if kind is param.VAR_POSITIONAL else "**" if kind is param.VAR_KEYWORD else ""
        star_done = star_done or kind is param.VAR_POSITIONAL
        text = prefix + param.name
        annotation = _annotation(param.annotation)
        if annotation:
            text += f": {annotation}"
        if param.default is not param.empty:
            text += f" = {_default(param.default)}" if annotation else f"={_default(param.default)}"
        parts.append(text)
        last_positional = kind is param.POSITIONAL_ONLY and (
            i + 1 == len(params) or params[i + 1].kind is not param.POSITIONAL_ONLY
        )
        if last_positional:
            parts.append("/")
    result = _annotation(sig.return_annotation)
    tail = f" -> {result}" if returns and result else ""
    return f"({', '.join(parts)}){tail}"


def _members(cls: type[Any]) -> list[str]:
    lines = []
    attributes = attribute_docs(cls)
    hooks = cls.__name__ in HOOKED
    for name, (annotation, doc) in attributes.items():
        if name.startswith("_"):
            continue
        typed = f"{name}: {annotation}" if annotation else name
        lines.append(f"- `{typed}`" + (f": {first_line(doc)}" if doc else ""))
    for name, member in vars(cls).items():
        if name.startswith("__") or name in attributes:
            continue
        if name.startswith("_") and not hooks:
            continue
        if isinstance(member, property):
            fget = member.fget
            annotation = inspect.signature(fget).return_annotation if fget else ""
            annotation = "" if annotation is inspect.Signature.empty else annotation
            typed = f"{name}: {_annotation(annotation)}" if annotation else name
            lines.append(f"- `{typed}` (property): {first_line(member.__doc__)}")
        elif isinstance(member, staticmethod | classmethod):
            func = member.__func__
            kind = "staticmethod" if isinstance(member, staticmethod) else "classmethod"
            drop = kind == "classmethod"
            lines.append(
                f"- `{name}{signature(func, drop_self=drop)}` ({kind}): {first_line(func.__doc__)}"
            )
        elif inspect.isfunction(member):
            lines.append(
                f"- `{name}{signature(member, drop_self=True)}`: {first_line(member.__doc__)}"
            )
    return lines


def _bases(cls: type[Any]) -> str:
    bases = [
        b.__name__
        for b in getattr(cls, "__orig_bases__", cls.__bases__)
        if getattr(b, "__name__", "") not in ("object", "Generic", "Protocol")
    ]
    return f"({', '.join(bases)})" if bases else ""


def entry(module: str, name: str) -> list[str]:
    """The Markdown for one name: heading, signature block, one line, members."""
    obj = getattr(importlib.import_module(module), name)
    out = [f"### {name}", ""]
    if inspect.isclass(obj):
        kind = "protocol" if getattr(obj, "_is_protocol", False) else "class"
        params = getattr(obj, "__parameters__", ())
        generic = f"[{', '.join(t.__name__ for t in params)}]" if params else ""
        head = [f"{kind} {module}.{name}{generic}{_bases(obj)}"]
        init = signature(obj, returns=False)
        if kind == "class" and init not in ("(...)", "()"):
            head.append(f"{name}{init}")
        out += ["```python", *head, "```", ""]
        out += [first_line(obj.__doc__), ""]
        members = _members(obj)
        if members:
            out += [*members, ""]
    elif typing.get_origin(obj) is not None:  # a type alias: AnyState = State[Action, View]
        value = re.sub(r"\b(?:\w+\.)+(\w+)", r"\1", inspect.formatannotation(obj))
        doc = next(filter(None, (_module_attribute_doc(m, name) for m in VALUE_HOMES)), "")
        out += ["```python", f"{module}.{name} = {value}", "```", "", first_line(doc), ""]
    elif callable(obj) and not isinstance(obj, frozenset | tuple | dict):
        out += ["```python", f"{module}.{name}{signature(obj)}", "```", ""]
        out += [first_line(obj.__doc__), ""]
    else:
        value = repr(obj) if len(repr(obj)) <= 60 else f"{type(obj).__name__}(...)"
        doc = next(filter(None, (_module_attribute_doc(m, name) for m in VALUE_HOMES)), "")
        out += ["```python", f"{module}.{name} = {value}", "```", "", first_line(doc), ""]
    return out


def _module_attribute_doc(module: str, name: str) -> str:
    tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    body = tree.body
    for node, after in zip(body, [*body[1:], None], strict=True):
        target: ast.expr | None = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        named = isinstance(target, ast.Name) and target.id == name
        if named and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            return str(after.value.value)
    return ""


def render_page() -> str:
    """The whole page, as it should be on disk."""
    lines = [INTRO]
    for title, module, blurb, names in SECTIONS:
        lines += [f"## {title}", "", f"From `{module}`. {blurb}", ""]
        for name in names:
            lines += entry(module, name)
    return "\n".join(lines).rstrip() + "\n"


def documented_names() -> set[str]:
    """Every name the page documents."""
    return {name for _, _, _, names in SECTIONS for name in names}


if __name__ == "__main__":
    PAGE.write_text(render_page(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
