"""Stepping through a saved record (`meeple replay`), from one seat's view or a spectator's.

Each position shows that seat's view and the last move as that seat saw it
(`meeple.core.public`), never more; the last one, the score sheet. Pictures go to
`draw` (a terminal prints them in colour), else through `say` as plain text.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType

from ..core.errors import MeepleError
from ..core.match import GameRecord
from ..core.match import Match
from ..core.public import is_seen
from ..core.public import shown
from .scoresheet import score_sheet
from .terminal import picture
from .terminal import plain

__all__ = ["MAX_RECORD_BYTES", "ReplaySession"]

MAX_RECORD_BYTES = 16 * 2**20
"""The largest record file `meeple replay` reads: about ninety times the longest
game a built-in game plays (random players in a six-seat Wypas game to its round
limit: 6,278 moves, 179 KB as `save` writes it)."""

HELP = "enter/n: next, p: back, j N: jump to move N, s: start, e: end, q: quit"


class ReplaySession:
    """Walks the states of a replayed record; never shows a seat more than its view."""

    def __init__(
        self,
        record: GameRecord,
        seat: int | None,
        *,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        draw: Callable[[RenderableType], None] | None = None,
    ) -> None:
        self.match: Match = record.replay()
        if seat is not None and not 0 <= seat < record.players:
            raise MeepleError(f"there is no seat {seat} in a {record.players}-player record")
        self.record = record
        self.seat = seat
        self.ask = ask
        self.say = say
        self.draw = draw or (lambda shown: say(plain(shown)))
        self.position = 0
        self.seen = self.match.public_history(seat)
        """Every move as `seat` saw it."""

    def show(self) -> None:
        """Render the current position."""
        states = self.match.states
        state = states[self.position]
        who = "spectator" if self.seat is None else f"player {self.seat}"
        self.say(f"-- move {self.position} of {len(states) - 1} ({who}) --")
        if self.position > 0:
            player, text = self.seen[self.position - 1]
            if is_seen(text):  # a move this seat did not see being made is not told
                self.say(f"last move: player {player}: {shown(text)}")
        self.draw(picture(self.match.game, state.view(self.seat)))
        if state.is_over:
            self.draw(score_sheet(state.outcome(), "result"))

    def run(self) -> None:
        """Read commands until quit or the end of input."""
        last = len(self.match.states) - 1
        self.show()
        while True:
            try:
                text = self.ask("replay> ").strip().lower()
            except EOFError:
                return
            word, _, rest = text.partition(" ")
            if word in ("q", "quit"):
                return
            if word in ("", "n", "next"):
                self.position = min(last, self.position + 1)
            elif word in ("p", "prev", "back"):
                self.position = max(0, self.position - 1)
            elif word in ("s", "start"):
                self.position = 0
            elif word in ("e", "end"):
                self.position = last
            elif word in ("j", "jump") and rest.strip().isdigit():
                self.position = max(0, min(last, int(rest)))
            else:
                self.say(HELP)
                continue
            self.show()
