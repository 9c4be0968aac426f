"""A Wypas seat offered a special card in secret: no other seat's page shows it.

Seed 0 with four seats: the baca (seat 0) hides a lot while seat 3 is offered its
Thief. Seats 1 and 2 and a spectator must see exactly what they would if seat 3
held no Thief: whose turn it is, the "waiting for" line, the log, the version, the
live updates; and seat 3's ``wait`` is not even a move to them.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeple.core import Match
from meeple.web.live import LiveMatch

from .support import act
from .support import create
from .test_api import view


def _match(client: TestClient) -> tuple[str, list[str]]:
    data = create(client, "wypas", ["human"] * 4, seed=0)
    return data["match"], [s["token"] for s in data["seats"]]


def _public_part(page: dict[str, Any]) -> tuple[Any, ...]:
    return page["version"], page["to_act"], page["prompt"], page["log"], page["waiting_for_bots"]


@pytest.mark.rule("wypas:specials.secret-holders")
def test_another_seats_offer_is_on_no_page_but_its_own(client: TestClient) -> None:
    match, tokens = _match(client)
    offered = view(client, match, tokens[3])
    assert offered["to_act"] == [0, 3]
    assert offered["legal"][0] == "wait"
    assert offered["prompt"].startswith("p3: you may play a special card now, or wait")
    for token in (tokens[1], tokens[2], None):
        page = view(client, match, token)
        assert _public_part(page) == (0, [0], "waiting for player 0", [], False)
        assert "offered" not in page["html"] + page["text"]


@pytest.mark.rule("wypas:specials.secret-holders", "wypas:specials.wait")
def test_a_wait_is_no_move_to_the_other_seats(client: TestClient) -> None:
    match, tokens = _match(client)
    before = {seat: view(client, match, tokens[seat]) for seat in (0, 1, 2)}
    spectator = view(client, match, None)
    assert act(client, match, tokens[3], "wait", 0).json()["version"] == 1
    mine = view(client, match, tokens[3])
    assert (mine["version"], mine["to_act"], mine["legal"]) == (1, [0], [])
    assert mine["log"] == [{"n": 1, "player": 3, "move": "wait"}]
    for seat, page in before.items():
        assert view(client, match, tokens[seat]) == page  # nothing changed, not the version
    assert view(client, match, None) == spectator
    # The baca's move was made against the version it saw: it goes through.
    hide = before[0]["legal"][0]
    assert act(client, match, tokens[0], hide, 0).status_code == 200
    for token in (tokens[1], None):
        page = view(client, match, token)
        assert (page["version"], page["log"]) == (1, [{"n": 1, "player": 0, "move": "hide ?"}])
    assert view(client, match, tokens[3])["version"] == 2


def test_each_seat_counts_the_moves_it_saw() -> None:
    game = Match("wypas", 4, seed=0)
    live = LiveMatch("m", game, ("human",) * 4, (None,) * 4)
    game.play("wait", 3)
    assert [live.version_for(seat) for seat in (None, 0, 1, 2, 3)] == [0, 0, 0, 0, 1]
    game.play(game.state.legal_actions(0)[0], 0)
    assert [live.version_for(seat) for seat in (None, 0, 1, 2, 3)] == [1, 1, 1, 1, 2]
    assert live.moves_made == 2


def test_bots_the_table_sees_acting_wait_for_a_human_asked_in_secret() -> None:
    """Regression: the baca was a bot, so the offered human's page said "bots are
    thinking" and disabled its buttons, and the bot moved in milliseconds: a human
    could never take an offer while a bot was to act. Now the bot waits for the
    human's answer, as `meeple.core.asking_order` asks; a bot asked in secret still
    decides, and no other seat is told anything new."""
    game = Match("wypas", 4, seed=0)  # the baca (seat 0) to act, seat 3 offered
    live = LiveMatch("m", game, ("random", "human", "human", "human"), (None,) * 4)
    assert live.bots_to_act == ()
    assert live.humans_asked_in_secret() == {3}
    game.play("wait", 3)
    assert list(live.bots_to_act) == [0]  # (a list: mypy narrowed the tuple above)
    bots = LiveMatch("b", Match("wypas", 4, seed=0), ("random",) * 3 + ("mcts",), (None,) * 4)
    assert bots.bots_to_act == (3, 0)  # a bot asked in secret first, then the baca


@pytest.mark.rule("wypas:specials.secret-holders")
def test_an_offered_human_may_answer_while_the_bot_to_act_waits(client: TestClient) -> None:
    data = create(client, "wypas", ["random", "human", "human", "human"], seed=0)
    match, tokens = data["match"], [s.get("token") for s in data["seats"]]
    offered = view(client, match, tokens[3])
    assert (offered["waiting_for_bots"], offered["legal"][0]) == (False, "wait")
    for token in (tokens[1], None):  # what they would see were nobody offered
        page = view(client, match, token)
        assert _public_part(page) == (0, [0], "waiting for player 0", [], True)
    assert act(client, match, tokens[3], "wait", 0).status_code == 200
    deadline = time.monotonic() + 20
    while view(client, match, tokens[1])["version"] == 0:  # the baca's bot moves now
        assert time.monotonic() < deadline, "the bot never moved after the human's answer"
        time.sleep(0.04)
