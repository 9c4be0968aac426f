"""Hostile request bodies and response headers, against a real server (issue 14 item 6).

Deeply nested JSON within the size limit was a 500 (RecursionError); duplicate
keys and both spellings of one option were silently merged; 500 responses had no
security headers; responses carrying a token or a private view could be cached.
"""

from __future__ import annotations

import json
from typing import Any

import httpx2 as httpx
import pytest

from .support import LiveServer
from .support import bearer
from .support import create_over_http
from .support import http_from
from .support import refused

CREATE = {"game": "goofspiel", "players": 2, "seats": ["human", "human"]}


def post_raw(http: httpx.Client, path: str, body: str, **headers: str) -> httpx.Response:
    return http.post(
        path, content=body.encode(), headers={"content-type": "application/json", **headers}
    )


@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_deeply_nested_json_within_the_size_limit_gets_422_not_500(
    server: LiveServer, opener: str
) -> None:
    closer = "]" if opener == "[" else "}"
    levels = 2000 if opener == "[" else 1500  # either is far past Python's recursion limit
    deep = opener * levels + "1" + closer * levels
    body = json.dumps(CREATE)[:-1] + ', "options": {"cards": ' + deep + "}}"
    assert len(body) < 16_384
    with http_from(server.url) as http:
        refused(post_raw(http, "/api/matches", body), 422, "nested deeper than 32")
        data = create_over_http(http, "goofspiel", ["human", "human"])
        token = data["seats"][0]["token"]
        act_body = '{"action": "bid 1", "version": ' + deep + "}"
        response = post_raw(http, f"/api/matches/{data['match']}/act", act_body, **bearer(token))
        refused(response, 422, "nested deeper than 32")
        view = http.get(f"/api/matches/{data['match']}/view", headers=bearer(token)).json()
        assert view["version"] == 0  # nothing changed


def test_nesting_within_the_depth_limit_is_parsed_as_usual(server: LiveServer) -> None:
    body = json.dumps({**CREATE, "options": {"cards": [[[[[[[[[[1]]]]]]]]]]}})
    with http_from(server.url) as http:
        refused(post_raw(http, "/api/matches", body), 422, "cards")  # the option's own reason


def test_brackets_inside_strings_do_not_count_as_nesting(server: LiveServer) -> None:
    body = json.dumps({**CREATE, "seats": ["human", "[" * 1000 + "{" * 1000]})
    with http_from(server.url) as http:
        refused(post_raw(http, "/api/matches", body), 422, "seat")


@pytest.mark.parametrize(
    "body",
    [
        '{"game": "goofspiel", "game": "goofspiel", "players": 2, "seats": ["human", "human"]}',
        '{"game": "goofspiel", "players": 2, "seats": ["human", "human"], '
        '"options": {"cards": 4, "cards": 5}}',
    ],
)
def test_duplicate_json_keys_get_422(server: LiveServer, body: str) -> None:
    with http_from(server.url) as http:
        refused(post_raw(http, "/api/matches", body), 422, "more than once")
        assert http.get("/api/status").json()["matches"]["open"] == 0


def test_a_move_body_with_a_duplicate_key_gets_422_and_changes_nothing(server: LiveServer) -> None:
    with http_from(server.url) as http:
        data = create_over_http(http, "goofspiel", ["human", "human"])
        token = data["seats"][0]["token"]
        body = '{"action": "bid 1", "action": "bid 2", "version": 0}'
        response = post_raw(http, f"/api/matches/{data['match']}/act", body, **bearer(token))
        refused(response, 422, "'action'", "more than once")
        assert http.get(f"/api/matches/{data['match']}/view").json()["version"] == 0


def test_one_option_in_two_spellings_gets_422(server: LiveServer) -> None:
    body = {
        "game": "wypas",
        "players": 3,
        "seats": ["human"] * 3,
        "options": {"max_rounds": 5, "max-rounds": 50},
    }
    with http_from(server.url) as http:
        reason = refused(http.post("/api/matches", json=body), 422, "max_rounds", "max-rounds")
        assert "twice" in reason
        body["options"] = {"max-rounds": 5}  # one spelling alone is fine
        assert http.post("/api/matches", json=body).status_code == 201


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(server: LiveServer, literal: str) -> None:
    body = json.dumps(CREATE)[:-1] + f', "seed": {literal}}}'
    with http_from(server.url) as http:
        refused(post_raw(http, "/api/matches", body), 422, literal)


SECURITY = (
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
)


def _get_with_a_bug(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch, target: str, path: str, bug: str
) -> httpx.Response:
    """GET `path` once `target` (a dotted name) raises RuntimeError(`bug`); the response,
    which must carry the security headers all the same."""

    def broken(*args: Any) -> Any:
        raise RuntimeError(bug)

    monkeypatch.setattr(target, broken)
    with http_from(server.url) as http:
        response = http.get(path)
    for header in SECURITY:
        assert header in response.headers, header
    return response


def test_a_500_from_the_api_is_json_and_carries_the_security_headers(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    target, bug = "meeple.web.api.game_summary", "a bug with a secret inside"
    response = _get_with_a_bug(server, monkeypatch, target, "/api/games", bug)
    reason = refused(response, 500, "internal error")
    assert "secret" not in reason  # the details go to the log, not to the client
    assert response.headers["cache-control"] == "no-store"


def test_a_500_from_a_page_carries_the_security_headers(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    response = _get_with_a_bug(server, monkeypatch, "meeple.web.pages.lobby_page", "/", "page bug")
    assert response.status_code == 500


def test_responses_with_a_token_or_a_private_view_are_not_cached(server: LiveServer) -> None:
    with http_from(server.url) as http:
        created = http.post("/api/matches", json=CREATE)
        assert created.status_code == 201
        assert created.headers["cache-control"] == "no-store"
        data = created.json()
        token = data["seats"][0]["token"]
        url = f"/api/matches/{data['match']}"
        for response in (
            http.get(f"{url}/view", headers=bearer(token)),
            http.get(f"{url}/legal", headers=bearer(token)),
            http.post(f"{url}/act", headers=bearer(token), json={"action": "bid 1", "version": 0}),
            http.get(f"{url}/view", headers=bearer("wrong")),
        ):
            assert response.headers["cache-control"] == "no-store", response.request.url
