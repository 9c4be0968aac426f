"""Matches survive a restart: they are stored as records in SQLite and replayed."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

import meeple
from meeple.web import create_app
from meeple.web.store import NewMatch
from meeple.web.store import Store

from .support import act
from .support import bearer
from .support import create
from .support import edited
from .support import settle


def test_a_match_continues_after_a_restart(db: Path) -> None:
    with TestClient(create_app(db)) as first:
        data = create(first, "goofspiel", ["human", "human"], seed=9)
        tokens = [s["token"] for s in data["seats"]]
        url = f"/api/matches/{data['match']}"
        for version, (token, card) in enumerate([(tokens[0], 4), (tokens[1], 2)]):
            response = act(first, data["match"], token, f"bid {card}", version)
            assert response.status_code == 200
        before = first.get(f"{url}/view", headers=bearer(tokens[0])).json()
    with TestClient(create_app(db)) as second:
        after = second.get(f"{url}/view", headers=bearer(tokens[0])).json()
        assert after == before
        assert second.get(f"{url}/view", headers=bearer("wrong")).status_code == 403
        response = act(second, data["match"], tokens[1], "bid 6", 2)
        assert response.status_code == 200


def test_bots_resume_their_turns_after_a_restart(db: Path) -> None:
    record = meeple.Match("goofspiel", 2, seed=4).record()
    store = Store(db)
    store.insert(
        NewMatch("stored-bots-only", ("random", "random"), (None, None), record), over=False
    )
    store.close()
    with TestClient(create_app(db)) as client:
        final = settle(lambda: client.get("/api/matches/stored-bots-only/view").json())
        assert final["over"]
        assert final["version"] == 12


def test_records_are_stored_as_json_not_pickles(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        data = create(client, "goofspiel", ["human", "human"], seed=2)
        token = data["seats"][0]["token"]
        response = act(client, data["match"], token, "bid 3", 0)
        assert response.status_code == 200
    with edited(db) as connection:
        (header, tokens) = connection.execute(
            "SELECT header, tokens FROM matches WHERE id = ?", (data["match"],)
        ).fetchone()
        moves = connection.execute(
            "SELECT n, player, notation FROM moves WHERE match_id = ?", (data["match"],)
        ).fetchall()
    record = meeple.loads(header)
    assert isinstance(record, meeple.GameRecord)
    assert record.moves == ()  # the header; each move is a row of its own
    assert moves == [(1, 0, "bid 3")]
    stored_tokens = set(__import__("json").loads(tokens))
    assert not stored_tokens & {s["token"] for s in data["seats"]}  # only hashes are kept


def test_a_damaged_stored_match_is_reported_not_trusted(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    record = meeple.GameRecord(
        game="goofspiel", rules_version="1", players=2, seed=1, options=(), moves=((0, "bid 99"),)
    )
    store = Store(db)
    store.insert(NewMatch("damaged-match", ("human", "human"), ("a", "b"), record), over=False)
    store.close()
    with TestClient(create_app(db)) as client:
        response = client.get("/api/matches/damaged-match/view")
        assert response.status_code == 500
        assert "damaged" in response.json()["error"]
    assert "move 1 ('bid 99' by player 0) fails" in caplog.text  # the details: in the log


def test_load_reads_each_stored_column_into_its_own_field(db: Path) -> None:
    # Regression: load unpacked its 9-column SELECT by position, so two columns swapped
    # in the query (or one added in the middle) would have shifted fields silently.
    # Every field here holds a value no other field holds, so any swap shows.
    record = meeple.GameRecord(
        game="goofspiel", rules_version="1", players=2, seed=77, options=(), moves=((0, "bid 3"),)
    )
    store = Store(db)
    try:
        new = NewMatch(
            "every-column",
            ("human", "random"),
            ("ab" * 32, None),
            record,
            client="client-key",
            seed_chosen=True,
        )
        store.insert(new, over=False)
        store.set_bot_error("every-column", ("human", "human"), "the bot stopped")
        assert store.close_match("every-column", "closed by the operator")
        loaded = store.load("every-column")
    finally:
        store.close()
    assert loaded is not None
    assert loaded.seats == ("human", "human")
    assert loaded.token_hashes == ("ab" * 32, None)
    assert loaded.record == record
    assert loaded.status == "abandoned"
    assert loaded.closed == "closed by the operator"
    assert loaded.bot_error == "the bot stopped"
    assert loaded.client == "client-key"
    assert loaded.seed_chosen is True
