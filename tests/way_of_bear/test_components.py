"""The component data: what the rulebook fixes holds, and broken data is refused."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from meeple.core import CorruptDataError
from meeple.way_of_bear.components import (
    CAPACITY,
    CARDS,
    NEIGHBOURS,
    PART_P,
    TOKENS_IN_PLAY,
    load_board,
    load_cards,
    load_pieces,
)

from .helpers import COLOUR


def _doc(name: str) -> Any:
    text = resources.files("meeple.way_of_bear").joinpath("data", name).read_text("utf-8")
    return json.loads(text)


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
    load_board(_doc("board.json"))
    load_pieces(_doc("pieces.json"))
    assert len(load_cards(_doc("seal_cards.json"))) == 16


def _broken_boards() -> list[Any]:
    good = _doc("board.json")
    out = []
    short = copy.deepcopy(good)
    short["villages"].pop()
    out.append(short)
    lonely = copy.deepcopy(good)
    lonely["trails"] = [t for t in lonely["trails"] if "v01" not in t]
    out.append(lonely)
    twice = copy.deepcopy(good)
    twice["trails"].append(twice["trails"][0])
    out.append(twice)
    no_p = copy.deepcopy(good)
    no_p["villages"][39]["part"] = "main"
    out.append(no_p)
    return out


@pytest.mark.parametrize("doc", _broken_boards())
def test_broken_boards_are_refused(doc: Any) -> None:
    with pytest.raises(CorruptDataError):
        load_board(doc)


def _broken_cards() -> list[Any]:
    good = _doc("seal_cards.json")
    out = []
    changes: tuple[Callable[[Any], object], ...] = (
        lambda d: d["cards"].pop(),
        lambda d: d["cards"][0]["effect"].update({"fly": 1}),
        lambda d: d["cards"][15].update({"effect": {"seals": 2}}),
        lambda d: d["cards"][9]["effect"].update({"action": "teleport"}),
        lambda d: d["cards"][3].update({"kind": "C"}),
        lambda d: d["cards"][2].update({"back_seals": -1}),
    )
    for change in changes:
        doc = copy.deepcopy(good)
        change(doc)
        out.append(doc)
    return out


@pytest.mark.parametrize("doc", _broken_cards())
def test_broken_cards_are_refused(doc: Any) -> None:
    with pytest.raises(CorruptDataError):
        load_cards(doc)


def test_broken_pieces_are_refused() -> None:
    doc = _doc("pieces.json")
    doc["stele_colours"]["per_colour"] = 20
    with pytest.raises(CorruptDataError, match="84 steles"):
        load_pieces(doc)


@pytest.mark.rule("way_of_bear:components.seal-cards")
def test_card_data_has_both_kinds_and_one_three_seal_card() -> None:
    assert len(CARDS) == 16
    assert {c.kind for c in CARDS} == {"A", "B", "seals"}
    assert [c.face_seals for c in CARDS if c.kind == "seals"] == [3]
    assert COLOUR["white"] == 3
