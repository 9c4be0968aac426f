"""Optional capabilities a game may offer beyond the contract, declared in one place.

A game offers a capability by having its methods; front ends ask `offers(game,
NAME)` (or `isinstance(game, Protocol)`) instead of probing attribute names, and
the conformance kit checks every capability a game offers.

============== ============================== ===================================
capability     methods                        used by
============== ============================== ===================================
``encoding``   ``action_vocabulary(players)``, PettingZoo, Gymnasium, OpenSpiel
               ``observation_size(players)``,
               ``encode_view(view)``
``heuristic``  ``heuristic(state)``            heuristic, guided and MCTS bots (the value of
                                              an unfinished position)
``public``     ``public_notation(action,       the web page's move log (what each
               player, viewer)``              seat saw of a secret move)
``html``       ``render_html(view)``           the web front end
``elements``   ``elements(view, action)``,     the web page's clickable table
               ``element_actions(view, el)``
``styled``     ``render_styled(view)``         the terminal (``meeple demo``, ``play``,
                                              ``replay``): the text picture in colour
``legend``     ``legend(view)``                ``meeple play``'s ``help``: what every
                                              abbreviation and mark of the picture means
``statistics`` ``statistics(final_state)``     ``meeple analyze`` (balance reports)
============== ============================== ===================================

Without a capability the front end does without: no adapters, bots use the
outcome so far, other seats' moves show as "(secret move)" in hidden-information
games, the web draws a generic layout of the view's fields, the web page's picture
cannot be clicked (moves are notation buttons only), the terminal prints the text
picture without colour, a balance report shows only the figures every game has,
``help`` explains the commands and the list of moves only.

A state's ``validate()`` (the ``_validate`` hooks of ``GameBase``) is no capability:
every game has it and the codec calls it on every load, so nobody asks `offers`.

``state_encoding`` (``encode_state(state, player)``, beside ``encoding``): the
encoded view as float32 blocks straight from the state, which the adapters use when
a game offers it (without it they build the view and encode that).

The documentation's "Optional capabilities" page gives each one's signature, what
it must do, what uses it and what happens without it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from typing import TYPE_CHECKING
from typing import Any
from typing import Final
from typing import Protocol
from typing import runtime_checkable

from typing_extensions import TypeVar  # defaults (PEP 696): a bare protocol means [Any]

from .protocols import A_co
from .protocols import V_contra

if TYPE_CHECKING:  # only a type here: importing rich costs every process that loads a game
    from rich.text import Text

__all__ = [
    "CAPABILITIES",
    "ENDED_BY",
    "STALLED",
    "Encodable",
    "EncodesStates",
    "HasElements",
    "HasHeuristic",
    "HasHtml",
    "HasLegend",
    "HasPublicNotation",
    "HasStatistics",
    "HasStyledText",
    "Statistic",
    "Validating",
    "capabilities",
    "offers",
    "win_chances",
]

S_contra = TypeVar("S_contra", contravariant=True, default=Any)
A_contra = TypeVar("A_contra", contravariant=True, default=Any)


@runtime_checkable
class Encodable(Protocol[A_co, V_contra]):
    """A fixed action vocabulary and a fixed-size numeric view, for learners."""

    def action_vocabulary(self, players: int) -> tuple[A_co, ...]:
        """Every action that can ever be legal with that many players, in a fixed order."""
        ...

    def observation_size(self, players: int) -> int:
        """Length of `encode_view`'s result with that many players."""
        ...

    def encode_view(self, view: V_contra) -> Sequence[float]:
        """The view as numbers in [-1, 1], from the view alone (so it cannot leak)."""
        ...


@runtime_checkable
class EncodesStates(Protocol[S_contra]):
    """A seat's encoded view straight from the state (skipping the view), for adapters."""

    def encode_state(self, state: S_contra, player: int | None) -> Sequence[bytes]:
        """``encode_view(state.view(player))`` as float32 blocks, in order: joined, they
        are ``f32`` of its numbers (`meeple.core.encoding.f32`). A block that repeats
        from step to step is the same bytes object (memoized), so a caller can memoize
        what it makes of each. `player` is a seat of `state` or None."""
        ...


@runtime_checkable
class HasHeuristic(Protocol[S_contra]):
    """An estimate of each seat's standing, for search bots' leaves."""

    def heuristic(self, state: S_contra) -> tuple[float, ...]:
        """One number per seat in [0, 1]; higher is better."""
        ...


