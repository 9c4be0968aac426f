"""The conformance kit: one call proves a game keeps the meeple contract.

`check_game` plays seeded random games for every player count and checks, at
each visited state, everything a front end or bot relies on. A failure raises
`ConformanceError` naming the game, player count, seed, step and action, so a
plugin author can reproduce it with one `game.start(...)` and the listed moves.
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
from ..core.base import StateBase
from ..core.errors import AmbiguousPlayerError
from ..core.errors import GameOverError
from ..core.errors import IllegalActionError
from ..core.errors import InvalidPlayerError
from ..core.errors import MeepleError
from ..core.match import GameRecord
from ..core.options import options_to_json
from ..core.outcome import Outcome
from ..core.protocols import Game
from ..core.protocols import State
from ..core.protocols import View
from ..core.record import freeze_json
from .capabilities import check_capabilities
from .game_checks import check_bad_input
from .game_checks import check_spec
from .to_act import check_view_to_act
from .where import ConformanceError
from .where import Where
from .where import differs
from .where import expect
from .where import expect_hashable
from .where import guard

__all__ = ["ConformanceError", "check_capabilities", "check_game", "check_state"]


def _roundtrip(game: Game, obj: Any, where: Where, what: str) -> None:
    text = guard(where, f"dumps({what})", codec.dumps, obj, game=game)
    json.loads(text)
    back = guard(where, f"loads(dumps({what}))", codec.loads, text, game=game)
    expect(back == obj, where, f"{what} does not survive dumps/loads{differs(obj, back)}")
    expect(hash(back) == hash(obj), where, f"{what} loaded from JSON hashes differently")


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
    """Every per-state check of the contract (see the module docstring)."""
    n = state.players
    to_act = state.to_act
    expect(isinstance(to_act, frozenset), where, "to_act must be a frozenset")
    expect(all(0 <= p < n for p in to_act), where, f"to_act {set(to_act)} has a bad seat")
    expect(
        state.is_over == (not to_act), where, "is_over must be true exactly when to_act is empty"
    )
    expect_hashable(state, where, f"{type(state).__name__} (the state)")

    copied = guard(where, "copy.deepcopy(state)", copy.deepcopy, state)
    expect(copied == state, where, f"copy.deepcopy(state) differs{differs(state, copied)}")
    unpickled = guard(where, "a pickle round trip", lambda: pickle.loads(pickle.dumps(state)))
    expect(unpickled == state, where, f"an unpickled state differs{differs(state, unpickled)}")
    fresh = guard(  # dumps inside the guard, so what it refuses is reported with `where`
        where, "loads(dumps(state))", lambda: codec.loads(codec.dumps(state, game=game), game=game)
    )
    expect(fresh == state, where, f"state does not survive dumps/loads{differs(state, fresh)}")
    expect(hash(fresh) == hash(state), where, "a state loaded from JSON hashes differently")

    for p in range(n):
        acts = guard(where, f"legal_actions({p})", state.legal_actions, p)
        expect(isinstance(acts, tuple), where, "legal_actions must return a tuple")
        if p not in to_act:
            expect(acts == (), where, f"player {p} is not to act but has legal actions")
            continue
        expect(len(acts) > 0, where, f"player {p} is to act but has no legal action")
        expect(fresh.legal_actions(p) == acts, where, "legal_actions is not deterministic")
        texts = [str(a) for a in acts]
        expect(
            len(set(texts)) == len(texts),
            where,
            f"two legal actions share a notation: {sorted(t for t in texts if texts.count(t) > 1)}",
        )
        for action in acts:
            expect_hashable(action, where, f"action {action}")
        expect(len(set(acts)) == len(acts), where, "legal_actions lists an action twice")
        for action, text in zip(acts, texts, strict=True):
            expect(bool(text.strip()) and "\n" not in text, where, f"bad notation {text!r}")
            parsed = guard(where, f"parse_action({text!r})", game.parse_action, text)
            expect(parsed == action, where, f"parse_action(str(a)) != a for {text!r}")
            reason = guard(where, f"check({text!r})", state.check, action, p)
            expect(reason is None, where, f"check refuses legal action {text!r}: {reason}")
        prompt = guard(where, f"prompt({p})", state.prompt, p)
        expect(
            isinstance(prompt, str) and bool(prompt.strip()) and "\n" not in prompt,
            where,
            f"prompt({p}) must be one non-empty line, got {prompt!r}",
        )
        # Actions that were legal somewhere else must be refused here with a reason.
        for foreign in pool:
            if foreign in acts:
                continue
            reason = guard(where, f"check(foreign {foreign})", state.check, foreign, p)
            expect(
                isinstance(reason, str) and bool(reason.strip()),
                where,
                f"check accepts {foreign}, which is not among player {p}'s legal actions",
            )
            try:
                state.apply(foreign, p)
            except IllegalActionError as err:
                expect(bool(err.reason.strip()), where, "IllegalActionError without a reason")
            except Exception as err:
                raise where.fail(
                    f"apply({foreign}) must raise IllegalActionError, raised {type(err).__name__}"
                ) from err
            else:
                raise where.fail(f"apply accepted {foreign}, which is not legal for player {p}")
            expect(fresh == state, where, f"a refused apply({foreign}) changed the state")
        # Wrong players.
        others = [q for q in range(n) if q not in to_act]
        if others:
            try:
                state.apply(acts[0], others[0])
            except IllegalActionError:
                pass
            else:
                raise where.fail(f"player {others[0]} acted out of turn with {acts[0]}")
        for bad in (n, -1):
            try:
                state.apply(acts[0], bad)
            except InvalidPlayerError:
                pass
            except Exception as err:
                raise where.fail(
                    f"apply(player={bad}) must raise InvalidPlayerError, "
                    f"raised {type(err).__name__}"
                ) from err
            else:
                raise where.fail(f"apply accepted player={bad}")
    if len(to_act) > 1:
        try:
            state.legal_actions(None)
        except AmbiguousPlayerError:
            pass
        else:
            raise where.fail("legal_actions(None) with several actors must raise ValueError")
    if not to_act:
        expect(state.legal_actions() == (), where, "a finished game has no legal actions")
        for foreign in pool[:3]:
            try:
                state.apply(foreign, 0)
            except GameOverError:
                pass
            except Exception as err:
                raise where.fail(
                    f"acting after the end must raise GameOverError, raised {type(err).__name__}"
                ) from err
            else:
                raise where.fail("a finished game accepted an action")

    # Views: nothing leaks, and each view can be turned back into a consistent state.
    public: frozenset[int] = frozenset()
    for p in (None, *range(n)):
        view: View = guard(where, f"view({p})", state.view, p)
        expect_hashable(view, where, f"view({p})")
        expect(view.player == p, where, f"view({p}).player is {view.player}")
        expect(view.players == n, where, f"view({p}).players is {view.players}")
        if p is None:
            public = view.to_act
        check_view_to_act(view.to_act, p, to_act, public, where)
        if isinstance(state, StateBase):
            seen = guard(where, f"seen_to_act({p})", state.seen_to_act, p)
            expect(
                seen == view.to_act,
                where,
                f"seen_to_act({p}) is {set(seen)}, but view({p}).to_act is {set(view.to_act)}",
            )
        again = fresh.view(p)
        expect(view == again, where, f"view({p}) is not deterministic{differs(view, again)}")
        text = guard(where, f"render(view({p}))", game.render, view)
        expect(isinstance(text, str), where, "render must return text")
        for dseed in determinize_seeds:
            other = guard(where, f"determinize(view({p}), {dseed})", game.determinize, view, dseed)
            expect(other.players == n, where, "determinized state has another player count")
            again = guard(where, f"determinized.view({p})", other.view, p)
            expect(
                again == view,
                where,
                f"determinize(view({p}), {dseed}).view({p}) differs from the view "
                f"(the view leaks or determinize is inconsistent){differs(view, again)}",
            )
            if p is not None and p in to_act:
                expect(
                    other.legal_actions(p) == state.legal_actions(p),
                    where,
                    f"player {p}'s legal actions depend on something view({p}) does not show",
                )
            for q in sorted(other.to_act):
                # Search bots play on in the worlds they sample: every seat to act there
                # must have a move, whatever determinize dealt it.
                expect(
                    len(guard(where, f"determinized.legal_actions({q})", other.legal_actions, q))
                    > 0,
                    where,
                    f"in determinize(view({p}), {dseed}) player {q} is to act but has no "
                    "legal action (the hidden part was dealt inconsistently)",
                )
        # After determinize's own check, so that a view it cannot rebuild is reported as
        # such (the codec refuses such a view too, with a vaguer reason).
        _roundtrip(game, view, where, f"view({p})")
    _check_outcome(state, where)
    _roundtrip(game, state.outcome(), where, "outcome()")
    check_capabilities(game, state, where)


def _spread(count: int, limit: int | None) -> set[int]:
    if limit is None or limit >= count:
        return set(range(count))
    if limit <= 1:
        return {count - 1}
    return {round(i * (count - 1) / (limit - 1)) for i in range(limit)}


def _unchanged(game: Game, state: State, frozen: bytes, document: str) -> bool:
    """Whether `state` still is what its pickle `frozen` and its JSON `document` were.

    The pickle holds every field, so equal bytes prove nothing changed, and they
    cost a fraction of the JSON. Different bytes fall back to the JSON: a state
    may keep a memo in a field that pickles, and only what the state shows counts.
    """
    return pickle.dumps(state) == frozen or codec.dumps(state, game=game) == document


def _playout(
    game: Game, players: int, seed: int, options: Any, steps: int | None, pool_size: int
) -> None:
    where = Where(game.spec.name, players, seed)
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
        before = guard(where, "dumps(state)", codec.dumps, state, game=game)
        frozen = guard(where, "pickle.dumps(state)", pickle.dumps, state)
        new = guard(where, f"apply({action})", state.apply, action, actor)
        expect(_unchanged(game, state, frozen, before), where, "apply changed its input state")
        moves.append((actor, action))
        where.moves.append((actor, str(action)))
        states.append(new)
        state = new
    where.step, where.action = len(moves), "-"
    _check_outcome(state, where)

    # Actions seen anywhere in this game, to offer where they are not legal.
    pool: list[Any] = []
    seen: set[str] = set()
    for visited in states[:: max(1, len(states) // 40)]:
        for p in sorted(visited.to_act):
            for action in visited.legal_actions(p):
                text = str(action)
                if text not in seen and len(pool) < pool_size:
                    seen.add(text)
                    pool.append(action)

    texts = where.moves  # every move's notation, taken once during the playout
    for index in sorted(_spread(len(states), steps)):
        where.step = index
        where.action = f"p{texts[index][0]}:{texts[index][1]}" if index < len(moves) else "-"
        where.moves = texts[:index]
        check_state(game, states[index], where, pool)
        if index < len(moves):
            # Every legal action of the actor applies (a sample of them if there are many).
            actor = moves[index][0]
            acts = states[index].legal_actions(actor)
            for action in acts[:: max(1, len(acts) // 6)]:
                result = guard(where, f"apply({action})", states[index].apply, action, actor)
                expect(hasattr(result, "legal_actions"), where, "apply must return a State")

    # Determinism: the same seed and moves give the same states, step by step.
    where.moves = []
    replay: State = start
    for index, (actor, action) in enumerate(moves):
        where.step = index
        replay = replay.apply(game.parse_action(str(action)), actor)
        expect(replay == states[index + 1], where, "replaying the same moves gave another state")
    # Records: a GameRecord of this game replays to the same final state.
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
    expect(match.state == state, where, "replaying the record gave another final state")


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
        _roundtrip(game, options, Where(game.spec.name, 0, 0), "options")
    for n in counts:
        for seed in seed_list:
            _playout(game, n, seed, options, steps, pool_size)
