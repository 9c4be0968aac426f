"""The JSON API: the happy path, and every refusal with its status and reason."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

import meeple

from .support import Json
from .support import act
from .support import bearer
from .support import create
from .support import settle


def two_humans(client: TestClient, game: str = "goofspiel", **extra: Any) -> Json:
    return create(client, game, ["human", "human"], seed=5, **extra)


def view(client: TestClient, match: str, token: str | None = None) -> Json:
    response = client.get(
        f"/api/matches/{match}/view", headers=bearer(token) if token is not None else {}
    )
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


def error(response: Any, status: int, *words: str) -> str:
    """Check the status and that the JSON reason mentions each word; the reason."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["status"] == status
    reason: str = body["error"]
    for word in words:
        assert word in reason, (word, reason)
    return reason


# the happy path ---------------------------------------------------------------------------


def test_games_lists_every_offered_game_with_its_options(client: TestClient) -> None:
    data = client.get("/api/games").json()
    names = [g["name"] for g in data["games"]]
    assert names == sorted({*meeple.game_names(), "toy"})
    goofspiel = next(g for g in data["games"] if g["name"] == "goofspiel")
    assert goofspiel["options"] == [{"name": "cards", "kind": "int", "default": 6}]
    assert data["seat_kinds"] == ["human", "random", "greedy", "mcts"]


def test_create_returns_a_token_and_join_link_per_human_seat_only(client: TestClient) -> None:
    data = create(client, "goofspiel", ["human", "random", "human"], options={"cards": 4})
    humans = [s for s in data["seats"] if s["kind"] == "human"]
    assert [s["seat"] for s in humans] == [0, 2]
    assert all(s["url"].endswith(f"/m/{data['match']}#token={s['token']}") for s in humans)
    assert "token" not in data["seats"][1]
    assert len({s["token"] for s in humans}) == 2
    assert data["spectator_url"].endswith(f"/m/{data['match']}")
    assert data["version"] == 0


def test_a_full_two_human_game_through_the_api(client: TestClient) -> None:
    data = two_humans(client, options={"cards": 3})
    match, tokens = data["match"], [s["token"] for s in data["seats"]]
    moves = 0
    while True:
        state = view(client, match)
        if state["over"]:
            break
        for seat in state["to_act"]:
            legal = client.get(f"/api/matches/{match}/legal", headers=bearer(tokens[seat])).json()
            version = view(client, match)["version"]
            response = act(client, match, tokens[seat], legal["actions"][-1], version)
            assert response.status_code == 200, response.text
            moves += 1
    final = view(client, match, tokens[0])
    assert final["version"] == moves == 6
    assert final["outcome"]["winners"] in ([0], [1], [0, 1])
    assert all(entry["move"] is not None for entry in final["log"])  # revealed at the end
    record = client.get(f"/api/matches/{match}/record").json()
    replayed = meeple.loads(json.dumps(record["record"])).replay()
    assert replayed.state.is_over
    assert len(replayed.history) == moves
    # docs/web.md: the body wraps the record; record and outcome are meeple.dumps's JSON
    assert set(record) == {"record", "seed", "over", "closed", "outcome"}
    assert record["seed"] == "5" == str(record["record"]["seed"])  # digits: JSON.parse rounds
    assert record["over"] is True
    assert meeple.loads(json.dumps(record["outcome"])) == replayed.state.outcome()


def test_bots_play_their_seats_on_the_server(client: TestClient) -> None:
    data = create(client, "goofspiel", ["random", "mcts:iterations=10"], seed=1)
    final = settle(lambda: view(client, data["match"]))
    assert final["over"]
    assert final["version"] == 12
    assert final["seats"][1]["kind"] == "mcts:iterations=10"


def test_a_seat_sees_its_hand_a_spectator_sees_no_hand(client: TestClient) -> None:
    data = create(client, "toy", ["human", "human", "human"], seed=3)
    tokens = [s["token"] for s in data["seats"]]
    seen = [view(client, data["match"], t)["view"]["hand"] for t in tokens]
    assert all(len(h) == 3 for h in seen)
    assert len({tuple(h) for h in seen}) == 3
    spectator = view(client, data["match"])
    assert spectator["seat"] is None
    assert spectator["view"]["hand"] is None
    assert spectator["legal"] == []
    for hand in seen:  # no other seat's hand in a seat's whole payload
        others = [h for h in seen if h != hand]
        mine = view(client, data["match"], tokens[seen.index(hand)])
        assert all(json.dumps(o) not in json.dumps(mine) for o in others)


