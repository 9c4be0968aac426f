"""The statistics capability: the fifth fleece or the round limit, and the winner's fleeces."""

from __future__ import annotations

from meeple.bots import make_bot
from meeple.core import ENDED_BY
from meeple.core import STALLED
from meeple.wypas import GAME
from meeple.wypas import Options
from meeple.wypas.state import State

from ..shared import finished


def _greedy_game(seed: int) -> State:
    """A game between greedy bots, which shear: it ends by a fifth fleece."""
    state = GAME.start(3, seed=seed)
    bots = [make_bot("greedy:worlds=1", GAME, p) for p in range(3)]
    while not state.is_over:
        p = min(state.to_act)
        state = state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
    return state


def test_a_fifth_fleece_ends_the_game_naturally() -> None:
    state = _greedy_game(2)
    stats = GAME.statistics(state)
    assert state.final_from >= 0
    assert stats[ENDED_BY] == "fifth fleece"
    assert stats[STALLED] is False
    winners = sorted(state.outcome().winners)
    assert stats["winner fleeces"] == sum(len(state.fleeces[w]) for w in winners) / len(winners)
    assert stats["fleeces"] == sum(len(f) for f in state.fleeces)
    assert stats["fifth fleece shearer won"] is (state.final_from in winners)
    assert stats["rounds"] == state.round


def test_the_round_limit_is_a_stall_rule() -> None:
    final = finished(GAME, 3, 0, Options(max_rounds=3))
    stats = GAME.statistics(final)
    assert stats[ENDED_BY] == "round limit"
    assert stats[STALLED] is True
    assert "fifth fleece shearer won" not in stats  # nobody sheared a fifth fleece
    assert stats["rounds"] == 3
