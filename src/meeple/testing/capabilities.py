"""The conformance checks of the optional capabilities (meeple.core.capabilities).

The kit runs them at every state it checks, for each capability the game offers.
"""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Sequence
from typing import Any

from ..core import codec
from ..core.capabilities import ENDED_BY
from ..core.capabilities import STALLED
from ..core.capabilities import capabilities
from ..core.encoding import f32
from ..core.encoding import vocabulary
from ..core.errors import IllegalActionError
from ..core.protocols import State
from .elements import check_elements
from .public import check_public
from .secrecy import Seat
from .secrecy import deal_seats
from .secrecy import picture
from .styled import check_styled
from .where import Where
from .where import expect
from .where import guard

__all__ = [
    "check_capabilities",
    "check_encoding",
    "check_heuristic",
    "check_html",
    "check_legend",
    "check_state_encoding",
]


def check_capabilities(
    game: Any, state: State, where: Where, seats: Sequence[Seat] | None = None
) -> None:
    """Every optional capability the game offers (meeple.core.capabilities) keeps its
    promise at this state. `seats`: each seat's view and the worlds the kit dealt back
    from it (`meeple.testing.secrecy`), where what hangs on a view is compared; without
    them one world a seat is dealt here."""
    offered = capabilities(game)
    if seats is None:
        seats = deal_seats(game, state, (1,))
    if "encoding" in offered:
        check_encoding(game, state, where, seats)
    if "state_encoding" in offered:
        check_state_encoding(game, state, where)
    if "heuristic" in offered:
        check_heuristic(game, state, where)
    if "html" in offered:
        check_html(game, seats, where)
    if "elements" in offered:
        check_elements(game, state, where, seats)
    if "statistics" in offered and state.is_over:
        check_statistics(game, state, where)
    if "public" in offered:
        check_public(game, state, where, seats=seats)
    if "styled" in offered:
        check_styled(game, state, where, seats)
    if "legend" in offered:
        check_legend(game, state, where)


def check_legend(game: Any, state: State, where: Where) -> None:
    """Legend capability: text, not empty, and the same for every seat's view of the
    state (it explains the picture and tells nothing of what a seat sees)."""
    legends = {
        p: guard(where, f"legend(view({p}))", game.legend, state.view(p))
        for p in (None, *range(state.players))
    }
    for p, text in legends.items():
        expect(isinstance(text, str) and text.strip() != "", where, f"legend(view({p})) is empty")
    expect(
        len(set(legends.values())) == 1,
        where,
        "legend differs between the seats' views of one state (it may follow options only)",
    )


def check_heuristic(game: Any, state: State, where: Where) -> None:
    """Heuristic capability: one value in [0, 1] per seat, the same on every call."""
    values = guard(where, "heuristic(state)", game.heuristic, state)
    expect(
        isinstance(values, tuple) and len(values) == state.players,
        where,
        f"heuristic must give a tuple of one number per seat, got {values!r}",
    )
    expect(
        all(isinstance(v, int | float) and 0.0 <= float(v) <= 1.0 for v in values),
        where,
        f"heuristic values must lie in [0, 1], got {values!r}",
    )
    expect(game.heuristic(state) == values, where, "heuristic is not deterministic")


def check_html(game: Any, seats: Sequence[Seat], where: Where) -> None:
    """HTML capability: each seat's page is text with no script, and the same page again
    for a world's equal view (the secrecy check compares the first world's)."""
    for seat in seats:
        p = seat.player
        page = guard(where, f"render_html(view({p}))", picture, game, seat, "render_html")
        expect(isinstance(page, str), where, "render_html must return text")
        expect(
            "<script" not in page.lower(),
            where,
            f"render_html(view({p})) contains a <script> tag (text must be escaped)",
        )
        if not seat.worlds:
            expect(game.render_html(seat.view) == page, where, "render_html is not deterministic")


