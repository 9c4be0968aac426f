"""Load test: 200 honest clients play their matches to the end while an attacker floods the
server from 50 addresses (issue 31). Marked ``load``: ``nox -s load`` or ``pytest -m load``.

It runs only on 127.0.0.0/8, against ``meeple serve`` in a child process with its
default limits but ``--max-matches 500`` (room for the 200 honest matches beside the
attacker's 200: a server sized for its players). Two phases, the same honest load
in each:

* **Honest clients.** `HONEST` clients, each from its own address (and /24), start
  over `STAGGER` seconds; each creates a Goofspiel match (13 cards), opens the
  live-update stream of its seat as the page does, and plays to the end with a
  think time of `THINK` seconds; half play both seats, half play against the random
  bot. Every request's latency is recorded, moves (``POST .../act``) apart. A
  request cut by the server (a keep-alive connection closed for room) is retried,
  as a browser does, and counted.
* **Attacker** (second phase only), a process of its own, from `ATTACKERS`
  addresses, each in a /24 of its own: per address, `SLOW` connections sending their
  head a byte a second (slowloris), `IDLE` connections held open doing nothing,
  `STREAMS` spectator streams on its own matches held open, its matches
  (the most it may) with six ``mcts:iterations=2000,rollout_depth=200`` seats, and
  `FLOODERS` loops sending requests as fast as the answers come (the lobby's games
  list, bodies nested 2,000 deep, a key given twice).

The figures go to ``artifacts/load/report.json`` and are printed; docs/performance.md
("Web server under attack") quotes one run.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from meeple.web import Limits

from .support import ServerProcess
from .support import bearer

pytestmark = pytest.mark.load

HONEST = 200
STAGGER = 20.0
THINK = (0.2, 0.6)
CARDS = 13
ATTACKERS = 50
SLOW = 16
IDLE = 16
STREAMS = 16
FLOODERS = 8
HEAVY = ["mcts:iterations=2000,rollout_depth=200"] * 6
MAX_MATCHES = 500
"""The server's ``--max-matches``: room for the honest matches beside the attacker's."""
ATTACKER_MATCHES = Limits().max_matches_per_client
"""Matches each attacking address creates: the most one address may."""
PHASE_LIMIT = 900.0
"""Longest a phase may take (a bound for a hang, not a measure)."""
REPORT = Path(__file__).resolve().parents[2] / "artifacts" / "load" / "report.json"
DEEP = b'{"action": "bid 1", "version": ' + b"[" * 2000 + b"]" * 2000 + b"}"


@dataclass
class Honest:
    """One honest client and what it saw."""

    address: str
    hot_seat: bool
    moves: list[float] = field(default_factory=list)  # seconds per POST .../act
    requests: list[float] = field(default_factory=list)  # seconds per request, all of them
    refused: Counter[str] = field(default_factory=Counter)  # 4xx other than 409, 5xx
    retried: int = 0  # requests cut by the server and sent again
    finished: bool = False
    stream_closed: int = 0  # live-update streams the server closed

    async def call(self, http: httpx.AsyncClient, method: str, url: str, **kw: Any) -> Any:
        """One request, timed; retried if the server cut the connection (at most 5 times)."""
        for _ in range(5):
            started = time.perf_counter()
            try:
                response = await http.request(method, url, **kw)
            except httpx.TransportError:
                self.retried += 1
                continue
            took = time.perf_counter() - started
            self.requests.append(took)
            if url.endswith("/act"):
                self.moves.append(took)
            if response.status_code >= 400 and response.status_code != 409:
                self.refused[str(response.status_code)] += 1
            return response
        raise AssertionError(f"{self.address}: {method} {url} failed five times")


async def _follow(url: str, http: httpx.AsyncClient, token: str, client: Honest) -> None:
    """The seat's live-update stream, as the page holds it (reopened if closed)."""
    while True:
        try:
            async with http.stream("GET", url, headers=bearer(token)) as response:
                async for line in response.aiter_lines():
                    if line.startswith("event: closed"):
                        client.stream_closed += 1
        except httpx.TransportError:
            client.stream_closed += 1
        await asyncio.sleep(2.0)


