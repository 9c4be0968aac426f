"""The local worker pool's stop on Ctrl-C (`meeple.sim.pool`)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import process
from typing import cast

from meeple.sim.pool import _end_workers


def test_ending_the_workers_leaves_nothing_for_the_exit_hook_to_wake() -> None:
    # Regression: Ctrl-C during `meeple analyze --workers 2` printed "Exception ignored
    # in threading._shutdown ... OSError: [Errno 9] Bad file descriptor". At exit,
    # concurrent.futures wakes every pool's manager thread without the pool's lock
    # (CPython 3.11), while a manager thread whose workers were just ended closes that
    # very pipe. Once `_end_workers` returns, the manager thread has finished and its
    # pipe is closed, so the exit hook skips it.
    pool = ProcessPoolExecutor(2)
    for _ in range(2):
        pool.submit(time.sleep, 60)
    deadline = time.monotonic() + 30
    while len(pool._processes or {}) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)  # the workers start (and take their minute's sleep)
    # typeshed declares this attribute a _ThreadWakeup; it is the manager Thread
    manager = cast("threading.Thread | None", pool._executor_manager_thread)
    assert manager is not None
    wakeup = process._threads_wakeups[manager]
    _end_workers(pool)
    assert not manager.is_alive()
    assert wakeup._closed
