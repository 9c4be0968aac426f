"""Speed work on the encoders must not move a single number (issue 16, item 6).

``data/encoded_views.jsonl`` holds views sampled from seeded random games of every
player count (the viewer to act at even steps of the game, and the spectator at its
end) with the SHA-256 of their encodings as 64-bit floats, recorded before the
encoders were made faster. Each view is stored itself, so a change to the rules
does not move these digests; only a change to an encoder does. (The Wypas rows
were recorded again when issue 15 added fields to its view and three numbers to
its observation: the special card played during a turn; and again for its rules
version 2, special cards at any moment: the windows went, and with them a phase
and the old meaning of ``site``, and views of a seat offered a card were added; and
again when a special card could answer another (issue 30): the cards waiting in the
chain joined the observation, and two views with a chain were added.)
"""

from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import meeple
from meeple.adapters import _common

ROWS = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "encoded_views.jsonl")
    .read_text(encoding="utf-8")
    .splitlines()
]


def digest(values: Any) -> str:
    """SHA-256 of the numbers as little-endian 64-bit floats."""
    return hashlib.sha256(struct.pack(f"<{len(values)}d", *values)).hexdigest()


@pytest.mark.parametrize("game", ["bear_mountain", "wojtek", "wypas"])
def test_encodings_are_the_recorded_numbers(game: str) -> None:
    rows = [row for row in ROWS if row["game"] == game]
    encodable = meeple.get_game(game)
    counts = set()
    for row in rows:
        view = meeple.loads(row["view"])
        counts.add(view.players)
        assert digest(encodable.encode_view(view)) == row["sha256"], row["view"][:200]  # type: ignore[attr-defined]  # an Encodable game
    spec = encodable.spec
    assert counts == set(range(spec.min_players, spec.max_players + 1))


@pytest.mark.parametrize("game", ["bear_mountain", "wojtek", "wypas"])
def test_adapters_float32_vectors_are_numpys_rounding_of_the_encoding(game: str) -> None:
    # The adapters pack the floats with struct instead of np.asarray (faster): same
    # float32 numbers, a fresh writable array each time.
    encodable = meeple.get_game(game)
    for row in ROWS:
        if row["game"] != game:
            continue
        view = meeple.loads(row["view"])
        setup = _common.setup(game, view.players, {})
        vector = setup.encode(view)
        expected = np.asarray(encodable.encode_view(view), dtype=np.float32)  # type: ignore[attr-defined]  # an Encodable game
        assert vector.dtype == np.float32
        assert vector.tobytes() == expected.tobytes()
        assert vector.flags.writeable
        assert setup.encode(view) is not vector


def test_masks_are_int8_and_writable() -> None:
    setup = _common.setup("wojtek", 2, {})
    state = setup.start(0)
    legal = state.legal_actions(0)
    mask = setup.mask(legal)
    assert mask.dtype == np.int8
    assert mask.flags.writeable
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(setup.vocab.index(a) for a in legal)
    assert mask.tolist() == setup.vocab.mask(legal)


@pytest.mark.parametrize("game", ["bear_mountain", "way_of_bear", "wojtek", "wypas"])
def test_the_state_path_gives_the_recorded_views_numbers(game: str) -> None:
    # encode_state (state_encoding) skips the view: for a state dealt back from each
    # recorded view, the adapters' vector and OpenSpiel's list are the view's numbers.
    encodable: Any = meeple.get_game(game)
    rows = [row for row in ROWS if row["game"] == game] or [
        {"view": meeple.dumps(encodable.start(n, seed=n).view(0))}
        for n in encodable.spec.player_counts()
    ]
    for row in rows:
        view = meeple.loads(row["view"])
        state = encodable.determinize(view, 1)
        setup = _common.setup(encodable, view.players, {})
        expected = np.asarray(encodable.encode_view(view), dtype=np.float32)
        vector = setup.encode_state(state, view.player)
        assert vector.tobytes() == expected.tobytes()
        assert vector.flags.writeable
        assert setup.floats(setup.blocks(state, view.player)) == expected.tolist()


def test_an_encode_state_of_the_wrong_size_is_refused() -> None:
    setup = _common.setup("wojtek", 2, {})
    state = setup.start(0)
    setup.blocks = lambda state, seat: [b"\0\0\0\0"]  # what encode_state gave
    with pytest.raises(meeple.MeepleError, match="gave 4 bytes"):
        setup.encode_state(state, 0)
    with pytest.raises(meeple.MeepleError, match="gave 1 numbers"):
        setup.floats(setup.blocks(state, 0))
