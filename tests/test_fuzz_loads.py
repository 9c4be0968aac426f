"""`meeple.loads` on hostile documents (issue 14, finding 7): every document it accepts
survives every method in bounded time and memory; anything else is CorruptDataError.

The default run tries a few mutated states, views and records per game and option
set; the `thorough` Hypothesis profile (``nox -s thorough``) tries a thousand each.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings

import meeple
from meeple.testing import check_document
from meeple.testing import mutated_documents

from .shared import SHORT_OPTIONS

CASES: list[tuple[str, dict[str, Any]]] = [
    ("bear_mountain", {}),
    ("bear_mountain", {"mode": "draft", "tiebreaker": True}),
    ("bear_mountain", {"tiebreaker": True}),
    ("bear_mountain", {"mode": "solo", "solo_either_end": True}),
    ("way_of_bear", {}),
    ("wojtek", {}),
    ("wojtek", {"no_drop_on_three": True, "no_city_refresh": True}),
    ("wojtek", {"substitute_sets_end_game": True, "refresh_every_edinburgh": True}),
    ("wypas", SHORT_OPTIONS["wypas"]),
    ("wypas", {**SHORT_OPTIONS["wypas"], "bluff": True}),
    ("goofspiel", {}),  # the example plugin: a third-party game held to the same bar
]
MEMORY = 64_000_000
"""Bytes of Python objects one document may hold at once, beyond 16 times its size."""
THOROUGH = settings().max_examples >= 1000
"""The thorough profile runs each case in full; the default run samples a few."""


@pytest.mark.parametrize(("name", "values"), CASES)
def test_loads_refuses_or_survives_every_mutated_document(
    name: str, values: dict[str, Any]
) -> None:
    game = meeple.get_game(name)
    options = meeple.core.build_options(name, game.options_type, values)

    @settings(
        max_examples=settings().max_examples if THOROUGH else 12,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(mutated_documents(game, options=options))
    def survives(text: str) -> None:
        check_document(game, text, memory_limit=MEMORY + 16 * len(text))

    survives()
