"""Hypothesis strategies shared by the tests (attrs-style: one place for them)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from meeple.testing import reachable_states

from .toy_game import TOY

seeds = st.integers(min_value=-(2**70), max_value=2**70)
"""Any integer is a valid seed, negative and huge ones included."""

toy_states: Any = reachable_states(TOY)
"""Random reachable states of the toy game, any player count."""


def json_junk() -> Any:
    """Arbitrary JSON values, to feed the codec garbage."""
    leaves = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=12,
    )
