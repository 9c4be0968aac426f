"""The interactive loop behind `meeple play`: humans and bots at one terminal.

Input and output go through two callables, so tests can drive the loop without
a terminal and the command can drive it with one. Other players' moves are told
as the person at the terminal saw them (`meeple.core.public`): with one human,
as that seat saw them; with several humans sharing the terminal, as the table
saw them, and each human, when the terminal comes back to them, is told every
move since their last one as their seat saw it. A move the viewer did not see
being made (a secret decline) is not told at all.

Seats asked in secret (a Wypas seat offered a special card) are asked before the
seats the table sees to act (`meeple.core.asking_order`), or the public move would
always end their chance. With several humans at one terminal, handing it to a human
would tell the table that human was asked, so a human's secret offer is not asked
there: it passes with the next move (their own turns still offer everything).

Nothing else tells a human what their seat may not see: `hint` is seeded from the
moves that seat saw being made, and in a game with chance or hidden information
`undo` is for practice sessions only (a move played again draws the same cards).

Pictures (a seat's view, the score sheet) go to `draw`, which a terminal prints in
colour; without it they are told through `say` as plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import RenderableType

from ..bots import MCTSBot
from ..bots import make_bot
from ..core import rng as _rng
from ..core.capabilities import HasLegend
from ..core.codec import dumps
from ..core.errors import IllegalActionError
from ..core.errors import MalformedActionError
from ..core.errors import MeepleError
from ..core.match import Match
from ..core.public import is_seen
from ..core.public import keeps_secrets
from ..core.public import public_move
from ..core.public import seen_count
from ..core.public import shown
from ..core.turns import public_to_act
from .moves import numbered
from .scoresheet import score_sheet
from .terminal import picture
from .terminal import plain

__all__ = ["HELP", "MOVES_HELP", "NO_UNDO", "PlaySession"]

_ENTER = "enter a number or an action's notation; commands:"
_COMMANDS = "hint, save FILE, help, quit"
HELP = f"{_ENTER} undo, {_COMMANDS}"
"""The commands, as a session that allows `undo` lists them (`PlaySession.commands`)."""

NO_UNDO = (
    "undo is off: in a game with chance or hidden cards, a move taken back and played "
    "again would show what is hidden (the next cards, say); start with --practice to "
    "allow it"
)
"""Why `undo` is refused outside practice in a game that `keeps_secrets`."""

MOVES_HELP = (
    "the numbered list holds the moves you may make now, each with its notation; a long "
    "list is folded: 'pen 1: 2. orange-4   3. yellow-2' lists 'pen 1 orange-4' (2) and "
    "'pen 1 yellow-2' (3). Other players' moves are told as 'player N (bot): move'."
)
"""The second part of ``help``: how to read the list of moves."""


class PlaySession:
    """A match where some seats are humans (typing) and the rest bots.

    `practice` allows `undo` in a game that `keeps_secrets` (where it lets a human see
    what is coming); a game with neither chance nor hidden information always allows it.
    """

    def __init__(
        self,
        match: Match,
        seats: Sequence[str],
        *,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        clear: Callable[[], None] = lambda: None,
        draw: Callable[[RenderableType], None] | None = None,
        hint_iterations: int = 300,
        width: int = 80,
        practice: bool = False,
    ) -> None:
        if len(seats) != match.players:
            raise MeepleError(f"{len(seats)} seats given for a {match.players}-player game")
        self.match = match
        self.seats = [s.strip().lower() for s in seats]
        self.ask = ask
        self.say = say
        self.clear = clear
        self.draw = draw or (lambda shown: say(plain(shown)))
        self.hint_iterations = hint_iterations
        self.width = width
        """Columns the list of moves may fill."""
        self.undo_allowed = practice or not keeps_secrets(match.game)
        """Whether `undo` takes moves back (else it is refused with `NO_UNDO`)."""
        self.humans = [p for p, s in enumerate(self.seats) if s == "human"]
        self.bots = {
            p: make_bot(s, match.game, _rng.derive_seed(match.seed, "seat", p))
            for p, s in enumerate(self.seats)
            if s != "human"
        }
        self._last_human: int | None = None
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        """Whose eyes the terminal has: the one human, else the table (a spectator)."""

    @property
    def commands(self) -> str:
        """The commands line: `HELP`, less `undo` where it is refused."""
        if self.undo_allowed:
            return HELP
        return f"{_ENTER} {_COMMANDS} (undo only with --practice: see help)"

    @property
    def hot_seat(self) -> bool:
        """Several humans share the terminal, so hands are hidden between turns."""
        return len(self.humans) > 1

    def run(self) -> bool:
        """Play until the end (True) or until a human quits (False)."""
        while not self.match.state.is_over:
            state = self.match.state
            actor = self._next_seat(state)
            if actor in self.bots:
                action = self.bots[actor].choose(state.view(actor), state.legal_actions(actor))
                self.match.play(action, actor)
                seen = public_move(self.match.game, action, actor, self.viewer)
                if is_seen(seen):
                    self.say(f"player {actor} ({self.seats[actor]}): {shown(seen)}")
                continue
            if not self._human_turn(actor):
                return False
        self._show_result()
        return True

    def _next_seat(self, state: Any) -> int:
        """Whom to ask now: seats asked in secret first (humans there only when the
        terminal is theirs alone), then the seats the table sees; bots first in each
        group, so that in a simultaneous decision their hidden choices are made before
        any human is asked and nobody waits on a bot mid-turn."""
        public = public_to_act(state)
        secret = [p for p in sorted(state.to_act - public) if p in self.bots or not self.hot_seat]
        for group in (secret, sorted(public)):
            if group:
                return next((p for p in group if p in self.bots), group[0])
        raise AssertionError("someone is seen to act until the game is over")  # pragma: no cover

    def _human_turn(self, player: int) -> bool:
        game = self.match.game
        if self.hot_seat and self._last_human != player:
            self.clear()
            self.ask(f"pass the terminal to player {player}, then press Enter")
            self._recap(player)
        self._last_human = player
        state = self.match.state
        drawn = picture(game, state.view(player))
        self.draw(drawn)
        prompt = state.prompt(player)  # games name the seat in their prompts; "player N> " follows
        if drawn.plain.rstrip().rsplit("\n", 1)[-1] != prompt:  # a picture may end with it
            self.say(prompt)
        legal = state.legal_actions(player)
        for line in numbered(legal, self.width):
            self.say(line)
        while True:
            text = self.ask(f"player {player}> ").strip()
            if not text:
                continue
            word, _, rest = text.partition(" ")
            if word in ("quit", "exit"):
                return False
            if word in ("help", "?"):
                self._help(player)
                continue
            if word == "save":
                self._save(rest.strip())
                continue
            if word == "hint":
                self.say(f"hint: {self._hint(player).choose(state.view(player), legal)}")
                continue
            if word == "undo":
                if self._undo(player):
                    return True
                continue
            action = self._parse(text, legal)
            if action is None:
                continue
            reason = state.check(action, player)
            if reason is not None:
                self.say(f"not allowed: {reason}")
                continue
            self.match.play(action, player)
            return True

    def _help(self, player: int) -> None:
        """The commands, how to read the list of moves, and the game's legend of its
        picture when it offers one (the ``legend`` capability)."""
        self.say(self.commands)
        if not self.undo_allowed:
            self.say(NO_UNDO)
        self.say(MOVES_HELP)
        game = self.match.game
        if isinstance(game, HasLegend):
            self.say("the table:")
            self.say(game.legend(self.match.state.view(player)))

    def _hint(self, player: int) -> MCTSBot:
        """The bot that hints to `player`, seeded from what that seat knows: the moves it
        saw being made and its number (never the match's seed or its full history, which
        counts moves made in secret)."""
        seen = seen_count(self.match.game, self.match.history, player)
        seed = _rng.derive_seed(seen, "hint", player)
        return MCTSBot(self.match.game, seed=seed, iterations=self.hint_iterations)

    def _recap(self, player: int) -> None:
        """Hot seat: every move since `player`'s last one, as their seat saw it."""
        history = self.match.history
        since = max((i + 1 for i, (p, _) in enumerate(history) if p == player), default=0)
        game = self.match.game
        readings = [(mover, public_move(game, a, mover, player)) for mover, a in history[since:]]
        seen = [(mover, text) for mover, text in readings if is_seen(text)]
        if seen:
            self.say(f"since your last move ({len(seen)}):")
        for mover, text in seen:
            self.say(f"  player {mover} ({self.seats[mover]}): {shown(text)}")

    def _parse(self, text: str, legal: Sequence[Any]) -> Any:
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.say(f"there is no action {number}; choose 1-{len(legal)}")
            return None
        try:
            return self.match.game.parse_action(text)
        except MalformedActionError as err:
            self.say(f"not understood: {err}")
            return None

    def _undo(self, player: int) -> bool:
        """Take back moves up to and including this human's last decision."""
        if not self.undo_allowed:
            self.say(NO_UNDO)
            return False
        history = self.match.history
        if not any(p == player for p, _ in history):
            self.say("nothing of yours to undo")
            return False
        try:
            while True:
                mover, _ = self.match.history[-1]
                self.match.undo()
                if mover == player:
                    break
        except IllegalActionError as err:  # pragma: no cover - guarded by the check above
            self.say(str(err))
            return False
        self.say("undone")
        return True

    def _save(self, path: str) -> None:
        if not path:
            self.say("usage: save FILE")
            return
        try:
            Path(path).write_text(dumps(self.match.record(), indent=1) + "\n", encoding="utf-8")
        except OSError as err:
            self.say(f"could not save: {err}")
            return
        if keeps_secrets(self.match.game):
            self.say(
                f"saved to {path}: the file holds the whole game, hidden cards included, "
                "so do not show it to the other players"
            )
        else:
            self.say(f"saved {len(self.match.history)} moves to {path}")

    def _show_result(self) -> None:
        state = self.match.state
        outcome = state.outcome()
        self.draw(picture(self.match.game, state.view(None)))
        self.say("game over")
        self.draw(score_sheet(outcome, "result", self.seats))
