"""Local worker processes that say as each game ends and stop at once on Ctrl-C.

A batch shows progress game by game, not task by task: every worker sends a word
through a queue as each game ends, and the parent tells its `progress` callback
one game at a time while it waits for the tasks.

Ctrl-C at a terminal sends SIGINT to every process of the command. The workers
ignore it; the parent (where KeyboardInterrupt is raised) ends them all, mid-game,
waits until they are gone, and lets the interrupt go on up. Nothing is left running
and no worker prints a traceback of its own.
"""

from __future__ import annotations

import multiprocessing
import queue
import signal
import threading
from collections.abc import Callable
from collections.abc import Sequence
from concurrent.futures import Future
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING
from typing import Final
from typing import TypeVar
from typing import cast

if TYPE_CHECKING:
    from multiprocessing.queues import Queue

__all__ = ["run_in_pool"]

Item = TypeVar("Item")
Result = TypeVar("Result")

OnGame = Callable[[], None]
Work = Callable[[Item, OnGame], Result]
"""A unit of work: runs an item, calling its second argument as each game ends."""

_WAIT_SECONDS: Final = 0.1
"""How long the parent waits for a word from the workers before it looks at the tasks."""
_LAST_WORD_SECONDS: Final = 5.0
"""How long it waits, once every task is done, for words still on their way."""

_MANAGER_SECONDS: Final = 10.0
"""How long Ctrl-C waits for the pool's manager thread once its workers are gone."""

_tally: Queue[int] | None = None
"""In a worker: where it says that a game ended."""


def _start_worker(tally: Queue[int]) -> None:
    """A worker's set-up: say games into `tally`; leave Ctrl-C to the parent."""
    global _tally
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _tally = tally


def _game_ended() -> None:
    if _tally is not None:
        _tally.put(1)


def _run_item(work: Work[Item, Result], item: Item) -> Result:
    return work(item, _game_ended)


def run_in_pool(
    work: Work[Item, Result],
    items: Sequence[Item],
    games: int,
    workers: int,
    progress: Callable[[int], None] | None,
) -> list[Result]:
    """`work` over `items` on `workers` processes; each item's result, in item order.

    work: a module-level function (workers receive it by name).
    games: how many games the items hold in all (every one of them is told once).
    progress: called with 1 as each game ends.
    """
    tally: Queue[int] = multiprocessing.Queue()
    pool = ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(tally,))
    try:
        futures = [pool.submit(_run_item, work, item) for item in items]
        told = _follow(futures, tally, games, progress or (lambda _: None))
        results = [future.result() for future in futures]
    except BaseException:
        _end_workers(pool)
        tally.close()
        raise
    pool.shutdown()
    tally.close()  # after the workers are gone: nobody writes to it any more
    if progress is not None and told < games:  # a word lost on the way: the count is kept
        progress(games - told)
    return results


def _follow(
    futures: Sequence[Future[Result]],
    tally: Queue[int],
    games: int,
    progress: Callable[[int], None],
) -> int:
    """Tell `progress` of each game as its word arrives until every task is done and
    every word read (or none came for a while); the number of games told."""
    told = 0
    ended: queue.SimpleQueue[Future[Result]] = queue.SimpleQueue()
    for future in futures:
        future.add_done_callback(ended.put)
    pending = len(futures)
    while pending or told < games:
        try:
            tally.get(timeout=_WAIT_SECONDS if pending else _LAST_WORD_SECONDS)
        except queue.Empty:
            if not pending:
                break
        else:
            told += 1
            progress(1)
        while not ended.empty():
            ended.get().result()  # a failed task (a worker that died) ends the batch now
            pending -= 1
    return told


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now, mid-game, and wait until they are gone."""
    # Python 3.11 has no public way to end a pool's running workers (3.14 adds
    # terminate_workers); shutdown alone would wait for every game already given out.
    workers = list((pool._processes or {}).values())
    # typeshed declares this attribute a _ThreadWakeup; it is the manager Thread
    manager = cast("threading.Thread | None", pool._executor_manager_thread)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    for process in workers:
        process.join()
    # The pool's manager thread sees its workers gone and closes its wake-up pipe. At
    # exit, concurrent.futures wakes every manager thread without the pool's lock
    # (CPython 3.11): a manager still closing its pipe then makes that write fail,
    # printed as "Exception ignored ... Bad file descriptor". Let it finish first.
    if manager is not None:
        manager.join(timeout=_MANAGER_SECONDS)
