"""The decisions a player makes; ``str(action)`` is the canonical notation."""

from __future__ import annotations

from typing import Literal

import attrs

from .components import SCORE_CARDS, card_name

__all__ = ["Action", "Assign", "Done", "Draw", "Pick", "Place", "Side", "SoloPlace", "Take"]

Side = Literal["left", "right"]


@attrs.frozen
class Take:
    """Standard game: take the face-up card in a slot and add it to the right of your hike."""

    slot: int
    """Face-up slot, 1..4 (left to right)."""

    def __str__(self) -> str:
        return f"take {self.slot}"


@attrs.frozen
class Pick:
    """Drafting: select a card from the hand in front of you, face down."""

    card: int
    """Landscape card id."""

    def __str__(self) -> str:
        return f"pick {card_name(self.card)}"


@attrs.frozen
class Place:
    """Drafting: lay a selected card at one end of your hike (an empty hike: right)."""

    card: int
    """Landscape card id."""
    side: Side
    """Which end of the hike."""

    def __str__(self) -> str:
        return f"place {card_name(self.card)} {self.side}"


@attrs.frozen
class Draw:
    """Solo: turn over the top card of the deck."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class SoloPlace:
    """Solo: add the drawn card (or the discard pile's top card) to the right of a hike."""

    card: int
    """Landscape card id."""
    hike: int
    """Hike number, 1..5."""

    def __str__(self) -> str:
        return f"solo {card_name(self.card)} hike{self.hike}"


@attrs.frozen
class Assign:
    """Solo: assign a score card to the hike a bear card just closed."""

    score: int
    """Score card id."""
    hike: int
    """Hike number, 1..5."""

    def __str__(self) -> str:
        return f"assign {SCORE_CARDS[self.score - 1].slug} hike{self.hike}"


@attrs.frozen
class Done:
    """Solo: finish assigning score cards to the closed hike (after 1 animal card)."""

    def __str__(self) -> str:
        return "done"


Action = Take | Pick | Place | Draw | SoloPlace | Assign | Done
"""Any bear_mountain action."""