async def _play(base: str, client: Honest, delay: float) -> None:
    await asyncio.sleep(delay)
    transport = httpx.AsyncHTTPTransport(local_address=client.address, verify=False)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=60) as http:
        seats = ["human", "human"] if client.hot_seat else ["human", "random"]
        body = {"game": "goofspiel", "players": 2, "seats": seats, "options": {"cards": CARDS}}
        created = await client.call(http, "POST", "/api/matches", json=body)
        assert created.status_code == 201, created.text
        data = created.json()
        match = f"/api/matches/{data['match']}"
        tokens = [s["token"] for s in data["seats"] if "token" in s]
        follower = asyncio.create_task(_follow(f"{match}/events", http, tokens[0], client))
        try:
            while not client.finished:
                for token in tokens:
                    view = await client.call(http, "GET", f"{match}/view", headers=bearer(token))
                    if view.status_code != 200:  # counted as refused: the test fails
                        await asyncio.sleep(1.0)
                        continue
                    page = view.json()
                    if page["over"]:
                        client.finished = True
                        break
                    if not page["legal"]:
                        await asyncio.sleep(0.05)
                        continue
                    await asyncio.sleep(random.uniform(*THINK))
                    move = random.choice(page["legal"])
                    await client.call(
                        http,
                        "POST",
                        f"{match}/act",
                        headers=bearer(token),
                        json={"action": move, "version": page["version"]},
                    )
        finally:
            follower.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await follower


async def _honest_phase(base: str, first_octet: int) -> list[Honest]:
    clients = [Honest(f"127.{first_octet}.{i}.1", hot_seat=i % 2 == 0) for i in range(HONEST)]
    plays = [_play(base, c, STAGGER * i / HONEST) for i, c in enumerate(clients)]
    await asyncio.wait_for(asyncio.gather(*plays), timeout=PHASE_LIMIT)
    return clients


# the attacker ------------------------------------------------------------------------------


async def _raw(host: str, port: int, address: str, seen: Counter[str], slow: bool) -> None:
    """One connection, reopened whenever the server closes it: a head trickled a byte a
    second (`slow`), or nothing at all."""
    head = b"GET /api/games HTTP/1.1\r\nHost: x\r\n" + b"X-Pad: " + b"a" * 10_000
    what = "slow" if slow else "idle"
    while True:
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(address, 0))
        except OSError:
            seen["connect refused"] += 1
            await asyncio.sleep(1.0)
            continue
        answer = asyncio.ensure_future(reader.read(100))
        try:
            for byte in head if slow else b"":
                if answer.done():
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.wait([answer], timeout=1.0)
            got = await answer
            seen[f"{what} closed {got[9:12].decode() or 'silently'}"] += 1
        except OSError:
            seen[f"{what} reset"] += 1
        finally:
            answer.cancel()
            writer.close()


async def _flood(http: httpx.AsyncClient, seen: Counter[str], mine: list[str], n: int) -> None:
    step = n
    while True:
        step += 1
        try:
            if step % 3 == 0 and mine:
                response = await http.post(
                    f"/api/matches/{mine[0]}/act",
                    content=DEEP,
                    headers={"content-type": "application/json", **bearer("x" * 32)},
                )
            elif step % 3 == 1:
                response = await http.post(
                    "/api/matches",
                    content=b'{"game": "goofspiel", "game": "goofspiel"}',
                    headers={"content-type": "application/json"},
                )
            else:
                response = await http.get("/api/games")
            seen[str(response.status_code)] += 1
        except httpx.TransportError as err:
            seen[type(err).__name__] += 1
            await asyncio.sleep(0.1)


async def _streams(http: httpx.AsyncClient, seen: Counter[str], mine: list[str]) -> None:
    async def hold() -> None:
        while True:
            if not mine:
                await asyncio.sleep(1.0)
                continue
            try:
                async with http.stream("GET", f"/api/matches/{mine[0]}/events") as response:
                    seen[f"stream {response.status_code}"] += 1
                    async for _ in response.aiter_lines():
                        pass
            except httpx.TransportError:
                seen["stream cut"] += 1
            await asyncio.sleep(1.0)

    await asyncio.gather(*(hold() for _ in range(STREAMS)))


async def _attack_from(base: str, host: str, port: int, address: str, seen: Counter[str]) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=address, verify=False)
    # within the 64 connections one address may hold, or its own requests are refused
    pool = STREAMS + FLOODERS
    limits = httpx.Limits(max_connections=pool, max_keepalive_connections=pool)
    async with httpx.AsyncClient(
        base_url=base, transport=transport, timeout=30, limits=limits
    ) as http:
        mine: list[str] = []
        for _ in range(ATTACKER_MATCHES):
            created = await http.post(
                "/api/matches", json={"game": "wypas", "players": 6, "seats": HEAVY}
            )
            seen[f"create {created.status_code}"] += 1
            if created.status_code == 201:
                mine.append(created.json()["match"])
        tasks = [_raw(host, port, address, seen, slow=True) for _ in range(SLOW)]
        tasks += [_raw(host, port, address, seen, slow=False) for _ in range(IDLE)]
        tasks += [_flood(http, seen, mine, n) for n in range(FLOODERS)]
        tasks.append(_streams(http, seen, mine))
        await asyncio.gather(*tasks)


