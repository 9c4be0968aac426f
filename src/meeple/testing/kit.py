"""The conformance kit: one call proves a game keeps the meeple contract.

`check_game` plays seeded random games for every player count and checks, at
each visited state, everything a front end or bot relies on. A failure raises
`ConformanceError` naming the game, player count, seed, step and action, so a
plugin author can reproduce it with one `game.start(...)` and the listed moves.
"""

from __future__ import annotations

import copy
import json
import math
import pickle
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..core import codec
from ..core import rng as _rng
from ..core.capabilities import ENDED_BY, STALLED, capabilities
from ..core.encoding import vocabulary
from ..core.errors import (
    AmbiguousPlayerError,
    GameOverError,
    IllegalActionError,
    InvalidOptionsError,
    InvalidPlayerError,
    MalformedActionError,
    MeepleError,
)
from ..core.options import options_to_json
from ..core.outcome import Outcome
from ..core.protocols import Game, State, View
from ..core.record import GameRecord, freeze_json
from ..core.registry import validate_game
from ..core.spec import GameSpec

__all__ = ["ConformanceError", "check_capabilities", "check_game", "check_state"]


class ConformanceError(AssertionError):
    """A game broke the contract; the message says where and how to reproduce it."""


@attrs.define
class _Where:
    game: str
    players: int
    seed: int
    step: int = 0
    action: str = "-"
    moves: list[tuple[int, str]] = attrs.Factory(list)

    def fail(self, message: str) -> ConformanceError:
        tail = ", ".join(f"p{p}:{a}" for p, a in self.moves[-8:])
        return ConformanceError(
            f"[game={self.game} players={self.players} seed={self.seed} step={self.step} "
            f"action={self.action}] {message}" + (f" (last moves: {tail})" if tail else "")
        )


def _expect(cond: bool, where: _Where, message: str) -> None:
    if not cond:
        raise where.fail(message)


def _guard(where: _Where, what: str, func: Any, *args: Any, **kwargs: Any) -> Any:
    """Call func; an unexpected exception becomes a ConformanceError naming `what`."""
    try:
        return func(*args, **kwargs)
    except ConformanceError:
        raise
    except Exception as err:  # the kit reports any crash as a conformance failure
        raise where.fail(f"{what} raised {type(err).__name__}: {err}") from err


def check_spec(game: Game) -> None:
    """The spec and the Game attributes are what the registry requires."""
    validate_game(game, game.spec.name, "the conformance kit")
    spec = game.spec
    if not isinstance(spec, GameSpec):  # pragma: no cover - validate_game checks it
        raise ConformanceError(f"{spec!r} is not a GameSpec")
    for n in spec.player_counts():
        bound = spec.max_steps(n)
        if not isinstance(bound, int) or bound <= 0:
            raise ConformanceError(f"[game={spec.name}] max_steps({n}) = {bound!r} is not > 0")
    try:
        game.options_type()
    except Exception as err:
        raise ConformanceError(
            f"[game={spec.name}] options_type() must build the rulebook defaults: {err}"
        ) from err


def _check_bad_input(game: Game, seed: int) -> None:
    name = game.spec.name
    spec = game.spec
    for bad in (spec.min_players - 1, spec.max_players + 1):
        try:
            game.start(bad, seed=seed)
        except InvalidOptionsError:
            pass
        except Exception as err:
            raise ConformanceError(
                f"[game={name}] start({bad} players) must raise InvalidOptionsError, "
                f"raised {type(err).__name__}: {err}"
            ) from err
        else:
            raise ConformanceError(f"[game={name}] start({bad} players) was accepted")
    try:
        game.start(spec.min_players, seed=seed, options=object())
    except InvalidOptionsError:
        pass
    except Exception as err:
        raise ConformanceError(
            f"[game={name}] start(options=<not an Options>) must raise InvalidOptionsError, "
            f"raised {type(err).__name__}"
        ) from err
    else:
        raise ConformanceError(f"[game={name}] start(options=<not an Options>) was accepted")
    for text in ("", "   ", "no-such-action 99 zz", "\x00"):
        try:
            game.parse_action(text)
        except MalformedActionError:
            pass
        except Exception as err:
            raise ConformanceError(
                f"[game={name}] parse_action({text!r}) must raise MalformedActionError, "
                f"raised {type(err).__name__}: {err}"
            ) from err
        else:
            raise ConformanceError(f"[game={name}] parse_action({text!r}) was accepted")


def _roundtrip(game: Game, obj: Any, where: _Where, what: str) -> None:
    text = _guard(where, f"dumps({what})", codec.dumps, obj, game=game)
    json.loads(text)
    back = _guard(where, f"loads(dumps({what}))", codec.loads, text, game=game)
    _expect(back == obj, where, f"{what} does not survive dumps/loads: {back!r} != {obj!r}")
    _expect(hash(back) == hash(obj), where, f"{what} loaded from JSON hashes differently")


