"""What a game declares about itself before any state exists."""

from __future__ import annotations

from collections.abc import Callable

import attrs

__all__ = ["GameSpec"]


@attrs.frozen
class GameSpec:
    """Static facts about a game that front ends read to set up a match."""

    name: str
    """Registry name, e.g. ``"wojtek"``; lowercase, no spaces."""
    title: str
    """Human title, e.g. ``"Miś Wojtek"``."""
    min_players: int
    """Fewest seats the rules allow."""
    max_players: int
    """Most seats the rules allow."""
    rules_version: str
    """Bumped whenever a rule change would make old records replay differently."""
    has_chance: bool
    """Whether shuffles or draws happen inside `apply`."""
    hidden_information: bool
    """Whether some seat's view lacks something the full state has."""
    max_steps: Callable[[int], int]
    """An upper bound on actions in any game with that many players."""
    modes: tuple[str, ...] = ()
    """Named variants a front end can list (documentation only)."""
    simultaneous: bool = False
    """Whether several players may be in `to_act` at once."""

    def player_counts(self) -> range:
        """The allowed player counts, smallest first."""
        return range(self.min_players, self.max_players + 1)
