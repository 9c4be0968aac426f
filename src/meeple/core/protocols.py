"""The contract between games and front ends, as generic structural types.

A game never has to subclass anything from here; it only has to look like these.
`meeple.core.game.GameBase` and `meeple.core.base.StateBase` are the template
every built-in game uses: they implement the contract once, over a game's hooks.

The protocols are generic, so ``mypy --strict`` checks a game against a front end:
``Game[State, Action, View]`` says which states a game starts, which actions it
parses and which views it renders; ``State[Action, View]`` says which actions a
state accepts and which views it gives. Front ends that work with any game use
``Game[Any, Any, Any]`` (plain ``Game``).

Optional capabilities (encodings for learners, a heuristic for bots, public
notation, HTML) are protocols of their own in `meeple.core.capabilities`.
"""

from __future__ import annotations

from typing import Any
from typing import ClassVar
from typing import Protocol
from typing import Self
from typing import _ProtocolMeta  # the protocols' metaclass, extended by _NamedFields
from typing import runtime_checkable

from typing_extensions import TypeVar  # defaults (PEP 696): a bare `Game` means Game[Any, ...]

from .outcome import Outcome
from .spec import GameSpec

__all__ = ["Action", "AnyGame", "AnyState", "Game", "State", "View"]


class _NamedFields(_ProtocolMeta):
    """``isinstance(x, Action)`` also asks for named fields (``__match_args__``).

    Python 3.13 leaves ``__match_args__`` out of a protocol's members (with
    ``__slots__`` and the like), so an ``int`` or a ``str``, which have ``__str__``,
    ``__hash__`` and ``__eq__``, passed for an action; the check is made here by hand
    on every version."""

    def __instancecheck__(self, instance: Any) -> bool:
        return hasattr(type(instance), "__match_args__") and super().__instancecheck__(instance)


@runtime_checkable
class Action(Protocol, metaclass=_NamedFields):
    """A frozen value with named fields; ``str(action)`` is its canonical notation.

    "Named fields" is what tells an action from any object: attrs and dataclass
    classes both list them in ``__match_args__`` (an ``int`` or a ``str`` has none),
    which also lets front ends pattern-match on actions.
    """

    __match_args__: ClassVar[tuple[str, ...]]

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...

    def __eq__(self, other: object, /) -> bool: ...


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


A = TypeVar("A", default=Any)
A_co = TypeVar("A_co", covariant=True, default=Any)
V_co = TypeVar("V_co", covariant=True, default=Any)
V_contra = TypeVar("V_contra", contravariant=True, default=Any)
S_co = TypeVar("S_co", covariant=True, default=Any)


@runtime_checkable
class State(Protocol[A, V_co]):
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

    def legal_actions(self, player: int | None = None) -> tuple[A, ...]:
        """Every legal action of `player`, in a deterministic order."""
        ...

    def check(self, action: Any, player: int | None = None) -> str | None:
        """None if `action` is legal for `player`, else a sentence saying why not."""
        ...

    def apply(self, action: A, player: int | None = None) -> Self:
        """The state after `player` takes `action`; raises IllegalActionError."""
        ...

    def outcome(self) -> Outcome:
        """Scores and ranks; provisional (``final=False``) before the end."""
        ...

    def view(self, player: int | None) -> V_co:
        """What `player` may see; None is a spectator."""
        ...

    def prompt(self, player: int | None = None) -> str:
        """One line: what `player` is deciding now."""
        ...


@runtime_checkable
class Game(Protocol[S_co, A_co, V_contra]):
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

    def start(self, players: int, *, seed: int, options: Any = None) -> S_co:
        """A fresh state; `options` None means the rulebook defaults."""
        ...

    def parse_action(self, text: str) -> A_co:
        """The action whose notation is `text`; raises MalformedActionError."""
        ...

    def determinize(self, view: V_contra, seed: int) -> S_co:
        """A full state consistent with `view`, hidden parts sampled from `seed`."""
        ...

    def render(self, view: V_contra) -> str:
        """A plain-text picture of a view, for terminals and logs."""
        ...


AnyState = State[Action, View]
"""A state of a game known only by name (what `meeple.start` returns): its actions
are `Action` objects, so ``mypy --strict`` refuses notation passed to ``apply`` and
calls through ``legal_actions(p)[0]`` to attributes no action is sure to have."""

AnyGame = Game[AnyState, Action, View]
"""A game known only by name (what `meeple.get_game` returns): its states are
`AnyState`, its parsed actions `Action` objects."""
