"""Live-update timing tells nothing secret (issue 30, item 3).

A secret move (seat 3's ``wait`` on a Wypas offer) used to wake every live-update
connection of the match; none sent an event, but each restarted its keep-alive
timer, so the gap between keep-alives told every seat that someone had been asked
something in secret. Now a connection wakes only when what it shows changes, and
keep-alives go out on a fixed beat counted from the connection's start.

The streams here run on a virtual clock (`_on_virtual_time`): every wait ends at once,
the clock moved on by exactly what was waited, so what these tests say about when
lines go out holds on any machine, however loaded, and takes no real time.
"""

from __future__ import annotations

import asyncio
import itertools
import selectors
from collections.abc import Coroutine
from typing import Any
from typing import TypeVar

from starlette.testclient import TestClient

from meeple.core import Match
from meeple.web import Limits
from meeple.web.event_stream import EVENT_GAP_SECONDS
from meeple.web.event_stream import KEEP_ALIVE
from meeple.web.event_stream import event_lines
from meeple.web.live import LiveMatch
from meeple.web.live import Shown
from meeple.web.live import Stream

from ..shared import number
from ..shared import says
from .support import act
from .support import hub_of
from .test_secret_offers import _match


def test_a_secret_move_wakes_only_the_streams_of_the_seat_that_made_it(
    client: TestClient,
) -> None:
    match, tokens = _match(client)  # seat 3 is offered its Thief in secret
    hub = hub_of(client.app)  # type: ignore[arg-type]  # TestClient.app is the Starlette app
    live = hub.held(match)
    streams = {seat: hub.subscribe(live, seat, "testclient") for seat in (None, 0, 1, 2, 3)}
    for stream in streams.values():
        stream.shown = live.shown_to(stream.seat)  # as after each one's first event
    assert act(client, match, tokens[3], "wait", 0).status_code == 200
    assert [seat for seat, stream in streams.items() if stream.event.is_set()] == [3]
    for stream in streams.values():
        stream.event.clear()
    hide = client.get(
        f"/api/matches/{match}/legal", headers={"Authorization": f"Bearer {tokens[0]}"}
    ).json()["actions"][0]
    assert act(client, match, tokens[0], hide, 0).status_code == 200  # a public move
    assert all(stream.event.is_set() for stream in streams.values())
    for stream in streams.values():
        hub.unsubscribe(live, stream)


T = TypeVar("T")
ROUNDING = 1e-12
"""How far apart two sums of the same waits may be in floating point (seconds)."""


class _VirtualClock(selectors.SelectSelector):
    """A selector that, with nothing to read, moves its clock on by the time it was
    asked to wait instead of waiting."""

    now = 0.0

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        ready = super().select(0)
        if not ready and timeout:
            self.now += timeout
        return ready


class _VirtualLoop(asyncio.SelectorEventLoop):
    """An event loop whose time is `_VirtualClock`'s."""

    def __init__(self) -> None:
        self.clock = _VirtualClock()
        super().__init__(self.clock)

    def time(self) -> float:
        return self.clock.now


def _on_virtual_time(work: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run`, on `_VirtualLoop`."""
    loop = _VirtualLoop()
    try:
        return loop.run_until_complete(work)
    finally:
        loop.close()


async def _never() -> bool:
    """A client that never goes away."""
    return False


def _wypas() -> LiveMatch:
    return LiveMatch("m", Match("wypas", 4, seed=0), ("human",) * 4, (None,) * 4)


async def _beats(wanted: int, beat: float) -> list[float]:
    """When the first `wanted` keep-alives of a stream came, after its start, while its
    event is set every few milliseconds (as every secret move did)."""
    live = _wypas()
    stream = Stream(1, "x")
    lines = event_lines(live, stream, Limits(heartbeat_seconds=beat), asyncio.Event(), _never)
    loop = asyncio.get_running_loop()

    async def poke() -> None:
        while True:
            stream.event.set()
            await asyncio.sleep(beat / 5)

    poker = loop.create_task(poke())
    started = loop.time()
    seen: list[float] = []
    try:
        async for line in lines:
            if line == KEEP_ALIVE:
                seen.append(loop.time() - started)
                if len(seen) == wanted:
                    break
    finally:
        poker.cancel()
        await lines.aclose()
    return seen


def test_keep_alives_keep_their_beat_whatever_wakes_the_stream() -> None:
    beat = 0.05
    seen = _on_virtual_time(_beats(4, beat))
    assert len(seen) == 4  # before: the timer restarted at every wake, no keep-alive ever
    for k, when in enumerate(seen, start=1):
        assert when >= k * beat - ROUNDING  # on the beat counted from the start, never early


class _EverChanging(LiveMatch):
    """A match that shows something new every time a stream looks, without waking it:
    a move made as a keep-alive's timer ran out, every time."""

    versions = itertools.count()

    def shown_to(self, seat: int | None) -> Shown:
        return next(self.versions), False, None, None


async def _event_times(wanted: int, beat: float) -> list[float]:
    """When the first `wanted` version events of a stream of `_EverChanging` came."""
    wypas = _wypas()
    live = _EverChanging(wypas.id, wypas.match, wypas.seats, wypas.token_hashes)
    stream = Stream(1, "x")
    limits = Limits(heartbeat_seconds=beat, stream_seconds=60)  # events or not, it ends
    lines = event_lines(live, stream, limits, asyncio.Event(), _never)
    loop = asyncio.get_running_loop()
    seen: list[float] = []
    try:
        async for line in lines:
            if line.startswith("event: version"):
                seen.append(loop.time())
                if len(seen) == wanted:
                    break
    finally:
        await lines.aclose()
    return seen


def test_events_come_at_most_as_often_as_the_docs_say() -> None:
    """docs/web.md: events come "at most ten a second" (the rate read from the page).
    Regression: only a wake waited `EVENT_GAP_SECONDS` before its event; a change seen
    just after a keep-alive went out at once, so with a short beat a stream sent an
    event on every beat."""
    rate = says("docs/web.md", r"whether the game is over, at most (\w+) a second")
    assert 1 / number(rate[1]) == EVENT_GAP_SECONDS
    seen = _on_virtual_time(_event_times(4, beat=0.01))
    assert len(seen) == 4, seen
    for earlier, later in itertools.pairwise(seen):
        assert later >= earlier + EVENT_GAP_SECONDS, seen
