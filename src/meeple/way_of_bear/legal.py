"""Which actions are legal: the placement rules, takes, payments and Seal card plays.

A turn walks through the phases of `Phase`, one decision per step. Everything here
is a pure function of the state. The takes a set of temples allows are a
`functools.cache` function of the temple counts; the villages a board offers come
with the state (`State.spots`, derived from the board: see `spots`).

In the main phase the placements are searched once: a Seal card whose extra action is
a placement is playable when there is one, which without modifiers is the same
search as the regular action's. The regular takes and draw without modifiers or
options come from a dict by the temples (`_PLAIN`), which costs less than the cache
of `_regular` with its four arguments. (Together with `payment.payable` asking its
memo without the steles that cannot pay, 4-player playouts went from 61,350
instructions a step to 60,940.)
"""

from __future__ import annotations

from functools import cache
from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Final

from .actions import ALL_TAKES
from .actions import DRAW
from .actions import PASS
from .actions import PAYS
from .actions import PLACES
from .actions import RETURNS
from .actions import RITUAL_SKIP
from .actions import RITUAL_TAKES
from .actions import SEALS
from .actions import TAKE_COUNTS
from .actions import WAIVES
from .actions import Action
from .actions import Place
from .actions import Take
from .components import CAPACITY
from .components import CARDS
from .components import DISCOUNT
from .components import FREE
from .components import NC
from .components import NO_MODS
from .components import SAME_OK
from .components import TAKE_BONUS
from .components import TAKE_COUNT
from .components import TEMPLE_SPACES
from .payment import after_pay_payable
from .payment import covered
from .payment import payable
from .payment import remove_one_of
from .payment import ritual_take_payable
from .spots import CLAMP
from .spots import GUARD
from .spots import MULTI
from .spots import Spot
from .spots import lonely
from .spots import packed
from .state import EXTRA
from .state import MAIN
from .state import PAY
from .state import RETURN
from .state import RITUAL

if TYPE_CHECKING:
    from .state import State

__all__ = ["legal_actions", "placements", "takes"]


@cache  # at most 5**4 temple states times a few counts
def takes(temples: tuple[int, ...], count: int) -> tuple[Take, ...]:
    """Every way to take `count` steles (fewer if the temples hold fewer) from the temples."""
    count = min(count, sum(temples))
    if count <= 0:
        return ()
    t0, t1, t2, t3 = temples  # four colours (checked when the data is loaded)
    out: list[Take] = []
    for t in ALL_TAKES[count]:  # a loop, not all(generator): a cold cache misses often
        n0, n1, n2, n3 = TAKE_COUNTS[t]
        if n0 <= t0 and n1 <= t1 and n2 <= t2 and n3 <= t3:
            out.append(t)
    return tuple(out)


_NO_TRIGGER: Final = packed((CLAMP,) * NC, (True,) * NC)
"""A packed `trigger` with no Ritual in reach: every field at its top (see `spots.packed`)."""


