"""What every adapter shares: the game lookup, encodings as numpy arrays, rewards."""

from __future__ import annotations

import math
import operator
import struct
from collections.abc import Callable
from collections.abc import Sequence
from functools import lru_cache
from typing import Any
from typing import Final
from typing import Literal

import attrs

from ..core.extras import install_hint

try:
    import numpy as np
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(f"meeple's adapters need numpy: {install_hint('rl')}") from err

from ..core.capabilities import Encodable
from ..core.capabilities import EncodesStates
from ..core.encoding import Vocabulary
from ..core.encoding import vocabulary
from ..core.errors import InvalidOptionsError
from ..core.errors import MeepleError
from ..core.options import build_options
from ..core.outcome import Outcome
from ..core.protocols import Game
from ..core.registry import resolve_game
from ..core.turns import asking_order

__all__ = [
    "REWARD_CHOICES",
    "RewardChoice",
    "RewardScheme",
    "Setup",
    "field_getters",
    "first_asked",
    "index_by_action",
    "reward_range",
    "reward_scheme",
    "rewards_from",
    "setup",
]

RewardScheme = Literal["win_share", "rank", "score"]
"""win_share: 1/k to each of k winners, 0 to others. rank: linear in rank, +1 best,
-1 worst. score: the outcome's score itself (the number the rulebook counts), as a float."""

RewardChoice = Literal["auto", "win_share", "rank", "score"]
"""What a user may ask an adapter for: a `RewardScheme`, or ``auto`` (see `reward_scheme`)."""

REWARD_CHOICES: Final[tuple[str, ...]] = ("auto", "win_share", "rank", "score")
"""Every `RewardChoice`, in the order error messages list them."""

_SCHEMES: Final[dict[str, RewardScheme]] = {
    "win_share": "win_share",
    "rank": "rank",
    "score": "score",
}


def reward_scheme(choice: str | None, players: int, game: str) -> RewardScheme:
    """The scheme an adapter uses for `choice`; refuses an unknown name at once.

    ``auto`` (or None) is ``score`` when the game has one player, where winning says
    nothing (the only player always ranks first), and ``win_share`` otherwise.
    """
    if choice is None or choice == "auto":
        return "score" if players == 1 else "win_share"
    found = _SCHEMES.get(choice)
    if found is not None:
        return found
    known = ", ".join(REWARD_CHOICES)
    raise InvalidOptionsError(f"{game}: unknown reward scheme {choice!r} (known: {known})")


def reward_range(scheme: RewardScheme) -> tuple[float, float]:
    """The lowest and highest reward a scheme can give (score: unbounded).

    No meeple game declares a bound on its scores, so ``score`` admits any number.
    """
    if scheme == "win_share":
        return 0.0, 1.0
    if scheme == "rank":
        return -1.0, 1.0
    return -math.inf, math.inf


def rewards_from(outcome: Outcome, scheme: RewardScheme) -> tuple[float, ...]:
    """End-of-game rewards per seat under a documented scheme."""
    n = len(outcome.scores)
    if scheme == "win_share":
        return outcome.win_shares()
    if scheme == "rank":
        if n == 1:
            return (1.0,)
        return tuple(1.0 - 2.0 * (rank - 1) / (n - 1) for rank in outcome.ranks)
    if scheme == "score":
        return tuple(float(score) for score in outcome.scores)
    raise MeepleError(f"unknown reward scheme {scheme!r} (win_share, rank or score)")


