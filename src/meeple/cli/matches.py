"""`meeple matches`: the operator's view of a web server's unfinished matches, and clearing them.

Kept apart from `meeple serve` because it works on the database, not through the
server: the addresses and match ids it shows never go over HTTP, and it is safe
while the server runs (SQLite in WAL mode). A match closed here stops counting
against the server's caps at once; its players are told at the server's next sweep
(`--sweep-seconds`) or at their next move.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Annotated

import typer
from rich.table import Table

from .errors import fail
from .terminal import make_console

if TYPE_CHECKING:
    from ..web.store import Store

__all__ = ["matches_app"]

matches_app = typer.Typer(
    rich_markup_mode=None,
    no_args_is_help=True,
    help="See and clear the unfinished matches of a `meeple serve` database (safe while "
    "the server runs).",
)

DbOption = Annotated[
    Path, typer.Option(metavar="FILE", help="the SQLite file `meeple serve --db` uses")
]


def _store(db: Path) -> Store:
    """The store, opened only if the file exists (never a new empty database)."""
    try:
        from ..web.store import Store
        from ..web.store import StoreError
    except ImportError as err:
        fail(f"the web front end needs meeple[web]: {err}")
    if not db.is_file():
        fail(f"no database at {db}")
    try:
        return Store(db)
    except StoreError as err:
        fail(str(err))


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.0f}"


@matches_app.command("list")
def list_open(
    db: DbOption = Path("meeple-web.sqlite3"),
    every: Annotated[bool, typer.Option(help="one row per match, not per address")] = False,
) -> None:
    """The unfinished matches by address (how many, the longest idle), or one by one."""
    from ..web.match_cap import network_of

    store = _store(db)
    try:
        found = store.open_matches()
    finally:
        store.close()
    now = time.time()
    console = make_console()
    if every:
        table = Table(title=f"{len(found)} unfinished matches, longest idle first")
        for column in ("match", "game", "address", "moves", "idle (min)"):
            table.add_column(column, overflow="fold")
        for match in found:
            idle = _minutes(now - match.updated)
            table.add_row(match.id, match.game, match.client, str(match.version), idle)
    else:
        table = Table(title=f"{len(found)} unfinished matches by address")
        for column in ("address", "network", "matches", "longest idle (min)"):
            table.add_column(column, overflow="fold")
        by_client: dict[str, list[float]] = {}
        for match in found:
            by_client.setdefault(match.client, []).append(match.updated)
        for client, moved in sorted(by_client.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            idle = _minutes(now - min(moved))
            table.add_row(client, network_of(client), str(len(moved)), idle)
    console.print(table)


@matches_app.command("close")
def close(
    db: DbOption = Path("meeple-web.sqlite3"),
    address: Annotated[
        str | None,
        typer.Option(metavar="ADDRESS", help="every unfinished match this address created"),
    ] = None,
    network: Annotated[
        str | None,
        typer.Option(metavar="NETWORK", help="every one created from this network (as listed)"),
    ] = None,
    idle_minutes: Annotated[
        float | None,
        typer.Option(metavar="MINUTES", help="every one with no move for this many minutes"),
    ] = None,
    match: Annotated[str | None, typer.Option(metavar="ID", help="this match")] = None,
    reason: Annotated[str, typer.Option(metavar="TEXT", help="what its players are told")] = (
        "closed by the server's operator"
    ),
) -> None:
    """Close unfinished matches (all the options given must hold): they stop counting
    against the caps at once."""
    from ..web.match_cap import network_of

    if address is None and network is None and idle_minutes is None and match is None:
        fail("say which matches: --address, --network, --idle-minutes or --match")
    store = _store(db)
    try:
        now = time.time()
        chosen = [
            m.id
            for m in store.open_matches()
            if (address is None or m.client == address)
            and (network is None or network_of(m.client) == network)
            and (idle_minutes is None or now - m.updated >= idle_minutes * 60)
            and (match is None or m.id == match)
        ]
        closed = store.close_open(chosen, reason[:200])
    finally:
        store.close()
    make_console().print(f"closed {closed} unfinished matches", markup=False)
