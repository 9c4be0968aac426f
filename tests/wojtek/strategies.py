"""Hypothesis strategies for Miś Wojtek: reachable states under the rulebook and variants."""

from __future__ import annotations

from hypothesis import strategies as st

from meeple.testing import reachable_states
from meeple.wojtek import GAME
from meeple.wojtek import Options

RULEBOOK_STATES = reachable_states(GAME)
"""States reached by random legal play of the rulebook game, any player count."""

CHILDREN_STATES = reachable_states(
    GAME, options=Options(no_drop_on_three=True, no_city_refresh=True)
)
"""The same with both younger-children rules."""

ANY_STATES = st.one_of(RULEBOOK_STATES, CHILDREN_STATES)
"""Either of the above."""