class Setup:
    """A game, a player count, options and its encodings, resolved once."""

    def __init__(self, game: str | Game, players: int, options: dict[str, Any]) -> None:
        self.game: Game = resolve_game(game) if isinstance(game, str) else game
        encodable = self.game
        if not isinstance(encodable, Encodable):
            raise MeepleError(
                f"{self.game.spec.name} does not offer the encoding capability "
                "(action_vocabulary, observation_size, encode_view); adapters need it"
            )
        self.players = players
        self.options = build_options(self.game.spec.name, self.game.options_type, options)
        self.vocab: Vocabulary = vocabulary(self.game, players)
        self.action_index: dict[Any, int] | None = index_by_action(self.vocab.actions)
        """Action -> vocabulary index, by equality (None if the actions are unhashable)."""
        self._by_id: dict[int, int] = {id(action): i for i, action in enumerate(self.vocab.actions)}
        # The vocabulary itself holds its actions, so their ids are never reused while
        # this table lives. Games that hand out shared action objects are found by id
        # (no hash of an attrs object, which runs in Python); others fall back below.
        self._getters = field_getters(self.vocab.actions)
        self._by_fields: dict[Any, int] = {}
        if self._getters is not None:
            getters = self._getters
            self._by_fields = {
                (a.__class__, getters[a.__class__](a)): i for i, a in enumerate(self.vocab.actions)
            }
            if len(self._by_fields) != len(self.vocab):
                self._getters = None
        """(action class, its compared fields) -> vocabulary index: equality without
        attrs' __hash__ and __eq__ (Python code) for actions that are not shared."""
        self.observation_size: int = encodable.observation_size(players)
        self._encode = encodable.encode_view
        # float32 in native byte order, numpy's own: packing a tuple of Python floats
        # is several times faster than np.asarray over it, and rounds the same way.
        self._pack = struct.Struct(f"={self.observation_size}f").pack
        self._nbytes = 4 * self.observation_size
        fast: Any = self.game.encode_state if isinstance(self.game, EncodesStates) else None
        self.blocks: Callable[[Any, int], Sequence[bytes]] = fast or self._packed
        """``blocks(state, seat)``: `seat`'s encoded view of `state` as float32 blocks,
        the game's ``encode_state`` itself when it offers one (no view is built), else
        one block packed from `encode` of the view (chosen once, here)."""

    def start(self, seed: int) -> Any:
        """A fresh state."""
        return self.game.start(self.players, seed=seed, options=self.options)

    def encode(self, view: Any) -> Any:
        """The view as a float32 vector (a new, writable array)."""
        values = self._encode(view)
        if len(values) != self.observation_size:
            raise MeepleError(
                f"{self.game.spec.name}.encode_view gave {len(values)} numbers, "
                f"observation_size says {self.observation_size}"
            )
        try:
            packed = self._pack(*values)
        except (struct.error, OverflowError):  # not plain numbers: let numpy say why
            return np.asarray(values, dtype=np.float32)
        return np.frombuffer(bytearray(packed), dtype=np.float32)

    def _packed(self, state: Any, seat: int) -> Sequence[bytes]:
        """`blocks` of a game without ``state_encoding``: its view's encoding."""
        return [self.encode(state.view(seat)).tobytes()]

    def encode_state(self, state: Any, seat: int) -> Any:
        """`seat`'s encoded view of `state` as a float32 vector (a new, writable array)."""
        raw = bytearray().join(self.blocks(state, seat))
        if len(raw) != self._nbytes:
            raise MeepleError(
                f"{self.game.spec.name}.encode_state gave {len(raw)} bytes, not "
                f"{self._nbytes} (observation_size {self.observation_size} float32 numbers)"
            )
        return np.frombuffer(raw, _FLOAT32)

    def floats(self, blocks: Sequence[bytes]) -> list[float]:
        """Float32 blocks as a list of Python floats (OpenSpiel's tensors), each block
        converted once: a block that repeats is the same bytes object, whose hash
        Python keeps, so most steps copy cached floats."""
        out: list[float] = []
        for numbers in map(_floats, blocks):
            out += numbers
        if len(out) != self.observation_size:
            raise MeepleError(
                f"{self.game.spec.name}.encode_state gave {len(out)} numbers, "
                f"observation_size says {self.observation_size}"
            )
        return out

    def indices(self, legal: tuple[Any, ...]) -> tuple[int, ...]:
        """The vocabulary index of each of `legal`, in its order."""
        found: tuple[int | None, ...] = tuple(map(self._by_id.get, map(id, legal)))  # C loops
        if None not in found:
            return found  # type: ignore[return-value]  # no None in it
        getters = self._getters
        if getters is not None:
            by_fields = self._by_fields
            try:  # every action found by its class and compared fields: no Python code
                return tuple([by_fields[a.__class__, getters[a.__class__](a)] for a in legal])
            except KeyError:
                pass  # one outside the vocabulary (or of another class): one by one
        filled = list(found)
        self._look_up(legal, filled)
        return tuple(filled)  # type: ignore[arg-type]  # every None was filled in

    def _look_up(self, legal: tuple[Any, ...], found: list[int | None]) -> None:
        """Fill in the indices of the actions that are not the vocabulary's own objects:
        by their compared fields (C getters), else by equality, else by notation (which
        says why an action outside the vocabulary is refused)."""
        getters = self._getters or {}
        by_fields = self._by_fields
        table = self.action_index
        for i, known in enumerate(found):
            if known is None:
                action = legal[i]
                getter = getters.get(action.__class__)
                if getter is not None:
                    known = by_fields.get((action.__class__, getter(action)))
                if known is None and table is not None:
                    known = table.get(action)
                found[i] = known if known is not None else self.vocab.index(action)

    def mask(self, legal: tuple[Any, ...]) -> Any:
        """The legal actions as an int8 mask over the vocabulary."""
        return self.mask_of(self.indices(legal))

    def mask_of(self, indices: tuple[int, ...]) -> Any:
        """An int8 mask with a 1 at each of `indices` (a new, writable array)."""
        out = bytearray(len(self.vocab))
        for i in indices:
            out[i] = 1
        return np.frombuffer(out, _INT8)


