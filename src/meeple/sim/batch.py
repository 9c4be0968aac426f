"""Many games between bots, on local processes or a Ray cluster, same results either way.

Game `i` of a batch is seeded with ``game_seed(seed, i)`` and its bots with
seeds derived from that, so the results depend only on the arguments, never
on the number of workers, the chunking or the backend.

Work travels as `Task` objects (some games of one batch); `run_tasks` runs any
list of them, from one batch or several, on the chosen backend and gives each
task's results back in task order.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from typing import Any
from typing import Final
from typing import Literal

import attrs

from ..core.errors import InvalidOptionsError
from ..core.extras import install_hint
from ..core.options import build_options
from ..core.options import check_players
from ..core.registry import resolve_game
from .pool import run_in_pool
from .runner import GameResult
from .runner import game_seed
from .runner import play_game

__all__ = [
    "Backend",
    "Task",
    "backend_named",
    "check_batch",
    "chunk_size_for",
    "run_chunk",
    "run_tasks",
    "simulate",
]

Backend = Literal["local", "ray"]

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


@attrs.frozen
class Task:
    """A worker's unit of work: the games with these indices of one batch."""

    game: str
    """A registered name or ``package.module:ATTR`` (workers resolve it themselves)."""
    players: int
    seats: tuple[str, ...]
    """One bot spec per seat (a shorter tuple repeats)."""
    seed: int
    """The batch's master seed."""
    indices: tuple[int, ...]
    options: dict[str, Any] | None = None
    """Option values as JSON (so a task is not hashable)."""
    keep_records: bool = False
    vitals: bool = False


def run_chunk(
    game_name: str,
    players: int,
    seats: Sequence[str],
    seed: int,
    indices: Sequence[int],
    options: dict[str, Any] | None,
    keep_records: bool,
    vitals: bool = False,
    on_game: Callable[[], None] | None = None,
) -> list[GameResult]:
    """Play the games with these batch indices (a worker's unit of work).

    on_game: called as each game ends (how a batch shows progress game by game).
    """
    game = resolve_game(game_name)
    results = []
    for i in indices:
        results.append(
            play_game(
                game,
                players,
                seats,
                game_seed(seed, i),
                index=i,
                options=options,
                keep_record=keep_records,
                vitals=vitals,
            )
        )
        if on_game is not None:
            on_game()
    return results


def run_task(task: Task, on_game: Callable[[], None] | None = None) -> list[GameResult]:
    """Play one task's games, in index order (`on_game` as in `run_chunk`)."""
    return run_chunk(
        task.game,
        task.players,
        task.seats,
        task.seed,
        task.indices,
        task.options,
        task.keep_records,
        task.vitals,
        on_game,
    )


def _chunks(n: int, size: int) -> Iterator[range]:
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


