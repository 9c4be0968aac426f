"""Many games between bots, on local processes or a Ray cluster, same results either way.

Game `i` of a batch is seeded with ``game_seed(seed, i)`` and its bots with
seeds derived from that, so the results depend only on the arguments, never
on the number of workers, the chunking or the backend.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Literal

from ..core.errors import InvalidOptionsError
from ..core.options import build_options, check_players
from ..core.registry import resolve_game
from .runner import GameResult, game_seed, play_game

__all__ = ["Backend", "run_chunk", "simulate"]

Backend = Literal["local", "ray"]

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


def run_chunk(
    game_name: str,
    players: int,
    seats: Sequence[str],
    seed: int,
    indices: Sequence[int],
    options: dict[str, Any] | None,
    keep_records: bool,
) -> list[GameResult]:
    """Play the games with these batch indices (a worker's unit of work)."""
    game = resolve_game(game_name)
    return [
        play_game(
            game,
            players,
            seats,
            game_seed(seed, i),
            index=i,
            options=options,
            keep_record=keep_records,
        )
        for i in indices
    ]


def _chunks(n: int, size: int) -> Iterator[range]:
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


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
) -> list[GameResult]:
    """Play `n` games and return their results in batch order.

    game: a registered name (or ``package.module:ATTR``).
    seats: one bot spec per seat (``random``, ``greedy``, ``mcts:iterations=200``);
        a shorter list repeats.
    workers: local processes (default: all cores; 1 runs in this process).
    ray_address: for the ray backend, e.g. ``"auto"`` or ``"ray://head:10001"``;
        None starts or joins a local Ray instance.
    """
    resolved = resolve_game(game)
    check_players(resolved.spec, players)
    build_options(resolved.spec.name, resolved.options_type, options or {})
    if not seats:
        raise InvalidOptionsError("simulate needs at least one seat")
    if n < 0:
        raise InvalidOptionsError(f"cannot simulate {n} games")
    from ..bots import make_bot

    for spec in seats:  # refuse bad bot specs before any process starts
        make_bot(spec, resolved, 0)
    count = workers or os.cpu_count() or 1
    size = chunk_size or max(1, min(200, n // (count * 8) or 1))
    chunks = list(_chunks(n, size))
    args = (game, players, tuple(seats), seed)
    results: list[GameResult] = []
    if backend == "ray":
        results = _run_ray(args, chunks, options, keep_records, progress, ray_address)
    elif backend != "local":
        raise InvalidOptionsError(f"unknown backend {backend!r} (local or ray)")
    elif count == 1:
        for chunk in chunks:
            done = run_chunk(*args, chunk, options, keep_records)
            results.extend(done)
            if progress:
                progress(len(done))
    else:
        with ProcessPoolExecutor(max_workers=count) as pool:
            futures = [pool.submit(run_chunk, *args, c, options, keep_records) for c in chunks]
            for future in as_completed(futures):
                done = future.result()
                results.extend(done)
                if progress:
                    progress(len(done))
    results.sort(key=lambda r: r.index)
    return results


def _run_ray(
    args: tuple[str, int, tuple[str, ...], int],
    chunks: list[range],
    options: dict[str, Any] | None,
    keep_records: bool,
    progress: Progress | None,
    address: str | None,
) -> list[GameResult]:
    try:
        import ray
    except ImportError:
        raise InvalidOptionsError(
            "the ray backend needs the extra: pip install 'meeple[ray]'"
        ) from None
    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote_chunk = ray.remote(run_chunk)
    pending = [remote_chunk.remote(*args, list(c), options, keep_records) for c in chunks]
    results: list[GameResult] = []
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        done: list[GameResult] = ray.get(ready[0])
        results.extend(done)
        if progress:
            progress(len(done))
    return results
