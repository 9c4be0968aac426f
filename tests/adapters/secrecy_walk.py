"""What each RL adapter tells one seat, read in the true state and in worlds dealt back
from that seat's view (the helpers of tests/adapters/test_secrecy.py).

The rule, per seat p: every per-seat channel reads the same in the true state and in
every world dealt back from ``view(p)``, which p cannot tell from the truth. A world
goes into an adapter the adapter's own way: OpenSpiel's ``resample_from_infostate(p)``
(``game.determinize`` of p's view, p's own past actions kept), the PettingZoo and
Gymnasium environments' ``state`` attribute.

Readings are dicts, channel -> value, each channel named as docs/adapters/*.md name it
in their tables of what a seat may be handed (`base` strips a reading's suffix).
`compare` reports every channel that reads otherwise in a world, the first time it
does. A channel missing from one reading is not compared: a seat's legal actions and
refusals are read when the seat is the one asked, and in a world another seat may be
asked first (a Wypas offer dealt elsewhere). What an environment keeps from step to
step (PettingZoo's rewards and infos, Gymnasium's step answers) is not a function of
the state, so it is held to what it must be instead (`expect`): nothing before the end,
the reward scheme of the outcome at the end.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from typing import Any
from typing import Final

import attrs
import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import meeple
from meeple.adapters._common import first_asked
from meeple.adapters._common import rewards_from
from meeple.adapters.gymnasium import MeepleEnv
from meeple.adapters.openspiel import register
from meeple.adapters.pettingzoo import MeepleAECEnv
from meeple.adapters.pettingzoo import env
from meeple.core import MeepleError
from meeple.core import public_to_act
from meeple.testing import random_playout

Readings = dict[str, Any]

CASES: Final[tuple[tuple[str, int], ...]] = (
    ("wojtek", 2),
    ("wojtek", 4),
    ("way_of_bear", 2),
    ("way_of_bear", 4),
    ("bear_mountain", 1),
    ("bear_mountain", 3),
    ("wypas", 3),
    ("wypas", 5),
)
"""Each built-in game (all have hidden information and chance) at two player counts."""

SEEDS: Final = (0, 1, 2)
"""The random games walked per case and adapter."""

OPTIONS: Final[dict[str, dict[str, Any]]] = {"wypas": {"max_rounds": 1}}
"""A Wypas round is enough: secret offers come up in its first turns."""

STRIDE: Final = 6
"""Every STRIDE-th state of a game is checked, and every state with a secret turn."""

DRAWS: Final = (0.17, 0.71)
"""Two worlds a seat at each checked state: the probability samplers' fixed draws
(`resample_from_infostate` seeds ``determinize`` with ``int(draw * 2**53)``)."""

DETERMINIZE_SEEDS: Final = (17, 71)
"""The same, for the environments, which are given a world dealt by ``determinize``."""

PROBES: Final = 3
"""Illegal actions a seat asked to act is refused at each checked state."""

CPP: Final = " (pyspiel's C++ path)"
"""The suffix of a channel read through pyspiel's own methods (``pyspiel.State.<name>``),
as C++ callers such as ``random_sim_test`` read it, not the adapter's direct override."""

AT_THE_END: Final = " at the end"
"""The suffix of a channel held to the outcome at the end of a game."""

PUBLIC: Final = "make_py_observer(private_info=NONE)"
"""The public observer's strings and tensors, read for every seat."""

OPPONENT: Final = "bot.choose(view, legal)"
"""What a Gymnasium environment tells an opponent bot it plays."""


def base(channel: str) -> str:
    """A reading's channel as the docs name it (no C++-path or end-of-game suffix)."""
    return channel.removesuffix(CPP).removesuffix(AT_THE_END)


@attrs.frozen
class Leak:
    """A channel that read otherwise in a world than in the true state (or, for one kept
    by an environment, otherwise than it must: `world` says what it must be)."""

    channel: str
    seat: int
    step: int
    truth: str
    world: str


