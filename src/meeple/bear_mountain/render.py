"""Plain-text drawing of a view: each hike as a row of cards with an elevation profile."""

from __future__ import annotations

from collections.abc import Sequence

from .components import ANIMALS, CARDS, HABITATS, SCORE_CARDS, card_name
from .view import View

__all__ = ["render", "render_hike"]

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


def _cell(text: str) -> str:
    return text[:_W].ljust(_W)


def render_hike(hike: Sequence[int]) -> list[str]:
    """Rows of text for one hike: cards, habitats, animals, elevation, profile."""
    if not hike:
        return ["  (no cards yet)"]
    names, habs, animals, elev, heights = [], [], [], [], []
    height = 0
    for c in hike:
        card = CARDS[c - 1]
        height += card.elevation
        names.append(_cell(card_name(c)))
        habs.append(_cell(f"{_HAB[card.left]}|{_HAB[card.right]}"))
        animals.append(_cell(",".join(_ANIMAL[ANIMALS[a]] for a in card.animals)))
        elev.append(_cell(f"{card.elevation:+d}" if card.elevation else "0"))
        heights.append(height)
    low = min(0, *heights)
    high = max(0, *heights)
    profile = []
    for level in range(high, low - 1, -1):
        marks = "".join(_cell("  ^" if h == level else "") for h in heights)
        profile.append(f"  {level:+3d}   {marks}".rstrip())
    return [
        "  card   " + "".join(names).rstrip(),
        "  habit  " + "".join(habs).rstrip(),
        "  animal " + "".join(animals).rstrip(),
        "  elev   " + "".join(elev).rstrip(),
        *profile,
    ]


def render(view: View) -> str:
    """The table as `view` sees it, for terminals and logs."""
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
        lines.append(
            "face-up: " + "  ".join(f"{i}:{card_name(c)}" for i, c in enumerate(view.row, 1))
        )
    lines.append(f"face-down pile: {view.deck_count} cards")
    if view.hand_counts:
        lines.append("hands: " + ", ".join(f"p{p}:{n}" for p, n in enumerate(view.hand_counts)))
        lines.append("selected: " + ", ".join(f"p{p}:{n}" for p, n in enumerate(view.pick_counts)))
    if view.hand:
        lines.append("your hand: " + " ".join(card_name(c) for c in view.hand))
    if view.picks:
        lines.append("your selected cards: " + " ".join(card_name(c) for c in view.picks))
    if view.discard:
        lines.append("discard pile (top last): " + " ".join(card_name(c) for c in view.discard))
    if view.drawn:
        lines.append(f"drawn: {card_name(view.drawn)}")
    waiting = ", ".join(str(p) for p in sorted(view.to_act)) or "nobody (game over)"
    lines.append(f"to act: {waiting}")
    return "\n".join(lines)
