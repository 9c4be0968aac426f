"""Bot decisions in worker processes: no GIL shared with the server, and a hard time bound.

A bot thinking in a thread of the server process holds Python's global
interpreter lock most of the time, and every request then waits for it: two busy
bot threads made a 1 ms request take 40 ms at the median. So bots think in
separate processes, at most `size` at once, at a lower CPU priority than the
server. Each decision is sent to an idle
worker (the bot, the view and the legal actions, pickled) and its answer awaited
for at most `timeout` seconds; a worker that does not answer in time (a bug in
game code that loops, say) is killed and replaced, so no decision costs more
than its bound, whatever happens inside it.

The pool is blocking and thread-safe (call `BotWorkers.choose` from a thread);
workers start on first use and are shared by every server in the process (tests
run many).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import multiprocessing
import os
import queue
import signal
import threading
from collections import deque
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

__all__ = [
    "WORKER_NICENESS",
    "BotCrashedError",
    "BotTimeoutError",
    "BotWorkers",
    "FairSlots",
    "NotPicklableError",
    "hold_workers",
    "release_workers",
    "shared_workers",
]

log = logging.getLogger("meeple.web")


class BotTimeoutError(Exception):
    """The worker did not answer in time; it was killed."""


class BotCrashedError(Exception):
    """The worker process died while deciding (out of memory, a crash in native code)."""


class NotPicklableError(Exception):
    """The bot, view or legal actions cannot be sent to a worker (run it in a thread)."""


WORKER_NICENESS = 5
"""How much lower a worker's CPU priority is than the server's (Unix ``nice``): bots are
background work, and the event loop answering requests comes first."""


def _serve(conn: Connection) -> None:
    """A worker's loop: receive ``(bot, view, legal)``, send ``(True, action)`` or
    ``(False, exception)``, until the pipe closes (the server is gone: quietly)."""
    # Ctrl-C reaches the whole process group; the server stops its workers itself
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICENESS)
    while True:
        try:
            bot, view, legal = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, bot.choose(view, legal))
        except Exception as err:  # sent back to the server, which reports it
            answer = (False, err)
        if not _answer(conn, answer):
            return


def _answer(conn: Connection, answer: tuple[bool, Any]) -> bool:
    """Send `answer`; False if the server is gone (it stopped while the bot decided)."""
    try:
        conn.send(answer)
    except OSError:  # a broken pipe: nobody is waiting for the answer
        return False
    except Exception as err:  # the exception itself would not pickle: send its text
        text = f"{type(answer[1]).__name__}: {answer[1]} ({err})"
        try:
            conn.send((False, RuntimeError(text)))
        except OSError:
            return False
    return True


class _Worker:
    """One worker process and our end of its pipe."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(theirs,), name="meeple-bot", daemon=True
        )
        self.process.start()
        theirs.close()
        self._kill_lock = threading.Lock()
        self._killed = False

    def kill(self) -> None:
        """End the process at once (it may be stuck) and close the pipe, once: a server
        stopping (`BotWorkers.close`) and the thread whose decision that ends (`_drop`)
        both kill the worker, and two closes of the pipe raced to close one descriptor
        twice (EBADF: "Application shutdown failed")."""
        with self._kill_lock:
            if self._killed:
                return
            self._killed = True
            self.process.kill()
            self.process.join(timeout=5)
            self.conn.close()


class BotWorkers:
    """Up to `size` worker processes, started on demand, each deciding for one bot at a time."""

    def __init__(self, size: int) -> None:
        self.size = size
        """Most worker processes at once."""
        self._idle: queue.SimpleQueue[_Worker] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._alive: list[_Worker] = []
        self.killed = 0
        """Workers killed for taking too long or dying."""

    def _take(self) -> _Worker:
        wait = 0.0
        while True:
            try:
                worker = self._idle.get(timeout=wait) if wait else self._idle.get_nowait()
            except queue.Empty:
                pass
            else:
                with self._lock:
                    if worker in self._alive:  # else stopped by `close` while idle
                        return worker
                continue
            with self._lock:
                if len(self._alive) < self.size:
                    worker = _Worker()
                    self._alive.append(worker)
                    return worker
            wait = 0.5  # all busy: wait for one (and look again, in case one was killed)

    def _drop(self, worker: _Worker) -> None:
        self.killed += 1
        worker.kill()
        with self._lock:
            if worker in self._alive:
                self._alive.remove(worker)

    def choose(self, bot: Any, view: Any, legal: Sequence[Any], timeout: float) -> Any:
        """The bot's choice, computed in a worker; the bot's own exception if it raised.

        Raises `BotTimeoutError` (the worker is killed) or `BotCrashedError`; a bot
        that cannot be pickled raises `NotPicklableError` and no worker is used.
        """
        worker = self._take()
        try:
            worker.conn.send((bot, view, list(legal)))
        except (OSError, EOFError) as err:
            self._drop(worker)
            raise BotCrashedError(f"the bot's worker process is gone: {err!r}") from None
        except Exception as err:  # pickling failed before anything was written
            self._idle.put(worker)
            raise NotPicklableError(f"{type(err).__name__}: {err}") from None
        try:
            if not worker.conn.poll(timeout):
                self._drop(worker)
                raise BotTimeoutError(f"no decision within {timeout:g} seconds")
            ok, value = worker.conn.recv()
        except (EOFError, OSError) as err:
            self._drop(worker)
            raise BotCrashedError(f"the bot's worker process died: {err!r}") from None
        self._idle.put(worker)
        if ok:
            return value
        raise value

    def close(self) -> None:
        """Stop every worker."""
        with self._lock:
            workers, self._alive = self._alive, []
        for worker in workers:
            worker.kill()


