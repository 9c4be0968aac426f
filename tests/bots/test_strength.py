"""Bot strength is measured, not assumed: every bot beats random in every built-in game.

Each bot plays games against RandomBot in the other seats (two seats, three in
Wypas), alternating its seat between the first two so the first player's edge
cancels out. A shared win counts as a share. The claim tested is that the bot's
win share exceeds its fair share (1/2, or 1/3 in Wypas) with 95% confidence: the
lower end of the Wilson score interval must be above it. Everything is seeded, so
the result is repeatable; the numbers are printed for the record.

The default run plays the first `QUICK` games of each pair, sized so that the
claim would hold with at least 95% probability even were the bot only as strong
as the lower end of its measured interval (`LONG_RUN`;
`test_each_quick_budget_has_the_power_to_pass` checks every size). The long run
(marker ``heavy``: ``nox -s heavy``) adds `LONG` games per pair (400 greedy and
heuristic, 60 MCTS and guided; the quick games first): the same claim on 2-50 times
the games, and the wins that `LONG_RUN` records, to refresh it after a change to a
game or a bot.
"""

from __future__ import annotations

import statistics
from math import comb
from typing import Any

import pytest

import meeple
from meeple.sim import game_seed
from meeple.sim import play_game
from meeple.sim import wilson_interval
from meeple.sim.stats import Z95

from ..shared import BUILT_IN
from ..shared import number
from ..shared import says

KINDS = ("greedy", "heuristic", "mcts", "guided")
"""The bots measured."""
SPECS = {
    "greedy": "greedy",
    "heuristic": "heuristic",
    "mcts": "mcts:iterations=60,rollout_depth=10",
    "guided": "guided:iterations=30",
}
"""The spec each kind is played with (one small budget for every game)."""
OPTIONS: dict[str, dict[str, Any]] = {name: {} for name in BUILT_IN}
"""Game options per game; only ever to shorten games random play would run to a round limit."""
LONG = {"greedy": 400, "heuristic": 400, "mcts": 60, "guided": 60}
"""Games per pair in the long run (``heavy``)."""
LONG_RUN: dict[tuple[str, str], tuple[float, int]] = {
    # (game, bot): (wins, games) of the long run, 2026-12-01 (heuristic, guided and Wypas's
    # greedy since it reads the score so far alone: a later run)
    ("bear_mountain", "greedy"): (326.5, 400),
    ("way_of_bear", "greedy"): (286.0, 400),
    ("wojtek", "greedy"): (342.0, 400),
    ("wypas", "greedy"): (182.167, 400),
    ("bear_mountain", "heuristic"): (399.0, 400),
    ("way_of_bear", "heuristic"): (396.0, 400),
    ("wojtek", "heuristic"): (398.0, 400),
    ("wypas", "heuristic"): (400.0, 400),
    ("bear_mountain", "mcts"): (59.0, 60),
    ("way_of_bear", "mcts"): (57.5, 60),
    ("wojtek", "mcts"): (60.0, 60),
    ("wypas", "mcts"): (60.0, 60),
    ("bear_mountain", "guided"): (59.5, 60),
    ("way_of_bear", "guided"): (60.0, 60),
    ("wojtek", "guided"): (60.0, 60),
    ("wypas", "guided"): (60.0, 60),
}
"""Measured strength, from which the quick budgets are sized."""
QUICK: dict[tuple[str, str], int] = {
    ("bear_mountain", "greedy"): 40,
    ("way_of_bear", "greedy"): 120,  # the smallest edge (about 0.7) needs the most games
    ("wojtek", "greedy"): 30,
    # Wypas's greedy is left to the long run: it reads the score so far, which moves only
    # when a pen is sheared, and its edge (0.46 against a fair 1/3) needs 544 games
    ("bear_mountain", "heuristic"): 8,
    ("way_of_bear", "heuristic"): 8,
    ("wojtek", "heuristic"): 8,
    ("wypas", "heuristic"): 2,
    ("bear_mountain", "mcts"): 16,
    ("way_of_bear", "mcts"): 16,
    ("wojtek", "mcts"): 12,
    ("wypas", "mcts"): 6,
    ("bear_mountain", "guided"): 14,
    ("way_of_bear", "guided"): 12,
    ("wojtek", "guided"): 12,
    ("wypas", "guided"): 6,
}
"""Games per pair in the default run (even, so each seat gets half)."""
POWER = 0.95
"""The chance the quick claim must have to hold at the lower end of the measured strength."""


