"""The table elements each action touches (the ``elements`` capability).

The ids are made here and nowhere else (``docs/rules/wypas.md`` lists them for front-end
authors): `html` draws each element under the id these functions give, and `elements`
names the same ids for an action. Everything comes from the view: a seat's hand, the
baca's drawn lots and what a Thief saw are elements of their own page only; another
seat's hand is one element, its count. Identical cards share an id (they are one choice:
``bid red-3``).
"""

from __future__ import annotations

from typing import Final

from . import actions as act
from .components import BLACK
from .components import COLOURS
from .components import DOG
from .components import FACE_NAME
from .components import FACES
from .components import KIND_COLOUR
from .components import KIND_NAME
from .components import KIND_VALUE
from .components import NAME_FACE
from .components import NAME_KIND
from .components import SUPER
from .components import THIEF
from .components import WOLF
from .components import face_of
from .state import REDYK
from .view import View

__all__ = [
    "TOKENS",
    "card_id",
    "colour_id",
    "element_actions",
    "elements",
    "hands_id",
    "known_id",
    "pen_id",
    "seat_id",
    "sheep_id",
    "value_id",
]

TOKENS: Final = ("bid-down", "check", "pass", "done", "bleat", "pending", "lot-down", "wait")
"""Ids of one-of-a-kind elements (listed with the others in ``docs/rules/wypas.md``)."""
_DOWN, _CHECK, _PASS, _DONE, _BLEAT, _PENDING, _LOT_DOWN, _WAIT = TOKENS


def card_id(zone: str, kind: int) -> str:
    """A card of a zone: ``hand`` (yours), ``drawn`` (the baca's) or ``lot``."""
    return f"{zone}-{KIND_NAME[kind]}"


def value_id(value: int) -> str:
    """The value picker's `value`."""
    return f"value-{value}"


def colour_id(colour: int) -> str:
    """The colour picker's `colour`."""
    return f"colour-{COLOURS[colour]}"


def pen_id(seat: int, pen: int) -> str:
    """Pen `pen` (1 or 2) of `seat`."""
    return f"pen-{seat}-{pen}"


def sheep_id(seat: int, pen: int, face: int) -> str:
    """The sheep showing `face` in a pen (a black sheep shows no face)."""
    return f"sheep-{seat}-{pen}-{FACE_NAME.get(face, 'black')}"


def hands_id(seat: int) -> str:
    """`seat`'s hand, as a count."""
    return f"hands-{seat}"


def known_id(seat: int, kind: int) -> str:
    """A card this seat knows `seat` holds."""
    return f"known-{seat}-{KIND_NAME[kind]}"


def seat_id(seat: int) -> str:
    """A seat."""
    return f"seat-{seat}"


def _sheep(kind: int, face: int) -> tuple[str, ...]:
    """The pickers a placed sheep's face needs: none for a plain sheep, a value for a
    Dolly, a colour and a value for the Super Dolly."""
    if KIND_VALUE[kind]:
        return ()
    value = value_id(face & 7)
    return (colour_id(face >> 3), value) if kind == SUPER else (value,)


def elements(view: View, action: act.Action) -> tuple[str, ...]:
    """The elements a legal action of ``view.player`` involves."""
    me = view.player if view.player is not None else -1
    if isinstance(action, act.Bid):
        extra = () if KIND_VALUE[action.kind] else (value_id(action.value),)
        return (card_id("hand", action.kind), *extra)
    if isinstance(action, act.Place):
        return (
            card_id("hand", action.kind),
            pen_id(me, action.pen),
            *_sheep(action.kind, action.face),
        )
    if isinstance(action, act.Shear):
        return (pen_id(me, action.pen), *((_BLEAT,) if action.bleat else ()))
    if isinstance(action, act.BidDown):
        return (card_id("hand", action.kind), _DOWN, value_id(action.value))
    if isinstance(action, act.Hide):
        return (card_id("drawn", action.kind),)
    if isinstance(action, act.Auction):
        return (_LOT_DOWN,) if action.kind == act.DOWN else (card_id("lot", action.kind),)
    if isinstance(action, act.Thief):
        return (card_id("hand", THIEF), hands_id(action.target))
    if isinstance(action, act.Take):
        return (known_id(view.pending[2], action.kind),)
    if isinstance(action, act.Wolf):
        return (card_id("hand", WOLF), pen_id(action.target, action.pen))
    if isinstance(action, act.Dog):
        where = _PENDING if action.target < 0 else pen_id(action.target, action.pen)
        return (card_id("hand", DOG), where)
    if isinstance(action, act.Black):
        return (card_id("hand", BLACK), sheep_id(action.target, action.pen, action.face))
    if isinstance(action, act.Award):
        return (seat_id(action.seat),)
    if isinstance(action, act.Check):
        return (_CHECK,)
    if isinstance(action, act.Wait):
        return (_WAIT,)
    return (_DONE,) if isinstance(action, act.Done) else (_PASS,)


