"""Transitions: the state after a legal action (pure functions).

A transition builds the successor directly: a new State object whose attribute
dict starts as a copy of the old one (one C-level dict copy) and is then changed
key by key before the object is returned. Nobody else ever sees it half-built,
so the state stays immutable from the outside; this is several times cheaper
than calling the 23-field constructor through a mutable draft.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import (
    Action,
    Draw,
    Pass,
    Pay,
    Place,
    PlaySeal,
    Return,
    RitualSkip,
    RitualTake,
    Take,
    Waive,
)
from .chance import draw_steles
from .components import (
    CAPACITY,
    CARDS,
    DRAW_COUNT,
    KIND_TYPE,
    NEIGHBOURS,
    RESERVE_LIMIT,
    TEMPLE_SPACES,
    TOKEN_BASE,
)
from .legal import note_placement
from .tables import (
    DISCOUNT,
    DRAW_BONUS,
    NC,
    NO_MODS,
    NOBODY,
    NT,
    RESERVE_BONUS,
    SEATS,
    TAKE_COUNTS,
    UNIT,
)

if TYPE_CHECKING:
    from .state import State

__all__ = ["advance"]

Fields = dict[str, Any]
"""The attribute dict of a successor state under construction."""


def _bump(t: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    lst = list(t)
    lst[i] += delta
    return tuple(lst)


def _set_seat(t: tuple[Any, ...], p: int, value: Any) -> tuple[Any, ...]:
    return (*t[:p], value, *t[p + 1 :])


def _gain(d: Fields, counts: tuple[int, ...] | list[int], sign: int = 1) -> None:
    """Add (or with sign -1 remove) steles to the current player's reserve."""
    p = d["current"]
    reserves = d["reserves"]
    r0, r1, r2, r3 = reserves[p]  # four colours: checked when the data is loaded
    b0, b1, b2, b3 = counts
    if sign < 0:
        b0, b1, b2, b3 = -b0, -b1, -b2, -b3
    d["reserves"] = (*reserves[:p], (r0 + b0, r1 + b1, r2 + b2, r3 + b3), *reserves[p + 1 :])


def advance(s: State, action: Action) -> State:
    """The state after the current player takes a legal `action`."""
    new = object.__new__(type(s))
    d: Fields = new.__dict__
    d.update(s.__dict__)
    _HANDLERS[type(action)](d, action)
    return new


def _on_pay(d: Fields, action: Pay) -> None:
    _pay(d, action.colour)


def _on_place(d: Fields, action: Place) -> None:
    _place(d, action.colour, action.village)


def _on_take(d: Fields, action: Take) -> None:
    counts = TAKE_COUNTS[action]
    t0, t1, t2, t3 = d["temples"]
    d["temples"] = (t0 - counts[0], t1 - counts[1], t2 - counts[2], t3 - counts[3])
    _gain(d, counts)
    if d["phase"] == "extra":
        d["phase"] = "main"
        d["extra"] = ""
        d["extra_count"] = 0
    else:
        d["regular_done"] = True
    _after_action(d)


def _on_draw(d: Fields, action: Draw) -> None:
    _draw(d, DRAW_COUNT + d["mods"][DRAW_BONUS])
    d["regular_done"] = True
    _after_action(d)


def _on_return(d: Fields, action: Return) -> None:
    c = action.colour
    _gain(d, UNIT[c], -1)
    d["bag"] = _bump(d["bag"], c, 1)
    if sum(d["reserves"][d["current"]]) <= RESERVE_LIMIT + d["mods"][RESERVE_BONUS]:
        _next_turn(d)


def _on_waive(d: Fields, action: Waive) -> None:
    d["owed"] = _bump(d["owed"], action.colour, -1)
    d["waivers"] -= 1
    _after_payment(d)


def _on_ritual_take(d: Fields, action: RitualTake) -> None:
    c = action.colour
    d["temples"] = _bump(d["temples"], c, -1)
    _gain(d, UNIT[c])
    d["ritual_temple"] = -1
    _after_payment(d)


def _on_ritual_skip(d: Fields, action: RitualSkip) -> None:
    d["ritual_temple"] = -1
    _after_payment(d)


def _on_seal(d: Fields, action: PlaySeal) -> None:
    _play_seal(d, action.card)


def _on_pass(d: Fields, action: Pass) -> None:
    _end_turn(d)


def _draw(d: Fields, count: int) -> None:
    bag = list(d["bag"])
    drawn, d["rng"] = draw_steles(d["rng"], bag, count)
    d["bag"] = tuple(bag)
    _gain(d, drawn)


