"""The server's upkeep: closing idle matches, deleting old finished ones, and the operator's counts.

Kept apart from the hub because none of it answers a player: it runs on a timer
(`Limits.sweep_seconds`) or for ``/api/status``, and it is what keeps the caps of
`Limits` from locking everyone out for good (an abandoned match stops counting
once it has been idle for `Limits.idle_seconds`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import MutableMapping
from typing import Any

import attrs

from .bot_seats import BotDriver
from .clients import Clients
from .limits import Limits
from .limits import duration
from .live import LiveMatch
from .store import PRUNE_BATCH
from .store import Counts
from .store import Store

__all__ = ["SweepReport", "status_payload", "sweep"]

log = logging.getLogger("meeple.web")

InThread = Callable[..., Awaitable[Any]]
"""Runs a store method in the store's own thread."""


@attrs.define
class SweepReport:
    """What the last sweep did."""

    at: float = 0.0
    """When it ran (Unix time; 0 before the first)."""
    expired: int = 0
    """Matches it closed for having no move for too long."""
    pruned: int = 0
    """Finished matches it deleted."""


async def sweep(
    limits: Limits,
    in_thread: InThread,
    store: Store,
    held: MutableMapping[str, LiveMatch],
    damaged: MutableMapping[str, str],
) -> SweepReport:
    """Close idle unfinished matches; delete finished ones past their retention.

    Matches held in memory (`held`) are told at once, so their players see why.
    """
    now = time.time()
    reason = f"no move for {duration(limits.idle_seconds)}"
    expired: tuple[str, ...] = await in_thread(store.expire, now - limits.idle_seconds, reason)
    for match_id in expired:
        live = held.get(match_id)
        if live is not None and live.closed is None:
            live.closed = reason
            live.notify()
    if expired:
        log.info("closed %d idle matches (%s)", len(expired), reason)
    await _closed_in_store(in_thread, store, held)
    pruned: tuple[str, ...] = ()
    while True:
        batch: tuple[str, ...] = await in_thread(
            store.prune, now - limits.keep_finished_days * 86_400, limits.max_finished
        )
        pruned += batch
        if len(batch) < PRUNE_BATCH:
            break
    for match_id in pruned:
        gone = held.pop(match_id, None)
        damaged.pop(match_id, None)
        if gone is not None:
            gone.gone = True
            gone.wake_all()
    if pruned:
        log.info("deleted %d finished matches past their retention", len(pruned))
    return SweepReport(now, len(expired), len(pruned))


async def _closed_in_store(
    in_thread: InThread, store: Store, held: Mapping[str, LiveMatch]
) -> None:
    """Tell the players of held matches that were closed in the store meanwhile (by the
    operator's ``meeple matches close``) why."""
    running = [m.id for m in held.values() if m.closed is None and not m.match.state.is_over]
    closed: dict[str, str] = await in_thread(store.closed_among, running)
    for match_id, why in closed.items():
        live = held.get(match_id)
        if live is not None and live.closed is None:
            live.closed = why
            live.notify()
    if closed:
        log.info("%d matches were closed in the store", len(closed))


def status_payload(
    counts: Counts,
    held: Mapping[str, LiveMatch],
    damaged: int,
    clients: Clients,
    bots: BotDriver,
    report: SweepReport,
    limits: Limits,
) -> dict[str, Any]:
    """Counts and limits for the operator (no ids, no addresses)."""
    live = list(held.values())
    return {
        "matches": {
            "open": counts.open,
            "over": counts.over,
            "abandoned": counts.abandoned,
            "damaged": damaged,
            "in_memory": len(live),
        },
        "clients": {"tracked": clients.tracked, "refused": clients.refused},
        "streams": {
            "players": sum(len(g) for m in live for g in m.seat_streams.values()),
            "spectators": sum(len(m.spectators) for m in live),
        },
        "bots": {
            "thinking": bots.thinking,
            "waiting": bots.waiting,
            "failures": bots.failures,
            "stuck": sum(1 for m in live if m.stuck and not m.finished),
        },
        "sweep": attrs.asdict(report),
        "limits": attrs.asdict(limits),
    }
