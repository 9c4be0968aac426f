"""Human sentences: why an action is refused, and what a player decides now."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Final

from .actions import Auction
from .actions import Award
from .actions import Bid
from .actions import BidDown
from .actions import Black
from .actions import Check
from .actions import Dog
from .actions import Done
from .actions import Hide
from .actions import Pass
from .actions import Place
from .actions import Shear
from .actions import Take
from .actions import Thief
from .actions import Wait
from .actions import Wolf
from .components import BLACK
from .components import DOG
from .components import DOLLY
from .components import FACE_NAME
from .components import KIND_COLOUR
from .components import KIND_NAME
from .components import KIND_VALUE
from .components import MAX_VALUE
from .components import SUPER
from .components import THIEF
from .components import WOLF
from .state import AWARD
from .state import BID
from .state import CHOOSE
from .state import HIDE
from .state import OVER
from .state import REACT
from .state import REDYK
from .state import SHEAR
from .state import TAKE
from .state import TURNS
from .state import Phase
from .view import View
from .view import view_of

if TYPE_CHECKING:
    from .state import State

__all__ = ["out_of_turn", "prompt", "refusal", "special_text"]


def prompt(v: View) -> str:
    """One line from a seat's view: what the seat to act decides now (the same line for
    every seat), or, for a seat offered a special card, that offer (only that seat is
    told). The render's last line too."""
    me = v.player
    if me is not None and me != v.actor and me in v.to_act:
        return f"p{me}: you may play a special card now, or wait (meanwhile {_table_line(v)})"
    return _table_line(v)


def _table_line(v: View) -> str:
    """What the seat to act decides now, as the whole table sees it."""
    if v.phase == OVER:
        return "the game is over"
    who = f"p{v.actor}"
    phase = v.phase
    if phase == HIDE:
        return f"{who} (baca): hide one of the drawn lots face down"
    if phase == CHOOSE:
        return f"{who}: choose the next lot to auction"
    if phase == BID:
        top = v.bids[v.high] if v.high >= 0 else 0
        return (
            f"{who}: bid on the lot (yours {v.bids[v.actor]}, to beat {top}): "
            "lay a sheep, stand with done, or pass"
        )
    if phase == REDYK:
        return f"{who}: redyk: place a sheep in a pen, or done"
    if phase == SHEAR:
        return f"{who}: shear a pen (announce with meee), or done"
    if phase == REACT:
        earlier = ", ".join(special_text(card[:5]) for card in v.chain)
        after = f" (played after {earlier})" if earlier else ""
        return (
            f"{who}: react to {special_text(v.pending)}{after}: cancel it with a Sheepdog, "
            "answer with a special card, or pass"
        )
    if phase == TAKE:
        return f"{who}: your Thief takes one card from p{v.pending[2]}"
    if phase == AWARD:
        return f"{who} (baca): a tie at the bluff reveal: award the lot to one of them"
    return f"{who}: {Phase(phase).name.lower()}"  # pragma: no cover


def special_text(pending: tuple[int, ...]) -> str:
    """The special card in play, in words: ``p1 wolf on p2 pen1``."""
    who, kind, target, pen, face = pending
    name = KIND_NAME[kind]
    if kind == THIEF:
        return f"p{who} thief on p{target}"
    if kind == BLACK:
        return f"p{who} black sheep for p{target} pen{pen} {FACE_NAME[face]}"
    return f"p{who} {name} on p{target} pen{pen}"


def refusal(s: State, action: object, p: int) -> str:
    """Why `action` is not legal for seat p now, naming the rule."""
    wrong = _misnamed(s, action, p)
    if wrong is not None:
        return wrong
    phase = s.phase
    if _is_special(action):
        return _special_refusal(s, action, p)
    if isinstance(action, Wait):
        if p == s.actor:
            return (
                "wait declines an offer to play a special card while another player is "
                f"to act; it is your move now ({prompt(view_of(s, p))})"
            )
        return "wait declines an offer to play a special card"  # pragma: no cover
    if p != s.actor:
        return (
            f"you are offered a special card while p{s.actor} is to act: play one of "
            "your special cards or wait"
        )
    if isinstance(action, BidDown | Check | Award) and not s.options.bluff:
        return "face-down bids, checks and awards belong to the bluff rule (option bluff)"
    own = _OWN_PHASE.get(type(action))
    if own is not None and phase != own[0]:
        return own[1]
    return _in_phase(s, action, p)


