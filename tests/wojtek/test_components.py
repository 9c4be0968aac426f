"""Component data: the published counts, and board files checked when loaded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meeple.core import InvalidOptionsError, Match
from meeple.wojtek import GAME, Options
from meeple.wojtek.components import (
    BEAR_COUNTS,
    BEAR_NAMES,
    BEAR_TYPE_NAMES,
    CITIES,
    COLOUR_TITLES,
    PAWNS,
    TRAVEL_COUNTS,
    BoardError,
    load_board,
)

STANDARD = Path(__file__).parents[2] / "src" / "meeple" / "wojtek" / "data" / "board_standard.json"


def test_published_card_counts() -> None:
    assert sum(TRAVEL_COUNTS) == 55
    assert TRAVEL_COUNTS == (7,) * 7 + (6,)
    assert sum(BEAR_COUNTS) == 104
    assert BEAR_COUNTS[-1] == 8
    assert BEAR_TYPE_NAMES == ("food", "fun", "emblems", "flags")
    assert CITIES == ("Buzuluk", "Tehran", "Alexandria", "Monte Cassino", "Bologna", "Edinburgh")
    assert PAWNS == ("silver", "white", "dark brown", "light brown", "black")
    for named in ("corned beef", "fruits and honey", "flag of scotland"):
        assert named in BEAR_NAMES
    for named in ("light green", "blue", "yellow", "violet"):
        assert named in COLOUR_TITLES


def test_standard_board_shape() -> None:
    board = load_board()
    assert len(board.sites) == 7
    assert board.titles[board.sites[COLOUR_TITLES.index("light green")]] == "Uzbekistan"
    route = [board.titles[s] for s in board.main_route if board.city_of[s] >= 0]
    assert route == list(CITIES)
    # every colour recurs along the route: at least seven spaces of each
    colours = [board.colours[s] for s in board.main_route[:-1]]
    assert all(colours.count(c) >= 7 for c in range(7))


def _doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(STANDARD.read_text(encoding="utf-8"))
    return doc


def _space(doc: dict[str, Any], sid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(s for s in doc["spaces"] if s["id"] == sid)
    return found


def _break_dead_end(doc: dict[str, Any]) -> None:
    _space(doc, "route-20")["next"] = "nowhere"


def _break_cycle(doc: dict[str, Any]) -> None:
    _space(doc, "route-20")["next"] = "route-10"


def _break_site(doc: dict[str, Any]) -> None:
    _space(doc, "site-pink")["colour"] = "red"


def _break_city_order(doc: dict[str, Any]) -> None:
    _space(doc, "route-11")["name"] = "Bologna"
    _space(doc, "route-46")["name"] = "Tehran"


def _break_colour(doc: dict[str, Any]) -> None:
    _space(doc, "route-5")["colour"] = "turquoise"


def _break_arrow_back(doc: dict[str, Any]) -> None:
    _space(doc, "route-3")["next"] = "site-red"


def _break_colour_missing(doc: dict[str, Any]) -> None:
    for entry in doc["spaces"]:
        if entry["colour"] == "pink" and entry["kind"] != "deportation":
            entry["colour"] = "red"


def _break_kind(doc: dict[str, Any]) -> None:
    _space(doc, "route-7")["kind"] = "swamp"


@pytest.mark.parametrize(
    ("breaker", "message"),
    [
        (_break_dead_end, "dead end"),
        (_break_cycle, "circle"),
        (_break_site, "one deportation site of each"),
        (_break_city_order, "every city in order"),
        (_break_colour, "turquoise"),
        (_break_arrow_back, "back into"),
        (_break_colour_missing, "not every colour"),
        (_break_kind, "unknown kind"),
    ],
)
def test_broken_boards_are_refused(tmp_path: Path, breaker: Any, message: str) -> None:
    doc = _doc()
    breaker(doc)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(BoardError, match=message):
        load_board(str(path))
    with pytest.raises(InvalidOptionsError, match=message):
        Match(GAME, 2, seed=1, board=str(path))


def test_another_board_file_can_be_played(tmp_path: Path) -> None:
    doc = _doc()
    doc["name"] = "shorter"
    # Cut the route short: Bologna's successor leads straight to Edinburgh.
    _space(doc, "route-46")["next"] = "edinburgh"
    doc["spaces"] = [
        s for s in doc["spaces"] if s["id"] not in [f"route-{i}" for i in range(47, 56)]
    ]
    path = tmp_path / "shorter.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    options = Options(board=str(path))
    assert load_board(options.board).name == "shorter"
    state = GAME.start(3, seed=4, options=options)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.outcome().final
