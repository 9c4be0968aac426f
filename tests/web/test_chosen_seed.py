"""A seed chosen at creation is told to every seat: whoever chose it can work out every
hidden card, so the others are shown it too and nobody knows more of the deal than the
rest. A seed the server draws stays secret (docs/web.md, "what a seat is told")."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from playwright.sync_api import Browser
from starlette.testclient import TestClient

import meeple
from meeple.web import create_app
from meeple.web.build import SEED_BITS
from meeple.web.rows import SCHEMA_VERSION
from meeple.web.rows import NewMatch
from meeple.web.store import Store

from ..shared import prose
from .support import LiveServer
from .support import bearer
from .support import create
from .support import edited
from .support import http_from
from .support import hub_of

SEATS = ["human", "human", "human"]
"""Three people at Miś Wojtek, whose hands are hidden."""


def _everyone(client: TestClient, made: dict[str, object]) -> list[dict[str, object]]:
    """The view body each seat is sent, then the spectator's."""
    match = made["match"]
    seats = made["seats"]
    assert isinstance(seats, list)
    heads = [bearer(seat["token"]) for seat in seats] + [{}]
    bodies = [client.get(f"/api/matches/{match}/view", headers=h) for h in heads]
    assert all(b.status_code == 200 for b in bodies), [b.text for b in bodies]
    return [b.json() for b in bodies]


def test_a_chosen_seed_is_shown_to_every_seat_and_to_a_spectator(client: TestClient) -> None:
    made = create(client, "wojtek", SEATS, seed=424242)
    assert [body["chosen_seed"] for body in _everyone(client, made)] == [424242] * 4


def test_a_seed_the_server_draws_is_shown_to_nobody(client: TestClient) -> None:
    made = create(client, "wojtek", SEATS)
    bodies = _everyone(client, made)
    assert [body["chosen_seed"] for body in bodies] == [None] * 4
    seed = hub_of(client.app).held(str(made["match"])).match.seed  # type: ignore[arg-type]  # TestClient.app is the Starlette app
    for response_text in (str(body) for body in bodies):
        assert str(seed) not in response_text


def test_the_schema_says_what_chosen_seed_is(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["MatchView"]
    assert "chosen_seed" in schema["required"]
    assert "creator chose it" in schema["properties"]["chosen_seed"]["description"]


def test_a_restart_keeps_whether_the_seed_was_chosen(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        chosen = create(client, "wojtek", SEATS, seed=77)
        drawn = create(client, "wojtek", SEATS)
    with TestClient(create_app(db)) as client:
        assert {b["chosen_seed"] for b in _everyone(client, chosen)} == {77}
        assert {b["chosen_seed"] for b in _everyone(client, drawn)} == {None}


SCHEMA_2 = """
CREATE TABLE matches (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL,
    header TEXT NOT NULL, client TEXT NOT NULL, status TEXT NOT NULL, closed TEXT,
    bot_error TEXT, version INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL
);
CREATE TABLE moves (
    match_id TEXT NOT NULL, n INTEGER NOT NULL, player INTEGER NOT NULL,
    notation TEXT NOT NULL, PRIMARY KEY (match_id, n)
) WITHOUT ROWID;
"""
"""The schema before the store recorded whether a seed was chosen (user_version 2)."""


def _record() -> meeple.GameRecord:
    return meeple.Match("goofspiel", 2, seed=5).record()


def test_a_database_of_the_previous_schema_gains_the_flag_in_place(db: Path) -> None:
    header = meeple.dumps(_record())
    with edited(db) as connection:
        connection.executescript(SCHEMA_2)
        connection.execute(
            "INSERT INTO matches VALUES ('old-match-1', 'goofspiel', '[\"human\", \"random\"]', "
            "'[null, null]', ?, 'local', 'open', NULL, NULL, 0, 0, 0)",
            (header,),
        )
        connection.execute("PRAGMA user_version = 2")
    kept = NewMatch("new-match-1", ("human", "random"), (None, None), _record(), "", True)
    for opening in range(2):  # the column is added once: a second opening changes nothing
        store = Store(db)
        try:
            old = store.load("old-match-1")
            assert old is not None
            assert old.seed_chosen is False  # schema 2 did not record it: taken as drawn
            if opening == 0:
                store.insert(kept, over=False)
            new = store.load("new-match-1")
            assert new is not None
            assert new.seed_chosen is True
        finally:
            store.close()
    connection = sqlite3.connect(db)
    try:
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    finally:
        connection.close()


def test_the_docs_promise_it_and_no_longer_leave_it_out_of_scope() -> None:
    text = prose("docs/web.md")
    promised = text.partition("### What is promised")[2].partition("### ")[0]
    out_of_scope = text.partition("### Out of scope")[2].partition("### ")[0]
    assert "A seed chosen at creation is told to all" in promised
    assert "`chosen_seed`" in promised
    assert "seed" not in out_of_scope.lower()


LARGEST_SEED = 2**SEED_BITS - 1
"""The largest seed the API takes: past 2**53, where a JavaScript number is rounded."""


def _notice(browser: Browser, url: str) -> str | None:
    """The seed notice of the match page at `url` once it has drawn a view (None: hidden).
    A page of its own: seats' links differ only in the fragment, which reloads nothing."""
    page = browser.new_page()
    try:
        page.goto(url)
        # a selector, not wait_for_function: the page's CSP forbids evaluating a string
        # (some Chromium builds apply it to Playwright's predicate too)
        page.wait_for_selector("body:not([data-version='-1'])", state="attached")
        return page.inner_text("#dealt") if page.is_visible("#dealt") else None
    finally:
        page.close()


def test_the_match_page_tells_every_seat_a_chosen_seed_digit_for_digit(
    browser: Browser, server: LiveServer
) -> None:
    with http_from(server.url) as http:
        for seed in (None, 31337, LARGEST_SEED):
            extra = {} if seed is None else {"seed": seed}
            made = create(http, "wojtek", SEATS, **extra)
            urls = [seat["url"] for seat in made["seats"]] + [made["spectator_url"]]
            notices = {_notice(browser, str(url)) for url in urls}
            if seed is None:
                assert notices == {None}
            else:  # every page the same, naming the very seed
                (notice,) = notices
                assert notice is not None
                assert f"Dealt from seed {seed}, chosen when the match was made" in notice


def test_the_lobby_sends_a_seed_digit_for_digit(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page()
    try:
        page.goto(f"{server.url}/")
        page.wait_for_selector("body[data-ready='1']")
        page.select_option("#game", "goofspiel")
        page.fill("#seed", str(LARGEST_SEED))
        page.click("#create-button")
        page.wait_for_selector("#links:not([hidden]), #lobby-error:not(:empty)")
        assert page.inner_text("#lobby-error") == ""
        match = page.inner_text("#match-id")
        with http_from(server.url) as http:
            view = http.get(f"/api/matches/{match}/view").json()
        assert view["chosen_seed"] == LARGEST_SEED
    finally:
        page.close()


def test_the_lobby_says_a_chosen_seed_is_shown_to_every_player(client: TestClient) -> None:
    lobby = " ".join(client.get("/").text.split())
    assert 'aria-describedby="seed-hint"' in lobby
    assert "every player is shown it" in lobby
