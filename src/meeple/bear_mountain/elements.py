"""The table elements each action touches (the ``elements`` capability).

The ids are made here and nowhere else (``docs/rules/bear_mountain.md`` lists them for
front-end authors): `html` draws each element under the id these functions give, and
`elements` names the same ids for an action, so the picture and the decision cannot
disagree. Everything comes from the view: a seat's own drafting hand and face-down picks
are elements of its own page only.
"""

from __future__ import annotations

from .actions import Action
from .actions import Assign
from .actions import Done
from .actions import Draw
from .actions import Pick
from .actions import Place
from .actions import Side
from .actions import SoloPlace
from .actions import Take
from .components import SCORE_BY_SLUG
from .components import SCORE_CARDS
from .components import SOLO_HIKES
from .components import card_name
from .view import View

__all__ = [
    "DECK",
    "DONE",
    "card_id",
    "element_actions",
    "elements",
    "end_id",
    "score_id",
    "slot_id",
]

DECK = "deck"
"""The solo draw pile."""
DONE = "done"
"""The solo "done assigning" token."""
_SIDES = ("left", "right")


def slot_id(slot: int) -> str:
    """The face-up card in `slot` (1-based, as in ``take N``)."""
    return f"slot-{slot}"


def card_id(zone: str, card: int) -> str:
    """A card in one of the seat's zones: ``hand``, ``pick``, ``drawn`` or ``discard``."""
    return f"{zone}-{card_name(card)}"


def end_id(hike: int, side: str) -> str:
    """The `side` end of hike `hike` (0-based index into ``view.hikes``)."""
    return f"end-{hike}-{side}"


def score_id(score: int) -> str:
    """A score card, by id."""
    return f"score-{SCORE_CARDS[score - 1].slug}"


def _card_in_play(view: View, card: int) -> str:
    """Where the card a solo placement lays lies: just drawn, or the discard pile's top."""
    return card_id("drawn" if view.drawn == card else "discard", card)


def elements(view: View, action: Action) -> tuple[str, ...]:
    """The elements a legal action of ``view.player`` involves."""
    if isinstance(action, Take):
        return (slot_id(action.slot),)
    if isinstance(action, Pick):
        return (card_id("hand", action.card),)
    if isinstance(action, Place):
        zone = "pick" if action.card in view.picks else "hand"
        return (card_id(zone, action.card), end_id(view.player or 0, action.side))
    if isinstance(action, SoloPlace):
        return (_card_in_play(view, action.card), end_id(action.hike - 1, action.side))
    if isinstance(action, Assign):
        return (score_id(action.score),)
    return (DECK,) if isinstance(action, Draw) else (DONE,)


def element_actions(view: View, element: str) -> tuple[Action, ...]:
    """What a touch on `element` could mean (the rules' refusal of the first refused one
    says why nothing happens)."""
    kind, _, rest = element.partition("-")
    if kind == "slot" and rest.isdigit():
        return (Take(int(rest)),)
    if kind in ("hand", "pick", "drawn", "discard") and rest[1:].isdigit():
        card = int(rest[1:])
        if kind == "hand":
            return (Pick(card), Place(card, "right"))
        if kind == "pick":
            return (Place(card, "right"), Place(card, "left"))
        return tuple(SoloPlace(card, k) for k in range(1, SOLO_HIKES + 1))
    if kind == "end":
        return _at_end(view, rest)
    if kind == "score" and rest in SCORE_BY_SLUG:
        return (Assign(SCORE_BY_SLUG[rest], max(1, view.active + 1)),)
    if element == DECK:
        return (Draw(),)
    return (Done(),) if element == DONE else ()


def _at_end(view: View, rest: str) -> tuple[Action, ...]:
    hike, _, side = rest.partition("-")
    if not hike.isdigit() or side not in _SIDES:
        return ()
    end: Side = "left" if side == "left" else "right"
    in_play = view.drawn or (view.discard[-1] if view.discard else 0)
    if in_play:
        return (SoloPlace(in_play, int(hike) + 1, end),)
    cards = view.picks or view.hand
    return (Place(cards[0], end),) if cards else ()
