"""What a legal action does, bag draws included, and how the turn goes on (pure functions).

Every successor is one `replace(state, ...)`, made by the action's handler. A handler
works out what its action moves (steles, tokens, cards); the turn-structure helpers
(`_paid`, `_acted`, `_end_turn`, `_next_turn`) return the turn fields they decide
(phase, whose turn, the per-turn flags), and the handler adds what it moved to that
dict. Some successors name their fields as keywords instead: a keyword call runs in
the caller's frame, where ``replace(state, **changes)`` copies the dict into another
and enters the interpreter again.

This is the hottest code of the slowest game, where a Python call costs as much as
a dozen lines: colour counts (always four, checked when the data is loaded) are
unpacked and rebuilt inline rather than through the tuple helpers of
`meeple.core.edit`, and a per-seat tuple is changed through a list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from typing import Any
from typing import Final

from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core.rng import draw_counts

from .actions import TAKE_COUNTS
from .actions import Action
from .actions import Draw
from .actions import Pass
from .actions import Pay
from .actions import Place
from .actions import PlaySeal
from .actions import Return
from .actions import RitualSkip
from .actions import RitualTake
from .actions import Take
from .actions import Waive
from .components import CAPACITY
from .components import CARDS
from .components import DISCOUNT
from .components import DRAW_BONUS
from .components import DRAW_COUNT
from .components import KIND_TYPE
from .components import NO_MODS
from .components import NT
from .components import RESERVE_BONUS
from .components import RESERVE_LIMIT
from .components import TEMPLE_SPACES
from .components import TOKEN_BASE
from .components import UNIT
from .spots import NOTHING
from .spots import after_placement
from .state import EXTRA
from .state import MAIN
from .state import OVER
from .state import PAY
from .state import RETURN
from .state import RITUAL

if TYPE_CHECKING:
    from .state import State

__all__ = ["successor"]

Changes = dict[str, Any]
"""Fields of the successor, by name (the keyword arguments of `replace`)."""
Counts = tuple[int, ...]
"""A count per colour (or per token kind)."""
Seats = tuple[tuple[int, ...], ...]
"""One tuple per seat."""


def successor(s: State, a: Action, p: int) -> State:
    """The state after legal action `a` by player `p` (the current player)."""
    return _HANDLERS[a.__class__](s, a, p)


# -- the handlers: what each action moves ------------------------------------------


def _pay(s: State, a: Pay, p: int) -> State:
    """One stele of the offering goes on its temple; the 5th space triggers a Ritual."""
    c = a.colour
    u0, u1, u2, u3 = UNIT[c]
    r0, r1, r2, r3 = s.reserves[p]
    reserve = (r0 - u0, r1 - u1, r2 - u2, r3 - u3)
    reserves = list(s.reserves)
    reserves[p] = reserve
    o0, o1, o2, o3 = s.owed
    owed = (o0 - u0, o1 - u1, o2 - u2, o3 - u3)
    t0, t1, t2, t3 = s.temples
    changes: Changes
    if s.temples[c] + 1 < TEMPLE_SPACES:
        temples = (t0 + u0, t1 + u1, t2 + u2, t3 + u3)
        if o0 + o1 + o2 + o3 > 1:  # the common case: more to pay
            return replace(s, reserves=tuple(reserves), owed=owed, temples=temples)
        changes = _paid(s, p, reserve, s.tokens, s.hands[p], s.fresh, s.regular_done)
        changes["reserves"] = tuple(reserves)
        changes["owed"] = owed
        changes["temples"] = temples
        return replace(s, **changes)
    # Ritual: the whole temple goes back to the bag (the 5th stele with the others) ...
    b0, b1, b2, b3 = s.bag
    n = TEMPLE_SPACES
    temples = (t0 * (1 - u0), t1 * (1 - u1), t2 * (1 - u2), t3 * (1 - u3))
    if any(temples):  # ... and the player may take a stele from another temple
        changes = {"phase": RITUAL, "ritual_temple": c}
    elif any(owed):
        changes = {"phase": PAY}
    else:
        changes = _paid(s, p, reserve, s.tokens, s.hands[p], s.fresh, s.regular_done)
    changes.update(
        reserves=tuple(reserves),
        owed=owed,
        temples=temples,
        bag=(b0 + n * u0, b1 + n * u1, b2 + n * u2, b3 + n * u3),
    )
    return replace(s, **changes)


def _place(s: State, a: Place, p: int) -> State:
    """A stele from the reserve on a village; its token goes to the player's board."""
    c, v = a.colour, a.village
    changes: Changes
    if s.phase == EXTRA:
        regular_done = s.regular_done
        changes = {"extra": "", "waivers": 0}
    else:
        regular_done = True
        changes = {"regular_done": True, "waivers": s.mods[DISCOUNT]}
    board = list(s.board)
    kind = board[v] - TOKEN_BASE
    board[v] = c
    new_board = tuple(board)
    spots, owed = after_placement(s.spots, new_board, v)
    u0, u1, u2, u3 = UNIT[c]
    r0, r1, r2, r3 = s.reserves[p]
    reserve = (r0 - u0, r1 - u1, r2 - u2, r3 - u3)
    reserves = list(s.reserves)
    reserves[p] = reserve
    mine = list(s.tokens[p])
    mine[kind] += 1
    seats = list(s.tokens)
    seats[p] = tuple(mine)
    tokens = tuple(seats)
    hand, fresh, deck = s.hands[p], s.fresh, s.deck
    t = KIND_TYPE[kind]
    if mine[2 * t] + mine[2 * t + 1] == CAPACITY[s.players] and deck:
        card = deck[0]  # a completed column draws the top Seal card
        hand = tuple(sorted((*hand, card)))
        hands = list(s.hands)
        hands[p] = hand
        fresh = tuple(sorted((*fresh, card)))
        changes.update(deck=deck[1:], hands=tuple(hands), fresh=fresh)
    if owed != NOTHING:
        changes["phase"] = PAY
    else:
        changes.update(_paid(s, p, reserve, tokens, hand, fresh, regular_done))
    changes["board"] = new_board
    changes["spots"] = spots
    changes["reserves"] = tuple(reserves)
    changes["tokens"] = tokens
    changes["owed"] = owed
    return replace(s, **changes)


