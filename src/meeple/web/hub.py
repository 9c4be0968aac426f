"""Live matches in memory: one lock per match, bots driven on the server, listeners told.

The hub decides what happens to matches; the matches themselves are in
`meeple.web.live`, their bot seats in `meeple.web.bot_seats`, the sweep and the
operator's counts in `meeple.web.upkeep`.

Every change to a match happens while holding that match's `asyncio.Lock`, after
checking the version the client saw (the moves its seat saw being made); so two racing
for one decision are applied one after the other and the loser gets 409. A move
is first checked against the rules, then committed to the store (one row, in
the store's own thread, never on the event loop), and only then applied in
memory and acknowledged: an acknowledged move survives a crash. Rows that
cannot be decoded or replayed are reported (log and ``/api/status``) and
skipped; everything else is served.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import logging
import re
import secrets
import sqlite3
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from typing import TypeVar

from ..core.errors import CorruptDataError
from ..core.errors import GameOverError
from ..core.errors import IllegalActionError
from ..core.errors import InvalidPlayerError
from ..core.errors import MalformedActionError
from ..core.errors import MeepleError
from ..core.protocols import Game
from ..core.public import seen_count
from ..core.registry import Registry
from ..core.registry import default_registry
from .bot_seats import BOT_GRACE_SECONDS
from .bot_seats import BotDriver
from .build import replay_stored
from .build import requested_match
from .clients import Clients
from .errors import ApiError
from .errors import creating_too_quickly
from .errors import too_many_open
from .limits import Limits
from .live import DAMAGED
from .live import MATCH_ID_BYTES
from .live import TOKEN_BYTES
from .live import LiveMatch
from .live import Stream
from .live import hash_token
from .match_cap import Caps
from .match_cap import full_reason
from .seats import HUMAN
from .store import NewMatch
from .store import Store
from .stream_slots import StreamSlots
from .upkeep import SweepReport
from .upkeep import status_payload
from .upkeep import sweep

__all__ = ["BOT_GRACE_SECONDS", "DAMAGED", "Hub", "LiveMatch", "Stream", "hash_token"]

log = logging.getLogger("meeple.web")

_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
T = TypeVar("T")


class Hub:
    """Creates, loads, changes and persists matches; enforces the match and stream limits."""

    def __init__(
        self,
        store: Store | str | Path,
        limits: Limits | None = None,
        games: Mapping[str, Game] | None = None,
        registry: Registry | None = None,
        clients: Clients | None = None,
    ) -> None:
        self._store_or_path = store
        self.limits = limits or Limits()
        """Resource bounds."""
        self.clients = clients or Clients(self.limits)
        """Per-client rates and counts (shared with the request limiter)."""
        self.registry = registry or (Registry() if games else default_registry)
        """Where games are looked up: the one registry, plus `games` added by hand
        (plugins under development, tests) to a registry of this hub's own."""
        for game in (games or {}).values():
            self.registry.add(game)
        self._live: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Future[LiveMatch]] = {}
        self._db_thread = concurrent.futures.ThreadPoolExecutor(1, "meeple-sqlite")
        self._sweeper: asyncio.Task[None] | None = None
        self.closing = asyncio.Event()
        """Set when the server shuts down, so live-update streams end."""
        self.damaged: dict[str, str] = {}
        """Stored matches that cannot be served: id -> what is wrong (also logged)."""
        self.bots = BotDriver(self.limits, self.closing, self._commit, self._save_bot_error)
        """Plays the bot seats (bounded workers; failures reported, never stuck)."""
        self.sweep_report = SweepReport()
        """What the last sweep did."""
        self.games_payload: bytes | None = None
        """``GET /api/games``, once computed."""
        self.stream_slots = StreamSlots(self.limits.max_streams)
        """Every live-update connection, capped in all (`Limits.max_streams`)."""

    @property
    def store(self) -> Store:
        """The open store (after `start`)."""
        if not isinstance(self._store_or_path, Store):
            raise RuntimeError("the hub has not been started")
        return self._store_or_path

    async def _db(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run `work` in the store's thread (SQLite never runs on the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_thread, functools.partial(work, *args, **kwargs))

    # start and stop -----------------------------------------------------------------------

    async def start(self) -> None:
        """Open the store (migrating an old one), sweep, resume unfinished matches."""
        if not isinstance(self._store_or_path, Store):
            self._store_or_path = await self._db(Store, self._store_or_path)
        for label, reason in self.store.migration_problems:
            self._report_damage(label, f"{reason} (left in table matches_v1)")
        self.bots.start()
        await self.sweep()
        await self.resume()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def resume(self) -> int:
        """Load every unfinished stored match so its bots play on; how many were loaded."""
        loaded = 0
        for match_id, label in await self._db(self.store.open_ids):
            if match_id is None:
                self._report_damage(label, "its id is not UTF-8 text")
                continue
            with contextlib.suppress(ApiError):  # reported by `get`; the others still resume
                await self.get(match_id)
                loaded += 1
        return loaded

    async def close(self) -> None:
        """Stop the sweep and the bot tasks, end the streams, then close the store."""
        self.closing.set()
        tasks = [m.bot_task for m in self._live.values() if m.bot_task is not None]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for live in self._live.values():
            live.wake_all()
        for task in tasks:
            task.cancel()
        try:
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await self.bots.close()
        finally:  # the database is closed whatever failed before
            if isinstance(self._store_or_path, Store):
                await self._db(self._store_or_path.close)
            self._db_thread.shutdown(wait=True)

    # games ---------------------------------------------------------------------------

    def game_names(self) -> tuple[str, ...]:
        """Every game this server offers, sorted."""
        return self.registry.names()

    def game(self, name: str) -> Game:
        """A game by name; UnknownGameError lists the names offered."""
        return self.registry.get(name)

    # creating and finding matches -----------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int,
        options: Mapping[str, Any],
        seats: Sequence[Any],
        seed: int | None,
        client: str = "local",
    ) -> tuple[LiveMatch, tuple[str | None, ...]]:
        """A new match and one fresh token per human seat; 422 or 429 if refused."""
        try:
            match, kinds = requested_match(
                self.registry, self.limits, game_name, players, options, seats, seed
            )
        except MeepleError as err:
            raise ApiError(422, str(err)) from None
        wait = self.clients.take_create(client)
        if wait > 0:
            raise creating_too_quickly(self.limits, wait)
        tokens = tuple(secrets.token_urlsafe(TOKEN_BYTES) if k == HUMAN else None for k in kinds)
        hashes = tuple(None if t is None else hash_token(t) for t in tokens)
        match_id = secrets.token_urlsafe(MATCH_ID_BYTES)
        reason = full_reason(self.limits)
        created = await self._db(
            self.store.create,
            NewMatch(match_id, kinds, hashes, match.record(), client, seed is not None),
            Caps.of(self.limits),
            reason,
        )
        if created.gave_way is not None:
            self._closed_elsewhere(created.gave_way, reason)
        if created.refusal is not None:
            raise too_many_open(self.limits, created.refusal, created.wait)
        live = LiveMatch(match_id, match, kinds, hashes, client, seed_chosen=seed is not None)
        self._hold(live)
        self.wake_bots(live)
        return live, tokens

    def _closed_elsewhere(self, match_id: str, reason: str) -> None:
        """A match closed in the store (for room, or by the operator): tell its players."""
        log.info("match %s: %s", match_id, reason)
        live = self._live.get(match_id)
        if live is not None and live.closed is None:
            live.closed = reason
            live.notify()

    def held(self, match_id: str) -> LiveMatch:
        """A match held in memory now (no loading); KeyError if it is not."""
        return self._live[match_id]

    async def get(self, match_id: str) -> LiveMatch:
        """A match by id, loading it from the store if needed; 404 if unknown, 500 if damaged."""
        live = self._live.get(match_id)
        if live is not None:
            return live
        if not _ID.fullmatch(match_id):
            raise ApiError(404, f"no match {match_id!r}")
        if match_id in self.damaged:
            raise ApiError(500, DAMAGED)
        loading = self._loading.get(match_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(match_id))
            self._loading[match_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(match_id, None))
        return await asyncio.shield(loading)

    async def _load(self, match_id: str) -> LiveMatch:
        try:
            stored = await self._db(self.store.load, match_id)
            if stored is None:
                raise ApiError(404, f"no match {match_id!r}")
            match = await asyncio.to_thread(replay_stored, self.registry, stored.record)
        except CorruptDataError as err:
            self._report_damage(match_id, str(err))
            raise ApiError(500, DAMAGED) from None
        live = LiveMatch.restored(stored, match)
        self._hold(live)
        self.wake_bots(live)
        return live

    def _report_damage(self, match_id: str, reason: str) -> None:
        self.damaged[match_id] = reason
        log.error("stored match %s is damaged and skipped: %s", match_id, reason)

    def _hold(self, live: LiveMatch) -> None:
        """Keep a match in memory, first dropping finished idle ones past the limit.

        A dropped match is still in the store and is loaded again when asked for.
        """
        self._live[live.id] = live
        excess = len(self._live) - self.limits.max_matches
        if excess <= 0:
            return
        for old in list(self._live.values()):
            if excess <= 0:
                break
            idle = not old.streams() and (old.bot_task is None or old.bot_task.done())
            if old is not live and old.finished and idle and not old.lock.locked():
                del self._live[old.id]
                excess -= 1

    @property
    def in_memory(self) -> int:
        """How many matches are held in memory now."""
        return len(self._live)

    # playing ----------------------------------------------------------------------------

    async def act(self, live: LiveMatch, seat: int, notation: str, version: int) -> tuple[int, str]:
        """Play a human seat's move if `version` (the seat's, `LiveMatch.version_for`) is
        current; the seat's new version and the move.

        Runs to the end even if the request is cancelled, so memory and store agree.
        """
        if live.seats[seat] != HUMAN:
            raise ApiError(403, f"seat {seat} is played by a bot")
        return await asyncio.shield(self._act(live, seat, notation, version))

    async def _act(
        self, live: LiveMatch, seat: int, notation: str, version: int
    ) -> tuple[int, str]:
        async with live.lock:
            # The version this seat was shown: the moves it saw (`LiveMatch.version_for`).
            seen = live.version_for(seat)
            if version != seen:
                raise ApiError(
                    409,
                    f"the match is at version {seen}, not {version}: "
                    "look at the new position and choose again",
                    version=seen,
                )
            if live.closed is not None:
                raise ApiError(409, f"the match was closed: {live.closed}", version=seen)
            state = live.match.state
            if state.is_over:
                raise ApiError(409, "the game is over", version=seen)
            try:
                action = live.game.parse_action(notation)
                after = state.apply(action, seat)
            except (MalformedActionError, IllegalActionError, InvalidPlayerError) as err:
                raise ApiError(422, str(err), version=seen) from None
            except GameOverError as err:
                raise ApiError(409, str(err), version=seen) from None
            await self._commit(live, seat, action, after.is_over)
            result = (live.version_for(seat), str(action))
        live.notify()
        self.wake_bots(live)
        return result

    async def _commit(self, live: LiveMatch, seat: int, action: Any, over: bool) -> None:
        """Store the move, then play it in memory (the caller holds the match's lock)."""
        number = live.moves_made + 1
        seen = seen_count(live.game, [(seat, action)], None) == 1
        try:
            stored = await self._db(
                self.store.append_move, live.id, number, seat, str(action), over=over, seen=seen
            )
        except sqlite3.Error as err:
            log.error("match %s: move %d could not be stored: %s", live.id, number, err)
            raise ApiError(503, "the server could not store the move; try again") from None
        if not stored:
            live.closed = live.closed or "closed by the server"
            raise ApiError(
                409, f"the match was closed: {live.closed}", version=live.version_for(seat)
            )
        live.match.play(action, seat)

    async def abandon(self, live: LiveMatch, seat: int) -> None:
        """A seated player closes the match unfinished (it stops counting against the caps)."""
        async with live.lock:
            if live.closed is not None:
                raise ApiError(409, f"the match was already closed: {live.closed}")
            if live.match.state.is_over:
                raise ApiError(409, "the game is over")
            reason = f"abandoned by player {seat}"
            await self._db(self.store.close_match, live.id, reason)
            live.closed = reason
        log.info("match %s: %s", live.id, reason)
        live.notify()

    def wake_bots(self, live: LiveMatch) -> None:
        """Start the match's bot task if a bot is to act and none is running."""
        self.bots.wake(live)

    async def _save_bot_error(self, live: LiveMatch) -> None:
        try:
            await self._db(self.store.set_bot_error, live.id, live.seats, live.bot_error or "")
        except sqlite3.Error as err:
            log.error("match %s: the bot failure could not be stored: %s", live.id, err)
        live.notify()

    # live updates ---------------------------------------------------------------------

    def subscribe(self, live: LiveMatch, seat: int | None, client: str) -> Stream:
        """A live-update slot (see `LiveMatch.subscribe`), counted against the server's
        cap (see `StreamSlots`)."""
        stream = live.subscribe(seat, client, self.limits, self.clients)
        try:
            self.stream_slots.take(stream)
        except ApiError:
            live.unsubscribe(stream, self.clients)
            raise
        return stream

    def unsubscribe(self, live: LiveMatch, stream: Stream) -> None:
        """Give a live-update slot back."""
        live.unsubscribe(stream, self.clients)
        self.stream_slots.give_back(stream)

    # the sweep and the status -----------------------------------------------------------

    async def _sweep_forever(self) -> None:
        while not self.closing.is_set():
            await asyncio.sleep(self.limits.sweep_seconds)
            try:
                await self.sweep()
            except Exception:  # a failed sweep is retried at the next tick
                log.exception("the sweep of idle and old matches failed")

    async def sweep(self) -> SweepReport:
        """Close idle unfinished matches; delete finished ones past their retention."""
        self.sweep_report = await sweep(self.limits, self._db, self.store, self._live, self.damaged)
        return self.sweep_report

    async def status(self) -> dict[str, Any]:
        """Counts and limits for the operator (no ids, no addresses)."""
        counts = await self._db(self.store.counts)
        return status_payload(
            counts,
            self._live,
            len(self.damaged),
            self.clients,
            self.bots,
            self.sweep_report,
            self.limits,
        )
