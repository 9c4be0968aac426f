"""The deck data: the published totals add up and bad data is refused at load."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.wypas import components as c

from ..shared import broken_data
from ..shared import shipped_data


@pytest.mark.rule("wypas:components.cards")
def test_the_box_holds_110_cards() -> None:
    sheep = sum(c.KIND_COUNT[kind] for kind in range(c.THIEF))
    specials = sum(c.KIND_COUNT[kind] for kind in c.SPECIAL_KINDS)
    assert sheep == 84
    assert specials == 19
    assert sheep + specials + c.BACA_CARDS + c.HERDER_CARDS == c.TOTAL_CARDS == 110
    assert len(c.DECK) == 103
    assert len(c.SHEEP_DECK) == 84


@pytest.mark.rule("wypas:components.cards", "wypas:components.dolly", "wypas:components.specials")
def test_published_facts_hold() -> None:
    assert set(c.COLOURS) == {"red", "orange", "yellow", "green", "magenta"}
    assert max(c.KIND_VALUE) == c.MAX_VALUE == 6
    assert {c.KIND_NAME[k] for k in c.SPECIAL_KINDS} == {"thief", "dog", "black", "wolf"}
    dollies = [c.KIND_NAME[k] for k in range(c.DOLLY, c.SUPER + 1)]
    assert dollies == [f"dolly-{name}" for name in c.COLOURS] + ["super"]


def test_names_round_trip() -> None:
    for kind, name in enumerate(c.KIND_NAME):
        assert c.NAME_KIND[name] == kind
    for face, name in c.FACE_NAME.items():
        assert c.NAME_FACE[name] == face
    card = c.placed(c.NAME_KIND["dolly-red"], c.NAME_FACE["red-6"])
    assert c.kind_of(card) == c.NAME_KIND["dolly-red"]
    assert c.face_of(card) == c.NAME_FACE["red-6"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["colours"][0].update(copies=4), "sheep cards"),
        (lambda d: d["colours"][0].update(values=[1, 3, 4]), "consecutive"),
        (lambda d: d["colours"][0].update(values=[4, 3, 2, 1]), "rising"),
        (lambda d: d["colours"][1].update(name="red"), "distinct"),
        (lambda d: d["specials"][0].update(count=6), "special cards"),
        (lambda d: d["specials"].reverse(), "listed"),
        (lambda d: d.update(herder_cards=5), "cards in all"),
    ],
)
def test_bad_deck_data_is_refused(change: Any, message: str) -> None:
    data = broken_data("wypas", "deck.json", change)
    with pytest.raises(ValueError, match=message):
        c.load_deck(data)


def test_the_shipped_data_loads() -> None:
    assert c.load_deck(shipped_data("wypas", "deck.json"))["baca_cards"] == 1