def placements(
    spots: tuple[Spot, ...],
    board: tuple[int, ...],
    reserve: tuple[int, ...],
    tokens: tuple[int, ...],
    capacity: int,
    mods: tuple[int, ...],
    temples: tuple[int, ...],
    ritual_steles: bool = True,
) -> list[Place]:
    """Every legal stele placement for a player, with the given turn modifiers.

    `spots` are the board's token villages next to a stele (`State.spots`). The
    offering must be payable in full: by the reserve (and a discount card), or with
    the steles that Rituals during the payment bring in (see `payment`), unless
    `ritual_steles` is off (option ``reserve_pays_offering``).
    """
    out: list[Place] = []
    r0, r1, r2, r3 = reserve
    if not (r0 or r1 or r2 or r3):
        return out
    k0, k1, k2, k3, k4, k5, k6, k7 = tokens  # four types, plain and sealed
    # a bit per knowledge type whose column is full (bits 4-7, as in a spot's key)
    full = (
        (k0 + k1 >= capacity) << 4
        | (k2 + k3 >= capacity) << 5
        | (k4 + k5 >= capacity) << 6
        | (k6 + k7 >= capacity) << 7
    )
    has = (r0 > 0) | (r1 > 0) << 1 | (r2 > 0) << 2 | (r3 > 0) << 3
    same_ok, discount = mods[SAME_OK], mods[DISCOUNT]
    # a stele must touch another stele ...
    if mods[FREE]:
        spots = tuple(sorted(spots + lonely(board)))  # ... unless a Seal card says otherwise
    # Could paying fill a temple's last space (a Ritual, which brings a stele in)? Per
    # colour whose temple and reserve could reach it, `trigger` holds one less than the
    # steles to pay there (else 15), packed: a spot can run a Ritual when it owes more
    # than that of some colour (= payment.ritual_possible, inline: a hot path).
    t0, t1, t2, t3 = temples
    trigger = _NO_TRIGGER
    if t0 and r0 + t0 >= TEMPLE_SPACES:
        trigger -= 15 - (TEMPLE_SPACES - 1 - t0)
    if t1 and r1 + t1 >= TEMPLE_SPACES:
        trigger -= (15 - (TEMPLE_SPACES - 1 - t1)) << 5
    if t2 and r2 + t2 >= TEMPLE_SPACES:
        trigger -= (15 - (TEMPLE_SPACES - 1 - t2)) << 10
    if t3 and r3 + t3 >= TEMPLE_SPACES:
        trigger -= (15 - (TEMPLE_SPACES - 1 - t3)) << 15
    rituals = ritual_steles and trigger != _NO_TRIGGER
    if not same_ok and not discount:
        # the common case: the reserve must cover the whole offering, and the board
        # have room for the token. A spot's key (`spots.MULTI`) answers that with one
        # ``&`` of small ints, which allocates nothing, unless it owes a colour twice.
        bad = (15 ^ has) | full
        for spot in spots:
            key = spot[1]
            if not key & bad and (
                key < MULTI or (spot[5] <= r0 and spot[6] <= r1 and spot[7] <= r2 and spot[8] <= r3)
            ):
                out.extend(spot[2][has])  # never next to a stele of the same colour
            elif rituals and not key & full and (trigger - spot[3]) & GUARD != GUARD:
                out.extend(_with_rituals(spot, spot[2][has], reserve, temples, 0))
        return out
    return _placements_with_mods(spots, has, full, reserve, temples, same_ok, discount, rituals)


def _placements_with_mods(
    spots: tuple[Spot, ...],
    has: int,
    full: int,
    reserve: tuple[int, ...],
    temples: tuple[int, ...],
    same_ok: int,
    discount: int,
    rituals: bool,
) -> list[Place]:
    """`placements` under a Seal card's modifier: a stele beside its own colour
    (`same_ok`) or `discount` steles of the offering unpaid. `has` and `full` are the
    bits of `placements` (colours in the reserve, full token columns)."""
    out: list[Place] = []
    r0, r1, r2, r3 = reserve
    for spot in spots:
        v, _, opens, _, t, c0, c1, c2, c3 = spot
        if full & 16 << t:
            continue
        # steles the reserve lacks for the offering (before taking out the placed one)
        short = max(0, c0 - r0) + max(0, c1 - r1) + max(0, c2 - r2) + max(0, c3 - r3)
        candidates: tuple[Place, ...] = (
            opens[has] if not same_ok else tuple(PLACES[c][v] for c in range(NC) if reserve[c])
        )
        if short > discount:
            if rituals:
                out.extend(_with_rituals(spot, candidates, reserve, temples, discount))
            continue
        if not same_ok:
            out.extend(opens[has])
            continue
        for c, have_c, need in ((0, r0, c0), (1, r1, c1), (2, r2, c2), (3, r3, c3)):
            # placing a stele of an owed colour leaves one fewer to pay with
            if have_c and short + (need >= have_c) <= discount:
                out.append(PLACES[c][v])
            elif have_c and rituals:
                out.extend(_with_rituals(spot, (PLACES[c][v],), reserve, temples, discount))
    return out


