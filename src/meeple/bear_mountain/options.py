"""The options of every mode; the defaults are the rulebook's game for the player count."""

from __future__ import annotations

from typing import Any
from typing import Literal

import attrs

from meeple.core.readings import repr_leaving_out_readings

from .components import HAB_ELEV_SCORES
from .components import SCORE_BY_SLUG
from .components import SCORE_CARDS

__all__ = ["MODES", "READINGS", "Mode", "Options"]

Mode = Literal["standard", "draft", "solo"]
MODES: tuple[Mode, ...] = ("standard", "draft", "solo")
"""Standard (face-up row), Big Kid drafting, Big Kid solo."""

READINGS = ("solo_either_end",)
"""Options that choose another reading where the rulebook is ambiguous (see
docs/rules/bear_mountain.md); the defaults are our readings."""


def _check_mode(_: Any, __: Any, value: str | None) -> None:
    if value is not None and value not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)} (or none), not {value!r}")


def _check_slugs(_: Any, __: Any, value: tuple[str, ...]) -> None:
    unknown = [s for s in value if s not in SCORE_BY_SLUG]
    if unknown:
        known = ", ".join(s.slug for s in SCORE_CARDS)
        raise ValueError(f"unknown score card(s) {', '.join(unknown)} (known: {known})")
    if len(set(value)) != len(value):
        raise ValueError("score_cards names a card twice")


def _check_count(_: Any, __: Any, value: int | None) -> None:
    if value is not None and not 1 <= value <= len(SCORE_CARDS):
        raise ValueError(f"score_card_count must be 1..{len(SCORE_CARDS)}, not {value}")


@attrs.frozen(repr=False)  # __repr__ below: readings at their default are left out
class Options:
    """How to play: the mode and the score cards; checked again against the player count."""

    mode: Mode | None = attrs.field(default=None, validator=_check_mode)
    """``standard`` (2-4), ``draft`` (Big Kid drafting, 2-4) or ``solo`` (Big Kid solo, 1);
    None picks the rulebook's game for the player count: solo for 1, standard for 2-4."""
    score_cards: tuple[str, ...] = attrs.field(default=(), validator=_check_slugs)
    """Score cards by slug; empty means drawn at random from the seed."""
    score_card_count: int | None = attrs.field(default=None, validator=_check_count)
    """How many score cards (draft only); None means 11 (the rulebook's first-game advice)."""
    animals_only: bool = False
    """Leave out habitat and elevation score cards (the advice for younger children)."""
    tiebreaker: bool = False
    """Big Kid tiebreaker: players still tied add cards one at a time (not in solo)."""
    solo_either_end: bool = False
    """Another reading of the solo rules: a card may join either end of a hike, where
    the habitats meet (default: the right-hand end only, as in the standard game)."""

    def __repr__(self) -> str:
        """Every field, except the other readings left at their default (so the text of
        games recorded before those options existed stays the same)."""
        return repr_leaving_out_readings(self, READINGS)

    def for_players(self, players: int) -> Options:
        """These options with `mode` filled in for `players` (None: solo for 1, else standard)."""
        if self.mode is not None:
            return self
        return attrs.evolve(self, mode="solo" if players == 1 else "standard")

    def __attrs_post_init__(self) -> None:
        if self.mode == "solo":
            if self.score_cards or self.score_card_count is not None or self.animals_only:
                raise ValueError("the solo game always uses its 13 score cards")
            if self.tiebreaker:
                raise ValueError("the tiebreaker is for games of 2 or more players, not solo")
        if self.solo_either_end and self.mode in ("standard", "draft"):
            raise ValueError(
                f"solo_either_end is a reading of the solo rules; {self.mode} games lay "
                "cards by their own rules"
            )
        if self.mode != "draft" and self.score_card_count is not None:
            raise ValueError(
                "the standard game fixes the number of score cards (9 for 2 players, "
                "11 for 3-4); score_card_count is for draft mode"
            )
        if self.animals_only:
            chosen = [SCORE_BY_SLUG[s] for s in self.score_cards]
            if any(sid in HAB_ELEV_SCORES for sid in chosen):
                raise ValueError("animals_only leaves out habitat and elevation score cards")
            if self.score_card_count is not None and self.score_card_count > 13:
                raise ValueError("animals_only leaves only 13 score cards to choose from")
        count = self.score_card_count
        if self.score_cards and count is not None and len(self.score_cards) != count:
            raise ValueError(
                f"score_card_count {count} disagrees with the "
                f"{len(self.score_cards)} score cards named"
            )
