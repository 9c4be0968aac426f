"""A new plugin package from templates: what ``meeple new-game NAME`` writes.

The package has the shape of every built-in game (one module per job, the same
names), plays a tiny stand-in game with chance and hidden information, and passes
the conformance kit as written. The templates live in ``template/`` beside this
module, as package data: a file's path mirrors the path it is written to, with the
folder ``PACKAGE`` standing for the package's name and ``.tmpl`` dropped from the
end. Inside, ``{{key}}`` stands for one of the `Names` fields and nothing else is
touched (the templates are not valid Python until filled in, hence ``.tmpl``: no
linter or test runner of meeple reads them as code).

Everything is checked before anything is written: a refusal writes nothing.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
from collections.abc import Iterable
from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import attrs

from ..core.errors import MeepleError

__all__ = ["Names", "ScaffoldError", "names_for", "render_templates", "write_game"]

MAX_NAME = 30
"""Longest game name: generated lines stay within 100 characters."""
MAX_TITLE = 60
"""Longest title, for the same reason."""

_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*\Z")
_TITLE_PUNCTUATION = frozenset(" -'.,!&:()")
_PLACEHOLDER = re.compile(r"\{\{([a-z_]+)\}\}")
_SUFFIX = ".tmpl"
_PACKAGE_FOLDER = "PACKAGE"


class ScaffoldError(MeepleError, ValueError):
    """A game that cannot be written as asked; the message says what to change."""


@attrs.frozen
class Names:
    """Every name a template fills in, derived from the game's name and title."""

    name: str
    """The registry name (``spec.name`` and the entry point), e.g. ``high_card``."""
    title: str
    """The human title, e.g. ``High card``."""
    package: str
    """The import package, ``meeple_<name>``."""
    distribution: str
    """The distribution ``pip`` installs, ``meeple-<name>`` with hyphens."""
    class_name: str
    """The Game class, ``HighCardGame``."""
    meeple_requirement: str
    """The dependency on meeple, at least the version that wrote the package."""


def _requirement() -> str:
    from .. import __version__

    return "meeple" if "unknown" in __version__ else f"meeple>={__version__}"


def _check_title(title: str) -> str:
    if not 1 <= len(title) <= MAX_TITLE:
        raise ScaffoldError(f"the title must be 1 to {MAX_TITLE} characters, not {len(title)}")
    odd = sorted({c for c in title if not c.isalnum() and c not in _TITLE_PUNCTUATION})
    if odd or not title[0].isalnum() or title != title.strip():
        shown = " ".join(repr(c) for c in odd) or "spaces at an end, or a first sign"
        raise ScaffoldError(
            f"the title {title!r} has {shown}: use letters, digits, spaces and - ' . , ! & : ( ), "
            "starting with a letter or digit"
        )
    return title


def names_for(name: str, title: str | None = None) -> Names:
    """The names of a game called `name`; ScaffoldError if `name` or `title` will not do."""
    if len(name) > MAX_NAME or not _NAME.match(name):
        raise ScaffoldError(
            f"{name!r} will not do as a game name: use lower-case words of letters and "
            f"digits joined by single underscores, starting with a letter, at most "
            f"{MAX_NAME} characters (like high_card)"
        )
    words = name.split("_")
    camel = "".join(word.capitalize() for word in words)
    return Names(
        name=name,
        title=_check_title(" ".join(words).capitalize() if title is None else title),
        package=f"meeple_{name}",
        distribution=f"meeple-{name.replace('_', '-')}",
        class_name=camel if camel.endswith("Game") else f"{camel}Game",
        meeple_requirement=_requirement(),
    )


def _templates(
    folder: Traversable, at: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], str]]:
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.is_dir():
            yield from _templates(item, (*at, item.name))
        elif item.name.endswith(_SUFFIX):
            yield (*at, item.name.removesuffix(_SUFFIX)), item.read_text(encoding="utf-8")


def _fill(text: str, names: Names, where: str) -> str:
    values = attrs.asdict(names)

    def one(match: re.Match[str]) -> str:
        key = match[1]
        if key not in values:
            raise ScaffoldError(f"template {where} names an unknown placeholder {match[0]}")
        return str(values[key])

    return _PLACEHOLDER.sub(one, text)


def render_templates(names: Names) -> dict[Path, str]:
    """Each file of the new package (path relative to its folder) and its text."""
    files: dict[Path, str] = {}
    for parts, text in _templates(resources.files(__package__).joinpath("template")):
        where = "/".join(parts)
        path = Path(*(names.package if p == _PACKAGE_FOLDER else p for p in parts))
        files[path] = _fill(text, names, where)
    return files


def _refuse_taken(names: Names, taken: Iterable[str]) -> None:
    if names.name in set(taken):
        raise ScaffoldError(
            f"a game named {names.name!r} is already installed (see `meeple games`): "
            "pick another name"
        )
    if importlib.util.find_spec(names.package) is not None:
        raise ScaffoldError(
            f"a module named {names.package!r} can already be imported here: pick another "
            "name, or uninstall that package first"
        )


def write_game(
    name: str,
    into: Path,
    title: str | None = None,
    *,
    taken: Iterable[str] = (),
    folder: Path | None = None,
) -> tuple[Path, tuple[Path, ...]]:
    """Write the package of a new game `name` as ``into/name`` (or in `folder`); its
    folder and files.

    `taken`: game names already registered (the CLI passes the registry's).
    `folder`: the package's own folder, when it is not ``into/name``: a new folder in
    an existing one, or an existing folder holding nothing but hidden entries (a fresh
    clone's ``.git``). Refused with ScaffoldError, writing nothing, if the name or
    title will not do, the name or its package is taken, `into` is not a folder, or
    the package's folder exists (or, for `folder`, holds anything but hidden entries).
    """
    names = names_for(name, title)
    _refuse_taken(names, taken)
    target = _target(into / name if folder is None else folder, named=folder is not None)
    files = render_templates(names)
    made = not target.exists()
    target.mkdir(exist_ok=not made)  # a new folder: exclusive, fails if made since the check
    try:
        for path, text in files.items():
            (target / path).parent.mkdir(parents=True, exist_ok=True)
            with (target / path).open("x", encoding="utf-8", newline="\n") as handle:
                handle.write(text)  # "x": never over a file that appeared since the check
    except BaseException:
        _undo(target, made)
        raise
    return target, tuple(target / path for path in files)


def _target(target: Path, *, named: bool) -> Path:
    """The package's folder, if it may be written: refused when its parent is not a
    folder or it exists (an existing `named` folder may hold hidden entries only)."""
    if not target.parent.is_dir():
        raise ScaffoldError(
            f"{str(target.parent)!r} is not a folder: create it first, or pick another"
        )
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise ScaffoldError(f"{str(target)!r} already exists: pick another name or folder")
    if target.exists():
        shown = sorted(p.name for p in target.iterdir() if not p.name.startswith("."))
        if not named or shown:
            held = f" (it holds {', '.join(shown[:3])}{', ...' if len(shown) > 3 else ''})"
            raise ScaffoldError(
                f"{str(target)!r} already exists{held if shown else ''}: pick another "
                "name or folder"
            )
    return target


def _undo(target: Path, made: bool) -> None:
    """Take back a write that failed half way: the whole folder if we made it, else
    everything in it but its hidden entries (it held nothing else before)."""
    if made:
        shutil.rmtree(target, ignore_errors=True)  # ours alone: it did not exist before
        return
    for entry in target.iterdir():
        if not entry.name.startswith("."):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
