"""Bot strength is measured, not assumed: greedy and MCTS beat random in every built-in game.

Each bot plays two-seat games against RandomBot, alternating seats so the first
player's edge cancels out. A shared win counts as half. The claim tested is
that the bot's win share exceeds the fair 1/2 with 95% confidence: the lower
end of the Wilson score interval must be above 0.5. Everything is seeded, so
the result is repeatable; the numbers are printed for the record.
"""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.sim import game_seed, play_game, wilson_interval

from ..shared import BUILT_IN

# Games per bot, the MCTS budget and game options, sized so the file stays near a
# minute. Options only shorten games where random play would run to a round limit.
BUDGET: dict[str, tuple[int, int, str, dict[str, Any]]] = {
    # game: (greedy games, mcts games, mcts spec, options)
    "bear_mountain": (60, 30, "mcts:iterations=60,rollout_depth=10", {}),
    "way_of_bear": (60, 30, "mcts:iterations=60,rollout_depth=10", {}),
    "wojtek": (60, 30, "mcts:iterations=60,rollout_depth=10", {}),
    "wypas": (60, 20, "mcts:iterations=60,rollout_depth=10", {}),
}


def _win_share(
    name: str, bot: str, games: int, options: dict[str, Any]
) -> tuple[float, float, float]:
    game = meeple.get_game(name)
    players = max(2, game.spec.min_players)
    wins = 0.0
    for index in range(games):
        seat = index % 2
        seats = ["random"] * players
        seats[seat] = bot
        result = play_game(game, players, seats, game_seed(2026, index), options=options)
        assert result.error is None, result.error
        if seat in result.winners:
            wins += 1 / len(result.winners)
    low, high = wilson_interval(wins, games)
    return wins / games, low, high


@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize("kind", ["greedy", "mcts"])
def test_bot_beats_random(name: str, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert name in meeple.game_names(), f"{name} is not registered"
    greedy_games, mcts_games, mcts_spec, options = BUDGET[name]
    bot, games = ("greedy", greedy_games) if kind == "greedy" else (mcts_spec, mcts_games)
    share, low, high = _win_share(name, bot, games, options)
    with capsys.disabled():
        print(f"\n{name}: {bot} vs random over {games} games: {share:.2f} [{low:.2f}, {high:.2f}]")
    assert low > 0.5, f"{bot} is not shown to beat random in {name}: {share:.2f} [{low:.2f}]"