@attrs.define
class Walk:
    """What a walk through an adapter compared: the leaks, by channel, and how much."""

    leaks: dict[str, Leak] = attrs.field(factory=dict)
    compared: dict[str, int] = attrs.field(factory=dict)
    """Channel -> how many readings were compared (in a world, or with what it must be)."""
    secret_turns: int = 0
    """Checked states where the table did not see every seat to act (a Wypas offer)."""
    states: int = 0

    def add(self, other: Walk) -> None:
        """Count `other`'s comparisons in this walk too (its first leaks, if new)."""
        for channel, leak in other.leaks.items():
            self.leaks.setdefault(channel, leak)
        for channel, count in other.compared.items():
            self.compared[channel] = self.compared.get(channel, 0) + count
        self.secret_turns += other.secret_turns
        self.states += other.states


def compare(truth: Readings, world: Readings, seat: int, step: int, walk: Walk) -> None:
    """Record each channel of `truth` that `world` reads otherwise (the first time)."""
    for channel, value in truth.items():
        if channel not in world:
            continue
        walk.compared[channel] = walk.compared.get(channel, 0) + 1
        if not _equal(value, world[channel]):
            walk.leaks.setdefault(
                channel, Leak(channel, seat, step, repr(value)[:160], repr(world[channel])[:160])
            )


def expect(walk: Walk, channel: str, seat: int, got: Any, want: Any) -> None:
    """Record `channel` as a leak unless it tells exactly `want` (a channel an
    environment keeps: nothing before the end, the outcome's reward at the end)."""
    walk.compared[channel] = walk.compared.get(channel, 0) + 1
    if got != want:
        walk.leaks.setdefault(channel, Leak(channel, seat, -1, repr(got), f"must be {want!r}"))


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return bool(np.array_equal(a, b) and np.asarray(a).dtype == np.asarray(b).dtype)
    return bool(a == b)


def secret(state: Any) -> int:
    """A number that depends on everything in a meeple state, hidden parts included:
    what a deliberately leaking variant of a channel mixes into what it tells."""
    return zlib.crc32(meeple.dumps(state).encode()) % 1000


def probes(legal: Sequence[int], size: int, step: int) -> list[int]:
    """A few vocabulary indices that are not in `legal`, moving on with `step`."""
    taken = set(legal)
    start = (step * 37) % size
    order = [*range(start, size), *range(start)]
    return [a for a in order if a not in taken][:PROBES]


def checked(step: int, meeple_state: Any) -> bool:
    """Whether a walk checks the state at `step`: every STRIDE-th, every secret turn."""
    return step % STRIDE == 0 or secret_turn(meeple_state)


def secret_turn(meeple_state: Any) -> bool:
    """Whether some seat is to act that the table does not see (a Wypas offer)."""
    return bool(meeple_state.to_act) and meeple_state.to_act != public_to_act(meeple_state)


def same_ending(state: Any, world: Any) -> bool:
    """Whether a seat told `state`'s outcome can take `world` for it: before the end,
    always; at the end, when both have the same outcome (the end tells every seat the
    outcome; whether the outcome counts what a final view hides is `outcome_walk`'s)."""
    return not state.is_over or state.outcome() == world.outcome()


def outcome_walk(name: str, players: int, seed: int) -> Walk:
    """The final outcome of a random game (what every adapter's end-of-game rewards are
    made from, and what meeple shows everyone at the end) in worlds dealt back from each
    seat's final view."""
    game = meeple.get_game(name)
    options = game.options_type(**OPTIONS.get(name, {}))
    final, _, _ = random_playout(game, players, seed, options)
    walk = Walk(states=1)
    for p in range(players):
        for dseed in DETERMINIZE_SEEDS:
            world = game.determinize(final.view(p), dseed)
            compare({"outcome()": final.outcome()}, {"outcome()": world.outcome()}, p, -1, walk)
    return walk


# --- OpenSpiel ---------------------------------------------------------------------


def spiel_game(name: str, players: int) -> Any:
    """The pyspiel game of a case (its short options)."""
    return pyspiel.load_game(register(name), {"players": players, **OPTIONS.get(name, {})})


