"""The server's resource bounds, in one place so the docs, the CLI and the tests can name them.

Every field is a positive number; `meeple serve` has one flag per field (the
name with dashes, e.g. ``--max-matches-per-client``), and ``GET /api/status``
shows the values in force.
"""

from __future__ import annotations

import math

import attrs

__all__ = ["Limits", "duration"]


@attrs.frozen
class Limits:
    """Caps that keep one server's memory, CPU and disk use bounded, per client and in total."""

    # matches -----------------------------------------------------------------------------
    max_matches: int = 200
    """Unfinished matches the server holds at once; creating one more gets 429."""
    max_matches_per_client: int = 4
    """Unfinished matches one client address may have created; one more gets 429."""
    max_matches_per_network: int = 16
    """Unfinished matches the addresses of one public network (IPv4 /24, IPv6 /48) may
    have created together (never fewer than `max_matches_per_client`; the addresses of a
    private network, a LAN, count one by one); one more gets 429."""
    full_idle_seconds: float = 600.0
    """When the server holds `max_matches`, a new match closes the one with the oldest
    last move if nobody has moved in it for this long (else 429, saying when to retry)."""
    creates_per_minute: float = 10.0
    """Matches one client address may create per minute, on average."""
    create_burst: int = 5
    """Matches one client address may create in a quick burst before the rate applies."""
    idle_seconds: float = 3600.0
    """An unfinished match with no move for this long is closed as abandoned."""
    keep_finished_days: float = 30.0
    """Finished and abandoned matches are deleted this many days after their last move."""
    max_finished: int = 10_000
    """At most this many finished and abandoned matches are kept; the oldest go first."""
    sweep_seconds: float = 60.0
    """How often idle matches are closed and old finished ones deleted."""
    max_seats: int = 8
    """Most seats a match may have, whatever the game allows."""

    # requests ----------------------------------------------------------------------------
    requests_per_second: float = 30.0
    """Requests one client address may make per second, on average; more get 429."""
    request_burst: int = 150
    """Requests one client address may make in a quick burst before the rate applies."""
    max_inflight_per_client: int = 4
    """Requests of one client address being handled at once (live updates and the pages'
    own scripts and style not counted)."""
    max_body_bytes: int = 16_384
    """Largest request body accepted; a larger one gets 413 before it is parsed."""
    max_json_depth: int = 32
    """Deepest nesting of arrays and objects accepted in a request body; deeper gets 422."""
    guesses_per_minute: float = 10.0
    """Wrong seat tokens and unknown match ids one client address may send per minute, on
    average; past it, every request of that address naming a match gets 429."""
    guess_burst: int = 30
    """Wrong seat tokens and unknown match ids one client address may send in a burst
    before the rate applies."""

    # bots --------------------------------------------------------------------------------
    default_mcts_iterations: int = 200
    """Iterations of an ``mcts`` seat that names no budget."""
    max_mcts_iterations: int = 2_000
    """Largest ``mcts:iterations=N`` a seat may ask for."""
    max_rollout_depth: int = 200
    """Largest ``mcts:rollout_depth=N`` a seat may ask for."""
    max_bot_seconds: float = 5.0
    """Largest ``mcts:time_limit=S``, and the cap on every bot decision whatever its budget."""
    max_greedy_worlds: int = 16
    """Largest ``greedy:worlds=N`` a seat may ask for."""
    bot_workers: int = 2
    """Bot decisions computed at once across all matches, each in a worker process (the
    rest wait their turn, client by client)."""
    bot_workers_per_client: int = 1
    """Bot decisions of the matches one client address created computed at once."""

    # live updates ------------------------------------------------------------------------
    max_seat_streams: int = 4
    """Live-update connections per seat; a newer one closes the oldest, so a player always
    gets one."""
    max_spectators: int = 32
    """Live-update connections without a seat token, per match; more get 429."""
    max_streams_per_client: int = 16
    """Live-update connections without a seat token from one client address, all matches
    together; more get 429."""
    stream_seconds: float = 600.0
    """How long one live-update connection stays open (browsers reconnect by themselves)."""
    heartbeat_seconds: float = 15.0
    """Gap between keep-alive comments on an idle live-update connection."""
    max_streams: int = 400
    """Live-update connections on the server, all addresses together; at the cap a new one
    closes the oldest of the address holding the most (`meeple.web.stream_slots`)."""

    # connections -------------------------------------------------------------------------
    max_connections: int = 1000
    """TCP connections held at once; at the cap a new one closes the oldest idle one
    (`meeple.web.connections`), or gets 503 if none is idle."""
    max_connections_per_client: int = 64
    """TCP connections one address may hold (a trusted proxy is not counted); more get 429."""
    request_seconds: float = 10.0
    """Time a client has to send a whole request (head and body), and to read an answer
    it has stopped reading; then the connection is closed."""

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"limit {field.name} must be a number, not {value!r}")
            if not math.isfinite(value) or value <= 0:
                raise ValueError(f"limit {field.name} must be a finite number above 0")
            if field.type in (int, "int") and not isinstance(value, int):
                raise ValueError(f"limit {field.name} must be a whole number, not {value!r}")
        if self.default_mcts_iterations > self.max_mcts_iterations:
            raise ValueError("limit default_mcts_iterations must not exceed max_mcts_iterations")
        if self.max_streams >= self.max_connections:
            raise ValueError("limit max_streams must be below max_connections")


def duration(seconds: float) -> str:
    """A readable span: ``45 seconds``, ``60 minutes``, ``2 hours``."""
    if seconds < 120:
        return f"{seconds:g} seconds"
    if seconds < 7200:
        return f"{seconds / 60:g} minutes"
    return f"{seconds / 3600:g} hours"
