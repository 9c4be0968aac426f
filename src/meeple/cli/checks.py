"""Checks every command makes before it starts work: numbers in range, seats, bots.

A value a command cannot use is refused before any game is played, any bar drawn or
any banner printed, as one line (`InvalidOptionsError`, which the commands print
with `fail`).

The seat rule `play`, `simulate` and `analyze` share: seats are given in order, one
per player; the player count defaults to the number of seats given (at least the
game's default); when fewer seats than players are given, the last one fills the
rest; more seats than players are refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import InvalidOptionsError
from ..core.options import check_players
from ..core.protocols import Game

__all__ = ["at_least", "check_bots", "lineup", "player_count"]


def at_least(flag: str, value: int, least: int, unit: str = "") -> int:
    """`value`, or InvalidOptionsError when it is below `least` (of `unit`: "deals")."""
    if value < least:
        counted = f"{least} {unit}" if unit else str(least)
        raise InvalidOptionsError(f"{flag} must be at least {counted}, not {value}")
    return value


def player_count(game: Game, players: int | None, seats: Sequence[str], fewest: int) -> int:
    """The player count: `players` if given, else one per seat given, at least `fewest`;
    checked against the counts the game allows."""
    count = players if players is not None else max(len(seats), fewest)
    return check_players(game.spec, count)


def lineup(seats: Sequence[str], players: int) -> list[str]:
    """One seat per player: the seats in order, the last one filling the rest."""
    if not seats:
        raise InvalidOptionsError("give at least one --seat")
    if len(seats) > players:
        raise InvalidOptionsError(f"{len(seats)} seats given for {players} players")
    return [*seats, *[seats[-1]] * (players - len(seats))]


def check_bots(game: Game, specs: Sequence[str]) -> None:
    """Refuse an unknown bot or a bad bot parameter (``human`` is a seat, not a bot)."""
    from ..bots import make_bot

    for spec in specs:
        if spec.strip().lower() != "human":
            make_bot(spec, game, 0)


def check_listen(host: str, port: int) -> None:
    """Refuse a port out of range, a host that does not resolve, and an address that
    cannot be listened on (a busy port, a port this user may not take), by trying it."""
    import errno
    import socket

    if not 1 <= port <= 65535:
        raise InvalidOptionsError(f"--port must be 1-65535, not {port}")
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as err:
        raise InvalidOptionsError(f"--host {host!r} is not an address here: {err}") from None
    for family, kind, proto, _, address in found:
        with socket.socket(family, kind, proto) as trial:
            trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will
            try:
                trial.bind(address)
            except OSError as err:
                if err.errno == errno.EADDRINUSE:
                    raise InvalidOptionsError(
                        f"port {port} on {host} is in use (another server?); "
                        "choose another with --port"
                    ) from None
                raise InvalidOptionsError(
                    f"cannot listen on {host} port {port}: {err.strerror}"
                ) from None
