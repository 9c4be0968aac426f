"""Secrecy end to end through the RL adapters: nothing an adapter tells a seat depends on
what that seat may not know.

For each built-in game at two player counts, random games walk through each adapter
(`secrecy_walk`); at sampled states, and at every secret turn, each per-seat channel is
read in the true state and in worlds dealt back from the seat's view, and must read the
same. Each check is shown to fail on a deliberately leaking variant of its channel
(`test_*_check_catches_a_leaking_*`). The channels a seat may be handed, and the
driver's (full information, or the turn order), are listed in docs/adapters/*.md;
`test_the_docs_list_what_a_seat_may_be_handed` reads those lists.

Why here and not in the conformance kit (`meeple.testing.check_game`): what these
channels carry beyond the game's own hooks is adapter code (which view goes where, the
info dicts, a seat's own past actions, the turn order), the same for every game, which
a plugin author cannot change; what a plugin author can change (``encode_view`` and
``encode_state``, ``render``, each seat's view) the kit checks for every game. So the
adapters are proven once, here, over the built-in games, whose secrets differ in kind:
hands (Miś Wojtek, Bear Went Over the Mountain), cards known by their backs (The Way of
the Bear), secret turns (Wypas offers). The spectator's view, which PettingZoo's
``render()`` and OpenSpiel's ``str(state)`` show every seat, is a game's and a plugin
author's to get right, so the kit proves it tells no seat more than the seat's own
view. The final outcome (every adapter's end-of-game reward) is the game's too: the kit
holds it to the final views, and it is checked here again through the adapters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest

from meeple.adapters import gymnasium as gym_adapter
from meeple.adapters import openspiel as spiel_adapter
from meeple.adapters import pettingzoo as pz_adapter
from meeple.adapters._spiel_observer import MeepleObserver
from meeple.adapters.openspiel import MeepleSpielState
from meeple.adapters.openspiel import register
from meeple.core import MeepleError
from meeple.way_of_bear import invariants as wob_invariants
from meeple.way_of_bear import view as wob_view
from meeple.way_of_bear.game import WayOfBear

from ..shared import ROOT
from ..toy_game import TOY
from .secrecy_walk import AT_THE_END
from .secrecy_walk import CASES
from .secrecy_walk import CPP
from .secrecy_walk import OPPONENT
from .secrecy_walk import PUBLIC
from .secrecy_walk import SEEDS
from .secrecy_walk import Walk
from .secrecy_walk import base
from .secrecy_walk import gym_walk
from .secrecy_walk import opponents_walk
from .secrecy_walk import outcome_walk
from .secrecy_walk import pz_walk
from .secrecy_walk import secret
from .secrecy_walk import spiel_game
from .secrecy_walk import spiel_walk

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]

SPIEL_CHANNELS = {
    "observation_string(p)",
    "information_state_string(p)",
    "observation_tensor(p)",
    "information_state_tensor(p)",
    f"observation_string(p){CPP}",
    f"information_state_string(p){CPP}",
    f"observation_tensor(p){CPP}",
    f"information_state_tensor(p){CPP}",
    PUBLIC,
    "action_to_string(p, a)",
    "str(state)",
    "is_terminal()",
    "returns()",
    "rewards()",
    "player_return(p)",
    "legal_actions(p)",
    "legal_actions()",
    f"legal_actions(p){CPP}",
    "legal_actions_mask(p)",
    "apply_action(a)",
}
PZ_CHANNELS = {
    "observe(agent)",
    "render()",
    "last()",
    "step(action)",
    "rewards",
    "terminations",
    "truncations",
    "infos",
}
GYM_CHANNELS = {"obs", "render()", "step(action)"}
END_CHANNELS = {
    "openspiel": {f"returns(){AT_THE_END}", "returns()", "observation_string(p)"},
    "pettingzoo": {f"last(){AT_THE_END}", "observe(agent)", "render()"},
    "gymnasium": {f"step(action){AT_THE_END}", "obs", "render()"},
}


def walks(walk: Callable[[int], Walk]) -> Walk:
    """One walk per seed of `SEEDS`, added up."""
    total = Walk()
    for seed in SEEDS:
        total.add(walk(seed))
    return total


def assert_sealed(walk: Walk, channels: set[str], name: str) -> None:
    """No leak, every channel compared, and (Wypas) secret turns among the states."""
    assert not walk.leaks, "\n".join(map(str, walk.leaks.values()))
    assert channels <= set(walk.compared), f"never compared: {channels - set(walk.compared)}"
    if name == "wypas":
        assert walk.secret_turns > 0


@pytest.mark.parametrize(("name", "players"), CASES)
def test_openspiel_tells_each_seat_only_what_its_view_shows(name: str, players: int) -> None:
    walk = walks(lambda seed: spiel_walk(name, players, seed))
    assert_sealed(walk, SPIEL_CHANNELS, name)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_pettingzoo_tells_each_agent_only_what_its_view_shows(name: str, players: int) -> None:
    walk = walks(lambda seed: pz_walk(name, players, seed))
    assert_sealed(walk, PZ_CHANNELS, name)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_gymnasium_tells_the_learner_only_what_its_view_shows(name: str, players: int) -> None:
    walk = walks(lambda seed: gym_walk(name, players, seed % players, seed))
    assert_sealed(walk, GYM_CHANNELS, name)


@pytest.mark.parametrize(("name", "players"), [c for c in CASES if c[1] > 1])
def test_gymnasium_tells_each_opponent_bot_only_its_own_view(name: str, players: int) -> None:
    walk = walks(lambda seed: opponents_walk(name, players, seed % players, seed))
    assert_sealed(walk, {OPPONENT}, name)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_at_the_end_each_adapter_tells_the_outcome_and_nothing_more(
    name: str, players: int
) -> None:
    # The readings at the end are compared in worlds dealt back from the final views that
    # have the true outcome: the end tells every seat the outcome (see the next test).
    for adapter, walk in (
        ("openspiel", walks(lambda seed: spiel_walk(name, players, seed, final=True))),
        ("pettingzoo", walks(lambda seed: pz_walk(name, players, seed, final=True))),
        ("gymnasium", walks(lambda seed: gym_walk(name, players, 0, seed, final=True))),
    ):
        assert not walk.leaks, f"{adapter}: " + "\n".join(map(str, walk.leaks.values()))
        assert END_CHANNELS[adapter] <= set(walk.compared), adapter


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_final_outcome_reads_the_same_in_worlds_dealt_from_each_final_view(
    name: str, players: int
) -> None:
    # What every adapter's end-of-game rewards are made from.
    walk = walks(lambda seed: outcome_walk(name, players, seed))
    assert not walk.leaks, "\n".join(map(str, walk.leaks.values()))
    assert walk.compared["outcome()"] == len(SEEDS) * players * 2


# --- each check can fail --------------------------------------------------------------


def _tag(state: Any) -> str:
    return f" #{secret(state)}"


def _leaky_str(original: Any) -> Any:
    return lambda self, *args: original(self, *args) + _tag(self.meeple_state)


def _leaky_list(original: Any) -> Any:
    return lambda self, *args: [*original(self, *args), secret(self.meeple_state)]


def _meeple_state(spiel_state: Any) -> Any:
    return spiel_state.meeple_state


def _fewer(legal: Any, state: Any) -> Any:
    """`legal` without its first action when the hidden state says so (never emptied):
    a leak through which choices are offered that the walks' random play survives."""
    return legal[1:] if len(legal) > 1 and secret(state) % 2 else legal


