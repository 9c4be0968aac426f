"""Hypothesis strategies for Wypas: random reachable states under each option set."""

from __future__ import annotations

from typing import Any

from meeple.testing import reachable_states
from meeple.wypas import GAME
from meeple.wypas import Options

states: Any = reachable_states(GAME, max_depth=1500)
"""States of the rulebook game (special cards, bleating), 3-6 players."""

plain_states: Any = reachable_states(GAME, options=Options(specials=False), max_depth=600)
"""States of the game without special cards."""

bluff_states: Any = reachable_states(GAME, options=Options(bluff=True), max_depth=800)
"""States of the game with the bluff rule."""
