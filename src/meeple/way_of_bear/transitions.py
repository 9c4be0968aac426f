"""What a legal action does, bag draws included, and how the turn goes on (pure functions).

The action's handler works out what its action moves (steles, tokens, cards) and
builds the successor with `replace`, naming the changed fields as keywords. When no
offering is pending after the action, the turn goes on or ends, and one function,
`_turned`, decides how and builds that successor: the handler hands it the steles as
the action left them (reserves, owed, temples, bag, rng; `s`'s own for what it did
not move), and it names them in one call with the turn fields it decides.

Keywords, not a dict of changes: ``replace(state, **changes)`` unpacks the dict into
keywords and CPython packs them into a dict again, so a successor named by a dict
costs about half again as much as one named by keywords (measured under
cachegrind, where a step of this game costs the most). `_turned` names the turn's
fields in one place rather than at each handler: a little dearer than naming only
what each handler changes, but one place to read. A rare extra takes a `replace` of
its own: a placement's Seal card draw, the end of an additional action, the
leftovers a new turn clears (modifiers, additional action).

This is the hottest code of the slowest game, where a Python call costs as much as
a dozen lines: colour counts (always four, checked when the data is loaded) are
unpacked and rebuilt inline rather than through the tuple helpers of
`meeple.core.edit`, and a per-seat tuple is changed through a list (copied as
``[*seq]``, which costs less than ``list(seq)``, a call of the type).
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
    reserves = [*s.reserves]
    reserves[p] = reserve
    o0, o1, o2, o3 = s.owed
    owed = (o0 - u0, o1 - u1, o2 - u2, o3 - u3)
    t0, t1, t2, t3 = s.temples
    bag = s.bag
    if s.temples[c] + 1 < TEMPLE_SPACES:
        temples = (t0 + u0, t1 + u1, t2 + u2, t3 + u3)
        if o0 + o1 + o2 + o3 > 1:  # the common case: more to pay
            return replace(s, reserves=tuple(reserves), owed=owed, temples=temples)
    else:  # Ritual: the whole temple goes back to the bag (the 5th stele with the others) ...
        b0, b1, b2, b3 = bag
        n = TEMPLE_SPACES
        temples = (t0 * (1 - u0), t1 * (1 - u1), t2 * (1 - u2), t3 * (1 - u3))
        bag = (b0 + n * u0, b1 + n * u1, b2 + n * u2, b3 + n * u3)
        if any(temples):  # ... and the player may take a stele from another temple
            return replace(
                s,
                reserves=tuple(reserves),
                owed=owed,
                temples=temples,
                bag=bag,
                phase=RITUAL,
                ritual_temple=c,
            )
        if any(owed):  # the payment goes on (the phase stays PAY)
            return replace(s, reserves=tuple(reserves), owed=owed, temples=temples, bag=bag)
    # the offering is paid
    return _turned(s, p, True, s.regular_done, tuple(reserves), owed, temples, bag, s.rng)


def _place(s: State, a: Place, p: int) -> State:
    """A stele from the reserve on a village; its token goes to the player's board."""
    c, v = a.colour, a.village
    board = [*s.board]
    kind = board[v] - TOKEN_BASE
    board[v] = c
    new_board = tuple(board)
    spots, owed = after_placement(s.spots, new_board, v)
    u0, u1, u2, u3 = UNIT[c]
    r0, r1, r2, r3 = s.reserves[p]
    reserve = (r0 - u0, r1 - u1, r2 - u2, r3 - u3)
    reserves = [*s.reserves]
    reserves[p] = reserve
    mine = [*s.tokens[p]]
    mine[kind] += 1
    seats = [*s.tokens]
    seats[p] = tuple(mine)
    tokens = tuple(seats)
    base = s  # what the main replace starts from: `s`, or with a Seal card drawn
    hand, fresh, deck = s.hands[p], s.fresh, s.deck
    t = KIND_TYPE[kind]
    if mine[2 * t] + mine[2 * t + 1] == CAPACITY[s.players] and deck:
        card = deck[0]  # a completed column draws the top Seal card
        hand = tuple(sorted((*hand, card)))
        fresh = tuple(sorted((*fresh, card)))
        hands = [*s.hands]
        hands[p] = hand
        base = replace(s, deck=deck[1:], hands=tuple(hands), fresh=fresh)
    extra = s.phase == EXTRA  # the additional placement of a Seal card
    if extra:
        base = replace(base, extra="")
    regular_done = s.regular_done if extra else True
    if owed != NOTHING:  # the common case: the offering is paid next
        return replace(
            base,
            board=new_board,
            spots=spots,
            reserves=tuple(reserves),
            tokens=tokens,
            owed=owed,
            phase=PAY,
            regular_done=regular_done,
            waivers=0 if extra else s.mods[DISCOUNT],
        )
    # a village no stele touched (a Seal card's) owes nothing
    base = replace(base, board=new_board, spots=spots, tokens=tokens)
    return _turned(base, p, True, regular_done, tuple(reserves), owed, s.temples, s.bag, s.rng)


