"""Every built-in game offers the vocabulary's own action objects as its legal actions.

The adapters map a legal action to its vocabulary index by the object's identity
first (one C-level lookup, `Setup.indices`), and fall back to its class and fields
only for actions made afresh. Each built-in game promises the fast path: whatever
state a game reaches, under every option that changes which actions exist, each
legal action *is* the vocabulary's entry equal to it, and `parse_action` reads
each entry's notation back as that same object.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import meeple
from meeple.core.encoding import Vocabulary
from meeple.core.encoding import vocabulary
from meeple.core.options import build_options
from meeple.testing import reachable_states

from ..shared import BUILT_IN
from ..shared import SHORT_OPTIONS

VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {
    "bear_mountain": ({}, {"mode": "draft"}, {"solo_either_end": True}),
    "way_of_bear": ({}, {"take_fewer": True}),
    "wojtek": ({},),
    "wypas": ({}, {"bluff": True}, {"bluff": True, "runs_down": True, "bleating": False}),
}
"""Per game, option sets that between them offer every kind of action the game has
(Bear Went Over the Mountain's drafting and either-end solo, Wypas's bluff rule)."""


def _cases() -> list[tuple[str, int, dict[str, Any]]]:
    cases = []
    for name in BUILT_IN:
        for options in VARIANTS[name]:
            for players in meeple.get_game(name).spec.player_counts():
                if options.get("mode") == "draft" and players == 1:
                    continue  # drafting needs two players or more
                if options.get("solo_either_end") and players > 1:
                    continue  # a solo option
                cases.append((name, players, {**SHORT_OPTIONS.get(name, {}), **options}))
    return cases


CASES = _cases()
"""(game, players, options): every built-in game at every player count it is played by."""


def _case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    name, players, options = case
    flags = ",".join(f"{key}={value}" for key, value in options.items())
    return f"{name}-{players}p" + (f"-{flags}" if flags else "")


def _options(game: Any, options: dict[str, Any]) -> Any:
    return build_options(game.spec.name, game.options_type, options)


def _not_shared(state: Any, vocab: Vocabulary) -> list[str]:
    """Every legal action of `state` that is not the vocabulary's own object, as text."""
    out = []
    for seat in sorted(state.to_act):
        for action in state.legal_actions(seat):
            if vocab.actions[vocab.index(action)] is not action:
                out.append(f"seat {seat}: {action}")
    return out


def _state_label(state: Any) -> str:
    return f"{type(state).__name__} at phase {getattr(state, 'phase', '?')}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_legal_actions_are_the_vocabularys_objects_in_random_games(
    case: tuple[str, int, dict[str, Any]],
) -> None:
    name, players, options = case
    game: Any = meeple.get_game(name)
    vocab = vocabulary(game, players)
    steps = 0
    for seed in range(3):
        state = game.start(players, seed=seed, options=_options(game, options))
        choose = random.Random(seed)
        while not state.is_over:
            assert _not_shared(state, vocab) == [], _state_label(state)
            seat = min(state.to_act)
            actions = state.legal_actions(seat)
            steps += 1
            state = state.apply(actions[choose.randrange(len(actions))], seat)
    assert steps >= 30  # whole games were played and checked, not skipped at the start


@pytest.mark.parametrize("case", CASES, ids=_case_id)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_legal_actions_of_reachable_states_are_the_vocabularys_objects(
    case: tuple[str, int, dict[str, Any]], data: st.DataObject
) -> None:
    name, players, options = case
    game: Any = meeple.get_game(name)
    state = data.draw(
        reachable_states(game, players, options=_options(game, options), max_depth=400)
    )
    assert _not_shared(state, vocabulary(game, players)) == [], _state_label(state)


@pytest.mark.parametrize(
    ("name", "players"),
    [(name, n) for name in BUILT_IN for n in meeple.get_game(name).spec.player_counts()],
)
def test_parse_action_returns_the_vocabularys_objects(name: str, players: int) -> None:
    game: Any = meeple.get_game(name)
    for action in game.action_vocabulary(players):
        assert game.parse_action(str(action)) is action, str(action)
