"""OpenSpiel registration of meeple games (the ``openspiel`` extra).

    import pyspiel
    from meeple.adapters.openspiel import register
    register("wojtek")                      # registers "meeple_wojtek"
    game = pyspiel.load_game("meeple_wojtek", {"players": 3})

Each game is a sampled-stochastic (chance is resolved inside actions, from the
seed), imperfect-information, general-sum, sequential Python game. Several
players deciding at once are asked one at a time (lowest seat first); their
choices stay hidden because observations come from views. Parameters:
``players``, ``seed``, ``reward`` (``auto``, ``win_share``, ``rank`` or
``score``, as in the PettingZoo adapter; ``load_game`` refuses an unknown one)
and every option of the game (tuples as comma-separated strings, an empty
string for None).

Seeds. The ``seed`` parameter is the first game's seed and each later game
takes the next one. A game takes its seed when the first action is applied to
it; until then every ``new_initial_state()`` returns that same deal (dealt
once, the first time anything looks at it). pyspiel makes a new initial state
each time it sizes a tensor and each time it clones; neither applies an action,
so neither moves the sequence on, and reading tensors never changes which games
come next. The consequence: two fresh states made before either is played are
the same deal. For different deals at once, apply a first action to one before
making the next, or ask for a seed's deal outside the sequence with
``game.new_initial_state("17")``.

Copies. A state's only Python attribute is an immutable position (the meeple
state, the seat to act and each seat's own past actions as persistent lists)
whose deep copy is itself, so ``clone()`` and ``apply_action`` do the same work at move 10 as
at move 10,000 (pyspiel still copies its own C++ history, 16 bytes a move).

Strings and tensors. Observation strings are the seat's view as JSON;
information-state strings prefix the seat's own past actions, a practical
perfect-recall key for ISMCTS; both tensors are the game's ``encode_view``. A
public observer (``private_info=NONE``) reads the spectator's view for every seat.
Python callers get direct ``legal_actions``, tensors and strings, which answer
what pyspiel's own path (several C++ -> Python calls each, and a new initial
state to size a tensor) answers for C++ callers; ``apply_action`` stays
pyspiel's, the only way to record ``history()`` and ``move_number()``.

Resampling. ``resample_from_infostate(player, sampler)`` is ``game.determinize``
of the player's view. The new state has the original's ``move_number()``; its
``history()``, and the moves its information-state strings are built from,
hold only the resampling player's own actions, in order: the other seats' true
actions are not carried and nothing made up stands in for them, so
``len(history())`` is below ``move_number()`` once others have acted.

Pickling (``pickle``, ``multiprocessing``, Ray), both registrations. A game
pickles as its registration (the meeple game by registry name, or the Game
object itself when the registry does not hold it), its parameters and the seed
its next game will take; unpickling registers the game if that process has not.
A state pickles as its game and OpenSpiel's own ``state.serialize()`` text, and
comes back with the same meeple state, ``history()``, ``move_number()``,
strings and tensors. A pickled game resumes its sequence where it was, so
workers that each unpickle one game play the same games: give each worker its
own ``seed``. OpenSpiel's ``serialize_game_and_state`` (and ``random_sim_test``
with ``serialize=True``) still needs ``register(game, fixed_deal=True)``,
because pyspiel asks a sampled-stochastic game for an RNG state that a Python
game cannot provide.
"""

from __future__ import annotations

import base64
import pickle
import typing
from typing import Any
from typing import ClassVar
from typing import Final

from ..core.extras import install_hint

try:
    import pyspiel  # needs numpy, which `_spiel_observer` uses
except ImportError as err:  # pragma: no cover - exercised only without the extra
    hint = install_hint("openspiel")
    raise ImportError(f"meeple.adapters.openspiel needs the openspiel extra: {hint}") from err

import attrs

from ..core.errors import UnknownGameError
from ..core.options import parse_option_strings
from ..core.protocols import Game
from ..core.registry import resolve_game
from ._common import RewardScheme
from ._common import Setup
from ._common import reward_range
from ._common import reward_scheme
from ._common import rewards_from
from ._spiel_observer import MeepleObserver
from ._spiel_observer import observer_kind
from ._spiel_positions import _TERMINAL
from ._spiel_positions import _actions
from ._spiel_positions import _Context
from ._spiel_positions import _Deal
from ._spiel_positions import _Moves
from ._spiel_positions import _Position
from ._spiel_positions import _seed_from

__all__ = ["MeepleSpielGame", "MeepleSpielState", "register", "register_all", "spiel_name"]

_REGISTERED: dict[str, Game] = {}

_NO_ATTRIBUTES: Final = base64.b64encode(pickle.dumps({})).decode("ascii")
"""The Python-attribute part of a `PyState` serialization that sets nothing."""


def spiel_name(game: Game) -> str:
    """The OpenSpiel short name of a meeple game."""
    return f"meeple_{game.spec.name}"


