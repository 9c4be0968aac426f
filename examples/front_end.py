"""A complete text front end for any registered game, in under 40 lines.

Run `python examples/front_end.py wypas 4`; without a terminal it plays itself.
Needs no extra (`pip install -e .`).
"""

import random
import sys

import meeple

CHANCE = random.Random(1)


def choose(state: meeple.State, player: int) -> meeple.Action:
    legal: tuple[meeple.Action, ...] = state.legal_actions(player)
    if not sys.stdin.isatty():
        return CHANCE.choice(legal)  # no human at the keyboard: a seeded random choice
    for number, action in enumerate(legal, 1):
        print(f"{number:3d}. {action}")
    while True:
        text = input(f"player {player}: {state.prompt(player)} > ")
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        print("choose a number from the list")


name = sys.argv[1] if len(sys.argv) > 1 else "bear_mountain"
players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
game = meeple.get_game(name)
state = meeple.start(name, players=players, seed=1)
while not state.is_over:
    player = min(state.to_act)
    print(game.render(state.view(player)))
    state = state.apply(choose(state, player), player)
outcome = state.outcome()
print(f"scores {list(outcome.scores)}; winners {sorted(outcome.winners)}")
