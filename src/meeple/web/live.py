"""A match the server holds in memory, and the live-update connections that follow it.

Kept apart from the hub (which decides what happens to matches) because every
other part of the server reads these objects: the API, the presenter, the bot
driver and the sweep all take a `LiveMatch`; none of them needs the hub.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac

from ..core.match import Match
from ..core.protocols import Game
from ..core.public import seen_count
from ..core.turns import asking_order
from ..core.turns import public_to_act
from .clients import Clients
from .errors import ApiError
from .limits import Limits
from .seats import HUMAN
from .store import StoredMatch

__all__ = ["DAMAGED", "MATCH_ID_BYTES", "TOKEN_BYTES", "LiveMatch", "Shown", "Stream", "hash_token"]

DAMAGED = (
    "this match is stored but damaged and cannot be served; the server's log names what is wrong"
)
"""What a client is told about a damaged match (the details may hold secrets: they go
to the log)."""


Shown = tuple[int, bool, str | None, str | None]
"""What a live-update connection tells: the version its seat saw, whether the game is
over, a bot failure, why the match was closed (`LiveMatch.shown_to`)."""


TOKEN_BYTES = 24
"""Random bytes of a seat token (192 bits), written in URL-safe base64."""
MATCH_ID_BYTES = 12
"""Random bytes of a match id (96 bits), written in URL-safe base64."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat token (the token itself is shown once, at creation)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Stream:
    """One live-update connection: a wake-up event, and why it was ended, if it was."""

    __slots__ = ("client", "ended", "event", "seat", "shown")

    def __init__(self, seat: int | None, client: str) -> None:
        self.seat = seat
        """The seat it follows (None: a spectator)."""
        self.client = client
        """The client key it was opened from."""
        self.event = asyncio.Event()
        """Set whenever the match changes (or the stream must end)."""
        self.ended: str | None = None
        """Why the server ended this stream, if it did."""
        self.shown: Shown | None = None
        """What it last sent (`LiveMatch.shown_to`); None before its first event."""

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
        *,
        seed_chosen: bool = False,
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
        self.chosen_seed = match.seed if seed_chosen else None
        """The seed, if its creator chose it (then every seat and spectator is shown it, so
        that nobody knows more of the deal than the others); None if the server drew it.
        The view body sends it as decimal digits (`meeple.web.bodies.MatchView`)."""
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
        self._seen: dict[int | None, tuple[int, int]] = {}
        """Per viewer: (moves counted so far, how many of them it saw), for `version_for`."""
        self.closed: str | None = None
        """Why the match was closed unfinished (abandoned, or idle too long), if it was."""
        self.gone = False
        """Whether the match was deleted (retention) while held."""

    @classmethod
    def restored(cls, stored: StoredMatch, match: Match) -> LiveMatch:
        """A stored match, replayed into `match`, held again."""
        live = cls(
            stored.id,
            match,
            stored.seats,
            stored.token_hashes,
            stored.client,
            seed_chosen=stored.seed_chosen,
        )
        live.bot_error = stored.bot_error
        if stored.status == "abandoned":
            live.closed = stored.closed or "closed"
        return live

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.match.game

    @property
    def moves_made(self) -> int:
        """Every move played, those made in secret included: the store numbers moves by
        it, and the server's log names them by it. Never shown to a client, nor a seed
        of anything a client sees: a seat or a spectator is shown `version_for`."""
        return len(self.match.history)

    def version_for(self, seat: int | None) -> int:
        """The version `seat` (None: a spectator) is shown and sends back with an action:
        the moves it saw being made. A move it did not see at all (a secret decline) is
        not counted, so the number tells nobody that another seat was asked."""
        moves = self.match.history
        looked, seen = self._seen.get(seat, (0, 0))
        if looked > len(moves):  # pragma: no cover - the server never takes a move back
            looked, seen = 0, 0
        seen += seen_count(self.game, moves[looked:], seat)
        self._seen[seat] = (len(moves), seen)
        return seen

    @property
    def finished(self) -> bool:
        """Over, or closed unfinished: no more moves."""
        return self.closed is not None or self.match.state.is_over

    @property
    def bots_to_act(self) -> tuple[int, ...]:
        """Bot seats the game is waiting for, in the order the bot driver plays them
        (seats asked in secret first, `meeple.core.asking_order`).

        A human asked in secret (a Wypas seat offered a special card) answers before
        the seats the table sees acting: while one has not, the bots among those wait
        for it, as a driver asking one seat at a time would, so the human can take
        the offer rather than race a bot that moves in milliseconds. Bots asked in
        secret still decide."""
        if self.finished:
            return ()
        order = asking_order(self.match.state)
        if self.humans_asked_in_secret():  # the seats the table sees acting wait
            public = public_to_act(self.match.state)
            order = tuple(p for p in order if p not in public)
        return tuple(p for p in order if self.seats[p] != HUMAN)

    def humans_asked_in_secret(self) -> frozenset[int]:
        """The human seats to act that the table does not see acting (Wypas offers):
        the bots the table sees acting wait for their answers."""
        to_act = self.match.state.to_act
        if self.finished or len(to_act) <= 1:
            return frozenset()  # one seat to act is one the table sees
        humans = frozenset(p for p in to_act if self.seats[p] == HUMAN)
        return humans - public_to_act(self.match.state) if humans else humans

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

    def shown_to(self, seat: int | None) -> Shown:
        """What a live-update connection of `seat` (None: a spectator) tells now."""
        return self.version_for(seat), self.match.state.is_over, self.bot_error, self.closed

    def notify(self) -> None:
        """Wake the live-update connections whose seat sees something new: a move a seat
        did not see being made (a secret ``wait``) wakes none of its connections, so
        their timing tells nothing of it."""
        shown: dict[int | None, Shown] = {}
        for stream in self.streams():
            if stream.seat not in shown:
                shown[stream.seat] = self.shown_to(stream.seat)
            if shown[stream.seat] != stream.shown:
                stream.event.set()

    def wake_all(self) -> None:
        """Wake every live-update connection (the server closes, the match was deleted)."""
        for stream in self.streams():
            stream.event.set()

    def subscribe(self, seat: int | None, client: str, limits: Limits, clients: Clients) -> Stream:
        """A live-update slot: a seat always gets one (its oldest gives way); spectators
        are capped per match and per client (429)."""
        if seat is not None:
            mine = self.seat_streams.setdefault(seat, [])
            while len(mine) >= limits.max_seat_streams:
                mine.pop(0).end("a newer connection for this seat took over its live updates")
            stream = Stream(seat, client)
            mine.append(stream)
            return stream
        if len(self.spectators) >= limits.max_spectators:
            raise ApiError(
                429,
                f"match {self.id} already has {limits.max_spectators} spectators following it "
                "live, its limit; try later (players always get a slot with their link)",
            )
        if not clients.open_stream(client):
            raise ApiError(
                429,
                f"your address already has {limits.max_streams_per_client} live-update "
                "connections open without a seat token, the most one address may have",
            )
        stream = Stream(None, client)
        self.spectators.add(stream)
        return stream

    def unsubscribe(self, stream: Stream, clients: Clients) -> None:
        """Give a live-update slot back."""
        if stream.seat is None:
            if stream in self.spectators:
                self.spectators.discard(stream)
                clients.close_stream(stream.client)
        else:
            mine = self.seat_streams.get(stream.seat, [])
            if stream in mine:
                mine.remove(stream)
