"""Attack class 9 (issue 31): crashes. kill -9 during heavy play with bots in every game,
hand-edited rows, and a normal shutdown while bots decide.

* kill -9 while humans and bots play all four games: after each restart every move a
  client was shown is still there (acknowledged ones included) and every match goes on
  from where it was. The default run kills once; ``nox -s heavy`` twenty times.
* A hand-edited row that makes the game's own code raise (a move of a million
  digits) stopped the whole server from starting; now that match alone is damaged.
* SIGTERM while a bot decides: a worker process finished its decision after the server
  was gone and printed a BrokenPipeError traceback. Now the server stops its workers
  when it stops, and a worker whose server is gone leaves quietly.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

import httpx2 as httpx
import pytest

from meeple.core.errors import CorruptDataError

from ..shared import BUILT_IN
from ..shared import number
from ..shared import says
from .support import ServerProcess
from .support import bearer
from .support import edited
from .support import http_from

FAST = (
    "--requests-per-second",
    "5000",
    "--request-burst",
    "5000",
    "--creates-per-minute",
    "600",
    "--create-burst",
    "50",
    "--max-matches-per-client",
    "50",
)
"""These tests are about crashes, not the per-client rates."""
GAMES = {
    "wojtek": ["human", "random", "mcts:iterations=5"],
    "way_of_bear": ["human", "mcts:iterations=5", "random"],
    "bear_mountain": ["human", "random", "mcts:iterations=5"],
    "wypas": ["human", "random", "mcts:iterations=5"],
}
"""A human and two bots in each game."""
WAIT = 120.0
"""Longest wait for the server to get somewhere (a bound for a hang)."""
KILLS = 1
"""Times the default run kills the server mid-play."""
HEAVY_KILLS = 20
"""Times ``nox -s heavy`` kills it."""


@dataclass
class Played:
    """One match a client plays seat 0 of: what it was shown and what was acknowledged."""

    game: str
    match: str
    token: str
    acknowledged: list[tuple[int, str]] = field(default_factory=list)  # (version, move)
    log: list[dict[str, object]] = field(default_factory=list)  # the last log it was shown


def _new(http: httpx.Client, game: str) -> Played:
    response = http.post(
        "/api/matches", json={"game": game, "players": len(GAMES[game]), "seats": GAMES[game]}
    )
    assert response.status_code == 201, response.text
    data = response.json()
    return Played(game, data["match"], data["seats"][0]["token"])


def _play(url: str, address: str, mine: list[Played], stop: threading.Event) -> None:
    """Play seat 0 of the last match in `mine` as fast as possible; a new match when one
    ends; stop at a connection error (the server was killed) or when told."""
    try:
        with http_from(url, address, timeout=10) as http:
            while not stop.is_set():
                played = mine[-1]
                page = http.get(f"/api/matches/{played.match}/view", headers=bearer(played.token))
                assert page.status_code == 200, page.text
                view = page.json()
                played.log = view["log"]
                if view["over"]:
                    mine.append(_new(http, played.game))
                    continue
                if not view["legal"]:
                    time.sleep(0.01)
                    continue
                move = view["legal"][0]
                answer = http.post(
                    f"/api/matches/{played.match}/act",
                    headers=bearer(played.token),
                    json={"action": move, "version": view["version"]},
                )
                if answer.status_code == 200:
                    played.acknowledged.append((answer.json()["version"], move))
                else:
                    assert answer.status_code == 409, answer.text
    except httpx.TransportError:
        return  # killed mid-request: that move was never acknowledged


def _acknowledged(matches: dict[str, list[Played]]) -> int:
    return sum(len(p.acknowledged) for mine in matches.values() for p in mine)


def _check_resumed(url: str, matches: dict[str, list[Played]]) -> None:
    """Every match is served again from where it was: the log its human was last shown
    is still its log's beginning, and every acknowledged move is at its number."""
    with http_from(url, "127.0.0.40", timeout=30) as http:
        for mine in matches.values():
            for played in mine:
                page = http.get(f"/api/matches/{played.match}/view", headers=bearer(played.token))
                assert page.status_code == 200, (played.game, page.text)
                log = page.json()["log"]
                # The same moves by the same seats; the human's own read the same. The
                # others' may read in full now: a finished match opens its whole record.
                seen = [(e["n"], e["player"], e["move"] if e["player"] == 0 else None)
                        for e in played.log]  # fmt: skip
                now = [(e["n"], e["player"], e["move"] if e["player"] == 0 else None)
                       for e in log[: len(played.log)]]  # fmt: skip
                assert now == seen, played.game
                moves = {entry["n"]: (entry["player"], entry["move"]) for entry in log}
                for version, move in played.acknowledged:
                    assert moves.get(version) == (0, move), (played.game, version, move)


