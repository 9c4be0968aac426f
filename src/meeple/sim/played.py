"""Which games a figure counts: the games that finished without an error, split into
natural ends and games a stall rule ended, and each seat's share of a win."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.capabilities import STALLED
from .figures import Block
from .runner import GameResult

__all__ = ["Played", "good_games", "split_stalled", "stalled", "win"]

Played = list[tuple[Block, GameResult]]
"""Games with the block (design, ladder step and seating) each was played in."""


def good_games(blocks: Sequence[Block]) -> Played:
    """Every game of these blocks that finished without an error, with its block."""
    return [(b, r) for b in blocks for r in b.results if r.error is None]


def stalled(result: GameResult) -> bool | None:
    """Whether a stall rule ended the game (None: the game does not say)."""
    flag = dict(result.vitals.statistics).get(STALLED) if result.vitals else None
    return flag if isinstance(flag, bool) else None


def split_stalled(games: Played) -> tuple[Played, Played]:
    """(natural ends, stalled games): a game that does not say counts as a natural end."""
    return [g for g in games if not stalled(g[1])], [g for g in games if stalled(g[1])]


def win(result: GameResult, seat: int) -> float:
    """The seat's share of the win: 1/k when it is one of k winners, else 0."""
    return 1.0 / len(result.winners) if seat in result.winners else 0.0
