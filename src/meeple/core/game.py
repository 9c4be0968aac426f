"""The game half of the core's template: the public Game methods, written once.

A game subclasses `GameBase`, states its facts (``spec``, ``options_type``,
``state_type``, ``view_type``, ``action_types``) and fills the hooks with its
modules' functions, one line each (pgx's ``_init``/``_step``/``_observe``,
OpenSpiel's ``_legal_actions``/``_apply_action``)::

    class Wypas(GameBase[State, Action, View]):
        spec = SPEC
        ...
        _start = staticmethod(setup.start)
        _legal_actions = staticmethod(legal.legal_actions)
        _successor = staticmethod(transitions.successor)
        ...

The template owns everything the games used to repeat: the options and
player-count guard (one wording), the seed check, the view-type check of
`determinize`, and the binding of the hooks to the state class, whose
`StateBase` methods then run the one ``apply`` path for every game.

Secrecy: a hook that makes something one seat is shown is given that seat's view
wherever it can be (``_prompt``, ``_render``), so it cannot tell the seat what the
seat may not know. The hooks that need the rules are given the state (``_refusal``,
``_out_of_turn``, and ``_outcome``, provisional before the end), and the conformance
kit proves they tell a seat nothing more than its view (`meeple.testing.secrecy`).

`EncodingBase` adds the ``encoding`` capability the same way, over three hooks.
"""

from __future__ import annotations

import inspect
from typing import Any
from typing import Generic
from typing import TypeVar

from .base import StateBase
from .errors import InvalidOptionsError
from .errors import InvalidPlayerError
from .errors import MalformedActionError
from .errors import MeepleError
from .options import check_players
from .outcome import Outcome
from .spec import GameSpec

__all__ = ["EncodingBase", "GameBase"]

S = TypeVar("S", bound=StateBase)
A = TypeVar("A")
V = TypeVar("V")


