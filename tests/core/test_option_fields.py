"""An options class's fields are resolved once: a new match does not evaluate their
annotations again (each evaluation compiled code, which cost more than dealing a
short game, at every match a batch of simulations started)."""

from __future__ import annotations

import typing
from typing import Any

import pytest

import meeple
from meeple.core import Match
from meeple.core.options import option_fields


def test_a_new_match_does_not_resolve_the_options_annotations_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = meeple.get_game("wypas")
    Match(game, 3, seed=0, max_rounds=4)  # the class's fields resolved here, once
    calls: list[object] = []
    real = typing.get_type_hints

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(typing, "get_type_hints", counted)
    for seed in range(1, 4):
        Match(game, 3, seed=seed, max_rounds=4)
    assert calls == []


def test_option_fields_hands_each_caller_a_dict_of_its_own() -> None:
    options_type = meeple.get_game("bear_mountain").options_type
    first = option_fields(options_type)
    expected = dict(first)
    first.clear()
    assert option_fields(options_type) == expected
    assert "mode" in expected
