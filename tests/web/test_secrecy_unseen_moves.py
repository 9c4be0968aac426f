"""A move a viewer did not see being made changes nothing the server tells that viewer.

`test_hidden_channels` holds a Wypas table where a bot declines its first secret offer;
an outside audit asked whether that holds at every offer of a game, whoever sits where.
Here whole Wypas games (with and without the bluff rule) are played by random choices,
seats asked in secret first most of the time (as the server's bots are), at tables of
humans and bots; at every ``wait`` (a seat declining a secret offer), each other seat's
and a spectator's page data (`match_payload`: its view, prompt, legal moves, log,
version, "bots are thinking", ...) and what its live-update stream tells
(`LiveMatch.shown_to`) must be what they were before it. None differed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.core import Match
from meeple.core.public import is_seen
from meeple.core.public import public_move
from meeple.core.turns import asking_order
from meeple.web.live import LiveMatch
from meeple.web.presenter import match_payload
from meeple.web.seats import HUMAN

TABLES = [
    (HUMAN, "random", "random", HUMAN),
    (HUMAN,) * 4,
    ("random", HUMAN, "random", "random"),
]
"""Who sits where: bots and humans mixed, since whether a bot is shown thinking depends on
who is asked."""


def _told(live: LiveMatch, viewer: int | None) -> tuple[dict[str, Any], Any]:
    return match_payload(live, viewer), live.shown_to(viewer)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("seats", TABLES, ids=["h-b-b-h", "humans", "b-h-b-b"])
def test_a_secret_decline_changes_nothing_another_seat_or_a_spectator_is_told(
    seed: int, seats: tuple[str, ...]
) -> None:
    match = Match("wypas", 4, seed=seed, bluff=seed % 2 == 1)
    hashes = tuple("hash" if kind == HUMAN else None for kind in seats)
    live = LiveMatch("a-match-id", match, seats, hashes)
    chooser = random.Random(seed)
    declines = 0
    while not match.state.is_over and len(match.history) < 300:
        state = match.state
        first = asking_order(state)[0]
        seat = first if chooser.random() < 0.7 else chooser.choice(sorted(state.to_act))
        action = chooser.choice(state.legal_actions(seat))
        others = [v for v in (None, *range(4)) if v != seat]
        unseen = [v for v in others if not is_seen(public_move(match.game, action, seat, v))]
        before = {v: _told(live, v) for v in unseen}
        match.play(action, seat)
        for viewer in unseen:
            assert _told(live, viewer) == before[viewer], (seat, str(action), viewer)
        declines += bool(unseen)
    assert declines > 0, "no seat declined a secret offer: nothing was compared"
