"""docs/web.md's figures that are not a flag's default (those have their own tests in
`tests/web/test_serve_command.py`), each read from the page and held against what the
server does or the constant it does it with: a change to either alone fails here."""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from meeple.web import Limits
from meeple.web.access import operator_hash
from meeple.web.api import MAX_NOTATION
from meeple.web.body import MAX_DIGITS
from meeple.web.body import parse_json
from meeple.web.bot_seats import BOT_GRACE_SECONDS
from meeple.web.build import SEED_BITS
from meeple.web.clients import TARPIT_SECONDS
from meeple.web.clients import client_key
from meeple.web.connections import FILE_RESERVE
from meeple.web.connections import connection_cap
from meeple.web.connections import uvicorn_settings
from meeple.web.errors import ApiError
from meeple.web.errors import error_body
from meeple.web.live import hash_token
from meeple.web.match_cap import network_of
from meeple.web.rows import SCHEMA_VERSION
from meeple.web.store import PRUNE_BATCH
from meeple.web.store import Store

from ..shared import number
from ..shared import prose
from ..shared import says
from .support import act
from .support import bearer
from .support import create
from .support import edited
from .support import refused

PAGE = "docs/web.md"


def _random_bits(text: str) -> int:
    """The random bits a URL-safe base64 text (`secrets.token_urlsafe`) holds."""
    return len(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))) * 8


def test_seat_tokens_match_ids_and_digests_are_the_sizes_the_page_gives(
    client: TestClient,
) -> None:
    """ "a random 192-bit token ... (match ids are 96 random bits) ... digests, always 64
    characters"."""
    said = says(
        PAGE,
        r"a random (\d+)-bit token, .*?\(match ids are (\d+) random bits\)\..*?"
        r"compares digests, always (\d+) characters",
    )
    token_bits, id_bits, digest = (number(n) for n in said.groups())
    made = create(client, "goofspiel", ["human", "human"])
    tokens = [seat["token"] for seat in made["seats"]]
    assert [_random_bits(token) for token in tokens] == [token_bits] * 2
    assert _random_bits(made["match"]) == id_bits
    assert [len(hash_token(token)) for token in tokens] == [digest] * 2


def test_a_seed_has_the_bits_the_page_gives(client: TestClient) -> None:
    """ "A match created without a seed gets 63 random bits", and "a seed outside 0 to
    2**63 - 1" gets 422."""
    drawn = says(PAGE, r"A match created without a seed gets (\d+) random bits \(`([\w.]+)`\)")
    outside = says(PAGE, r"a seed outside 0 to 2\*\*(\d+) - 1")
    assert drawn[2] == "meeple.web.build.SEED_BITS"
    assert number(drawn[1]) == number(outside[1]) == SEED_BITS
    bits = number(outside[1])
    create(client, "goofspiel", ["random", "random"], seed=2**bits - 1)
    too_big = {"game": "goofspiel", "players": 2, "seats": ["random"] * 2, "seed": 2**bits}
    refused(client.post("/api/matches", json=too_big), 422, "field 'seed'")


def test_a_notation_may_be_as_long_as_the_page_says_and_no_longer(client: TestClient) -> None:
    """ "a notation longer than 200 characters" gets 422."""
    longest = number(says(PAGE, r"a notation longer than (\d+) characters")[1])
    assert longest == MAX_NOTATION
    # Two humans: a bot's bid would move the match on (409) between the two tries.
    made = create(client, "goofspiel", ["human", "human"])
    match, token = made["match"], made["seats"][0]["token"]
    version = client.get(f"/api/matches/{match}/view", headers=bearer(token)).json()["version"]
    too_long = act(client, match, token, "x" * (longest + 1), version)
    refused(too_long, 422, f"a notation is at most {longest}")
    as_long = refused(act(client, match, token, "x" * longest, version), 422)
    assert "a notation is at most" not in as_long  # refused as notation, not for its length


def test_a_refusal_quotes_as_many_characters_as_the_page_says() -> None:
    """ "A refusal quotes at most 1,000 characters of what it was sent"."""
    most = number(
        says(PAGE, r"A refusal quotes at most ([\d,]+) characters of what it was sent")[1]
    )
    reason = error_body(422, "x" * (10 * most))["error"]
    assert isinstance(reason, str)
    assert len(reason) == most
    assert error_body(422, "x" * most)["error"] == "x" * most


def test_a_number_may_have_as_many_digits_as_the_page_says() -> None:
    """ "a number of more than 4,300 digits" gets 422: Python's own default cap on an int,
    which the server names."""
    most = number(says(PAGE, r"a number of more than ([\d,]+) digits")[1])
    assert most == MAX_DIGITS == sys.int_info.default_max_str_digits
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(most)  # the default, whatever PYTHONINTMAXSTRDIGITS says
    try:
        assert parse_json(b'{"n": ' + b"9" * most + b"}", 32) == {"n": int("9" * most)}
        with pytest.raises(ApiError, match=f"more than {most} digits"):
            parse_json(b'{"n": ' + b"9" * (most + 1) + b"}", 32)
    finally:
        sys.set_int_max_str_digits(previous)


def test_the_connection_figures_are_those_meeple_serve_gives_uvicorn() -> None:
    """ "An idle keep-alive connection is closed after 5 seconds; a request head may be at
    most 16 KB"."""
    said = says(
        PAGE,
        r"An idle keep-alive connection is closed after (\w+) seconds; "
        r"a request head may be at most (\d+) KB",
    )
    settings = uvicorn_settings(Limits(), "")
    assert settings["timeout_keep_alive"] == number(said[1])
    assert settings["h11_max_incomplete_event_size"] == number(said[2]) * 1024


