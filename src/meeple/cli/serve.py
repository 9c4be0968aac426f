"""`meeple serve`: the web front end, with a flag for every limit of `meeple.web.Limits`.

Kept apart from the other commands because it is the only one that needs the
web extra and the only one with thirty flags; its defaults are read from
`Limits` itself, so a new limit is documented and settable in one place.
"""

from __future__ import annotations

from typing import Annotated
from typing import Any

import typer
from rich.console import Console

__all__ = ["serve"]

console = Console(highlight=False)


def _limit_defaults() -> object:
    """The web limits' defaults, without importing the web extra (it may be missing)."""
    try:
        from ..web.limits import Limits
    except ImportError:  # pragma: no cover - the web extra is not installed
        return None
    return Limits()


_LIMITS: object = _limit_defaults()


def _default(name: str) -> Any:
    return getattr(_LIMITS, name, 1)


def _limit(help_text: str) -> Any:
    return typer.Option(help=help_text, rich_help_panel="Limits (see docs/web.md)")


def serve(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0 for the LAN)")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
    db: Annotated[str, typer.Option(help="SQLite file where matches are kept")] = (
        "meeple-web.sqlite3"
    ),
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            help="addresses of reverse proxies whose X-Forwarded-For names the client "
            "(comma-separated; '' trusts none)"
        ),
    ] = "127.0.0.1",
    max_matches: Annotated[int, _limit("unfinished matches held at once")] = _default(
        "max_matches"
    ),
    max_matches_per_client: Annotated[
        int, _limit("unfinished matches one client address may have")
    ] = _default("max_matches_per_client"),
    creates_per_minute: Annotated[
        float, _limit("matches one client address may create per minute")
    ] = _default("creates_per_minute"),
    create_burst: Annotated[int, _limit("matches one client may create in a burst")] = _default(
        "create_burst"
    ),
    idle_seconds: Annotated[
        float, _limit("an unfinished match with no move for this long is closed")
    ] = _default("idle_seconds"),
    keep_finished_days: Annotated[
        float, _limit("days finished and abandoned matches are kept")
    ] = _default("keep_finished_days"),
    max_finished: Annotated[
        int, _limit("most finished and abandoned matches kept (oldest deleted first)")
    ] = _default("max_finished"),
    sweep_seconds: Annotated[
        float, _limit("how often idle matches are closed and old ones deleted")
    ] = _default("sweep_seconds"),
    max_seats: Annotated[int, _limit("most seats per match")] = _default("max_seats"),
    requests_per_second: Annotated[
        float, _limit("requests one client address may make per second")
    ] = _default("requests_per_second"),
    request_burst: Annotated[
        int, _limit("requests one client address may make in a burst")
    ] = _default("request_burst"),
    max_inflight_per_client: Annotated[
        int, _limit("requests of one client address handled at once")
    ] = _default("max_inflight_per_client"),
    max_body_bytes: Annotated[int, _limit("largest request body")] = _default("max_body_bytes"),
    max_json_depth: Annotated[
        int, _limit("deepest nesting of arrays and objects in a body")
    ] = _default("max_json_depth"),
    default_mcts_iterations: Annotated[
        int, _limit("iterations of an mcts seat that names none")
    ] = _default("default_mcts_iterations"),
    max_mcts_iterations: Annotated[
        int, _limit("largest mcts:iterations a seat may ask for")
    ] = _default("max_mcts_iterations"),
    max_rollout_depth: Annotated[
        int, _limit("largest mcts:rollout_depth a seat may ask for")
    ] = _default("max_rollout_depth"),
    max_bot_seconds: Annotated[
        float, _limit("cap on every bot decision, and the largest mcts:time_limit")
    ] = _default("max_bot_seconds"),
    max_greedy_worlds: Annotated[
        int, _limit("largest greedy:worlds a seat may ask for")
    ] = _default("max_greedy_worlds"),
    bot_workers: Annotated[
        int, _limit("bot decisions computed at once, each in a worker process")
    ] = _default("bot_workers"),
    bot_workers_per_client: Annotated[
        int, _limit("bot decisions of one client address's matches computed at once")
    ] = _default("bot_workers_per_client"),
    max_seat_streams: Annotated[
        int, _limit("live-update connections per seat (a newer one closes the oldest)")
    ] = _default("max_seat_streams"),
    max_spectators: Annotated[
        int, _limit("live-update connections without a seat token, per match")
    ] = _default("max_spectators"),
    max_streams_per_client: Annotated[
        int, _limit("live-update connections without a token from one client address")
    ] = _default("max_streams_per_client"),
    stream_seconds: Annotated[
        float, _limit("how long one live-update connection stays open")
    ] = _default("stream_seconds"),
    heartbeat_seconds: Annotated[
        float, _limit("keep-alive interval on an idle live-update connection")
    ] = _default("heartbeat_seconds"),
) -> None:
    """Serve the web front end: a lobby, match pages and a JSON API (extra `web`).

    Every limit has a flag; `GET /api/status` shows the counts and the limits in force.
    """
    given = dict(locals())
    try:
        import uvicorn

        from ..web import Limits
        from ..web import create_app
        from ..web.store import Store
        from ..web.store import StoreError
    except ImportError as err:
        console.print(f"[red]error:[/red] the web front end needs meeple[web]: {err}")
        raise typer.Exit(2) from None
    import attrs

    try:
        limits = Limits(**{field.name: given[field.name] for field in attrs.fields(Limits)})
    except ValueError as err:
        console.print(f"error: {err}", markup=False)
        raise typer.Exit(2) from None
    try:  # open (and migrate) the database now, so a damaged file is one clear line
        Store(db).close()
    except StoreError as err:
        console.print(f"error: {err}", markup=False, soft_wrap=True)
        raise typer.Exit(2) from None
    console.print(f"meeple web on http://{host}:{port}/ (matches kept in {db})", markup=False)
    uvicorn.run(
        create_app(db, limits=limits),
        host=host,
        port=port,
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips,
        timeout_graceful_shutdown=3,
        log_level="info",
    )