def check_statistics(game: Any, state: State, where: Where) -> None:
    """Statistics capability: a finished game's figures are a mapping of text to JSON
    scalars (finite numbers, text, true/false), the same on every call and for the
    state loaded back from JSON; the reserved keys hold their documented types."""
    figures = guard(where, "statistics(state)", game.statistics, state)
    expect(hasattr(figures, "items"), where, f"statistics must return a mapping, got {figures!r}")
    for key, value in figures.items():
        expect(isinstance(key, str), where, f"statistics keys must be text, got {key!r}")
        expect(
            isinstance(value, bool | int | float | str),
            where,
            f"statistics[{key!r}] must be a number, text or true/false, got {value!r}",
        )
        expect(
            not isinstance(value, float) or math.isfinite(value),
            where,
            f"statistics[{key!r}] is not a finite number: {value!r}",
        )
    if STALLED in figures:
        expect(
            isinstance(figures[STALLED], bool),
            where,
            f"statistics[{STALLED!r}] must be true or false, got {figures[STALLED]!r}",
        )
    if ENDED_BY in figures:
        expect(
            isinstance(figures[ENDED_BY], str),
            where,
            f"statistics[{ENDED_BY!r}] must be text, got {figures[ENDED_BY]!r}",
        )
    guard(where, "json.dumps(statistics(state))", json.dumps, dict(figures))
    again = guard(where, "statistics(state)", game.statistics, state)
    expect(dict(again) == dict(figures), where, "statistics is not deterministic")
    fresh = codec.loads(codec.dumps(state, game=game), game=game)
    expect(
        dict(game.statistics(fresh)) == dict(figures),
        where,
        "statistics differ for the same state loaded from JSON",
    )


def check_encoding(
    game: Any, state: State, where: Where, seats: Sequence[Seat] | None = None
) -> None:
    """Adapter contract: every legal action has an index that maps back; views encode
    to a fixed-size vector in [-1, 1] that only depends on the view (the same in each
    seat's first world: `seats`, or dealt here)."""
    vocab = guard(where, "action_vocabulary", vocabulary, game, state.players)
    size = guard(where, "observation_size", game.observation_size, state.players)
    for p in sorted(state.to_act):
        for action in state.legal_actions(p):
            try:
                index = vocab.index(action)
            except IllegalActionError as err:
                raise where.fail(f"legal action {action} is not in the vocabulary") from err
            expect(vocab.action(index) == action, where, f"index {index} maps to another action")
    for seat in seats if seats is not None else deal_seats(game, state, (7,)):
        seen, view = seat.player, seat.view
        encoded = guard(where, f"encode_view(view({seen}))", game.encode_view, view)
        expect(len(encoded) == size, where, f"encode_view gave {len(encoded)}, not {size}")
        expect(
            all(-1.0 <= float(x) <= 1.0 for x in encoded),
            where,
            f"encode_view(view({seen})) has values outside [-1, 1]",
        )
        for world in seat.worlds[:1]:
            expect(
                tuple(game.encode_view(world.view)) == tuple(encoded),
                where,
                f"encode_view(view({seen})) changes when hidden information is re-dealt",
            )


def check_state_encoding(game: Any, state: State, where: Where) -> None:
    """State-encoding contract: for every seat and the spectator, the blocks of
    ``encode_state(state, seat)``, joined, are exactly ``encode_view(state.view(seat))``
    as float32 bytes, so it shows no more than the view (and an adapter gets the same
    numbers either way)."""
    expect(
        callable(getattr(game, "encode_view", None)),
        where,
        "a game with encode_state must also offer the encoding capability (encode_view)",
    )
    for p in (None, *range(state.players)):
        want = f32(game.encode_view(state.view(p)))
        blocks = guard(where, f"encode_state(state, {p})", game.encode_state, state, p)
        expect(
            all(block.__class__ is bytes for block in blocks),
            where,
            f"encode_state(state, {p}) must give blocks of bytes, got {blocks!r:.200}",
        )
        got = b"".join(blocks)
        if got != want:
            raise where.fail(f"encode_state(state, {p}) {_first_difference(got, want)}")


def _first_difference(got: bytes, want: bytes) -> str:
    """Where float32 bytes `got` first differ from `want`, in words."""
    if len(got) != len(want):
        return f"gave {len(got)} bytes, encode_view's numbers as float32 are {len(want)}"
    numbers = len(want) // 4
    mine = struct.unpack(f"={numbers}f", got)
    theirs = struct.unpack(f"={numbers}f", want)
    at = next(i for i in range(numbers) if got[4 * i : 4 * i + 4] != want[4 * i : 4 * i + 4])
    return f"differs from encode_view at number {at}: {mine[at]!r}, not {theirs[at]!r}"
