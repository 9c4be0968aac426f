"""The table elements each action touches (the ``elements`` capability).

The ids are made here and nowhere else (``docs/rules/way_of_bear.md`` lists them for
front-end authors): `html` draws each element under the id these functions give, and
`elements` names the same ids for an action. Everything comes from the view; the Seal
cards of a hand are elements of their holder's page only.
"""

from __future__ import annotations

from typing import Final

from . import actions as act
from .components import CARD_BY_NAME
from .components import CARDS
from .components import COLOURS
from .components import NC
from .components import VILLAGES
from .state import PAY
from .state import RETURN
from .state import RITUAL
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


def elements(view: View, action: act.Action) -> tuple[str, ...]:
    """The elements a legal action of ``view.player`` involves."""
    if isinstance(action, act.Place):
        return (reserve_id(action.colour), VILLAGES[action.village])
    if isinstance(action, act.Take):
        temples = view.temples
        return tuple(
            stele_id(c, temples[c] - k) for c in range(NC) for k in range(action.colours.count(c))
        )
    if isinstance(action, act.Pay):
        return (owed_id(action.colour), stele_id(action.colour, _NEXT))
    if isinstance(action, act.Waive):
        return (owed_id(action.colour), WAIVE_TOKEN)
    if isinstance(action, act.RitualTake):
        return (stele_id(action.colour, view.temples[action.colour]),)
    if isinstance(action, act.Return):
        return (reserve_id(action.colour), BAG)
    if isinstance(action, act.PlaySeal):
        return (seal_id(action.card),)
    if isinstance(action, act.Draw):
        return (BAG,)
    return (SKIP_TOKEN,) if isinstance(action, act.RitualSkip) else (PASS_TOKEN,)


def element_actions(view: View, element: str) -> tuple[act.Action, ...]:
    """What a touch on `element` could mean (the rules' refusal of the first says why
    nothing happens)."""
    if element in _VILLAGE:
        v = _VILLAGE[element]
        mine = view.reserves[view.player] if view.player is not None else (0,) * NC
        held = [c for c in range(NC) if mine[c]] or [0]
        return tuple(act.Place(c, v) for c in held)
    kind, _, rest = element.partition("-")
    name, _, place = rest.partition("-")
    colour = _COLOUR.get(name if kind == "t" else rest, -1)
    if kind == "t" and colour >= 0:
        return _on_track(view, colour, place)
    if kind == "owed" and colour >= 0:
        return (act.Pay(colour), act.Waive(colour))
    if kind == "reserve" and colour >= 0:
        return (act.Return(colour),) if view.phase == RETURN else ()
    if kind == "seal" and rest in CARD_BY_NAME:
        return (act.PlaySeal(CARD_BY_NAME[rest]),)
    return _token(view, element)


def _on_track(view: View, colour: int, place: str) -> tuple[act.Action, ...]:
    if view.phase == RITUAL:
        return (act.RitualTake(colour),)
    if view.phase == PAY or place == _NEXT:
        return (act.Pay(colour),)
    if not place.isdigit():
        return ()
    depth = max(1, min(act.MAX_TAKE, view.temples[colour] - int(place) + 1))
    return (act.Take((colour,) * depth),)


def _token(view: View, element: str) -> tuple[act.Action, ...]:
    if element == BAG:
        if view.phase == RETURN and view.player is not None:
            mine = view.reserves[view.player]
            return tuple(act.Return(c) for c in range(NC) if mine[c])
        return (act.Draw(),)
    if element == WAIVE_TOKEN:
        return tuple(act.Waive(c) for c in range(NC) if view.owed[c]) or (act.Waive(0),)
    if element == SKIP_TOKEN:
        return (act.RitualSkip(),)
    return (act.Pass(),) if element == PASS_TOKEN else ()
