"""OpenSpiel at full speed on long games, and seeds that mean what they say (issue 16).

pyspiel's `PyState::Clone` builds ``game.new_initial_state()`` and deep-copies every
Python attribute of the state; `ObservationTensorShape` builds a new initial state
each time a tensor is read. These tests count that work (objects deep-copied, deals
dealt, views encoded, bytes allocated), never time it.
"""

from __future__ import annotations

import copy
import gc
import random
import tracemalloc
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import pyspiel
import pytest
from open_spiel.python import rl_environment

from meeple.adapters import _common
from meeple.adapters.openspiel import register
from meeple.core import InvalidOptionsError

from ..shared import number
from ..shared import says
from ..toy_game import TOY

EARLY, LATE = 10, 5_000
"""The moves of a long game at which clone and apply_action must cost the same."""
SEATS = 6
"""The seats of that long Wypas game (the most Wypas seats: the longest game)."""


@contextmanager
def counting_deepcopies() -> Iterator[list[int]]:
    """Count every object `copy.deepcopy` visits (pyspiel looks it up on each clone)."""
    calls = [0]
    real = copy.deepcopy

    def counted(x: Any, memo: Any = None, _nil: Any = None) -> Any:
        calls[0] += 1
        return real(x, memo) if _nil is None else real(x, memo, _nil)

    copy.deepcopy = counted
    try:
        yield calls
    finally:
        copy.deepcopy = real


