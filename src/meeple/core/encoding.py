"""Fixed action vocabularies and numeric view encodings, for RL and OpenSpiel adapters.

A game that wants adapters gives its Game object three methods:

* ``action_vocabulary(players) -> tuple[Action, ...]``: every action that can
  ever be legal with that many players, in a fixed documented order;
* ``observation_size(players) -> int``;
* ``encode_view(view) -> tuple[float, ...]`` of exactly that size, computed
  from the view alone (so it cannot leak).

`Vocabulary` turns the first into the ``action_to_index`` / ``index_to_action``
pair, with clear errors, and caches it per player count.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import attrs

from .errors import IllegalActionError, MeepleError

__all__ = ["EncodableGame", "Layout", "Vocabulary", "vocabulary"]


@runtime_checkable
class EncodableGame(Protocol):
    """A Game that also offers a fixed action vocabulary and a view encoding."""

    def action_vocabulary(self, players: int) -> tuple[Any, ...]:
        """Every action possible with that many players, in a fixed order."""
        ...

    def observation_size(self, players: int) -> int:
        """Length of `encode_view`'s result with that many players."""
        ...

    def encode_view(self, view: Any) -> tuple[float, ...]:
        """A fixed-size numeric picture of the view."""
        ...


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


_CACHE: dict[tuple[int, int], Vocabulary] = {}


def vocabulary(game: Any, players: int) -> Vocabulary:
    """The (cached) vocabulary of a game that implements `action_vocabulary`."""
    key = (id(game), players)
    found = _CACHE.get(key)
    if found is None:
        if not hasattr(game, "action_vocabulary"):
            raise MeepleError(
                f"{game.spec.name} has no action_vocabulary(players); adapters need one"
            )
        found = Vocabulary(game.spec.name, players, tuple(game.action_vocabulary(players)))
        _CACHE[key] = found
    return found


@attrs.frozen
class Layout:
    """Where each named part of a game's view encoding sits, for one player count.

    Games that document their encoding part by part build one of these, so users
    and tests can find a part by name instead of by magic offsets.
    """

    game: str
    """The game's registry name (for messages)."""
    players: int
    """The player count this layout is for."""
    parts: tuple[tuple[str, int, int], ...]
    """(name, start, width) in order, as documented on the game's rules page."""
    size: int
    """Total length: the game's `observation_size(players)`."""

    def start(self, name: str) -> int:
        """Where part `name` begins; KeyError naming the part if there is none."""
        begin: int = self.slice(name).start
        return begin

    def slice(self, name: str) -> slice:
        """Part `name` as a slice of the encoded tuple."""
        for part, begin, width in self.parts:
            if part == name:
                return slice(begin, begin + width)
        raise KeyError(f"{self.game} encoding has no part {name!r} with {self.players} players")