_OWN_PHASE: Final[dict[type, tuple[Phase, str]]] = {
    Dog: (REACT, "a Sheepdog cancels a special card only right after it is played"),
    Bid: (BID, "bids are laid only during a lot's auction"),
    Place: (REDYK, "sheep go into pens only during your redyk"),
    Shear: (SHEAR, "pens are sheared only during your shearing turn"),
    Auction: (CHOOSE, "lots are chosen only by the opener before a lot's auction"),
    Hide: (HIDE, "only the baca hides a lot, right after drawing them"),
    Take: (TAKE, "a card is taken only when your Thief resolves"),
    BidDown: (BID, "bids are laid only during a lot's auction"),
    Check: (BID, "a bluff is checked only during a lot's auction"),
    Award: (AWARD, "the baca awards a lot only to settle a tie at a bluff reveal"),
}
"""The one phase each kind of move belongs to, and the refusal of it in any other."""


def _in_phase(s: State, action: object, p: int) -> str:
    """Why a move refused in its own phase (or one that has none) is refused."""
    phase = s.phase
    if isinstance(action, Dog):
        return "you hold no Sheepdog"
    if isinstance(action, Bid):
        if action.kind not in s.hands[p]:
            return f"you hold no {KIND_NAME[action.kind]} to bid with"
        return "a Dolly counts for a value from 1 to 6"
    if isinstance(action, Done):
        if phase == BID:
            top = s.bids[s.high] if s.high >= 0 else 0
            return (
                f"a bid must beat the bid in force by at least 1: you have {s.bids[p]}, "
                f"you need at least {top + 1}"
            )
        return "there is nothing to finish now"
    if isinstance(action, Place):
        if action.kind not in s.hands[p]:
            return f"you hold no {KIND_NAME[action.kind]}"
        return (
            f"pen {action.pen} does not take that sheep: a pen holds one colour in a rising "
            "run without gaps, or one value in different colours"
        )
    if isinstance(action, Shear):
        if not s.pens[p][action.pen - 1]:
            return f"pen {action.pen} is empty"
        if action.bleat and not s.options.bleating:
            return "this game is played without the bleating rule; write 'shear N'"
        return "that pen would not make a fleece (a single card is discarded); write 'shear N'"
    if isinstance(action, Auction):
        return "that lot is not on the table"
    if isinstance(action, Hide):
        return "the baca hides one of the cards just drawn"
    if isinstance(action, Take):
        return "the Thief takes a card the robbed player holds"
    if isinstance(action, BidDown):
        if s.down[p] >= 0:
            return "only one face-down card per player in each lot's auction"
        return f"you hold no {KIND_NAME[action.kind]}"
    if isinstance(action, Check):
        if s.high < 0 or s.down[s.high] < 0:
            return "only a bid with a face-down card can be checked"
        return f"a check matches the bid exactly: you have {s.bids[p]}, it is {s.bids[s.high]}"
    if isinstance(action, Award):
        return "the baca awards the lot to one of the tied players"
    if isinstance(action, Pass):
        return f"passing is not a choice in the {_PHASE_WORD[phase]} phase"
    return f"{action} is not legal in the {_PHASE_WORD[phase]} phase"


def out_of_turn(s: State, action: object, p: int) -> str | None:
    """Why seat p, which is not in `to_act`, may not take `action` now, naming the rule
    (from what p knows: its own hand and wait, and the table); None: it is simply
    another seat's turn (the core says whose)."""
    wrong = _misnamed(s, action, p)
    if wrong is not None:
        return wrong
    if s.phase == REACT and isinstance(action, Dog | Pass | Thief | Wolf | Black):
        return (
            f"reactions go round one player at a time from the left of the card's player: "
            f"p{s.actor} is asked now"
        )
    if isinstance(action, Wait):
        if s.waited >> p & 1:
            return "you already chose to wait: nothing has happened since"
        return (
            "wait declines an offer to play a special card, and you have none now: a "
            "player is offered one when a special card they hold could be played"
        )
    if not _is_special(action):
        return None
    if s.phase in TURNS and s.waited >> p & 1 and _held(action) in s.hands[p]:
        return (
            "you chose to wait: your special cards are offered again after the next move "
            "by another player"
        )
    return _special_refusal(s, action, p)