def _crash_during_play(folder: Path, kills: int, moves_per_kill: int) -> None:
    server = ServerProcess(folder / "crash.sqlite3", *FAST)
    server.start()
    try:
        with http_from(server.url, "127.0.0.41") as http:
            matches = {game: [_new(http, game)] for game in GAMES}
        for kill in range(kills):
            stop = threading.Event()
            threads = [
                threading.Thread(
                    target=_play, args=(server.url, f"127.0.6.{i}", matches[game], stop)
                )
                for i, game in enumerate(GAMES)
            ]
            for thread in threads:
                thread.start()
            # after a number of moves, not a time: the kill lands mid-play on any machine
            target = moves_per_kill * (kill + 1)
            deadline = time.monotonic() + WAIT
            while _acknowledged(matches) < target:
                assert time.monotonic() < deadline, f"fewer than {target} moves acknowledged"
                time.sleep(0.01)
            server.kill9()  # humans mid-request, bots mid-decision
            stop.set()
            for thread in threads:
                thread.join(timeout=WAIT)
            server.start()
            _check_resumed(server.url, matches)
        assert "damaged" not in server.output()
    finally:
        server.stop()


def test_kill_9_during_play_with_bots_in_every_game_loses_nothing(tmp_path: Path) -> None:
    _crash_during_play(tmp_path, kills=KILLS, moves_per_kill=8)


@pytest.mark.heavy
def test_kill_9_twenty_times_during_heavy_play_loses_nothing(tmp_path: Path) -> None:
    _crash_during_play(tmp_path, kills=HEAVY_KILLS, moves_per_kill=15)


def test_the_page_counts_the_kills_and_the_games_of_these_tests() -> None:
    """docs/web.md: "Tested by killing a server twenty times while humans and bots play
    all four games (`nox -s heavy`; once in the default run)"."""
    said = says(
        "docs/web.md",
        r"killing a server (\w+) times while humans and bots play all (\w+) games "
        r"\(`nox -s heavy`; (once|twice) in the default run\)",
    )
    assert number(said[1]) == HEAVY_KILLS
    assert number(said[2]) == len(GAMES) == len(BUILT_IN)
    assert {"once": 1, "twice": 2}[said[3]] == KILLS


# hand-edited rows ----------------------------------------------------------------------------


