"""What the codec checks before it hands out a loaded state or view.

A document that arrives from a file or a network is hostile. Whatever `loads`
accepts, every public method must then handle in bounded time; whatever it cannot
vouch for, it refuses with `CorruptDataError`. Types are the converter's job; this
module adds, in order:

1. facts every game shares: the player count is in the spec's range, every seat
   named in `to_act` (and a view's `player`) exists;
2. the game's own invariants: ``validate()`` of a state (the game's `invariants`
   module through the template), the game's `_validate_view` hook for a view
   (or ``validate()`` of a view class that has one);
3. a trial of the contract on the loaded object: each seat to act has a legal
   action, the outcome and every seat's view can be computed (a state); the text
   picture, the encoding and a determinized state that shows the same view can be
   made (a view). A game whose invariants miss a case still refuses the document
   here, with the reason, instead of failing later in a front end.

Bounded time rests on step 2: a game's invariants bound every number that sizes
work (counts, card ids, positions), so step 3 cannot run away.

Computing a state's outcome and every seat's view is most of a load's time, and
for a game whose invariants bound everything scoring and views read it proves
nothing more: they are total functions on the states the invariants accept. Such a
game says so by marking its state invariants `proves_trial`, and writes the
argument beside them (which fields the outcome and the views read, and which check
bounds each); the trial then keeps only its first part, a legal action for each
seat to act (cheap, and cached on the state for the move that follows). The fuzz
tests (`meeple.testing.check_document`) call the outcome and every view of each
state they get loaded, so they hold a marked game to its claim.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import TypeVar

from .errors import CorruptDataError
from .errors import MeepleError

__all__ = ["proves_trial", "vouch_for"]

F = TypeVar("F", bound=Callable[..., Any])

_PROVES_TRIAL = "meeple_proves_trial"
"""The mark `proves_trial` leaves on a game's state invariants."""


def proves_trial(validate: F) -> F:
    """Mark a game's state invariants as proving the trial's outcome and views.

    The claim: for every state `validate` accepts, ``outcome()`` and ``view(p)`` for
    every seat and the spectator run without error (in bounded time). The codec then
    does not compute them on load (see the module docstring); write down why the
    claim holds beside `validate`.
    """
    validate.__dict__[_PROVES_TRIAL] = True
    return validate


def _outcome_and_views_proved(game: Any) -> bool:
    validate = getattr(type(game), "_validate", None)
    marks = getattr(validate, "__dict__", None)
    return bool(marks and marks.get(_PROVES_TRIAL))


_FAILURES = (ValueError, AssertionError, TypeError, KeyError, IndexError, ArithmeticError)


def _seat_facts(game: Any, obj: Any, kind: str, tag: str) -> None:
    spec = game.spec
    players = getattr(obj, "players", None)
    if type(players) is not int or not spec.min_players <= players <= spec.max_players:
        raise CorruptDataError(
            f"{tag}: players must be {spec.min_players}-{spec.max_players}, not {players!r}"
        )
    to_act: frozenset[Any] = getattr(obj, "to_act", frozenset())
    if any(type(p) is not int or not 0 <= p < players for p in to_act):
        raise CorruptDataError(f"{tag}: to_act {sorted(to_act)} names a seat that does not exist")
    if kind == "view":
        seat = getattr(obj, "player", None)
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise CorruptDataError(f"{tag}: the view belongs to seat {seat!r}, not a seat")


def _invariants(game: Any, obj: Any, kind: str, tag: str) -> None:
    try:
        if kind == "view":
            hook = getattr(game, "_validate_view", None)
            if hook is not None:
                hook(obj)
        validate = getattr(obj, "validate", None)
        if callable(validate):
            validate()
    except CorruptDataError:
        raise
    except _FAILURES as err:
        raise CorruptDataError(f"{tag} breaks an invariant: {err}") from None


def _trial_state(game: Any, state: Any) -> None:
    for p in sorted(state.to_act):
        if not state.legal_actions(p):
            raise ValueError(f"player {p} is to act but has no legal action")
    if _outcome_and_views_proved(game):
        return
    state.outcome()
    for p in (None, *range(state.players)):
        state.view(p)


def _trial_view(game: Any, view: Any) -> None:
    game.render(view)
    encode = getattr(game, "encode_view", None)
    if callable(encode):
        encode(view)
    world = game.determinize(view, 0)
    if world.view(view.player) != view:
        raise ValueError("no full state shows exactly this view (determinize disagrees)")


def vouch_for(game: Any, obj: Any, kind: str, tag: str) -> Any:
    """`obj` if the codec may hand it out (see the module docstring), else CorruptDataError."""
    if kind in ("state", "view"):
        _seat_facts(game, obj, kind, tag)
    _invariants(game, obj, kind, tag)
    if kind not in ("state", "view"):
        return obj
    try:
        if kind == "state":
            _trial_state(game, obj)
        else:
            _trial_view(game, obj)
    except CorruptDataError:
        raise
    except (MeepleError, *_FAILURES) as err:
        raise CorruptDataError(f"{tag} cannot be used: {type(err).__name__}: {err}") from None
    return obj