class GameBase(Generic[S, A, V]):
    """Template of a game: facts and hooks in, the contract's Game methods out."""

    spec: GameSpec
    """Static facts about the game."""
    options_type: type[Any]
    """The frozen options class; every default is the rulebook game."""
    state_type: type[S]
    """The frozen State class (inherits `StateBase`)."""
    view_type: type[V]
    """The frozen View class."""
    action_types: tuple[type[Any], ...]
    """Every action class (the codec stores actions by notation)."""

    def __init__(self) -> None:
        _check_prompt_hook(self)
        self.state_type.bind(self)

    # -- hooks: each game fills these with its modules' functions ------------
    def _start(self, players: int, seed: int, options: Any, /) -> S:
        """setup.start: the opening position (players and options already checked)."""
        raise NotImplementedError

    def _parse_action(self, text: str, /) -> A:
        """actions.parse_action: the action written as `text` (MalformedActionError)."""
        raise NotImplementedError

    def _legal_actions(self, state: S, player: int, /) -> tuple[A, ...]:
        """legal.legal_actions: `player`'s legal actions (`player` is to act)."""
        raise NotImplementedError

    def _successor(self, state: S, action: A, player: int, /) -> S:
        """transitions.successor: the state after a legal action, chance included."""
        raise NotImplementedError

    def _outcome(self, state: S, /) -> Outcome:
        """scoring.outcome: scores, ranks, winners and details."""
        raise NotImplementedError

    def _view(self, state: S, player: int | None, /) -> V:
        """view.view_of: what `player` (None: a spectator) may see."""
        raise NotImplementedError

    def _determinize(self, view: V, seed: int, /) -> S:
        """view.determinize: a full state consistent with `view`."""
        raise NotImplementedError

    def _seen_to_act(self, state: S, player: int | None, /) -> frozenset[int]:
        """view.seen_to_act: the seats `player`'s view shows to act (None: what the whole
        table sees), without making the view. A game that asks seats in secret fills it,
        so that drivers asking one seat at a time do not build a view at every step; by
        default the view's own ``to_act``."""
        view: Any = self._view(state, player)
        seen: frozenset[int] = view.to_act
        return seen

    def _render(self, view: V, /) -> str:
        """render.render: the text picture of a view."""
        raise NotImplementedError

    def _prompt(self, view: V, /) -> str:
        """explain.prompt: one line on what ``view.player`` decides now, from that view.

        It is given the seat's view, never the state, so that a prompt cannot tell a
        seat anything the seat may not know (a spectator's view: what the table waits
        for)."""
        raise NotImplementedError

    def _refusal(self, state: S, action: Any, player: int, /) -> str:
        """explain.refusal: why `action` is not legal for `player` (a rule's reason)."""
        return f"{action} is not among the legal actions of player {player} now"

    def _out_of_turn(self, state: S, action: Any, player: int, /) -> str | None:
        """Why `player`, who is not to act now, may not take `action`, naming the rule
        (a reason from what that seat knows only); None: the core's "not your turn"."""
        return None

    def _validate(self, state: S, /) -> None:
        """The state's invariants, checked on every load (ValueError names the broken one)."""

    def _validate_view(self, view: V, /) -> None:
        """A view's invariants, checked on every load: bound every number that sizes work
        (counts, ids, positions), so that whatever loads, every method runs in bounded
        time (ValueError names the broken one)."""

    # -- the contract ----------------------------------------------------------
    def start(self, players: int, *, seed: int, options: Any = None) -> S:
        """A fresh state; `options` None means the rulebook defaults."""
        name = self.spec.name
        check_players(self.spec, players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptionsError(f"{name}: seed must be an int, not {seed!r}")
        if options is None:
            options = self.options_type()
        elif not isinstance(options, self.options_type):
            raise InvalidOptionsError(
                f"{name}: options must be a {name} Options, not {type(options).__name__}"
            )
        return self._start(players, seed, options)

    def parse_action(self, text: str) -> A:
        """The action whose notation is `text`; MalformedActionError says what is wrong."""
        if not isinstance(text, str):
            raise MalformedActionError(f"{self.spec.name}: an action must be text, not {text!r}")
        return self._parse_action(text)

    def determinize(self, view: V, seed: int) -> S:
        """A full state consistent with `view`, the hidden parts dealt from `seed`."""
        if not isinstance(view, self.view_type):
            raise MeepleError(
                f"{self.spec.name}: determinize needs a {self.spec.name} view, "
                f"not {type(view).__name__}"
            )
        seat = getattr(view, "player", None)
        players = getattr(view, "players", 0)
        if seat is not None and not (type(seat) is int and 0 <= seat < players):
            raise InvalidPlayerError(f"{self.spec.name}: the view names seat {seat!r}")
        return self._determinize(view, seed)

    def render(self, view: V) -> str:
        """A plain-text picture of `view`, for terminals and logs."""
        return self._render(view)

    def __repr__(self) -> str:
        return f"<{self.spec.title} ({self.spec.name})>"


def _check_prompt_hook(game: GameBase[Any, Any, Any]) -> None:
    """TypeError, naming the game, unless its ``_prompt`` hook takes one argument, the view.

    The hook's first form, ``_prompt(state, player)``, was given the whole state, so a
    prompt could tell a seat what it may not know; a game still written that way is
    refused when it is made, not when a front end first asks for a prompt."""
    try:
        parameters = inspect.signature(game._prompt).parameters.values()
    except (TypeError, ValueError):  # a callable without a signature to read: trust it
        return
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    needed = [p.name for p in parameters if p.kind in positional and p.default is p.empty]
    if len(needed) != 1:
        raise TypeError(
            f"{game.spec.name}: the _prompt hook takes the seat's view, _prompt(view) -> str, "
            f"not ({', '.join(needed)}): a prompt is made from what its seat may see, so it "
            "cannot tell the seat anything else"
        )


class EncodingBase(Generic[A, V]):
    """Mixin for the ``encoding`` capability: vocabulary and view encoding, over hooks.

    Combine it with `GameBase` and fill `_vocabulary`, `_observation_size` and
    `_encode_view`; the player count is checked here, once for every game.
    """

    spec: GameSpec
    view_type: type[Any]

    def _vocabulary(self, players: int, /) -> tuple[A, ...]:
        """encoding.vocabulary: every action possible with `players` seats, fixed order."""
        raise NotImplementedError

    def _observation_size(self, players: int, /) -> int:
        """encoding.observation_size: the length of an encoded view."""
        raise NotImplementedError

    def _encode_view(self, view: V, /) -> tuple[float, ...]:
        """encoding.encode_view: the view as numbers in [-1, 1]."""
        raise NotImplementedError

    def action_vocabulary(self, players: int) -> tuple[A, ...]:
        """Every action that can ever be legal with `players` seats, in a fixed order."""
        return self._vocabulary(check_players(self.spec, players))

    def observation_size(self, players: int) -> int:
        """Length of `encode_view`'s result with `players` seats."""
        return self._observation_size(check_players(self.spec, players))

    def encode_view(self, view: V) -> tuple[float, ...]:
        """`view` as a fixed-size sequence of numbers in [-1, 1], from the view alone.

        Anything but this game's view is refused here, once for every game, with a
        TypeError that names the game (an encoder would fail somewhere inside)."""
        if not isinstance(view, self.view_type):
            name = self.spec.name
            raise TypeError(f"{name}: encode_view needs a {name} View, not {view!r:.80}")
        return self._encode_view(view)
