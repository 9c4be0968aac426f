"""Hostile documents for `meeple.loads`, and the promise every accepted one must keep.

`mutated_documents(game)` is a Hypothesis strategy: the JSON of a reachable state,
of a seat's view or of a game record, with a few leaves replaced by values an
attacker (or a broken disk) would try: huge and negative numbers, the wrong type,
empty and repeated lists, dropped and duplicated items. `check_document(game,
text)` then holds the codec to its promise: the document is refused with
`CorruptDataError`, or everything a front end may call on what it loaded runs
without another exception and within `time_limit` seconds per call.
"""

from __future__ import annotations

import contextlib
import json
import signal
import tracemalloc
from collections.abc import Iterator
from typing import Any

from ..core import codec
from ..core import rng as _rng
from ..core.errors import CorruptDataError
from ..core.errors import MeepleError
from ..core.match import GameRecord
from ..core.options import options_to_json
from ..core.protocols import Game
from ..core.record import freeze_json
from .playout import random_playout

__all__ = ["FuzzError", "check_document", "mutated_documents"]

_NASTY: tuple[Any, ...] = (
    -1,
    0,
    1,
    2,
    7,
    255,
    2**31,
    2**63,
    -(2**63),
    10**30,
    True,
    None,
    "",
    "x",
    [],
    [0],
    [[]],
    {},
    1.5,
)


class FuzzError(AssertionError):
    """A loaded document broke a method, or a method ran over its time limit."""


class _Overtime(BaseException):
    """Raised by the alarm; a BaseException, so game code cannot swallow it."""


