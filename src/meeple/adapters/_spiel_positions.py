"""What the OpenSpiel adapter's states stand on: immutable positions, deals, caches.

A `_Position` is a meeple state with the seat to act and each seat's own past
actions (persistent lists), never changed once made, so pyspiel's deep copy of a
state copies one reference. A `_Context` holds what every state of one loaded game
shares. See `meeple.adapters.openspiel` for what users see.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any
from typing import Final
from typing import TypeAlias

import pyspiel

from ..core.codec import dumps
from ..core.errors import InvalidOptionsError
from ._common import RewardScheme
from ._common import Setup
from ._common import first_asked

_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)

_RECENT: Final = 4
"""Encodings a loaded game remembers: pyspiel sizes a tensor by writing
one for the next game's deal before every read, so that one is always among them."""


_Moves: TypeAlias = "tuple[int, _Moves] | None"
"""One seat's past actions as a persistent list, newest first: (action, the actions
before), None for none. A tuple, so a move costs one small tuple; states and their
clones share the moves they have in common; positions pickle them flat."""


def _moves_from(actions: Iterable[int]) -> _Moves:
    """The persistent list of these actions, oldest first."""
    node: _Moves = None
    for action in actions:
        node = (action, node)
    return node


def _actions(moves: _Moves) -> list[int]:
    """Every action of the list, oldest first."""
    out = []
    while moves is not None:
        action, moves = moves
        out.append(action)
    out.reverse()
    return out


def _position_from(state: Any, own: tuple[tuple[int, ...], ...]) -> _Position:
    """Unpickle a position: its seats' actions come flat (no recursion however long)."""
    return _Position(state, tuple(_moves_from(actions) for actions in own))


_new: Final = object.__new__


class _Position:
    """Where a state stands: the meeple state, the seat to act (or TERMINAL), and each
    seat's own past actions (what its information-state string lists).

    Never changed once made (only its cache of legal actions fills in), so its deep
    copy is itself: pyspiel's clone of a state copies one reference.
    """

    __slots__ = ("legal", "moves", "own", "player", "raw", "state")

    state: Any
    player: int
    own: tuple[_Moves, ...]
    legal: tuple[int, ...] | None
    """The seat to act's legal actions as sorted vocabulary indices, once asked."""
    moves: tuple[Any, ...]
    """The legal action objects themselves (meeple's `apply` then finds the chosen one
    by identity), once `legal` is filled."""
    raw: tuple[int, ...]
    """The vocabulary index of each of `moves`, in its order, once `legal` is filled."""

    def __init__(self, state: Any, own: tuple[_Moves, ...]) -> None:
        self.state = state
        to_act = state.to_act
        # Seats asked in secret (a Wypas offer) first, or the public move would end it.
        self.player = first_asked(state) if to_act else _TERMINAL
        self.own = own
        self.legal = None

    def after(self, state: Any, player: int, action: int) -> _Position:
        """The position `player` reaches with `action`, whose result is `state`."""
        # What __init__ does, without a class call (this runs at every step).
        own = self.own
        new: _Position = _new(_Position)
        new.state = state
        # first_asked, as in __init__ (a seat offered something in secret goes first),
        # its one-seat case inline: this runs at every step
        to_act = state.to_act
        if len(to_act) == 1:
            new.player = min(to_act)
        else:
            new.player = first_asked(state) if to_act else _TERMINAL
        new.own = (*own[:player], (action, own[player]), *own[player + 1 :])
        new.legal = None
        return new

    def __copy__(self) -> _Position:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_position_from, (self.state, tuple(tuple(_actions(m)) for m in self.own)))


class _Deal(_Position):
    """An initial position dealt from `seed` the first time anything looks at it.

    A game's next deal is one of these, shared by every ``new_initial_state()``
    until an action is applied to one of them; pickled, it is its dealt position.
    """

    __slots__ = ("_start", "seed")

    def __init__(self, seed: int, start: Callable[[int], Any], players: int) -> None:
        self.seed = seed
        self._start = start
        self.own = (None,) * players
        self.legal = None

    def __getattr__(self, name: str) -> Any:
        # Python asks only for attributes not set yet: `state` and `player` until dealt.
        if name not in ("state", "player"):
            raise AttributeError(name)
        _Position.__init__(self, self._start(self.seed), self.own)
        return getattr(self, name)


