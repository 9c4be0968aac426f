"""Live matches in memory: one lock per match, bots driven on the server, listeners told.

Every change to a match happens on the event loop while holding that match's
`asyncio.Lock`, after checking the version (number of moves) the client saw; so
two requests racing for one decision are applied one after the other and the
loser gets 409. Bots think in worker threads (at most `Limits.bot_threads` at
once) while their match's lock is held, and reads never need the lock because
states are immutable.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

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
from .errors import ApiError
from .limits import Limits
from .seats import HUMAN, bot_for, normalize_seat
from .store import Store

__all__ = ["Hub", "LiveMatch", "hash_token"]

log = logging.getLogger("meeple.web")

_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def hash_token(token: str) -> str:
    """What the store keeps of a seat token (the token itself is shown once, at creation)."""
    return hashlib.sha256(token.encode()).hexdigest()


class LiveMatch:
    """A match the server is holding: the `Match`, its seats, its lock and its listeners."""

    def __init__(
        self,
        match_id: str,
        match: Match,
        seats: tuple[str, ...],
        token_hashes: tuple[str | None, ...],
    ) -> None:
        self.id = match_id
        """The match id (unguessable: it is also the spectator's key)."""
        self.match = match
        """The game session; only changed while `lock` is held."""
        self.seats = seats
        """``"human"`` or a bot spec, per seat."""
        self.token_hashes = token_hashes
        """SHA-256 of each human seat's token; None for bots."""
        self.lock = asyncio.Lock()
        """Held while a move is checked and applied, and while a bot thinks."""
        self.listeners: set[asyncio.Event] = set()
        """One event per live-update connection, set on every change."""
        self.bot_task: asyncio.Task[None] | None = None
        """The task playing this match's bot seats, while one runs."""
        self.bot_error: str | None = None
        """Why a bot stopped playing, if one failed (shown to the players)."""

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.match.game

    @property
    def version(self) -> int:
        """How many moves have been played: what clients send back with an action."""
        return len(self.match.history)

    @property
    def bots_to_act(self) -> tuple[int, ...]:
        """Bot seats the game is waiting for."""
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

    def notify(self) -> None:
        """Wake every live-update connection."""
        for event in self.listeners:
            event.set()


class Hub:
    """Creates, loads, changes and persists matches."""

    def __init__(
        self,
        store: Store,
        limits: Limits | None = None,
        games: Mapping[str, Game] | None = None,
        registry: Registry | None = None,
    ) -> None:
        self.store = store
        """Where records live."""
        self.limits = limits or Limits()
        """Resource bounds."""
        self.registry = registry or (Registry() if games else default_registry)
        """Where games are looked up: the one registry, plus `games` added by hand
        (plugins under development, tests) to a registry of this hub's own."""
        for game in (games or {}).values():
            self.registry.add(game)
        self._live: dict[str, LiveMatch] = {}
        self._create_lock = asyncio.Lock()
        self._bot_slots = asyncio.Semaphore(self.limits.bot_threads)
        self.closing = asyncio.Event()
        """Set when the server shuts down, so live-update streams end."""

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
            kinds = tuple(normalize_seat(s, game, self.limits) for s in seats)
            the_seed = secrets.randbelow(2**31) if seed is None else seed
            chosen = build_options(game.spec.name, game.options_type, options)
            match = Match(game, players, seed=the_seed, **options_to_json(chosen))
        except MeepleError as err:
            raise ApiError(422, str(err)) from None
        tokens = tuple(secrets.token_urlsafe(24) if k == HUMAN else None for k in kinds)
        hashes = tuple(None if t is None else hash_token(t) for t in tokens)
        async with self._create_lock:
            if self.store.count_unfinished() >= self.limits.max_matches:
                raise ApiError(
                    429,
                    f"the server already holds {self.limits.max_matches} unfinished matches, "
                    "its limit; finish one or try later",
                )
            match_id = secrets.token_urlsafe(12)
            live = LiveMatch(match_id, match, kinds, hashes)
            self.store.insert(match_id, kinds, hashes, match.record(), over=match.state.is_over)
            self._hold(live)
        self.wake_bots(live)
        return live, tokens

    def get(self, match_id: str) -> LiveMatch:
        """A match by id, loading it from the store after a restart; 404 if unknown."""
        live = self._live.get(match_id)
        if live is not None:
            return live
        if not _ID.fullmatch(match_id):
            raise ApiError(404, f"no match {match_id!r}")
        try:
            stored = self.store.load(match_id)
            if stored is None:
                raise ApiError(404, f"no match {match_id!r}")
            match = self._replay(stored.record)
        except (CorruptDataError, UnknownGameError) as err:
            log.error("match %s cannot be restored: %s", match_id, err)
            raise ApiError(
                500, f"match {match_id} is stored but cannot be restored: {err}"
            ) from None
        live = LiveMatch(match_id, match, stored.seats, stored.token_hashes)
        self._hold(live)
        self.wake_bots(live)
        return live

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
            idle = not old.listeners and (old.bot_task is None or old.bot_task.done())
            if old is not live and old.match.state.is_over and idle and not old.lock.locked():
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

    def resume(self) -> int:
        """Load every unfinished stored match so its bots play on; how many were loaded."""
        loaded = 0
        for match_id in self.store.unfinished_ids():
            with contextlib.suppress(ApiError):  # logged by `get`; the others still resume
                self.get(match_id)
                loaded += 1
        return loaded

    # playing ----------------------------------------------------------------------------

    async def act(self, live: LiveMatch, seat: int, notation: str, version: int) -> tuple[int, str]:
        """Play a human seat's move if `version` is current; the new version and the move."""
        if live.seats[seat] != HUMAN:
            raise ApiError(403, f"seat {seat} is played by a bot")
        async with live.lock:
            if version != live.version:
                raise ApiError(
                    409,
                    f"the match is at version {live.version}, not {version}: "
                    "look at the new position and choose again",
                    version=live.version,
                )
            state = live.match.state
            if state.is_over:
                raise ApiError(409, "the game is over", version=live.version)
            try:
                action = live.game.parse_action(notation)
                live.match.play(action, seat)
            except MalformedActionError as err:
                raise ApiError(422, str(err), version=live.version) from None
            except (IllegalActionError, InvalidPlayerError) as err:
                raise ApiError(422, str(err), version=live.version) from None
            except GameOverError as err:
                raise ApiError(409, str(err), version=live.version) from None
            self._save(live)
            result = (live.version, str(action))
        live.notify()
        self.wake_bots(live)
        return result

    def _save(self, live: LiveMatch) -> None:
        self.store.update(live.id, live.match.record(), over=live.match.state.is_over)

    def wake_bots(self, live: LiveMatch) -> None:
        """Start the match's bot task if a bot is to act and none is running."""
        if self.closing.is_set() or not live.bots_to_act or live.bot_error is not None:
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._play_bots(live))

    async def _play_bots(self, live: LiveMatch) -> None:
        """Let bots move until only humans (or nobody) are to act."""
        while not self.closing.is_set():
            async with live.lock:
                waiting = live.bots_to_act
                if not waiting:
                    return
                seat = waiting[0]
                state = live.match.state
                bot = bot_for(live.seats[seat], live.game, live.match.seed, seat, live.version)
                view, legal = state.view(seat), state.legal_actions(seat)
                try:
                    async with self._bot_slots:
                        action = await asyncio.to_thread(_choose, bot.choose, view, legal)
                    live.match.play(action, seat)
                except Exception as err:  # a broken bot must not kill the server
                    live.bot_error = f"the bot in seat {seat} failed: {err!r}"
                    log.exception("match %s: bot in seat %d failed", live.id, seat)
                    live.notify()
                    return
                self._save(live)
            live.notify()

    def subscribe(self, live: LiveMatch) -> asyncio.Event:
        """A wake-up event for one live-update connection; 429 past the limit."""
        if len(live.listeners) >= self.limits.max_listeners:
            raise ApiError(429, f"match {live.id} already has {self.limits.max_listeners} watchers")
        event = asyncio.Event()
        live.listeners.add(event)
        return event

    async def close(self) -> None:
        """Stop bot tasks, wake streams so they end, and close the store."""
        self.closing.set()
        tasks = [m.bot_task for m in self._live.values() if m.bot_task is not None]
        for live in self._live.values():
            live.notify()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.store.close()


def _choose(choose: Callable[[Any, Any], Any], view: Any, legal: Any) -> Any:
    return choose(view, legal)
