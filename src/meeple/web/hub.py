"""Live matches in memory: one lock per match, bots driven on the server, listeners told.

Every change to a match happens while holding that match's `asyncio.Lock`, after
checking the version (number of moves) the client saw; so two requests racing
for one decision are applied one after the other and the loser gets 409. A move
is first checked against the rules, then committed to the store (one row, in
the store's own thread, never on the event loop), and only then applied in
memory and acknowledged: an acknowledged move survives a crash. Bots think in
worker processes (at most `Limits.bot_workers` at once, each decision capped at
`Limits.max_bot_seconds`, a worker that overruns is killed); a bot that fails is
reported and the random bot plays its seat from then on.

A background sweep closes unfinished matches with no move for
`Limits.idle_seconds` and deletes finished ones past their retention. Rows that
cannot be decoded or replayed are reported (log and ``/api/status``) and
skipped; everything else is served.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import hashlib
import hmac
import logging
import re
import secrets
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from ..bots import RandomBot
from ..core.errors import (
    CorruptDataError,
    GameOverError,
    IllegalActionError,
    InvalidOptionsError,
    InvalidPlayerError,
    MalformedActionError,
    MeepleError,
    UnknownGameError,
)
from ..core.match import Match
from ..core.options import build_options, check_players, options_to_json
from ..core.protocols import Game
from ..core.record import GameRecord
from ..core.registry import Registry, default_registry
from .clients import Clients
from .errors import ApiError
from .limits import Limits
from .seats import HUMAN, bot_for, normalize_seat
from .store import Store, StoredMatch
from .workers import FairSlots, NotPicklableError, shared_workers

__all__ = ["BOT_GRACE_SECONDS", "DAMAGED", "Hub", "LiveMatch", "Stream", "hash_token"]

log = logging.getLogger("meeple.web")

_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
T = TypeVar("T")

DAMAGED = (
    "this match is stored but damaged and cannot be served; the server's log names what is wrong"
)
"""What a client is told about a damaged match (the details may hold secrets: they go
to the log)."""


BOT_GRACE_SECONDS = 10.0
"""How much longer than `Limits.max_bot_seconds` a bot's worker may take (pickling,
starting a worker process on a busy machine) before it is killed."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat token (the token itself is shown once, at creation)."""
    return hashlib.sha256(token.encode()).hexdigest()


def duration(seconds: float) -> str:
    """A readable span: ``45 seconds``, ``60 minutes``, ``2 hours``."""
    if seconds < 120:
        return f"{seconds:g} seconds"
    if seconds < 7200:
        return f"{seconds / 60:g} minutes"
    return f"{seconds / 3600:g} hours"


class Stream:
    """One live-update connection: a wake-up event, and why it was ended, if it was."""

    __slots__ = ("client", "ended", "event", "seat")

    def __init__(self, seat: int | None, client: str) -> None:
        self.seat = seat
        """The seat it follows (None: a spectator)."""
        self.client = client
        """The client key it was opened from."""
        self.event = asyncio.Event()
        """Set whenever the match changes (or the stream must end)."""
        self.ended: str | None = None
        """Why the server ended this stream, if it did."""

    def end(self, reason: str) -> None:
        """Ask the stream to end, telling its client why."""
        self.ended = reason
        self.event.set()