def _leaky_choices(original: Any) -> Any:
    return lambda self, *args: _fewer(original(self, *args), self.meeple_state)


def _leaky_refusal(original: Any, state_of: Callable[[Any], Any] = _meeple_state) -> Any:
    """`original` (an adapter's method that applies an action), whose refusals name
    something of the whole state (`state_of` the adapter's own object)."""

    def act(self: Any, action: Any) -> Any:
        try:
            return original(self, action)
        except MeepleError as err:
            raise MeepleError(f"{err}{_tag(state_of(self))}") from err

    return act


def _leaky_observer_string(original: Any) -> Any:
    return lambda self, state, p: original(self, state, p) + _tag(state.meeple_state)


def _leaky_observer_tensor(original: Any) -> Any:
    def set_from(self: Any, state: Any, p: int) -> None:
        original(self, state, p)
        self.tensor[0] = secret(state.meeple_state)

    return set_from


SPIEL_LEAKS = [
    # (class, method, a leaking variant of it, the channel that must then be reported):
    # each variant mixes something of the whole meeple state (hidden cards included)
    # into what the method tells.
    (MeepleSpielState, "observation_string", _leaky_str, "observation_string(p)"),
    (MeepleSpielState, "information_state_string", _leaky_str, "information_state_string(p)"),
    (MeepleSpielState, "observation_tensor", _leaky_list, "observation_tensor(p)"),
    (MeepleSpielState, "information_state_tensor", _leaky_list, "information_state_tensor(p)"),
    (MeepleObserver, "string_from", _leaky_observer_string, f"observation_string(p){CPP}"),
    (MeepleObserver, "string_from", _leaky_observer_string, f"information_state_string(p){CPP}"),
    (MeepleObserver, "set_from", _leaky_observer_tensor, f"observation_tensor(p){CPP}"),
    (MeepleObserver, "set_from", _leaky_observer_tensor, f"information_state_tensor(p){CPP}"),
    (MeepleSpielState, "_action_to_string", _leaky_str, "action_to_string(p, a)"),
    (MeepleSpielState, "__str__", _leaky_str, "str(state)"),
    (MeepleSpielState, "returns", _leaky_list, "returns()"),
    (MeepleSpielState, "returns", _leaky_list, f"returns(){AT_THE_END}"),
    (MeepleSpielState, "legal_actions", _leaky_choices, "legal_actions(p)"),
    (MeepleSpielState, "_legal_actions", _leaky_choices, f"legal_actions(p){CPP}"),
    (MeepleSpielState, "_apply_action", _leaky_refusal, "apply_action(a)"),
]


