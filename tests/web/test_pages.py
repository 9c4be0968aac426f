"""The HTML pages come from autoescaped templates (issue 17)."""

from __future__ import annotations

from importlib import metadata

from starlette.testclient import TestClient


def test_the_lobby_names_the_installed_version(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert f"meeple {metadata.version('meeple')}" in page.text
    assert '<script src="/static/lobby.js" defer></script>' in page.text


def test_a_match_page_carries_its_id(client: TestClient) -> None:
    created = client.post(
        "/api/matches", json={"game": "goofspiel", "players": 2, "seats": ["human", "human"]}
    ).json()
    page = client.get(f"/m/{created['match']}")
    assert page.status_code == 200
    assert f'data-match="{created["match"]}"' in page.text


def test_what_a_url_puts_into_an_error_page_is_escaped(client: TestClient) -> None:
    page = client.get("/m/%3Cscript%3Ealert(1)")
    assert page.status_code == 404
    assert "<script>alert" not in page.text
    assert "&lt;script&gt;alert(1)" in page.text
