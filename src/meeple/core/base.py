"""Shared player handling for game states, so every game refuses bad input alike.

A game's frozen state class may inherit `StateBase` and provide:

* ``GAME_NAME`` (class variable) for messages,
* ``players`` and ``to_act`` (attrs fields or properties),
* ``_legal(player)`` returning that player's legal actions (player is in `to_act`),
* ``_next(action, player)`` returning the successor for a legal action,
* optionally ``_refusal(action, player)`` for a rule-specific reason.

The mixin caches each player's legal actions on the state (outside the attrs
fields, so equality, hashing, copying and the codec never see the cache).
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

import attrs

from .errors import AmbiguousPlayerError, GameOverError, IllegalActionError, InvalidPlayerError

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


class StateBase:
    """Implements `legal_actions`, `check`, `apply` and `is_over` over two hooks."""

    __slots__ = ("_legal_cache",)
    _legal_cache: dict[int, tuple[Any, ...]]

    GAME_NAME: ClassVar[str] = "game"

    players: int
    to_act: frozenset[int]

    # -- hooks -------------------------------------------------------------
    def _legal(self, player: int) -> tuple[Any, ...]:
        raise NotImplementedError

    def _next(self, action: Any, player: int) -> Self:
        raise NotImplementedError

    def _refusal(self, action: Any, player: int) -> str:
        """Why a non-legal action is refused; games override with rule names."""
        return f"{action} is not among the legal actions of player {player} now"

    # -- copying and pickling ------------------------------------------------
    # attrs gives slotted classes their own __getstate__/__setstate__ over the
    # attrs fields. For a dict-based frozen class, Python's default would also
    # restore the legal-action cache slot through the frozen __setattr__ and
    # fail; these keep copy.deepcopy and pickle working either way, without
    # the cache.
    def __getstate__(self) -> dict[str, Any]:
        cls: Any = type(self)  # an attrs class in every game; StateBase itself is not
        return {field.name: getattr(self, field.name) for field in attrs.fields(cls)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)

    # States are immutable values, so a copy may be the state itself (DESIGN.md:
    # "copy.deepcopy(state) is state is fine"). Search code and OpenSpiel clone
    # states constantly; this makes that free.
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
        cache: dict[int, tuple[Any, ...]] | None = getattr(self, "_legal_cache", None)
        if cache is None:
            cache = {}
            object.__setattr__(self, "_legal_cache", cache)
        # Fast path: a seat already asked about (only valid seats are ever cached;
        # `type(...) is int` keeps True from passing for seat 1).
        if type(player) is int:
            found = cache.get(player)
            if found is not None:
                return found
        elif player is None and not self.to_act:
            return ()
        seat = resolve_player(self.players, self.to_act, player, self.GAME_NAME)
        found = cache.get(seat)
        if found is None:
            found = self._legal(seat) if seat in self.to_act else ()
            cache[seat] = found
        return found

    def check(self, action: Any, player: int | None = None) -> str | None:
        """None if legal, else the reason it is not."""
        try:
            self._validate(action, player)
        except IllegalActionError as err:
            return err.reason
        return None

    def apply(self, action: Any, player: int | None = None) -> Self:
        """The successor state; raises IllegalActionError and changes nothing."""
        seat = self._validate(action, player)
        return self._next(action, seat)

    def _validate(self, action: Any, player: int | None) -> int:
        if type(player) is int and player in self.to_act:  # the common, valid case
            legal = self.legal_actions(player)
            # Front ends usually pass back an object from legal_actions itself, so
            # look for that object first: an identity test is far cheaper than
            # attrs equality; an equal but distinct action still matches below.
            for candidate in legal:
                if candidate is action:
                    return player
            if action in legal:
                return player
            raise IllegalActionError(
                self._refusal(action, player), game=self.GAME_NAME, action=str(action)
            )
        if not self.to_act:
            raise GameOverError("the game is over", game=self.GAME_NAME, action=str(action))
        seat = resolve_player(self.players, self.to_act, player, self.GAME_NAME)
        if seat not in self.to_act:
            waiting = ", ".join(str(p) for p in sorted(self.to_act))
            raise IllegalActionError(
                f"it is not player {seat}'s turn (waiting for player {waiting})",
                game=self.GAME_NAME,
                action=str(action),
            )
        if action not in self.legal_actions(seat):
            raise IllegalActionError(
                self._refusal(action, seat), game=self.GAME_NAME, action=str(action)
            )
        return seat
