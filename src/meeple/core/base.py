"""The state half of the core's template: the contract's methods, written once.

A game's ``State`` is a frozen attrs class with ``slots=False`` that inherits
`StateBase` and declares fields only. Its game object (a `GameBase`) binds the
game's hooks to it when the game is made, and from then on every state of that
class answers the contract the same way:

``apply(action, player)`` -> check the seat and the action (here, once for every
game) -> the game's ``successor(state, action, player)`` -> the new state.

The legal actions a playout asks for are remembered outside the attrs fields
(equality, hashing, copying, pickling and the codec never see them). `_LAST`, one
entry for the whole process, holds the last ``(state, seat, actions)`` the fast
path worked out: in a playout, a bot or a front end that is the seat to act of the
newest state, asked by its int, and then `apply` on the same state checks the
chosen action against that very tuple. Nothing is written into the state itself:
a slot write costs a call of the slot's descriptor (about 800 machine instructions,
twice a step: the entry, then the successor's empty one), the entry one store into
a list. A second seat to act of the same state (simultaneous moves) goes to the
state's ``_legal_more`` slot, touched only by the slow path; a state asked again
after others were asked since is worked out again, with the same answer.

The fast path serves exactly that case: the seat of the entry asked again (by an
exact int: True is not seat 1), and ``apply`` with an action object taken from
that very tuple (found by identity; by ``in`` in C when every action class of the
game compares by identity). Everything else takes the slow path, which gives the
same answers and raises the contract's errors: None for the only seat to act, a
seat not to act, a second seat, an equal but not identical action, bad input.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING
from typing import Any
from typing import ClassVar
from typing import Self

from .errors import AmbiguousPlayerError
from .errors import GameOverError
from .errors import IllegalActionError
from .errors import InvalidPlayerError
from .outcome import Outcome
from .turns import public_to_act

if TYPE_CHECKING:
    from .game import GameBase

__all__ = ["StateBase", "resolve_player"]


def resolve_player(players: int, to_act: frozenset[int], player: int | None, game: str) -> int:
    """The seat meant by a `player` argument, or the error the contract promises."""
    if player is None:
        if len(to_act) == 1:
            (only,) = to_act
            return only
        if not to_act:
            raise GameOverError("the game is over; nobody may act", game=game)
        seats = ", ".join(str(p) for p in sorted(to_act))
        raise AmbiguousPlayerError(
            f"{game}: players {seats} may all act now; pass player= to say which"
        )
    if isinstance(player, bool) or not isinstance(player, int):
        raise InvalidPlayerError(f"{game}: player must be an int seat, not {player!r}")
    if not 0 <= player < players:
        raise InvalidPlayerError(
            f"{game}: there is no player {player} in a {players}-player game "
            f"(seats are 0..{players - 1})"
        )
    return player


def _unbound(*_: Any) -> Any:
    raise TypeError("this State class is not bound to a game yet: make its GameBase first")


# A State written for meeple 0.1 (no GameBase) implements ``_legal(player)``,
# ``_next(action, player)`` and ``_refusal(action, player)`` on the state class
# itself, and overrides outcome/view/prompt/validate; these keep it working.
def _own_legal(state: Any, player: int) -> tuple[Any, ...]:
    return state._legal(player)  # type: ignore[no-any-return]  # a 0.1-style State's own hook


def _own_successor(state: Any, action: Any, player: int) -> Any:
    return state._next(action, player)


def _as_method(hook: Callable[..., Any]) -> Any:
    """`hook` as a plain function, so that stored on the State class it binds the state.

    A hook given as ``staticmethod(module.function)`` already is one (the fast case);
    a hook written as a method of the game is a bound method, so it gets a wrapper.
    """
    if inspect.isfunction(hook):
        return hook

    def call(state: Any, *args: Any) -> Any:
        return hook(state, *args)

    return call


def _text_given(game: str, text: str) -> str:
    """Why `apply` and `check` refuse an action's notation: they take Action objects."""
    return (
        f"{game}: apply and check take an action, not its notation {text!r}: parse it "
        f"first with meeple.get_game({game!r}).parse_action({text!r}), or play notation "
        "through meeple.Match, whose play() accepts it"
    )


_LAST: list[tuple[Any, Any, tuple[Any, ...]]] = [(None, None, ())]
"""``[(state, seat, legal actions)]``: the last answer of the fast path (see the module
docstring). Replaced whole, one tuple at a time, so a reader never sees a mix of two
answers; it keeps one state alive until the next answer."""