def test_other_players_secret_moves_are_hidden_in_the_log(client: TestClient) -> None:
    data = two_humans(client)
    match, tokens = data["match"], [s["token"] for s in data["seats"]]
    assert act(client, match, tokens[0], "bid 6", 0).status_code == 200
    assert view(client, match, tokens[0])["log"] == [{"n": 1, "player": 0, "move": "bid 6"}]
    assert view(client, match, tokens[1])["log"] == [{"n": 1, "player": 0, "move": None}]
    assert view(client, match)["log"] == [{"n": 1, "player": 0, "move": None}]
    seen_by_1 = view(client, match, tokens[1])
    assert seen_by_1["view"]["my_bid"] is None
    assert seen_by_1["view"]["bid_placed"] == [True, False]
    del seen_by_1["legal"]  # player 1 may bid 6 too
    assert "bid 6" not in json.dumps(seen_by_1)


def test_openapi_documents_every_api_route(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    documented = set(schema["paths"])
    routes = {
        getattr(r, "path", "")
        for r in client.app.routes  # type: ignore[attr-defined]  # Starlette app
    }
    api_routes = {p for p in routes if p.startswith("/api/")}
    assert documented == api_routes
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            assert operation["responses"], (path, method)
    refs = {m.group(0) for m in _refs(schema)}
    for ref in refs:
        name = ref.rsplit("/", 1)[1]
        assert name in schema["components"]["schemas"], ref


def _refs(obj: Any) -> Iterator[Any]:
    import re

    yield from re.finditer(r"#/components/schemas/\w+", json.dumps(obj))


def test_pages_are_served_with_a_strict_content_security_policy(client: TestClient) -> None:
    data = two_humans(client)
    for path in ("/", f"/m/{data['match']}"):
        response = client.get(path)
        assert response.status_code == 200
        assert "script-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"


# 404 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/matches/nosuchmatch123/view"),
        ("GET", "/api/matches/nosuchmatch123/legal"),
        ("POST", "/api/matches/nosuchmatch123/act"),
        ("GET", "/api/matches/nosuchmatch123/record"),
        ("GET", "/api/matches/nosuchmatch123/events"),
        ("GET", "/api/matches/bad$id!/view"),
        ("GET", "/m/nosuchmatch123"),
    ],
)
def test_unknown_matches_get_404(client: TestClient, method: str, path: str) -> None:
    response = client.request(method, path, json={"action": "bid 1", "version": 0})
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert "no match" in response.json()["error"]


def test_unknown_api_paths_get_a_json_404(client: TestClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404
    assert response.json()["status"] == 404


# 403 ---------------------------------------------------------------------------------------


def test_acting_without_a_token_is_forbidden(client: TestClient) -> None:
    data = two_humans(client)
    response = client.post(
        f"/api/matches/{data['match']}/act", json={"action": "bid 1", "version": 0}
    )
    error(response, 403, "token")
    assert view(client, data["match"])["version"] == 0


def test_legal_actions_without_a_token_are_forbidden(client: TestClient) -> None:
    data = two_humans(client)
    error(client.get(f"/api/matches/{data['match']}/legal"), 403, "token")


@pytest.mark.parametrize("path", ["view", "legal"])
def test_a_wrong_token_is_forbidden_not_treated_as_a_spectator(
    client: TestClient, path: str
) -> None:
    data = two_humans(client)
    response = client.get(f"/api/matches/{data['match']}/{path}", headers=bearer("guess"))
    error(response, 403, "does not belong")


def test_a_wrong_token_cannot_act(client: TestClient) -> None:
    data = two_humans(client)
    error(act(client, data["match"], "x" * 32, "bid 1", 0), 403, "does not belong")
    assert view(client, data["match"])["version"] == 0


@pytest.mark.parametrize("header", ["Basic abc", "Bearer", "Bearer   ", "token"])
def test_a_malformed_authorization_header_is_forbidden(client: TestClient, header: str) -> None:
    data = two_humans(client)
    response = client.get(f"/api/matches/{data['match']}/view", headers={"Authorization": header})
    error(response, 403, "Bearer")


def test_a_token_of_another_match_is_forbidden(client: TestClient) -> None:
    first, second = two_humans(client), two_humans(client)
    token = first["seats"][0]["token"]
    error(act(client, second["match"], token, "bid 1", 0), 403)


def test_a_token_acts_only_for_its_own_seat(client: TestClient) -> None:
    data = two_humans(client)
    token0 = data["seats"][0]["token"]
    response = client.post(
        f"/api/matches/{data['match']}/act",
        headers=bearer(token0),
        json={"action": "bid 1", "version": 0, "player": 1},
    )
    error(response, 403, "seat 0, not seat 1")
    assert view(client, data["match"])["version"] == 0


def test_the_record_is_withheld_while_it_would_reveal_hidden_information(
    client: TestClient,
) -> None:
    data = two_humans(client)
    error(client.get(f"/api/matches/{data['match']}/record"), 403, "hidden information")


# 422 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"players": 2, "seats": ["human", "human"]}, ["'game'"]),
        ({"game": "goofspiel", "seats": ["human", "human"]}, ["'players'"]),
        ({"game": "goofspiel", "players": 2}, ["'seats'"]),
        ({"game": "goofspiel", "players": "2", "seats": ["human"] * 2}, ["players", "an integer"]),
        ({"game": "goofspiel", "players": True, "seats": ["human"] * 2}, ["players"]),
        ({"game": "goofspiel", "players": 2, "seats": "human"}, ["seats", "list"]),
        ({"game": "goofspiel", "players": 2, "seats": ["human"] * 2, "x": 1}, ["unexpected"]),
        ({"game": "chess", "players": 2, "seats": ["human"] * 2}, ["chess", "goofspiel"]),
        ({"game": "goofspiel", "players": 9, "seats": ["human"] * 9}, ["2-5 players"]),
        ({"game": "goofspiel", "players": 3, "seats": ["human"] * 2}, ["2 seats", "3 players"]),
        ({"game": "goofspiel", "players": 2, "seats": ["human", "wizard"]}, ["wizard"]),
        ({"game": "goofspiel", "players": 2, "seats": ["human", 7]}, ["seat"]),
        (
            {"game": "goofspiel", "players": 2, "seats": ["human", "mcts:iterations=999999"]},
            ["iterations", "from 1 to 2000"],
        ),
        (
            {"game": "goofspiel", "players": 2, "seats": ["human", "mcts:time_limit=60"]},
            ["time_limit", "at most 5"],
        ),
        ({"game": "goofspiel", "players": 2, "seats": ["human", "greedy:worlds=500"]}, ["worlds"]),
        (
            {"game": "goofspiel", "players": 2, "seats": ["human"] * 2, "options": {"deck": 3}},
            ["unknown option", "deck"],
        ),
        (
            {"game": "goofspiel", "players": 2, "seats": ["human"] * 2, "options": {"cards": "6"}},
            ["cards"],
        ),
        (
            {"game": "goofspiel", "players": 2, "seats": ["human"] * 2, "options": {"cards": 99}},
            ["3-13"],
        ),
        (
            {"game": "goofspiel", "players": 2, "seats": ["human"] * 2, "options": [1]},
            ["options", "object"],
        ),
        ({"game": "goofspiel", "players": 2, "seats": ["human"] * 2, "seed": -1}, ["seed"]),
        (
            {"game": "goofspiel", "players": 2, "seats": ["human"] * 2, "options": {"seed": 1}},
            ["unknown option", "seed"],
        ),
    ],
)
def test_malformed_creation_bodies_get_422_with_a_reason(
    client: TestClient, body: Json, words: list[str]
) -> None:
    error(client.post("/api/matches", json=body), 422, *words)