def spiel_told(state: Any, p: int, tried: Sequence[int]) -> Readings:
    """Everything OpenSpiel tells seat p about `state`: strings and tensors (the Python
    methods and pyspiel's own C++ path through the observer), the public observer's for
    every seat, the state's string, the returns and rewards; and, when p is the seat
    asked, its legal actions (both paths, and the mask) and the refusal of each of
    `tried`."""
    game = state.get_game()
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    shown = []
    for seat in range(game.num_players()):
        public.set_from(state, seat)
        shown.append((public.string_from(state, seat), public.tensor.tobytes()))
    out: Readings = {
        "observation_string(p)": state.observation_string(p),
        "information_state_string(p)": state.information_state_string(p),
        "observation_tensor(p)": state.observation_tensor(p),
        "information_state_tensor(p)": state.information_state_tensor(p),
        f"observation_string(p){CPP}": pyspiel.State.observation_string(state, p),
        f"information_state_string(p){CPP}": pyspiel.State.information_state_string(state, p),
        f"observation_tensor(p){CPP}": list(pyspiel.State.observation_tensor(state, p)),
        f"information_state_tensor(p){CPP}": list(pyspiel.State.information_state_tensor(state, p)),
        PUBLIC: shown,
        "action_to_string(p, a)": [
            state.action_to_string(p, a) for a in range(0, game.num_distinct_actions(), 7)
        ],
        "str(state)": str(state),
        "is_terminal()": state.is_terminal(),
        "returns()": state.returns(),
        "rewards()": state.rewards(),
        "player_return(p)": state.player_return(p),
    }
    if state.current_player() == p:
        out["legal_actions(p)"] = state.legal_actions(p)
        out["legal_actions()"] = state.legal_actions()
        out[f"legal_actions(p){CPP}"] = pyspiel.State.legal_actions(state, p)
        out["legal_actions_mask(p)"] = state.legal_actions_mask(p)
        out["apply_action(a)"] = [_spiel_refusal(state, a) for a in tried]
    return out


def _spiel_refusal(state: Any, action: int) -> str:
    try:
        state.clone().apply_action(action)
    except MeepleError as err:
        return str(err)
    return "applied"


def _draw(value: float) -> Callable[[], float]:
    return lambda: value


def spiel_walk(name: str, players: int, seed: int, *, final: bool = False) -> Walk:
    """A random game through pyspiel's ``apply_action``; at the checked states (`final`:
    at the end only), each seat's readings in the truth and in its resampled worlds; at
    the end, ``returns()`` is the reward scheme of the outcome."""
    game = spiel_game(name, players)
    state = game.new_initial_state(seed)
    chooser = np.random.default_rng(seed)
    walk = Walk()
    step = 0
    while True:
        terminal = state.is_terminal()
        if terminal if final else not terminal and checked(step, state.meeple_state):
            walk.states += 1
            walk.secret_turns += secret_turn(state.meeple_state)
            tried = probes(state.legal_actions(), game.num_distinct_actions(), step)
            for p in range(players):
                truth = spiel_told(state, p, tried)
                for draw in DRAWS:
                    world = state.resample_from_infostate(p, _draw(draw))
                    if same_ending(state.meeple_state, world.meeple_state):
                        compare(truth, spiel_told(world, p, tried), p, step, walk)
        if terminal:
            if final:
                want = list(rewards_from(state.meeple_state.outcome(), game.reward_scheme))
                expect(walk, f"returns(){AT_THE_END}", -1, state.returns(), want)
            return walk
        state.apply_action(int(chooser.choice(state.legal_actions())))
        step += 1


# --- PettingZoo --------------------------------------------------------------------


def pz_env(name: str, players: int) -> MeepleAECEnv:
    return env(name, players, render_mode="ansi", **OPTIONS.get(name, {}))


def pz_told(e: MeepleAECEnv, p: int, tried: Sequence[int]) -> Readings:
    """Everything the environment tells agent p from its state: its observation and
    mask, the table's picture (``render``); when p is selected, what ``last()`` gives it
    and the refusal of each of `tried` by ``step``."""
    agent = e.possible_agents[p]
    seen = e.observe(agent)
    out: Readings = {
        "observe(agent)": (seen["observation"].tobytes(), seen["action_mask"].tobytes()),
        "render()": e.render(),
    }
    if e.agent_selection == agent:
        obs, reward, termination, truncation, info = e.last()
        seen_then = (obs["observation"].tobytes(), obs["action_mask"].tobytes())
        out["last()"] = (*seen_then, reward, termination, truncation, info)
        out["step(action)"] = [_pz_refusal(e, a) for a in tried]
    return out