_SHARED: dict[int, BotWorkers] = {}
_SHARED_LOCK = threading.Lock()
_HOLDERS = 0
"""Servers running in this process (`hold_workers`)."""


def shared_workers(size: int) -> BotWorkers:
    """The process-wide pool of `size` workers (created on first use, stopped at exit)."""
    with _SHARED_LOCK:
        pool = _SHARED.get(size)
        if pool is None:
            pool = _SHARED[size] = BotWorkers(size)
        return pool


def hold_workers() -> None:
    """A server starts using the shared workers: they stay until the last one stops."""
    global _HOLDERS
    with _SHARED_LOCK:
        _HOLDERS += 1


def release_workers() -> None:
    """A server stopped; when it was the last, every worker is stopped now (blocking), so
    none outlives the server: a worker still deciding would otherwise answer a server
    that is gone."""
    global _HOLDERS
    with _SHARED_LOCK:
        _HOLDERS -= 1
        if _HOLDERS > 0:
            return
    _stop_all()


@atexit.register
def _stop_all() -> None:
    for pool in list(_SHARED.values()):
        pool.close()


class FairSlots:
    """Bot slots shared fairly between clients: round-robin, and a cap per client.

    `total` decisions run at once; one client (the address that created the match)
    holds at most `per_client` of them, and when a slot frees up the clients that
    are waiting get it in turn, so one client's many expensive bots cannot make
    another client's bot wait for more than the decisions already running.
    Asyncio only (one event loop).
    """

    def __init__(self, total: int, per_client: int) -> None:
        self.total = total
        """Slots in all."""
        self.per_client = min(per_client, total)
        """Most slots one client holds at once."""
        self.busy = 0
        """Slots held now."""
        self._held: dict[str, int] = {}
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}  # insertion order = turn

    @property
    def queued(self) -> int:
        """Decisions waiting for a slot."""
        return sum(len(q) for q in self._waiting.values())

    def _eligible(self, client: str) -> bool:
        return self.busy < self.total and self._held.get(client, 0) < self.per_client

    def _grant(self, client: str) -> None:
        self.busy += 1
        self._held[client] = self._held.get(client, 0) + 1

    def _dispatch(self) -> None:
        while self.busy < self.total:
            for client in list(self._waiting):
                if not self._eligible(client):
                    continue
                queue_ = self._waiting.pop(client)
                # a waiter cancelled (its future too) before it could leave the queue
                # takes no slot: granting it would raise InvalidStateError
                while queue_ and queue_[0].done():
                    queue_.popleft()
                if not queue_:
                    continue
                future = queue_.popleft()
                if queue_:
                    self._waiting[client] = queue_  # to the back of the turn order
                self._grant(client)
                future.set_result(None)
                break
            else:
                return

    async def acquire(self, client: str) -> None:
        """Wait for a slot for `client`."""
        if not self._waiting and self._eligible(client):
            self._grant(client)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(client, deque()).append(future)
        self._dispatch()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release(client)  # granted just as we were cancelled
            else:
                waiting = self._waiting.get(client)
                if waiting is not None and future in waiting:
                    waiting.remove(future)
                    if not waiting:
                        del self._waiting[client]
            raise

    def release(self, client: str) -> None:
        """Give `client`'s slot back; the next client in turn gets it."""
        self.busy -= 1
        held = self._held.get(client, 0) - 1
        if held > 0:
            self._held[client] = held
        else:
            self._held.pop(client, None)
        self._dispatch()