def test_a_row_that_makes_the_games_own_code_raise_damages_only_its_match(
    tmp_path: Path,
) -> None:
    db = tmp_path / "edited.sqlite3"
    server = ServerProcess(db, *FAST)
    server.start()
    try:
        with http_from(server.url, "127.0.0.42") as http:
            seats = ["human", "human"]
            made = [
                http.post("/api/matches", json={"game": "goofspiel", "players": 2, "seats": seats})
                for _ in range(3)
            ]
            ids = [m.json()["match"] for m in made]
            tokens = [[s["token"] for s in m.json()["seats"]] for m in made]
            for match, both in zip(ids, tokens, strict=True):
                for token in both:
                    legal = http.get(f"/api/matches/{match}/legal", headers=bearer(token))
                    response = http.post(
                        f"/api/matches/{match}/act",
                        headers=bearer(token),
                        json={"action": "bid 1", "version": legal.json()["version"]},
                    )
                    assert response.status_code == 200, response.text
    finally:
        server.stop()
    with edited(db) as edit:  # the goofspiel plugin's int() refuses 10**6 digits
        edit.execute(
            "UPDATE moves SET notation = 'bid ' || replace(hex(zeroblob(500000)), '0', '9') "
            "WHERE match_id = ? AND n = 1",
            (ids[0],),
        )
        edit.execute("UPDATE moves SET notation = 'bid 99' WHERE match_id = ? AND n = 1", (ids[1],))
    server.start()  # before: the server did not start at all
    try:
        with http_from(server.url, "127.0.0.43") as http:
            for damaged in ids[:2]:
                response = http.get(f"/api/matches/{damaged}/view")
                assert response.status_code == 500
                assert "damaged" in response.json()["error"]
            healthy = http.get(f"/api/matches/{ids[2]}/view", headers=bearer(tokens[2][0]))
            assert healthy.status_code == 200
            assert healthy.json()["version"] == 2
        assert f"stored match {ids[0]} is damaged" in server.output()
        # What went wrong is named in the log: the move and why it fails (a game's own
        # exception is named too: the next test).
        assert f"{ids[1]} is damaged and skipped: record of goofspiel does not replay: " in (
            server.output()
        )
        assert "move 1 ('bid 99' by player 0) fails: goofspiel: there is no card 99" in (
            server.output()
        )
        assert "Traceback" not in server.output()
    finally:
        server.stop()


def test_any_exception_a_game_raises_on_a_stored_row_names_it_as_damage(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game's bug on a row it never wrote (a plain ValueError, not a MeepleError) is
    reported as that match's damage, naming the exception, never raised to the server."""
    from meeple.core import registry
    from meeple.core.match import GameRecord
    from meeple.web.build import replay_stored

    game = registry.default_registry.get("goofspiel")

    def broken(text: str) -> object:
        raise ValueError(f"a bug in the plugin reading {text!r}")

    monkeypatch.setattr(game, "_parse_action", broken)
    record = GameRecord(
        game="goofspiel",
        rules_version=game.spec.rules_version,
        players=2,
        seed=1,
        options=(),
        moves=((0, "bid 1"),),
    )
    with pytest.raises(CorruptDataError, match=r"does not replay: ValueError: a bug in the plugin"):
        replay_stored(registry.default_registry, record)


# a normal shutdown ---------------------------------------------------------------------------


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (the bot workers of a server)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text(encoding="utf-8")
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def _gone(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def test_sigterm_while_bots_decide_leaves_no_traceback_and_no_worker(tmp_path: Path) -> None:
    # A decision may take long on a loaded machine: a generous cap, so no worker is
    # killed for time (its log line would read as an error) before the SIGTERM.
    server = ServerProcess(tmp_path / "term.sqlite3", "--max-bot-seconds", "120")
    server.start()
    assert server.process is not None
    with http_from(server.url, "127.0.0.44") as http:
        seats = ["mcts:iterations=400"] * 4
        created = http.post("/api/matches", json={"game": "wypas", "players": 4, "seats": seats})
        assert created.status_code == 201, created.text
        url = f"/api/matches/{created.json()['match']}/view"
        deadline = time.monotonic() + WAIT
        while http.get(url).json()["version"] < 2:  # the workers are warm, deciding the next
            assert time.monotonic() < deadline, "the bots did not start"
            time.sleep(0.05)
    workers = _children(server.process.pid)
    assert workers, "no bot worker process was found"
    server.stop()  # SIGTERM, as systemd or docker stop sends
    deadline = time.monotonic() + WAIT
    while not all(_gone(pid) for pid in workers):
        assert time.monotonic() < deadline, "a bot worker outlived its server"
        time.sleep(0.05)
    output = server.output()
    assert "Application shutdown complete" in output
    assert "Traceback" not in output, output
    assert "Error" not in output, output
