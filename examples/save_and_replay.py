"""Play a game, save its record as JSON, load it back and replay it exactly.

Run `python examples/save_and_replay.py`. Needs no extra (`pip install -e .`).
"""

import tempfile
from pathlib import Path

import meeple
from meeple.bots import GreedyBot

match = meeple.Match("wojtek", 3, seed=11)
bots = [GreedyBot(match.game, seed=p) for p in range(3)]
while not match.state.is_over:
    player = min(match.state.to_act)
    state = match.state
    match.play(bots[player].choose(state.view(player), state.legal_actions(player)), player)

with tempfile.TemporaryDirectory() as folder:
    path = Path(folder) / "wojtek-11.json"
    path.write_text(meeple.dumps(match.record(), indent=1), encoding="utf-8")
    record = meeple.loads(path.read_text(encoding="utf-8"))

replayed = record.replay()
assert replayed.state == match.state
print(f"replayed {len(record.moves)} moves; final scores {list(replayed.state.outcome().scores)}")
