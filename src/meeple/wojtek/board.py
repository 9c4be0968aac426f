"""Miś Wojtek's boards as data: the built-in one, custom ones given as `BoardSpec`,
and the validated tables (`Board`) the rules read.

A board option is a built-in board's name or a `BoardSpec`; never a path. A board
that breaks a fact of the rulebook (one deportation site per colour, every route
reaching Edinburgh through the cities in order) is refused with `BoardError`
naming the problem.
"""

from __future__ import annotations

import json
from functools import cache
from functools import lru_cache
from pathlib import Path
from typing import Any
from typing import Final

import attrs

from meeple.core.files import UnreadableFileError
from meeple.core.files import read_capped

from .components import CITIES
from .components import COLOURS
from .components import EDINBURGH_CITY
from .components import NUM_COLOURS
from .components import read_data_json

__all__ = [
    "BOARD_FILES",
    "DEFAULT_BOARD",
    "MAX_SPACES",
    "Board",
    "BoardError",
    "BoardSpec",
    "SpaceSpec",
    "load_board",
    "read_board_file",
]


class BoardError(ValueError):
    """A board file that cannot be played on; the message says which check failed."""


_KINDS = ("start", "deportation", "route", "city", "finish")


@attrs.frozen
class Board:
    """A board as tables of ints; built only by `load_board`, which validates it."""

    name: str
    """The board's name (``standard`` for the built-in one)."""
    ids: tuple[str, ...]
    """Space id strings, indexed by space number."""
    titles: tuple[str, ...]
    """Display name of each space (its id when it has no name)."""
    kinds: tuple[str, ...]
    """``start``, ``deportation``, ``route``, ``city`` or ``finish`` per space."""
    colours: tuple[int, ...]
    """Colour id of each space; -1 for Poland and Edinburgh."""
    next: tuple[int, ...]
    """The space each arrow leads to; -1 for Poland and Edinburgh."""
    start: int
    """Poland."""
    finish: int
    """Edinburgh."""
    sites: tuple[int, ...]
    """The deportation site of each colour."""
    city_of: tuple[int, ...]
    """City card id of each space, -1 where there is no city."""
    ahead: tuple[tuple[int, ...], ...]
    """Every space in front of a space, nearest first, Edinburgh last."""
    colour_ahead: tuple[tuple[tuple[int, ...], ...], ...]
    """Per space and colour: the spaces of that colour in front, nearest first."""
    shared: frozenset[int]
    """Spaces that hold any number of pawns: Poland, deportation sites, Edinburgh."""
    main_route: tuple[int, ...]
    """Buzuluk to Edinburgh, the part every pawn travels (for rendering)."""


