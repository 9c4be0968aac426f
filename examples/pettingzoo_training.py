"""REINFORCE with a linear softmax policy over masked actions, through PettingZoo.

Run `python examples/pettingzoo_training.py`. Needs the `rl` extra
(`pip install -e '.[rl]'`).
"""

import numpy as np

from meeple.adapters.pettingzoo import env

e = env("bear_mountain", players=2)
e.reset(seed=0)
size = e.observation_space("player_0")["observation"].shape[0]
weights = np.zeros((size, e.action_space("player_0").n))
rng = np.random.default_rng(0)
for episode in range(20):
    e.reset(seed=episode)
    trace: dict[str, list[tuple[np.ndarray, int, np.ndarray]]] = {a: [] for a in e.agents}
    for agent in e.agent_iter():
        obs, reward, done, truncated, _ = e.last()
        if done or truncated:
            for x, action, probs in trace[agent]:  # policy gradient for this agent's moves
                weights += 0.05 * reward * np.outer(x, np.eye(len(probs))[action] - probs)
            e.step(None)
            continue
        logits = np.where(obs["action_mask"], obs["observation"] @ weights, -np.inf)
        probs = np.exp(logits - logits.max()) / np.exp(logits - logits.max()).sum()
        action = int(rng.choice(len(probs), p=probs))
        trace[agent].append((obs["observation"], action, probs))
        e.step(action)
print(f"trained 20 episodes; weight norm {np.linalg.norm(weights):.3f}")
