"""The bodies of what the server says about itself: its games and its status.

``GET /api/games`` (the games it offers, each one's options, the bot parameters a
seat may set within this server's limits) and ``GET /api/status`` (counts and the
limits in force). Beside `meeple.web.bodies`, and like them the one description:
the server builds these types, writes them with the converter, and the OpenAPI
document's schemas are generated from them.
"""

from __future__ import annotations

import attrs

from ..core.record import JsonValue
from .limits import Limits
from .upkeep import SweepReport
from .wire import doc

__all__ = [
    "BotCounts",
    "BotParamEntry",
    "ClientCounts",
    "GameLimits",
    "GameSummary",
    "Games",
    "MatchCounts",
    "OptionEntry",
    "Status",
    "StreamCounts",
]


@attrs.frozen(kw_only=True)
class OptionEntry:
    """One option of a game, as the lobby offers it."""

    name: str
    kind: str = attrs.field(metadata=doc("bool, int, float, str, choice, list, or json."))
    choices: tuple[JsonValue, ...] | None = attrs.field(
        default=None, metadata=doc("A choice's values.", omit_when_none=True)
    )
    item: str | None = attrs.field(
        default=None, metadata=doc("A list's item kind.", omit_when_none=True)
    )
    nullable: bool | None = attrs.field(
        default=None, metadata=doc("Whether null is allowed too.", omit_when_none=True)
    )
    default: JsonValue = attrs.field(metadata=doc("The rulebook game's value."))


@attrs.frozen
class GameSummary:
    """A game this server offers: its facts and its options."""

    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    hidden_information: bool
    simultaneous: bool
    modes: tuple[str, ...]
    options: tuple[OptionEntry, ...]


@attrs.frozen
class BotParamEntry:
    """One parameter a bot seat may set, with the range this server allows."""

    name: str
    kind: str = attrs.field(metadata=doc("int or float."))
    min: float
    above_min: bool = attrs.field(metadata=doc("Whether min itself is refused."))
    max: float = attrs.field(metadata=doc("The most this server allows."))
    help: str


@attrs.frozen
class GameLimits:
    """The limits a lobby shows."""

    max_mcts_iterations: int
    default_mcts_iterations: int
    max_seats: int


@attrs.frozen
class Games:
    """``GET /api/games``."""

    games: tuple[GameSummary, ...]
    seat_kinds: tuple[str, ...]
    bots: dict[str, tuple[BotParamEntry, ...]] = attrs.field(
        metadata=doc("Each bot kind's parameters (a seat spells them kind:name=value,...).")
    )
    limits: GameLimits


@attrs.frozen
class MatchCounts:
    """Matches by status."""

    open: int
    over: int
    abandoned: int
    damaged: int
    in_memory: int


@attrs.frozen
class ClientCounts:
    """Client addresses tracked, and requests refused by their limits."""

    tracked: int
    refused: int


@attrs.frozen
class StreamCounts:
    """Live-update connections open."""

    players: int
    spectators: int


@attrs.frozen
class BotCounts:
    """Bot decisions being made and waiting, bot failures, and stuck matches."""

    thinking: int
    waiting: int
    failures: int
    stuck: int


@attrs.frozen
class Status:
    """``GET /api/status``: counts and the limits in force (no match ids, no addresses)."""

    matches: MatchCounts
    clients: ClientCounts
    streams: StreamCounts
    bots: BotCounts | None = attrs.field(
        metadata=doc(
            "Only with the operator's token (null otherwise): a bot thinking may be a bot "
            "asked in secret, such as a Wypas seat offered a special card."
        )
    )
    sweep: SweepReport
    limits: Limits
