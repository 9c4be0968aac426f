"""The core's encoding toolkit for ``state_encoding`` (float32 blocks, `Layouts`) and
the conformance kit's check that ``encode_state`` is ``encode_view`` exactly."""

from __future__ import annotations

import struct
from typing import Any

import numpy as np
import pytest

from meeple.core import CAPABILITIES, EncodesStates, capabilities
from meeple.core.encoding import Layout, Layouts, f32, fraction, one_hots, packed
from meeple.testing import ConformanceError, check_game

from ..nim_game import Nim, State, layout


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
    assert fast.__name__ == "block"  # type: ignore[attr-defined]  # update_wrapper's


def test_join_refuses_blocks_that_do_not_fill_the_vector() -> None:
    lay = Layout.of("demo", 2, [("a", 2), ("b", 1)])
    assert lay.join([f32((1.0, 0.0)), f32((0.5,))]) == f32((1.0, 0.0, 0.5))
    with pytest.raises(ValueError, match="hold 2 numbers, not 3"):
        lay.join([f32((1.0, 0.0))])


def test_layouts_by_player_count() -> None:
    layouts = Layouts("demo", range(2, 5), lambda n: [("seats", n), ("deck", 1)])
    assert layouts(3).size == 4
    assert layouts.size(4) == 5
    with pytest.raises(ValueError, match="demo is played by 2-4 players, not 5"):
        layouts(5)


# -- the conformance kit's check ---------------------------------------------------


def encode_state(s: State, player: int | None) -> bytes:
    """Nim's encode_view, straight from the state."""
    return layout(s.players).join(
        (
            f32([n / 9 for n in s.heaps]),
            f32([1.0 if p in s.to_act else 0.0 for p in range(s.players)]),
        )
    )


def _with(encoder: Any) -> Any:
    cls = type("FastNim", (Nim,), {"encode_state": staticmethod(encoder)})
    return object.__new__(cls)  # not __init__: Nim's state class stays bound to NIM


def test_a_right_encode_state_passes_the_kit() -> None:
    game = _with(encode_state)
    assert isinstance(game, EncodesStates)
    assert "state_encoding" in capabilities(game)
    assert CAPABILITIES["state_encoding"] is EncodesStates
    check_game(game, seeds=range(3))


def test_an_encode_state_that_shows_a_hidden_chip_is_caught() -> None:
    def leaky(s: State, player: int | None) -> bytes:
        numbers = list(struct.unpack(f"={layout(s.players).size}f", encode_state(s, player)))
        numbers[0] = s.chips[(player or 0) - 1] / 9  # another seat's hidden chip
        return f32(numbers)

    with pytest.raises(ConformanceError, match=r"differs from encode_view at number 0"):
        check_game(_with(leaky), seeds=range(3))


def test_an_encode_state_of_the_wrong_size_or_type_is_caught() -> None:
    with pytest.raises(ConformanceError, match="gave 4 bytes"):
        check_game(_with(lambda s, p: f32((0.0,))), seeds=range(1))
    with pytest.raises(ConformanceError, match="must return bytes, not tuple"):
        check_game(_with(lambda s, p: (0.0,)), seeds=range(1))
