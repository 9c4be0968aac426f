"""What every built-in game's adapter encoding promises, checked once for all four.

The same job was done four times in ``tests/<game>/test_encoding.py``; those files
keep what is particular to each game (the documented index order, the part names
and sizes, worked examples of encoded positions).
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import meeple
from meeple.core import InvalidOptionsError
from meeple.core.encoding import Layout
from meeple.core.encoding import vocabulary

from .shared import BUILT_IN

CASES = [(name, n) for name in BUILT_IN for n in meeple.get_game(name).spec.player_counts()]
"""Every built-in game with every player count it is played by."""


def _bad_counts(name: str) -> list[tuple[str, object]]:
    counts = meeple.get_game(name).spec.player_counts()
    numbers = sorted({0, min(counts) - 1, max(counts) + 1})
    return [(name, bad) for bad in (*numbers, True, "2")]


BAD_COUNTS = [case for name in BUILT_IN for case in _bad_counts(name)]
"""Player counts each game refuses: none, one short, one over, and not a number."""


def layout(name: str, players: int) -> Layout:
    """The game's observation layout (every game's encoding module exports `layout`)."""
    found: Layout = importlib.import_module(f"meeple.{name}.encoding").layout(players)
    return found


@pytest.mark.parametrize(("name", "players"), CASES)
def test_vocabulary_is_fixed_distinct_and_parses_back(name: str, players: int) -> None:
    game: Any = meeple.get_game(name)
    actions = game.action_vocabulary(players)
    assert game.action_vocabulary(players) == actions
    assert len({str(a) for a in actions}) == len(actions)
    vocab = vocabulary(game, players)  # refuses an action named twice
    assert len(vocab) == len(actions)
    for i, action in enumerate(vocab.actions):
        assert game.parse_action(str(action)) == action
        assert vocab.index(action) == i


@pytest.mark.parametrize(("name", "players"), BAD_COUNTS)
def test_bad_player_counts_are_refused(name: str, players: object) -> None:
    game: Any = meeple.get_game(name)
    with pytest.raises(InvalidOptionsError, match="players"):
        game.action_vocabulary(players)
    with pytest.raises(InvalidOptionsError, match="players"):
        game.observation_size(players)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_layout_parts_tile_the_observation(name: str, players: int) -> None:
    game: Any = meeple.get_game(name)
    lay = layout(name, players)
    assert lay.size == game.observation_size(players)
    names = lay.names()
    assert len(names) == len(set(names))
    at = 0
    for _, start, width in lay.parts:
        assert start == at
        assert width > 0
        at += width
    assert at == lay.size
    with pytest.raises(KeyError, match="no part 'nope'"):
        lay.start("nope")


@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize("wrong", ["x", None, 3])
def test_encode_view_refuses_what_is_not_the_games_view(name: str, wrong: object) -> None:
    """Regression: Wypas raised AttributeError from inside its encoder; the check now
    lives once in the core, and another game's view is refused the same way."""
    game: Any = meeple.get_game(name)
    with pytest.raises(TypeError, match=f"{name}: encode_view needs a {name} View"):
        game.encode_view(wrong)
    other = next(n for n in BUILT_IN if n != name)
    foreign: Any = meeple.get_game(other)
    with pytest.raises(TypeError, match=f"{name}: encode_view needs"):
        game.encode_view(foreign.start(foreign.spec.min_players, seed=0).view(0))