@pytest.mark.parametrize(
    ("content", "words"),
    [(b"{not json", ["not valid JSON"]), (b"[1, 2]", ["JSON object"]), (b"", ["not valid JSON"])],
)
def test_bodies_that_are_not_json_objects_get_422(
    client: TestClient, content: bytes, words: list[str]
) -> None:
    response = client.post(
        "/api/matches", content=content, headers={"Content-Type": "application/json"}
    )
    error(response, 422, *words)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"version": 0}, ["'action'"]),
        ({"action": "bid 1"}, ["'version'"]),
        ({"action": "bid 1", "version": "0"}, ["version", "an integer"]),
        ({"action": 1, "version": 0}, ["action", "string"]),
        ({"action": "bid 1", "version": 0, "why": "x"}, ["unexpected"]),
        ({"action": "raise 7", "version": 0}, ["raise 7", "bid N"]),
        ({"action": "bid 99", "version": 0}, ["99"]),
    ],
)
def test_malformed_or_illegal_moves_get_422_and_change_nothing(
    client: TestClient, body: Json, words: list[str]
) -> None:
    data = two_humans(client)
    token = data["seats"][0]["token"]
    before = view(client, data["match"], token)
    response = client.post(f"/api/matches/{data['match']}/act", headers=bearer(token), json=body)
    error(response, 422, *words)
    assert view(client, data["match"], token) == before


def test_a_player_not_to_act_gets_422_with_the_rules_reason(client: TestClient) -> None:
    data = create(client, "toy", ["human", "human"], seed=3)
    tokens = [s["token"] for s in data["seats"]]
    hand0 = view(client, data["match"], tokens[0])["view"]["hand"]
    assert act(client, data["match"], tokens[0], f"play {hand0[0]}", 0).status_code == 200
    again = act(client, data["match"], tokens[0], f"play {hand0[1]}", 1)
    reason = error(again, 422)
    assert "player 0" in reason or "not" in reason


# 409 ---------------------------------------------------------------------------------------