def _take(s: State, a: Take, p: int) -> State:
    """Steles from the temple tracks into the reserve."""
    n0, n1, n2, n3 = TAKE_COUNTS[a]
    t0, t1, t2, t3 = s.temples
    r0, r1, r2, r3 = s.reserves[p]
    reserve = (r0 + n0, r1 + n1, r2 + n2, r3 + n3)
    reserves = list(s.reserves)
    reserves[p] = reserve
    changes: Changes
    if s.phase == EXTRA:  # a Seal card's additional take
        changes = {"extra": "", "extra_count": 0}
        changes.update(_acted(s, reserve, s.hands[p], s.regular_done))
    else:
        changes = _acted(s, reserve, s.hands[p], True)
    changes["temples"] = (t0 - n0, t1 - n1, t2 - n2, t3 - n3)
    changes["reserves"] = tuple(reserves)
    return replace(s, **changes)


def _draw(s: State, a: Draw, p: int) -> State:
    """The regular draw: steles at random from the bag."""
    return replace(s, **_drawn(s, p, DRAW_COUNT + s.mods[DRAW_BONUS], s.hands[p], True))


def _drawn(s: State, p: int, count: int, hand: tuple[int, ...], regular_done: bool) -> Changes:
    """Up to `count` steles at random from the bag into the reserve, then the turn goes on."""
    (d0, d1, d2, d3), bag, rng = draw_counts(s.rng, s.bag, count)
    r0, r1, r2, r3 = s.reserves[p]
    reserve = (r0 + d0, r1 + d1, r2 + d2, r3 + d3)
    reserves = list(s.reserves)
    reserves[p] = reserve
    changes = _acted(s, reserve, hand, regular_done)
    changes["rng"] = rng
    changes["bag"] = bag
    changes["reserves"] = tuple(reserves)
    return changes


def _play_seal(s: State, a: PlaySeal, p: int) -> State:
    """A Seal card leaves the hand (and the game) and takes effect."""
    card = a.card
    hand = tuple(x for x in s.hands[p] if x != card)
    hands = list(s.hands)
    hands[p] = hand
    played = (*s.played, card)
    spec = CARDS[card]
    if spec.kind == "A":  # bends a rule for the rest of the turn
        mods = tuple(m + n for m, n in zip(s.mods, spec.mods, strict=True))
        return replace(s, hands=tuple(hands), played=played, mods=mods)
    if spec.action == "draw":
        changes = _drawn(s, p, spec.count, hand, s.regular_done)
        changes.update(hands=tuple(hands), played=played)
        return replace(s, **changes)
    return replace(
        s,
        hands=tuple(hands),
        played=played,
        phase=EXTRA,
        extra=spec.action,
        extra_count=spec.count,
    )


def _return(s: State, a: Return, p: int) -> State:
    """One stele back to the bag; the turn ends once the reserve is within the limit."""
    u0, u1, u2, u3 = UNIT[a.colour]
    r0, r1, r2, r3 = s.reserves[p]
    reserve = (r0 - u0, r1 - u1, r2 - u2, r3 - u3)
    reserves = list(s.reserves)
    reserves[p] = reserve
    b0, b1, b2, b3 = s.bag
    changes: Changes = {}
    if sum(reserve) <= RESERVE_LIMIT + s.mods[RESERVE_BONUS]:
        changes = _next_turn(s, s.tokens, s.fresh)
    changes["reserves"] = tuple(reserves)
    changes["bag"] = (b0 + u0, b1 + u1, b2 + u2, b3 + u3)
    return replace(s, **changes)


