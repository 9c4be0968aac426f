"""Component data: the published counts, and board files checked when loaded."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import meeple
from meeple.core import InvalidOptionsError
from meeple.core import Match
from meeple.wojtek import GAME
from meeple.wojtek import Options
from meeple.wojtek.board import MAX_SPACES
from meeple.wojtek.board import BoardError
from meeple.wojtek.board import load_board
from meeple.wojtek.board import read_board_file
from meeple.wojtek.components import BEAR_COUNTS
from meeple.wojtek.components import BEAR_NAMES
from meeple.wojtek.components import BEAR_TYPE_NAMES
from meeple.wojtek.components import CITIES
from meeple.wojtek.components import COLOUR_TITLES
from meeple.wojtek.components import PAWNS
from meeple.wojtek.components import TRAVEL_COUNTS

from .board_files import Doc
from .board_files import board_file
from .board_files import entry
from .board_files import shorter_board
from .board_files import standard_board


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


def _setting(*changes: tuple[str, str, str]) -> Callable[[Doc], None]:
    """A change of a board file that sets (space id, field, value) for each of `changes`."""

    def change(doc: Doc) -> None:
        for sid, field, value in changes:
            entry(doc, sid)[field] = value

    return change


def _no_pink_route_space(doc: Doc) -> None:
    for space in doc["spaces"]:
        if space["colour"] == "pink" and space["kind"] != "deportation":
            space["colour"] = "red"


@pytest.mark.rule("wojtek:board.checks")
@pytest.mark.parametrize(
    ("breaker", "message"),
    [
        (_setting(("route-20", "next", "nowhere")), "dead end"),
        (_setting(("route-20", "next", "route-10")), "circle"),
        (_setting(("site-pink", "colour", "red")), "one deportation site of each"),
        (
            _setting(("route-11", "name", "Bologna"), ("route-46", "name", "Tehran")),
            "every city in order",
        ),
        (_setting(("route-5", "colour", "turquoise")), "turquoise"),
        (_setting(("route-3", "next", "site-red")), "back into"),
        (_no_pink_route_space, "not every colour"),
        (_setting(("route-7", "kind", "swamp")), "unknown kind"),
    ],
)
def test_broken_boards_are_refused(
    tmp_path: Path, breaker: Callable[[Doc], None], message: str
) -> None:
    doc = standard_board()
    breaker(doc)
    with pytest.raises(BoardError, match=message):
        read_board_file(board_file(tmp_path, doc))
    with pytest.raises(InvalidOptionsError, match=message):
        Match(GAME, 2, seed=1, board={k: v for k, v in doc.items() if k != "_source"})


@pytest.mark.rule("wojtek:board.checks")
def test_another_board_file_can_be_played(tmp_path: Path) -> None:
    options = Options(board=read_board_file(board_file(tmp_path, shorter_board())))
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
    big.write_text(" " * 2000 + json.dumps(standard_board()), encoding="utf-8")
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
    doc = standard_board()
    doc["name"] = "renamed"
    path = board_file(tmp_path, doc)
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
