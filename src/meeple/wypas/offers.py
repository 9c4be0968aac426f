"""Offers: who else may play a special card now, asked in secret.

Why Wypas has this module: the rulebook lets a special card be played at any
moment, even during another player's turn. After every move (and so at every
phase boundary), each seat other than the seat to act that could play a special
card it holds (one with a legal target now) is *offered* it: it joins `to_act`,
with its plays and ``wait`` as its choices. The seat to act may go on meanwhile;
whoever moves first, the next state works the offers out again. ``wait`` removes
the offer until a seat other than the waiting ones makes a move, so a run of
``wait`` ends and the game always goes on.

Who is offered is secret: it depends on the hands. `State.to_act` is the truth
(who may act); each seat's view shows the seat to act and, if it has one, its own
offer (`view.view_of`); nobody learns whom else the game asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any
from typing import Final

from meeple.core import ONE_SEAT
from meeple.core import replace

from .components import THIEF
from .specials import held_kinds
from .specials import pen_targets
from .state import TURNS

if TYPE_CHECKING:
    from .state import State

__all__ = ["SEATS_OF", "could_play", "offered_mask", "with_offers"]

SEATS_OF: Final = tuple(
    ONE_SEAT[mask.bit_length() - 1]
    if mask.bit_count() == 1
    else frozenset(p for p in range(6) if mask >> p & 1)
    for mask in range(64)
)
"""``SEATS_OF[mask]``: the seats of a bit mask, one shared frozenset per mask (the
core's `ONE_SEAT` sets for one seat, so a turn without offers keeps its set)."""
_TURNS: Final = frozenset(TURNS)


def offered_mask(
    phase: int,
    actor: int,
    hands: tuple[tuple[int, ...], ...],
    holders: int,
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
    wolves: tuple[int, ...],
    waited: int,
) -> int:
    """Bit mask of the seats offered a special card: every seat but `actor` whose hand
    (in `hands`; an empty entry is a hand this reader cannot see) holds a special card
    it could play now (one `specials.plays_of` would offer; `holders`: the seats holding a
    card, -1 to read them from `hands`), unless it waited; nobody outside a turn (`TURNS`)."""
    if phase not in _TURNS:
        return 0
    mask = _seats_that_could(hands, holders, pen_targets(pens, wolves))
    return mask & ~((1 << actor if actor >= 0 else 0) | waited)


def _seats_that_could(hands: tuple[tuple[int, ...], ...], holders: int, targets: int) -> int:
    """Bit mask of the seats whose hand (an empty entry: one the reader cannot see) holds
    a special card with a target: a card that targets a pen, with a pen to target
    (`targets`: `pen_targets`' answer), or a Thief, with another seat holding a card
    (`holders`: the seats holding one, -1 to read them from `hands`)."""
    could = 0
    thieves = 0  # the seats holding a Thief and no other card with a target
    for q, hand in enumerate(hands):
        if hand and hand[-1] >= THIEF:  # sorted hands: special kinds come last
            if targets and held_kinds(hand) & targets:
                could |= 1 << q
            elif THIEF in hand:
                thieves |= 1 << q
    if thieves:
        if holders < 0:  # a Thief's own seat holds a card: is there a second one?
            if len(hands) - hands.count(()) > 1:
                could |= thieves
        elif holders & (holders - 1):  # two seats or more hold a card: anyone can rob
            could |= thieves
        elif holders:  # one seat holds cards: a Thief of another seat can rob it
            could |= thieves & ~holders
    return could


_LAST: list[tuple[Any, Any, Any, int, int]] = [((), (), (), 0, 0)]
"""``[(hands, pens, wolves, could_play's answer, pen_targets' answer)]``: the last
table `could_play` saw."""


def could_play(
    hands: tuple[tuple[int, ...], ...],
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
    wolves: tuple[int, ...],
) -> int:
    """Bit mask of the seats whose hand holds a special card with a target on this
    table: the seats `offered_mask` offers one to, before the seat to act and the
    seats that waited are taken out (and so the seats `specials.special_plays` finds
    plays for).

    Asked after every move, and again by the seat to act's legal actions, so it
    starts from its last answer (`_LAST`, tuples compared by identity: nothing is
    hashed). A move that leaves hands, pens and wolves alone (a pass, a stand, a lot
    named: about half the moves of a game) leaves the very same tuples and gets the
    last answer again; one that leaves the pens and wolves alone (a bid) keeps the
    pens' targets. The entry is replaced whole, so a reader never sees a mix of two
    tables.
    """
    last = _LAST[0]
    if last[1] is pens and last[2] is wolves:
        if last[0] is hands:
            return last[3]
        targets = last[4]
    else:
        targets = pen_targets(pens, wolves)
    could = _seats_that_could(hands, -1, targets)
    _LAST[0] = (hands, pens, wolves, could, targets)
    return could


def with_offers(s: State, waited: int = 0) -> State:
    """`s` with `waited` as the seats that said ``wait`` and `to_act` made of the seat
    to act and the offered seats (the successor of every move goes through here)."""
    actor = s.actor
    if s.phase in _TURNS and s.options.specials:  # so actor >= 0: the game is not over
        to_act = SEATS_OF[1 << actor | could_play(s.hands, s.pens, s.wolves) & ~waited]
    elif actor >= 0:
        to_act = ONE_SEAT[actor]
    else:
        to_act = s.to_act  # the game is over: nobody acts (`rounds.game_over`)
    if s.waited != waited:
        return replace(s, waited=waited, to_act=to_act)  # one copy for both
    return s if s.to_act is to_act else replace(s, to_act=to_act)