def _is_special(action: object) -> bool:
    """Whether `action` plays a special card (a ``dog`` with no target only reacts)."""
    return isinstance(action, Thief | Wolf | Black) or (
        isinstance(action, Dog) and action.target >= 0
    )


_SPECIAL: Final[dict[type, tuple[int, str]]] = {
    Thief: (THIEF, "a Thief robs another player who holds at least one card"),
    Dog: (DOG, "a Sheepdog drives off a wolf only from a pen that has one"),
    Wolf: (WOLF, "a Wolf goes over a pen of at least two cards that has no wolf yet"),
    Black: (BLACK, "a Black Sheep swaps for a sheep in a pen of at least two cards"),
}
"""Each special-card action's card kind, and what its target must be."""


def _held(action: object) -> int:
    """The special card kind a special-card action plays."""
    return _SPECIAL[type(action)][0]


def _special_refusal(s: State, action: object, p: int) -> str:
    """Why a special card cannot be played now: the moment, the card, or its target."""
    if s.phase == TAKE:
        return "a special card may be played at any moment except while a Thief picks its card"
    kind, target = _SPECIAL[type(action)]
    if kind not in s.hands[p]:
        return f"you hold no {KIND_NAME[kind]} card"
    return target


def _misnamed(s: State, a: object, p: int) -> str | None:
    """The rule an action breaks whatever the moment (a special card bid face up, a
    Dolly without a value, a pen or seat that does not exist), or None."""
    n = s.players
    if isinstance(a, Bid):
        name = KIND_NAME[a.kind]
        if a.kind >= THIEF:
            down = f"; under the bluff rule lay it face down ('bid down {name} as 3')"
            return "bids are made with sheep; special cards are not bid face up" + (
                down if s.options.bluff else ""
            )
        if a.kind < DOLLY and a.value != KIND_VALUE[a.kind]:
            return f"a {name} counts its printed value, {KIND_VALUE[a.kind]}"
        if not 1 <= a.value <= MAX_VALUE:
            return f"a Dolly counts for a value from 1 to {MAX_VALUE}: 'bid {name} as 6'"
    if isinstance(a, BidDown) and not 1 <= a.value <= MAX_VALUE:
        return f"a face-down card is declared a value from 1 to {MAX_VALUE}: 'bid down ... as 6'"
    if isinstance(a, Place | Shear) and a.pen not in (1, 2):
        return "each player has two pens, 1 and 2" + (" (name one)" if not a.pen else "")
    if isinstance(a, Place):
        return _misplaced(a)
    target = a.target if isinstance(a, Thief | Wolf | Black | Dog) else 0
    if isinstance(a, Dog) and target < 0:
        return None
    if target < 0:
        return "name the player you play it on: 'thief p1'"
    if target >= n:
        return f"there is no seat p{target}: this game has seats p0-p{n - 1}"
    if isinstance(a, Thief) and target == p:
        return "a Thief robs another player, not yourself"
    if isinstance(a, Wolf | Black | Dog) and a.pen not in (1, 2):
        verb = str(a).split()[0]
        return f"each player has two pens: name pen1 or pen2 ('{verb} p{target} pen1 ...')"
    if isinstance(a, Black) and a.face < 0:
        return "name the sheep the Black Sheep takes: 'black p1 pen1 green-4'"
    return None


def _misplaced(a: Place) -> str | None:
    """Why a placement names no sheep a pen can show, or None."""
    name, kind, face = KIND_NAME[a.kind], a.kind, a.face
    if kind == BLACK:
        return "a Black Sheep enters a pen only by a swap: 'black pN penN <sheep>'"
    if kind >= THIEF:
        return "only sheep go into pens; special cards are played ('thief p1', 'wolf p1 pen1')"
    if face < 0:
        if kind == SUPER:
            return "say what the Super Dolly shows, colour and value: 'pen 1 super as green-5'"
        return f"say what the Dolly shows, from 1 to {MAX_VALUE}: 'pen 1 {name} as 5'"
    if kind < DOLLY and face != KIND_COLOUR[kind] * 8 + KIND_VALUE[kind]:
        return f"a {name} shows its printed face, {name}"
    if kind < SUPER and face >> 3 != KIND_COLOUR[kind]:
        return f"a {name} keeps its colour; only its value is chosen"
    return None


_PHASE_WORD: Final = (
    "hide",
    "choose-a-lot",
    "bidding",
    "redyk",
    "shearing",
    "reaction",
    "take",
    "over",
    "award",
)
