"""What one seat saw of each move: the per-viewer notation every front end shows.

A move's full notation (``str(action)``) may name a hidden card. Each front end (the
web log, `meeple play`, `meeple replay`, `Match.public_history`,
`GameRecord.public_moves`) asks `public_move` what a viewer saw of it, so they all
show the same thing: the mover sees their own move; in a game without hidden
information everyone sees everything; otherwise the game's ``public`` capability
(``public_notation``) decides, and a game without it shows nothing (`SECRET_MOVE`).

A move can also be unseen altogether (`UNSEEN`): the viewer did not even see that
a move was made (Wypas's ``wait``, a secret decline). Front ends leave such moves
out of what they show that viewer (`is_seen`), count only the moves it saw
(`seen_count`) and never name the seat that made them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from typing import Final

from .capabilities import HasPublicNotation
from .errors import InvalidPlayerError

__all__ = [
    "SECRET_MOVE",
    "UNSEEN",
    "check_viewer",
    "is_seen",
    "keeps_secrets",
    "public_history",
    "public_move",
    "seen_count",
    "shown",
]

SECRET_MOVE: Final = "(secret move)"
"""How a front end writes a move its viewer saw nothing of (`public_move` gave None)."""

UNSEEN: Final = ""
"""What `public_move` gives for a move its viewer did not see happen at all (not even
that someone moved): front ends show nothing for it, not even a line."""


def check_viewer(game: str, players: int, viewer: int | None) -> None:
    """InvalidPlayerError unless `viewer` is a seat of a `players`-seat game or None."""
    if viewer is None:
        return
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
        raise InvalidPlayerError(
            f"{game}: there is no seat {viewer!r} to show the moves to in a {players}-player "
            f"game (seats are 0..{players - 1}, or None for a spectator)"
        )


def keeps_secrets(game: Any) -> bool:
    """Whether `game` has chance or hidden information: then its seed and its full record
    (and, in a terminal game, a move played again after an undo) show a seat what it may
    not see."""
    return bool(game.spec.hidden_information or game.spec.has_chance)


def public_move(game: Any, action: Any, player: int, viewer: int | None) -> str | None:
    """What `viewer` (None: a spectator) saw of `player` taking `action`; None: nothing.

    The full notation for the mover and in games without hidden information; the game's
    ``public_notation`` if it offers one; None otherwise.
    """
    if viewer == player or not game.spec.hidden_information:
        return str(action)
    if isinstance(game, HasPublicNotation):
        return game.public_notation(action, player, viewer)
    return None


def public_history(
    game: Any, moves: Iterable[tuple[int, Any]], viewer: int | None
) -> tuple[tuple[int, str | None], ...]:
    """Each ``(player, action)`` of `moves` as ``(player, what viewer saw)`` (see `public_move`)."""
    return tuple((player, public_move(game, action, player, viewer)) for player, action in moves)


def shown(text: str | None) -> str:
    """The text a front end prints for what `public_move` gave: `SECRET_MOVE` for None
    (a move `UNSEEN` is not printed at all: see `is_seen`)."""
    return SECRET_MOVE if text is None else text


def is_seen(text: str | None) -> bool:
    """Whether the viewer saw that a move was made (`public_move` did not give `UNSEEN`)."""
    return text != UNSEEN


def seen_count(game: Any, moves: Iterable[tuple[int, Any]], viewer: int | None) -> int:
    """How many of `moves` `viewer` saw being made: the match's move count as that seat
    knows it (each move `UNSEEN` by it left out)."""
    return sum(1 for player, action in moves if is_seen(public_move(game, action, player, viewer)))