def _with_rituals(
    spot: Spot,
    candidates: tuple[Place, ...],
    reserve: tuple[int, ...],
    temples: tuple[int, ...],
    waivers: int,
) -> list[Place]:
    """The placements among `candidates` (on `spot`'s village) whose offering the
    reserve cannot cover, but some order of payment with Rituals can pay."""
    owed = spot[5:]
    return [
        place
        for place in candidates
        if payable(owed, remove_one_of(reserve, place.colour), temples, waivers)
    ]


def _placements_of(s: State, p: int, mods: tuple[int, ...]) -> list[Place]:
    """`placements` of player `p` in state `s`, with the turn modifiers `mods`."""
    return placements(
        s.spots,
        s.board,
        s.reserves[p],
        s.tokens[p],
        CAPACITY[s.players],
        mods,
        s.temples,
        not s.reserve_pays_offering,
    )


_USE: Final = tuple("A" if spec.kind == "A" else spec.action for spec in CARDS)
"""What each card does when played: ``A`` (bends a rule), ``draw``, ``take``,
``place``, or nothing (the Dragon Hoard only scores)."""


def _playable(s: State, p: int, card: int, places: list[Place] | None) -> bool:
    """Whether player `p` (to act, in the main phase) may play `card` now (`places`:
    their placements without modifiers, when the caller has them already)."""
    use = _USE[card]
    if use == "A":
        return not s.regular_done
    if use == "draw":
        return sum(s.bag) > 0
    if use == "take":
        return sum(s.temples) > 0
    if use == "place":
        if places is None:
            places = _placements_of(s, p, NO_MODS)
        return bool(places)
    return False  # the Dragon Hoard only scores


def legal_actions(s: State, player: int) -> tuple[Action, ...]:
    """The legal actions of `player` (the core has checked that they are to act)."""
    phase = s.phase
    p = player
    if phase != MAIN:
        if phase == PAY:  # the most frequent other phase, without a call between
            return _pay_options(s.owed, s.reserves[p], s.temples, s.waivers)
        return _other_phase(s, phase, p)
    mods = s.mods
    regular: tuple[Action, ...] = ()  # the takes and the draw
    places: list[Place] | None = None
    if not s.regular_done:
        temples = s.temples
        if mods is NO_MODS and not s.take_fewer and sum(s.bag) > 0:
            # the common case: a dict by the temples alone costs less than the cache
            # of `_regular` with its four arguments
            regular = _PLAIN.get(temples) or _plain(temples)
        else:
            regular = _regular(temples, sum(s.bag) > 0, mods[TAKE_BONUS], s.take_fewer)
        places = _placements_of(s, p, mods)
    seals: list[Action] = []
    hand = s.hands[p]
    if hand:  # a loop: a list comprehension is a function made and called in CPython 3.11
        fresh = s.fresh
        known = places if mods is NO_MODS else None  # (a "place" card's placements)
        for c in hand:
            if c not in fresh and _playable(s, p, c, known):
                seals.append(SEALS[c])
    if places:
        return (*seals, *regular, *places)
    if regular:
        return (*seals, *regular)
    return (*seals, PASS)  # after the regular action, or when none is possible


@cache  # 5**4 temple states, two flags and a bonus
def _regular(
    temples: tuple[int, ...], can_draw: bool, bonus: int, take_fewer: bool
) -> tuple[Action, ...]:
    """The takes and the draw the temples and the bag allow (`take_fewer`: option
    ``take_fewer``, a take of the one stele on the tracks); none, no regular action."""
    out: list[Action] = []
    if sum(temples) >= (1 if take_fewer else TAKE_COUNT):
        out.extend(takes(temples, TAKE_COUNT + bonus))
    if can_draw:
        out.append(DRAW)
    return tuple(out)


_PLAIN: Final[dict[tuple[int, ...], tuple[Action, ...]]] = {}
"""`_regular` without modifiers or options, a steles in the bag, by the temples."""


def _plain(temples: tuple[int, ...]) -> tuple[Action, ...]:
    """`_regular` of `temples` in the common case, remembered in `_PLAIN`."""
    found = _PLAIN[temples] = _regular(temples, True, 0, False)
    return found


