"""Facts several test modules share, kept in one place so they cannot drift apart."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any
from typing import Final
from typing import TypeVar

import pytest

from meeple.core import GameSpec
from meeple.core.protocols import Game
from meeple.core.protocols import State
from meeple.testing import random_playout

S = TypeVar("S")
St = TypeVar("St", bound=State)

BUILT_IN: Final = ("bear_mountain", "way_of_bear", "wojtek", "wypas")
"""The four games this package registers."""

ROOT: Final = Path(__file__).resolve().parent.parent
"""The repository's root folder."""

COLOUR_SETTINGS: Final = (
    "NO_COLOR",
    "FORCE_COLOR",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "COLORTERM",
)
"""Environment variables that decide whether the CLI prints colour (Rich reads them all):
no test takes them from the machine (tests/conftest.py clears them)."""

CHROMIUM_SOCKET_NAME: Final = len("/org.chromium.Chromium.XXXXXX/SingletonSocket")
"""How much Chromium adds to its temporary folder for the Unix socket it keeps there."""


def chromium_env() -> dict[str, str | float | bool]:
    """The environment to launch Chromium in (Playwright's ``env``): this one, with the
    POSIX temporary folder as ``TMPDIR`` when the system's is too long for Chromium's
    socket, or not ASCII (under a deep ``TMPDIR`` Chromium stops at once, "Socket path
    too long"). The browser tests then run wherever the temporary folder is."""
    from meeple.sim.batch import SOCKET_PATH_MAX

    temp = tempfile.gettempdir()
    if len(temp.encode()) + CHROMIUM_SOCKET_NAME <= SOCKET_PATH_MAX and temp.isascii():
        return {**os.environ}
    return {**os.environ, "TMPDIR": "/tmp"}


SHORT_OPTIONS: Final[dict[str, dict[str, Any]]] = {"wypas": {"max_rounds": 3}}
"""Options that keep a game short in tests that play whole games through slow front
ends (a terminal, an adapter): Wypas between random players runs to its round limit."""


def option_flags(game: str) -> list[str]:
    """`SHORT_OPTIONS` of `game` as ``--option key=value`` command-line flags."""
    flags: list[str] = []
    for key, value in SHORT_OPTIONS.get(game, {}).items():
        flags += ["--option", f"{key}={value}"]
    return flags


def finished(game: Game[S], players: int, seed: int, options: Any = None) -> S:
    """The final state of a seeded random game (`meeple.testing.random_playout`), typed as
    the game's own states; fails the test if the game did not end."""
    final, _, _ = random_playout(game, players, seed, options)
    assert isinstance(final, game.state_type)
    assert final.is_over
    state: S = final
    return state


def shipped_data(game: str, name: str) -> Any:
    """A fresh parse of the data file `name` that package ``meeple.<game>`` ships, for a
    test to read or to break."""
    text = resources.files(f"meeple.{game}").joinpath("data", name).read_text("utf-8")
    return json.loads(text)


def broken_data(game: str, name: str, change: Callable[[Any], object]) -> Any:
    """`shipped_data` after `change` (a function that edits the document in place)."""
    doc = shipped_data(game, name)
    change(doc)
    return doc


def play(game: Game[St], state: St, *moves: str, player: int | None = None) -> St:
    """`state` after `moves`, written in `game`'s notation, each made by `player` (None: the
    only seat to act). Each game's ``helpers.play`` is this with its game filled in."""
    for text in moves:
        state = state.apply(game.parse_action(text), player)
    return state


def texts(actions: Iterable[object]) -> list[str]:
    """The notation of each action, in order."""
    return [str(action) for action in actions]


def runs_at(
    actions: Sequence[object], documented: Mapping[int, Sequence[str]]
) -> dict[int, list[str]]:
    """The notation of `actions` at each index of `documented` (negative from the end), as
    many entries from there as it lists: a vocabulary test compares the whole map in one
    assertion, so that a failure shows every documented run that moved."""
    return {at: texts(actions[at:][: len(run)]) for at, run in documented.items()}


def spec_of_test_game(
    name: str,
    title: str,
    max_players: int,
    max_steps: Callable[[int], int],
    *,
    simultaneous: bool = False,
) -> GameSpec:
    """The spec of one of the core's own test games (`tests.toy_game`, `tests.nim_game`):
    two seats or more, rules version 1, and chance and hidden information both, so that
    the conformance kit checks the seeded deal and the views' secrets on each."""
    return GameSpec(
        name=name,
        title=title,
        min_players=2,
        max_players=max_players,
        rules_version="1",
        has_chance=True,
        hidden_information=True,
        max_steps=max_steps,
        simultaneous=simultaneous,
    )


def meeple_command() -> str:
    """The installed ``meeple`` console script, beside this Python's first."""
    found = shutil.which("meeple", path=os.path.dirname(sys.executable)) or shutil.which("meeple")
    assert found, "the meeple console script is not installed"
    return found


def heavy_but(names: Iterable[str], *kept: str) -> list[Any]:
    """`names` as parameters, each but `kept` marked ``heavy``: a long end-to-end test
    runs a game or two by default, and every game under `nox -s heavy` (`.ci/run` runs
    the first heavy case too)."""
    return [
        pytest.param(name) if name in kept else pytest.param(name, marks=pytest.mark.heavy)
        for name in names
    ]


_WORDS: Final = "zero one two three four five six seven eight nine ten eleven twelve"
NUMBER_WORDS: Final = {word: n for n, word in enumerate(_WORDS.split(" "))} | {
    "twenty": 20,
    "thirty": 30,
    "a hundred": 100,
}
"""How the docs write a small number in words."""


def number(said: str) -> int:
    """A number as the docs write it: in digits (``1,000`` too) or in words (`NUMBER_WORDS`)."""
    said = said.strip().lower()
    return int(said.replace(",", "")) if said[:1].isdigit() else NUMBER_WORDS[said]


def prose(page: str) -> str:
    """The text of `page` (a path from the repository's root: ``README.md``,
    ``docs/web.md``) with every run of white space one space, so that a test finds a
    sentence however its lines are wrapped."""
    return " ".join((ROOT / page).read_text(encoding="utf-8").split())


def says(page: str, pattern: str) -> re.Match[str]:
    """Where `page` (see `prose`) says `pattern`, a regular expression whose groups hold
    the numbers a test compares with the code; fails the test if the sentence is gone."""
    found = re.search(pattern, prose(page))
    assert found, f"{page} no longer says {pattern!r}: change the test with the page"
    return found


def doc_table(page: str, header: str, *, after: str | None = None) -> list[list[str]]:
    """The body rows of the Markdown table of `page` whose header row begins with
    `header` (such as ``"| option |"``), each row as its cells, stripped.

    The first such table, or with `after` the first below the first line that holds
    `after` (a heading or the sentence that leads in to the table), so that a page's
    later tables with the same header can be read too."""
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    begin = 0
    if after is not None:
        found = next((i for i, line in enumerate(lines) if after in line), None)
        assert found is not None, f"{page} no longer says {after!r}: change the test with the page"
        begin = found + 1
    start = next(
        (i for i, line in enumerate(lines) if i >= begin and line.startswith(header)), None
    )
    where = f" after {after!r}" if after is not None else ""
    assert start is not None, f"{page} has no table headed {header!r}{where}"
    rows: list[list[str]] = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def declared_options(command: str) -> dict[str, Any]:
    """Each option of the real ``meeple`` `command`, as its command object declares it
    (not its ``--help``, which wraps with the width), with its default."""
    import typer.core
    import typer.main

    from meeple.cli.app import app

    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    return {param.opts[0]: param.default for param in group.commands[command].params}
