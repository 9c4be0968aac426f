"""The conformance check of the ``public`` capability: what each seat saw of a move.

`public_notation(action, player, viewer)` must show the mover their own move, and
tell every other viewer nothing their views do not show. Views are what a seat
(and a bot) knows, so the reading of a move must be a function of the viewer's
views before and after it:

- in the position itself, two legal moves that leave the viewer's view the same
  must read the same to that viewer, unless they lead to the very same state (a
  choice with no effect, such as standing or passing when either gives the lot to
  the same player, hides nothing);
- in a position dealt back from the viewer's view (its hidden cards differ), the
  moves that lead to a given view must read the same as the moves that lead to
  that view in the real position: otherwise the reading would tell the viewer
  which of two positions it cannot tell apart it is in;
- a move the viewer does not see at all (`UNSEEN`: not even that a move was made)
  leaves the viewer's view as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import codec
from ..core.protocols import State
from ..core.public import UNSEEN
from .secrecy import Seat
from .where import Where
from .where import expect
from .where import guard

__all__ = ["check_public"]


def _key(game: Any, view: Any) -> Any:
    try:
        hash(view)
    except TypeError:  # a plugin's view may hold unhashable data: compare its JSON
        return codec.dumps(view, game=game)
    return view


def _who(viewer: int | None) -> str:
    return "a spectator" if viewer is None else f"player {viewer}"


def _reading(game: Any, action: Any, p: int, viewer: int | None, where: Where) -> str | None:
    text = guard(
        where, f"public_notation({action}, {p}, {viewer})", game.public_notation, action, p, viewer
    )
    expect(
        text is None or (isinstance(text, str) and "\n" not in text),
        where,
        f"public_notation must be one line or None, got {text!r}",
    )
    if viewer == p:
        expect(
            text == str(action),
            where,
            f"public_notation shows player {p} their own move as {text!r}, not {action}",
        )
    return text  # type: ignore[no-any-return]  # checked just above


def _readings(
    game: Any, world: State, p: int, viewer: int | None, where: Where
) -> dict[Any, dict[str | None, tuple[Any, State]]]:
    """Per resulting view of `viewer`: each reading and a move (and state) giving it."""
    out: dict[Any, dict[str | None, tuple[Any, State]]] = {}
    before = _key(game, world.view(viewer))
    for action in world.legal_actions(p):
        after = guard(where, f"apply({action})", world.apply, action, p)
        text = _reading(game, action, p, viewer, where)
        if text == UNSEEN:
            expect(
                _key(game, after.view(viewer)) == before,
                where,
                f"public_notation hides player {p}'s move {action} from {_who(viewer)} "
                "altogether, but it changes what that viewer sees",
            )
        out.setdefault(_key(game, after.view(viewer)), {}).setdefault(text, (action, after))
    return out


def check_public(
    game: Any,
    state: State,
    where: Where,
    world_seed: int = 5,
    *,
    seats: Sequence[Seat] | None = None,
) -> None:
    """Public notation at this state (see the module docstring). The positions dealt back
    from each viewer's view are the kit's worlds of that seat (`seats`), or, without
    them, one dealt from `world_seed`."""
    worlds = {seat.player: [w.state for w in seat.worlds] for seat in seats or ()}
    for p in sorted(state.to_act):
        for action in state.legal_actions(p):
            _reading(game, action, p, p, where)
        for viewer in (None, *range(state.players)):
            if viewer == p:
                continue
            real = _readings(game, state, p, viewer, where)
            _same_view_same_reading(real, p, viewer, where)
            dealt = worlds.get(viewer) or [_dealt(game, state, viewer, world_seed, where)]
            for world in dealt:
                if p in world.to_act:
                    _same_reading_in(game, world, real, p, viewer, where)


def _dealt(game: Any, state: State, viewer: int | None, seed: int, where: Where) -> State:
    view = state.view(viewer)
    world: State = guard(
        where, f"determinize(view({viewer}), {seed})", game.determinize, view, seed
    )
    return world


def _same_view_same_reading(
    real: dict[Any, dict[str | None, tuple[Any, State]]], p: int, viewer: int | None, where: Where
) -> None:
    """Two of p's moves that leave the viewer's view the same read the same to it (unless
    they lead to the very same state)."""
    for texts in real.values():
        if len(texts) > 1:
            (t1, (a1, s1)), (t2, (a2, s2)) = list(texts.items())[:2]
            expect(
                s1 == s2,
                where,
                f"public_notation tells {_who(viewer)} more than its views show: "
                f"player {p}'s moves {a1} and {a2} leave its view the same, "
                f"but read {t1!r} and {t2!r}",
            )


def _same_reading_in(
    game: Any,
    world: State,
    real: dict[Any, dict[str | None, tuple[Any, State]]],
    p: int,
    viewer: int | None,
    where: Where,
) -> None:
    """In a world dealt back from the viewer's view, moves leading to a view read as the
    moves leading to that view in the true state."""
    for key, texts in _readings(game, world, p, viewer, where).items():
        here = real.get(key)
        if here is not None and set(here) != set(texts):
            raise where.fail(
                f"public_notation tells {_who(viewer)} which of two positions its "
                f"views cannot tell apart it is in: player {p}'s moves leading to the "
                f"same view read {sorted(map(str, here))} in one and "
                f"{sorted(map(str, texts))} in the other"
            )
