"""Every response the server sends is documented, and its body validates (issue 17).

A session walks every route of the API through its answers, successes and
refusals alike; each response's status must be listed for its route in
``/openapi.json``, and its JSON body must validate against the schema listed
there (generated from the very types the server writes it with).
"""

from __future__ import annotations

import re
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no type stubs ship with jsonschema
import pytest
from starlette.testclient import TestClient

from .support import bearer, create

Json = dict[str, Any]


class Checker:
    """Checks responses against the served OpenAPI document; remembers what it saw."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.doc: Json = client.get("/openapi.json").json()
        self.seen: set[tuple[str, str, str]] = set()

    def _route(self, path: str) -> str:
        for template in self.doc["paths"]:
            pattern = re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
            if re.match(pattern, path):
                return str(template)
        raise AssertionError(f"{path} is not documented")

    def call(self, method: str, path: str, status: int, **kwargs: Any) -> Any:
        """Send the request, expect `status`, validate the body; the response."""
        response = self.client.request(method, path, **kwargs)
        assert response.status_code == status, response.text
        route = self._route(path.split("?")[0])
        answers = self.doc["paths"][route][method.lower()]["responses"]
        assert str(status) in answers, f"{method} {route} answers {status}, undocumented"
        self.seen.add((route, method.lower(), str(status)))
        content = answers[str(status)].get("content", {})
        if "application/json" in content:
            schema = {**content["application/json"]["schema"], "components": self.doc["components"]}
            jsonschema.validate(response.json(), schema, cls=jsonschema.Draft202012Validator)
        return response


@pytest.fixture
def checker(client: TestClient) -> Checker:
    return Checker(client)


def test_every_route_answers_as_documented(checker: Checker) -> None:
    c = checker
    c.call("GET", "/api/games", 200)
    c.call("GET", "/api/status", 200)
    body = {"game": "goofspiel", "players": 2, "seats": ["human", "human"]}
    created = c.call("POST", "/api/matches", 201, json=body).json()
    c.call("POST", "/api/matches", 422, json={**body, "players": "2"})
    c.call("POST", "/api/matches", 422, json={**body, "options": {"cards": {"a": 1}}})
    c.call("POST", "/api/matches", 413, content=b" " * 100_000)
    match, tokens = created["match"], [s["token"] for s in created["seats"]]
    base = f"/api/matches/{match}"
    c.call("GET", f"{base}/view", 200)
    view = c.call("GET", f"{base}/view", 200, headers=bearer(tokens[0])).json()
    c.call("GET", f"{base}/view", 403, headers=bearer("wrong"))
    c.call("GET", "/api/matches/nosuchmatch00/view", 404)
    legal = c.call("GET", f"{base}/legal", 200, headers=bearer(tokens[0])).json()
    c.call("GET", f"{base}/legal", 403)
    move = {"action": legal["actions"][0], "version": view["version"]}
    c.call("POST", f"{base}/act", 422, headers=bearer(tokens[0]), json={"action": "bid"})
    c.call("POST", f"{base}/act", 422, headers=bearer(tokens[0]), json={**move, "why": 1})
    c.call("POST", f"{base}/act", 422, headers=bearer(tokens[0]), json={**move, "action": "x"})
    c.call("POST", f"{base}/act", 403, json=move)
    c.call("POST", f"{base}/act", 200, headers=bearer(tokens[0]), json=move)
    c.call("POST", f"{base}/act", 409, headers=bearer(tokens[0]), json=move)
    c.call("POST", f"{base}/act", 403, headers=bearer(tokens[1]), json={**move, "player": 0})
    c.call("GET", f"{base}/record", 403)  # goofspiel hides the bids until the end
    c.call("POST", f"{base}/abandon", 403)
    c.call("POST", f"{base}/abandon", 200, headers=bearer(tokens[1]))
    c.call("POST", f"{base}/abandon", 409, headers=bearer(tokens[1]))
    c.call("GET", f"{base}/record", 200)
    c.call("GET", f"{base}/view", 200, headers=bearer(tokens[0]))
    documented = {
        (route, method)
        for route, methods in c.doc["paths"].items()
        for method in methods
        if not route.endswith("/events")  # a stream: its own tests
    }
    assert documented <= {(route, method) for route, method, _ in c.seen}


def test_a_finished_match_shows_its_outcome_in_the_documented_form(checker: Checker) -> None:
    c = checker
    data = create(c.client, "toy", ["human", "random"], seed=3)
    token = data["seats"][0]["token"]
    base = f"/api/matches/{data['match']}"
    for _ in range(50):
        view = c.call("GET", f"{base}/view", 200, headers=bearer(token)).json()
        if view["over"]:
            break
        if view["legal"]:
            move = {"action": view["legal"][0], "version": view["version"]}
            c.client.post(f"{base}/act", headers=bearer(token), json=move)
    assert view["over"]
    assert view["outcome"]["$type"] == "meeple.Outcome"
    record = c.call("GET", f"{base}/record", 200).json()
    assert record["outcome"] == view["outcome"]
