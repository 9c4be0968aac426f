"""The options of Miś Wojtek: the rulebook game by default."""

from __future__ import annotations

from typing import Any

import attrs

from meeple.core.readings import repr_leaving_out_readings

from .board import DEFAULT_BOARD
from .board import BoardError
from .board import BoardSpec
from .board import load_board

__all__ = ["MAX_ROUND_LIMIT", "READINGS", "Options"]

MAX_ROUND_LIMIT = 10_000
"""The largest round limit accepted, so `max_steps` stays a sensible number."""


READINGS = ("substitute_sets_end_game", "refresh_every_edinburgh")
"""Options that choose another reading where the rulebook is ambiguous (see
docs/rules/wojtek.md); the defaults are our readings."""


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


@attrs.frozen(repr=False)  # __repr__ below: readings at their default are left out
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
    substitute_sets_end_game: bool = False
    """Another reading of the rulebook: a set of six completed with city or person cards also
    starts the last round (default: only six different real bear cards do)."""
    refresh_every_edinburgh: bool = False
    """Another reading of the rulebook: every arrival in Edinburgh replaces the display, not only
    the first (default: only the first, as at every other city)."""

    def __repr__(self) -> str:
        """Every field, except the other readings left at their default (so the text of
        games recorded before those options existed stays the same)."""
        return repr_leaving_out_readings(self, READINGS)

    def __attrs_post_init__(self) -> None:
        if self.refresh_every_edinburgh and self.no_city_refresh:
            raise ValueError(
                "refresh_every_edinburgh replaces the display at every Edinburgh arrival, "
                "but no_city_refresh (younger children) never replaces it: choose one"
            )