def win_chances(strengths: Sequence[float], scale: float = 1.0) -> tuple[float, ...]:
    """Each seat's chance to win from a number saying how well it stands, for a
    ``heuristic``: a softmax of ``scale * strength``.

    The chances sum to 1 and keep the strengths' order; with two seats a seat's chance
    is the logistic of ``scale`` times its lead, which is within 0.01 of the normal
    distribution's Phi(x) when ``scale * lead`` is ``1.7 x``: so for a lead whose
    outcome spreads with standard deviation ``sd``, ``scale = 1.7 / sd``.
    """
    top = max(strengths)
    weights = [math.exp(scale * (s - top)) for s in strengths]
    whole = sum(weights)
    return tuple(w / whole for w in weights)


@runtime_checkable
class HasPublicNotation(Protocol[A_contra]):
    """What each seat saw of a move, for logs and records of hidden-information games."""

    def public_notation(self, action: A_contra, player: int, viewer: int | None) -> str | None:
        """What `viewer` (None: a spectator) saw of `player` taking `action`; None: that a
        move was made, nothing more; ``UNSEEN`` (""): not even that."""
        ...


@runtime_checkable
class HasHtml(Protocol[V_contra]):
    """An HTML fragment of a view, for the web front end."""

    def render_html(self, view: V_contra) -> str:
        """Escaped HTML showing the view (never more than the view holds)."""
        ...


@runtime_checkable
class HasElements(Protocol[V_contra]):
    """The table elements each action involves, so a front end can play by touching them
    (`meeple.core.elements`); the ids are those ``render_html`` writes as ``data-el``."""

    def elements(self, view: V_contra, action: Any) -> tuple[str, ...]:
        """Ids of the elements drawn in ``render_html(view)`` that `action` (legal for
        ``view.player``) involves: at least one, and no two legal actions the same set."""
        ...

    def element_actions(self, view: V_contra, element: str) -> tuple[Any, ...]:
        """Moves, legal or not, that touching `element` could mean: the rules' refusal of
        the first refused one explains why nothing can be done with it now."""
        ...


@runtime_checkable
class HasStyledText(Protocol[V_contra]):
    """The text picture in the game's colours, for terminals."""

    def render_styled(self, view: V_contra) -> Text:
        """`render(view)` with styles: its ``plain`` is exactly ``render(view)``, every
        span's style is a rich style, and a colour never says what the text does not."""
        ...


@runtime_checkable
class HasLegend(Protocol[V_contra]):
    """What the text picture's abbreviations, marks and rows mean, for its readers."""

    def legend(self, view: V_contra) -> str:
        """Lines saying what every abbreviation, mark and row or column of
        ``render(view)`` means. It may follow the view's options (a mode), never its
        position: every seat's view of one state gets the same legend."""
        ...


Statistic = int | float | str | bool
"""One game-specific figure of a finished game: a count or measure (int, float), a
category (str) or a yes/no fact (bool)."""

ENDED_BY: Final = "ended by"
"""Statistics key (text): how the game ended, in a few words (``"edinburgh"``,
``"round limit"``); a balance report shows how often each ending occurs."""

STALLED: Final = "stalled"
"""Statistics key (true/false): the game was ended by a stall rule (a round limit
added because the rulebook can go on for ever), not by its natural end."""


@runtime_checkable
class HasStatistics(Protocol[S_contra]):
    """Game-specific figures of a finished game, for balance reports."""

    def statistics(self, state: S_contra) -> Mapping[str, Statistic]:
        """Figures of the finished game `state`, by name (deterministic, JSON-able).

        A report counts each text value's share of games, each true/false fact's share
        of games where it is true, and each number's mean. A key left out means "does
        not apply to this game" (a report's figure then covers the games that give it).
        `ENDED_BY` and `STALLED` are the keys with a meaning reports rely on.
        """
        ...


@runtime_checkable
class Validating(Protocol):
    """An object that can check its own invariants (states, views, options)."""

    def validate(self) -> None:
        """Raise ValueError naming the broken invariant."""
        ...


CAPABILITIES: Final[dict[str, type[Any]]] = {
    "encoding": Encodable,
    "state_encoding": EncodesStates,
    "heuristic": HasHeuristic,
    "public": HasPublicNotation,
    "html": HasHtml,
    "elements": HasElements,
    "styled": HasStyledText,
    "legend": HasLegend,
    "statistics": HasStatistics,
}
"""Capabilities of a Game object, by name (a state's ``validate`` is none: every game
has it, see the module's docstring)."""


def offers(game: object, name: str) -> bool:
    """Whether `game` offers the capability called `name` (see `CAPABILITIES`)."""
    protocol = CAPABILITIES.get(name)
    if protocol is None:
        known = ", ".join(sorted(CAPABILITIES))
        raise KeyError(f"unknown capability {name!r} (known: {known})")
    return isinstance(game, protocol)


def capabilities(game: object) -> frozenset[str]:
    """The names of every capability `game` offers."""
    return frozenset(name for name, protocol in CAPABILITIES.items() if isinstance(game, protocol))
