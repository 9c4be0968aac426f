"""The conformance kit: one call proves a game keeps the meeple contract.

`check_game` plays seeded random games for every player count and checks, at
each visited state, everything a front end or bot relies on. A failure raises
`ConformanceError` naming the game, player count, seed, step and action, so a
plugin author can reproduce it with one `game.start(...)` and the listed moves.

`check_state` runs the per-state checks in named steps, each kept by job in its own
module: each seat's actions (`meeple.testing.seats`), the views and the worlds dealt
back from them (`meeple.testing.worlds`), the capabilities
(`meeple.testing.capabilities`), and that nothing a seat is shown depends on what it
may not know (`meeple.testing.secrecy`).
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any

from ..core import codec
from ..core import rng as _rng
from ..core.errors import MeepleError
from ..core.match import GameRecord
from ..core.options import options_to_json
from ..core.outcome import Outcome
from ..core.protocols import Game
from ..core.protocols import State
from ..core.record import freeze_json
from .capabilities import check_capabilities
from .game_checks import check_bad_input
from .game_checks import check_spec
from .roundtrip import roundtrip
from .seats import check_seat
from .seats import check_who_acts
from .secrecy import check_secrecy
from .secrecy import refusal_probes
from .where import ConformanceError
from .where import Where
from .where import differs
from .where import expect
from .where import expect_hashable
from .where import guard
from .worlds import check_views

__all__ = ["ConformanceError", "check_capabilities", "check_game", "check_state"]


def _check_outcome(state: State, where: Where) -> Outcome:
    outcome: Outcome = guard(where, "outcome()", state.outcome)
    expect(isinstance(outcome, Outcome), where, "outcome() must return an Outcome")
    expect(len(outcome.scores) == state.players, where, "outcome has a score per player")
    try:
        outcome.validate()
    except ValueError as err:
        raise where.fail(f"malformed outcome: {err}") from err
    expect(outcome.final == state.is_over, where, "outcome.final must equal is_over")
    try:
        json.dumps(outcome.details)
    except (TypeError, ValueError) as err:
        raise where.fail(f"outcome.details is not JSON-able: {err}") from err
    if state.is_over:
        expect(bool(outcome.winners), where, "a finished game must have winners")
    return outcome


def check_state(
    game: Game,
    state: State,
    where: Where,
    pool: Sequence[Any] = (),
    *,
    determinize_seeds: Sequence[int] = (1, 2),
) -> None:
    """Every per-state check of the contract, step by step: the state's shape and copies,
    each seat's actions and refusals, who may act, the views and the worlds dealt back
    from them, the outcome, the capabilities, and that nothing a seat is shown depends
    on what it may not know (`meeple.testing.secrecy`)."""
    _check_shape(state, where)
    fresh = _check_copies(game, state, where)
    for p in range(state.players):
        check_seat(game, state, fresh, p, pool, where)
    check_who_acts(state, pool, where)
    seats = check_views(game, state, fresh, where, determinize_seeds)
    _check_outcome(state, where)
    roundtrip(game, state.outcome(), where, "outcome()")
    check_capabilities(game, state, where, seats)
    check_secrecy(game, state, where, seats, refusal_probes(state, seats, pool, where.step))


def _check_shape(state: State, where: Where) -> None:
    """`to_act` is a frozenset of seats, empty exactly at the end; the state hashes."""
    n = state.players
    to_act = state.to_act
    expect(isinstance(to_act, frozenset), where, "to_act must be a frozenset")
    expect(all(0 <= p < n for p in to_act), where, f"to_act {set(to_act)} has a bad seat")
    expect(
        state.is_over == (not to_act), where, "is_over must be true exactly when to_act is empty"
    )
    expect_hashable(state, where, f"{type(state).__name__} (the state)")


def _check_copies(game: Game, state: State, where: Where) -> State:
    """A deep copy, a pickle and a JSON round trip give the state back; the JSON one."""
    copied = guard(where, "copy.deepcopy(state)", copy.deepcopy, state)
    expect(copied == state, where, f"copy.deepcopy(state) differs{differs(state, copied)}")
    unpickled = guard(where, "a pickle round trip", lambda: pickle.loads(pickle.dumps(state)))
    expect(unpickled == state, where, f"an unpickled state differs{differs(state, unpickled)}")
    fresh: State = guard(  # dumps inside the guard, so what it refuses is reported with `where`
        where, "loads(dumps(state))", lambda: codec.loads(codec.dumps(state, game=game), game=game)
    )
    expect(fresh == state, where, f"state does not survive dumps/loads{differs(state, fresh)}")
    expect(hash(fresh) == hash(state), where, "a state loaded from JSON hashes differently")
    return fresh


def _spread(count: int, limit: int | None) -> set[int]:
    if limit is None or limit >= count:
        return set(range(count))
    if limit <= 1:
        return {count - 1}
    return {round(i * (count - 1) / (limit - 1)) for i in range(limit)}


def _unchanged(game: Game, state: State, frozen: bytes) -> bool:
    """Whether `state` still is what its pickle `frozen` was.

    The pickle holds every field, so equal bytes prove nothing changed, and they
    cost a fraction of the JSON. Different bytes fall back to the JSON of the state
    the pickle gives back: a state may keep a memo in a field that pickles, and only
    what the state shows counts. (The JSON is written only then, not at every step.)
    """
    if pickle.dumps(state) == frozen:
        return True
    before = pickle.loads(frozen)
    return bool(codec.dumps(state, game=game) == codec.dumps(before, game=game))


def _playout(
    game: Game, players: int, seed: int, options: Any, steps: int | None, pool_size: int
) -> None:
    """One seeded random game, checked: the play itself, then the full per-state checks
    at `steps` states of it, then its replays."""
    where = Where(game.spec.name, players, seed)
    states, moves = _play(game, players, seed, options, where)
    _check_outcome(states[-1], where)
    pool = _pool(states, pool_size)
    texts = where.moves  # every move's notation, taken once during the play
    for index in sorted(_spread(len(states), steps)):
        where.step = index
        where.action = f"p{texts[index][0]}:{texts[index][1]}" if index < len(moves) else "-"
        where.moves = texts[:index]
        check_state(game, states[index], where, pool)
        if index < len(moves):
            _check_every_move_applies(states[index], moves[index][0], where)
    where.moves = []
    _check_replays(game, players, seed, options, states, moves, where)


def _play(
    game: Game, players: int, seed: int, options: Any, where: Where
) -> tuple[list[State], list[tuple[int, Any]]]:
    """Random legal moves from the start to the end (within ``max_steps``), each leaving
    its input unchanged: every state visited, and the moves."""
    bound = game.spec.max_steps(players)
    start = guard(where, "start", game.start, players, seed=seed, options=options)
    twin = guard(where, "start", game.start, players, seed=seed, options=options)
    expect(start == twin, where, "start() with the same seed gave different states")
    chooser = _rng.seed_rng(_rng.derive_seed(seed, "kit"))
    state: State = start
    states: list[State] = [state]
    moves: list[tuple[int, Any]] = []
    while not state.is_over:
        where.step = len(moves)
        expect(
            len(moves) < bound,
            where,
            f"the game did not end within spec.max_steps({players}) = {bound} actions",
        )
        actor, chooser = _rng.choice(chooser, sorted(state.to_act))
        acts = guard(where, f"legal_actions({actor})", state.legal_actions, actor)
        expect(len(acts) > 0, where, f"player {actor} is to act but has no legal action")
        action, chooser = _rng.choice(chooser, acts)
        where.action = f"p{actor}:{action}"
        frozen = guard(where, "pickle.dumps(state)", pickle.dumps, state)
        new = guard(where, f"apply({action})", state.apply, action, actor)
        unchanged = guard(where, "dumps(state)", _unchanged, game, state, frozen)
        expect(unchanged, where, "apply changed its input state")
        moves.append((actor, action))
        where.moves.append((actor, str(action)))
        states.append(new)
        state = new
    where.step, where.action = len(moves), "-"
    return states, moves


def _pool(states: Sequence[State], size: int) -> list[Any]:
    """Up to `size` actions seen legal anywhere in the game (from about 40 of its states),
    to offer where they are not legal."""
    pool: list[Any] = []
    seen: set[str] = set()
    for visited in states[:: max(1, len(states) // 40)]:
        for p in sorted(visited.to_act):
            for action in visited.legal_actions(p):
                text = str(action)
                if text not in seen and len(pool) < size:
                    seen.add(text)
                    pool.append(action)
    return pool


def _check_every_move_applies(state: State, actor: int, where: Where) -> None:
    """Every legal action of the actor applies (a sample of them if there are many)."""
    acts = state.legal_actions(actor)
    for action in acts[:: max(1, len(acts) // 6)]:
        result = guard(where, f"apply({action})", state.apply, action, actor)
        expect(hasattr(result, "legal_actions"), where, "apply must return a State")


def _check_replays(
    game: Game,
    players: int,
    seed: int,
    options: Any,
    states: Sequence[State],
    moves: Sequence[tuple[int, Any]],
    where: Where,
) -> None:
    """The same seed and moves give the same states, step by step; a GameRecord of the
    game survives JSON and replays to the same final state."""
    replay: State = states[0]
    for index, (actor, action) in enumerate(moves):
        where.step = index
        replay = replay.apply(game.parse_action(str(action)), actor)
        expect(replay == states[index + 1], where, "replaying the same moves gave another state")
    record = GameRecord(
        game=game.spec.name,
        rules_version=game.spec.rules_version,
        players=players,
        seed=seed,
        options=tuple(sorted((k, freeze_json(v)) for k, v in options_to_json(options).items()))
        if options is not None
        else (),
        moves=tuple((p, str(a)) for p, a in moves),
    )
    back = codec.loads(codec.dumps(record))
    expect(back == record, where, "a GameRecord does not survive dumps/loads")
    try:
        match = back.replay_with(game)
    except MeepleError as err:
        raise where.fail(f"a record of this game does not replay: {err}") from err
    expect(match.state == states[-1], where, "replaying the record gave another final state")


def check_game(
    game: Game,
    players: int | Iterable[int] | None = None,
    seeds: Iterable[int] = range(3),
    steps: int | None = None,
    *,
    options: Any = None,
    pool_size: int = 60,
) -> None:
    """Run the whole conformance kit; raise ConformanceError on the first breach.

    players: a count or counts to check (default: every count the spec allows).
    seeds: one random playout per seed and player count.
    steps: how many states of each playout get the full (slow) per-state checks,
        spread evenly from start to end; None checks every state.
    options: an Options instance (default: the rulebook game).
    """
    check_spec(game)
    counts: list[int]
    if players is None:
        counts = list(game.spec.player_counts())
    elif isinstance(players, int):
        counts = [players]
    else:
        counts = list(players)
    seed_list = list(seeds)
    if not seed_list:
        raise ValueError("check_game needs at least one seed")
    check_bad_input(game, seed_list[0])
    if options is not None:
        roundtrip(game, options, Where(game.spec.name, 0, 0), "options")
    for n in counts:
        for seed in seed_list:
            _playout(game, n, seed, options, steps, pool_size)
