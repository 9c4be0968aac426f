"""`meeple serve`: the web front end, with a flag for every limit of `meeple.web.Limits`.

Kept apart from the other commands because it is the only one that needs the
web extra and the only one with thirty flags. The limit flags are made from the
fields of `Limits` (name, type and default), so a new limit is settable with no
change here but its help line in `_LIMIT_HELP`.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from typing import Annotated
from typing import Any
from typing import Final
from typing import get_type_hints

import attrs
import typer

from ..core.extras import install_hint
from ..web.limits import Limits
from .checks import check_listen
from .errors import fail
from .terminal import make_console

__all__ = ["OPERATOR_TOKEN_VARIABLE", "serve"]

OPERATOR_TOKEN_VARIABLE: Final = "MEEPLE_OPERATOR_TOKEN"
"""The environment variable holding the operator's token (see `meeple.web.create_app`):
not a flag, so it does not show in the process list."""


_PANEL: Final = "Limits (see docs/web.md)"
"""Where ``--help`` lists the limit flags."""
_LIMIT_HELP: Final = {
    "max_matches": "unfinished matches held at once",
    "max_matches_per_client": "unfinished matches one client address may have",
    "max_matches_per_network": "unfinished matches one public IPv4 /24 or IPv6 /48 may have",
    "full_idle_seconds": "when full, a new match closes the longest-idle one if idle this long",
    "creates_per_minute": "matches one client address may create per minute",
    "create_burst": "matches one client may create in a burst",
    "idle_seconds": "an unfinished match with no move for this long is closed",
    "keep_finished_days": "days finished and abandoned matches are kept",
    "max_finished": "most finished and abandoned matches kept (oldest deleted first)",
    "sweep_seconds": "how often idle matches are closed and old ones deleted",
    "max_seats": "most seats per match",
    "requests_per_second": "requests one client address may make per second",
    "request_burst": "requests one client address may make in a burst",
    "max_inflight_per_client": "requests of one client address handled at once",
    "max_body_bytes": "largest request body",
    "max_json_depth": "deepest nesting of arrays and objects in a body",
    "guesses_per_minute": "wrong seat tokens and unknown match ids one client may send a minute",
    "guess_burst": "wrong seat tokens and unknown match ids one client may send in a burst",
    "default_mcts_iterations": "iterations of an mcts seat that names none",
    "max_mcts_iterations": "largest mcts:iterations a seat may ask for",
    "max_rollout_depth": "largest mcts:rollout_depth a seat may ask for",
    "max_bot_seconds": "cap on every bot decision, and the largest mcts:time_limit",
    "max_greedy_worlds": "largest greedy:worlds a seat may ask for",
    "bot_workers": "bot decisions computed at once, each in a worker process",
    "bot_workers_per_client": "bot decisions of one client address's matches computed at once",
    "max_seat_streams": "live-update connections per seat (a newer one closes the oldest)",
    "max_spectators": "live-update connections without a seat token, per match",
    "max_streams_per_client": "live-update connections without a token from one client address",
    "stream_seconds": "how long one live-update connection stays open",
    "heartbeat_seconds": "keep-alive interval on an idle live-update connection",
    "max_streams": "live-update connections in all (at the cap the address holding most gives way)",
    "max_connections": "TCP connections held at once (at the cap the oldest idle one is closed)",
    "max_connections_per_client": "TCP connections one client address may hold",
    "request_seconds": "time a client has to send a whole request, or to read an answer",
}
"""Each limit's flag help, by field of `Limits` (which gives its name, type and default)."""


def _limit_metavar(name: str, kind: object) -> str:
    """A limit flag's metavar: its unit (SECONDS, DAYS), RATE for a count per unit of
    time, N for a count."""
    for unit in ("seconds", "days"):
        if name.endswith(f"_{unit}"):
            return unit.upper()
    return "RATE" if kind is float else "N"


def _with_limit_flags(command: Callable[..., None]) -> Callable[..., None]:
    """`command` (taking the limits as ``**limits``) with one flag per field of `Limits`.

    Typer reads a command's flags from its signature: this one lists the command's
    own parameters, then a keyword for every limit, named, typed and defaulted as in
    `Limits`, so a new limit needs only its help line in `_LIMIT_HELP`.
    """
    own = inspect.signature(command, eval_str=True)
    types = get_type_hints(Limits)
    defaults = Limits()
    flags = [
        inspect.Parameter(
            field.name,
            inspect.Parameter.KEYWORD_ONLY,
            default=getattr(defaults, field.name),
            annotation=Annotated[
                types[field.name],
                typer.Option(
                    metavar=_limit_metavar(field.name, types[field.name]),
                    help=_LIMIT_HELP[field.name],
                    rich_help_panel=_PANEL,
                ),
            ],
        )
        for field in attrs.fields(Limits)
    ]
    kept = [p for p in own.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    # typeshed gives functions no __signature__, but inspect (and so typer) reads it
    command.__signature__ = own.replace(parameters=[*kept, *flags])  # type: ignore[attr-defined]
    return command


@_with_limit_flags
def serve(
    host: Annotated[
        str, typer.Option(metavar="HOST", help="address to listen on (0.0.0.0 for the LAN)")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="TCP port")] = 8000,
    db: Annotated[str, typer.Option(metavar="FILE", help="SQLite file where matches are kept")] = (
        "meeple-web.sqlite3"
    ),
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            metavar="ADDRESSES",
            help="addresses or networks of reverse proxies whose X-Forwarded-For names the "
            "client (comma-separated; by default none: see docs/web.md, Security)",
        ),
    ] = "",
    **limits: Any,  # one keyword per limit flag (see _with_limit_flags)
) -> None:
    """Serve the web front end: a lobby, match pages and a JSON API (extra `web`).

    Every limit has a flag; `GET /api/status` shows the counts and the limits in force.
    """
    console = make_console()
    try:
        import uvicorn

        from ..web import create_app
        from ..web.connections import connection_cap
        from ..web.connections import uvicorn_settings
        from ..web.store import Store
        from ..web.store import StoreError
    except ImportError as err:
        fail(f"meeple serve needs the web extra ({err.name} is missing): {install_hint('web')}")
    try:
        bounds = Limits(**limits)
        check_listen(host, port)
    except ValueError as err:
        fail(str(err))
    try:  # open (and migrate) the database now, so a damaged file is one clear line
        Store(db).close()
    except StoreError as err:
        fail(str(err))
    cap = connection_cap(bounds.max_connections)
    if cap < bounds.max_connections:  # the process may not open that many files
        streams = max(1, min(bounds.max_streams, cap // 2))
        bounds = attrs.evolve(bounds, max_connections=max(cap, streams + 1), max_streams=streams)
        console.print(
            f"the open-file limit allows {bounds.max_connections} connections and "
            f"{bounds.max_streams} live-update streams (raise it with ulimit -n)",
            markup=False,
        )
    try:  # the app reads proxy headers itself, from trusted proxies only
        web_app = create_app(
            db,
            limits=bounds,
            trusted_proxies=forwarded_allow_ips,
            operator_token=os.environ.get(OPERATOR_TOKEN_VARIABLE) or None,
        )
    except ValueError as err:
        fail(str(err))
    console.print(f"meeple web on http://{host}:{port}/ (matches kept in {db})", markup=False)
    uvicorn.run(
        web_app,
        host=host,
        port=port,
        **uvicorn_settings(bounds, forwarded_allow_ips),
        timeout_graceful_shutdown=3,
        log_level="info",
    )