_FLOAT32: Final = np.dtype(np.float32)
_INT8: Final = np.dtype(np.int8)
# numpy reads a dtype object passed by position faster than a type by keyword.


@lru_cache(maxsize=8192)  # a few kB an entry at most
def _floats(block: bytes) -> tuple[float, ...]:
    return _unpacker(len(block))(block)


@lru_cache(maxsize=256)
def _unpacker(size: int) -> Callable[[bytes], tuple[float, ...]]:
    """Unpacks `size` bytes of float32 (one look-up, not a format string and struct's
    cache of them, for each new block)."""
    return struct.Struct(f"={size // 4}f").unpack


def _no_fields(action: Any) -> tuple[()]:
    return ()


def field_getters(actions: tuple[Any, ...]) -> dict[type, Callable[[Any], Any]] | None:
    """Per action class, a getter (``operator.attrgetter``, C code) of the fields its
    attrs equality compares: two actions are equal exactly when their classes and
    these values are. None if some class is not a plain attrs class."""
    getters: dict[type, Callable[[Any], Any]] = {}
    for action in actions:
        cls = action.__class__
        if cls in getters:
            continue
        if not attrs.has(cls):
            return None
        fields = [f for f in attrs.fields(cls) if f.eq]
        if any(f.eq_key is not None for f in fields):
            return None  # compared through a key function: leave it to __eq__
        names = [f.name for f in fields]
        getters[cls] = operator.attrgetter(*names) if names else _no_fields
    return getters


def index_by_action(actions: tuple[Any, ...]) -> dict[Any, int] | None:
    """Action -> index by equality (a hash, not a ``str`` per lookup); None if unusable.

    None when an action is unhashable or two actions are equal, so callers fall back
    to the vocabulary's lookup by notation.
    """
    try:
        index = {action: i for i, action in enumerate(actions)}
    except TypeError:
        return None
    return index if len(index) == len(actions) else None


def first_asked(state: Any) -> int:
    """The seat a one-seat-at-a-time driver asks first (`asking_order`'s first; seats
    asked in secret, a Wypas offer, come before the public move). The state must have
    someone to act. One seat to act, as at most steps, is answered without a call."""
    to_act = state.to_act
    if len(to_act) == 1:
        return min(to_act)  # type: ignore[no-any-return]  # a seat number
    return asking_order(state)[0]


def setup(game: str | Game, players: int, options: dict[str, Any]) -> Setup:
    """Resolve a game for an adapter."""
    return Setup(game, players, options)
