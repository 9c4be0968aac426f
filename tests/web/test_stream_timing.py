"""Live-update timing tells nothing secret (issue 30, item 3).

A secret move (seat 3's ``wait`` on a Wypas offer) used to wake every live-update
connection of the match; none sent an event, but each restarted its keep-alive
timer, so the gap between keep-alives told every seat that someone had been asked
something in secret. Now a connection wakes only when what it shows changes, and
keep-alives go out on a fixed beat counted from the connection's start.
"""

from __future__ import annotations

import asyncio

from starlette.testclient import TestClient

from meeple.core import Match
from meeple.web import Limits
from meeple.web.event_stream import KEEP_ALIVE
from meeple.web.event_stream import event_lines
from meeple.web.live import LiveMatch
from meeple.web.live import Stream

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


async def _beats(wanted: int, beat: float) -> list[float]:
    """When the first `wanted` keep-alives of a stream came, after its start, while its
    event is set every few milliseconds (as every secret move did)."""
    live = LiveMatch("m", Match("wypas", 4, seed=0), ("human",) * 4, (None,) * 4)
    stream = Stream(1, "x")

    async def never() -> bool:
        return False

    lines = event_lines(live, stream, Limits(heartbeat_seconds=beat), asyncio.Event(), never)
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
    seen = asyncio.run(asyncio.wait_for(_beats(4, beat), timeout=30))
    assert len(seen) == 4  # before: the timer restarted at every wake, no keep-alive ever
    for k, when in enumerate(seen, start=1):
        assert when >= k * beat  # on the beat counted from the start, never early