def _take(s: State, a: Take, p: int) -> State:
    """Steles from the temple tracks into the reserve."""
    n0, n1, n2, n3 = TAKE_COUNTS[a]
    t0, t1, t2, t3 = s.temples
    r0, r1, r2, r3 = s.reserves[p]
    reserve = (r0 + n0, r1 + n1, r2 + n2, r3 + n3)
    reserves = [*s.reserves]
    reserves[p] = reserve
    temples = (t0 - n0, t1 - n1, t2 - n2, t3 - n3)
    if s.phase == EXTRA:  # a Seal card's additional take
        base = replace(s, extra="", extra_count=0)
        return _turned(
            base, p, True, s.regular_done, tuple(reserves), s.owed, temples, s.bag, s.rng
        )
    return _turned(s, p, True, True, tuple(reserves), s.owed, temples, s.bag, s.rng)


def _draw(s: State, a: Draw, p: int) -> State:
    """The regular draw: steles at random from the bag."""
    return _drawn(s, p, DRAW_COUNT + s.mods[DRAW_BONUS], True)


def _drawn(s: State, p: int, count: int, regular_done: bool) -> State:
    """Up to `count` steles at random from the bag into the reserve, then the turn goes on."""
    (d0, d1, d2, d3), bag, rng = draw_counts(s.rng, s.bag, count)
    r0, r1, r2, r3 = s.reserves[p]
    reserves = [*s.reserves]
    reserves[p] = (r0 + d0, r1 + d1, r2 + d2, r3 + d3)
    return _turned(s, p, True, regular_done, tuple(reserves), s.owed, s.temples, bag, rng)


def _play_seal(s: State, a: PlaySeal, p: int) -> State:
    """A Seal card leaves the hand (and the game) and takes effect."""
    card = a.card
    hand = tuple(x for x in s.hands[p] if x != card)
    hands = [*s.hands]
    hands[p] = hand
    played = (*s.played, card)
    spec = CARDS[card]
    if spec.kind == "A":  # bends a rule for the rest of the turn
        mods = tuple(m + n for m, n in zip(s.mods, spec.mods, strict=True))
        return replace(s, hands=tuple(hands), played=played, mods=mods)
    if spec.action == "draw":
        return _drawn(replace(s, hands=tuple(hands), played=played), p, spec.count, s.regular_done)
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
    reserves = [*s.reserves]
    reserves[p] = reserve
    b0, b1, b2, b3 = s.bag
    bag = (b0 + u0, b1 + u1, b2 + u2, b3 + u3)
    return _turned(s, p, False, True, tuple(reserves), s.owed, s.temples, bag, s.rng)


def _waive(s: State, a: Waive, p: int) -> State:
    """One stele of the offering is not paid (a discount card)."""
    o0, o1, o2, o3 = s.owed
    u0, u1, u2, u3 = UNIT[a.colour]
    owed = (o0 - u0, o1 - u1, o2 - u2, o3 - u3)
    if any(owed):  # the payment goes on (the phase stays PAY)
        return replace(s, owed=owed, waivers=s.waivers - 1)
    return _turned(s, p, True, s.regular_done, s.reserves, owed, s.temples, s.bag, s.rng)


