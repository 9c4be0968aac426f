"""kill -9 a real ``meeple serve`` mid-play: every acknowledged move is there after a restart.

A move is acknowledged (HTTP 200) only after its row is committed, so a crash
at any instant loses nothing a client was told had happened. Several clients
play at once while bots move in another match, the server is killed with
SIGKILL a few times, and after each restart every acknowledged move is found in
its seat's log, at its number, and play goes on.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

import httpx2 as httpx

from .support import ServerProcess
from .support import bearer
from .support import http_from
from .support import wait_until

PLAYERS = 5
CARDS = 13  # 65 moves per match
MATCHES = 4  # per client: more moves than three short cycles can play
KILL_AFTER = 60
"""New moves acknowledged in cycle c before the kill: 60 (c + 1), 360 of the 1,040 in all."""
# This test is about durability, not the per-client request rate: clients go full speed.
FAST = ("--requests-per-second", "5000", "--request-burst", "5000")


@dataclass
class Played:
    """One client's match: its tokens and every move the server acknowledged."""

    match: str
    tokens: list[str]
    acknowledged: list[tuple[int, int, str]] = field(default_factory=list)  # (n, seat, move)


def _create(url: str, address: str) -> Played:
    with http_from(url, address) as http:
        response = http.post(
            "/api/matches",
            json={
                "game": "goofspiel",
                "players": PLAYERS,
                "seats": ["human"] * PLAYERS,
                "options": {"cards": CARDS},
            },
        )
        assert response.status_code == 201, response.text
        data = response.json()
        return Played(data["match"], [s["token"] for s in data["seats"]])


def _play_until_killed(
    url: str, address: str, matches: list[Played], killing: threading.Event
) -> None:
    """Play the matches one after the other as fast as possible; keep the acknowledged
    moves; stop once the server is being killed.

    A request that fails before the kill (a slow answer on a busy machine) is not the
    kill: the client looks at the position again and goes on, as a player would. Before,
    any failure ended the client, and on a loaded machine a 5-second timeout could end
    them all before the moves the test waits for were played."""
    with http_from(url, address, timeout=30) as http:
        for played in matches:
            while not killing.is_set():
                try:
                    if _one_move(http, played):
                        break
                except httpx.TransportError:
                    continue  # the kill (then the loop ends) or a slow answer: look again


def _one_move(http: httpx.Client, played: Played) -> bool:
    """Play the next move of `played`; True if its game is over."""
    view = http.get(f"/api/matches/{played.match}/view").json()
    if view["over"]:
        return True
    seat = view["to_act"][0]
    legal = http.get(
        f"/api/matches/{played.match}/legal", headers=bearer(played.tokens[seat])
    ).json()
    move = legal["actions"][0]
    response = http.post(
        f"/api/matches/{played.match}/act",
        headers=bearer(played.tokens[seat]),
        json={"action": move, "version": legal["version"]},
    )
    if response.status_code == 200:
        played.acknowledged.append((response.json()["version"], seat, move))
    else:  # another request of ours got there first (a retry after a slow answer)
        assert response.status_code == 409, response.text
    return False


def _wait_for_moves(everything: list[Played], moves: int, timeout: float = 60.0) -> None:
    """Until the server has acknowledged `moves` moves in all, or `timeout` seconds."""
    wait_until(
        lambda: sum(len(p.acknowledged) for p in everything) >= moves,
        f"fewer than {moves} moves",
        timeout,
        every=0.01,
    )


def _check(url: str, played: Played) -> int:
    """Every acknowledged move is in its seat's log at its number; the match's version."""
    with http_from(url) as http:
        logs = []
        for token in played.tokens:
            view = http.get(f"/api/matches/{played.match}/view", headers=bearer(token)).json()
            logs.append({entry["n"]: (entry["player"], entry["move"]) for entry in view["log"]})
        version: int = view["version"]
    for n, seat, move in played.acknowledged:
        assert logs[seat].get(n) == (seat, move), (played.match, n, seat, move)
    assert version >= len(played.acknowledged)
    return version


def test_acknowledged_moves_survive_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    server = ServerProcess(db, *FAST)
    server.start()
    clients = [f"127.0.0.{10 + i}" for i in range(4)]
    try:
        matches = {a: [_create(server.url, a) for _ in range(MATCHES)] for a in clients}
        with http_from(server.url, "127.0.0.30") as http:
            bots = http.post(
                "/api/matches",
                json={
                    "game": "wypas",
                    "players": 3,
                    "seats": ["random", "random", "mcts:iterations=5"],
                },
            )
            assert bots.status_code == 201, bots.text
        everything = [played for mine in matches.values() for played in mine]
        acknowledged_before = 0
        for cycle in range(3):
            killing = threading.Event()
            threads = [
                threading.Thread(
                    target=_play_until_killed,
                    args=(server.url, address, matches[address], killing),
                )
                for address in clients
            ]
            for thread in threads:
                thread.start()
            # Killed after a share of the moves, not after a time: on a fast machine a
            # fixed sleep let every match finish first (nothing was killed mid-play).
            _wait_for_moves(everything, acknowledged_before + KILL_AFTER * (cycle + 1))
            killing.set()  # before the kill: from now on a failed request is the kill
            server.kill9()  # while the clients are mid-request
            for thread in threads:
                thread.join(timeout=60)
                assert not thread.is_alive(), "a client did not stop"
            server.start()
            for played in everything:
                _check(server.url, played)
            acknowledged = sum(len(p.acknowledged) for p in everything)
            assert acknowledged > acknowledged_before, f"no moves were played in cycle {cycle}"
            acknowledged_before = acknowledged
        assert acknowledged < MATCHES * len(clients) * PLAYERS * CARDS  # killed mid-play
        with http_from(server.url) as http:
            view = http.get(f"/api/matches/{bots.json()['match']}/view").json()
            assert view["version"] > 0  # the bots resumed after each restart
    finally:
        server.stop()
