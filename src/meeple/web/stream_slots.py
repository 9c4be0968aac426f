"""Live-update connections in all: a cap, and at the cap the address holding the most gives way.

A live-update stream is a request that lasts minutes; without a cap on them all,
addresses enough (each within its own caps) could hold every connection the server
has. At `Limits.max_streams` a new stream takes the place of the oldest stream of the
address holding the most (its own oldest if that is itself), so an address with few
streams always gets one from an address with many: the streams are shared out
evenly, never first come first served. A new stream is refused (429) only when its
address would hold no more than anyone else and every slot is taken.
"""

from __future__ import annotations

import itertools

from .errors import ApiError
from .live import Stream

__all__ = ["GIVEN_WAY", "REPLACED", "StreamSlots"]

GIVEN_WAY = (
    "the server is at its limit of live-update connections and your address holds the "
    "most of them: this one was closed for another address's"
)
"""What a stream closed to make room for another address's is told."""
REPLACED = (
    "the server is at its limit of live-update connections: a newer one from your "
    "address took this one's place"
)
"""What a stream closed to make room for a newer one of its own address is told."""


class StreamSlots:
    """Every open live-update stream, by client key, oldest first."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        """Most streams open at once."""
        self._by_client: dict[str, list[tuple[int, Stream]]] = {}
        self._order = itertools.count()
        self.open = 0
        """Streams counted now."""
        self.given_way = 0
        """Streams closed to make room for another one since start."""

    def take(self, stream: Stream) -> None:
        """Count `stream`, first closing another to make room at the cap; 429 if none may
        give way."""
        if self.open >= self.cap:
            self._drop_ended()
        if self.open >= self.cap:
            self._make_room(stream.client)
        self._by_client.setdefault(stream.client, []).append((next(self._order), stream))
        self.open += 1

    def give_back(self, stream: Stream) -> None:
        """A stream ended (counted once, however often it is given back)."""
        mine = self._by_client.get(stream.client, [])
        for index, (_, held) in enumerate(mine):
            if held is stream:
                del mine[index]
                self.open -= 1
                if not mine:
                    del self._by_client[stream.client]
                return

    def _drop_ended(self) -> None:
        """Stop counting streams already told to end (they leave within a moment)."""
        ended = [s for mine in self._by_client.values() for _, s in mine if s.ended]
        for stream in ended:
            self.give_back(stream)

    def _make_room(self, client: str) -> None:
        own = len(self._by_client.get(client, ()))
        most = max((len(s) for key, s in self._by_client.items() if key != client), default=0)
        if most > own + 1:  # after giving way it still holds at least as many as `client`
            oldest = min(s[0] for key, s in self._by_client.items() if len(s) == most)
            victim, why = oldest[1], GIVEN_WAY
        elif own:
            victim, why = self._by_client[client][0][1], REPLACED
        else:
            raise ApiError(
                429,
                f"the server already has {self.cap} live-update connections open, its "
                "limit; try again in a minute (the page still works by reloading it)",
                headers={"Retry-After": "60"},
            )
        self.give_back(victim)
        self.given_way += 1
        victim.end(why)
