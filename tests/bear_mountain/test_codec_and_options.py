"""JSON loading validates bear_mountain states; options parse from command-line strings."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.bear_mountain import GAME, Options
from meeple.core import InvalidOptionsError, build_options, parse_option_strings


def test_a_state_with_a_card_in_two_places_is_refused() -> None:
    state = GAME.start(2, seed=3)
    data = json.loads(meeple.dumps(state, game=GAME))
    data["deck"][0] = data["row"][0]
    with pytest.raises(meeple.CorruptDataError, match="exactly one place"):
        meeple.loads(json.dumps(data), game=GAME)


def test_a_solo_deck_without_its_bear_per_pile_is_refused() -> None:
    state = GAME.start(1, seed=3, options=Options(mode="solo"))
    data = json.loads(meeple.dumps(state, game=GAME))
    data["deck"] = sorted(data["deck"])  # the bear cards bunch up at the end
    with pytest.raises(meeple.CorruptDataError, match="one bear card in each pile"):
        meeple.loads(json.dumps(data), game=GAME)


def test_a_state_with_an_unknown_phase_is_refused() -> None:
    data = json.loads(meeple.dumps(GAME.start(2, seed=3), game=GAME))
    data["phase"] = "nap"
    with pytest.raises(meeple.CorruptDataError):
        meeple.loads(json.dumps(data), game=GAME)


def test_options_from_strings() -> None:
    options = parse_option_strings(
        "bear_mountain",
        Options,
        ["mode=draft", "score_cards=most-deer,most-foxes", "tiebreaker=yes"],
    )
    assert options == Options(
        mode="draft", score_cards=("most-deer", "most-foxes"), tiebreaker=True
    )
    state = GAME.start(3, seed=1, options=options)
    assert len(state.score_cards) == 2


@pytest.mark.parametrize(
    ("values", "why"),
    [
        ({"mode": "chess"}, "mode"),
        ({"score_card_count": 0}, "score_card_count"),
        ({"mode": "solo", "tiebreaker": True}, "tiebreaker"),
        ({"mode": "draft", "animals_only": True, "score_card_count": 14}, "13"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_are_refused(values: dict[str, object], why: str) -> None:
    with pytest.raises(InvalidOptionsError, match=why):
        build_options("bear_mountain", Options, values)


def test_options_that_are_not_options_are_refused() -> None:
    with pytest.raises(InvalidOptionsError, match="Options"):
        GAME.start(2, seed=0, options={"mode": "draft"})
