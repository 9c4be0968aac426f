"""OpenSpiel registration of meeple games (extra: ``meeple[openspiel]``).

    import pyspiel
    from meeple.adapters.openspiel import register
    register("wojtek")                      # registers "meeple_wojtek"
    game = pyspiel.load_game("meeple_wojtek", {"players": 3})

Each game is a sampled-stochastic (chance is resolved inside actions, from the
seed), imperfect-information, general-sum, sequential Python game. Several
players deciding at once are asked one at a time (lowest seat first); their
choices stay hidden because observations come from views. Parameters:
``players``, ``seed`` (each new initial state takes the next seed), ``reward``
(``auto``, ``win_share``, ``rank`` or ``score``, as in the PettingZoo adapter;
refused by ``load_game`` if unknown) and every option of the game (tuples as
comma-separated strings, an empty string for None).

Information-state strings are the seat's own past actions plus its current
view (JSON), a practical perfect-recall key for ISMCTS; tensors are the game's
`encode_view`. `resample_from_infostate` is `game.determinize`. States pickle
(and so serialize) through their meeple JSON.
"""

from __future__ import annotations

import typing
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError("meeple.adapters.openspiel needs: pip install 'meeple[openspiel]'") from err

import attrs

from ..core.codec import dumps, loads
from ..core.options import parse_option_strings
from ..core.protocols import Game
from ..core.registry import resolve_game
from ._common import Setup, reward_range, reward_scheme, rewards_from

__all__ = ["register", "register_all", "spiel_name"]

_REGISTERED: dict[str, Game] = {}


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
    """Register every game in meeple's registry; returns the OpenSpiel names."""
    from ..core.registry import game_names

    return tuple(register(name) for name in game_names())


def _short_name(game_type: Any) -> str:
    """A registered game type's OpenSpiel short name."""
    name: str = game_type.short_name
    return name


class MeepleSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A meeple game with fixed players, options and reward scheme."""

    meeple_game: Game
    game_type: Any
    fixed_deal: bool

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.meeple_game
        game_type = self.game_type
        params = dict(params or {})
        full = {**game_type.parameter_specification, **params}
        players = int(full["players"])
        options = _options_from_params(game, full)
        self.meeple = Setup(game, players, {})
        self.meeple.options = options
        self.reward_scheme = reward_scheme(str(full["reward"]), players, _short_name(game_type))
        self._next_seed = int(full["seed"])
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

    def new_initial_state(self) -> MeepleSpielState:
        """A new game; each call takes the next seed, so games differ but repeat per seed."""
        seed = self._next_seed
        if not self.fixed_deal:
            self._next_seed += 1
        return MeepleSpielState(self, self.meeple.start(seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MeepleObserver:
        """Observation and information-state strings and tensors."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return MeepleObserver(self.meeple, perfect_recall)


class MeepleSpielState(pyspiel.State):  # type: ignore[misc]  # no type information
    """One meeple state inside OpenSpiel."""

    def __init__(self, game: MeepleSpielGame, state: Any, moves: tuple[Any, ...] = ()) -> None:
        super().__init__(game)
        self.meeple_state = state
        self.meeple_moves: tuple[tuple[int, str], ...] = moves

    def current_player(self) -> int:
        """The lowest seat that may act, or TERMINAL."""
        if self.meeple_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat: int = min(self.meeple_state.to_act)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        vocab = self.get_game().meeple.vocab
        return sorted(vocab.index(a) for a in self.meeple_state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        move = self.get_game().meeple.vocab.action(action)
        self.meeple_state = self.meeple_state.apply(move, player)
        self.meeple_moves = (*self.meeple_moves, (player, str(move)))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.get_game().meeple.vocab.action(action))

    def is_terminal(self) -> bool:
        """Whether the meeple game is over."""
        return bool(self.meeple_state.is_over)

    def returns(self) -> list[float]:
        """End-of-game rewards (zeros before the end)."""
        if not self.meeple_state.is_over:
            return [0.0] * self.meeple_state.players
        return list(rewards_from(self.meeple_state.outcome(), self.get_game().reward_scheme))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state consistent with `player_id`'s view: `game.determinize`."""
        seed = int(probability_sampler() * 2**53)
        setup = self.get_game().meeple
        world = setup.game.determinize(self.meeple_state.view(player_id), seed)
        return MeepleSpielState(self.get_game(), world, self.meeple_moves)

    def __str__(self) -> str:
        game: Game = self.get_game().meeple.game
        return game.render(self.meeple_state.view(None))

    # OpenSpiel clones states all the time; meeple states are immutable, so a
    # clone shares it instead of copying (or serializing) anything.
    def __deepcopy__(self, memo: dict[int, Any]) -> MeepleSpielState:
        return MeepleSpielState(self.get_game(), self.meeple_state, self.meeple_moves)

    def __copy__(self) -> MeepleSpielState:
        return MeepleSpielState(self.get_game(), self.meeple_state, self.meeple_moves)

    # Pickling (and so OpenSpiel serialization) goes through meeple's JSON.
    def __getstate__(self) -> dict[str, Any]:
        setup = self.get_game().meeple
        return {
            "game": self.get_game(),
            "state": dumps(self.meeple_state, game=setup.game),
            "moves": self.meeple_moves,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        game = data["game"]
        pyspiel.State.__init__(self, game)
        self.meeple_state = loads(data["state"], game=game.meeple.game)
        self.meeple_moves = tuple(tuple(m) for m in data["moves"])


class MeepleObserver:
    """The PyObserver interface over meeple views."""

    def __init__(self, setup: Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(setup.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        """Fill `tensor` with `player`'s encoded view."""
        self.tensor[:] = self.setup.encode(state.meeple_state.view(player))

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        """The view as JSON; with perfect recall, prefixed by the seat's own past actions."""
        text = dumps(state.meeple_state.view(player), game=self.setup.game)
        if not self.perfect_recall:
            return text
        own = " ".join(move for p, move in state.meeple_moves if p == player)
        return f"[{own}] {text}"
