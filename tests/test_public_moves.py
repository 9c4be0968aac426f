"""Public moves: every front end shows each seat exactly what it saw of each move.

Each built-in game says what a seat saw of a move (the ``public`` capability). These
tests play random games and check, for every seat and a spectator: the reading never
tells a seat more than its views show (the conformance kit's check, at every state),
no move the table saw reads as a secret, and `Match`, records, `meeple play`,
`meeple replay` and a follower that keeps only its views and the log all agree.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import meeple
from meeple.cli.play import PlaySession
from meeple.cli.replay import ReplaySession
from meeple.core import Match
from meeple.core import offers
from meeple.core import rng
from meeple.core.public import SECRET_MOVE
from meeple.core.public import is_seen
from meeple.core.public import public_history
from meeple.core.public import public_move
from meeple.core.public import shown
from meeple.testing.public import check_public
from meeple.testing.where import Where

from .shared import BUILT_IN
from .shared import SHORT_OPTIONS
from .toy_game import TOY


def random_match(name: str, players: int, seed: int, **options: Any) -> Match:
    """A whole game between random movers, played through a Match."""
    match = Match(name, players, seed=seed, **options)
    chooser = rng.seed_rng(rng.derive_seed(seed, "public moves"))
    while not match.state.is_over:
        actor, chooser = rng.choice(chooser, sorted(match.state.to_act))
        action, chooser = rng.choice(chooser, match.state.legal_actions(actor))
        match.play(action, actor)
    return match


@attrs.frozen
class Case:
    """A game, player count and options that the random games below cover."""

    game: str
    players: int
    options: dict[str, Any] = attrs.Factory(dict)

    def __str__(self) -> str:
        return f"{self.game}-{self.players}p" + "".join(
            f"-{k}={v}" for k, v in self.options.items()
        )

    def match(self, seed: int) -> Match:
        """The `random_match` of this case from `seed`."""
        return random_match(self.game, self.players, seed, **self.options)


CASES = [
    Case("bear_mountain", 3),
    Case("bear_mountain", 4, {"mode": "draft"}),
    Case("bear_mountain", 1, {"mode": "solo"}),
    Case("way_of_bear", 3),
    Case("wojtek", 2),
    Case("wojtek", 4),
    Case("wypas", 4, {"max_rounds": 3}),
    Case("wypas", 3, {"max_rounds": 3, "bluff": True}),
]
"""The cases the parametrized tests play."""


def viewers(players: int) -> list[int | None]:
    """Every seat, then a spectator."""
    return [*range(players), None]


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_built_in_game_says_what_each_seat_saw(name: str) -> None:
    assert offers(meeple.get_game(name), "public")


@pytest.mark.parametrize("case", CASES, ids=str)
def test_readings_never_tell_a_seat_more_than_its_views(case: Case) -> None:
    match = case.match(11)
    states = match.states
    where = Where(case.game, case.players, 11)
    # Every state of the short games, a spread of about 60 states of the long ones.
    for index in range(0, len(states), max(1, len(states) // 60)):
        where.step = index
        check_public(match.game, states[index], where)


def test_hidden_parts_read_as_question_marks() -> None:
    # Not vacuous: the random games do make moves whose card the others never see.
    for case in (
        Case("bear_mountain", 3, {"mode": "draft"}),
        Case("wypas", 4, {"max_rounds": 3, "bluff": True}),
    ):
        match = case.match(5)
        masked = {
            text
            for viewer in viewers(case.players)
            for _, text in match.public_history(viewer)
            if text is not None and "?" in text
        }
        assert masked, case
        full = {str(action) for _, action in match.history}
        assert not masked & full


@pytest.mark.parametrize("case", CASES, ids=str)
def test_match_and_record_give_the_same_readings(case: Case) -> None:
    match = case.match(7)
    record = meeple.loads(meeple.dumps(match.record()))
    for viewer in viewers(case.players):
        readings = match.public_history(viewer)
        assert record.public_moves(viewer) == readings
        assert public_history(match.game, match.history, viewer) == readings


def test_records_keep_their_json_and_old_records_still_read() -> None:
    match = random_match("wypas", 3, 2, max_rounds=1)
    data = match.record().to_data()
    assert set(data) == {"game", "rules_version", "players", "seed", "options", "moves"}
    back = type(match.record()).from_data(data)
    assert back.public_moves(0) == match.public_history(0)


def test_a_game_without_the_capability_shows_other_moves_as_secret() -> None:
    match = Match(TOY, 2, seed=1)
    match.play(match.state.legal_actions(0)[0], 0)
    (player, action) = match.history[0]
    assert public_move(TOY, action, player, 0) == str(action)
    assert public_move(TOY, action, player, 1) is None
    assert shown(public_move(TOY, action, player, None)) == SECRET_MOVE


@pytest.mark.parametrize("viewer", [3, -1, True, "1"])
def test_a_viewer_that_is_no_seat_is_refused(viewer: Any) -> None:
    match = random_match("wojtek", 3, 1)
    with pytest.raises(meeple.InvalidPlayerError, match=r"no seat .*\(seats are 0\.\.2"):
        match.public_history(viewer)
    with pytest.raises(meeple.InvalidPlayerError, match="no seat"):
        match.record().public_moves(viewer)


def test_a_record_naming_no_move_of_the_game_is_refused() -> None:
    record = random_match("wojtek", 2, 1).record()
    broken = attrs.evolve(record, moves=((0, "fly to the moon"),))
    with pytest.raises(
        meeple.CorruptDataError, match=r"move 1 .*'fly to the moon'.* is not a move"
    ):
        broken.public_moves(1)


# -- a follower keeps only what it was shown --------------------------------------


class Follower:
    """A seat (or a spectator) that keeps only its views and the log it was shown."""

    def __init__(self, first_view: Any) -> None:
        self.views = [first_view]
        self.log: list[tuple[int, str]] = []

    def shown(self, player: int, text: str | None, view: Any, secret_turn: bool) -> None:
        """One move as this seat saw it, and the view after it; `secret_turn`: the mover
        was asked in secret (a Wypas offer), so no other view showed it to act."""
        before = self.views[-1]
        assert player in before.to_act or secret_turn, (
            "the log names a player its view did not show to act"
        )
        assert text is not None, "a move the table saw reads as a secret"
        self.log.append((player, text))
        self.views.append(view)


def follow(match: Match, viewer: int | None) -> Follower:
    """What a seat that was shown only its views and the log knows at the end."""
    follower = Follower(match.states[0].view(viewer))
    readings = match.public_history(viewer)
    states = match.states
    for (player, text), state, before in zip(readings, states[1:], states[:-1], strict=True):
        if is_seen(text):
            secret = player not in before.view(None).to_act
            follower.shown(player, text, state.view(viewer), secret)
        else:  # a move it did not see being made (a secret wait) changed nothing it sees
            assert state.view(viewer) == follower.views[-1]
    return follower


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_seat_can_follow_the_game_from_its_views_and_the_log_alone(case: Case) -> None:
    # The follower refuses a move that reads as a secret: none does in a built-in game.
    match = case.match(9)
    for viewer in viewers(case.players):
        follower = follow(match, viewer)
        seen = [p for p, t in match.public_history(viewer) if is_seen(t)]
        assert [p for p, _ in follower.log] == seen
        assert all(is_seen(t) for p, t in match.public_history(viewer) if p == viewer)
        assert follower.views[-1] == match.state.view(viewer)
        mine = [str(a) for p, a in match.history if p == viewer]
        assert [text for p, text in follower.log if p == viewer] == mine


# -- the terminal front ends --------------------------------------------------------


def _answers(text: str) -> Iterator[str]:
    while True:
        yield text


@pytest.mark.parametrize("name", BUILT_IN)
def test_meeple_play_tells_the_human_what_their_seat_saw(name: str) -> None:
    players = meeple.get_game(name).spec.min_players
    options = {"mode": "draft"} if name == "bear_mountain" else dict(SHORT_OPTIONS.get(name, {}))
    if name == "bear_mountain":
        players = 3
    said: list[str] = []
    answers = _answers("1")
    session = PlaySession(
        Match(name, players, seed=4, **options),
        ["human", *["random"] * (players - 1)],
        ask=lambda _: next(answers),
        say=said.append,
    )
    assert session.run()
    during = said[: said.index("game over")]
    told = [line for line in during if line.startswith("player ") and " (random): " in line]
    readings = [(p, t) for p, t in session.match.public_history(0) if p != 0 and is_seen(t)]
    assert told == [f"player {p} (random): {t}" for p, t in readings]
    hidden = {str(a) for p, a in session.match.history if p != 0} - {t for _, t in readings}
    assert not any(line.endswith(": " + h) for line in told for h in hidden)
    assert SECRET_MOVE not in "\n".join(told)


def test_meeple_play_hot_seat_recaps_each_humans_readings() -> None:
    said: list[str] = []
    answers = _answers("1")
    session = PlaySession(
        Match("bear_mountain", 2, seed=3, mode="draft"),
        ["human", "human"],
        ask=lambda _: next(answers),
        say=said.append,
    )
    assert session.run()
    recaps = [line for line in said if line.startswith("  player ")]
    assert recaps
    assert all(line.endswith("pick ?") or "place" in line for line in recaps)
    assert not any("pick c" in line for line in recaps)


@pytest.mark.parametrize("seat", [0, 2, None])
def test_meeple_replay_shows_the_last_move_as_that_seat_saw_it(seat: int | None) -> None:
    match = random_match("wypas", 3, 6, max_rounds=1, bluff=True)
    said: list[str] = []
    answers = iter(["n"] * len(match.history) + ["q"])
    ReplaySession(match.record(), seat, ask=lambda _: next(answers), say=said.append).run()
    lines = [line.removeprefix("last move: ") for line in said if line.startswith("last move:")]
    seen = [(p, t) for p, t in match.public_history(seat) if is_seen(t)]
    assert lines == [f"player {p}: {shown(t)}" for p, t in seen]
