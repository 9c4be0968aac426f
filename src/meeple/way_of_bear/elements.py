"""The table elements each action touches (the ``elements`` capability).

The ids are made here and nowhere else: `html` draws each element under the id these
functions give, and `elements` names the same ids for an action. Everything comes
from the view; the Seal cards of a hand are elements of their holder's page only.

====================== =============================================================
id                     element
====================== =============================================================
``v01`` .. ``v40``     a village
``t-COLOUR-N``         the Nth stele from the bottom of a temple track (a take
                       moves the top ones)
``t-COLOUR-next``      a temple track's next empty space (where a payment goes)
``reserve-COLOUR``     your reserve's steles of a colour
``owed-COLOUR``        a stele of that colour owed in the offering being paid
``bag``                the bag (``draw``, ``return``)
``waive``              the discount of a Seal card (``waive``)
``seal-sNN``           a Seal card of your hand
``pass``               end your turn
``ritual-skip``        take nothing after a Ritual
====================== =============================================================
"""

from __future__ import annotations

from typing import Final

from .actions import (
    MAX_TAKE,
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
from .components import CARD_BY_NAME, CARDS, COLOURS, NC, VILLAGES
from .state import PAY, RETURN, RITUAL
from .view import View

__all__ = [
    "BAG",
    "PASS_TOKEN",
    "SKIP_TOKEN",
    "WAIVE_TOKEN",
    "element_actions",
    "elements",
    "owed_id",
    "reserve_id",
    "seal_id",
    "stele_id",
]

BAG: Final = "bag"
"""The bag of steles."""
PASS_TOKEN: Final = "pass"
"""Ending the turn."""
SKIP_TOKEN: Final = "ritual-skip"
"""Taking nothing after a Ritual."""
WAIVE_TOKEN: Final = "waive"
"""A discount Seal card's waiver."""
_NEXT = "next"
_VILLAGE: Final = {name: v for v, name in enumerate(VILLAGES)}
_COLOUR: Final = {name: c for c, name in enumerate(COLOURS)}


def stele_id(colour: int, place: int | str) -> str:
    """The stele at `place` (1 = bottom) of a temple track, or its ``next`` empty space."""
    return f"t-{COLOURS[colour]}-{place}"


def reserve_id(colour: int) -> str:
    """Your reserve's steles of `colour`."""
    return f"reserve-{COLOURS[colour]}"


def owed_id(colour: int) -> str:
    """A stele of `colour` owed in the offering."""
    return f"owed-{COLOURS[colour]}"


def seal_id(card: int) -> str:
    """A Seal card of your hand."""
    return f"seal-{CARDS[card].code}"


def elements(view: View, action: Action) -> tuple[str, ...]:
    """The elements a legal action of ``view.player`` involves."""
    if isinstance(action, Place):
        return (reserve_id(action.colour), VILLAGES[action.village])
    if isinstance(action, Take):
        temples = view.temples
        return tuple(
            stele_id(c, temples[c] - k) for c in range(NC) for k in range(action.colours.count(c))
        )
    if isinstance(action, Pay):
        return (owed_id(action.colour), stele_id(action.colour, _NEXT))
    if isinstance(action, Waive):
        return (owed_id(action.colour), WAIVE_TOKEN)
    if isinstance(action, RitualTake):
        return (stele_id(action.colour, view.temples[action.colour]),)
    if isinstance(action, Return):
        return (reserve_id(action.colour), BAG)
    if isinstance(action, PlaySeal):
        return (seal_id(action.card),)
    if isinstance(action, Draw):
        return (BAG,)
    return (SKIP_TOKEN,) if isinstance(action, RitualSkip) else (PASS_TOKEN,)


def element_actions(view: View, element: str) -> tuple[Action, ...]:
    """What a touch on `element` could mean (the rules' refusal of the first says why
    nothing happens)."""
    if element in _VILLAGE:
        v = _VILLAGE[element]
        mine = view.reserves[view.player] if view.player is not None else (0,) * NC
        held = [c for c in range(NC) if mine[c]] or [0]
        return tuple(Place(c, v) for c in held)
    kind, _, rest = element.partition("-")
    name, _, place = rest.partition("-")
    colour = _COLOUR.get(name if kind == "t" else rest, -1)
    if kind == "t" and colour >= 0:
        return _on_track(view, colour, place)
    if kind == "owed" and colour >= 0:
        return (Pay(colour), Waive(colour))
    if kind == "reserve" and colour >= 0:
        return (Return(colour),) if view.phase == RETURN else ()
    if kind == "seal" and rest in CARD_BY_NAME:
        return (PlaySeal(CARD_BY_NAME[rest]),)
    return _token(view, element)


def _on_track(view: View, colour: int, place: str) -> tuple[Action, ...]:
    if view.phase == RITUAL:
        return (RitualTake(colour),)
    if view.phase == PAY or place == _NEXT:
        return (Pay(colour),)
    if not place.isdigit():
        return ()
    depth = max(1, min(MAX_TAKE, view.temples[colour] - int(place) + 1))
    return (Take((colour,) * depth),)


def _token(view: View, element: str) -> tuple[Action, ...]:
    if element == BAG:
        if view.phase == RETURN and view.player is not None:
            mine = view.reserves[view.player]
            return tuple(Return(c) for c in range(NC) if mine[c])
        return (Draw(),)
    if element == WAIVE_TOKEN:
        return tuple(Waive(c) for c in range(NC) if view.owed[c]) or (Waive(0),)
    if element == SKIP_TOKEN:
        return (RitualSkip(),)
    return (Pass(),) if element == PASS_TOKEN else ()
