"""A small bot tournament: every bot takes every seat, results in a table.

Run `python examples/tournament.py`. Needs no extra (`pip install -e .`).
"""

from itertools import permutations

from rich.console import Console
from rich.table import Table

from meeple.sim import play_game
from meeple.sim import resolve_game

GAME = "bear_mountain"
BOTS = ["random", "greedy", "mcts:iterations=40,rollout_depth=10"]
GAMES_PER_SEATING = 2

game = resolve_game(GAME)
points = dict.fromkeys(BOTS, 0.0)
played = dict.fromkeys(BOTS, 0)
for seating in permutations(BOTS, 2):
    for index in range(GAMES_PER_SEATING):
        result = play_game(game, 2, list(seating), seed=index)
        assert result.error is None, result.error
        for seat, bot in enumerate(seating):
            played[bot] += 1
            if seat in result.winners:
                points[bot] += 1 / len(result.winners)

table = Table(title=f"{game.spec.title}: round robin, {GAMES_PER_SEATING} games per seating")
table.add_column("bot")
table.add_column("games", justify="right")
table.add_column("win share", justify="right")
for bot in sorted(BOTS, key=lambda b: -points[b] / played[b]):
    table.add_row(bot, str(played[bot]), f"{points[bot] / played[bot]:.2f}")
Console().print(table)
