"""The cap on unfinished matches: per address, per network, in all, and who gives way when full.

Kept apart from the store (which counts rows) so the rule reads in one place. A new
match is refused (429) when its address already has `Limits.max_matches_per_client`
unfinished matches, or its network (a public IPv4 /24 or IPv6 /48: one machine or
one customer often has a whole block) has `Limits.max_matches_per_network`. When the
server holds `Limits.max_matches`, the match whose last move is the oldest is closed
to make room if nobody has moved in it for `Limits.full_idle_seconds`; otherwise the
refusal says how long until that match would give way.
"""

from __future__ import annotations

import ipaddress

import attrs

from .limits import Limits
from .limits import duration

__all__ = ["IPV4_NETWORK", "IPV6_NETWORK", "Caps", "Room", "judge", "network_of"]

IPV4_NETWORK = 24
"""Prefix length of the public IPv4 network whose addresses share a match cap."""
IPV6_NETWORK = 48
"""Prefix length of the public IPv6 network whose clients share a match cap."""


def network_of(client: str) -> str:
    """The network a client key belongs to: a public IPv4 address's /24, a public IPv6
    /64's /48. A private address (a LAN, loopback) is its own network: there each
    address is a machine, and a LAN party's players share a /24. Anything else (a test
    client, a unix socket) is its own network too."""
    try:
        network = ipaddress.ip_network(client, strict=False)
    except ValueError:
        return client
    if network.is_private:
        return client
    prefix = IPV4_NETWORK if network.version == 4 else IPV6_NETWORK
    if network.prefixlen <= prefix:
        return str(network)
    return str(network.supernet(new_prefix=prefix))


@attrs.frozen
class Caps:
    """The numbers `judge` needs from `Limits`."""

    total: int
    per_client: int
    per_network: int
    full_idle_seconds: float

    @classmethod
    def of(cls, limits: Limits) -> Caps:
        """The caps in force (a network never holds fewer than one address may)."""
        return cls(
            limits.max_matches,
            limits.max_matches_per_client,
            max(limits.max_matches_per_network, limits.max_matches_per_client),
            limits.full_idle_seconds,
        )


@attrs.frozen
class Room:
    """Whether a new match may be stored, and what must happen first."""

    refusal: str | None = None
    """``"client"``, ``"network"`` or ``"total"``: which cap refused it."""
    give_way: str | None = None
    """The id of the idle match to close first, to make room."""
    wait: float | None = None
    """With a ``"total"`` refusal: seconds until the longest-idle match may give way."""


def judge(
    caps: Caps,
    *,
    total: int,
    mine: int,
    network: int,
    oldest: tuple[str, float] | None,
    now: float,
) -> Room:
    """Room for one more match of a client holding `mine` unfinished matches (its
    network `network`), with `total` on the server; `oldest` is the id and last-move
    time of the match whose last move is the oldest."""
    if mine >= caps.per_client:
        return Room("client")
    if network >= caps.per_network:
        return Room("network")
    if total < caps.total:
        return Room()
    if oldest is not None and oldest[1] <= now - caps.full_idle_seconds:
        return Room(give_way=oldest[0])
    since = now - oldest[1] if oldest is not None else 0.0
    return Room("total", wait=max(1.0, caps.full_idle_seconds - since))


def full_reason(limits: Limits) -> str:
    """Why the longest-idle match was closed for a new one (shown to its players)."""
    return (
        f"closed for a new match: the server was full and nobody had moved here for "
        f"{duration(limits.full_idle_seconds)}"
    )
