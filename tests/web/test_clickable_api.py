"""The match view tells the page what each legal action touches and why the other
elements do nothing (issue 18), from the seat's view only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import meeple
from meeple.core.elements import drawn_elements
from meeple.web import Limits
from meeple.web import create_app
from tests.toy_game import TOY

from .support import create
from .test_api import view


def test_the_seat_to_act_gets_each_actions_elements_and_the_other_elements_reasons(
    client: TestClient,
) -> None:
    data = create(client, "way_of_bear", ["human", "human"], seed=3)
    match, tokens = data["match"], [s["token"] for s in data["seats"]]
    mine = view(client, match, tokens[0])
    assert len(mine["elements"]) == len(mine["legal"]) > 0
    drawn = drawn_elements(mine["html"]).labels
    used = {e for ids in mine["elements"] for e in ids}
    assert used <= set(drawn)
    assert set(mine["refusals"]) == set(drawn) - used
    game: Any = meeple.get_game("way_of_bear")
    state = game.start(2, seed=3)  # the match's state: nothing was played yet
    from_rules = 0
    for element, reason in mine["refusals"].items():
        meant = game.element_actions(state.view(0), element)
        if meant and state.check(meant[0], 0):
            assert reason == state.check(meant[0], 0)  # the rules' own reason
            from_rules += 1
        else:
            assert reason.startswith(f"Nothing to do with {drawn[element]} now")
    assert from_rules > 10  # villages where no stele may go, and more
    for token in (tokens[1], None):  # not to act, and a spectator
        other = view(client, match, token)
        assert other["elements"] == []
        assert other["refusals"] == {}


@pytest.fixture
def broken_client(tmp_path: Path) -> Iterator[TestClient]:
    """The app serving a toy whose elements capability raises."""

    class Broken(type(TOY)):  # type: ignore[misc]  # the toy's game class, subclassed
        def render_html(self, view: Any) -> str:
            return "<p>toy</p>"

        def elements(self, view: Any, action: Any) -> tuple[str, ...]:
            raise RuntimeError("planted")

        def element_actions(self, view: Any, element: str) -> tuple[Any, ...]:
            return ()

    fast = Limits(requests_per_second=10_000, request_burst=10_000)
    app = create_app(tmp_path / "broken.sqlite3", limits=fast, games={"toy": Broken()})
    with TestClient(app) as test_client:
        yield test_client


def test_a_failing_elements_capability_leaves_the_buttons(broken_client: TestClient) -> None:
    data = create(broken_client, "toy", ["human", "human"], seed=1)
    shown = view(broken_client, data["match"], data["seats"][0]["token"])
    assert shown["legal"]  # the notation buttons still play
    assert shown["elements"] == []
    assert shown["refusals"] == {}
