"""Bots think in worker processes: not under the server's GIL, and killed if they overrun.

Found by the load test (tests/web/test_load.py): bots thinking in threads of the
server process held the GIL, and every request waited (two busy threads made a
1 ms request take 40 ms at the median).
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.web import create_app
from meeple.web.workers import BotTimeoutError
from meeple.web.workers import BotWorkers
from meeple.web.workers import FairSlots
from meeple.web.workers import NotPicklableError

from .support import bearer
from .support import create_over_http
from .support import http_from
from .support import live_server
from .support import settle

STATE = meeple.get_game("goofspiel").start(2, seed=1)
VIEW, LEGAL = STATE.view(0), STATE.legal_actions(0)


class PidBot:
    """Plays the first legal action and writes down the process it ran in."""

    name = "pid"

    def __init__(self, path: str) -> None:
        self.path = path

    def choose(self, view: Any, legal: Any) -> Any:
        Path(self.path).write_text(str(os.getpid()), encoding="utf-8")
        return legal[0]


class Sleeper:
    """A bot stuck in a loop that ignores every cap (a bug in game code, say)."""

    name = "sleeper"

    def choose(self, view: Any, legal: Any) -> Any:
        time.sleep(60)
        return legal[0]


class Raiser:
    """A bot that raises."""

    name = "raiser"

    def choose(self, view: Any, legal: Any) -> Any:
        raise ValueError("no good move")


def test_a_bot_decides_in_a_worker_process_not_in_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = tmp_path / "pid.txt"
    monkeypatch.setattr("meeple.web.bot_seats.bot_for", lambda *args, **kwargs: PidBot(str(where)))
    with live_server(create_app(tmp_path / "db.sqlite3")) as server, http_from(server.url) as http:
        data = create_over_http(http, "goofspiel", ["human", "mcts:iterations=5"], seed=1)
        token = data["seats"][0]["token"]
        view = settle(
            lambda: http.get(f"/api/matches/{data['match']}/view", headers=bearer(token)).json()
        )
        assert view["version"] == 1  # the bot has bid
    worker = int(where.read_text(encoding="utf-8"))
    assert worker != os.getpid()


def test_a_worker_that_overruns_is_killed_and_replaced() -> None:
    workers = BotWorkers(1)
    try:
        started = time.monotonic()
        with pytest.raises(BotTimeoutError, match="within 1 seconds"):
            workers.choose(Sleeper(), VIEW, LEGAL, timeout=1.0)
        assert time.monotonic() - started < 20  # a cold worker starts, then one second
        assert workers.killed == 1
        assert workers.choose(PidBot(os.devnull), VIEW, LEGAL, timeout=30) == LEGAL[0]
    finally:
        workers.close()


def test_a_bots_own_exception_comes_back_from_its_worker() -> None:
    workers = BotWorkers(1)
    try:
        with pytest.raises(ValueError, match="no good move"):
            workers.choose(Raiser(), VIEW, LEGAL, timeout=30)
        assert workers.killed == 0  # the worker is fine and is used again
        assert workers.choose(PidBot(os.devnull), VIEW, LEGAL, timeout=30) == LEGAL[0]
    finally:
        workers.close()


def test_a_bot_a_worker_cannot_receive_is_refused_before_any_worker_is_used() -> None:
    class Local:
        name = "local"

        def choose(self, view: Any, legal: Any) -> Any:
            return legal[0]

    workers = BotWorkers(1)
    try:
        with pytest.raises(NotPicklableError):
            workers.choose(Local(), VIEW, LEGAL, timeout=30)
    finally:
        workers.close()


def test_bot_slots_go_round_robin_between_clients_and_one_client_holds_at_most_its_cap() -> None:
    """One client's many matches (the abuser's) cannot keep another client's bot waiting."""

    async def scenario() -> list[str]:
        slots = FairSlots(total=2, per_client=1)
        order: list[str] = []

        async def decide(client: str, name: str) -> None:
            await slots.acquire(client)
            order.append(name)
            await asyncio.sleep(0.01)
            slots.release(client)

        await slots.acquire("abuser")  # one abuser decision running
        tasks = [asyncio.create_task(decide("abuser", f"abuser-{i}")) for i in range(1, 4)] + [
            asyncio.create_task(decide("honest", "honest-1"))
        ]
        await asyncio.sleep(0.005)
        assert order == ["honest-1"]  # the free slot went to the other client at once
        assert slots.busy == 2
        slots.release("abuser")
        await asyncio.gather(*tasks)
        return order

    order = asyncio.run(scenario())
    assert order == ["honest-1", "abuser-1", "abuser-2", "abuser-3"]


def test_a_cancelled_wait_for_a_bot_slot_gives_nothing_away() -> None:
    async def scenario() -> FairSlots:
        slots = FairSlots(total=1, per_client=1)
        await slots.acquire("a")
        waiter = asyncio.create_task(slots.acquire("b"))
        await asyncio.sleep(0)
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
        slots.release("a")
        return slots

    slots = asyncio.run(scenario())
    assert (slots.busy, slots.queued) == (0, 0)


def test_a_slot_freed_between_a_waiters_cancel_and_its_wake_up_goes_to_the_next() -> None:
    # Regression (CI, a heavy-bot web test): cancelling a waiting task cancels its
    # future at once, but the task leaves the queue only when it next runs; a release
    # in between handed the slot to the cancelled future (InvalidStateError), which
    # failed the releasing bot's decision and stopped its match.
    async def scenario() -> tuple[FairSlots, bool]:
        slots = FairSlots(total=1, per_client=1)
        await slots.acquire("a")
        cancelled = asyncio.create_task(slots.acquire("b"))
        await asyncio.sleep(0)
        taker = asyncio.create_task(slots.acquire("c"))
        await asyncio.sleep(0)
        cancelled.cancel()
        slots.release("a")  # before `cancelled` wakes up: must go to "c"
        with pytest.raises(asyncio.CancelledError):
            await cancelled
        await asyncio.wait_for(taker, timeout=5)
        granted = slots.busy == 1
        slots.release("c")
        return slots, granted

    slots, granted = asyncio.run(scenario())
    assert granted
    assert (slots.busy, slots.queued) == (0, 0)


class _OnceOnlyPipe:
    """A pipe end that fails a second close, as a descriptor closed twice does (EBADF)."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.closes = 0

    def close(self) -> None:
        self.closes += 1
        if self.closes > 1:
            raise OSError(9, "Bad file descriptor")
        time.sleep(0.05)  # long enough for a second thread to arrive meanwhile
        self.real.close()


def test_a_worker_killed_twice_at_once_closes_its_pipe_once() -> None:
    """Regression: a server stopping while a bot decided killed the worker from two
    threads (the pool's close, and the deciding thread seeing its pipe end); both closed
    the pipe, and the second close failed the server's shutdown (EBADF, "Application
    shutdown failed"), about one stop in eight under load."""
    from meeple.web.workers import _Worker

    worker = _Worker()
    pipe = _OnceOnlyPipe(worker.conn)
    worker.conn = pipe  # type: ignore[assignment]  # a stand-in that counts the closes
    failures: list[BaseException] = []

    def kill() -> None:
        try:
            worker.kill()
        except BaseException as err:  # the test reports any failure
            failures.append(err)

    threads = [threading.Thread(target=kill) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert failures == []
    assert pipe.closes == 1
    assert not worker.process.is_alive()