def _build_board(doc: Any, origin: str) -> Board:
    def fail(why: str) -> BoardError:
        return BoardError(f"wojtek board {origin}: {why}")

    if not isinstance(doc, dict) or not isinstance(doc.get("spaces"), list):
        raise fail("expected an object with a list of spaces")
    raw = doc["spaces"]
    ids: list[str] = []
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != {"id", "kind", "name", "colour", "next"}:
            raise fail(f"each space needs exactly id, kind, name, colour, next: {entry!r}")
        if not isinstance(entry["id"], str):
            raise fail(f"space id must be text: {entry!r}")
        if entry["name"] is not None and not isinstance(entry["name"], str):
            raise fail(f"space name must be text or null: {entry!r}")
        ids.append(entry["id"])
    if len(set(ids)) != len(ids):
        raise fail("space ids repeat")
    index = {sid: i for i, sid in enumerate(ids)}
    kinds = tuple(e["kind"] for e in raw)
    for sid, kind in zip(ids, kinds, strict=True):
        if kind not in _KINDS:
            raise fail(f"space {sid!r} has unknown kind {kind!r} (use one of {_KINDS})")
    colours: list[int] = []
    nexts: list[int] = []
    for entry in raw:
        sid, kind, colour, nxt = entry["id"], entry["kind"], entry["colour"], entry["next"]
        if kind in ("start", "finish"):
            if colour is not None or nxt is not None:
                raise fail(f"{kind} space {sid!r} has no colour and no next space")
            colours.append(-1)
            nexts.append(-1)
            continue
        if colour not in COLOURS:
            raise fail(f"space {sid!r} has colour {colour!r}, not one of {COLOURS}")
        if nxt not in index:
            raise fail(f"space {sid!r} leads to {nxt!r}, which is not a space (dead end)")
        colours.append(COLOURS.index(colour))
        nexts.append(index[nxt])
    starts = [i for i, k in enumerate(kinds) if k == "start"]
    finishes = [i for i, k in enumerate(kinds) if k == "finish"]
    if len(starts) != 1 or len(finishes) != 1:
        raise fail("needs exactly one start space (Poland) and one finish (Edinburgh)")
    start, finish = starts[0], finishes[0]
    if raw[finish]["name"] != "Edinburgh":
        raise fail("the finish space must be named Edinburgh")
    sites = [i for i, k in enumerate(kinds) if k == "deportation"]
    site_colours = sorted(colours[i] for i in sites)
    if site_colours != list(range(NUM_COLOURS)):
        raise fail("needs exactly one deportation site of each of the 7 colours")
    by_colour = [0] * NUM_COLOURS
    for i in sites:
        by_colour[colours[i]] = i
    targets = {n for n in nexts if n >= 0}
    for i in (start, *sites):
        if i in targets:
            raise fail(f"no arrow may lead back into {ids[i]!r}")
    # Paths: each space's path forward must reach Edinburgh without a loop.
    ahead: list[tuple[int, ...]] = []
    for i in range(len(ids)):
        path: list[int] = []
        on_path: set[int] = set()  # a set: a 400-space board is checked in milliseconds
        at = nexts[i]
        while at >= 0:
            if at in on_path:
                raise fail(f"the arrows from {ids[i]!r} run in a circle")
            path.append(at)
            on_path.add(at)
            at = nexts[at]
        if i not in (start, finish) and (not path or path[-1] != finish):
            raise fail(f"the arrows from {ids[i]!r} do not reach Edinburgh")
        ahead.append(tuple(path))
    reached = {s for i in sites for s in ahead[i]} | set(sites) | {start}
    for i, sid in enumerate(ids):
        if i not in reached:
            raise fail(f"space {sid!r} cannot be reached from any deportation site")
    # Cities: named city spaces, visited in the order of the city cards by every path.
    city_of = [-1] * len(ids)
    city_of[finish] = EDINBURGH_CITY
    for i, entry in enumerate(raw):
        if kinds[i] == "city":
            if entry["name"] not in CITIES[:-1]:
                raise fail(f"city space {ids[i]!r} must be named one of {CITIES[:-1]}")
            if CITIES.index(entry["name"]) in city_of:
                raise fail(f"city {entry['name']!r} appears twice")
            city_of[i] = CITIES.index(entry["name"])
    for site in sites:
        order = [city_of[s] for s in ahead[site] if city_of[s] >= 0]
        if order != list(range(len(CITIES))):
            raise fail(
                f"the route from {ids[site]!r} must pass every city in order "
                f"{', '.join(CITIES)}; it passes {[CITIES[c] for c in order]}"
            )
        seen = {colours[s] for s in ahead[site] if s != finish}
        if len(seen) != NUM_COLOURS:
            raise fail(f"not every colour appears on the route ahead of {ids[site]!r}")
    buzuluk = city_of.index(0)
    colour_ahead = tuple(
        tuple(tuple(s for s in path if colours[s] == c) for c in range(NUM_COLOURS))
        for path in ahead
    )
    titles = tuple(e["name"] if e["name"] else e["id"] for e in raw)
    name = doc.get("name", origin)
    if not isinstance(name, str):
        raise fail("the board name must be text")
    return Board(
        name=name,
        ids=tuple(ids),
        titles=titles,
        kinds=kinds,
        colours=tuple(colours),
        next=tuple(nexts),
        start=start,
        finish=finish,
        sites=tuple(by_colour),
        city_of=tuple(city_of),
        ahead=tuple(ahead),
        colour_ahead=colour_ahead,
        shared=frozenset((start, finish, *sites)),
        main_route=(buzuluk, *ahead[buzuluk]),
    )


DEFAULT_BOARD = "standard"
"""The board shipped with meeple (designed by us; see docs/rules/wojtek.md)."""

BOARD_FILES: Final = {"standard": "board_standard.json"}
"""Built-in boards by name. A board option is a name from here or a `BoardSpec`:
data, never a path (a program that keeps a board in a file reads it with
`read_board_file`, the CLI with ``board=@FILE``)."""

MAX_SPACES: Final = 400
"""Most spaces a board may have (the standard board has 74)."""
MAX_BOARD_BYTES: Final = 256_000
"""Largest board file `read_board_file` reads."""
_MAX_TEXT: Final = 60


def _short_text(_: Any, attribute: Any, value: Any) -> None:
    if value is not None and (not isinstance(value, str) or not 0 < len(value) <= _MAX_TEXT):
        raise ValueError(
            f"{attribute.name} must be text of 1-{_MAX_TEXT} characters, not {value!r}"
        )


