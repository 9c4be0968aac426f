"""Fixed action vocabularies and numeric view encodings, for the RL and OpenSpiel adapters.

A game that offers the ``encoding`` capability (see `meeple.core.capabilities`)
has ``action_vocabulary(players)``, ``observation_size(players)`` and
``encode_view(view)``. This module gives every such game the same two tools:

* `Vocabulary`: index <-> action for one player count, with clear errors;
  `vocabulary(game, players)` caches one per game object and count.
* `Layout` and its `Writer`: an observation is a list of named parts tiling one
  flat vector (OpenSpiel's named tensors). A game lists ``(name, width)`` once;
  offsets are computed, the parts tile the vector by construction, and the
  encoder writes *by part name*, so the layout and the writer cannot disagree.
  `Layouts` holds a game's layouts by player count.
* Blocks for the ``state_encoding`` capability (``encode_state(state, player)``:
  the same numbers as float32 blocks, in layout order, straight from the state):
  `packed` memoizes a block function's numbers as float32 bytes (`f32`);
  `fraction` and `one_hots` are ready-made small blocks.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from functools import lru_cache
from functools import update_wrapper
from typing import Any
from typing import ParamSpec
from typing import cast

import attrs

from .errors import IllegalActionError
from .errors import MeepleError

__all__ = [
    "Layout",
    "Layouts",
    "Vocabulary",
    "Writer",
    "f32",
    "fraction",
    "one_hots",
    "packed",
    "vocabulary",
]

P = ParamSpec("P")


class Vocabulary:
    """Index <-> action for one game and player count."""

    def __init__(self, game_name: str, players: int, actions: tuple[Any, ...]) -> None:
        self.game_name = game_name
        self.players = players
        self.actions = actions
        """The actions, index order."""
        self._index = {str(a): i for i, a in enumerate(actions)}
        if len(self._index) != len(actions):
            raise MeepleError(f"{game_name}: the action vocabulary names an action twice")

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: Any) -> int:
        """The action's index; IllegalActionError if it is outside the vocabulary."""
        found = self._index.get(str(action))
        if found is None:
            raise IllegalActionError(
                f"{action} is not in the {self.players}-player action vocabulary",
                game=self.game_name,
                action=str(action),
            )
        return found

    def action(self, index: int) -> Any:
        """The action at `index`; IllegalActionError if out of range."""
        if isinstance(index, bool) or not 0 <= int(index) < len(self.actions):
            raise IllegalActionError(
                f"action index {index} is outside 0..{len(self.actions) - 1}",
                game=self.game_name,
            )
        return self.actions[int(index)]

    def mask(self, legal: tuple[Any, ...]) -> list[int]:
        """1 for each legal action's index, else 0."""
        out = [0] * len(self.actions)
        for action in legal:
            out[self.index(action)] = 1
        return out


@lru_cache(maxsize=256)
def _cached_vocabulary(game: Any, players: int) -> Vocabulary:
    # The cache holds the game object itself (not its id), so an entry can never
    # be handed to another game object that happens to reuse a freed id.
    return Vocabulary(game.spec.name, players, tuple(game.action_vocabulary(players)))


def vocabulary(game: Any, players: int) -> Vocabulary:
    """The (cached) vocabulary of a game that offers the ``encoding`` capability."""
    if not callable(getattr(game, "action_vocabulary", None)):
        raise MeepleError(
            f"{game.spec.name} has no action_vocabulary(players); adapters need the "
            "encoding capability (see meeple.core.capabilities)"
        )
    try:
        return _cached_vocabulary(game, players)
    except TypeError:  # an unhashable game object: build it every time
        return Vocabulary(game.spec.name, players, tuple(game.action_vocabulary(players)))


