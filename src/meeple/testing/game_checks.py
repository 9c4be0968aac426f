"""The kit's checks of the game object itself, before any play: its spec, and its
refusals of bad input to `start` and `parse_action` (the errors the contract names).
"""

from __future__ import annotations

from ..core.errors import InvalidOptionsError
from ..core.errors import MalformedActionError
from ..core.protocols import Game
from ..core.registry import validate_game
from ..core.spec import GameSpec
from .where import ConformanceError

__all__ = ["check_bad_input", "check_spec"]


def check_spec(game: Game) -> None:
    """The spec and the Game attributes are what the registry requires."""
    validate_game(game, game.spec.name, "the conformance kit")
    spec = game.spec
    if not isinstance(spec, GameSpec):  # pragma: no cover - validate_game checks it
        raise ConformanceError(f"{spec!r} is not a GameSpec")
    for n in spec.player_counts():
        bound = spec.max_steps(n)
        if not isinstance(bound, int) or bound <= 0:
            raise ConformanceError(f"[game={spec.name}] max_steps({n}) = {bound!r} is not > 0")
    try:
        game.options_type()
    except Exception as err:
        raise ConformanceError(
            f"[game={spec.name}] options_type() must build the rulebook defaults: {err}"
        ) from err


def check_bad_input(game: Game, seed: int) -> None:
    """start refuses bad player counts and options; parse_action refuses junk text."""
    name = game.spec.name
    spec = game.spec
    for bad in (spec.min_players - 1, spec.max_players + 1):
        try:
            game.start(bad, seed=seed)
        except InvalidOptionsError:
            pass
        except Exception as err:
            raise ConformanceError(
                f"[game={name}] start({bad} players) must raise InvalidOptionsError, "
                f"raised {type(err).__name__}: {err}"
            ) from err
        else:
            raise ConformanceError(f"[game={name}] start({bad} players) was accepted")
    try:
        game.start(spec.min_players, seed=seed, options=object())
    except InvalidOptionsError:
        pass
    except Exception as err:
        raise ConformanceError(
            f"[game={name}] start(options=<not an Options>) must raise InvalidOptionsError, "
            f"raised {type(err).__name__}"
        ) from err
    else:
        raise ConformanceError(f"[game={name}] start(options=<not an Options>) was accepted")
    for text in ("", "   ", "no-such-action 99 zz", "\x00"):
        try:
            game.parse_action(text)
        except MalformedActionError:
            pass
        except Exception as err:
            raise ConformanceError(
                f"[game={name}] parse_action({text!r}) must raise MalformedActionError, "
                f"raised {type(err).__name__}: {err}"
            ) from err
        else:
            raise ConformanceError(f"[game={name}] parse_action({text!r}) was accepted")
