"""The contract between games and front ends, as structural types.

A game never subclasses anything from here; it only has to look like these.
`meeple.core.base.StateBase` is an optional helper that implements the
player-handling half of `State` for you.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from .outcome import Outcome
from .spec import GameSpec

__all__ = ["Action", "Game", "State", "View"]


@runtime_checkable
class Action(Protocol):
    """A frozen, hashable decision. ``str(action)`` is its canonical notation."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class View(Protocol):
    """What one seat (or a spectator, ``player is None``) may see of a state."""

    @property
    def player(self) -> int | None:
        """The seat this view belongs to; None for a spectator."""
        ...

    @property
    def players(self) -> int:
        """Number of seats in the game."""
        ...

    @property
    def to_act(self) -> frozenset[int]:
        """Who may act now (public in every game)."""
        ...


@runtime_checkable
class State(Protocol):
    """A complete, immutable game position, including its rng state."""

    @property
    def players(self) -> int:
        """Number of seats."""
        ...

    @property
    def to_act(self) -> frozenset[int]:
        """Who may act now; empty exactly when the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def legal_actions(self, player: int | None = None) -> tuple[Any, ...]:
        """Every legal action of `player`, in a deterministic order."""
        ...

    def check(self, action: Any, player: int | None = None) -> str | None:
        """None if `action` is legal for `player`, else a sentence saying why not."""
        ...

    def apply(self, action: Any, player: int | None = None) -> State:
        """The state after `player` takes `action`; raises IllegalActionError."""
        ...

    def outcome(self) -> Outcome:
        """Scores and ranks; provisional (``final=False``) before the end."""
        ...

    def view(self, player: int | None) -> View:
        """What `player` may see; None is a spectator."""
        ...

    def prompt(self, player: int | None = None) -> str:
        """One line: what `player` is deciding now."""
        ...


@runtime_checkable
class Game(Protocol):
    """A registered game: its spec, its options and the ways into its states."""

    @property
    def spec(self) -> GameSpec:
        """Static facts about the game."""
        ...

    @property
    def options_type(self) -> type[Any]:
        """A frozen attrs class; every field has a default (the rulebook game)."""
        ...

    @property
    def state_type(self) -> type[Any]:
        """The class of full states (for the codec)."""
        ...

    @property
    def view_type(self) -> type[Any]:
        """The class of views (for the codec)."""
        ...

    @property
    def action_types(self) -> tuple[type[Any], ...]:
        """Every class an action of this game may have (encoded by notation)."""
        ...

    def start(self, players: int, *, seed: int, options: Any = None) -> Any:
        """A fresh state; `options` None means the rulebook defaults."""
        ...

    def parse_action(self, text: str) -> Any:
        """The action whose notation is `text`; raises MalformedActionError."""
        ...

    def determinize(self, view: Any, seed: int) -> Any:
        """A full state consistent with `view`, hidden parts sampled from `seed`."""
        ...

    def render(self, view: Any) -> str:
        """A plain-text picture of a view, for terminals and logs."""
        ...
