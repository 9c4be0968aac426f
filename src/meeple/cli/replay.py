"""Stepping through a saved record (`meeple replay`), from one seat's view or a spectator's.

Each position shows that seat's view and the last move as that seat saw it
(`meeple.core.public`), never more; the last one, the score sheet. The positions are
the ones the seat saw: a move it did not see being made (a Wypas seat declining a
secret offer, ``wait``) is no step of its own, and moves are numbered as that seat
counts them (`meeple.core.public.seen_count`), as the web's log and version are; a
step where nothing changed, or a count that took it in, would tell the seat that
another was asked in secret. Pictures go to `draw` (a terminal prints them in
colour), else through `say` as plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence

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
        """Which of `steps` is shown: the number of moves the seat saw made before it."""
        readings = self.match.public_history(seat)
        self.seen = tuple((p, text) for p, text in readings if is_seen(text))
        """Every move `seat` saw being made, as it saw it."""
        self.steps = _steps(readings)
        """Per move the seat saw (and the start), the state it is shown then: the last one
        before the next move it saw, so the unseen moves after a seen one are no step."""

    def show(self) -> None:
        """Render the current position."""
        state = self.match.states[self.steps[self.position]]
        who = "spectator" if self.seat is None else f"player {self.seat}"
        self.say(f"-- move {self.position} of {len(self.steps) - 1} ({who}) --")
        if self.position > 0:
            player, text = self.seen[self.position - 1]
            self.say(f"last move: player {player}: {shown(text)}")
        self.draw(picture(self.match.game, state.view(self.seat)))
        if state.is_over:
            self.draw(score_sheet(state.outcome(), "result"))

    def run(self) -> None:
        """Read commands until quit or the end of input."""
        last = len(self.steps) - 1
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


def _steps(readings: Sequence[tuple[int, str | None]]) -> tuple[int, ...]:
    """The index of the state shown at each step: the start, then one per move seen
    (`readings`: every move as the seat saw it), each the state just before the next
    move seen, or the last state."""
    seen_at = [n for n, (_, text) in enumerate(readings) if is_seen(text)]
    return tuple(seen_at) + (len(readings),)