def _waive(s: State, a: Waive, p: int) -> State:
    """One stele of the offering is not paid (a discount card)."""
    o0, o1, o2, o3 = s.owed
    u0, u1, u2, u3 = UNIT[a.colour]
    owed = (o0 - u0, o1 - u1, o2 - u2, o3 - u3)
    changes: Changes = {"owed": owed, "waivers": s.waivers - 1}
    if any(owed):
        changes["phase"] = PAY
    else:
        changes.update(_paid(s, p, s.reserves[p], s.tokens, s.hands[p], s.fresh, s.regular_done))
    return replace(s, **changes)


def _ritual_take(s: State, a: RitualTake, p: int) -> State:
    """After a Ritual, one stele from another temple into the reserve."""
    u0, u1, u2, u3 = UNIT[a.colour]
    r0, r1, r2, r3 = s.reserves[p]
    reserve = (r0 + u0, r1 + u1, r2 + u2, r3 + u3)
    reserves = list(s.reserves)
    reserves[p] = reserve
    t0, t1, t2, t3 = s.temples
    changes = _ritual_done(s, p, reserve)
    changes.update(
        temples=(t0 - u0, t1 - u1, t2 - u2, t3 - u3), reserves=tuple(reserves), ritual_temple=-1
    )
    return replace(s, **changes)


def _ritual_skip(s: State, a: RitualSkip, p: int) -> State:
    """After a Ritual, nothing is taken."""
    changes = _ritual_done(s, p, s.reserves[p])
    changes["ritual_temple"] = -1
    return replace(s, **changes)


def _pass(s: State, a: Pass, p: int) -> State:
    """The player ends the turn."""
    return replace(s, **_end_turn(s, s.reserves[p], s.tokens, s.fresh))


_HANDLERS: Final[dict[type[Any], Callable[[Any, Any, int], State]]] = {
    Pay: _pay,
    Place: _place,
    Pass: _pass,
    Take: _take,
    Draw: _draw,
    PlaySeal: _play_seal,
    Return: _return,
    Waive: _waive,
    RitualTake: _ritual_take,
    RitualSkip: _ritual_skip,
}
"""The handler of each kind of action."""


# -- how the turn goes on -----------------------------------------------------------
# Each helper returns the turn fields it decides. The reserve, hand and tokens they
# read are the ones after the action, passed in (the successor is not built yet).


def _ritual_done(s: State, p: int, reserve: Counts) -> Changes:
    """After a Ritual: pay on while something is owed, else the offering is paid."""
    if any(s.owed):
        return {"phase": PAY}
    return _paid(s, p, reserve, s.tokens, s.hands[p], s.fresh, s.regular_done)


def _paid(
    s: State,
    p: int,
    reserve: Counts,
    tokens: Seats,
    hand: tuple[int, ...],
    fresh: tuple[int, ...],
    regular_done: bool,
) -> Changes:
    """The offering is paid: back to the main phase (see `_acted`), no waiver left."""
    if regular_done and len(hand) <= len(fresh):
        changes = _end_turn(s, reserve, tokens, fresh)
    else:
        changes = {"phase": MAIN, "regular_done": regular_done}
    changes["waivers"] = 0
    return changes


def _acted(s: State, reserve: Counts, hand: tuple[int, ...], regular_done: bool) -> Changes:
    """Back in the main phase: the turn ends unless the player may still play a card.

    A player holding a Seal card from an earlier turn decides when the turn ends (with
    ``pass``). Whether they hold one is public (everyone sees how many cards each holds
    and which were drawn this turn), so the turn structure reveals nothing secret.
    """
    if regular_done and len(hand) <= len(s.fresh):
        return _end_turn(s, reserve, s.tokens, s.fresh)
    return {"phase": MAIN, "regular_done": regular_done}


def _end_turn(s: State, reserve: Counts, tokens: Seats, fresh: tuple[int, ...]) -> Changes:
    """The turn ends: back to the bag above the reserve limit, else the next turn."""
    if sum(reserve) > RESERVE_LIMIT + s.mods[RESERVE_BONUS]:
        return {"phase": RETURN, "regular_done": True}
    return _next_turn(s, tokens, fresh)


def _next_turn(s: State, tokens: Seats, fresh: tuple[int, ...]) -> Changes:
    """The next player's turn; after the last seat, the next round or the end.

    Only what differs is named: the per-turn leftovers (cards drawn, which a
    placement may just have added to, modifiers, a pending additional action) are
    cleared only when there are some.
    """
    nxt = s.current + 1
    changes: Changes
    if nxt < s.players:
        changes = {"to_act": ONE_SEAT[nxt], "current": nxt, "phase": MAIN, "regular_done": False}
    else:
        rnd = s.round + 1
        whole = CAPACITY[s.players] * NT
        over = rnd >= s.max_rounds or whole in map(sum, tokens)
        changes = {
            "to_act": NOBODY if over else ONE_SEAT[0],
            "current": 0,
            "round": rnd,
            "phase": OVER if over else MAIN,
            "regular_done": False,
        }
    if fresh or s.mods is not NO_MODS or s.extra or s.extra_count:
        changes["fresh"] = ()  # (four stores cost less than update() with keywords)
        changes["mods"] = NO_MODS
        changes["extra"] = ""
        changes["extra_count"] = 0
    return changes
