"""The text picture of a view: each hike as a row of cards with an elevation profile;
plain for logs and pipes, habitats and animals in colour for terminals."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING
from typing import Final

from .components import ANIMALS
from .components import CARDS
from .components import HABITATS
from .components import SCORE_CARDS
from .components import card_name
from .palette import ANIMAL
from .palette import HABITAT
from .palette import PROFILE
from .view import View

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["legend", "render", "render_cards", "render_hike", "render_styled"]

_HAB = {i: h[0].upper() for i, h in enumerate(HABITATS)}  # C, H, M
_ANIMAL = {
    "bluebird": "bb",
    "cardinal": "ca",
    "goldfinch": "gf",
    "squirrel": "sq",
    "rabbit": "ra",
    "skunk": "sk",
    "fox": "fx",
    "deer": "de",
    "bear": "BR",
}
_W = 8
"""Narrowest card column; a wider cell (three animals: ``bb,sq,BR``) widens its column,
so a column always ends in a space and never runs into its neighbour."""


_LABELS: Final = ("card  ", "habit ", "animal", "elev  ")
"""The rows of a block of cards, as the legend names them."""


def render_cards(cards: Sequence[int], slots: Sequence[str] = ()) -> list[str]:
    """Rows of text for cards side by side, one column each: notation, habitats (left
    and right edge), animals, elevation; with `slots`, a first row naming each card's
    place (what a move takes: ``take 2``)."""
    columns = [_cells(c) for c in cards]
    widths = _widths(columns)
    rows = [
        f"  {label} {_row([cells[i] for cells in columns], widths)}"
        for i, label in enumerate(_LABELS)
    ]
    if slots:
        rows.insert(0, f"  slot   {_row(slots, widths)}")
    return rows


def _cells(c: int) -> tuple[str, str, str, str]:
    card = CARDS[c - 1]
    return (
        card_name(c),
        f"{_HAB[card.left]}|{_HAB[card.right]}",
        ",".join(_ANIMAL[ANIMALS[a]] for a in card.animals),
        f"{card.elevation:+d}" if card.elevation else "0",
    )


def _widths(columns: Sequence[Sequence[str]]) -> list[int]:
    return [max(_W, 1 + max(map(len, cells))) for cells in columns]


def _row(cells: Sequence[str], widths: Sequence[int]) -> str:
    return "".join(cell.ljust(w) for cell, w in zip(cells, widths, strict=True)).rstrip()


def render_hike(hike: Sequence[int]) -> list[str]:
    """Rows of text for one hike: cards, habitats, animals, elevation, profile."""
    if not hike:
        return ["  (no cards yet)"]
    heights = list(accumulate(CARDS[c - 1].elevation for c in hike))
    widths = _widths([_cells(c) for c in hike])
    low = min(0, *heights)
    high = max(0, *heights)
    profile = [
        f"  {level:+3d}   {_row(['  ^' if h == level else '' for h in heights], widths)}".rstrip()
        for level in range(high, low - 1, -1)
    ]
    return render_cards(hike) + profile


def render(view: View) -> str:
    """The table as `view` sees it, for terminals and logs: every card a seat may
    decide on (the face-up row, a hand, a drawn card) drawn as the hikes are."""
    lines = [f"Bear Went Over the Mountain ({view.options.mode}), phase: {view.phase}"]
    slugs = ", ".join(SCORE_CARDS[s - 1].slug for s in view.score_cards)
    lines.append(f"score cards: {slugs}")
    solo = view.options.mode == "solo"
    for k, hike in enumerate(view.hikes):
        if solo:
            given = ", ".join(SCORE_CARDS[s - 1].slug for s in view.assigned[k]) or "none"
            lines.append(f"hike{k + 1} (score cards: {given}):")
        else:
            lines.append(f"player {k}'s hike ({len(hike)} cards):")
        lines.extend(render_hike(hike))
    if view.row:
        lines.append(f"face-up (take 1-{len(view.row)}):")
        lines.extend(render_cards(view.row, [str(i) for i in range(1, len(view.row) + 1)]))
    lines.append(f"face-down pile: {view.deck_count} cards")
    if view.hand_counts:
        lines.append("hands: " + ", ".join(f"p{p}:{n}" for p, n in enumerate(view.hand_counts)))
        lines.append("selected: " + ", ".join(f"p{p}:{n}" for p, n in enumerate(view.pick_counts)))
    lines += _cards_block("your hand", view.hand)
    lines += _cards_block("your selected cards", view.picks)
    if view.discard:
        lines.append("discard pile (top last): " + " ".join(card_name(c) for c in view.discard))
        lines += _cards_block("top of the discard pile", view.discard[-1:])
    lines += _cards_block("drawn", (view.drawn,) if view.drawn else ())
    waiting = ", ".join(str(p) for p in sorted(view.to_act)) or "nobody (game over)"
    lines.append(f"to act: {waiting}")
    return "\n".join(lines)


_BAND: Final = 8
"""Cards per band of a hand or pile, so that a block fits 80 columns (a hike keeps its
ten cards on one band, under one profile)."""


def _cards_block(title: str, cards: Sequence[int]) -> list[str]:
    if not cards:
        return []
    lines = [f"{title}:"]
    for start in range(0, len(cards), _BAND):
        lines += render_cards(cards[start : start + _BAND])
    return lines


def legend(view: View) -> str:
    """What every row, abbreviation and mark of `render(view)` means (``legend``)."""
    habitats = ", ".join(f"{_HAB[i]} {name}" for i, name in enumerate(HABITATS))
    animals = ", ".join(f"{short} {animal}" for animal, short in _ANIMAL.items())
    lines = [
        "Cards are drawn in blocks, one column per card, with these rows:",
        "  slot    over the face-up row: the number that `take N` takes",
        "  card    the card's notation: cNN is card NN",
        f"  habit   its habitats, left edge|right edge: {habitats}",
        f"  animal  its animals: {animals}",
        "  elev    how far it climbs (+N), descends (-N) or stays level (0)",
        "  +N -N   under a hike, its elevation profile: ^ is the height after each card",
        "score cards: the categories scored at the end, by slug (see the rules page)",
        "face-down pile: cards left to draw",
    ]
    if view.options.mode == "solo":
        lines += [
            "hike1-hike5: your five hikes, with the score cards assigned to each",
            "discard pile (top last): cards set aside; only the top one may be placed",
            "drawn: the card just drawn, to place or discard",
        ]
    else:
        lines += [
            "player N's hike: the cards player N has placed, in order",
            "hands, selected (drafting): cards each player pN holds, and has selected",
        ]
    lines.append("to act: the players who decide now")
    return "\n".join(lines)


_STYLE = {
    **{letter: HABITAT[HABITATS[i]] for i, letter in _HAB.items()},
    **{short: ANIMAL[animal] for animal, short in _ANIMAL.items()},
}
_ROW = re.compile(r"^  (?:habit|animal) .*$|^ +[+-]\d+   .*$", re.MULTILINE)
_MARK = re.compile(r"\b(?:[CHM]|bb|ca|gf|sq|ra|sk|fx|de|BR)\b|\^")


def render_styled(view: View) -> Text:
    """`render(view)` in the game's colours (the ``styled`` capability): habitat letters
    on their habitat's colour, animals in theirs, the elevation profile in bold."""
    from rich.text import Text  # here: only a terminal pays for importing rich

    text = Text(render(view))
    for row in _ROW.finditer(text.plain):
        for mark in _MARK.finditer(row[0]):
            start = row.start() + mark.start()
            text.stylize(_STYLE.get(mark[0], PROFILE), start, start + len(mark[0]))
    return text