def _place(d: Fields, c: int, v: int) -> None:
    p = d["current"]
    if d["phase"] == "extra":
        d["extra"] = ""
        d["waivers"] = 0
    else:
        d["regular_done"] = True
        d["waivers"] = d["mods"][DISCOUNT]
    old_board = d["board"]
    kind = old_board[v] - TOKEN_BASE
    board = list(old_board)
    board[v] = c
    new_board = tuple(board)
    note_placement(old_board, new_board, v, c)
    d["board"] = new_board
    _gain(d, UNIT[c], -1)
    tok = _bump(d["tokens"][p], kind, 1)
    d["tokens"] = _set_seat(d["tokens"], p, tok)
    t = KIND_TYPE[kind]
    if tok[2 * t] + tok[2 * t + 1] == CAPACITY[d["players"]] and d["deck"]:
        card = d["deck"][0]  # a completed column draws the top Seal card
        d["deck"] = d["deck"][1:]
        d["hands"] = _set_seat(d["hands"], p, tuple(sorted((*d["hands"][p], card))))
        d["fresh"] = tuple(sorted((*d["fresh"], card)))
    owed = [0] * NC
    for u in NEIGHBOURS[v]:
        x = board[u]
        if 0 <= x < NC:
            owed[x] += 1
    d["owed"] = tuple(owed)
    _after_payment(d)


def _pay(d: Fields, c: int) -> None:
    """One stele of colour c goes on its temple; the 5th space triggers a Ritual."""
    _gain(d, UNIT[c], -1)
    d["owed"] = _bump(d["owed"], c, -1)
    temples = d["temples"]
    level = temples[c] + 1
    if level < TEMPLE_SPACES:
        d["temples"] = _bump(temples, c, 1)
        _after_payment(d)
        return
    # Ritual: the whole temple goes back to the bag ...
    d["temples"] = _bump(temples, c, -temples[c])
    d["bag"] = _bump(d["bag"], c, level)
    # ... and the player may take a stele from another temple
    if any(d["temples"]):
        d["phase"] = "ritual"
        d["ritual_temple"] = c
    else:
        _after_payment(d)


def _after_payment(d: Fields) -> None:
    if any(d["owed"]):
        d["phase"] = "pay"
        return
    d["waivers"] = 0
    d["phase"] = "main"
    _after_action(d)


def _after_action(d: Fields) -> None:
    """Back in the main phase: end the turn unless the player may still play a card.

    A player holding a Seal card from an earlier turn decides when the turn ends (with
    ``pass``). Whether they hold one is public (everyone sees how many cards each holds
    and which were drawn this turn), so the turn structure reveals nothing secret.
    """
    if d["regular_done"] and len(d["hands"][d["current"]]) <= len(d["fresh"]):
        _end_turn(d)


def _play_seal(d: Fields, card: int) -> None:
    p = d["current"]
    d["hands"] = _set_seat(d["hands"], p, tuple(x for x in d["hands"][p] if x != card))
    d["played"] = (*d["played"], card)
    spec = CARDS[card]
    if spec.kind == "A":
        d["mods"] = tuple(a + b for a, b in zip(d["mods"], spec.mods, strict=True))
    elif spec.action == "draw":
        _draw(d, spec.count)
        _after_action(d)
    else:
        d["phase"] = "extra"
        d["extra"] = spec.action
        d["extra_count"] = spec.count


def _end_turn(d: Fields) -> None:
    d["regular_done"] = True
    if sum(d["reserves"][d["current"]]) > RESERVE_LIMIT + d["mods"][RESERVE_BONUS]:
        d["phase"] = "return"
    else:
        _next_turn(d)


def _next_turn(d: Fields) -> None:
    d["fresh"] = ()
    d["mods"] = NO_MODS
    d["regular_done"] = False
    d["extra"] = ""
    d["extra_count"] = 0
    d["phase"] = "main"
    nxt = d["current"] + 1
    if nxt == d["players"]:
        nxt = 0
        d["round"] += 1
        whole = CAPACITY[d["players"]] * NT
        if d["round"] >= d["max_rounds"] or any(sum(tok) == whole for tok in d["tokens"]):
            d["phase"] = "over"
            d["regular_done"] = False
    d["current"] = nxt
    d["to_act"] = NOBODY if d["phase"] == "over" else SEATS[nxt]


_HANDLERS: dict[type[Any], Callable[[Fields, Any], None]] = {
    Pay: _on_pay,
    Place: _on_place,
    Take: _on_take,
    Draw: _on_draw,
    Return: _on_return,
    Waive: _on_waive,
    RitualTake: _on_ritual_take,
    RitualSkip: _on_ritual_skip,
    PlaySeal: _on_seal,
    Pass: _on_pass,
}
"""The transition of each kind of action."""