def _attacker(base: str, port: int, addresses: int, ready: Any, done: Any, results: Any) -> None:
    """The attacker's process: every address's tasks until `done`."""
    seen: Counter[str] = Counter()

    async def run() -> None:
        attacks = [
            asyncio.ensure_future(_attack_from(base, "127.0.0.1", port, f"127.2.{a}.1", seen))
            for a in range(addresses)
        ]
        ready.set()
        while not done.is_set():
            await asyncio.sleep(0.2)
        for task in attacks:
            task.cancel()
        await asyncio.gather(*attacks, return_exceptions=True)

    asyncio.run(run())
    seen["cpu seconds"] = round(time.process_time())
    results.put(dict(seen))


# the measures ------------------------------------------------------------------------------


def _ms(values: list[float]) -> dict[str, Any]:
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {
        "n": len(values),
        "p50_ms": round(cuts[49] * 1000),
        "p90_ms": round(cuts[89] * 1000),
        "p99_ms": round(cuts[98] * 1000),
        "max_ms": round(max(values) * 1000),
    }


def _summary(clients: list[Honest], seconds: float) -> dict[str, Any]:
    refused: Counter[str] = Counter()
    for client in clients:
        refused.update(client.refused)
    return {
        "matches_finished": sum(c.finished for c in clients),
        "seconds": round(seconds, 1),
        "moves": _ms([x for c in clients for x in c.moves]),
        "requests": _ms([x for c in clients for x in c.requests]),
        "refused": dict(refused),
        "retried_after_a_cut": sum(c.retried for c in clients),
        "streams_closed_by_the_server": sum(c.stream_closed for c in clients),
    }


def _cpu_seconds(server: ServerProcess) -> float:
    """CPU time the server process has used so far (Linux's /proc; 0 elsewhere)."""
    assert server.process is not None
    try:
        fields = (
            Path(f"/proc/{server.process.pid}/stat")
            .read_text(encoding="utf-8")
            .rsplit(")", 1)[1]
            .split()
        )
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _phase(server: ServerProcess, first_octet: int, attack: bool) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    ready, done, results = context.Event(), context.Event(), context.Queue()
    attacker = context.Process(
        target=_attacker, args=(server.url, server.port, ATTACKERS, ready, done, results)
    )
    if attack:
        attacker.start()
        assert ready.wait(120), "the attacker did not start"
        time.sleep(5.0)  # its connections and streams are in place before anyone plays
    started = time.monotonic()
    cpu = (time.process_time(), _cpu_seconds(server))
    try:
        clients = asyncio.run(_honest_phase(server.url, first_octet))
    finally:
        done.set()
    seconds = time.monotonic() - started
    summary = _summary(clients, seconds)
    summary["cpu_seconds"] = {  # where the two cores went (the machine may run other work)
        "honest_clients": round(time.process_time() - cpu[0]),
        "server": round(_cpu_seconds(server) - cpu[1]),
    }
    if attack:
        summary["attacker"] = results.get(timeout=120)
        attacker.join(timeout=60)
    assert all(c.finished for c in clients), summary
    return summary


def test_honest_clients_finish_their_matches_while_50_addresses_attack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = ServerProcess(tmp_path / "load.sqlite3", "--max-matches", str(MAX_MATCHES))
    server.start()
    try:
        quiet = _phase(server, 1, attack=False)
        loud = _phase(server, 3, attack=True)
    finally:
        server.stop()
    report = {
        "setup": {
            "honest_clients": HONEST,
            "attacker_addresses": ATTACKERS,
            "per_attacker_address": {
                "slowloris": SLOW,
                "idle": IDLE,
                "flood_loops": FLOODERS,
                "spectator_streams_tried": STREAMS,
                "matches_tried": 4,
            },
            "game": f"goofspiel, {CARDS} cards; half hot seat, half against the random bot",
            "think_seconds": THINK,
        },
        "without_attacker": quiet,
        "with_attacker": loud,
    }
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2), encoding="utf-8")
    with capsys.disabled():
        print("\n" + json.dumps(report, indent=2))
    for phase in (quiet, loud):
        assert phase["matches_finished"] == HONEST
        assert phase["refused"] == {}, phase["refused"]
        assert phase["moves"]["p99_ms"] < 10_000  # served, not starved (the figures: docs)
    attacker = loud["attacker"]
    assert attacker["create 201"] <= 4 * ATTACKERS  # its caps held: four matches an address
    assert sum(n for what, n in attacker.items() if what.startswith("slow ")) > 0  # cut off
    assert loud["streams_closed_by_the_server"] == 0  # no honest stream gave way