class _Recent:
    """The last few results of a function of (meeple state, seat), by identity.

    Entries are keyed by the state's id and hold the state itself (so its id is never
    reused while remembered): hashing a whole state by value costs more than most
    results. The most recently used entries stay (a dict keeps them in use order).
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: dict[tuple[int, int], tuple[Any, Any]] = {}

    def get(self, state: Any, seat: int, make: Callable[[Any, int], Any]) -> Any:
        """The remembered ``make(state, seat)``, made and remembered if it is not
        (the least recently used entry forgotten if full)."""
        entries = self.entries
        key = (id(state), seat)
        found = entries.pop(key, None)  # put back below: now the most recently used
        if found is None:
            found = (state, make(state, seat))
            if len(entries) >= self.size:
                del entries[next(iter(entries))]
        entries[key] = found
        return found[1]


class _Context:
    """What every state of one loaded game shares: setup, action tables, reward, deals."""

    def __init__(self, setup: Setup, reward: RewardScheme, seed: int, fixed_deal: bool) -> None:
        self.setup = setup
        self.players = setup.players
        self.reward = reward
        self.fixed_deal = fixed_deal
        self.actions: tuple[Any, ...] = setup.vocab.actions
        self.names = tuple(str(action) for action in self.actions)
        self.index = setup.action_index
        self.pending: _Deal = self.deal(seed)
        self._encodings = _Recent(_RECENT)

    def deal(self, seed: int) -> _Deal:
        """The deal of `seed` (dealt when first looked at)."""
        return _Deal(seed, self.setup.start, self.players)

    def claim(self, deal: _Position) -> None:
        """An action was applied to `deal`: the next new game takes the next seed."""
        if deal is self.pending and not self.fixed_deal:
            self.pending = self.deal(self.pending.seed + 1)

    def fill_legal(self, at: _Position) -> tuple[int, ...]:
        """Fill (and return) `at`'s cache of the seat to act's legal actions."""
        moves = at.moves = at.state.legal_actions(at.player)
        raw = at.raw = self.setup.indices(moves)
        indices = at.legal = tuple(sorted(raw))
        return indices

    def legal_indices(self, state: Any, player: int) -> tuple[int, ...]:
        """The vocabulary indices of `player`'s legal actions, sorted (OpenSpiel's order)."""
        return tuple(sorted(self.setup.indices(state.legal_actions(player))))

    def blocks(self, state: Any, player: int) -> Sequence[bytes]:
        """`player`'s view of the meeple `state`, encoded (float32 blocks; do not change).

        pyspiel sizes a tensor by writing one for a new initial state (the next game's
        deal, seat 0) before every read, so the last few encodings are remembered, by
        the identity of the meeple state: sizing costs a lookup.
        """
        found: Sequence[bytes] = self._encodings.get(state, player, self.setup.blocks)
        return found

    def observation_string(self, at: _Position, player: int) -> str:
        """`player`'s view as JSON."""
        return dumps(at.state.view(player), game=self.setup.game)

    def public_string(self, at: _Position) -> str:
        """The spectator's view as JSON: what the whole table sees."""
        return dumps(at.state.view(None), game=self.setup.game)

    def information_state_string(self, at: _Position, player: int) -> str:
        """`player`'s own past actions, then its view as JSON (a perfect-recall key)."""
        names = self.names
        own = " ".join([names[action] for action in _actions(at.own[player])])
        return f"[{own}] {self.observation_string(at, player)}"

    def action(self, index: int) -> Any:
        """The action at vocabulary `index`, refusing negative and too large ones."""
        if index < 0:
            return self.setup.vocab.action(index)  # raises IllegalActionError
        try:
            return self.actions[index]
        except IndexError:
            return self.setup.vocab.action(index)  # raises IllegalActionError


def _seed_from(text: Any) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        raise InvalidOptionsError(
            f"new_initial_state takes a seed (an int, or its digits as a string), not {text!r}"
        ) from None