@attrs.frozen
class Layout:
    """Where each named part of a view encoding sits, for one game and player count.

    Build it with `Layout.of` from ``(name, width)`` pairs: the parts then tile
    ``[0, size)`` in order, without gaps or overlaps, by construction.
    """

    game: str
    """The game's registry name (for messages)."""
    players: int
    """The player count this layout is for."""
    parts: tuple[tuple[str, int, int], ...]
    """(name, start, width) in order, as documented on the game's rules page."""
    size: int
    """Total length: the game's `observation_size(players)`."""
    _where: dict[str, tuple[int, int]] = attrs.field(init=False, eq=False, repr=False, factory=dict)
    _ends: frozenset[int] = attrs.field(init=False, eq=False, repr=False, default=frozenset())

    def __attrs_post_init__(self) -> None:
        at = 0
        for name, begin, width in self.parts:
            if name in self._where:
                raise ValueError(f"{self.game} encoding names part {name!r} twice")
            if begin != at or width < 0:
                raise ValueError(
                    f"{self.game} encoding part {name!r} starts at {begin}, not {at}, "
                    f"or has a negative width {width}: the parts must tile the vector"
                )
            self._where[name] = (begin, width)
            at += width
        if at != self.size:
            raise ValueError(f"{self.game} encoding parts cover {at} numbers, not {self.size}")
        ends = frozenset(begin + width for _, begin, width in self.parts)
        object.__setattr__(self, "_ends", ends)

    @classmethod
    def of(cls, game: str, players: int, widths: Iterable[tuple[str, int]]) -> Layout:
        """The layout whose parts have these names and widths, in this order."""
        parts: list[tuple[str, int, int]] = []
        at = 0
        for name, width in widths:
            parts.append((name, at, width))
            at += width
        return cls(game, players, tuple(parts), at)

    def start(self, name: str) -> int:
        """Where part `name` begins; KeyError naming the part if there is none."""
        return self._find(name)[0]

    def width(self, name: str) -> int:
        """How many numbers part `name` has."""
        return self._find(name)[1]

    def slice(self, name: str) -> slice:
        """Part `name` as a slice of the encoded vector."""
        begin, width = self._find(name)
        return slice(begin, begin + width)

    def names(self) -> tuple[str, ...]:
        """Every part's name, in order."""
        return tuple(name for name, _, _ in self.parts)

    def split(self, encoded: Sequence[float]) -> dict[str, tuple[float, ...]]:
        """An encoded vector as ``{part name: its numbers}`` (for tests and debugging)."""
        if len(encoded) != self.size:
            raise ValueError(f"{self.game}: expected {self.size} numbers, got {len(encoded)}")
        return {name: tuple(encoded[b : b + w]) for name, b, w in self.parts}

    def writer(self) -> Writer:
        """A fresh all-zero vector to fill part by part."""
        return Writer(self)

    def _find(self, name: str) -> tuple[int, int]:
        found = self._where.get(name)
        if found is None:
            raise KeyError(f"{self.game} encoding has no part {name!r} with {self.players} players")
        return found


class Layouts:
    """One game's layouts by player count: ``layouts(players)``, or a ValueError naming
    the counts the game is played with."""

    def __init__(
        self, game: str, counts: Iterable[int], parts: Callable[[int], Iterable[tuple[str, int]]]
    ) -> None:
        self.game = game
        """The game's registry name."""
        self._by_count = {n: Layout.of(game, n, parts(n)) for n in counts}
        if not self._by_count:
            raise ValueError(f"{game} encoding: no player counts")

    def __call__(self, players: int) -> Layout:
        """The layout for `players` seats."""
        found = self._by_count.get(players)
        if found is None:
            counts = sorted(self._by_count)
            raise ValueError(
                f"{self.game} is played by {counts[0]}-{counts[-1]} players, not {players}"
            )
        return found

    def size(self, players: int) -> int:
        """How many numbers an encoded view has with `players` seats."""
        return self(players).size


def f32(values: Sequence[float]) -> bytes:
    """`values` as float32 in native byte order: the numbers of a float32 numpy array
    over them (struct rounds exactly as ``np.asarray(values, np.float32)`` does)."""
    return struct.pack(f"={len(values)}f", *values)


@lru_cache(maxsize=64)
def one_hots(width: int) -> tuple[bytes, ...]:
    """``one_hots(width)[i]``: float32 bytes of `width` numbers, 1 at `i`, else 0."""
    return tuple(f32([1.0 if i == hot else 0.0 for i in range(width)]) for hot in range(width))


@lru_cache(maxsize=4096)
def fraction(count: float, whole: float) -> bytes:
    """``count / whole`` as a block of one float32 number (``fraction(flag, 1)``: a flag)."""
    return f32((count / whole,))