@contextlib.contextmanager
def _deadline(seconds: float, what: str) -> Iterator[None]:
    def ring(signum: int, frame: Any) -> None:
        raise _Overtime(what)

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _leaves(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Paths to every value (leaves and containers alike) under the top object."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            if not str(key).startswith("$"):
                yield (*path, key)
                yield from _leaves(value, (*path, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield (*path, index)
            yield from _leaves(value, (*path, index))


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


def _mutate(doc: Any, rng: int, count: int) -> tuple[Any, int]:
    for _ in range(count):
        paths = list(_leaves(doc))
        if not paths:
            break
        path, rng = _rng.choice(rng, paths)
        parent = _parent(doc, path)
        key = path[-1]
        how, rng = _rng.below(rng, 6)
        if how <= 2:  # a nasty value
            value, rng = _rng.choice(rng, _NASTY)
            parent[key] = json.loads(json.dumps(value))
        elif how == 3 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            step, rng = _rng.choice(rng, (-1, 1, -2, 2, 100))
            parent[key] += step
        elif how == 4 and isinstance(parent, list):  # drop or duplicate an item
            dup, rng = _rng.below(rng, 2)
            if dup:
                parent.insert(key, json.loads(json.dumps(parent[key])))
            else:
                del parent[key]
        elif isinstance(parent, list) and len(parent) > 1:  # swap two items
            other, rng = _rng.below(rng, len(parent))
            parent[key], parent[other] = parent[other], parent[key]
    return doc, rng


def mutated_documents(game: Game, *, options: Any = None, max_depth: int = 400) -> Any:
    """A Hypothesis strategy of JSON texts: a reachable state, view or record of
    `game`, with one to four mutations (see the module docstring)."""
    from hypothesis import strategies as st

    spec = game.spec
    counts = []
    for n in spec.player_counts():  # the counts these options allow (draft: not solo)
        try:
            game.start(n, seed=0, options=options)
        except MeepleError:
            continue
        counts.append(n)

    @st.composite
    def build(draw: Any) -> str:
        players = draw(st.sampled_from(counts))
        seed = draw(st.integers(0, 2**32 - 1))
        depth = draw(st.integers(0, max_depth))
        final, moves, _ = random_playout(game, players, seed, options, limit=depth)
        kind = draw(st.sampled_from(("state", "view", "record")))
        obj: Any
        if kind == "state":
            obj = final
        elif kind == "view":
            obj = final.view(draw(st.sampled_from((None, *range(players)))))
        else:
            obj = GameRecord(
                game=spec.name,
                rules_version=spec.rules_version,
                players=players,
                seed=seed,
                options=tuple(
                    sorted((k, freeze_json(v)) for k, v in options_to_json(options).items())
                )
                if options is not None
                else (),
                moves=tuple((p, str(a)) for p, a in moves),
            )
        doc = json.loads(codec.dumps(obj, game=game))
        mutations = draw(st.integers(1, 4))
        doc, _ = _mutate(doc, _rng.seed_rng(draw(st.integers(0, 2**32 - 1))), mutations)
        return json.dumps(doc)

    return build()


def _exercise(game: Game, obj: Any, limit: float) -> None:
    def timed(what: str, call: Any, *args: Any) -> Any:
        try:
            with _deadline(limit, what):
                return call(*args)
        except _Overtime:
            raise FuzzError(f"{what} ran for more than {limit} s on a loaded document") from None
        except Exception as err:
            raise FuzzError(f"{what} raised {type(err).__name__}: {err}") from err

    if isinstance(obj, GameRecord):
        try:
            with _deadline(limit, "replay"):
                match = obj.replay_with(game)
        except CorruptDataError:
            return  # a record that does not replay is refused, with the first bad move
        except _Overtime:
            raise FuzzError(f"replay ran for more than {limit} s") from None
        except Exception as err:
            raise FuzzError(f"replay raised {type(err).__name__}: {err}") from err
        obj = match.state
    if hasattr(obj, "legal_actions"):
        state = obj
        for p in sorted(state.to_act):
            acts = timed(f"legal_actions({p})", state.legal_actions, p)
            if not acts:
                raise FuzzError(f"player {p} is to act but has no legal action")
            for action in acts:  # every one: a loaded count may hang only one of them
                timed(f"apply({action})", state.apply, action, p)
        timed("outcome()", state.outcome)
        timed("prompt()", state.prompt, min(state.to_act) if state.to_act else None)
        views = [timed(f"view({p})", state.view, p) for p in (None, *range(state.players))]
    else:
        views = [obj]
    for view in views:
        timed("render(view)", game.render, view)
        encode = getattr(game, "encode_view", None)
        if callable(encode):
            timed("encode_view(view)", encode, view)
        html = getattr(game, "render_html", None)
        if callable(html):
            timed("render_html(view)", html, view)
        world = timed("determinize(view)", game.determinize, view, 1)
        timed("determinize(view).view", world.view, view.player)
        for p in sorted(world.to_act):
            if not timed(f"determinize(view).legal_actions({p})", world.legal_actions, p):
                raise FuzzError(f"determinize(view) leaves player {p} to act with no legal action")


def check_document(
    game: Game, text: str, *, time_limit: float = 3.0, memory_limit: int | None = None
) -> bool:
    """Load `text`; True if it was accepted (and then survived every method), False if
    it was refused with CorruptDataError; FuzzError for anything else.

    With `memory_limit`, also FuzzError if loading and exercising the document ever
    held more than that many bytes of Python objects at once (measured with
    tracemalloc, which slows the run down)."""
    with _memory_bound(memory_limit):
        return _check(game, text, time_limit)


def _check(game: Game, text: str, time_limit: float) -> bool:
    try:
        with _deadline(time_limit, "loads"):
            obj = codec.loads(text, game=game)
    except CorruptDataError:
        return False
    except _Overtime:
        raise FuzzError(f"loads ran for more than {time_limit} s") from None
    except Exception as err:
        raise FuzzError(f"loads raised {type(err).__name__}, not CorruptDataError: {err}") from err
    _exercise(game, obj, time_limit)
    return True


@contextlib.contextmanager
def _memory_bound(limit: int | None) -> Iterator[None]:
    """FuzzError if the block's peak of traced memory goes over `limit` bytes."""
    if limit is None:
        yield
        return
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base, _ = tracemalloc.get_traced_memory()
    try:
        yield
        _, peak = tracemalloc.get_traced_memory()
    finally:
        if started:
            tracemalloc.stop()
    if peak - base > limit:
        raise FuzzError(f"the document took {peak - base:,} bytes at once, over {limit:,}")
