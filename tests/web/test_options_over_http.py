"""Over the web an option is only what a remote player may choose (issue 14, finding 1).

Wojtek's ``board`` option once named a file, so ``"board": "/dev/zero"`` in a
creation request grew the server to 1.2 GB. Now a request's option values are
JSON scalars (or a flat list of them): a board given as an object, or any nested
data, is refused with 422 before anything is read; a built-in board's name works.
These go through a real server on loopback.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

from .support import LiveServer
from .support import create_over_http
from .support import http_from
from .support import refused

WOJTEK = {"game": "wojtek", "players": 2, "seats": ["human", "human"]}

_opened: list[str] | None = None
"""Paths opened while a test is watching (None: nobody watches)."""


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and _opened is not None and isinstance(args[0], str | bytes):
        _opened.append(str(args[0]))


sys.addaudithook(_audit)  # audit hooks cannot be removed: this one only records when asked


@pytest.fixture
def opened() -> Iterator[list[str]]:
    """Every path the process opens during the test (the server runs in this process)."""
    global _opened
    _opened = []
    try:
        yield _opened
    finally:
        _opened = None


def test_a_board_naming_a_path_is_refused_and_nothing_is_read(
    server: LiveServer, opened: list[str]
) -> None:
    with http_from(server.url) as http:
        response = http.post("/api/matches", json={**WOJTEK, "options": {"board": "/dev/zero"}})
    refused(response, 422, "board", "/dev/zero", "not a built-in board")
    assert "/dev/zero" not in opened


def test_a_board_given_as_an_object_is_refused(server: LiveServer, opened: list[str]) -> None:
    board = {"name": "mine", "spaces": [{"id": 1, "kind": "start"}]}
    with http_from(server.url) as http:
        response = http.post("/api/matches", json={**WOJTEK, "options": {"board": board}})
    reason = refused(response, 422, "'board'", "not an object", "CLI or a program")
    assert "mine" not in reason  # the data is not echoed back
    assert not [path for path in opened if "board" in path]


@pytest.mark.parametrize(
    "value", [[{"id": 1}], [["a"]], {"spaces": []}], ids=["objects", "nested", "object"]
)
def test_nested_data_in_any_option_is_refused(server: LiveServer, value: Any) -> None:
    body = {"game": "bear_mountain", "players": 2, "seats": ["human", "human"]}
    with http_from(server.url) as http:
        response = http.post("/api/matches", json={**body, "options": {"score_cards": value}})
    refused(response, 422, "'score_cards'", "not an object or nested data")


def test_a_built_in_board_by_name_is_accepted(server: LiveServer) -> None:
    with http_from(server.url) as http:
        data = create_over_http(http, "wojtek", ["human", "human"], options={"board": "standard"})
        token = data["seats"][0]["token"]
        view = http.get(
            f"/api/matches/{data['match']}/view", headers={"Authorization": f"Bearer {token}"}
        )
    assert view.status_code == 200, view.text


def _lobby_option(server: LiveServer, game: str, name: str) -> dict[str, Any]:
    with http_from(server.url) as http:
        games = http.get("/api/games").json()["games"]
    options = next(g for g in games if g["name"] == game)["options"]
    found: dict[str, Any] = next(o for o in options if o["name"] == name)
    return found


def test_a_flat_list_option_is_still_accepted(server: LiveServer) -> None:
    """The lobby sends a list option (Bear Mountain's score cards) as a list of names."""
    assert _lobby_option(server, "bear_mountain", "score_cards")["kind"] == "list"
    with http_from(server.url) as http:
        create_over_http(http, "bear_mountain", ["human", "human"], options={"score_cards": []})


def test_the_lobby_offers_the_board_as_a_name_not_as_data(server: LiveServer) -> None:
    board = _lobby_option(server, "wojtek", "board")
    assert (board["kind"], board["default"]) == ("str", "standard")