def _pz_refusal(e: MeepleAECEnv, action: int) -> str:
    state = e.state
    try:
        e.step(action)
    except MeepleError as err:
        return str(err)
    finally:
        e.state = state
    return "applied"


def _pz_kept(e: MeepleAECEnv, walk: Walk, step: int) -> None:
    """Before the end, what the environment keeps for each agent tells nothing."""
    for p, agent in enumerate(e.possible_agents):
        expect(walk, "rewards", p, e.rewards[agent], 0.0)
        expect(walk, "terminations", p, e.terminations[agent], False)
        expect(walk, "truncations", p, e.truncations[agent], False)
        expect(walk, "infos", p, e.infos[agent], {})


@contextmanager
def _in_world(e: MeepleAECEnv, world: Any) -> Iterator[None]:
    """`e` showing `world` (selected as the env itself would select), then the truth."""
    state, selected = e.state, e.agent_selection
    e.state = world
    if world.to_act:
        e.agent_selection = e.possible_agents[first_asked(world)]
    try:
        yield
    finally:
        e.state, e.agent_selection = state, selected


def _pz_worlds(e: MeepleAECEnv, tried: Sequence[int], step: int, walk: Walk) -> None:
    """Each agent's readings in the truth and in worlds dealt back from its view."""
    state = e.state
    game = e._setup.game
    for p in range(len(e.possible_agents)):
        truth = pz_told(e, p, tried)
        for dseed in DETERMINIZE_SEEDS:
            world = game.determinize(state.view(p), dseed)
            if same_ending(state, world):
                with _in_world(e, world):
                    compare(truth, pz_told(e, p, tried), p, step, walk)


def pz_walk(name: str, players: int, seed: int, *, final: bool = False) -> Walk:
    """A random game through the AEC loop; at the checked states (`final`: at the end
    only), each agent's readings in the truth and in worlds dealt back from its view;
    what the environment keeps tells nothing before the end, and at the end ``last()``
    gives each agent its reward of the outcome and an empty info."""
    e = pz_env(name, players)
    e.reset(seed=seed)
    chooser = np.random.default_rng(seed)
    size = len(e._setup.vocab)
    walk = Walk()
    step = 0
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            if final:
                if not walk.states:
                    walk.states = 1
                    _pz_worlds(e, [], -1, walk)
                want = rewards_from(e.state.outcome(), e.reward_scheme)
                told = (reward, termination, truncation, info)
                p = e.possible_agents.index(agent)
                expect(walk, f"last(){AT_THE_END}", p, told, (want[p], True, False, {}))
            e.step(None)
            continue
        legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
        if not final and checked(step, e.state):
            walk.states += 1
            walk.secret_turns += secret_turn(e.state)
            _pz_kept(e, walk, step)
            _pz_worlds(e, probes(legal, size, step), step, walk)
        e.step(int(chooser.choice(legal)))
        step += 1
    return walk


# --- Gymnasium ---------------------------------------------------------------------


def gym_env(name: str, players: int, seat: int) -> MeepleEnv:
    return MeepleEnv(name, players, seat=seat, render_mode="ansi", **OPTIONS.get(name, {}))


def gym_told(env: MeepleEnv, tried: Sequence[int]) -> Readings:
    """Everything the environment tells its learner from a state where it is to act: the
    observation (``reset`` and ``step`` give the same) and ``render``, and what ``step``
    answers each of `tried` (actions outside the mask: the reason in the info)."""
    seen = env._observation()
    out: Readings = {
        "obs": (seen["observation"].tobytes(), seen["action_mask"].tobytes()),
        "render()": env.render(),
    }
    answers: list[tuple[Any, ...]] = []
    for action in tried:
        obs, reward, terminated, truncated, info = env.step(action)
        env._illegal = False
        seen_then = (obs["observation"].tobytes(), obs["action_mask"].tobytes())
        answers.append((*seen_then, reward, terminated, truncated, info))
    if tried:
        out["step(action)"] = answers
    return out


def _gym_worlds(env: MeepleEnv, tried: Sequence[int], step: int, walk: Walk) -> None:
    """The learner's readings in the truth and in worlds dealt back from its view."""
    state = env.state
    game = env._setup.game
    truth = gym_told(env, tried)
    for dseed in DETERMINIZE_SEEDS:
        world = game.determinize(state.view(env.seat), dseed)
        if same_ending(state, world):
            env.state = world
            try:
                compare(truth, gym_told(env, tried), env.seat, step, walk)
            finally:
                env.state = state


