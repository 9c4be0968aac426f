"""A seed read from an answer can be sent back as it is: answers give a seed as a string
of decimal digits (JavaScript rounds a JSON number past 2**53), so a request takes that
string as well as a number, and both deal the same game (docs/web.md, "Seeds are sent
as strings")."""

from __future__ import annotations

from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no type stubs ship with jsonschema
import pytest
from starlette.testclient import TestClient

from meeple.web.build import SEED_BITS

from .support import Json
from .support import bearer
from .support import create

SEATS = ["human", "human", "human"]
"""Three people at Miś Wojtek: a deal with hidden hands and a shuffled deck."""

SEEDS = [0, 1, 2**53 + 1, 2**SEED_BITS - 1]
"""The ends of the range and the first whole number a JavaScript number cannot hold."""


def _deal(client: TestClient, seed: int | str) -> tuple[Json, Json]:
    """What a match created with `seed` deals: its record and seat 0's first view."""
    made = create(client, "wojtek", SEATS, seed=seed)
    match = made["match"]
    view = client.get(f"/api/matches/{match}/view", headers=bearer(made["seats"][0]["token"]))
    closed = client.post(f"/api/matches/{match}/abandon", headers=bearer(made["seats"][0]["token"]))
    assert closed.status_code == 200, closed.text  # the record of a hidden game needs it
    record = client.get(f"/api/matches/{match}/record").json()
    body: Json = view.json()
    return record, body


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seed_as_digits_deals_what_the_number_deals(client: TestClient, seed: int) -> None:
    by_number, by_digits = _deal(client, seed), _deal(client, str(seed))
    assert by_digits[0]["record"] == by_number[0]["record"]
    assert by_digits[0]["seed"] == by_number[0]["seed"] == str(seed)
    assert by_digits[1]["view"] == by_number[1]["view"]
    assert by_digits[1]["chosen_seed"] == str(seed)


def test_a_chosen_seed_sent_back_as_it_is_deals_the_same_game(client: TestClient) -> None:
    first = create(client, "wojtek", SEATS, seed=2**SEED_BITS - 7)
    told = client.get(f"/api/matches/{first['match']}/view").json()["chosen_seed"]
    assert isinstance(told, str)
    again = create(client, "wojtek", SEATS, seed=told)
    views = [
        client.get(f"/api/matches/{made['match']}/view").json()["view"] for made in (first, again)
    ]
    assert views[0] == views[1]


BAD_SEEDS: list[Any] = [
    "",
    "07",
    "-1",
    "+1",
    " 7",
    "7 ",
    "7\n",
    "1e3",
    "1.0",
    "0x1f",
    "\u0661",  # an Arabic-Indic one: a digit to str.isdigit, not to the pattern
    str(2**SEED_BITS),
    "9" * 20,
    "9" * 10_000,  # past int()'s 4,300-digit limit, inside the body cap
    1.5,
    True,
    [7],
    {"seed": 7},
]
"""Seeds a request may not give: not a whole number nor its plain digits, or out of range."""


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=lambda seed: repr(seed)[:24])
def test_any_other_seed_is_refused_naming_the_field(client: TestClient, seed: Any) -> None:
    before = client.get("/api/status").json()["matches"]["open"]
    body = {"game": "wojtek", "players": 3, "seats": SEATS, "seed": seed}
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 422, answer.text
    assert "'seed'" in answer.json()["error"]
    assert client.get("/api/status").json()["matches"]["open"] == before


def test_the_schema_takes_both_forms_and_refuses_the_rest(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["CreateMatch"]
    field = schema["properties"]["seed"]
    assert "decimal digits" in field["description"]
    check = jsonschema.Draft202012Validator(field)
    for good in [None, *SEEDS, *map(str, SEEDS)]:
        assert check.is_valid(good), good
    # the schema says the form; the range of a number or of digits is the server's check
    for bad in ("", "07", "-1", " 7", "1e3", "\u0661", 1.5, True, [7]):
        assert not check.is_valid(bad), bad
