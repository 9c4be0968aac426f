"""Component data: the published counts, and board files checked when loaded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import InvalidOptionsError, Match
from meeple.wojtek import GAME, Options
from meeple.wojtek.board import MAX_SPACES, BoardError, load_board, read_board_file
from meeple.wojtek.components import (
    BEAR_COUNTS,
    BEAR_NAMES,
    BEAR_TYPE_NAMES,
    CITIES,
    COLOUR_TITLES,
    PAWNS,
    TRAVEL_COUNTS,
)

STANDARD = Path(__file__).parents[2] / "src" / "meeple" / "wojtek" / "data" / "board_standard.json"


@pytest.mark.rule("wojtek:components.counts")
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


@pytest.mark.rule("wojtek:data.board")
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


@pytest.mark.rule("wojtek:board.checks")
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
        read_board_file(path)
    with pytest.raises(InvalidOptionsError, match=message):
        Match(GAME, 2, seed=1, board={k: v for k, v in doc.items() if k != "_source"})


@pytest.mark.rule("wojtek:board.checks")
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
    options = Options(board=read_board_file(path))
    assert load_board(options.board).name == "shorter"
    state = GAME.start(3, seed=4, options=options)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.outcome().final


# -- a board option is data, never a path (issue 14, finding 1) -------------------------


@pytest.mark.parametrize(
    "where", ["/dev/zero", "/etc/passwd", "board_standard.json", "../data/board_standard.json"]
)
def test_a_board_option_never_names_a_file(where: str) -> None:
    with pytest.raises(InvalidOptionsError, match=r"is not a built-in board"):
        Match(GAME, 2, seed=1, board=where)
    with pytest.raises(BoardError, match=r"is not a built-in board"):
        load_board(where)


def test_a_loaded_state_or_record_cannot_name_a_file() -> None:
    state_doc = json.loads(meeple.dumps(GAME.start(2, seed=1)))
    state_doc["options"]["board"] = "/dev/zero"
    with pytest.raises(meeple.CorruptDataError, match=r"is not a built-in board"):
        meeple.loads(json.dumps(state_doc))
    record_doc = json.loads(meeple.dumps(Match(GAME, 2, seed=1).record()))
    record_doc["options"] = {"board": "/dev/zero"}
    with pytest.raises(meeple.CorruptDataError, match=r"is not a built-in board"):
        meeple.loads(json.dumps(record_doc)).replay()


def test_board_files_are_read_by_the_program_with_a_size_cap(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * 2000 + json.dumps(_doc()), encoding="utf-8")
    with pytest.raises(BoardError, match=r"larger than 1000 bytes"):
        read_board_file(big, max_bytes=1000)
    with pytest.raises(BoardError, match=r"not a regular file"):
        read_board_file(tmp_path)
    with pytest.raises(BoardError, match=r"not a regular file"):
        read_board_file("/dev/zero")
    (tmp_path / "junk.json").write_bytes(b"\xff\xfe")
    with pytest.raises(BoardError, match=r"not JSON text"):
        read_board_file(tmp_path / "junk.json")


def test_a_custom_board_is_stored_in_the_record_and_replays_anywhere(tmp_path: Path) -> None:
    doc = _doc()
    doc["name"] = "renamed"
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    match = Match(GAME, 3, seed=4, board=read_board_file(path))
    for _ in range(25):
        match.play(match.state.legal_actions()[0])
    text = meeple.dumps(match.record())
    path.unlink()  # the record needs no file
    replayed = meeple.loads(text).replay()
    assert replayed.state == match.state
    assert load_board(replayed.state.options.board).name == "renamed"
    assert meeple.loads(meeple.dumps(match.state)) == match.state


def test_oversized_boards_are_refused_as_data() -> None:
    space = {"id": "a", "kind": "route", "name": None, "colour": "red", "next": "a"}
    spaces = [dict(space, id=f"s{i}") for i in range(MAX_SPACES + 1)]
    with pytest.raises(InvalidOptionsError, match=rf"at most {MAX_SPACES} spaces|1-{MAX_SPACES}"):
        Match(GAME, 2, seed=1, board={"name": "huge", "spaces": spaces})
    with pytest.raises(InvalidOptionsError, match=r"1-60 characters"):
        Match(GAME, 2, seed=1, board={"name": "x" * 61, "spaces": [space]})
