"""Attack class 4 (issue 31): hostile values in every field of every request body.

Every body the API reads (``POST /api/matches``, ``POST .../act``) is sent values
no client should: absurd numbers, wrong types, a byte order mark, lone surrogates,
control and bidirectional characters, 10 MB strings, duplicate keys. Each gets a
4xx with one reason naming the field (or the body, when it is not one), never a
500 and never a hang, and changes nothing.

Holes found: a lone surrogate that reached a refusal's text (an unknown Bear Went
Over the Mountain score card) made the refusal unencodable, a 500; a body with a
byte order mark, or in UTF-16, was read as if it were plain UTF-8 JSON; U+202E and
control characters went through into refusals; a creation refusal said what was
wrong but not in which field.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from .support import LiveServer
from .support import bearer
from .support import create
from .support import http_from
from .support import refused

Json = dict[str, Any]
CREATE: Json = {"game": "goofspiel", "players": 2, "seats": ["human", "human"]}
"""A body the server accepts; each case below spoils one field of it."""


def _raw(client: Any, path: str, body: bytes, **headers: str) -> Any:
    return client.post(path, content=body, headers={"content-type": "application/json", **headers})


def _json(value: Any) -> bytes:
    """JSON text as bytes, lone surrogates written as ``\\udXXX`` escapes (as JSON allows)."""
    return json.dumps(value).encode()


def _open_matches(client: TestClient) -> int:
    count: int = client.get("/api/status").json()["matches"]["open"]
    return count


CREATE_CASES = [
    pytest.param({**CREATE, "players": 10**100}, "players", id="players=10**100"),
    pytest.param({**CREATE, "players": -1}, "players", id="players=-1"),
    pytest.param({**CREATE, "players": "2"}, "players", id="players-as-text"),
    pytest.param({**CREATE, "players": 2.0}, "players", id="players-as-float"),
    pytest.param({**CREATE, "players": True}, "players", id="players-as-bool"),
    pytest.param({**CREATE, "players": None}, "players", id="players-null"),
    pytest.param({**CREATE, "seed": -1}, "seed", id="seed=-1"),
    pytest.param({**CREATE, "seed": 2**200}, "seed", id="seed=2**200"),
    pytest.param({**CREATE, "seed": 2**63}, "seed", id="seed=2**63"),
    pytest.param({**CREATE, "seed": "07"}, "seed", id="seed-leading-zero"),
    pytest.param({**CREATE, "seed": "9" * 10_000}, "seed", id="seed-10k-digits"),
    pytest.param({**CREATE, "seed": str(2**63)}, "seed", id="seed-digits=2**63"),
    pytest.param({**CREATE, "seed": True}, "seed", id="seed-as-bool"),
    pytest.param({**CREATE, "seed": 1.5}, "seed", id="seed-as-float"),
    pytest.param({**CREATE, "game": 7}, "game", id="game-as-number"),
    pytest.param({**CREATE, "game": ["goofspiel"]}, "game", id="game-as-list"),
    pytest.param({**CREATE, "game": "x" * 10_000}, "game", id="game-10k"),
    pytest.param({**CREATE, "game": "\ud800"}, "game", id="game-lone-surrogate"),
    pytest.param({**CREATE, "game": "goof\u202espiel"}, "game", id="game-U+202E"),
    pytest.param({**CREATE, "game": "goofspiel\x00"}, "game", id="game-NUL"),
    pytest.param({**CREATE, "game": "\ufeffgoofspiel"}, "game", id="game-BOM-inside"),
    pytest.param({**CREATE, "seats": "human"}, "seats", id="seats-as-text"),
    pytest.param({**CREATE, "seats": [1, 2]}, "seats", id="seats-numbers"),
    pytest.param({**CREATE, "seats": ["human"]}, "seats", id="seats-too-few"),
    pytest.param({**CREATE, "seats": ["\udfff", "human"]}, "seats[0]", id="seat-surrogate"),
    pytest.param({**CREATE, "seats": ["mcts:iterations=1e400", "human"]}, "seats", id="bot-1e400"),
    pytest.param({**CREATE, "seats": ["mcts:" + "x" * 5000, "human"]}, "seats", id="bot-5k"),
    pytest.param({**CREATE, "options": []}, "options", id="options-as-list"),
    pytest.param({**CREATE, "options": {"cards": "\ud800"}}, "options.cards", id="option-surr"),
    pytest.param({**CREATE, "options": {"\ud800": 1}}, "'options'", id="option-name-surrogate"),
    pytest.param({**CREATE, "options": {"cards": 10**100}}, "options", id="option-10**100"),
    pytest.param({**CREATE, "options": {"cards": "\u202e13"}}, "options.cards", id="option-202E"),
    pytest.param({**CREATE, "extra": 1}, "extra", id="unknown-field"),
    pytest.param(
        {
            "game": "bear_mountain",
            "players": 2,
            "seats": ["human"] * 2,
            "options": {"score_cards": ["\ud800"]},
        },
        "options.score_cards[0]",
        id="score-card-lone-surrogate",  # was a 500: the refusal quoted it
    ),
]


@pytest.mark.parametrize(("body", "field"), CREATE_CASES)
def test_a_hostile_creation_field_gets_422_naming_it(
    client: TestClient, body: Json, field: str
) -> None:
    response = _raw(client, "/api/matches", _json(body))
    reason = refused(response, 422, field)
    assert len(reason) <= 1000
    assert _open_matches(client) == 0


ACT_CASES = [
    pytest.param({"action": "bid 1", "version": 10**100}, 409, "version", id="version=10**100"),
    pytest.param({"action": "bid 1", "version": -1}, 409, "version", id="version=-1"),
    pytest.param({"action": "bid 1", "version": "0"}, 422, "version", id="version-as-text"),
    pytest.param({"action": "bid 1", "version": True}, 422, "version", id="version-as-bool"),
    pytest.param({"action": "bid 1", "version": 0.0}, 422, "version", id="version-as-float"),
    pytest.param({"action": 1, "version": 0}, 422, "action", id="action-as-number"),
    pytest.param({"action": "\ud800", "version": 0}, 422, "action", id="action-surrogate"),
    pytest.param({"action": "bid\u202e 1", "version": 0}, 422, "action", id="action-U+202E"),
    pytest.param({"action": "bid 1\r\n", "version": 0}, 422, "action", id="action-CRLF"),
    pytest.param({"action": "x" * 15_000, "version": 0}, 422, "at most 200", id="action-15k"),
    pytest.param(
        {"action": "bid 1", "version": 0, "player": 10**100}, 403, "seat", id="player=10**100"
    ),
    pytest.param(
        {"action": "bid 1", "version": 0, "player": "0"}, 422, "player", id="player-as-text"
    ),
    pytest.param({"version": 0}, 422, "action", id="action-missing"),
]


@pytest.mark.parametrize(("body", "status", "word"), ACT_CASES)
def test_a_hostile_move_field_is_refused_naming_it_and_changes_nothing(
    client: TestClient, body: Json, status: int, word: str
) -> None:
    data = create(client, "goofspiel", ["human", "human"])
    token, url = data["seats"][0]["token"], f"/api/matches/{data['match']}"
    reason = refused(_raw(client, f"{url}/act", _json(body), **bearer(token)), status, word)
    assert len(reason) <= 1000
    assert client.get(f"{url}/view").json()["version"] == 0


BODY_CASES = [
    pytest.param(b"\xef\xbb\xbf" + _json(CREATE), "byte order mark", id="leading-BOM"),
    pytest.param(json.dumps(CREATE).encode("utf-16"), "UTF-8", id="UTF-16"),
    pytest.param(json.dumps(CREATE).encode("utf-32"), "UTF-8", id="UTF-32"),
    pytest.param(b'{"game": "\xff"}', "UTF-8", id="not-UTF-8"),
    pytest.param(b'{"game": "goofspiel", "game": "wypas"}', "more than once", id="duplicate-key"),
    pytest.param(b'{"players": ' + b"9" * 5000 + b"}", "4300 digits", id="5000-digit-number"),
    pytest.param(b"[" * 40 + b"]" * 40, "nested deeper", id="deep"),
    pytest.param(b"", "not valid JSON", id="empty"),
    pytest.param(b"null", "JSON object", id="null"),
    pytest.param(b'"\\ud800"', "JSON object", id="a-lone-string"),
]


@pytest.mark.parametrize(("body", "word"), BODY_CASES)
def test_a_hostile_body_gets_422_saying_why(client: TestClient, body: bytes, word: str) -> None:
    refused(_raw(client, "/api/matches", body), 422, word)
    assert _open_matches(client) == 0


def test_a_refusal_never_carries_a_character_that_cannot_be_shown(client: TestClient) -> None:
    """Whatever a refusal quotes arrives escaped: still readable, never reordering the
    line, never breaking the body's encoding."""
    for text in ("\ud800", "a\u202eb", "\x1b[31m", "\u2066x\u2069", "\x85"):
        body = _json({**CREATE, "game": text})
        response = _raw(client, "/api/matches", body)
        raw = response.content.decode("utf-8")  # it is UTF-8 at all
        reason = refused(response, 422, "game")
        assert all(ch not in reason for ch in text if not ch.isalnum()), reason
        assert "\\u" in raw


def test_ten_megabytes_get_413_at_once_without_being_read(server: LiveServer) -> None:
    """A 10 MB body, declared or chunked: refused before the server reads past its limit;
    the client's next request is served."""

    def chunks() -> Any:
        for _ in range(10_000):
            yield b"x" * 1000

    with http_from(server.url) as http:
        for body in (b'{"game": "' + b"x" * 10_000_000 + b'"}', chunks()):
            started = time.monotonic()
            response = http.post(
                "/api/matches", content=body, headers={"content-type": "application/json"}
            )
            refused(response, 413, "16384")
            assert time.monotonic() - started < 5  # no hang (generous: a loaded machine)
        assert http.get("/api/status").status_code == 200