def _check_outcome(state: State, where: _Where) -> Outcome:
    outcome: Outcome = _guard(where, "outcome()", state.outcome)
    _expect(isinstance(outcome, Outcome), where, "outcome() must return an Outcome")
    _expect(len(outcome.scores) == state.players, where, "outcome has a score per player")
    try:
        outcome.validate()
    except ValueError as err:
        raise where.fail(f"malformed outcome: {err}") from err
    _expect(outcome.final == state.is_over, where, "outcome.final must equal is_over")
    try:
        json.dumps(outcome.details)
    except (TypeError, ValueError) as err:
        raise where.fail(f"outcome.details is not JSON-able: {err}") from err
    if state.is_over:
        _expect(bool(outcome.winners), where, "a finished game must have winners")
    return outcome


def check_state(
    game: Game,
    state: State,
    where: _Where,
    pool: Sequence[Any] = (),
    *,
    determinize_seeds: Sequence[int] = (1, 2),
) -> None:
    """Every per-state check of the contract (see the module docstring)."""
    n = state.players
    to_act = state.to_act
    _expect(isinstance(to_act, frozenset), where, "to_act must be a frozenset")
    _expect(all(0 <= p < n for p in to_act), where, f"to_act {set(to_act)} has a bad seat")
    _expect(
        state.is_over == (not to_act), where, "is_over must be true exactly when to_act is empty"
    )
    _expect(hash(state) == hash(state), where, "states must be hashable")

    copied = _guard(where, "copy.deepcopy(state)", copy.deepcopy, state)
    _expect(copied == state, where, "copy.deepcopy(state) differs from the state")
    unpickled = _guard(where, "a pickle round trip", lambda: pickle.loads(pickle.dumps(state)))
    _expect(unpickled == state, where, "a pickled and unpickled state differs")
    fresh = _guard(
        where, "loads(dumps(state))", codec.loads, codec.dumps(state, game=game), game=game
    )
    _expect(fresh == state, where, "state does not survive dumps/loads")
    _expect(hash(fresh) == hash(state), where, "a state loaded from JSON hashes differently")

    for p in range(n):
        acts = _guard(where, f"legal_actions({p})", state.legal_actions, p)
        _expect(isinstance(acts, tuple), where, "legal_actions must return a tuple")
        if p not in to_act:
            _expect(acts == (), where, f"player {p} is not to act but has legal actions")
            continue
        _expect(len(acts) > 0, where, f"player {p} is to act but has no legal action")
        _expect(fresh.legal_actions(p) == acts, where, "legal_actions is not deterministic")
        texts = [str(a) for a in acts]
        _expect(
            len(set(texts)) == len(texts),
            where,
            f"two legal actions share a notation: {sorted(t for t in texts if texts.count(t) > 1)}",
        )
        _expect(len(set(acts)) == len(acts), where, "legal_actions lists an action twice")
        for action, text in zip(acts, texts, strict=True):
            _expect(bool(text.strip()) and "\n" not in text, where, f"bad notation {text!r}")
            parsed = _guard(where, f"parse_action({text!r})", game.parse_action, text)
            _expect(parsed == action, where, f"parse_action(str(a)) != a for {text!r}")
            reason = _guard(where, f"check({text!r})", state.check, action, p)
            _expect(reason is None, where, f"check refuses legal action {text!r}: {reason}")
        prompt = _guard(where, f"prompt({p})", state.prompt, p)
        _expect(
            isinstance(prompt, str) and bool(prompt.strip()) and "\n" not in prompt,
            where,
            f"prompt({p}) must be one non-empty line, got {prompt!r}",
        )
        # Actions that were legal somewhere else must be refused here with a reason.
        for foreign in pool:
            if foreign in acts:
                continue
            reason = _guard(where, f"check(foreign {foreign})", state.check, foreign, p)
            _expect(
                isinstance(reason, str) and bool(reason.strip()),
                where,
                f"check accepts {foreign}, which is not among player {p}'s legal actions",
            )
            try:
                state.apply(foreign, p)
            except IllegalActionError as err:
                _expect(bool(err.reason.strip()), where, "IllegalActionError without a reason")
            except Exception as err:
                raise where.fail(
                    f"apply({foreign}) must raise IllegalActionError, raised {type(err).__name__}"
                ) from err
            else:
                raise where.fail(f"apply accepted {foreign}, which is not legal for player {p}")
            _expect(fresh == state, where, f"a refused apply({foreign}) changed the state")
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
        _expect(state.legal_actions() == (), where, "a finished game has no legal actions")
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
    for p in (None, *range(n)):
        view: View = _guard(where, f"view({p})", state.view, p)
        _expect(view.player == p, where, f"view({p}).player is {view.player}")
        _expect(view.players == n, where, f"view({p}).players is {view.players}")
        _expect(view.to_act == to_act, where, f"view({p}).to_act differs from the state's")
        _expect(view == fresh.view(p), where, f"view({p}) is not deterministic")
        text = _guard(where, f"render(view({p}))", game.render, view)
        _expect(isinstance(text, str), where, "render must return text")
        for dseed in determinize_seeds:
            other = _guard(where, f"determinize(view({p}), {dseed})", game.determinize, view, dseed)
            _expect(other.players == n, where, "determinized state has another player count")
            again = _guard(where, f"determinized.view({p})", other.view, p)
            _expect(
                again == view,
                where,
                f"determinize(view({p}), {dseed}).view({p}) differs from the view "
                "(the view leaks or determinize is inconsistent)",
            )
            if p is not None and p in to_act:
                _expect(
                    other.legal_actions(p) == state.legal_actions(p),
                    where,
                    f"player {p}'s legal actions depend on something view({p}) does not show",
                )
        # After determinize's own check, so that a view it cannot rebuild is reported as
        # such (the codec refuses such a view too, with a vaguer reason).
        _roundtrip(game, view, where, f"view({p})")
    _check_outcome(state, where)
    _roundtrip(game, state.outcome(), where, "outcome()")
    check_capabilities(game, state, where)


