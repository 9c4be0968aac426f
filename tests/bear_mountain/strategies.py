"""Hypothesis strategies for Bear Went Over the Mountain tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import CARD_IDS
from meeple.testing import reachable_states

MODES: dict[str, tuple[Options, tuple[int, ...]]] = {
    "standard": (Options(tiebreaker=True), (2, 3, 4)),
    "draft": (Options(mode="draft", tiebreaker=True), (2, 3, 4)),
    "solo": (Options(mode="solo"), (1,)),
    "solo-either-end": (Options(mode="solo", solo_either_end=True), (1,)),
}
"""Each mode's options (tiebreaker on where allowed, to reach sudden death) and counts."""


def states(mode: str) -> Any:
    """Random reachable states of a mode, over its player counts."""
    options, counts = MODES[mode]
    return st.sampled_from(counts).flatmap(lambda n: reachable_states(GAME, n, options=options))


hikes: Any = st.lists(st.sampled_from(CARD_IDS), max_size=14, unique=True)
"""A random hike: up to 14 distinct landscape cards in any order."""