def element_actions(view: View, element: str) -> tuple[act.Action, ...]:
    """What a touch on `element` could mean (the rules' refusal of the first one says
    why nothing happens)."""
    words = element.split("-")
    zone, rest = words[0], "-".join(words[1:])
    if zone in ("hand", "drawn", "lot") and rest in NAME_KIND:
        return _card(view, zone, NAME_KIND[rest])
    seat = int(words[1]) if len(words) > 1 and words[1].isdigit() else -1
    if zone == "pen" and seat >= 0 and len(words) == 3 and words[2] in ("1", "2"):
        pen = int(words[2])
        if seat == view.player:
            return (act.Shear(pen, False), act.Wolf(seat, pen))
        return (act.Wolf(seat, pen), act.Dog(seat, pen))
    if zone == "sheep" and seat >= 0 and len(words) >= 4:
        face = NAME_FACE.get("-".join(words[3:]), -1)
        pen = int(words[2]) if words[2] in ("1", "2") else 0
        return (act.Black(seat, pen, face),) if face >= 0 and pen else ()
    if zone == "hands" and seat >= 0:
        return (act.Thief(seat),)
    if zone == "known" and seat >= 0:
        kind = NAME_KIND.get("-".join(words[2:]), -1)
        return (act.Take(kind),) if kind >= 0 else ()
    if zone == "seat" and seat >= 0:
        return (act.Award(seat),)
    return _token(element)


def _card(view: View, zone: str, kind: int) -> tuple[act.Action, ...]:
    if zone == "drawn":
        return (act.Hide(kind),)
    if zone == "lot":
        return (act.Auction(kind),)
    if kind >= THIEF:
        return _plays(view, kind)
    value = KIND_VALUE[kind]
    bid = act.Bid(kind, value or 1)
    place = act.Place(1, kind, KIND_COLOUR[kind] * 8 + value if value else -1)
    return (place, bid) if view.phase == REDYK else (bid, place)


def _plays(view: View, kind: int) -> tuple[act.Action, ...]:
    """Every play of a special card on the table as the view shows it: the rules'
    refusal of the first says why it cannot be played now."""
    seats = range(view.players)
    pens = [(t, i) for t in seats for i in (1, 2)]
    if kind == THIEF:
        return tuple(act.Thief(t) for t in seats if t != view.player)
    if kind == WOLF:
        return tuple(act.Wolf(t, i) for t, i in pens)
    if kind == DOG:
        return (act.DOG, *(act.Dog(t, i) for t, i in pens))
    sheep = [
        act.Black(t, i, face_of(x)) for t, i in pens for x in view.pens[t][i - 1] if face_of(x)
    ]
    return tuple(sheep) or (act.Black(0, 1, FACES[0]),)


def _token(element: str) -> tuple[act.Action, ...]:
    if element == _LOT_DOWN:
        return (act.Auction(act.DOWN),)
    if element == _CHECK:
        return (act.CHECK,)
    if element == _PASS:
        return (act.PASS,)
    if element == _DONE:
        return (act.DONE,)
    if element == _WAIT:
        return (act.WAIT,)
    if element == _BLEAT:
        return (act.Shear(0, True),)
    return (act.DOG,) if element == _PENDING else ()
