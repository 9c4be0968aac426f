"""What ``clone()`` of an OpenSpiel state costs at move 10 and at move 5,000, for a
6-player Wypas state and for a pure-Python OpenSpiel state that holds one int.

    python benchmarks/adapters.py --clones

The adapter's own part of a clone is the same at any move (a state's only Python
attribute is an immutable position; tests/adapters/test_openspiel_costs.py counts
it). pyspiel's part is not: it copies the state's C++ history, 16 bytes a move. The
pure-Python state shows pyspiel's part alone, so the two rows together say whose
growth a timing shows.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pyspiel

from meeple.adapters.openspiel import register

__all__ = ["clone_cost", "clone_lines"]


class _Counter(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A pure-Python OpenSpiel state whose only Python attribute is one int: its clone
    costs what pyspiel's own clone costs, and nothing of meeple's."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.count = 0

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.count >= _COUNTER_LENGTH else 0

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1]

    def _apply_action(self, action: int) -> None:
        self.count += 1

    def is_terminal(self) -> bool:
        return self.count >= _COUNTER_LENGTH

    def returns(self) -> list[float]:
        return [0.0]

    def __str__(self) -> str:
        return str(self.count)


_COUNTER_LENGTH = 100_000
_COUNTER_TYPE = pyspiel.GameType(
    short_name="meeple_bench_counter",
    long_name="a counter (benchmark of pyspiel's own clone)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=1,
    min_num_players=1,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)


class _CounterGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    def __init__(self, params: Any = None) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=2,
            max_chance_outcomes=0,
            num_players=1,
            min_utility=0.0,
            max_utility=0.0,
            utility_sum=None,
            max_game_length=_COUNTER_LENGTH,
        )
        super().__init__(_COUNTER_TYPE, info, params or {})

    def new_initial_state(self) -> _Counter:
        return _Counter(self)


def clone_cost(
    players: int = 6, at: tuple[int, int] = (10, 5_000), clones: int = 200, runs: int = 7
) -> dict[str, tuple[float, float]]:
    """Microseconds per ``clone()`` at move `at[0]` and at move `at[1]`: of a wypas
    OpenSpiel state, and of a pure-Python OpenSpiel state holding one int (pyspiel's
    own share). The two move numbers are timed in turns, batch by batch, so that a
    change in the machine's load hits both; the best batch of `runs` is kept."""
    if _COUNTER_TYPE.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_COUNTER_TYPE, _CounterGame)
    games = {
        "wypas": pyspiel.load_game(register("wypas"), {"players": players, "seed": 1}),
        "pure Python": pyspiel.load_game(_COUNTER_TYPE.short_name),
    }
    out = {}
    for name, game in games.items():
        state = game.new_initial_state()
        chooser = random.Random(1)
        states = []
        for moves in at:
            while state.move_number() < moves:
                legal = state.legal_actions()
                state.apply_action(legal[chooser.randrange(len(legal))])
            states.append(state.clone())
        best = [float("inf")] * len(states)
        for _ in range(runs):
            for i, timed in enumerate(states):
                began = time.process_time()
                for _ in range(clones):
                    timed.clone()
                best[i] = min(best[i], (time.process_time() - began) / clones * 1e6)
        out[name] = (best[0], best[1])
    return out


def clone_lines() -> list[str]:
    """The clone costs as the report prints them."""
    lines = []
    for name, (early, late) in clone_cost().items():
        lines.append(
            f"clone() of a {name} state: {early:.1f} us at move 10, "
            f"{late:.1f} us at move 5,000 ({late / early:.2f}x)"
        )
    return lines
