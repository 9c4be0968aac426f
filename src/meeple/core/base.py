"""The state half of the core's template: the contract's methods, written once.

A game's ``State`` is a frozen attrs class with ``slots=False`` that inherits
`StateBase` and declares fields only. Its game object (a `GameBase`) binds the
game's hooks to it when the game is made, and from then on every state of that
class answers the contract the same way:

``apply(action, player)`` -> check the seat and the action (here, once for every
game) -> the game's ``successor(state, action, player)`` -> the new state.

Each state caches its legal actions per seat in a slot outside the attrs fields
(equality, hashing, copying, pickling and the codec never see it). The fast path
serves the case every playout, bot and front end hits: the seat (or None for the
only seat) asked again, an action object taken from that very tuple.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .errors import AmbiguousPlayerError, GameOverError, IllegalActionError, InvalidPlayerError
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


class StateBase:
    """Implements `legal_actions`, `check`, `apply`, `view`, `outcome`, `prompt`."""

    __slots__ = ("_legal_cache",)
    _legal_cache: dict[int | None, tuple[Any, ...]]

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

    # -- copying and pickling ------------------------------------------------
    # The fields live in __dict__ (slots=False); the cache slot is left out, so a
    # copy or an unpickled state starts with an empty cache.
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
        # getattr with a default, not try/except: on a fresh state the slot is
        # empty, and raising and catching AttributeError costs ~0.5 us a step.
        cache: dict[int | None, tuple[Any, ...]] | None = getattr(self, "_legal_cache", None)
        found: tuple[Any, ...] | None
        if player.__class__ is int:  # exact ints only: True would pass for seat 1
            if cache is not None:
                found = cache.get(player)
                if found is not None:
                    return found
            elif player in self.to_act:  # the first question about a fresh state
                found = self._legal_hook(player)
                object.__setattr__(self, "_legal_cache", {player: found})
                return found
        elif player is None and cache is not None:
            found = cache.get(None)
            if found is not None:
                return found
        return self._legal_slow(player)

    def _legal_slow(self, player: int | None) -> tuple[Any, ...]:
        to_act = self.to_act
        if player is None and not to_act:
            return ()
        seat = resolve_player(self.players, to_act, player, self.GAME_NAME)
        cache = getattr(self, "_legal_cache", None)
        if cache is None:
            cache = {}
            object.__setattr__(self, "_legal_cache", cache)
        found = cache.get(seat)
        if found is None:
            found = self._legal_hook(seat) if seat in to_act else ()
            cache[seat] = found
        if player is None:
            cache[None] = found
        return found

    def check(self, action: Any, player: int | None = None) -> str | None:
        """None if legal, else the reason it is not."""
        try:
            self._seat_for(action, player)
        except IllegalActionError as err:
            return err.reason
        return None

    def apply(self, action: Any, player: int | None = None) -> Self:
        """The successor state; raises IllegalActionError and changes nothing."""
        cache = getattr(self, "_legal_cache", None)
        if cache is not None and player.__class__ is int:
            legal = cache.get(player)
            if legal:  # cached and non-empty: `player` is a seat to act
                if self._by_identity:
                    if action in legal:
                        return self._successor_hook(action, player)  # type: ignore[no-any-return]  # the game's successor returns its State
                else:
                    for candidate in legal:
                        if candidate is action:
                            return self._successor_hook(action, player)  # type: ignore[no-any-return]  # as above
        seat = self._seat_for(action, player)
        return self._successor_hook(action, seat)  # type: ignore[no-any-return]  # as above

    def _refusal(self, action: Any, player: int) -> str:
        """Why a non-legal action is refused (0.1-style States override this)."""
        return f"{action} is not among the legal actions of player {player} now"

    def _seat_for(self, action: Any, player: int | None) -> int:
        """The acting seat, or the contract's error for this action and player."""
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

    def prompt(self, player: int | None = None) -> str:
        """One line saying what `player` (None: the only seat to act) decides now."""
        if player is not None:
            resolve_player(self.players, self.to_act, player, self.GAME_NAME)
        return self._bound()._prompt(self, player)

    def validate(self) -> None:
        """Raise ValueError naming a broken invariant (the codec calls it on load)."""
        self._bound()._validate(self)

    def _bound(self) -> GameBase[Any, Any, Any]:
        game = self._game
        if game is None:
            _unbound()
        bound: GameBase[Any, Any, Any] = game  # _unbound() raised if it was None
        return bound
