"""A Miś Wojtek board's validated tables (`Board`) and the checks that build them.

`build_board` reads a board document (the built-in board's data file, or a custom
`meeple.wojtek.board.BoardSpec` as a document) and refuses one that breaks a fact of
the rulebook with `BoardError` naming the problem; `meeple.wojtek.board` loads and
caches boards by name or spec.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import Final

import attrs

from .components import CITIES
from .components import COLOURS
from .components import EDINBURGH_CITY
from .components import NUM_COLOURS

__all__ = ["SPACE_KINDS", "Board", "BoardError", "build_board"]


class BoardError(ValueError):
    """A board file that cannot be played on; the message says which check failed."""


SPACE_KINDS: Final = ("start", "deportation", "route", "city", "finish")
"""What a space may be."""


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


def build_board(doc: Any, origin: str) -> Board:
    """The tables of a board document, after every check of the rulebook's facts, in
    this order: the spaces' shape, their colours and arrows, Poland and Edinburgh,
    the deportation sites, every path forward, the cities along each route."""

    def fail(why: str) -> BoardError:
        return BoardError(f"wojtek board {origin}: {why}")

    if not isinstance(doc, dict) or not isinstance(doc.get("spaces"), list):
        raise fail("expected an object with a list of spaces")
    raw = doc["spaces"]
    ids = _space_ids(raw, fail)
    kinds = tuple(e["kind"] for e in raw)
    for sid, kind in zip(ids, kinds, strict=True):
        if kind not in SPACE_KINDS:
            raise fail(f"space {sid!r} has unknown kind {kind!r} (use one of {SPACE_KINDS})")
    colours, nexts = _colours_and_arrows(raw, {sid: i for i, sid in enumerate(ids)}, fail)
    start, finish = _ends(raw, kinds, fail)
    sites = [i for i, k in enumerate(kinds) if k == "deportation"]
    by_colour = _site_of_each_colour(ids, colours, nexts, sites, start, fail)
    ahead = _paths_ahead(ids, nexts, start, finish, sites, fail)
    city_of = _cities(raw, ids, kinds, finish, fail)
    _check_routes(ids, colours, ahead, city_of, sites, finish, fail)
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


_Fail = Callable[[str], BoardError]
"""Makes the error for one failed check, naming the board."""


def _space_ids(raw: list[Any], fail: _Fail) -> list[str]:
    """Each space's id, once every space has exactly the five fields and ids repeat not."""
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
    return ids


def _colours_and_arrows(
    raw: list[Any], index: dict[str, int], fail: _Fail
) -> tuple[list[int], list[int]]:
    """Each space's colour id and the space its arrow leads to (-1 for both ends)."""
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
    return colours, nexts


def _ends(raw: list[Any], kinds: tuple[str, ...], fail: _Fail) -> tuple[int, int]:
    """Poland and Edinburgh: exactly one of each, the finish named Edinburgh."""
    starts = [i for i, k in enumerate(kinds) if k == "start"]
    finishes = [i for i, k in enumerate(kinds) if k == "finish"]
    if len(starts) != 1 or len(finishes) != 1:
        raise fail("needs exactly one start space (Poland) and one finish (Edinburgh)")
    if raw[finishes[0]]["name"] != "Edinburgh":
        raise fail("the finish space must be named Edinburgh")
    return starts[0], finishes[0]


def _site_of_each_colour(
    ids: list[str],
    colours: list[int],
    nexts: list[int],
    sites: list[int],
    start: int,
    fail: _Fail,
) -> list[int]:
    """The deportation site of each colour (one each), none of them entered by an arrow."""
    if sorted(colours[i] for i in sites) != list(range(NUM_COLOURS)):
        raise fail("needs exactly one deportation site of each of the 7 colours")
    by_colour = [0] * NUM_COLOURS
    for i in sites:
        by_colour[colours[i]] = i
    targets = {n for n in nexts if n >= 0}
    for i in (start, *sites):
        if i in targets:
            raise fail(f"no arrow may lead back into {ids[i]!r}")
    return by_colour


def _paths_ahead(
    ids: list[str], nexts: list[int], start: int, finish: int, sites: list[int], fail: _Fail
) -> list[tuple[int, ...]]:
    """Each space's path forward, which must reach Edinburgh without a loop; and every
    space must lie ahead of some deportation site."""
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
    return ahead


def _cities(
    raw: list[Any], ids: list[str], kinds: tuple[str, ...], finish: int, fail: _Fail
) -> list[int]:
    """The city card of each space (-1 where none): named city spaces, each city once."""
    city_of = [-1] * len(ids)
    city_of[finish] = EDINBURGH_CITY
    for i, entry in enumerate(raw):
        if kinds[i] == "city":
            if entry["name"] not in CITIES[:-1]:
                raise fail(f"city space {ids[i]!r} must be named one of {CITIES[:-1]}")
            if CITIES.index(entry["name"]) in city_of:
                raise fail(f"city {entry['name']!r} appears twice")
            city_of[i] = CITIES.index(entry["name"])
    return city_of


def _check_routes(
    ids: list[str],
    colours: list[int],
    ahead: list[tuple[int, ...]],
    city_of: list[int],
    sites: list[int],
    finish: int,
    fail: _Fail,
) -> None:
    """Every route from a deportation site passes every city in order and every colour."""
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
