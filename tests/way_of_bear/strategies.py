"""Hypothesis strategies for The Way of the Bear tests."""

from __future__ import annotations

from typing import Any

from meeple.testing import reachable_states
from meeple.way_of_bear import GAME

STATES: Any = reachable_states(GAME, max_depth=250)
"""Random reachable states over every player count (up to 250 actions in)."""
PLACEMENT_STATES: Any = reachable_states(GAME, max_depth=200)
"""Random reachable states for the placement search (up to 200 actions in)."""
