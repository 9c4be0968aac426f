"""The lines of one live-update connection (server-sent events), timed by nothing secret.

Kept apart from the API module because its timing is a promise: what a connection
sends, and when, depends only on what its seat (or a spectator) may see. A move the
seat did not see (a secret ``wait`` in Wypas) does not wake the connection
(`LiveMatch.notify` wakes only the connections whose `LiveMatch.shown_to` changed),
and keep-alive comments go out on a fixed beat counted from the connection's start,
whatever happened in between, so not even their timing tells a seat that someone
was asked something in secret.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import AsyncGenerator
from collections.abc import Awaitable
from collections.abc import Callable

from .bodies import ClosedEvent
from .bodies import VersionEvent
from .bodies import write_body
from .limits import Limits
from .live import LiveMatch
from .live import Stream

__all__ = ["EVENT_GAP_SECONDS", "KEEP_ALIVE", "event_lines"]

EVENT_GAP_SECONDS = 0.1
"""Least time between two version events on one live-update connection: a burst of
moves becomes one event (docs/web.md: at most ten a second)."""
KEEP_ALIVE = ": keep-alive\n\n"
"""The comment sent on the beat (`Limits.heartbeat_seconds`)."""


def _event(name: str, message: VersionEvent | ClosedEvent) -> str:
    """One server-sent event, its data written from its type."""
    return f"event: {name}\ndata: {json.dumps(write_body(message))}\n\n"


async def event_lines(
    live: LiveMatch,
    stream: Stream,
    limits: Limits,
    closing: asyncio.Event,
    disconnected: Callable[[], Awaitable[bool]],
) -> AsyncGenerator[str, None]:
    """Version events as the stream's seat sees them change, and keep-alives on the
    beat, until the game ends, the stream is ended, the server closes or the time cap."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    ends = started + limits.stream_seconds
    beats = 1
    sent = -math.inf  # when the last version event went out
    yield "retry: 2000\n\n"
    while not closing.is_set() and not live.gone and loop.time() < ends:
        if stream.ended is not None:
            yield _event("closed", ClosedEvent(stream.ended))
            return
        shown = live.shown_to(stream.seat)
        if shown != stream.shown:
            early = sent + EVENT_GAP_SECONDS - loop.time()
            if early > 0:  # a change seen just after a keep-alive: never two events closer
                await asyncio.sleep(early)
                continue
            stream.shown = shown
            sent = loop.time()
            yield _event("version", VersionEvent(shown[0], shown[1]))
        stream.event.clear()
        beat = started + beats * limits.heartbeat_seconds
        try:
            await asyncio.wait_for(stream.event.wait(), timeout=max(0.0, beat - loop.time()))
        except TimeoutError:
            beats += 1
            if await disconnected():
                return
            yield KEEP_ALIVE
            continue
        await asyncio.sleep(EVENT_GAP_SECONDS)  # let a burst of moves become one event