def _option_defaults(game: Game) -> dict[str, Any]:
    """Option name -> OpenSpiel parameter default (bool, int, float or str)."""
    out: dict[str, Any] = {}
    defaults = game.options_type()
    hints = typing.get_type_hints(game.options_type)
    for field in attrs.fields(game.options_type):
        value = getattr(defaults, field.name)
        if hints[field.name] in (bool, int, float, str):
            out[field.name] = value
        elif value is None:
            out[field.name] = ""
        elif isinstance(value, tuple):
            out[field.name] = ",".join(str(v) for v in value)
        else:
            out[field.name] = str(value)
    return out


def _options_from_params(game: Game, params: dict[str, Any]) -> Any:
    defaults = _option_defaults(game)
    items = []
    for name, default in defaults.items():
        value = params.get(name, default)
        if value != default:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            items.append(f"{name}={text}")
    return parse_option_strings(game.spec.name, game.options_type, items)


def register(game_name: str | Game, *, fixed_deal: bool = False) -> str:
    """Register one meeple game with pyspiel; returns its OpenSpiel short name.

    fixed_deal: register ``meeple_<game>_fixed`` instead, a DETERMINISTIC-chance
        game whose every initial state is the deal of the ``seed`` parameter
        (transitions are deterministic given a state, because the state carries
        its own rng). pyspiel cannot serialize sampled-stochastic Python games
        (``GetRNGState`` cannot be implemented in Python), so this is the
        registration to use with OpenSpiel's serialization.
    """
    game = resolve_game(game_name) if isinstance(game_name, str) else game_name
    name = spiel_name(game) + ("_fixed" if fixed_deal else "")
    if name in _REGISTERED:
        return name
    spec = game.spec
    parameters = {"players": spec.min_players, "seed": 0, "reward": "auto"}
    parameters.update(_option_defaults(game))
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"meeple {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.DETERMINISTIC
            if fixed_deal
            else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        ),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )

    # A class, not a closure, is registered as the factory: pyspiel keeps the
    # factory until after the interpreter has shut down, and releasing a Python
    # closure at that point aborts the process (a class is released safely).
    factory = type(
        f"MeepleSpielGame_{name}",
        (MeepleSpielGame,),
        {"meeple_game": game, "game_type": game_type, "fixed_deal": fixed_deal},
    )
    pyspiel.register_game(game_type, factory)
    _REGISTERED[name] = game
    return name


def register_all() -> tuple[str, ...]:
    """Register every servable game in meeple's registry; returns the OpenSpiel names."""
    from ..core.registry import default_registry

    # games() skips a broken plugin (logged once) instead of failing for every game
    return tuple(register(game.spec.name) for game in default_registry.games())


class MeepleSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A meeple game with fixed players, options and reward scheme, as pyspiel loads it."""

    meeple_game: ClassVar[Game]
    game_type: ClassVar[Any]
    fixed_deal: ClassVar[bool]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.meeple_game
        game_type = self.game_type
        params = dict(params or {})
        full = {**game_type.parameter_specification, **params}
        players = int(full["players"])
        options = _options_from_params(game, full)
        self.meeple = Setup(game, players, {})
        self.meeple.options = options
        self.reward_scheme: RewardScheme = reward_scheme(
            str(full["reward"]), players, game_type.short_name
        )
        self._parameters = full
        self._ctx = _Context(self.meeple, self.reward_scheme, int(full["seed"]), self.fixed_deal)
        # One state class per loaded game, holding what its states share, so that a
        # state's only instance attribute is its position (pyspiel deep-copies those).
        self._state_type = type(
            f"MeepleSpielState_{game_type.short_name}",
            (MeepleSpielState,),
            {"_ctx": self._ctx, "__module__": __name__},
        )
        low, high = reward_range(self.reward_scheme)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.meeple.vocab),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=game.spec.max_steps(players),
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self, seed: Any = None) -> MeepleSpielState:
        """The game whose turn it is in the seeded sequence (see the module's "Seeds").

        ``new_initial_state("17")`` (or ``17``): the deal of seed 17, outside the sequence.
        """
        if seed is None:
            state: MeepleSpielState = self._state_type(self)
        else:
            state = self._state_type(self, self._ctx.deal(_seed_from(seed)))
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MeepleObserver:
        """A seat's strings and tensors, or the public ones (`observer_kind`)."""
        perfect_recall, public = observer_kind(iig_obs_type, params)
        return MeepleObserver(self._ctx, perfect_recall, public)

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.meeple_game
        try:
            ref: str | Game = game.spec.name if resolve_game(game.spec.name) is game else game
        except UnknownGameError:
            ref = game
        seed = self._ctx.pending.seed
        return (_load_game, (ref, self.fixed_deal, dict(self._parameters), seed))


def _load_game(ref: str | Game, fixed_deal: bool, parameters: dict[str, Any], seed: int) -> Any:
    """Unpickle a game: register it here if need be, load it, resume its seed sequence."""
    game = pyspiel.load_game(register(ref, fixed_deal=fixed_deal), parameters)
    game._ctx.pending = game._ctx.deal(seed)
    return game


def _restore_state(game: Any, text: str) -> Any:
    """Unpickle a state: OpenSpiel's own deserialization of its ``serialize()`` text."""
    return game.deserialize_state(text)


class MeepleSpielState(pyspiel.State):  # type: ignore[misc]  # no type information
    """One meeple state inside OpenSpiel (each loaded game makes a subclass of this)."""

    _ctx: ClassVar[_Context]

    def __init__(self, game: MeepleSpielGame, at: _Position | None = None) -> None:
        super().__init__(game)
        self._at: _Position = self._ctx.pending if at is None else at

    @property
    def meeple_state(self) -> Any:
        """The meeple State this one wraps (immutable: share it, never copy it)."""
        return self._at.state

    def current_player(self) -> int:
        """The lowest seat that may act, or TERMINAL."""
        return self._at.player

    def _legal_actions(self, player: int) -> tuple[int, ...]:
        at = self._at
        if player != at.player:
            return self._ctx.legal_indices(at.state, player)
        legal = at.legal
        if legal is None:
            legal = self._ctx.fill_legal(at)
        return legal

    # pyspiel's own legal_actions, tensors and strings reach Python through several
    # C++ -> Python calls each (a few microseconds apiece) and size every tensor by
    # making a new initial state; Python callers get these direct versions instead,
    # which give the same answers (tests compare them with pyspiel.State's).
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions' vocabulary indices, sorted; empty if `player` may not act."""
        at = self._at
        if at.player == _TERMINAL:
            return []
        if player is not None and player != at.player:
            if player < 0:
                raise pyspiel.SpielError(f"legal_actions of pseudo-player {player}")
            return []
        legal = at.legal
        if legal is None:
            legal = self._ctx.fill_legal(at)
        return list(legal)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """`player`'s (default: the current player's) encoded view, a new list of floats."""
        at = self._at
        seat = at.player if player is None else player
        ctx = self._ctx
        if not 0 <= seat < ctx.players:
            self._seat(seat)  # raises the error `_seat` gives (checked inline: every step)
        # Encoded directly, not through the encodings remembered for pyspiel's tensor
        # sizing (`_Context.blocks`): remembering would cost every step a look-up and an
        # entry, for the rare second read of one state, whose blocks are memoized anyway.
        setup = ctx.setup
        return setup.floats(setup.blocks(at.state, seat))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The same as `observation_tensor` (a view already holds what a seat knows)."""
        return self.observation_tensor(player)

    def observation_string(self, player: int | None = None) -> str:
        """`player`'s (default: the current player's) view as JSON."""
        return self._ctx.observation_string(self._at, self._seat(player))

    def information_state_string(self, player: int | None = None) -> str:
        """`player`'s own past actions, then its view as JSON."""
        return self._ctx.information_state_string(self._at, self._seat(player))

    def _seat(self, player: int | None) -> int:
        seat = self._at.player if player is None else player
        if not 0 <= seat < self._ctx.players:
            raise pyspiel.SpielError(
                f"player {seat} is not a seat of this {self._ctx.players}-player game"
            )
        return seat

    def _apply_action(self, action: int) -> None:
        at = self._at
        ctx = self._ctx
        player = at.player
        # The legal action object itself when the legal actions were asked for (as
        # they are before any informed choice), so meeple's apply finds it by identity.
        # (try/except, not contextlib.suppress: this runs at every step)
        try:
            move = at.moves[at.raw.index(action)] if at.legal is not None else None
        except ValueError:
            move = None
        if move is None:
            move = ctx.action(action)  # an action nobody listed: meeple says why not
        state = at.state.apply(move, player)
        if at.__class__ is _Deal:
            ctx.claim(at)
        self._at = at.after(state, player, action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._ctx.action(action))

    def is_terminal(self) -> bool:
        """Whether the meeple game is over."""
        return self._at.player == _TERMINAL

    def returns(self) -> list[float]:
        """End-of-game rewards (zeros before the end)."""
        at = self._at
        ctx = self._ctx
        if at.player != _TERMINAL:
            return [0.0] * ctx.players
        return list(rewards_from(at.state.outcome(), ctx.reward))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state consistent with `player_id`'s view (``game.determinize``).

        It has this state's ``move_number()``; its ``history()`` holds only
        `player_id`'s own actions (see the module's "Resampling").
        """
        seed = int(probability_sampler() * 2**53)
        at = self._at
        world = self._ctx.setup.game.determinize(at.state.view(player_id), seed)
        mine = at.own[player_id]
        history = ",".join(f"{player_id}:{action}" for action in _actions(mine))
        text = f"history={history}\nmove_number={self.move_number()}\n__dict__={_NO_ATTRIBUTES}"
        state = self.get_game().deserialize_state(text)
        nobody: tuple[_Moves, ...] = (None,) * len(at.own)
        state._at = _Position(world, (*nobody[:player_id], mine, *nobody[player_id + 1 :]))
        return state

    def __str__(self) -> str:
        return str(self._ctx.setup.game.render(self._at.state.view(None)))

    def __copy__(self) -> Any:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_state, (self.get_game(), self.serialize()))