class LiveMatch:
    """A match the server is holding: the `Match`, its seats, its lock and its listeners."""

    def __init__(
        self,
        match_id: str,
        match: Match,
        seats: tuple[str, ...],
        token_hashes: tuple[str | None, ...],
        client: str = "",
    ) -> None:
        self.id = match_id
        """The match id (unguessable: it is also the spectator's key)."""
        self.match = match
        """The game session; only changed while `lock` is held."""
        self.seats = seats
        """``"human"`` or a bot spec, per seat."""
        self.token_hashes = token_hashes
        """SHA-256 of each human seat's token; None for bots."""
        self.client = client
        """The client key of the address that created it (its bots share that client's
        bot slots)."""
        self.lock = asyncio.Lock()
        """Held while a move is checked, stored and applied, and while a bot thinks."""
        self.seat_streams: dict[int, list[Stream]] = {}
        """Live-update connections per seat, oldest first."""
        self.spectators: set[Stream] = set()
        """Live-update connections without a seat token."""
        self.bot_task: asyncio.Task[None] | None = None
        """The task playing this match's bot seats, while one runs."""
        self.bot_error: str | None = None
        """Why a bot stopped playing its seat, if one failed (shown to the players)."""
        self.stuck = False
        """Whether even the stand-in random bot failed (only a player can end the match)."""
        self.closed: str | None = None
        """Why the match was closed unfinished (abandoned, or idle too long), if it was."""
        self.gone = False
        """Whether the match was deleted (retention) while held."""

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.match.game

    @property
    def version(self) -> int:
        """How many moves have been played: what clients send back with an action."""
        return len(self.match.history)

    @property
    def finished(self) -> bool:
        """Over, or closed unfinished: no more moves."""
        return self.closed is not None or self.match.state.is_over

    @property
    def bots_to_act(self) -> tuple[int, ...]:
        """Bot seats the game is waiting for."""
        if self.finished:
            return ()
        return tuple(p for p in sorted(self.match.state.to_act) if self.seats[p] != HUMAN)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; None without a token (spectator); 403 if wrong."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat, known in enumerate(self.token_hashes):
            if known is not None and hmac.compare_digest(known, digest):
                return seat
        raise ApiError(403, "this token does not belong to any seat of this match")

    def streams(self) -> list[Stream]:
        """Every live-update connection of this match."""
        return [s for group in self.seat_streams.values() for s in group] + list(self.spectators)

    def notify(self) -> None:
        """Wake every live-update connection."""
        for stream in self.streams():
            stream.event.set()