@attrs.frozen
class SpaceSpec:
    """One space of a board given as data (the schema of ``data/board_standard.json``)."""

    id: str = attrs.field(validator=_short_text)
    """Unique id, referred to by other spaces' ``next``."""
    kind: str = attrs.field(validator=lambda _, __, value: _check_kind(value))
    """``start``, ``deportation``, ``route``, ``city`` or ``finish``."""
    name: str | None = attrs.field(default=None, validator=_short_text)
    """Display name (cities and Edinburgh must carry theirs)."""
    colour: str | None = attrs.field(default=None, validator=_short_text)
    """The space's colour; none for Poland and Edinburgh."""
    next: str | None = attrs.field(default=None, validator=_short_text)
    """The id the space's arrow leads to; none for Poland and Edinburgh."""


def _check_kind(value: Any) -> None:
    if value not in _KINDS:
        raise ValueError(f"space kind {value!r} is an unknown kind (use one of {_KINDS})")


def _spaces(_: Any, __: Any, value: tuple[SpaceSpec, ...]) -> None:
    if not 1 <= len(value) <= MAX_SPACES:
        raise ValueError(f"a board has 1-{MAX_SPACES} spaces, not {len(value)}")


@attrs.frozen
class BoardSpec:
    """A custom board as data: what the ``board`` option holds when it is not a name.

    Stored inline in the options (and so in every record and state), so a game on a
    custom board replays anywhere. Checked when built: sizes here, the rulebook's
    facts (a site per colour, every route through the cities in order) when used.
    """

    name: str = attrs.field(validator=_short_text)
    """The board's name, for people."""
    spaces: tuple[SpaceSpec, ...] = attrs.field(validator=_spaces)
    """Every space."""

    def to_doc(self) -> dict[str, Any]:
        """The board in the JSON schema of ``data/board_standard.json``."""
        return {"name": self.name, "spaces": [attrs.asdict(space) for space in self.spaces]}

    @classmethod
    def from_doc(cls, doc: Any) -> BoardSpec:
        """A spec from a parsed board document; BoardError names what is wrong."""
        if not isinstance(doc, dict) or not isinstance(doc.get("spaces"), list):
            raise BoardError("wojtek board: expected an object with a list of spaces")
        spaces = doc["spaces"]
        if len(spaces) > MAX_SPACES:
            raise BoardError(f"wojtek board: at most {MAX_SPACES} spaces, not {len(spaces)}")
        try:
            built = []
            for entry in spaces:
                if not isinstance(entry, dict) or set(entry) != {
                    "id",
                    "kind",
                    "name",
                    "colour",
                    "next",
                }:
                    raise BoardError(
                        "wojtek board: each space needs exactly id, kind, name, colour, "
                        f"next: {entry!r}"
                    )
                built.append(SpaceSpec(**entry))
            return cls(doc.get("name", "custom"), tuple(built))
        except (TypeError, ValueError) as err:
            if isinstance(err, BoardError):
                raise
            raise BoardError(f"wojtek board: {err}") from None


def read_board_file(path: str | Path, *, max_bytes: int = MAX_BOARD_BYTES) -> BoardSpec:
    """A board kept in a JSON file, read by the calling program (never by an option).

    Reads at most `max_bytes` (a larger file is refused before it is parsed) from a
    regular file only (no device, pipe or directory), then checks it like any board.
    """
    try:
        data = read_capped(path, max_bytes)
    except UnreadableFileError as err:
        raise BoardError(f"wojtek board file {str(path)!r} {err}") from None
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise BoardError(f"wojtek board file {str(path)!r} is not JSON text: {err}") from None
    spec = BoardSpec.from_doc(doc)
    load_board(spec)  # the rulebook's facts, checked now rather than at the first move
    return spec


# asked at most steps of the rules: a hit is one C call (a refusal is not kept); the
# one memo of a custom board (a named board's file is read once, by `_named_board`)
@lru_cache(maxsize=64)
def load_board(board: str | BoardSpec = DEFAULT_BOARD) -> Board:
    """The built-in board of that name, or the board a `BoardSpec` describes, validated.

    Never reads a path: a name that is not built in is refused. Cached, so rules
    can look a board up on every step.
    """
    if isinstance(board, BoardSpec):
        return _custom_board(board)
    file = BOARD_FILES.get(board) if isinstance(board, str) else None
    if file is None:
        raise BoardError(
            f"wojtek board {board!r} is not a built-in board (built in: "
            f"{', '.join(BOARD_FILES)}); a custom board is data, see BoardSpec"
        )
    return _named_board(board)


@cache
def _named_board(name: str) -> Board:
    return _build_board(read_data_json(BOARD_FILES[name]), name)


def _custom_board(spec: BoardSpec) -> Board:
    return _build_board(spec.to_doc(), repr(spec.name))