class StateBase:
    """Implements `legal_actions`, `check`, `apply`, `view`, `outcome`, `prompt`."""

    __slots__ = ("_legal_more",)
    _legal_more: dict[int, tuple[Any, ...]]
    """The legal actions of another seat to act than the one `_LAST` holds."""

    # Bound once by GameBase (see `bind`); class attributes, never per state.
    GAME_NAME: ClassVar[str] = "game"
    """The game's registry name, for messages."""
    # Any, not GameBase: attrs and cattrs resolve these annotations at run time,
    # and GameBase imports this module.
    _game: ClassVar[Any] = None
    _legal_hook: ClassVar[Callable[[Any, int], tuple[Any, ...]]] = _own_legal
    _successor_hook: ClassVar[Callable[[Any, Any, int], Any]] = _own_successor
    _by_identity: ClassVar[bool] = False
    """Whether every action class compares by identity (interned actions): then
    ``action in legal`` runs in C; otherwise an identity scan comes first."""

    players: int
    to_act: frozenset[int]

    @classmethod
    def bind(cls, game: GameBase[Any, Any, Any]) -> None:
        """Attach `game`'s hooks to this state class (GameBase does it, once)."""
        bound = cls.__dict__.get("_game")
        if bound is not None and bound is not game and type(bound) is not type(game):
            raise TypeError(
                f"{cls.__qualname__} already belongs to {bound.spec.name}; "
                f"it cannot also be the state of {game.spec.name}"
            )
        cls._game = game
        cls.GAME_NAME = game.spec.name
        cls._legal_hook = _as_method(game._legal_actions)
        cls._successor_hook = _as_method(game._successor)
        cls._by_identity = all(
            getattr(t, "__eq__", None) is object.__eq__ for t in game.action_types
        )

    def __attrs_post_init__(self) -> None:
        """Give a state made by its constructor a plain dict.

        The constructor keeps the fields as CPython's inline values; the first
        `replace` then copies a *split* dict, and CPython 3.11 cannot specialise an
        attribute read on one (about 330 machine instructions a read instead of 80).
        A combined dict here makes every successor's copy combined too. (A game's
        State that defines its own ``__attrs_post_init__`` calls this one.)
        """
        try:
            fields = self.__dict__
        except AttributeError:  # a slotted State (meeple 0.1 style): no dict to change
            pass
        else:
            object.__setattr__(self, "__dict__", dict(fields))

    # -- copying and pickling ------------------------------------------------
    # The fields live in __dict__ (slots=False); the slot is left out, so a copy
    # or an unpickled state starts with nothing remembered.
    def __getstate__(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def __setstate__(self, state: dict[str, Any]) -> None:
        object.__setattr__(self, "__dict__", dict(state))

    # States are immutable values, so a copy may be the state itself (DESIGN.md:
    # "copy.deepcopy(state) is state is fine"). Search code clones states
    # constantly; this makes that free.
    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    # -- the contract ------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Whether the game has ended (nobody may act)."""
        return not self.to_act

    def legal_actions(self, player: int | None = None) -> tuple[Any, ...]:
        """Every legal action of `player` (empty if that player may not act now)."""
        last = _LAST[0]
        if last[0] is self:
            if last[1] is player:  # the seat asked last (never None, never True)
                return last[2]
        elif player.__class__ is int and player in self.to_act:  # exact ints: True is no seat
            found = self.__class__._legal_hook(self, player)  # (through the class: see apply)
            _LAST[0] = (self, player, found)
            return found
        return self._legal_slow(player)  # None, a second seat, a seat not to act, bad input

    def _legal_slow(self, player: int | None) -> tuple[Any, ...]:
        """Every case but the fast one: None, a seat not to act, a second seat, bad input."""
        to_act = self.to_act
        if player is None and not to_act:
            return ()
        seat = resolve_player(self.players, to_act, player, self.GAME_NAME)
        if seat not in to_act:
            return ()
        last = _LAST[0]
        if last[0] is not self:
            found = self._legal_hook(seat)
            _LAST[0] = (self, seat, found)
            return found
        if last[1] == seat:
            return last[2]
        more: dict[int, tuple[Any, ...]] | None = getattr(self, "_legal_more", None)
        if more is None:
            more = {}
            _set_more(self, more)
        known = more.get(seat)
        if known is None:
            known = more[seat] = self._legal_hook(seat)
        return known

    def check(self, action: Any, player: int | None = None) -> str | None:
        """None if legal, else the reason it is not."""
        try:
            self._seat_for(action, player)
        except IllegalActionError as err:
            return err.reason
        return None

    def apply(self, action: Any, player: int | None = None) -> Self:
        """The successor state; raises IllegalActionError and changes nothing."""
        last = _LAST[0]
        # The hooks are read through the class: on an instance with its own dict,
        # CPython 3.11 looks a class attribute up unspecialised (about 240 machine
        # instructions more a read).
        cls = self.__class__
        seat: int | None = None
        if last[0] is self and last[1] is player:  # `player` is a seat to act
            if cls._by_identity:
                if action in last[2]:
                    seat = player
            else:
                for candidate in last[2]:
                    if candidate is action:
                        seat = player
                        break
        if seat is None:
            seat = self._seat_for(action, player)
        return cls._successor_hook(self, action, seat)  # type: ignore[no-any-return]  # the game's successor returns its State

    def _refusal(self, action: Any, player: int) -> str:
        """Why a non-legal action is refused (0.1-style States override this)."""
        return f"{action} is not among the legal actions of player {player} now"

    def _seat_for(self, action: Any, player: int | None) -> int:
        """The acting seat, or the contract's error for this action and player."""
        if isinstance(action, str):
            raise TypeError(_text_given(self.GAME_NAME, action))
        if not self.to_act:
            raise GameOverError("the game is over", game=self.GAME_NAME, action=str(action))
        seat = resolve_player(self.players, self.to_act, player, self.GAME_NAME)
        if seat not in self.to_act:
            game = self._game
            reason = game._out_of_turn(self, action, seat) if game is not None else None
            if reason is None:
                # Whom the table waits for, never a seat asked in secret (`turns`).
                waiting = ", ".join(str(p) for p in sorted(public_to_act(self)))
                reason = f"it is not player {seat}'s turn (waiting for player {waiting})"
            raise IllegalActionError(reason, game=self.GAME_NAME, action=str(action))
        legal = self.legal_actions(seat)
        for candidate in legal:
            if candidate is action:
                return seat
        if action not in legal:
            game = self._game
            if game is not None:
                reason = game._refusal(self, action, seat)
            else:
                reason = self._refusal(action, seat)
            raise IllegalActionError(reason, game=self.GAME_NAME, action=str(action))
        return seat

    def outcome(self) -> Outcome:
        """Scores and ranks as the rulebook counts them; provisional until the end."""
        return self._bound()._outcome(self)

    def view(self, player: int | None) -> Any:
        """What `player` may see (None: a spectator)."""
        if player is not None:
            resolve_player(self.players, self.to_act, player, self.GAME_NAME)
        return self._bound()._view(self, player)

    def seen_to_act(self, player: int | None = None) -> frozenset[int]:
        """The seats `player`'s view shows to act (None: the whole table's), making no view.

        Equal to ``view(player).to_act`` (the kit checks it); drivers that ask one seat
        at a time call it at every step where several seats act (`asking_order`)."""
        game = self._game
        if game is None:  # a hand-written game's state, which answers `view` itself
            seen: frozenset[int] = self.view(player).to_act
        else:
            if player is not None:
                resolve_player(self.players, self.to_act, player, self.GAME_NAME)
            seen = game._seen_to_act(self, player)
        return seen

    def prompt(self, player: int | None = None) -> str:
        """One line saying what `player` (None: the only seat the table sees to act, or
        the table's line) decides now, made by the game's ``_prompt`` from that seat's
        view alone (so it says nothing the seat may not know)."""
        if player is not None:
            resolve_player(self.players, self.to_act, player, self.GAME_NAME)
        else:
            seen = public_to_act(self)
            player = next(iter(seen)) if len(seen) == 1 else None
        game = self._bound()
        return game._prompt(game._view(self, player))

    def validate(self) -> None:
        """Raise ValueError naming a broken invariant (the codec calls it on load)."""
        self._bound()._validate(self)

    def _bound(self) -> GameBase[Any, Any, Any]:
        game = self._game
        if game is None:
            _unbound()
        bound: GameBase[Any, Any, Any] = game  # _unbound() raised if it was None
        return bound


# The slot's own setter: a frozen State refuses ``setattr``, and calling the slot
# descriptor costs about half of ``object.__setattr__``.
_set_more: Callable[[StateBase, dict[int, tuple[Any, ...]]], None] = StateBase.__dict__[
    "_legal_more"
].__set__