def chunk_size_for(n: int, workers: int | None) -> int:
    """Games per task: small enough to spread `n` games over the workers evenly."""
    count = workers or os.cpu_count() or 1
    return max(1, min(200, n // (count * 8) or 1))


def check_batch(
    game: str, players: int, seats: Sequence[str], options: dict[str, Any] | None
) -> None:
    """Refuse a bad game, player count, option or bot spec before any process starts."""
    resolved = resolve_game(game)
    check_players(resolved.spec, players)
    build_options(resolved.spec.name, resolved.options_type, options or {})
    if not seats:
        raise InvalidOptionsError("simulate needs at least one seat")
    from ..bots import make_bot

    for spec in seats:
        make_bot(spec, resolved, 0)


def simulate(
    game: str,
    players: int,
    seats: Sequence[str],
    n: int,
    seed: int = 0,
    *,
    backend: Backend = "local",
    workers: int | None = None,
    options: dict[str, Any] | None = None,
    chunk_size: int | None = None,
    keep_records: bool = False,
    progress: Progress | None = None,
    ray_address: str | None = None,
    vitals: bool = False,
) -> list[GameResult]:
    """Play `n` games and return their results in batch order.

    game: a registered name (or ``package.module:ATTR``).
    seats: one bot spec per seat (``random``, ``greedy``, ``mcts:iterations=200``);
        a shorter list repeats.
    workers: local processes (default: all cores; 1 runs in this process).
    ray_address: for the ray backend, e.g. ``"auto"`` or ``"ray://head:10001"``;
        None starts or joins a local Ray instance.
    vitals: measure each game's `Vitals` (lead changes, statistics) too.
    """
    check_batch(game, players, seats, options)
    if n < 0:
        raise InvalidOptionsError(f"cannot simulate {n} games")
    size = chunk_size or chunk_size_for(n, workers)
    tasks = [
        Task(game, players, tuple(seats), seed, tuple(c), options, keep_records, vitals)
        for c in _chunks(n, size)
    ]
    done = run_tasks(
        tasks, backend=backend, workers=workers, progress=progress, ray_address=ray_address
    )
    return [result for results in done for result in results]


def backend_named(name: str) -> Backend:
    """The backend called `name`; InvalidOptionsError names the two there are."""
    if name == "local":
        return "local"
    if name == "ray":
        return "ray"
    raise InvalidOptionsError(f"unknown backend {name!r} (local or ray)")


def run_tasks(
    tasks: Sequence[Task],
    *,
    backend: Backend = "local",
    workers: int | None = None,
    progress: Progress | None = None,
    ray_address: str | None = None,
) -> list[list[GameResult]]:
    """Run every task on the backend; each task's results, in the order of `tasks`.

    workers: local processes (default: all cores; 1 runs in this process).
    progress: told of every game as it ends (local; Ray tells it task by task).
    An interrupt (Ctrl-C, KeyboardInterrupt) ends the worker processes before it goes
    on up: nothing is left running, and the workers never print a traceback of their own.
    """
    if backend_named(backend) == "ray":
        return _run_ray(tasks, progress, ray_address)
    count = workers or os.cpu_count() or 1
    if count < 1:
        raise InvalidOptionsError(f"workers must be at least 1, not {count}")
    # A pool starts all its processes at once (fork): no more than there are tasks, so a
    # short batch on a many-core machine does not start a process per core, and a batch
    # of one task runs here (a worker would only add its start-up).
    count = min(count, len(tasks))
    if count <= 1:
        tell = progress or (lambda _: None)
        return [run_task(task, on_game=lambda: tell(1)) for task in tasks]
    games = sum(len(task.indices) for task in tasks)
    return run_in_pool(run_task, tasks, games, count, progress)


# Ray keeps Unix sockets in <root>/session_<date>_<time>_<micro>_<pid>/sockets/ (a
# 39-character session name, a 21-character socket path under it), and a socket's path
# may hold at most `SOCKET_PATH_MAX` bytes: under a deep TMPDIR a local Ray does not start.
SOCKET_PATH_MAX: Final = 107
"""The longest path a Unix socket may have, in bytes (Linux's ``sun_path`` less its NUL)."""
_RAY_ROOT_MAX = SOCKET_PATH_MAX - 1 - 39 - len("/sockets/plasma_store") - 6  # 6 bytes spare


def local_ray_settings() -> dict[str, Any]:
    """Keyword arguments for a local ``ray.init``: a short temporary root when the
    system's is too long for Ray's sockets or not ASCII (Ray encodes it so, and stops
    with UnicodeEncodeError), else none (Ray's own default)."""
    default = os.path.join(tempfile.gettempdir(), "ray")
    fits = len(default.encode()) <= _RAY_ROOT_MAX and default.isascii()
    if fits or not hasattr(os, "getuid"):
        return {}
    return {"_temp_dir": f"/tmp/ray-{os.getuid()}"}  # the POSIX folder, never a deep one


def _run_ray(
    tasks: Sequence[Task], progress: Progress | None, address: str | None
) -> list[list[GameResult]]:
    try:
        import ray
    except ImportError:
        raise InvalidOptionsError(
            f"the ray backend needs the ray extra: {install_hint('ray')}"
        ) from None
    if not ray.is_initialized():
        ray.init(
            address=address,
            ignore_reinit_error=True,
            log_to_driver=False,
            **(local_ray_settings() if address is None else {}),
        )
    remote_task = ray.remote(run_task)
    pending = {remote_task.remote(task): i for i, task in enumerate(tasks)}
    out: list[list[GameResult]] = [[] for _ in tasks]
    waiting = list(pending)
    try:
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            index = pending[ready[0]]
            out[index] = ray.get(ready[0])
            if progress:
                progress(len(out[index]))
    except BaseException:
        for ref in waiting:  # Ctrl-C (or a failure) leaves no task running on the cluster
            ray.cancel(ref, force=True)
        raise
    return out
