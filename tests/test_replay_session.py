"""`meeple replay` walks a record forward, back and by jumps, from a seat or as a spectator."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from meeple.cli.replay import ReplaySession
from meeple.core import MeepleError
from meeple.core import Registry

from .core.conftest import toy_registry  # noqa: F401  # the fixture, shared
from .core.test_match_and_record import _played_match


def _session(answers: list[str], seat: int | None, said: list[str]) -> ReplaySession:
    feed: Iterator[str] = iter(answers)

    def ask(_: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return ReplaySession(_played_match().record(), seat, ask=ask, say=said.append)


def test_forward_back_jump_and_end(toy_registry: Registry) -> None:  # noqa: F811  # fixture
    said: list[str] = []
    session = _session(["n", "n", "p", "j 5", "e", "zz", "s"], 0, said)
    session.run()
    headers = [line for line in said if line.startswith("-- move")]
    total = len(session.match.states) - 1
    assert [h.split()[2] for h in headers] == ["0", "1", "2", "1", "5", str(total), "0"]
    assert any(line.startswith("enter/n: next") for line in said)
    assert any(line.startswith("result\n") and "rank" in line for line in said)  # the sheet


def test_a_seat_sees_only_its_view(toy_registry: Registry) -> None:  # noqa: F811  # fixture
    said: list[str] = []
    _session(["q"], None, said).run()
    assert "hand None" in said[1]  # the spectator sees no hand
    with pytest.raises(MeepleError, match="no seat 7"):
        _session([], 7, [])