@pytest.fixture
def deals_and_encodings(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many deals (`Setup.start`) and encodings of a state (`Setup.blocks`,
    which every tensor comes through) the adapter makes."""
    counts = {"deals": 0, "encodings": 0}
    start, init = _common.Setup.start, _common.Setup.__init__

    def counted_start(self: _common.Setup, seed: int) -> Any:
        counts["deals"] += 1
        return start(self, seed)

    def counted_init(self: _common.Setup, *args: Any) -> None:
        init(self, *args)
        make = self.blocks

        def counted_blocks(state: Any, seat: int) -> Any:
            counts["encodings"] += 1
            return make(state, seat)

        self.blocks = counted_blocks

    monkeypatch.setattr(_common.Setup, "start", counted_start)
    monkeypatch.setattr(_common.Setup, "__init__", counted_init)
    return counts


def play_to(state: Any, moves: int, chooser: random.Random) -> None:
    """Random legal moves until `moves` have been made (the game must not end before)."""
    while state.move_number() < moves:
        assert not state.is_terminal(), f"the game ended before move {moves}"
        legal = state.legal_actions()
        state.apply_action(legal[chooser.randrange(len(legal))])


def allocated_by(work: Callable[[], object]) -> int:
    """Peak bytes `work` allocates beyond what was live before it (gc paused)."""
    gc.collect()
    gc.disable()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        work()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
        gc.enable()


def long_wypas_game_at(*moves: int) -> Iterator[tuple[Any, Any, random.Random, int]]:
    """A seeded six-player Wypas game through OpenSpiel, paused at each count of `moves`:
    the pyspiel game, its state, the move chooser (to go on with), the count."""
    game = pyspiel.load_game(register("wypas"), {"players": SEATS, "seed": 1})
    state = game.new_initial_state()
    chooser = random.Random(1)
    for count in moves:
        play_to(state, count, chooser)
        yield game, state, chooser, count


def test_clone_copies_as_much_at_move_5000_as_at_move_10(
    deals_and_encodings: dict[str, int],
) -> None:
    # Finding 1: the per-state move list was deep-copied on every clone, 21 ms at move
    # 9,800 of a 6-player Wypas game against 0.09 ms at move 10.
    work = {}
    for _, state, _, moves in long_wypas_game_at(EARLY, LATE):
        deals = deals_and_encodings["deals"]
        with counting_deepcopies() as copied:
            clone = state.clone()
        work[moves] = copied[0]
        assert deals_and_encodings["deals"] == deals, "a clone must not deal a new game"
        assert clone.history() == state.history()
        assert str(clone) == str(state)
    assert work[LATE] <= 2 * work[EARLY], work


def test_apply_action_allocates_as_much_at_move_5000_as_at_move_10() -> None:
    # Finding 1: apply_action rebuilt the whole move list on every step. Measured as
    # the bytes the adapter allocates beyond meeple's own apply of the same move.
    overhead = {}
    for game, state, chooser, moves in long_wypas_game_at(EARLY, LATE):
        legal = state.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        player = state.current_player()
        inner = state.meeple_state
        move = game.meeple.vocab.action(action)
        inner.legal_actions(player)  # both paths start from a cached legal tuple
        own = allocated_by(partial(inner.apply, move, player))
        wrapped = allocated_by(partial(state.clone().apply_action, action))
        overhead[moves] = max(0, wrapped - own)
    assert overhead[LATE] <= 2 * max(overhead[EARLY], 1_000), overhead


def test_full_length_wypas_random_sim_test() -> None:
    # Finding 1: did not finish in 170 s; OpenSpiel clones, renders and reads the
    # information-state tensor at every one of the ~2,900 steps.
    game = pyspiel.load_game(register("wypas"), {"players": 3})
    pyspiel.random_sim_test(game, 1, False, False)


def random_games(game: Any, games: int, read: bool) -> list[tuple[Any, list[int], list[float]]]:
    """Play `games` games from ``new_initial_state()``; `read` reads every tensor and string
    at every step, clones, and asks the game its tensor shapes."""
    chooser = random.Random(7)
    played = []
    for _ in range(games):
        if read:
            game.observation_tensor_shape()
            game.information_state_tensor_size()
        state = game.new_initial_state()
        first = state.meeple_state  # the deal
        while not state.is_terminal():
            if read:
                for player in range(game.num_players()):
                    state.observation_tensor(player)
                    state.information_state_tensor(player)
                    state.observation_string(player)
                state = state.clone()
            legal = state.legal_actions()
            state.apply_action(legal[chooser.randrange(len(legal))])
        played.append((first, state.history(), state.returns()))
    return played


@pytest.mark.parametrize(
    ("game_name", "params"),
    [(register(TOY), {"players": 3, "seed": 5}), (register("bear_mountain"), {"players": 2})],
)
def test_a_seeded_sequence_of_games_is_the_same_whether_or_not_tensors_are_read(
    game_name: str, params: dict[str, Any]
) -> None:
    # Finding 2: pyspiel sizes a tensor by building a new initial state, which took
    # the next seed, so reading a tensor changed which games came next.
    plain = random_games(pyspiel.load_game(game_name, params), 6, read=False)
    reading = random_games(pyspiel.load_game(game_name, params), 6, read=True)
    assert reading == plain
    assert len({first for first, _, _ in plain}) > 1, "each game takes the next seed"


def test_rl_environment_plays_the_seeded_sequence() -> None:
    # rl_environment reads every player's tensor on reset and after every step.
    params = {"players": 3, "seed": 5}
    plain = random_games(pyspiel.load_game(register(TOY), params), 4, read=False)
    env = rl_environment.Environment(pyspiel.load_game(register(TOY), params))
    chooser = random.Random(7)
    for first, history, _ in plain:
        step = env.reset()
        assert env.get_state.meeple_state == first
        while not step.last():
            legal = step.observations["legal_actions"][step.observations["current_player"]]
            step = env.step([legal[chooser.randrange(len(legal))]])
        assert env.get_state.history() == history


def test_reading_tensors_costs_one_deal_per_game_and_one_encoding_per_read(
    deals_and_encodings: dict[str, int],
) -> None:
    # Finding 2: every tensor read dealt a whole new game to size the tensor, and
    # encoded its view; sizing must cost nothing per step.
    game = pyspiel.load_game(register("wojtek"), {"players": 3})
    games, reads = 3, 0
    chooser = random.Random(3)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.observation_tensor()
            reads += 1
            legal = state.legal_actions()
            state.apply_action(legal[chooser.randrange(len(legal))])
    assert deals_and_encodings["deals"] <= games + 1  # the next game is dealt to size tensors
    assert reads <= deals_and_encodings["encodings"] <= reads + games + 1


def test_fresh_states_share_the_deal_until_one_is_played() -> None:
    # The documented consequence of taking a seed on first use: two fresh states made
    # before either is played are the same deal; the next state after a first action
    # is the next seed's; new_initial_state("17") is seed 17's, outside the sequence.
    game = pyspiel.load_game(register("bear_mountain"), {"players": 2, "seed": 3})
    first, twin = game.new_initial_state(), game.new_initial_state()
    assert first.meeple_state == twin.meeple_state
    first.apply_action(first.legal_actions()[0])
    after = game.new_initial_state()
    fourth = pyspiel.load_game(register("bear_mountain"), {"players": 2, "seed": 4})
    assert after.meeple_state == fourth.new_initial_state().meeple_state
    twin.apply_action(twin.legal_actions()[0])  # the twin plays the deal it showed
    assert twin.history() == first.history()
    assert twin.meeple_state == first.meeple_state
    assert game.new_initial_state().meeple_state == after.meeple_state  # no seed taken
    by_seed = game.new_initial_state("17")
    by_seed.apply_action(by_seed.legal_actions()[0])
    seventeen = pyspiel.load_game(register("bear_mountain"), {"players": 2, "seed": 17})
    assert game.new_initial_state(17).meeple_state == seventeen.new_initial_state().meeple_state
    assert game.new_initial_state().meeple_state == after.meeple_state  # still seed 4's
    with pytest.raises(InvalidOptionsError, match="takes a seed"):
        game.new_initial_state("seventeen")


def test_the_openspiel_page_names_the_moves_these_tests_compare() -> None:
    said = says(
        "docs/adapters/openspiel.md",
        r"objects deep-copied by a clone at move ([\d,]+) of a (\w+)-player Wypas game against "
        r"move (\d+); bytes allocated by `apply_action`",
    )
    late, seats, early = said.groups()
    assert (number(early), number(late), number(seats)) == (EARLY, LATE, SEATS)