def test_a_stale_version_gets_409_and_changes_nothing(client: TestClient) -> None:
    data = two_humans(client)
    match, tokens = data["match"], [s["token"] for s in data["seats"]]
    assert act(client, match, tokens[0], "bid 3", 0).status_code == 200
    before = view(client, match, tokens[1])
    response = act(client, match, tokens[1], "bid 2", 0)
    error(response, 409, "version 1, not 0")
    assert response.json()["version"] == 1
    assert view(client, match, tokens[1]) == before
    assert act(client, match, tokens[1], "bid 2", 1).status_code == 200


def test_a_future_version_also_gets_409(client: TestClient) -> None:
    data = two_humans(client)
    error(act(client, data["match"], data["seats"][0]["token"], "bid 3", 7), 409)


def test_acting_after_the_end_gets_409(client: TestClient) -> None:
    data = two_humans(client, options={"cards": 3})
    match, tokens = data["match"], [s["token"] for s in data["seats"]]
    version = 0
    for card in (1, 2, 3):
        for token in tokens:
            assert act(client, match, token, f"bid {card}", version).status_code == 200
            version += 1
    error(act(client, match, tokens[0], "bid 1", version), 409, "over")


# 413 and 429 ---------------------------------------------------------------------------------


def test_a_body_over_the_limit_gets_413(client: TestClient) -> None:
    body = {"game": "goofspiel", "players": 2, "seats": ["human"] * 2, "seed": 1}
    big = json.dumps({**body, "options": {"pad": "x" * 20_000}})
    error(client.post("/api/matches", content=big), 413, "16384 bytes")


def test_a_chunked_body_over_the_limit_gets_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "'
        for _ in range(40):
            yield b"x" * 1000
        yield b'"}'

    error(client.post("/api/matches", content=chunks()), 413)


def test_the_number_of_unfinished_matches_is_capped(db: Any) -> None:
    from meeple.web import Limits
    from meeple.web import create_app

    with TestClient(create_app(db, limits=Limits(max_matches=2))) as capped:
        two_humans(capped)
        two_humans(capped)
        body = {"game": "goofspiel", "players": 2, "seats": ["human"] * 2}
        error(capped.post("/api/matches", json=body), 429, "2 unfinished")


def test_a_failing_bot_is_reported_and_the_server_keeps_serving(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Broken:
        name = "broken"

        def choose(self, view: Any, legal: Any) -> Any:
            raise RuntimeError("bot bug")

    monkeypatch.setattr("meeple.web.bot_seats.bot_for", lambda *args: Broken())
    data = create(client, "goofspiel", ["human", "random"], seed=1)
    shown = settle(lambda: view(client, data["match"], data["seats"][0]["token"]))
    assert "the bot in seat 1 (random) failed at move 1" in shown["bot_error"]
    assert shown["version"] == 1  # the stand-in random bot made the move: nothing is stuck
    assert client.get("/api/games").status_code == 200


def test_finished_matches_leave_memory_but_stay_readable(db: Any) -> None:
    from meeple.web import Limits
    from meeple.web import create_app

    from .support import hub_of

    app = create_app(db, limits=Limits(max_matches=3, create_burst=6))
    with TestClient(app) as small:
        finished = []
        for seed in range(6):
            data = create(small, "goofspiel", ["random", "random"], seed=seed)
            match_id: str = data["match"]
            settle(functools.partial(view, small, match_id))
            finished.append(data)
        assert hub_of(app).in_memory <= 3
        for data in finished:
            assert view(small, data["match"])["over"]


@pytest.mark.parametrize("name", [*meeple.game_names(), "toy"])
def test_each_payload_is_made_from_that_seats_view_only(client: TestClient, name: str) -> None:
    """Through a random game: every seat's payload equals what its own view implies."""
    from meeple.core.codec import to_data
    from meeple.web.renderers import render_html

    from .support import hub_of

    game = hub_of(client.app).game(name)  # type: ignore[arg-type]  # TestClient.app is the Starlette app
    players = min(max(2, game.spec.min_players), game.spec.max_players)
    data = create(client, name, ["human"] * players, seed=4)
    tokens = [s["token"] for s in data["seats"]]
    live = hub_of(client.app).held(data["match"])  # type: ignore[arg-type]  # as above
    rng = random.Random(name)
    for _ in range(40):
        state = live.match.state
        for seat in [None, *range(players)]:
            shown = view(client, data["match"], None if seat is None else tokens[seat])
            own = state.view(seat)
            assert shown["view"] == to_data(own, game=game)
            assert shown["html"] == render_html(game, own)
            assert shown["text"] == game.render(own)
            legal = state.legal_actions(seat) if seat in state.to_act else ()
            assert shown["legal"] == [str(a) for a in legal]
        if state.is_over:
            break
        seat = rng.choice(sorted(state.to_act))
        action = str(rng.choice(state.legal_actions(seat)))
        version = live.version_for(seat)  # the moves this seat saw being made
        assert act(client, data["match"], tokens[seat], action, version).status_code == 200
