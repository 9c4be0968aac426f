"""Match keeps every state for O(1) undo; records replay exactly or say which move fails."""

from __future__ import annotations

import attrs
import pytest

import meeple
from meeple.core import CorruptDataError
from meeple.core import IllegalActionError
from meeple.core import Match
from meeple.core import Outcome
from meeple.core import Registry
from meeple.testing import random_playout


def _played_match(seed: int = 3, **options: int) -> Match:
    match = Match("toy", 3, seed=seed, **options)
    _, moves, _ = random_playout(match.game, 3, seed, match.options)
    for player, action in moves:
        match.play(str(action), player)
    return match


def test_play_undo_redo(toy_registry: Registry) -> None:
    match = Match("toy", 2, seed=1)
    start = match.state
    action = start.legal_actions(0)[0]
    after = match.play(action, 0)
    assert match.history == ((0, action),)
    assert match.undo() is start  # the very object: nothing was copied
    assert len(match.history) == 0
    assert match.redo() is after
    with pytest.raises(IllegalActionError, match="nothing to redo"):
        match.redo()
    match.undo()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        match.undo()


def test_a_new_move_clears_redo(toy_registry: Registry) -> None:
    match = Match("toy", 2, seed=1)
    first, second = match.state.legal_actions(0)[:2]
    match.play(first, 0)
    match.undo()
    match.play(second, 0)
    assert not match.can_redo


def test_illegal_play_changes_nothing(toy_registry: Registry) -> None:
    match = Match("toy", 2, seed=1)
    with pytest.raises(IllegalActionError):
        match.play("draw", 0)
    assert match.history == ()
    assert len(match.states) == 1


def test_record_round_trips_and_replays(toy_registry: Registry) -> None:
    match = _played_match(rounds=2)
    record = match.record()
    assert record.options == (("rounds", 2),)
    text = meeple.dumps(record)
    assert '"$type": "meeple.GameRecord"' in text
    back = meeple.loads(text)
    assert back == record
    replayed = back.replay()
    assert replayed.state == match.state
    assert replayed.state.is_over


def test_a_record_from_another_rules_version_is_refused(toy_registry: Registry) -> None:
    record = attrs.evolve(_played_match().record(), rules_version="0")
    with pytest.raises(CorruptDataError, match=r"rules version '0' cannot be replayed"):
        record.replay()


def test_a_record_that_does_not_replay_names_the_first_bad_move(toy_registry: Registry) -> None:
    record = _played_match().record()
    moves = list(record.moves)
    moves[1] = (moves[1][0], "play 99")
    broken = attrs.evolve(record, moves=tuple(moves))
    with pytest.raises(CorruptDataError, match=r"move 2 \('play 99' by player \d\) fails"):
        broken.replay()


def test_a_record_of_an_unknown_game(toy_registry: Registry) -> None:
    record = attrs.evolve(_played_match().record(), game="chess")
    with pytest.raises(CorruptDataError, match=r"unavailable game: unknown game 'chess'"):
        record.replay()


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"players": "3"}, r"expected an integer, got '3' @ \$\.players"),
        ({"moves": [[0]]}, r"expected a list of 2 items, got \[0\] @ \$\.moves"),
        ({"moves": "p0"}, r"expected a list, got 'p0' @ \$\.moves"),
        ({"options": [1]}, r"expected an object, got \[1\] @ \$\.options"),
        ({"extra": 1}, r"Extra fields .*: extra"),
    ],
)
def test_malformed_records(toy_registry: Registry, patch: dict[str, object], message: str) -> None:
    data = {"$type": "meeple.GameRecord", **_played_match().record().to_data(), **patch}
    with pytest.raises(CorruptDataError, match=message):
        meeple.core.codec.from_data(data)


def test_outcome_round_trips_and_validates() -> None:
    outcome = Outcome.from_keys([3, 5, 5], details=[{"a": [1, 2]}, {}, {"b": "x"}])
    assert outcome.ranks == (3, 1, 1)
    assert outcome.winners == frozenset({1, 2})
    assert outcome.detail(0) == {"a": (1, 2)}
    assert outcome.win_shares() == (0.0, 0.5, 0.5)
    assert meeple.loads(meeple.dumps(outcome)) == outcome
    bad = meeple.core.codec.to_data(outcome)
    bad["ranks"] = [1, 1, 1]
    with pytest.raises(CorruptDataError, match=r"winners must be exactly"):
        meeple.core.codec.from_data(bad)


def test_start_through_the_registry(toy_registry: Registry) -> None:
    state = meeple.start("toy", players=2, seed=9, rounds=1)
    assert state.players == 2
    assert state == meeple.start("toy", players=2, seed=9, rounds=1)
