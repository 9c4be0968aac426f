"""Whether an optional extra is installed, and what to paste to install it for the
way this meeple was installed.

A person who installed meeple from a clone (``pip install -e .``) gets back the
command that works in that clone, not one that asks an index for a package of
that name.
"""

from __future__ import annotations

import importlib.util
import json
import shlex
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote
from urllib.parse import urlparse

import attrs

__all__ = ["EXTRA_MODULES", "Installed", "has_extra", "install_hint", "installed_from"]

EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "rl": ("pettingzoo", "gymnasium", "numpy"),
    "openspiel": ("pyspiel",),
    "ray": ("ray",),
    "web": ("starlette", "uvicorn"),
    "plot": ("matplotlib",),
}
"""The modules each optional extra of pyproject.toml installs, by the extra's name."""


def has_extra(extra: str) -> bool:
    """Whether every module of `extra` (a key of `EXTRA_MODULES`) can be imported.

    The modules are found, not imported (``importlib.util.find_spec``), so asking
    costs nothing however large the package (importing ``ray`` takes seconds).
    """
    return all(_findable(module) for module in EXTRA_MODULES[extra])


def _findable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a module left without a spec in sys.modules
        return False


@attrs.frozen
class Installed:
    """Where the meeple package was installed from: a folder (a clone), or an index."""

    folder: Path | None
    """The clone's folder, or None for an install from an index or a wheel."""
    editable: bool = False


def installed_from(distribution: str = "meeple") -> Installed:
    """How `distribution` was installed, read from its ``direct_url.json`` (PEP 610)."""
    try:
        text = metadata.distribution(distribution).read_text("direct_url.json")
        found = json.loads(text) if text else {}
    except (metadata.PackageNotFoundError, ValueError):
        return Installed(None)
    if not isinstance(found, dict) or not isinstance(found.get("dir_info"), dict):
        return Installed(None)
    url = urlparse(str(found.get("url", "")))
    if url.scheme != "file":
        return Installed(None)
    return Installed(Path(unquote(url.path)), bool(found["dir_info"].get("editable")))


def install_hint(extra: str, source: Installed | None = None, here: Path | None = None) -> str:
    """The pip command that installs `extra`, ready to paste.

    From a clone: ``pip install -e '.[plot]'`` (the clone's path in place of ``.``
    when the current folder is not the clone); otherwise ``pip install 'meeple[plot]'``.
    """
    source = installed_from() if source is None else source
    if source.folder is None:
        return f"pip install {shlex.quote(f'meeple[{extra}]')}"
    where = "." if source.folder.resolve() == (here or Path.cwd()).resolve() else str(source.folder)
    flag = "-e " if source.editable else ""
    return f"pip install {flag}{shlex.quote(f'{where}[{extra}]')}"
