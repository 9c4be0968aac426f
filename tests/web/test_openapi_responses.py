"""Every response the server sends is documented, and its body validates (issue 17).

A session walks every route of the API through its answers, successes and
refusals alike; each response's status must be listed for its route in
``/openapi.json``, and its JSON body must validate against the schema listed
there (generated from the very types the server writes it with): the match
bodies, the games, the status, every error, and each event of the live-update
stream against the schema its event name is documented with.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no type stubs ship with jsonschema
import pytest
from starlette.testclient import TestClient

from meeple.web import Limits
from meeple.web import create_app

from .support import bearer
from .support import create
from .support import create_over_http
from .support import http_from
from .support import live_server
from .test_streams import first_event

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


def _valid(data: Any, schema: Json, doc: Json) -> None:
    jsonschema.validate(
        data, {**schema, "components": doc["components"]}, cls=jsonschema.Draft202012Validator
    )


def test_the_documented_bodies_refuse_what_the_server_never_writes(client: TestClient) -> None:
    """The generated schemas are tight: an unknown field or a wrong type fails them."""
    doc: Json = client.get("/openapi.json").json()
    games = client.get("/api/games").json()
    status = client.get("/api/status").json()
    schema = {"$ref": "#/components/schemas/Games"}
    _valid(games, schema, doc)
    for bad in ({**games, "extra": 1}, {**games, "seat_kinds": "human"}):
        with pytest.raises(jsonschema.ValidationError):
            _valid(bad, schema, doc)
    status["limits"] = {**status["limits"], "max_matches": "200"}
    with pytest.raises(jsonschema.ValidationError):
        _valid(status, {"$ref": "#/components/schemas/Status"}, doc)
    with pytest.raises(jsonschema.ValidationError):
        _valid({"error": "x"}, {"$ref": "#/components/schemas/ErrorBody"}, doc)


def test_every_event_of_the_live_stream_is_documented(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db.sqlite3", limits=Limits(max_seat_streams=1))
    with live_server(app) as server, http_from(server.url) as http:
        doc: Json = http.get("/openapi.json").json()
        route = doc["paths"]["/api/matches/{match_id}/events"]["get"]["responses"]["200"]
        schemas = route["x-event-data"]
        data = create_over_http(http, "goofspiel", ["human", "human"])
        url = f"/api/matches/{data['match']}/events"
        token = data["seats"][0]["token"]
        seen = []
        with http.stream("GET", url, headers=bearer(token)) as oldest:
            lines = oldest.iter_lines()
            seen.append(first_event(lines))  # version
            with http.stream("GET", url, headers=bearer(token)) as newest:
                newer = newest.iter_lines()
                seen.append(first_event(newer))  # version, on the new slot
                seen.append(first_event(lines))  # closed: the newer one took the slot
                with http.stream("GET", url) as spectator:
                    move = {"action": "bid 1", "version": 0}
                    http.post(f"/api/matches/{data['match']}/act", headers=bearer(token), json=move)
                    watching = spectator.iter_lines()
                    seen.append(first_event(watching))
                    seen.append(first_event(watching))  # the move's version
        assert [name for name, _ in seen] == ["version", "version", "closed", "version", "version"]
        for name, message in seen:
            assert name in schemas, f"the stream sends {name!r} events, undocumented"
            _valid(message, schemas[name], doc)
        assert seen[-1][1] == {"version": 1, "over": False}