def _other_phase(s: State, phase: str, p: int) -> tuple[Action, ...]:
    """The legal actions in the ritual, return and extra phases, and at the end."""
    if phase == RITUAL:  # a stele from another temple, or nothing (see the two below)
        owed, reserve = s.owed, s.reserves[p]
        if covered(owed, reserve, s.waivers):
            return _any_ritual_take(s.temples, s.ritual_temple)
        return _ritual_options_searched(owed, reserve, s.temples, s.waivers, s.ritual_temple)
    if phase == RETURN:
        return _return_options(s.reserves[p])
    if phase == EXTRA:
        if s.extra == "take":
            return takes(s.temples, s.extra_count)
        return tuple(_placements_of(s, p, NO_MODS))
    return ()  # the game is over


@cache  # a temple state and one of four temples
def _any_ritual_take(temples: tuple[int, ...], ritual_temple: int) -> tuple[Action, ...]:
    """After a Ritual whose offering the reserve covers: any other temple's stele, or
    nothing."""
    out: list[Action] = [RITUAL_TAKES[c] for c in range(NC) if c != ritual_temple and temples[c]]
    out.append(RITUAL_SKIP)
    return tuple(out)


@lru_cache(maxsize=1024)
def _ritual_options_searched(
    owed: tuple[int, ...],
    reserve: tuple[int, ...],
    temples: tuple[int, ...],
    waivers: int,
    ritual_temple: int,
) -> tuple[Action, ...]:
    """After a Ritual whose offering the reserve does not cover: each stele of another
    temple, or nothing, only if the offering can still be paid in full afterwards."""
    out: list[Action] = [
        RITUAL_TAKES[c]
        for c in range(NC)
        if c != ritual_temple and ritual_take_payable(owed, reserve, temples, waivers, c)
    ]
    if payable(owed, reserve, temples, waivers):
        out.append(RITUAL_SKIP)
    return tuple(out)


@lru_cache(maxsize=4096)
def _return_options(reserve: tuple[int, ...]) -> tuple[Action, ...]:
    """A stele of any colour the reserve holds goes back to the bag."""
    return tuple(RETURNS[c] for c in range(NC) if reserve[c])


def _pay_options(
    owed: tuple[int, ...], reserve: tuple[int, ...], temples: tuple[int, ...], waivers: int
) -> tuple[Action, ...]:
    """Pay a stele of an owed colour the reserve holds, or waive one (discount cards):
    each only if the offering can still be paid in full afterwards.

    While the reserve (and the discount) cover the offering (`payment.covered`,
    written out here: every step of an offering asks), any of them is fine; this is
    not memoized: a playout seldom asks twice, and the lookup costs about as much.
    """
    o0, o1, o2, o3 = owed  # four colours (checked when the data is loaded)
    r0, r1, r2, r3 = reserve
    short = (o0 > r0) * (o0 - r0) + (o1 > r1) * (o1 - r1) + (o2 > r2) * (o2 - r2)
    short += (o3 > r3) * (o3 - r3)
    if short > waivers:
        return _pay_options_searched(owed, reserve, temples, waivers)
    out: list[Action] = []
    if o0 and r0:
        out.append(_PAY0)
    if o1 and r1:
        out.append(_PAY1)
    if o2 and r2:
        out.append(_PAY2)
    if o3 and r3:
        out.append(_PAY3)
    if waivers:
        for c in range(NC):
            # waiving a colour you could pay is fine while the discount covers the rest
            if owed[c] and (owed[c] > reserve[c] or short < waivers):
                out.append(WAIVES[c])
    return tuple(out)


_PAY0, _PAY1, _PAY2, _PAY3 = PAYS


@lru_cache(maxsize=1024)
def _pay_options_searched(
    owed: tuple[int, ...], reserve: tuple[int, ...], temples: tuple[int, ...], waivers: int
) -> tuple[Action, ...]:
    """The pay options while only Rituals during the payment can finish it."""
    out: list[Action] = [
        PAYS[c]
        for c in range(NC)
        if owed[c] and reserve[c] and after_pay_payable(owed, reserve, temples, waivers, c)
    ]
    if waivers:
        for c in range(NC):
            if owed[c] and payable(remove_one_of(owed, c), reserve, temples, waivers - 1):
                out.append(WAIVES[c])
    return tuple(out)