def check_capabilities(game: Any, state: State, where: _Where) -> None:
    """Every optional capability the game offers (meeple.core.capabilities) keeps its
    promise at this state."""
    offered = capabilities(game)
    if "encoding" in offered:
        check_encoding(game, state, where)
    if "heuristic" in offered:
        values = _guard(where, "heuristic(state)", game.heuristic, state)
        _expect(
            isinstance(values, tuple) and len(values) == state.players,
            where,
            f"heuristic must give a tuple of one number per seat, got {values!r}",
        )
        _expect(
            all(isinstance(v, int | float) and 0.0 <= float(v) <= 1.0 for v in values),
            where,
            f"heuristic values must lie in [0, 1], got {values!r}",
        )
        _expect(game.heuristic(state) == values, where, "heuristic is not deterministic")
    if "html" in offered:
        for p in (None, *range(state.players)):
            view = state.view(p)
            page = _guard(where, f"render_html(view({p}))", game.render_html, view)
            _expect(isinstance(page, str), where, "render_html must return text")
            _expect(
                "<script" not in page.lower(),
                where,
                f"render_html(view({p})) contains a <script> tag (text must be escaped)",
            )
            _expect(game.render_html(view) == page, where, "render_html is not deterministic")
    if "statistics" in offered and state.is_over:
        check_statistics(game, state, where)
    if "public" in offered:
        for p in sorted(state.to_act):
            for action in state.legal_actions(p)[:8]:
                for viewer in (None, *range(state.players)):
                    text = _guard(
                        where,
                        f"public_notation({action}, {p}, {viewer})",
                        game.public_notation,
                        action,
                        p,
                        viewer,
                    )
                    _expect(
                        text is None or (isinstance(text, str) and "\n" not in text),
                        where,
                        f"public_notation must be one line or None, got {text!r}",
                    )
                    if viewer == p:
                        _expect(
                            text == str(action),
                            where,
                            f"public_notation shows player {p} their own move as {text!r}, "
                            f"not {action}",
                        )


def check_statistics(game: Any, state: State, where: _Where) -> None:
    """Statistics capability: a finished game's figures are a mapping of text to JSON
    scalars (finite numbers, text, true/false), the same on every call and for the
    state loaded back from JSON; the reserved keys hold their documented types."""
    figures = _guard(where, "statistics(state)", game.statistics, state)
    _expect(hasattr(figures, "items"), where, f"statistics must return a mapping, got {figures!r}")
    for key, value in figures.items():
        _expect(isinstance(key, str), where, f"statistics keys must be text, got {key!r}")
        _expect(
            isinstance(value, bool | int | float | str),
            where,
            f"statistics[{key!r}] must be a number, text or true/false, got {value!r}",
        )
        _expect(
            not isinstance(value, float) or math.isfinite(value),
            where,
            f"statistics[{key!r}] is not a finite number: {value!r}",
        )
    if STALLED in figures:
        _expect(
            isinstance(figures[STALLED], bool),
            where,
            f"statistics[{STALLED!r}] must be true or false, got {figures[STALLED]!r}",
        )
    if ENDED_BY in figures:
        _expect(
            isinstance(figures[ENDED_BY], str),
            where,
            f"statistics[{ENDED_BY!r}] must be text, got {figures[ENDED_BY]!r}",
        )
    _guard(where, "json.dumps(statistics(state))", json.dumps, dict(figures))
    again = _guard(where, "statistics(state)", game.statistics, state)
    _expect(dict(again) == dict(figures), where, "statistics is not deterministic")
    fresh = codec.loads(codec.dumps(state, game=game), game=game)
    _expect(
        dict(game.statistics(fresh)) == dict(figures),
        where,
        "statistics differ for the same state loaded from JSON",
    )