def packed(
    block: Callable[P, Sequence[float]], *, maxsize: int | None = 4096, width: int | None = None
) -> Callable[P, bytes]:
    """`block` (a pure function of immutable arguments) giving its numbers as float32
    bytes (`f32`), memoized: an ``encode_state`` copies such blocks instead of
    computing numbers, so most steps cost a few cache look-ups.

    With `width` (the block always has that many numbers), a new block is packed by a
    `struct.Struct` made once, not through a format string per call; a block of
    another length is then refused (``struct.error``)."""

    # a memoized block: skip its own cache (a miss here is one there too)
    compute: Callable[..., Sequence[float]] = getattr(block, "__wrapped__", block)

    if width is None:

        @lru_cache(maxsize=maxsize)
        def packed_block(*args: Any) -> bytes:
            return f32(compute(*args))

    else:
        pack = struct.Struct(f"={width}f").pack

        @lru_cache(maxsize=maxsize)
        def packed_block(*args: Any) -> bytes:
            return pack(*compute(*args))

    update_wrapper(packed_block, block)
    return cast(Callable[P, bytes], packed_block)


class Writer:
    """Fills one encoded vector by part name; `done` returns it as a tuple.

    Every write is checked against its part's bounds, so a value can never spill
    into the neighbouring part. The methods are written for speed (encoders run
    at every step of a learner's loop): one dict lookup and one comparison each.
    """

    __slots__ = ("_out", "_where", "layout")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        """The layout being filled."""
        self._out = [0.0] * layout.size
        self._where = layout._where

    def _unknown(self, name: str) -> KeyError:
        return KeyError(
            f"{self.layout.game} encoding has no part {name!r} with {self.layout.players} players"
        )

    def _outside(self, name: str, width: int, what: str) -> IndexError:
        return IndexError(
            f"{self.layout.game} encoding: {what} outside part {name!r} of width {width}"
        )

    def put(self, name: str, values: Sequence[float], offset: int = 0) -> None:
        """Write `values` into part `name`, starting `offset` numbers into it."""
        try:
            begin, width = self._where[name]
        except KeyError:
            raise self._unknown(name) from None
        end = offset + len(values)
        if offset < 0 or end > width:
            raise IndexError(
                f"{self.layout.game} encoding: {len(values)} numbers at offset {offset} "
                f"do not fit part {name!r} of width {width}"
            )
        self._out[begin + offset : begin + end] = values

    def put_parts(self, first: str, values: Sequence[float]) -> None:
        """Write `values` across part `first` and the parts after it, ending exactly at
        the end of a part: one write for a cached block of neighbouring parts."""
        try:
            begin, _ = self._where[first]
        except KeyError:
            raise self._unknown(first) from None
        end = begin + len(values)
        if end not in self.layout._ends:
            raise IndexError(
                f"{self.layout.game} encoding: {len(values)} numbers from part {first!r} "
                "do not end at the end of a part"
            )
        self._out[begin:end] = values

    def put_all(self, items: Iterable[tuple[str, Sequence[float]]]) -> None:
        """`put` each ``(name, values)`` pair at the start of its part (one call, many parts)."""
        where = self._where
        out = self._out
        for name, values in items:
            try:
                begin, width = where[name]
            except KeyError:
                raise self._unknown(name) from None
            if len(values) > width:
                raise self._outside(name, width, f"{len(values)} numbers fall")
            out[begin : begin + len(values)] = values

    def set(self, name: str, index: int, value: float) -> None:
        """Write one number at `index` within part `name`."""
        try:
            begin, width = self._where[name]
        except KeyError:
            raise self._unknown(name) from None
        if not 0 <= index < width:
            raise self._outside(name, width, f"index {index} is")
        self._out[begin + index] = value

    def one_hot(self, name: str, index: int) -> None:
        """Set the number at `index` within part `name` to 1."""
        self.set(name, index, 1.0)

    def ones(self, name: str, indices: Iterable[int]) -> None:
        """Set the numbers at each of `indices` within part `name` to 1 (a set of items)."""
        try:
            begin, width = self._where[name]
        except KeyError:
            raise self._unknown(name) from None
        out = self._out
        for index in indices:
            if not 0 <= index < width:
                raise self._outside(name, width, f"index {index} is")
            out[begin + index] = 1.0

    def done(self) -> tuple[float, ...]:
        """The filled vector."""
        return tuple(self._out)
