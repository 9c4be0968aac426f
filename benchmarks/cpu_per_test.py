"""A pytest plugin: the CPU seconds each test costs, steadier than wall clock on a shared machine.

Wall-clock durations on a loaded machine mostly measure the other jobs. CPU time
counts only the time the test's work actually ran: this process (every thread)
plus the child processes it has reaped (servers, browsers, subprocesses). A
session-scoped fixture is charged to the first test that uses it, and a
grandchild its parent never waited for (orphaned workers) is not seen.

    PYTHONPATH=src:benchmarks python -m pytest -n 0 -p cpu_per_test --cpu-times=costs.json

writes every test's seconds (own, children, wall, and wall less the time the main
thread queued for a CPU: "unqueued") to the JSON file and prints the
slowest ones and the totals at the end. ``-n 0`` keeps the tests in this process
(pytest-xdist's workers would run them out of its sight). See "Keeping the default
run short" in docs/development/testing.md.
"""

from __future__ import annotations

import json
import resource
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

_COSTS: dict[str, dict[str, float]] = {}
_START: dict[str, float] = {}


def _clock() -> tuple[float, float, float]:
    """(own CPU, reaped children's CPU, wall) seconds so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), children.ru_utime + children.ru_stime, time.perf_counter()


def _queued() -> float:
    """Seconds this thread has spent runnable but waiting for a CPU (Linux schedstat).

    Wall clock minus this is what the test would take with the CPU to itself: its
    own work plus its real waits (sleeps, a child's work, the network).
    """
    try:
        fields = Path("/proc/thread-self/schedstat").read_text(encoding="utf-8").split()
    except OSError:  # not Linux, or no schedstat: the estimate is plain wall clock
        return 0.0
    return int(fields[1]) / 1e9


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--cpu-times FILE`: where the per-test costs go."""
    parser.addoption("--cpu-times", metavar="FILE", help="write per-test CPU seconds (JSON)")


def pytest_configure(config: pytest.Config) -> None:
    """Start the session's clocks (collection counts in the totals)."""
    own, children, wall = _clock()
    _START.update(own=own, children=children, wall=wall)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, Any, None]:
    """Charge setup, call and teardown to the test."""
    own, children, wall = _clock()
    queued = _queued()
    yield
    own2, children2, wall2 = _clock()
    _COSTS[item.nodeid] = {
        "own": round(own2 - own, 3),
        "children": round(children2 - children, 3),
        "wall": round(wall2 - wall, 3),
        "unqueued": round(wall2 - wall - (_queued() - queued), 3),
    }


def _totals() -> dict[str, float]:
    own, children, wall = _clock()
    return {
        "unqueued": round(sum(c["unqueued"] for c in _COSTS.values()), 1),
        "own": round(own - _START["own"], 1),
        "children": round(children - _START["children"], 1),
        "wall": round(wall - _START["wall"], 1),
        "tests": len(_COSTS),
        "tests_cpu": round(sum(c["own"] + c["children"] for c in _COSTS.values()), 1),
    }


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Print the 30 costliest tests and the session totals; write the file."""
    totals = _totals()
    ranked = sorted(_COSTS.items(), key=lambda kv: -(kv[1]["own"] + kv[1]["children"]))
    terminalreporter.section("CPU seconds per test (own + children, wall)")
    for nodeid, cost in ranked[:30]:
        cpu = cost["own"] + cost["children"]
        terminalreporter.write_line(
            f"{cpu:7.2f} ({cost['own']:.2f} + {cost['children']:.2f}, wall {cost['wall']:.2f}"
            f", unqueued {cost['unqueued']:.2f})"
            f"  {nodeid}"
        )
    terminalreporter.write_line(f"session: {totals}")
    target = config.getoption("--cpu-times")
    if target:
        Path(target).write_text(
            json.dumps({"totals": totals, "tests": _COSTS}, indent=1), encoding="utf-8"
        )