def check_encoding(game: Any, state: State, where: _Where) -> None:
    """Adapter contract: every legal action has an index that maps back; views encode
    to a fixed-size vector in [-1, 1] that only depends on the view."""
    vocab = _guard(where, "action_vocabulary", vocabulary, game, state.players)
    size = _guard(where, "observation_size", game.observation_size, state.players)
    for p in sorted(state.to_act):
        for action in state.legal_actions(p):
            try:
                index = vocab.index(action)
            except IllegalActionError as err:
                raise where.fail(f"legal action {action} is not in the vocabulary") from err
            _expect(vocab.action(index) == action, where, f"index {index} maps to another action")
    for p in (None, *range(state.players)):
        view = state.view(p)
        encoded = _guard(where, f"encode_view(view({p}))", game.encode_view, view)
        _expect(len(encoded) == size, where, f"encode_view gave {len(encoded)}, not {size}")
        _expect(
            all(-1.0 <= float(x) <= 1.0 for x in encoded),
            where,
            f"encode_view(view({p})) has values outside [-1, 1]",
        )
        other = game.determinize(view, 7).view(p)
        _expect(
            tuple(game.encode_view(other)) == tuple(encoded),
            where,
            f"encode_view(view({p})) changes when hidden information is re-dealt",
        )


def _spread(count: int, limit: int | None) -> set[int]:
    if limit is None or limit >= count:
        return set(range(count))
    if limit <= 1:
        return {count - 1}
    return {round(i * (count - 1) / (limit - 1)) for i in range(limit)}


def _playout(
    game: Game, players: int, seed: int, options: Any, steps: int | None, pool_size: int
) -> None:
    where = _Where(game.spec.name, players, seed)
    bound = game.spec.max_steps(players)
    start = _guard(where, "start", game.start, players, seed=seed, options=options)
    twin = _guard(where, "start", game.start, players, seed=seed, options=options)
    _expect(start == twin, where, "start() with the same seed gave different states")
    chooser = _rng.seed_rng(_rng.derive_seed(seed, "kit"))
    state: State = start
    states: list[State] = [state]
    moves: list[tuple[int, Any]] = []
    while not state.is_over:
        where.step = len(moves)
        _expect(
            len(moves) < bound,
            where,
            f"the game did not end within spec.max_steps({players}) = {bound} actions",
        )
        actor, chooser = _rng.choice(chooser, sorted(state.to_act))
        acts = _guard(where, f"legal_actions({actor})", state.legal_actions, actor)
        _expect(len(acts) > 0, where, f"player {actor} is to act but has no legal action")
        action, chooser = _rng.choice(chooser, acts)
        where.action = f"p{actor}:{action}"
        before = codec.dumps(state, game=game)
        new = _guard(where, f"apply({action})", state.apply, action, actor)
        _expect(codec.dumps(state, game=game) == before, where, "apply changed its input state")
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

    for index in sorted(_spread(len(states), steps)):
        where.step = index
        where.action = f"p{moves[index][0]}:{moves[index][1]}" if index < len(moves) else "-"
        where.moves = [(p, str(a)) for p, a in moves[:index]]
        check_state(game, states[index], where, pool)
        if index < len(moves):
            # Every legal action of the actor applies (a sample of them if there are many).
            actor = moves[index][0]
            acts = states[index].legal_actions(actor)
            for action in acts[:: max(1, len(acts) // 6)]:
                result = _guard(where, f"apply({action})", states[index].apply, action, actor)
                _expect(hasattr(result, "legal_actions"), where, "apply must return a State")

    # Determinism: the same seed and moves give the same states, step by step.
    where.moves = []
    replay: State = start
    for index, (actor, action) in enumerate(moves):
        where.step = index
        replay = replay.apply(game.parse_action(str(action)), actor)
        _expect(replay == states[index + 1], where, "replaying the same moves gave another state")
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
    _expect(back == record, where, "a GameRecord does not survive dumps/loads")
    try:
        match = back.replay_with(game)
    except MeepleError as err:
        raise where.fail(f"a record of this game does not replay: {err}") from err
    _expect(match.state == state, where, "replaying the record gave another final state")


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
    _check_bad_input(game, seed_list[0])
    if options is not None:
        _roundtrip(game, options, _Where(game.spec.name, 0, 0), "options")
    for n in counts:
        for seed in seed_list:
            _playout(game, n, seed, options, steps, pool_size)