def _players(name: str) -> int:
    return max(2, meeple.get_game(name).spec.min_players)


def _wins(name: str, bot: str, games: int) -> float:
    game = meeple.get_game(name)
    players = _players(name)
    wins = 0.0
    for index in range(games):
        seat = index % 2
        seats = ["random"] * players
        seats[seat] = bot
        result = play_game(game, players, seats, game_seed(2026, index), options=OPTIONS[name])
        assert result.error is None, result.error
        if seat in result.winners:
            wins += 1 / len(result.winners)
    return wins


def _claim(name: str, kind: str, games: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert name in meeple.game_names(), f"{name} is not registered"
    bot = SPECS[kind]
    wins = _wins(name, bot, games)
    share = wins / games
    low, high = wilson_interval(wins, games)
    fair = 1 / _players(name)
    with capsys.disabled():
        print(
            f"\n{name}: {bot} vs random won {wins:g}/{games}: {share:.2f} [{low:.2f}, {high:.2f}]"
        )
    assert low > fair, f"{bot} is not shown to beat random in {name}: {share:.2f} [{low:.2f}]"


@pytest.mark.parametrize(("name", "kind"), sorted(QUICK))
def test_bot_beats_random(name: str, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    _claim(name, kind, QUICK[name, kind], capsys)


@pytest.mark.heavy
@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize("kind", KINDS)
def test_bot_beats_random_over_many_games(
    name: str, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _claim(name, kind, LONG[kind], capsys)


def _wins_needed(games: int, fair: float) -> int:
    """The fewest wins whose Wilson lower bound is above the fair share (more than the
    games when even winning them all is not enough)."""
    return next((w for w in range(games + 1) if wilson_interval(w, games)[0] > fair), games + 1)


def _power(games: int, p: float, fair: float = 0.5) -> float:
    """The chance of at least `_wins_needed(games, fair)` wins for a bot winning a game
    with probability `p`. Every game is taken as a whole win or a loss: shared wins
    (worth a share) only narrow the spread of the share, so this errs low."""
    need = _wins_needed(games, fair)
    return sum(comb(games, w) * p**w * (1 - p) ** (games - w) for w in range(need, games + 1))


@pytest.mark.parametrize(("name", "kind"), sorted(QUICK))
def test_each_quick_budget_has_the_power_to_pass(name: str, kind: str) -> None:
    games = QUICK[name, kind]
    wins, measured = LONG_RUN[name, kind]
    low, _ = wilson_interval(wins, measured)
    assert games % 2 == 0, "each seat gets half the games"
    assert games <= LONG[kind], "the long run replays the quick games and more"
    power = _power(games, low, 1 / _players(name))
    assert power >= POWER, (
        f"{games} games pass with probability {power:.3f} for a bot winning "
        f"{low:.3f} of its games: too few to show the edge reliably"
    )


def test_the_wypas_page_describes_the_measurement_this_file_makes() -> None:
    said = says(
        "docs/rules/wypas.md",
        r"Measured by `tests/bots/test_strength\.py` \((\d+) seats, .*?; MCTS at (\d+) "
        r"iterations and rollout depth (\d+)\): each bot's win share is above a fair (\w+) "
        r"with (\d+)% confidence, the greedy bot's over the long run only",
    )
    seats, iterations, depth, fair, confidence = said.groups()
    assert number(seats) == _players("wypas")
    assert SPECS["mcts"] == f"mcts:iterations={iterations},rollout_depth={depth}"
    assert {"third": 3}[fair] == _players("wypas")
    assert statistics.NormalDist().inv_cdf(0.5 + number(confidence) / 200) == pytest.approx(
        Z95, abs=1e-3
    )
    assert ("wypas", "greedy") not in QUICK
