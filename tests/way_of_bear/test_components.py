"""The component data: what the rulebook fixes holds, and broken data is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from meeple.core import CorruptDataError
from meeple.way_of_bear.components import CAPACITY
from meeple.way_of_bear.components import CARDS
from meeple.way_of_bear.components import NEIGHBOURS
from meeple.way_of_bear.components import PART_P
from meeple.way_of_bear.components import TOKENS_IN_PLAY
from meeple.way_of_bear.components import load_board
from meeple.way_of_bear.components import load_cards
from meeple.way_of_bear.components import load_pieces

from ..shared import broken_data
from ..shared import shipped_data
from .helpers import COLOUR


@pytest.mark.rule("way_of_bear:components.board")
def test_board_facts() -> None:
    assert len(NEIGHBOURS) == 40
    assert sum(PART_P) == 8
    assert all(2 <= len(n) <= 4 for n in NEIGHBOURS)
    assert all(v in NEIGHBOURS[u] for v, ns in enumerate(NEIGHBOURS) for u in ns)


@pytest.mark.rule(
    "way_of_bear:components.tokens",
    "way_of_bear:components.player-boards",
    "way_of_bear:setup.table",
)
def test_tokens_fill_the_villages_in_play() -> None:
    assert sum(TOKENS_IN_PLAY[4]) == 36
    assert sum(TOKENS_IN_PLAY[3]) == sum(TOKENS_IN_PLAY[2]) == 28
    # one of each type with and one without a Dragon Seal is removed
    assert [a - b for a, b in zip(TOKENS_IN_PLAY[4], TOKENS_IN_PLAY[3], strict=True)] == [1] * 8
    assert CAPACITY == {2: 3, 3: 2, 4: 2}


def test_loaders_accept_the_shipped_data() -> None:
    load_board(shipped_data("way_of_bear", "board.json"))
    load_pieces(shipped_data("way_of_bear", "pieces.json"))
    assert len(load_cards(shipped_data("way_of_bear", "seal_cards.json"))) == 16


BROKEN = [
    pytest.param(load_board, "board.json", lambda d: d["villages"].pop(), id="board-short"),
    pytest.param(
        load_board,
        "board.json",
        lambda d: d.update(trails=[t for t in d["trails"] if "v01" not in t]),
        id="board-lonely-village",
    ),
    pytest.param(
        load_board,
        "board.json",
        lambda d: d["trails"].append(d["trails"][0]),
        id="board-trail-twice",
    ),
    pytest.param(
        load_board, "board.json", lambda d: d["villages"][39].update(part="main"), id="board-no-p"
    ),
    pytest.param(load_cards, "seal_cards.json", lambda d: d["cards"].pop(), id="cards-short"),
    pytest.param(
        load_cards,
        "seal_cards.json",
        lambda d: d["cards"][0]["effect"].update({"fly": 1}),
        id="cards-unknown-effect",
    ),
    pytest.param(
        load_cards,
        "seal_cards.json",
        lambda d: d["cards"][15].update({"effect": {"seals": 2}}),
        id="cards-hoard-effect",
    ),
    pytest.param(
        load_cards,
        "seal_cards.json",
        lambda d: d["cards"][9]["effect"].update({"action": "teleport"}),
        id="cards-unknown-action",
    ),
    pytest.param(
        load_cards,
        "seal_cards.json",
        lambda d: d["cards"][3].update({"kind": "C"}),
        id="cards-kind",
    ),
    pytest.param(
        load_cards,
        "seal_cards.json",
        lambda d: d["cards"][2].update({"back_seals": -1}),
        id="cards-negative-back",
    ),
]
"""A loader, the shipped file it reads, and a change that breaks the file."""


@pytest.mark.parametrize(("loader", "name", "change"), BROKEN)
def test_broken_data_is_refused(
    loader: Callable[[Any], object], name: str, change: Callable[[Any], object]
) -> None:
    with pytest.raises(CorruptDataError):
        loader(broken_data("way_of_bear", name, change))


def test_broken_pieces_are_refused() -> None:
    doc = shipped_data("way_of_bear", "pieces.json")
    doc["stele_colours"]["per_colour"] = 20
    with pytest.raises(CorruptDataError, match="84 steles"):
        load_pieces(doc)


@pytest.mark.rule("way_of_bear:components.seal-cards")
def test_card_data_has_both_kinds_and_one_three_seal_card() -> None:
    assert len(CARDS) == 16
    assert {c.kind for c in CARDS} == {"A", "B", "seals"}
    assert [c.face_seals for c in CARDS if c.kind == "seals"] == [3]
    assert COLOUR["white"] == 3
