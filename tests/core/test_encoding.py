"""The core's encoding toolkit for ``state_encoding`` (float32 blocks, `Layouts`) and
the conformance kit's check that ``encode_state``'s blocks are ``encode_view``'s
numbers exactly."""

from __future__ import annotations

import struct
from typing import Any

import numpy as np
import pytest

from meeple.core import CAPABILITIES
from meeple.core import EncodesStates
from meeple.core import capabilities
from meeple.core.encoding import Layouts
from meeple.core.encoding import f32
from meeple.core.encoding import fraction
from meeple.core.encoding import one_hots
from meeple.core.encoding import packed
from meeple.testing import ConformanceError
from meeple.testing import check_game

from ..nim_game import Nim
from ..nim_game import State
from ..nim_game import layout


def test_f32_rounds_as_numpy_does() -> None:
    values = (0.1, 1 / 3, 2 / 3, 1.0, 0.0, 1e-40, 0.999999999)
    assert f32(values) == np.asarray(values, dtype=np.float32).tobytes()
    assert struct.unpack("=2f", f32((0.5, 0.25))) == (0.5, 0.25)


def test_one_hots_and_fractions_are_float32_blocks() -> None:
    hots = one_hots(3)
    assert [struct.unpack("=3f", h) for h in hots] == [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    assert one_hots(3) is hots  # made once
    assert fraction(3, 4) == f32((0.75,))
    assert fraction(True, 1) == f32((1.0,))


def test_packed_memoizes_a_block_as_float32_bytes() -> None:
    calls: list[tuple[int, ...]] = []

    def block(counts: tuple[int, ...]) -> tuple[float, ...]:
        calls.append(counts)
        return tuple(c / 3 for c in counts)

    fast = packed(block)
    assert fast((1, 2)) == f32((1 / 3, 2 / 3))
    assert fast((1, 2)) is fast((1, 2))
    assert calls == [(1, 2)]
    assert fast.__name__ == "block"


def test_packed_with_a_width_packs_the_same_bytes_and_refuses_another_length() -> None:
    def block(counts: tuple[int, ...]) -> tuple[float, ...]:
        return tuple(c / 3 for c in counts)

    fixed = packed(block, width=2)
    assert fixed((1, 2)) == packed(block)((1, 2)) == f32((1 / 3, 2 / 3))
    assert fixed((1, 2)) is fixed((1, 2))
    with pytest.raises(struct.error):
        fixed((1, 2, 3))


def test_layouts_by_player_count() -> None:
    layouts = Layouts("demo", range(2, 5), lambda n: [("seats", n), ("deck", 1)])
    assert layouts(3).size == 4
    assert layouts.size(4) == 5
    with pytest.raises(ValueError, match="demo is played by 2-4 players, not 5"):
        layouts(5)


# -- the conformance kit's check ---------------------------------------------------


def encode_state(s: State, player: int | None) -> list[bytes]:
    """Nim's encode_view, straight from the state."""
    return [f32([n / 9 for n in s.heaps]), f32([float(p in s.to_act) for p in range(s.players)])]


def _with(encoder: Any) -> Any:
    cls = type("FastNim", (Nim,), {"encode_state": staticmethod(encoder)})
    return object.__new__(cls)  # not __init__: Nim's state class stays bound to NIM


def test_a_right_encode_state_passes_the_kit() -> None:
    game = _with(encode_state)
    check_game(game, seeds=range(3))
    assert "state_encoding" in capabilities(game)
    assert not isinstance(object.__new__(Nim), EncodesStates)
    assert CAPABILITIES["state_encoding"] is EncodesStates


def test_an_encode_state_that_shows_a_hidden_chip_is_caught() -> None:
    def leaky(s: State, player: int | None) -> list[bytes]:
        numbers = struct.unpack(f"={layout(s.players).size}f", b"".join(encode_state(s, player)))
        return [f32((s.chips[(player or 0) - 1] / 9, *numbers[1:]))]  # another's hidden chip

    with pytest.raises(ConformanceError, match=r"differs from encode_view at number 0"):
        check_game(_with(leaky), seeds=range(3))


def test_an_encode_state_of_the_wrong_size_or_type_is_caught() -> None:
    with pytest.raises(ConformanceError, match="gave 4 bytes"):
        check_game(_with(lambda s, p: [f32((0.0,))]), seeds=range(1))
    with pytest.raises(ConformanceError, match="must give blocks of bytes"):
        check_game(_with(lambda s, p: [f32((0.0,)), (0.0,)]), seeds=range(1))
