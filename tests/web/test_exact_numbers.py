"""A match's options reach a browser exactly: the server refuses to open a match whose
options, as its record keeps them, hold a whole number past 2**53 - 1, which
JavaScript's JSON.parse rounds (docs/web.md, "Seeds are sent as strings"). The
built-in games bound their numbers far below; a plugin bounds its own, so the server
holds every game to this, naming the option."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from typing import ClassVar

import attrs
import pytest
from starlette.testclient import TestClient

from meeple.core.errors import InvalidOptionsError
from meeple.core.registry import Registry
from meeple.web import Limits
from meeple.web import create_app
from meeple.web.build import EXACT_IN_JAVASCRIPT
from meeple.web.build import _inexact
from meeple.web.build import requested_match
from tests.shared import spec_of_test_game
from tests.toy_game import Options
from tests.toy_game import State
from tests.toy_game import ToyGame

from .support import bearer
from .support import create
from .support import refused


@attrs.frozen
class WideOptions(Options):
    """The toy with options its author left unbounded: a number and a list of them."""

    stake: int = 0
    marks: tuple[int, ...] = ()


class WideState(State):
    """The toy under its plugin's name."""

    GAME_NAME: ClassVar[str] = "wide"


SPEC = spec_of_test_game("wide", "Wide", 4, lambda n: 3 * (n + 1))
GAME = ToyGame(spec=SPEC, options_type=WideOptions, state_type=WideState)
FAST = Limits(requests_per_second=10_000, request_burst=10_000)
SEATS = ["human", "human"]


@pytest.fixture
def wide(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "db.sqlite3", limits=FAST, games={"wide": GAME})) as c:
        yield c


@pytest.mark.parametrize(
    "options",
    [
        {"stake": EXACT_IN_JAVASCRIPT},
        {"stake": -EXACT_IN_JAVASCRIPT},
        {"marks": [1, EXACT_IN_JAVASCRIPT]},
    ],
)
def test_the_largest_exact_numbers_open_and_come_back_as_sent(
    wide: TestClient, options: dict[str, Any]
) -> None:
    made = create(wide, "wide", SEATS, options=options)
    token = made["seats"][0]["token"]
    closed = wide.post(f"/api/matches/{made['match']}/abandon", headers=bearer(token))
    assert closed.status_code == 200, closed.text  # the toy's record waits for the end
    record = wide.get(f"/api/matches/{made['match']}/record").json()
    assert record["record"]["options"] == options


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("stake", EXACT_IN_JAVASCRIPT + 1),
        ("stake", -EXACT_IN_JAVASCRIPT - 1),
        ("stake", 2**63),
        ("marks", [1, 2, 2**53 + 1]),
    ],
)
def test_a_number_javascript_rounds_is_refused_naming_the_option(
    wide: TestClient, name: str, value: Any
) -> None:
    before = wide.get("/api/status").json()["matches"]["open"]
    body = {"game": "wide", "players": 2, "seats": SEATS, "options": {name: value}}
    refused(wide.post("/api/matches", json=body), 422, "'options'", repr(name), "2**53 - 1")
    assert wide.get("/api/status").json()["matches"]["open"] == before


@pytest.mark.parametrize(
    "value",
    [2**53, [1, [2, -(2**53)]], {"a": [{"b": 2**60}]}, (1, 2**53)],
)
def test_a_rounded_number_is_found_at_any_depth(value: Any) -> None:
    """Options as the record keeps them are JSON values: a plugin's list or data option
    may nest, and a number deep inside reaches the page just the same."""
    assert _inexact(value)
    assert not _inexact([EXACT_IN_JAVASCRIPT, {"a": [-EXACT_IN_JAVASCRIPT, 1.5e300, True]}])


def test_the_hub_refuses_it_too_not_only_the_request_check() -> None:
    """The check runs where the match is made, so no other path (a program calling the
    hub) opens one either."""
    registry = Registry(source=list)
    registry.add(GAME)
    with pytest.raises(InvalidOptionsError, match=r"'stake'.*2\*\*53 - 1"):
        requested_match(registry, Limits(), "wide", 2, {"stake": 2**53}, SEATS, None)
    made, _ = requested_match(registry, Limits(), "wide", 2, {"stake": 2**53 - 1}, SEATS, 7)
    assert made.record().options_dict() == {"stake": 2**53 - 1}
