"""REINFORCE against meeple bots through the Gymnasium adapter.

Run `python examples/gymnasium_training.py`. Needs the `rl` extra
(`pip install -e '.[rl]'`).
"""

import numpy as np

from meeple.adapters.gymnasium import MeepleEnv

env = MeepleEnv("bear_mountain", players=2, seat=0, opponents=["random"])
obs, _ = env.reset(seed=0)
weights = np.zeros((obs["observation"].shape[0], obs["action_mask"].shape[0]))
rng = np.random.default_rng(0)
wins = 0.0
for episode in range(20):
    obs, _ = env.reset(seed=episode)
    steps, done, reward = [], False, 0.0
    while not done:
        logits = np.where(obs["action_mask"], obs["observation"] @ weights, -np.inf)
        probs = np.exp(logits - logits.max()) / np.exp(logits - logits.max()).sum()
        action = int(rng.choice(len(probs), p=probs))
        steps.append((obs["observation"], action, probs))
        obs, reward, done, _truncated, _info = env.step(action)
    for x, action, probs in steps:
        weights += 0.05 * reward * np.outer(x, np.eye(len(probs))[action] - probs)
    wins += reward
print(f"win share over 20 training episodes: {wins / 20:.2f}")
