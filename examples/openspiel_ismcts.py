"""OpenSpiel's Python ISMCTS bot against a random player, on a meeple game.

Run `python examples/openspiel_ismcts.py`. Needs the `openspiel` extra
(`pip install -e '.[openspiel]'`).
"""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

from meeple.adapters.openspiel import register

game = pyspiel.load_game(register("bear_mountain"), {"players": 2})
rng = np.random.RandomState(0)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
players = [
    ismcts.ISMCTSBot(game, evaluator, uct_c=1.5, max_simulations=30, random_state=rng),
    uniform_random.UniformRandomBot(1, rng),
]
total = np.zeros(2)
for _ in range(3):
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(players[state.current_player()].step(state))
    total += state.returns()
print(f"ISMCTS vs random, win shares over 3 games: {total.tolist()}")
