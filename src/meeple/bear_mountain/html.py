"""Bear Went Over the Mountain as HTML: hikes as rows of card tiles with a height profile.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view, so it cannot show what the seat may not see.
The markup is the template ``templates/table.html`` (escaping by default, see
`meeple.core.templates`); this module prepares what it shows: each card's faces, the
element id and label of what a player can touch (a face-up slot, a card of their
hand, an end of a hike, a score card), and each hike's height profile.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import attrs

from meeple.core.templates import draw_piece
from meeple.core.templates import render_table

from .components import ANIMALS
from .components import CARDS
from .components import HABITATS
from .components import SCORE_CARDS
from .components import card_name
from .elements import DECK
from .elements import DONE
from .elements import card_id
from .elements import end_id
from .elements import score_id
from .elements import slot_id
from .render import render
from .state import Phase
from .view import View

__all__ = ["render_html"]

_HABITAT_CLASS = {"conifer": "hab-conifer", "hardwood": "hab-hardwood", "meadow": "hab-meadow"}
_STEP, _SCALE = 92, 8
"""A tile and its gap along a profile (``.bm-card`` in the web's style.css), and the
height of one step up."""


@attrs.frozen
class Tile:
    """What a landscape card shows."""

    name: str
    facts: str
    """Its halves, animals and elevation in words (the tile's title)."""
    left: str
    right: str
    left_class: str
    right_class: str
    animals: str
    elevation: str


@functools.cache
def tile(card_no: int) -> Tile:
    """The faces of card `card_no` (a pure function of the card tables, so cached)."""
    card = CARDS[card_no - 1]
    left, right = HABITATS[card.left], HABITATS[card.right]
    animals = ", ".join(ANIMALS[a] for a in card.animals) or "no animals"
    elevation = f"{card.elevation:+d}" if card.elevation else "flat"
    return Tile(
        name=card_name(card_no),
        facts=f"{left} | {right}; {animals}; {elevation}",
        left=left,
        right=right,
        left_class=_HABITAT_CLASS.get(left, ""),
        right_class=_HABITAT_CLASS.get(right, ""),
        animals=animals,
        elevation=elevation,
    )


@attrs.frozen
class Placed:
    """A card where it lies: its faces, where, a number on it, and how it is touched.

    Drawn by ``templates/card.html`` once (a pure function of these fields), and then
    wherever a template prints it."""

    tile: Tile
    zone: str
    """Where it lies (``hike-1``, ``slot-2``, ``hand``): with the card, its piece's name."""
    label: str | None = None
    """The number drawn on it (face-up slots), if any."""
    element: str | None = None
    """Its element id, if a move can use it."""
    where: str = ""
    """Where it lies in words, for its label (``face-up slot 2``)."""

    def __html__(self) -> str:
        """The tile, as ``templates/card.html`` draws it."""
        return draw_piece(__package__, "card.html", self)


Touch = Callable[[int, int], tuple[str, str] | None]
"""(card id, place in the row from 1) -> the element (id, where it lies) or None."""


def _row(
    cards: tuple[int, ...], zone: str, numbered: bool = False, touch: Touch | None = None
) -> list[Placed]:
    """The cards of a row lying in `zone` (numbered: each in its own slot, ``slot-N``)."""
    placed = []
    for i, card in enumerate(cards, 1):
        element, where = (touch(card, i) if touch else None) or (None, "")
        at = f"{zone}-{i}" if numbered else zone
        placed.append(Placed(tile(card), at, str(i) if numbered else None, element, where))
    return placed


def _in(zone: str, where: str) -> Touch:
    """Every card of a zone is an element (``hand-c05``), labelled with where it lies."""
    return lambda card, _: (card_id(zone, card), where)


def _slot(_: int, i: int) -> tuple[str, str]:
    """A face-up card is touched by its slot (``take N``)."""
    return slot_id(i), f"face-up slot {i}"


def _top_of(size: int) -> Touch:
    """Only the top card of the discard pile (the last of `size`) can be laid."""
    return lambda card, i: (
        (card_id("discard", card), "top of the discard pile") if i == size else None
    )


@attrs.frozen
class Profile:
    """A hike's height profile: an SVG polyline."""

    width: int
    height: int
    points: str
    low: int
    high: int


def profile(hike: tuple[int, ...]) -> Profile:
    """The heights along `hike`, from 0 at its left end."""
    heights = [0]
    for card in hike:
        heights.append(heights[-1] + CARDS[card - 1].elevation)
    low, high = min(heights), max(heights)
    points = " ".join(f"{i * _STEP + 4},{(high - h) * _SCALE + 6}" for i, h in enumerate(heights))
    width, height = max(1, len(hike)) * _STEP + 8, (high - low) * _SCALE + 12
    return Profile(width, height, points, low, high)


@attrs.frozen
class Hike:
    """One hike as drawn: its heading, its cards, whether its ends take a card."""

    index: int
    title: str
    cards: list[Placed]
    ends: bool
    profile: Profile


def _hikes(view: View, solo: bool) -> list[Hike]:
    me, mode, assigned = view.player, view.options.mode or "standard", view.assigned
    hikes = []
    for k, hike in enumerate(view.hikes):
        if solo:
            given = ", ".join(SCORE_CARDS[s - 1].title for s in assigned[k]) if assigned else ""
            title = f"Hike {k + 1}" + (f" (scores: {given})" if given else "")
        else:
            title = f"Player {k}'s hike" + (" (you)" if k == me else "")
        ends = solo or (mode == "draft" and k == me)  # where a card can be laid
        cards = _row(tuple(hike), f"hike-{k}")
        hikes.append(Hike(k, title, cards, ends, profile(tuple(hike))))
    return hikes


def _facts(view: View, mode: str) -> list[str]:
    facts = [f"face-down pile: {view.deck_count} cards", f"mode: {mode}"]
    counts = view.hand_counts
    if counts:
        facts.append("hands: " + ", ".join(f"player {p}: {n}" for p, n in enumerate(counts)))
        picks = view.pick_counts
        facts.append("selected: " + ", ".join(f"player {p}: {n}" for p, n in enumerate(picks)))
    return facts


def render_html(view: View) -> str:
    """The table: score cards, hikes, the face-up row, the viewer's own cards, counts."""
    mode = view.options.mode or "standard"
    solo = mode == "solo"
    discard = view.discard
    return render_table(
        __package__,
        "table.html",
        sights=[SCORE_CARDS[s - 1] for s in view.score_cards],
        score_id=score_id,
        hikes=_hikes(view, solo),
        end_id=end_id,
        face_up=_row(view.row, "slot", numbered=True, touch=_slot),
        hand=_row(view.hand, "hand", touch=_in("hand", "in your hand")),
        picks=_row(view.picks, "pick", touch=_in("pick", "among your selected cards")),
        drawn=_row((view.drawn,), "drawn", touch=_in("drawn", "just drawn")) if view.drawn else [],
        discard=_row(discard, "discard", touch=_top_of(len(discard))),
        deck=(DECK, view.deck_count) if solo else None,
        done=DONE if solo and view.phase == Phase.ASSIGN else None,
        facts=_facts(view, mode),
        text=render(view),
    )
