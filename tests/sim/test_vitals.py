"""A game's vital signs, measured while it is played: who led when, and its statistics."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

import meeple
from meeple.core import HasStatistics
from meeple.sim import Vitals
from meeple.sim import lead_summary
from meeple.sim import play_game
from meeple.sim import simulate

from ..toy_game import TOY


def test_lead_changes_count_only_changes_between_sole_leaders() -> None:
    leaders = [frozenset({0, 1}), frozenset({0}), frozenset({0, 1}), frozenset({1}), frozenset({0})]
    changes, decided = lead_summary(leaders, frozenset({0}))
    assert changes == 2  # 0 -> (level) -> 1 -> 0
    assert decided == 1.0  # seat 1 led until the last action


def test_the_decision_point_is_when_the_winners_lead_for_good() -> None:
    leaders = [frozenset({0, 1}), frozenset({0}), frozenset({0}), frozenset({0}), frozenset({0})]
    assert lead_summary(leaders, frozenset({0})) == (0, 0.25)
    assert lead_summary([frozenset({0}), frozenset({0})], frozenset({0})) == (0, 0.0)
    shared = [frozenset({0, 1, 2}), frozenset({2}), frozenset({0, 2})]
    assert lead_summary(shared, frozenset({0, 2})) == (0, 0.5)


def test_a_game_without_actions_is_decided_at_the_start() -> None:
    assert lead_summary([frozenset({0})], frozenset({0})) == (0, 0.0)


@pytest.mark.parametrize("name", ["bear_mountain", "goofspiel"])
def test_vitals_agree_with_a_replay_of_the_record(name: str) -> None:
    game = meeple.get_game(name)
    result = play_game(game, 3, ["random"], 11, keep_record=True, vitals=True)
    assert result.record is not None
    assert result.vitals is not None
    state = game.start(3, seed=11)
    leaders = [state.outcome().winners]
    for player, notation in result.record.moves:
        state = state.apply(game.parse_action(notation), player)
        leaders.append(state.outcome().winners)
    sole = [next(iter(group)) for group in leaders if len(group) == 1]
    assert result.vitals.lead_changes == sum(1 for a, b in itertools.pairwise(sole) if a != b)
    winners = state.outcome().winners
    unsettled = [i for i, group in enumerate(leaders) if not group <= winners]
    steps = len(leaders) - 1
    assert result.vitals.decided_at == ((unsettled[-1] + 1) / steps if unsettled else 0.0)
    assert isinstance(game, HasStatistics)
    assert dict(result.vitals.statistics) == dict(game.statistics(state))


def test_vitals_do_not_change_the_game() -> None:
    game = meeple.get_game("wojtek")
    plain = play_game(game, 3, ["greedy:worlds=1", "random"], 5)
    measured = play_game(game, 3, ["greedy:worlds=1", "random"], 5, vitals=True)
    assert plain.vitals is None
    assert measured.vitals is not None
    assert (plain.scores, plain.ranks, plain.winners, plain.steps) == (
        measured.scores,
        measured.ranks,
        measured.winners,
        measured.steps,
    )


def test_a_game_without_the_capability_has_no_statistics() -> None:
    result = play_game(TOY, 2, ["random"], 3, vitals=True)
    assert isinstance(result.vitals, Vitals)
    assert result.vitals.statistics == ()
    assert 0.0 <= result.vitals.decided_at <= 1.0


def test_vitals_go_into_the_json_of_a_result_only_when_measured() -> None:
    game = meeple.get_game("goofspiel")
    plain = play_game(game, 2, ["random"], 1).to_json()
    assert "vitals" not in plain
    data = play_game(game, 2, ["random"], 1, vitals=True).to_json()
    vitals = data["vitals"]
    assert set(vitals) == {"lead_changes", "decided_at", "statistics", "branching",
                           "decision_moves", "winner_trailed", "by_tenth"}  # fmt: skip
    assert set(vitals["by_tenth"]) == {"branching", "decision_moves", "margin"}
    assert vitals["statistics"]["ended by"] == "prizes gone"
    json.dumps(data)


def test_batches_carry_vitals_through_workers() -> None:
    one = simulate("goofspiel", 2, ["random"], 12, seed=4, workers=1, vitals=True)
    two = simulate("goofspiel", 2, ["random"], 12, seed=4, workers=2, chunk_size=5, vitals=True)
    assert one == two
    assert all(r.vitals is not None for r in one)


@pytest.mark.parametrize("name", ["bear_mountain", "wojtek"])
def test_branching_margins_and_drama_agree_with_a_replay_of_the_record(name: str) -> None:
    """Recomputed here from the record, step by step, with numpy's means."""
    game = meeple.get_game(name)
    result = play_game(game, 2, ["greedy:worlds=1", "random"], 7, keep_record=True, vitals=True)
    assert result.record is not None
    assert result.vitals is not None
    state = game.start(2, seed=7)
    legal: list[int] = []
    scores = [state.outcome().scores]
    for player, notation in result.record.moves:
        legal.append(len(state.legal_actions(player)))
        state = state.apply(game.parse_action(notation), player)
        scores.append(state.outcome().scores)
    steps = len(legal)
    vitals = result.vitals
    assert vitals.branching == pytest.approx(float(np.mean(legal)))
    assert vitals.decision_moves == pytest.approx(float(np.mean([n > 1 for n in legal])))
    tenths = np.floor(np.arange(steps) * 10 / steps).astype(int)
    for t in range(10):
        in_tenth = [n for n, k in zip(legal, tenths, strict=True) if k == t]
        expected = float(np.mean(in_tenth)) if in_tenth else None
        assert vitals.branching_by_tenth[t] == pytest.approx(expected)
        end = int(np.ceil((t + 1) * steps / 10))
        top = sorted(scores[end], reverse=True)
        assert vitals.margin_by_tenth[t] == top[0] - top[1]
    winners = state.outcome().winners
    behind = any(min(s[w] for w in winners) < max(s) for s in scores[:-1])
    assert vitals.winner_trailed == behind
