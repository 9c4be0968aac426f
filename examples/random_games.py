"""Play one random game of every registered game through the registry.

Run `python examples/random_games.py`. Needs no extra (`pip install -e .`).
"""

import random

import meeple

for name in meeple.game_names():
    game = meeple.get_game(name)
    players = game.spec.min_players
    state = meeple.start(name, players=players, seed=42)
    chooser = random.Random(42)
    steps = 0
    while not state.is_over:
        player = chooser.choice(sorted(state.to_act))
        action = chooser.choice(state.legal_actions(player))
        state = state.apply(action, player)
        steps += 1
    outcome = state.outcome()
    print(
        f"{game.spec.title}: {steps} moves, scores {list(outcome.scores)}, "
        f"winners {sorted(outcome.winners)}"
    )