@pytest.mark.parametrize(
    ("owner", "method", "variant", "channel"), SPIEL_LEAKS, ids=[c for *_, c in SPIEL_LEAKS]
)
def test_openspiel_check_catches_a_leaking_channel(
    owner: type,
    method: str,
    variant: Callable[[Any], Any],
    channel: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(owner, method, variant(getattr(owner, method)))
    walk = spiel_walk("wojtek", 3, 1, final=channel.endswith(AT_THE_END))
    assert channel in walk.leaks


def test_openspiel_check_catches_a_public_observer_that_shows_a_seats_own_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What the public observer did before it was fixed (tests/adapters/test_public_observer.py).
    monkeypatch.setattr(spiel_adapter, "observer_kind", lambda kind, params: (False, False))
    assert PUBLIC in spiel_walk("wojtek", 3, 1).leaks


def _changed(seen: Any, part: str, state: Any) -> Any:
    """An environment's observation dict with `part` leaking: the mask one legal action
    fewer (as `_fewer` says), the observation's first number from the hidden state."""
    seen = dict(seen)
    changed = seen[part].copy()
    if part == "action_mask":
        legal = np.flatnonzero(changed)
        changed[legal] = 0
        changed[_fewer(legal, state)] = 1
    else:
        changed[0] = secret(state) % 2
    seen[part] = changed
    return seen


def _leaky_observe(part: str) -> Callable[[Any], Any]:
    def make(original: Any) -> Any:
        return lambda self, *agent: _changed(original(self, *agent), part, self.state)

    return make


def _leaky_render(original: Any) -> Any:
    return lambda self: original(self) + _tag(self.state)


def _leaky_infos(original: Any) -> Any:
    def step(self: Any, action: Any) -> None:
        original(self, action)
        for agent in self.infos:
            self.infos[agent] = {"tag": secret(self.state)}

    return step


def _leaky_end(original: Any) -> Any:
    def step(self: Any, action: Any) -> None:
        original(self, action)
        if self.state.is_over:
            for agent in self._cumulative_rewards:
                self._cumulative_rewards[agent] += secret(self.state)

    return step


def _leaky_info(original: Any) -> Any:
    def step(self: Any, action: Any) -> Any:
        obs, reward, terminated, truncated, info = original(self, action)
        return obs, reward, terminated, truncated, {**info, "tag": secret(self.state)}

    return step


def _pz(final: bool) -> Walk:
    return pz_walk("wojtek", 3, 1, final=final)


def _gym(final: bool) -> Walk:
    return gym_walk("wojtek", 3, 0, 1, final=final)


PZ = pz_adapter.MeepleAECEnv
GYM = gym_adapter.MeepleEnv
ENV_LEAKS = [
    # (environment class, method, a leaking variant of it, the walk, the channel it
    # must then report)
    (PZ, "observe", _leaky_observe("observation"), _pz, "observe(agent)"),
    (PZ, "observe", _leaky_observe("action_mask"), _pz, "observe(agent)"),
    (PZ, "observe", _leaky_observe("observation"), _pz, "last()"),
    (PZ, "render", _leaky_render, _pz, "render()"),
    (PZ, "step", _leaky_infos, _pz, "infos"),
    (PZ, "step", lambda original: _leaky_refusal(original, lambda e: e.state), _pz, "step(action)"),
    (PZ, "step", _leaky_end, _pz, f"last(){AT_THE_END}"),
    (GYM, "_observation", _leaky_observe("observation"), _gym, "obs"),
    (GYM, "_observation", _leaky_observe("action_mask"), _gym, "obs"),
    (GYM, "render", _leaky_render, _gym, "render()"),
    (GYM, "step", _leaky_info, _gym, "step(action)"),
    (GYM, "step", _leaky_info, _gym, f"step(action){AT_THE_END}"),
]


@pytest.mark.parametrize(
    ("owner", "method", "variant", "walk", "channel"),
    ENV_LEAKS,
    ids=[f"{owner.__name__}.{method}-{channel}" for owner, method, _, _, channel in ENV_LEAKS],
)
def test_environment_check_catches_a_leaking_channel(
    owner: type,
    method: str,
    variant: Callable[[Any], Any],
    walk: Callable[[bool], Walk],
    channel: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(owner, method, variant(getattr(owner, method)))
    assert channel in walk(channel.endswith(AT_THE_END)).leaks


def _leaky_advance(original: Any) -> Any:
    # hands each opponent the whole state instead of its view
    def advance(self: Any) -> None:
        while not self.state.is_over and self.seat not in self.state.to_act:
            player = min(self.state.to_act)
            action = self._bots[player].choose(self.state, self.state.legal_actions(player))
            self.state = self.state.apply(action, player)

    return advance


def test_gymnasium_check_catches_an_opponent_told_the_whole_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(GYM, "_advance", _leaky_advance(GYM._advance))
    assert OPPONENT in opponents_walk("wojtek", 3, 0, 1).leaks


def test_the_outcome_check_catches_an_outcome_that_counts_a_hidden_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Way of the Bear before its final views showed the hands: the final outcome
    # counted the Dragon Hoard, which no seat had been shown.
    hidden = _hands_kept_hidden(wob_view.view_of)
    monkeypatch.setattr(WayOfBear, "_view", staticmethod(hidden))
    monkeypatch.setattr(wob_invariants, "_check_shown", lambda view: None)
    assert "outcome()" in outcome_walk("way_of_bear", 2, 0).leaks


def _hands_kept_hidden(original: Any) -> Any:
    return lambda s, player: attrs.evolve(original(s, player), shown_hands=())


# --- the driver's channels --------------------------------------------------------------


def test_the_turn_order_shows_secret_turns_so_it_is_the_drivers() -> None:
    # Wypas seat 3 is offered its Thief in secret at the start (seed 0): the table sees
    # seat 0 to act. A sequential driver must ask seat 3 first, so current_player() and
    # agent_selection name it, and legal_actions(0) is empty until it has answered: in a
    # world dealt back from seat 0's view, where the Thief lies elsewhere, seat 0 is asked.
    game = spiel_game("wypas", 4)
    state = game.new_initial_state(0)
    assert state.meeple_state.view(None).to_act == frozenset({0})
    assert (state.current_player(), state.legal_actions(0)) == (3, [])
    worlds = [state.resample_from_infostate(0, lambda d=d: d) for d in (0.17, 0.71)]
    assert 0 in [world.current_player() for world in worlds]
    e = pz_adapter.env("wypas", 4)
    e.reset(seed=0)
    assert e.agent_selection == "player_3"


def test_history_names_a_choice_other_seats_cannot_see_so_it_is_the_drivers() -> None:
    # The toy's picks are simultaneous and secret: after seat 0 picks, seat 1's strings
    # read the same whichever card it picked, but history() names the card.
    game = pyspiel.load_game(register(TOY), {"players": 2})
    start = game.new_initial_state(0)
    picks = start.legal_actions()
    states = []
    for pick in picks[:2]:
        state = start.clone()
        state.apply_action(pick)
        states.append(state)
    first, second = states
    assert first.information_state_string(1) == second.information_state_string(1)
    assert first.observation_tensor(1) == second.observation_tensor(1)
    assert first.history() != second.history()


# --- the docs ---------------------------------------------------------------------------

DRIVER = {
    "openspiel": {"current_player()", "history()", "move_number()", "serialize()", "meeple_state"},
    "pettingzoo": {"agent_selection", "state"},
    "gymnasium": {"state"},
}


def handed(page: str) -> dict[str, str]:
    """The table of docs/adapters/<page>.md's section on what a seat may be handed:
    each backticked channel of its first column -> its second column."""
    text = (ROOT / "docs" / "adapters" / f"{page}.md").read_text(encoding="utf-8")
    section = text.split("## What a seat may be handed", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not line.startswith("|") or set(cells[0]) <= {"-", " "}:
            continue
        for name in re.findall(r"`([^`]+)`", cells[0]):
            rows[name] = cells[1]
    return rows


@pytest.mark.parametrize(
    ("page", "channels"),
    [
        ("openspiel", SPIEL_CHANNELS | END_CHANNELS["openspiel"]),
        ("pettingzoo", PZ_CHANNELS | END_CHANNELS["pettingzoo"]),
        ("gymnasium", GYM_CHANNELS | END_CHANNELS["gymnasium"] | {OPPONENT}),
    ],
)
def test_the_docs_list_what_a_seat_may_be_handed(page: str, channels: set[str]) -> None:
    rows = handed(page)
    per_seat = {name for name, kind in rows.items() if kind != "driver"}
    assert {base(channel) for channel in channels} == per_seat
    assert {name for name, kind in rows.items() if kind == "driver"} >= DRIVER[page]