def gym_walk(name: str, players: int, seat: int, seed: int, *, final: bool = False) -> Walk:
    """A random episode for the learner at `seat`; at the checked states (`final`: at the
    end only), the learner's readings in the truth and in worlds dealt back from its view.
    Each ``step`` answers reward 0 and an empty info before the end; at the end, the
    outcome's reward and its scores and winners, nothing more."""
    env = gym_env(name, players, seat)
    obs, info = env.reset(seed=seed)
    chooser = np.random.default_rng(seed)
    size = len(env._setup.vocab)
    walk = Walk()
    step = 0
    reward, terminated, truncated = 0.0, False, False
    while not env.state.is_over:
        told = (reward, terminated, truncated, info)
        expect(walk, "step(action)", seat, told, (0.0, False, False, {}))
        legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
        if not final and checked(step, env.state):
            walk.states += 1
            walk.secret_turns += secret_turn(env.state)
            _gym_worlds(env, probes(legal, size, step), step, walk)
        obs, reward, terminated, truncated, info = env.step(int(chooser.choice(legal)))
        step += 1
    if final:
        walk.states += 1
        outcome = env.state.outcome()
        want = rewards_from(outcome, env.reward_scheme)[seat]
        told = (reward, terminated, truncated, info)
        facts = {"scores": list(outcome.scores), "winners": sorted(outcome.winners)}
        expect(walk, f"step(action){AT_THE_END}", seat, told, (want, True, False, facts))
        _gym_worlds(env, [], -1, walk)
    return walk


# --- the opponents a Gymnasium environment plays -----------------------------------


class AskedError(Exception):
    """A bot of a world's environment was asked: what it was told (and nothing chosen)."""

    def __init__(self, seat: int, told: tuple[Any, tuple[Any, ...]]) -> None:
        super().__init__(seat)
        self.seat = seat
        self.told = told


@attrs.define(eq=False)
class Recorder:
    """An opponent that records what it is told (with the true state then) and plays at
    random; `stop`: raises `AskedError` instead (a world's first question is enough)."""

    env: Any
    chooser: Any
    log: list[tuple[Any, int, tuple[Any, tuple[Any, ...]]]]
    stop: bool = False
    name: str = "recorder"

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        seat = next(p for p, bot in self.env._bots.items() if bot is self)
        told = (view, tuple(legal))
        if self.stop:
            raise AskedError(seat, told)
        self.log.append((self.env.state, seat, told))
        return legal[int(self.chooser.integers(len(legal)))]


def opponents_walk(name: str, players: int, seat: int, seed: int) -> Walk:
    """An episode whose opponents record what `MeepleEnv` tells them (``choose(view,
    legal)``); at the checked questions, what the asked seat q was told in the truth and
    what the environment tells the first bot it asks in worlds dealt back from ``view(q)``
    (when that is q again: a world may deal a secret turn to another seat)."""
    from meeple.adapters import gymnasium as adapter

    game = meeple.get_game(name)
    env = gym_env(name, players, seat)
    twin = gym_env(name, players, seat)
    chooser = np.random.default_rng(seed)
    log: list[tuple[Any, int, tuple[Any, tuple[Any, ...]]]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(adapter, "make_bot", lambda *_: Recorder(env, chooser, log))
        obs, _ = env.reset(seed=seed)
        while not env.state.is_over:
            obs, *_ = env.step(int(chooser.choice(np.flatnonzero(obs["action_mask"]))))
    walk = Walk()
    for step, (state, q, told) in enumerate(log):
        if not checked(step, state):
            continue
        walk.states += 1
        walk.secret_turns += secret_turn(state)
        twin._bots = {p: Recorder(twin, chooser, [], stop=True) for p in env._bots}
        for dseed in DETERMINIZE_SEEDS:
            twin.state = game.determinize(state.view(q), dseed)
            try:
                twin._advance()
            except AskedError as asked:
                if asked.seat == q:
                    compare({OPPONENT: told}, {OPPONENT: asked.told}, q, step, walk)
    return walk