@attrs.define
class SweepReport:
    """What the last sweep did."""

    at: float = 0.0
    """When it ran (Unix time; 0 before the first)."""
    expired: int = 0
    """Matches it closed for having no move for too long."""
    pruned: int = 0
    """Finished matches it deleted."""


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
        self._bot_slots = FairSlots(self.limits.bot_workers, self.limits.bot_workers_per_client)
        self._db_thread = concurrent.futures.ThreadPoolExecutor(1, "meeple-sqlite")
        self._sweeper: asyncio.Task[None] | None = None
        self.closing = asyncio.Event()
        """Set when the server shuts down, so live-update streams end."""
        self.damaged: dict[str, str] = {}
        """Stored matches that cannot be served: id -> what is wrong (also logged)."""
        self.bot_failures = 0
        """Bot decisions that raised since start."""
        self.thinking = 0
        """Bot decisions being computed now."""
        self.waiting = 0
        """Bot decisions waiting for a free bot worker."""
        self.sweep_report = SweepReport()
        """What the last sweep did."""
        self.games_payload: bytes | None = None
        """``GET /api/games``, once computed."""

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
            live.notify()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
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
            game = self.game(game_name)
            check_players(game.spec, players)
            if players > self.limits.max_seats:
                raise InvalidOptionsError(
                    f"this server allows at most {self.limits.max_seats} seats"
                )
            if len(seats) != players:
                raise InvalidOptionsError(f"{len(seats)} seats given for {players} players")
            kinds = tuple(
                normalize_seat(s, game, self.limits, seat) for seat, s in enumerate(seats)
            )
            the_seed = secrets.randbelow(2**31) if seed is None else seed
            chosen = build_options(game.spec.name, game.options_type, options)
            match = Match(game, players, seed=the_seed, **options_to_json(chosen))
        except MeepleError as err:
            raise ApiError(422, str(err)) from None
        wait = self.clients.take_create(client)
        if wait > 0:
            limits = self.limits
            raise ApiError(
                429,
                f"you are creating matches too quickly (at most {limits.creates_per_minute:g} "
                f"a minute, {limits.create_burst} in a burst); try again in {wait:.0f} seconds",
                headers={"Retry-After": str(max(1, round(wait)))},
            )
        tokens = tuple(secrets.token_urlsafe(24) if k == HUMAN else None for k in kinds)
        hashes = tuple(None if t is None else hash_token(t) for t in tokens)
        match_id = secrets.token_urlsafe(12)
        created = await self._db(
            self.store.create,
            match_id,
            kinds,
            hashes,
            match.record(),
            client=client,
            max_open=self.limits.max_matches,
            max_open_per_client=self.limits.max_matches_per_client,
        )
        if created.refusal == "total":
            raise ApiError(
                429,
                f"the server already holds {self.limits.max_matches} unfinished matches, "
                "its limit; finish one or try later",
            )
        if created.refusal == "client":
            raise ApiError(
                429,
                f"your address already has {self.limits.max_matches_per_client} unfinished "
                "matches on this server, the most one address may have: finish or abandon "
                f"one (a match with no move for {duration(self.limits.idle_seconds)} is "
                "closed by itself)",
            )
        live = LiveMatch(match_id, match, kinds, hashes, client)
        self._hold(live)
        self.wake_bots(live)
        return live, tokens

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
            match = await asyncio.to_thread(self._replay, stored.record)
        except CorruptDataError as err:
            self._report_damage(match_id, str(err))
            raise ApiError(500, DAMAGED) from None
        live = self._restore(stored, match)
        self._hold(live)
        self.wake_bots(live)
        return live

    def _restore(self, stored: StoredMatch, match: Match) -> LiveMatch:
        live = LiveMatch(stored.id, match, stored.seats, stored.token_hashes, stored.client)
        live.bot_error = stored.bot_error
        if stored.status == "abandoned":
            live.closed = stored.closed or "closed"
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

    def _replay(self, record: GameRecord) -> Match:
        try:
            game = self.game(record.game)
        except UnknownGameError as err:
            raise CorruptDataError(f"record of an unavailable game: {err}") from None
        return record.replay_with(game)

    # playing ----------------------------------------------------------------------------

    async def act(self, live: LiveMatch, seat: int, notation: str, version: int) -> tuple[int, str]:
        """Play a human seat's move if `version` is current; the new version and the move.

        Runs to the end even if the request is cancelled, so memory and store agree.
        """
        if live.seats[seat] != HUMAN:
            raise ApiError(403, f"seat {seat} is played by a bot")
        return await asyncio.shield(self._act(live, seat, notation, version))

    async def _act(
        self, live: LiveMatch, seat: int, notation: str, version: int
    ) -> tuple[int, str]:
        async with live.lock:
            if version != live.version:
                raise ApiError(
                    409,
                    f"the match is at version {live.version}, not {version}: "
                    "look at the new position and choose again",
                    version=live.version,
                )
            if live.closed is not None:
                raise ApiError(409, f"the match was closed: {live.closed}", version=live.version)
            state = live.match.state
            if state.is_over:
                raise ApiError(409, "the game is over", version=live.version)
            try:
                action = live.game.parse_action(notation)
                after = state.apply(action, seat)
            except MalformedActionError as err:
                raise ApiError(422, str(err), version=live.version) from None
            except (IllegalActionError, InvalidPlayerError) as err:
                raise ApiError(422, str(err), version=live.version) from None
            except GameOverError as err:
                raise ApiError(409, str(err), version=live.version) from None
            await self._commit(live, seat, action, after.is_over)
            result = (live.version, str(action))
        live.notify()
        self.wake_bots(live)
        return result

    async def _commit(self, live: LiveMatch, seat: int, action: Any, over: bool) -> None:
        """Store the move, then play it in memory (the caller holds the match's lock)."""
        number = live.version + 1
        try:
            stored = await self._db(
                self.store.append_move, live.id, number, seat, str(action), over=over
            )
        except sqlite3.Error as err:
            log.error("match %s: move %d could not be stored: %s", live.id, number, err)
            raise ApiError(503, "the server could not store the move; try again") from None
        if not stored:
            live.closed = live.closed or "closed by the server"
            raise ApiError(409, f"the match was closed: {live.closed}", version=live.version)
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
        if self.closing.is_set() or not live.bots_to_act or live.stuck:
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._play_bots(live))

    async def _think(self, client: str, bot: Any, view: Any, legal: Any) -> Any:
        """The bot's choice, computed in a worker process once a bot slot is free.

        The worker is killed if it has not answered `max_bot_seconds` (plus a grace
        for starting a worker on a busy machine) after it was asked.
        """
        self.waiting += 1
        try:
            await self._bot_slots.acquire(client)
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
            self._bot_slots.release(client)

    async def _play_bots(self, live: LiveMatch) -> None:
        """Let bots move until only humans (or nobody) are to act."""
        while not self.closing.is_set():
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
        """The bot's legal action (and whether it ends the game); on failure, the random
        bot's, with the failure reported; None if even that fails."""
        state = live.match.state
        kind = live.seats[seat]
        number = live.version + 1
        view, legal = state.view(seat), state.legal_actions(seat)
        try:
            bot = bot_for(kind, live.game, live.match.seed, seat, live.version, self.limits)
            if kind == "random":
                action = bot.choose(view, legal)  # microseconds: no thread needed
            else:
                action = await self._think(live.client, bot, view, legal)
            # a bot's illegal choice is a failure like any other
            return action, state.apply(action, seat).is_over
        except Exception as err:  # any bot bug: report it, keep the match going
            failure = err
        self.bot_failures += 1
        log.error(
            "match %s: the bot in seat %d (%s) failed at move %d",
            live.id,
            seat,
            kind,
            number,
            exc_info=failure,
        )
        what = f"the bot in seat {seat} ({kind}) failed at move {number} ({type(failure).__name__})"
        try:
            action = RandomBot(live.match.seed ^ number).choose(view, legal)
            over = state.apply(action, seat).is_over
        except Exception:  # the game itself is broken here: only a player can end it
            log.exception("match %s: the stand-in random bot failed too", live.id)
            live.stuck = True
            live.bot_error = (
                f"{what}, and so did the random bot standing in; a seated player may "
                "abandon the match"
            )
            await self._save_bot_error(live)
            return None
        live.seats = tuple("random" if p == seat else k for p, k in enumerate(live.seats))
        live.bot_error = f"{what}; the random bot plays seat {seat} from now on"
        await self._save_bot_error(live)
        return action, over

    async def _save_bot_error(self, live: LiveMatch) -> None:
        try:
            await self._db(self.store.set_bot_error, live.id, live.seats, live.bot_error or "")
        except sqlite3.Error as err:
            log.error("match %s: the bot failure could not be stored: %s", live.id, err)
        live.notify()

    # live updates ---------------------------------------------------------------------

    def subscribe(self, live: LiveMatch, seat: int | None, client: str) -> Stream:
        """A live-update slot: a seat always gets one (its oldest gives way); spectators
        are capped per match and per client (429)."""
        limits = self.limits
        if seat is not None:
            mine = live.seat_streams.setdefault(seat, [])
            while len(mine) >= limits.max_seat_streams:
                mine.pop(0).end("a newer connection for this seat took over its live updates")
            stream = Stream(seat, client)
            mine.append(stream)
            return stream
        if len(live.spectators) >= limits.max_spectators:
            raise ApiError(
                429,
                f"match {live.id} already has {limits.max_spectators} spectators following it "
                "live, its limit; try later (players always get a slot with their link)",
            )
        if not self.clients.open_stream(client):
            raise ApiError(
                429,
                f"your address already has {limits.max_streams_per_client} live-update "
                "connections open without a seat token, the most one address may have",
            )
        stream = Stream(None, client)
        live.spectators.add(stream)
        return stream

    def unsubscribe(self, live: LiveMatch, stream: Stream) -> None:
        """Give a live-update slot back."""
        if stream.seat is None:
            if stream in live.spectators:
                live.spectators.discard(stream)
                self.clients.close_stream(stream.client)
        else:
            mine = live.seat_streams.get(stream.seat, [])
            if stream in mine:
                mine.remove(stream)

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
        limits = self.limits
        now = time.time()
        reason = f"no move for {duration(limits.idle_seconds)}"
        expired = await self._db(self.store.expire, now - limits.idle_seconds, reason)
        for match_id in expired:
            live = self._live.get(match_id)
            if live is not None and live.closed is None:
                live.closed = reason
                live.notify()
        if expired:
            log.info("closed %d idle matches (%s)", len(expired), reason)
        pruned: tuple[str, ...] = ()
        while True:
            batch = await self._db(
                self.store.prune, now - limits.keep_finished_days * 86_400, limits.max_finished
            )
            pruned += batch
            if len(batch) < 500:
                break
        for match_id in pruned:
            live = self._live.pop(match_id, None)
            self.damaged.pop(match_id, None)
            if live is not None:
                live.gone = True
                live.notify()
        if pruned:
            log.info("deleted %d finished matches past their retention", len(pruned))
        self.sweep_report = SweepReport(now, len(expired), len(pruned))
        return self.sweep_report

    async def status(self) -> dict[str, Any]:
        """Counts and limits for the operator (no ids, no addresses)."""
        counts = await self._db(self.store.counts)
        live = list(self._live.values())
        return {
            "matches": {
                "open": counts.open,
                "over": counts.over,
                "abandoned": counts.abandoned,
                "damaged": len(self.damaged),
                "in_memory": len(live),
            },
            "clients": {"tracked": self.clients.tracked, "refused": self.clients.refused},
            "streams": {
                "players": sum(len(g) for m in live for g in m.seat_streams.values()),
                "spectators": sum(len(m.spectators) for m in live),
            },
            "bots": {
                "thinking": self.thinking,
                "waiting": self.waiting,
                "failures": self.bot_failures,
                "stuck": sum(1 for m in live if m.stuck and not m.finished),
            },
            "sweep": attrs.asdict(self.sweep_report),
            "limits": attrs.asdict(self.limits),
        }
