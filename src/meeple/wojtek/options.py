"""The options of Miś Wojtek: the rulebook game by default."""

from __future__ import annotations

from typing import Any

import attrs

from .board import DEFAULT_BOARD, BoardError, BoardSpec, load_board

__all__ = ["MAX_ROUND_LIMIT", "Options"]

MAX_ROUND_LIMIT = 10_000
"""The largest round limit accepted, so `max_steps` stays a sensible number."""


def _check_round_limit(_: Any, __: Any, value: int) -> None:
    if not 2 <= value <= MAX_ROUND_LIMIT:
        raise ValueError(
            f"round_limit must be between 2 and {MAX_ROUND_LIMIT} (the deportation round "
            f"counts as round 1), not {value}"
        )


def _check_board(_: Any, __: Any, value: str | BoardSpec) -> None:
    try:
        load_board(value)
    except BoardError as err:
        raise ValueError(str(err)) from None


@attrs.frozen
class Options:
    """Variants of the rulebook; every default is the rulebook game."""

    no_drop_on_three: bool = False
    """Younger-children rule 1: a three-card move does not discard a bear card first."""
    no_city_refresh: bool = False
    """Younger-children rule 2: the first arrival in a city does not replace the display."""
    round_limit: int = attrs.field(default=200, validator=_check_round_limit)
    """Our rule (the rulebook can stall): the game ends after this many rounds, scored as usual."""
    board: str | BoardSpec = attrs.field(default=DEFAULT_BOARD, validator=_check_board)
    """``standard`` (our designed board) or a custom board as data (`BoardSpec`): never a
    path. A program reads a board file with `board.read_board_file`; the CLI
    with ``--option board=@FILE``."""
