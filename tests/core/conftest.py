"""Fixtures that put the toy game into a registry for the duration of a test."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from meeple.core import registry

TOY_POINT = EntryPoint(name="toy", value="tests.toy_game:TOY", group=registry.ENTRY_POINT_GROUP)


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> registry.Registry:
    """The default registry, holding only the toy game."""
    reg = registry.Registry(lambda: [TOY_POINT])
    monkeypatch.setattr(registry, "default_registry", reg)
    return reg
