"""The web log shows each seat each move as that seat saw it: a face-down pick is a
pick, not a secret and not its card."""

from __future__ import annotations

from starlette.testclient import TestClient

from .support import act
from .support import create
from .test_api import view


def test_a_face_down_pick_shows_as_a_pick_to_the_other_seats(client: TestClient) -> None:
    data = create(client, "bear_mountain", ["human"] * 3, seed=5, options={"mode": "draft"})
    match, tokens = data["match"], [s["token"] for s in data["seats"]]
    mine = view(client, match, tokens[0])
    pick = mine["legal"][0]
    assert pick.startswith("pick c")
    assert act(client, match, tokens[0], pick, mine["version"]).status_code == 200
    assert view(client, match, tokens[0])["log"] == [{"n": 1, "player": 0, "move": pick}]
    for token in (tokens[1], None):
        seen = view(client, match, token)
        assert seen["log"] == [{"n": 1, "player": 0, "move": "pick ?"}]
        seen.pop("legal", None)  # seat 1 may hold cards of its own to pick
        assert pick.split()[1] not in str(seen["log"])


def test_a_public_move_shows_in_full_to_everyone(client: TestClient) -> None:
    data = create(client, "bear_mountain", ["human"] * 2, seed=5)
    match, tokens = data["match"], [s["token"] for s in data["seats"]]
    first = view(client, match, tokens[0])
    take = first["legal"][0]
    assert act(client, match, tokens[0], take, first["version"]).status_code == 200
    for token in (*tokens, None):
        assert view(client, match, token)["log"] == [{"n": 1, "player": 0, "move": take}]