def _ritual_take(s: State, a: RitualTake, p: int) -> State:
    """After a Ritual, one stele from another temple into the reserve."""
    u0, u1, u2, u3 = UNIT[a.colour]
    r0, r1, r2, r3 = s.reserves[p]
    reserves = [*s.reserves]
    reserves[p] = (r0 + u0, r1 + u1, r2 + u2, r3 + u3)
    t0, t1, t2, t3 = s.temples
    temples = (t0 - u0, t1 - u1, t2 - u2, t3 - u3)
    return _ritual_done(s, p, tuple(reserves), temples)


def _ritual_skip(s: State, a: RitualSkip, p: int) -> State:
    """After a Ritual, nothing is taken."""
    return _ritual_done(s, p, s.reserves, s.temples)


def _pass(s: State, a: Pass, p: int) -> State:
    """The player ends the turn."""
    return _turned(s, p, False, True, s.reserves, s.owed, s.temples, s.bag, s.rng)


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


def _ritual_done(s: State, p: int, reserves: Seats, temples: Counts) -> State:
    """After a Ritual (the reserves and temples as the player's choice left them): pay
    on while something is owed, else the offering is paid."""
    if any(s.owed):
        return replace(s, reserves=reserves, temples=temples, phase=PAY, ritual_temple=-1)
    base = replace(s, ritual_temple=-1)
    return _turned(base, p, True, s.regular_done, reserves, s.owed, temples, s.bag, s.rng)


def _turned(
    s: State,
    p: int,
    may_stay: bool,
    regular_done: bool,
    reserves: Seats,
    owed: Counts,
    temples: Counts,
    bag: Counts,
    rng: int,
) -> State:
    """The successor of an action of player `p` after which no offering is pending, with
    the steles where the action left them (`s`'s own for what it did not move): the
    turn goes on, or ends.

    It goes on in the main phase while the regular action is still to make, or (when
    `may_stay`: not after a pass or a return) while the player holds a Seal card from
    an earlier turn, and so decides when the turn ends (with ``pass``). Whether they
    hold one is public (everyone sees how many cards each holds and which were drawn
    this turn), so the turn structure reveals nothing secret. Else the turn ends: back
    to the bag above the reserve limit, else the next seat's turn, or after the last
    seat the next round or the end. A new turn clears the last one's leftovers (cards
    drawn, modifiers, an additional action; the latter two only when there are some).

    One function for every way the turn goes on, so that the fields are named once;
    `s` is the state with whatever else the action changed (the tokens and cards of
    a placement, the hand of a card played), and no waiver is left.
    """
    to_act, current, rnd, fresh = s.to_act, s.current, s.round, s.fresh
    phase = MAIN
    clear = False
    if may_stay and (not regular_done or len(s.hands[p]) > len(fresh)):
        pass  # the turn goes on
    elif sum(reserves[p]) > RESERVE_LIMIT + s.mods[RESERVE_BONUS]:
        phase, regular_done = RETURN, True
    else:  # the next turn
        clear = s.mods is not NO_MODS or bool(s.extra) or s.extra_count > 0
        regular_done, fresh = False, ()
        current += 1
        if current < s.players:
            to_act = ONE_SEAT[current]
        else:
            current, rnd = 0, rnd + 1
            whole = CAPACITY[s.players] * NT
            if rnd >= s.max_rounds or whole in map(sum, s.tokens):
                to_act, phase = NOBODY, OVER
            else:
                to_act = ONE_SEAT[0]
    if s.waivers:
        s = replace(s, waivers=0)
    new = replace(
        s,
        reserves=reserves,
        owed=owed,
        temples=temples,
        bag=bag,
        rng=rng,
        to_act=to_act,
        current=current,
        round=rnd,
        phase=phase,
        regular_done=regular_done,
        fresh=fresh,
    )
    if clear:
        return replace(new, mods=NO_MODS, extra="", extra_count=0)
    return new