def test_the_connection_cap_keeps_the_files_in_reserve_the_page_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "lowered to fit the process's limit on open files (... keeping 320 files in
    reserve ...)": under a limit of 2,000 files that cannot be raised, 1,680 connections."""
    resource = pytest.importorskip("resource")  # Unix only, as the page says
    reserve = number(says(PAGE, r"keeping (\d+) files in reserve")[1])
    assert reserve == FILE_RESERVE

    def cannot_raise(*_: object) -> None:
        raise ValueError("not permitted")

    monkeypatch.setattr(resource, "getrlimit", lambda _: (2000, 2000))
    monkeypatch.setattr(resource, "setrlimit", cannot_raise)
    assert connection_cap(10_000) == 2000 - reserve
    assert connection_cap(100) == 100


def test_a_late_worker_is_killed_as_long_after_its_time_as_the_page_says() -> None:
    """The `--max-bot-seconds` row ("a worker still busy 10 s later is killed") and the
    promise on bots ("a worker that has not answered 10 seconds after that is killed")."""
    row = number(says(PAGE, r"a worker still busy (\w+) s later is killed")[1])
    promise = number(says(PAGE, r"a worker that has not answered (\w+) seconds after that")[1])
    assert row == promise == BOT_GRACE_SECONDS


def test_a_refused_request_is_held_as_long_as_the_page_says() -> None:
    """ "it is answered 429 before it is read, after being held for up to a second"."""
    said = says(PAGE, r"after being held for up to (a|\w+) seconds?")[1]
    assert (1 if said == "a" else number(said)) == TARPIT_SECONDS


def test_clients_and_networks_have_the_prefixes_the_page_gives() -> None:
    """ "an IPv6 client its /64 network", and every "IPv4 /24" and "IPv6 /48" of the page
    (the networks whose addresses share a cap on matches)."""
    text = prose(PAGE)
    client = number(says(PAGE, r"an IPv6 client its /(\d+) network")[1])
    v4, v6 = ({number(n) for n in re.findall(rf"IPv{v} /(\d+)", text)} for v in (4, 6))
    assert len(v4) == len(v6) == 1, (v4, v6)
    (ipv4,), (ipv6,) = v4, v6
    public_v6 = "2a00:1450:4001:81c::200e"
    assert client_key((public_v6, 1)) == f"2a00:1450:4001:81c::/{client}"
    assert network_of(client_key((public_v6, 1))) == f"2a00:1450:4001::/{ipv6}"
    assert network_of(client_key(("8.8.8.8", 1))) == f"8.8.8.0/{ipv4}"


def test_the_operator_token_is_as_short_as_the_page_allows() -> None:
    """ "Set `MEEPLE_OPERATOR_TOKEN` (at least 16 printable characters ...)"."""
    least = number(says(PAGE, r"`MEEPLE_OPERATOR_TOKEN` \(at least (\d+) printable characters")[1])
    assert operator_hash("t" * least) == hash_token("t" * least)
    with pytest.raises(ValueError, match=f"at least {least} printable"):
        operator_hash("t" * (least - 1))


def test_the_schema_is_the_openapi_version_the_page_gives(client: TestClient) -> None:
    """ "The schema is served at `/openapi.json` (OpenAPI 3.1)"."""
    version = says(PAGE, r"served at `/openapi\.json` \(OpenAPI (\d+\.\d+)\)")[1]
    served = client.get("/openapi.json").json()["openapi"]
    assert served.startswith(version + "."), served


LOAD_TEST = (
    r"with its default limits but `--max-matches (\d+)` on 127\.0\.0\.1\. (\d+) honest "
    r"clients, .*? think time of ([\d.]+) to ([\d.]+) seconds .*? attacks from (\d+) "
    r"addresses\. Per address the attacker holds (\d+) connections sending their head a byte "
    r"a second, (\d+) connections doing nothing, (\d+) spectator streams on its own matches, "
    r"its (\w+) matches with (\w+) `([^`]+)` seats, and (\w+) loops sending hostile requests"
)
"""docs/web.md's account of the load test, each figure a group."""


def test_the_load_test_is_the_one_the_page_describes() -> None:
    """Every figure of the page's "Load test" section is `tests/web/test_load.py`'s."""
    from . import test_load as load

    said = says(PAGE, LOAD_TEST).groups()
    assert [number(n) for n in said[:2]] == [load.MAX_MATCHES, load.HONEST]
    assert (float(said[2]), float(said[3])) == load.THINK
    assert [number(n) for n in said[4:10]] == [
        load.ATTACKERS,
        load.SLOW,
        load.IDLE,
        load.STREAMS,
        load.ATTACKER_MATCHES,
        len(load.HEAVY),
    ]
    assert [said[10]] * number(said[9]) == load.HEAVY
    assert number(said[11]) == load.FLOODERS


def test_the_sweep_deletes_as_many_matches_at_a_time_as_the_page_says() -> None:
    """ "finished or closed ones past their retention are deleted, 500 at a time"."""
    said = says(PAGE, r"past their retention are deleted, (\d+) at a time")
    assert number(said[1]) == PRUNE_BATCH


def test_the_store_writes_the_schema_the_page_gives(tmp_path: Path) -> None:
    """ "The store writes schema 3 (SQLite's `user_version`) ... One of schema 2 gains
    the column `seed_chosen` in place"."""
    said = says(
        PAGE,
        r"The store writes schema (\d+) \(SQLite's `user_version`\)\..*?"
        r"One of schema (\d+) gains the column `seed_chosen` in place",
    )
    written, previous = (number(n) for n in said.groups())
    Store(tmp_path / "fresh.sqlite3").close()
    with edited(tmp_path / "fresh.sqlite3") as connection:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
    assert written == version == SCHEMA_VERSION
    assert previous == SCHEMA_VERSION - 1
