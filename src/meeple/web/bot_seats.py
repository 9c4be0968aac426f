"""Bot seats played on the server: bounded thinking, and a failed bot never leaves a match stuck.

Kept apart from the hub because it is the one part of the server that spends
unbounded-looking work on behalf of a client: bots think in worker processes
(at most `Limits.bot_workers` at once, shared fairly between clients, each
decision capped at `Limits.max_bot_seconds`; a worker that overruns is killed).
A bot that raises or chooses an illegal action is reported, and the random bot
plays its seat from then on; if even that fails, the match is marked stuck so a
seated player can abandon it. A bot that fails on a decision it was asked in
secret (a Wypas offer) is reported to the log only, and declines: telling the
table would tell it that the seat was asked.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from ..bots import RandomBot
from ..core.errors import MeepleError
from ..core.public import is_seen
from ..core.public import public_move
from ..core.turns import public_to_act
from .errors import ApiError
from .limits import Limits
from .live import LiveMatch
from .seats import bot_for
from .workers import FairSlots
from .workers import NotPicklableError
from .workers import hold_workers
from .workers import release_workers
from .workers import shared_workers

__all__ = ["BOT_GRACE_SECONDS", "STUCK", "BotDriver", "unseen_answer"]

log = logging.getLogger("meeple.web")

STUCK = "a bot failed and the game could not go on; a seated player may abandon the match"
"""What the table is told when even a stand-in failed (`BotDriver._stuck`)."""

BOT_GRACE_SECONDS = 10.0
"""How much longer than `Limits.max_bot_seconds` a bot's worker may take (pickling,
starting a worker process on a busy machine) before it is killed."""

Commit = Callable[[LiveMatch, int, Any, bool], Awaitable[None]]
"""Store a move and play it in memory (the caller holds the match's lock)."""
SaveError = Callable[[LiveMatch], Awaitable[None]]
"""Store a match's `bot_error` and seat kinds, and tell its listeners."""


class BotDriver:
    """Plays the bot seats of live matches, one task per match, until a human is to act."""

    def __init__(
        self, limits: Limits, closing: asyncio.Event, commit: Commit, save_error: SaveError
    ) -> None:
        self.limits = limits
        """Resource bounds (bot workers, seconds per decision)."""
        self._closing = closing
        self._commit = commit
        self._save_error = save_error
        self._slots = FairSlots(limits.bot_workers, limits.bot_workers_per_client)
        self.failures = 0
        """Bot decisions that raised since start."""
        self.thinking = 0
        """Bot decisions being computed now."""
        self.waiting = 0
        """Bot decisions waiting for a free bot worker."""
        self._holding = False

    def start(self) -> None:
        """The server starts: hold the shared bot workers (see `hold_workers`)."""
        if not self._holding:
            self._holding = True
            hold_workers()

    async def close(self) -> None:
        """The server stopped (its bot tasks cancelled): the last server out stops the
        workers, so none is left deciding for a server that is gone."""
        if self._holding:
            self._holding = False
            await asyncio.to_thread(release_workers)

    def wake(self, live: LiveMatch) -> None:
        """Start the match's bot task if a bot is to act and none is running."""
        if self._closing.is_set() or not live.bots_to_act or live.stuck:
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._play(live))

    async def _think(self, client: str, bot: Any, view: Any, legal: Any) -> Any:
        """The bot's choice, computed in a worker process once a bot slot is free.

        The worker is killed if it has not answered `max_bot_seconds` (plus a grace
        for starting a worker on a busy machine) after it was asked.
        """
        self.waiting += 1
        try:
            await self._slots.acquire(client)
        finally:
            self.waiting -= 1
        self.thinking += 1
        try:
            workers = shared_workers(self.limits.bot_workers)
            timeout = self.limits.max_bot_seconds + BOT_GRACE_SECONDS
            try:
                return await asyncio.to_thread(workers.choose, bot, view, legal, timeout)
            except NotPicklableError as err:  # a bot defined where a worker cannot import it
                log.warning("bot %s cannot run in a worker process (%s): using a thread", bot, err)
                return await asyncio.to_thread(bot.choose, view, legal)
        finally:
            self.thinking -= 1
            self._slots.release(client)

    async def _play(self, live: LiveMatch) -> None:
        """Let bots move until only humans (or nobody) are to act."""
        while not self._closing.is_set():
            async with live.lock:
                waiting = live.bots_to_act
                if not waiting:
                    return
                seat = waiting[0]
                decided = await self._decide(live, seat)
                if decided is None:
                    return
                action, over = decided
                try:
                    await self._commit(live, seat, action, over)
                except ApiError as err:
                    log.error("match %s: bot move not stored: %s", live.id, err.reason)
                    return
            live.notify()

    async def _decide(self, live: LiveMatch, seat: int) -> tuple[Any, bool] | None:
        """The bot's legal action (and whether it ends the game); on failure, a stand-in's
        (see `_stand_in`, or `_answer_in_secret` for a decision the table does not see);
        None if even that fails."""
        state = live.match.state
        kind = live.seats[seat]
        view, legal = state.view(seat), state.legal_actions(seat)
        try:
            # seeded by the moves its seat saw: a count of secret ones would make its
            # (public) choice depend on them
            seen = live.version_for(seat)
            bot = bot_for(kind, live.game, live.match.seed, seat, seen, self.limits)
            if kind == "random":
                action = bot.choose(view, legal)  # microseconds: no thread needed
            else:
                action = await self._think(live.client, bot, view, legal)
            # a bot's illegal choice is a failure like any other
            return action, state.apply(action, seat).is_over
        except Exception as err:  # any bot bug: report it, keep the match going
            failure = err
        self.failures += 1
        secret = seat not in public_to_act(state)
        log.error(
            "match %s: the bot in seat %d (%s) failed at move %d%s: %s",
            live.id,
            seat,
            kind,
            live.moves_made + 1,
            " (asked in secret: the players are not told)" if secret else "",
            failure,
            # a refused bot (a hand-edited seat, an illegal choice) is one line; a bug's
            # traceback is for its author
            exc_info=None if isinstance(failure, MeepleError) else failure,
        )
        if secret:
            return await self._answer_in_secret(live, seat, view, legal)
        return await self._stand_in(live, seat, view, legal, failure)

    async def _stand_in(
        self, live: LiveMatch, seat: int, view: Any, legal: Any, failure: Exception
    ) -> tuple[Any, bool] | None:
        """A bot failed on a decision the table sees: the random bot moves for it and plays
        its seat from now on, and every seat is told (`bot_error`)."""
        # the move as the table numbers it: counting secret ones would tell that one was made
        state, number, kind = live.match.state, live.version_for(None) + 1, live.seats[seat]
        what = f"the bot in seat {seat} ({kind}) failed at move {number} ({type(failure).__name__})"
        try:
            action = RandomBot(live.match.seed ^ number).choose(view, legal)
            over = state.apply(action, seat).is_over
        except Exception:  # the game itself is broken here: only a player can end it
            log.exception("match %s: %s, and so did the stand-in random bot", live.id, what)
            await self._stuck(live)
            return None
        live.seats = tuple("random" if p == seat else k for p, k in enumerate(live.seats))
        live.bot_error = f"{what}; the random bot plays seat {seat} from now on"
        await self._save_error(live)
        return action, over

    async def _answer_in_secret(
        self, live: LiveMatch, seat: int, view: Any, legal: Any
    ) -> tuple[Any, bool] | None:
        """A bot failed on a decision only its own seat sees (a Wypas offer of a special
        card): it answers as if it had declined, with the first move no other seat sees
        being made (Wypas: ``wait``), and nobody but the server's log is told. Telling
        the seats, or giving the seat to the random bot (seat kinds are public), would
        tell them that this seat was asked. The seat keeps its bot, asked anew next time.

        A game with no such move gets the random bot's choice, which the table sees
        anyway."""
        state = live.match.state
        try:
            action = unseen_answer(live.game, seat, state.players, legal)
            if action is None:
                action = RandomBot(live.match.seed ^ (live.version_for(None) + 1)).choose(
                    view, legal
                )
            return action, state.apply(action, seat).is_over
        except Exception:  # the game itself is broken here: only a player can end it
            log.exception("match %s: the secret stand-in answer failed too", live.id)
            await self._stuck(live)
            return None

    async def _stuck(self, live: LiveMatch) -> None:
        """Even the stand-in failed: the match waits until a seated player abandons it.

        The table is told in the same words whichever decision failed: naming the seat
        and move of a public one only would tell, by its absence, that a seat was asked
        in secret (the server's log has the details)."""
        live.stuck = True
        live.bot_error = STUCK
        await self._save_error(live)


def unseen_answer(game: Any, seat: int, players: int, legal: Sequence[Any]) -> Any | None:
    """The first of `legal` that no other seat (nor a spectator) sees `seat` make at all
    (`meeple.core.public.UNSEEN`: a secret decline), or None if every move is seen."""
    viewers = (None, *(p for p in range(players) if p != seat))
    for action in legal:
        if not any(is_seen(public_move(game, action, seat, viewer)) for viewer in viewers):
            return action
    return None
