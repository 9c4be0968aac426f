"""A seed chosen at creation is told to every seat: whoever chose it can work out every
hidden card, so the others are shown it too and nobody knows more of the deal than the
rest. A seed the server draws stays secret (docs/web.md, "What is promised")."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]  # no type stubs ship with jsonschema
import pytest
from playwright.sync_api import Browser
from starlette.testclient import TestClient

import meeple
from meeple.web import create_app
from meeple.web.build import SEED_BITS
from meeple.web.hub import hash_token
from meeple.web.rows import SCHEMA_VERSION

from ..shared import prose
from .support import Json
from .support import LiveServer
from .support import act
from .support import bearer
from .support import create
from .support import edited
from .support import http_from
from .support import hub_of

SEATS = ["human", "human", "human"]
"""Three people at Miś Wojtek, whose hands are hidden."""


def _everyone(client: TestClient, made: Mapping[str, Any]) -> list[Json]:
    """The view body each seat of `made` (a creation's answer) is sent, then the
    spectator's."""
    heads = [bearer(seat["token"]) for seat in made["seats"]] + [{}]
    bodies = [client.get(f"/api/matches/{made['match']}/view", headers=h) for h in heads]
    assert all(b.status_code == 200 for b in bodies), [b.text for b in bodies]
    return [b.json() for b in bodies]


def test_a_chosen_seed_is_shown_to_every_seat_and_to_a_spectator(client: TestClient) -> None:
    made = create(client, "wojtek", SEATS, seed=424242)
    assert [body["chosen_seed"] for body in _everyone(client, made)] == ["424242"] * 4


@pytest.mark.parametrize("seed", [0, 1, 2**53 + 1, 2**SEED_BITS - 1])
def test_a_chosen_seed_is_sent_as_its_decimal_digits(client: TestClient, seed: int) -> None:
    """A string, so that every JSON reader gets the very seed: JavaScript's JSON.parse
    rounds a number past 2**53 (2**53 + 1 would be read as 2**53)."""
    made = create(client, "goofspiel", ["human", "human"], seed=seed)
    for body in _everyone(client, made):
        assert body["chosen_seed"] == str(seed)
        assert isinstance(body["chosen_seed"], str)


def test_a_seed_the_server_draws_is_shown_to_nobody(client: TestClient) -> None:
    made = create(client, "wojtek", SEATS)
    bodies = _everyone(client, made)
    assert [body["chosen_seed"] for body in bodies] == [None] * 4
    match = made["match"]
    seed = hub_of(client.app).held(match).match.seed  # type: ignore[arg-type]  # TestClient.app is the Starlette app
    heads = [bearer(seat["token"]) for seat in made["seats"]] + [{}]
    answers = [json.dumps(made), *map(json.dumps, bodies), client.get(f"/m/{match}").text]
    answers += [
        client.get(f"/api/matches/{match}/{path}", headers=head).text
        for head in heads
        for path in ("legal", "record")
    ]
    assert [answer for answer in answers if str(seed) in answer] == []


def test_the_schema_says_what_chosen_seed_is(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["MatchView"]
    assert "chosen_seed" in schema["required"]
    field = schema["properties"]["chosen_seed"]
    assert "creator chose it" in field["description"]
    assert "decimal" in field["description"]
    assert field["type"] == ["string", "null"]
    check = jsonschema.Draft202012Validator(field)
    for good in ("0", "1", "9007199254740993", str(2**SEED_BITS - 1), None):
        assert check.is_valid(good), good
    for bad in (0, 7, "", "07", "-1", "1.5", "1e3", " 1", "1 ", "+1", "0x1f", "\u0661"):
        assert not check.is_valid(bad), bad


def test_a_record_carries_its_seed_as_decimal_digits_too(client: TestClient) -> None:
    """The record stays the codec's document (its seed a JSON number, which meeple.loads
    reads); the body beside it gives the seed as a string, as the view does."""
    seed = 2**SEED_BITS - 1
    made = create(client, "goofspiel", ["human", "human"], seed=seed)
    match = made["match"]
    closed = client.post(f"/api/matches/{match}/abandon", headers=bearer(made["seats"][0]["token"]))
    assert closed.status_code == 200, closed.text
    body = client.get(f"/api/matches/{match}/record").json()
    assert body["seed"] == str(seed)
    assert body["record"]["seed"] == seed
    assert meeple.loads(json.dumps(body["record"])).seed == seed
    schema = client.get("/openapi.json").json()["components"]["schemas"]["RecordBody"]
    assert "seed" in schema["required"]
    assert schema["properties"]["seed"]["type"] == "string"
    assert jsonschema.Draft202012Validator(schema["properties"]["seed"]).is_valid(str(seed))


def test_a_restart_keeps_whether_the_seed_was_chosen(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        chosen = create(client, "wojtek", SEATS, seed=77)
        drawn = create(client, "wojtek", SEATS)
    with TestClient(create_app(db)) as client:
        assert {b["chosen_seed"] for b in _everyone(client, chosen)} == {"77"}
        assert {b["chosen_seed"] for b in _everyone(client, drawn)} == {None}


SCHEMA_2 = """
CREATE TABLE matches (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL,
    header TEXT NOT NULL, client TEXT NOT NULL, status TEXT NOT NULL, closed TEXT,
    bot_error TEXT, version INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL
);
CREATE INDEX matches_by_status ON matches (status, updated);
CREATE INDEX matches_by_client ON matches (client, status);
CREATE TABLE moves (
    match_id TEXT NOT NULL, n INTEGER NOT NULL, player INTEGER NOT NULL,
    notation TEXT NOT NULL, PRIMARY KEY (match_id, n)
) WITHOUT ROWID;
"""
"""The tables and indexes of schema 2 (user_version 2), before the store recorded whether
a seed was chosen."""

OLD_TOKENS = ("old-token-0", "old-token-1")


def _schema_2_database(db: Path) -> None:
    """A schema-2 database holding one open Goofspiel match, one bid in."""
    old = meeple.Match("goofspiel", 2, seed=5)
    old.play("bid 4", 0)
    header = meeple.dumps(attrs.evolve(old.record(), moves=()))
    now = time.time()  # an idle match would be closed by the sweep
    with edited(db) as connection:
        connection.executescript(SCHEMA_2)
        connection.execute(
            "INSERT INTO matches VALUES ('old-match-1', 'goofspiel', ?, ?, ?, 'local', 'open', "
            "NULL, NULL, 1, ?, ?)",
            (
                json.dumps(["human", "human"]),
                json.dumps([hash_token(token) for token in OLD_TOKENS]),
                header,
                now,
                now,
            ),
        )
        connection.execute("INSERT INTO moves VALUES ('old-match-1', 1, 0, 'bid 4')")
        connection.execute("PRAGMA user_version = 2")


def test_a_database_of_the_previous_schema_gains_the_flag_in_place(db: Path) -> None:
    _schema_2_database(db)
    old = {"match": "old-match-1", "seats": [{"token": token} for token in OLD_TOKENS]}
    for opening in range(2):  # the column is added once: a second opening changes nothing
        with TestClient(create_app(db)) as client:
            bodies = _everyone(client, old)
            # schema 2 did not record it: the old match is taken as drawn
            assert [body["chosen_seed"] for body in bodies] == [None] * 3
            assert [body["version"] for body in bodies] == [1 + opening] * 3
            if opening == 0:  # it plays on, and a new match keeps its chosen seed
                played = act(client, "old-match-1", OLD_TOKENS[1], "bid 2", 1)
                assert played.status_code == 200, played.text
                new = create(client, "goofspiel", ["human", "human"], seed=8)
            assert {b["chosen_seed"] for b in _everyone(client, new)} == {"8"}
    with edited(db) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        columns = [row[1] for row in connection.execute("PRAGMA table_info(matches)")]
        assert columns.count("seed_chosen") == 1


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
        assert view["chosen_seed"] == str(LARGEST_SEED)
    finally:
        page.close()


def test_the_lobby_says_a_chosen_seed_is_shown_to_every_player(client: TestClient) -> None:
    lobby = " ".join(client.get("/").text.split())
    assert 'aria-describedby="seed-hint"' in lobby
    assert "every player is shown it" in lobby
