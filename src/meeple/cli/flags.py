"""The flags several `meeple` commands share, and `analyze`'s own, each with its help
and the metavar docs/cli.md names it by (GAME, SEED, KEY=VALUE, SEAT)."""

from __future__ import annotations

from typing import Annotated
from typing import Any

import typer
from typer.core import TyperArgument
from typer.core import TyperCommand

from ..bots.spec import BOT_TYPES

__all__ = [
    "AnalyzedArg",
    "BotSeatArg",
    "Command",
    "CompareArg",
    "DealsArg",
    "FewestArg",
    "GameArg",
    "OptionArg",
    "PerSeatArg",
    "PlayersArg",
    "SeatArg",
    "SeedArg",
    "SkillAgainstArg",
    "SkillArg",
]


class _NamedArgument(TyperArgument):
    """A positional argument shown by its metavar alone, as docs/cli.md writes it:
    ``GAME`` in the usage line (``[GAME]`` when optional), not typer's ``{GAME}``, and
    no ``<str>`` after it in the Arguments list."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None  # the metavar names the value

    def get_usage_pieces(self, ctx: Any) -> list[str]:
        name = self.metavar or (self.name or "").upper()
        name = name if self.required else f"[{name}]"
        return [f"{name}..." if self.nargs != 1 else name]


class Command(TyperCommand):
    """Every `meeple` command's class (``app.command(cls=Command)``): its positional
    arguments are shown as `_NamedArgument` shows them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if type(param) is TyperArgument:
                param.__class__ = _NamedArgument  # same fields; only how it is shown


OptionArg = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="key=value, repeatable; key=@FILE reads data from a file",
    ),
]
GameArg = Annotated[str, typer.Argument(metavar="GAME", help="a registered game name")]
SeedArg = Annotated[
    int, typer.Option(metavar="SEED", help="master seed; results depend only on it")
]


def _players_option(default: str) -> Any:
    """The ``--players`` option, whose help says what it defaults to."""
    return typer.Option(metavar="N", help=f"seats (default: {default})")


FewestArg = Annotated[int | None, _players_option("the fewest")]
"""``--players`` of `demo`, which has no seats to count."""
_PER_SEAT = "one per --seat, at least the fewest"
PerSeatArg = Annotated[int | None, _players_option(_PER_SEAT)]
"""``--players`` of `simulate`: the seats given count (docs/cli.md's seat rule)."""
PlayersArg = Annotated[
    int | None, _players_option("one per --seat, or 2 without, at least the fewest")
]
"""``--players`` of `play`, whose seats default to a human and an MCTS bot."""
AnalyzedArg = Annotated[int | None, _players_option(f"{_PER_SEAT}, and 2 where allowed")]
"""``--players`` of `analyze`, which seats two where the game allows."""

_SEAT_ORDER = "one per seat, in order (the last one given fills the remaining seats)"
_KINDS = [*BOT_TYPES]
_BOTS = f"{', '.join(_KINDS[:-1])} or {_KINDS[-1]}"  # every kind the seat parser knows


def _seat_option(who: str) -> Any:
    """The ``--seat`` option, whose help says who may sit (`who`)."""
    return typer.Option(
        "--seat",
        "-s",
        metavar="SEAT",
        help=f"{who}, with parameters as mcts:iterations=N; {_SEAT_ORDER}",
    )


SeatArg = Annotated[list[str] | None, _seat_option(f"human, or a bot: {_BOTS}")]
BotSeatArg = Annotated[list[str] | None, _seat_option(f"a bot: {_BOTS}")]

DealsArg = Annotated[
    int | None,
    typer.Option(
        "-n",
        metavar="DEALS",
        help="deals (game seeds), each played per seating (default: 40, or fewer "
        "to fit the time budget)",
    ),
]
CompareArg = Annotated[
    list[str] | None,
    typer.Option(
        metavar="KEY=VALUE",
        help="key=value, repeatable: a second option set (variant B) to compare",
    ),
]
SkillArg = Annotated[
    list[str] | None,
    typer.Option(
        metavar="BOT",
        help="a rung of the skill ladder above --skill-against, repeatable, weakest "
        "first; none to skip the ladder (default: a ladder up to MCTS, sized to the "
        "time budget)",
    ),
]
SkillAgainstArg = Annotated[
    str | None,
    typer.Option(metavar="BOT", help="the skill ladder's bottom rung (default: random)"),
]
