"""Every kind of bad input gets its own error with a reason, and changes nothing."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import AmbiguousPlayerError
from meeple.core import CorruptDataError
from meeple.core import GameOverError
from meeple.core import IllegalActionError
from meeple.core import InvalidOptionsError
from meeple.core import InvalidPlayerError
from meeple.core import MalformedActionError
from meeple.core import Registry
from meeple.core import parse_option_strings
from meeple.testing import random_playout

from ..toy_game import TOY
from ..toy_game import Options
from ..toy_game import Play


def test_wrong_player_counts(toy_registry: Registry) -> None:
    with pytest.raises(InvalidOptionsError, match=r"toy is played by 2-4 players, not 5"):
        meeple.start("toy", players=5, seed=1)
    with pytest.raises(InvalidOptionsError, match=r"players must be a whole number"):
        meeple.start("toy", players="3", seed=1)  # type: ignore[arg-type]  # tested refusal


def test_unknown_and_ill_typed_options(toy_registry: Registry) -> None:
    with pytest.raises(InvalidOptionsError, match=r"unknown option 'speed' \(known: rounds\)"):
        meeple.start("toy", players=2, seed=1, speed=3)
    with pytest.raises(InvalidOptionsError, match=r"option 'rounds' must be int"):
        meeple.start("toy", players=2, seed=1, rounds="two")
    with pytest.raises(InvalidOptionsError, match=r"option 'rounds' must be int"):
        meeple.start("toy", players=2, seed=1, rounds=True)
    with pytest.raises(InvalidOptionsError, match=r"rounds must be 1-3, not 9"):
        meeple.start("toy", players=2, seed=1, rounds=9)
    with pytest.raises(InvalidOptionsError, match=r"options must be toy Options"):
        TOY.start(2, seed=1, options={"rounds": 2})


def test_options_from_strings() -> None:
    assert parse_option_strings("toy", Options, ["rounds=2"]) == Options(rounds=2)
    with pytest.raises(InvalidOptionsError, match=r"not of the form key=value"):
        parse_option_strings("toy", Options, ["rounds"])
    with pytest.raises(InvalidOptionsError, match=r"expected a whole number, got 'x'"):
        parse_option_strings("toy", Options, ["rounds=x"])
    # the parser bot specs share (issue 17): one spelling per name, numbers read strictly
    assert parse_option_strings("toy", Options, [" ROUNDS = 2 "]) == Options(rounds=2)
    with pytest.raises(InvalidOptionsError, match=r"toy: option 'rounds' is given twice"):
        parse_option_strings("toy", Options, ["rounds=2", "rounds=3"])
    with pytest.raises(InvalidOptionsError, match=r"expected a whole number, got '1_0'"):
        parse_option_strings("toy", Options, ["rounds=1_0"])
    with pytest.raises(InvalidOptionsError, match=r"toy: option 'rounds' is given twice"):
        meeple.core.build_options("toy", Options, {"rounds": 2, "Rounds": 3})


def test_player_argument_errors() -> None:
    state = TOY.start(3, seed=2)
    action = state.legal_actions(0)[0]
    with pytest.raises(AmbiguousPlayerError, match=r"players 0, 1, 2 may all act"):
        state.apply(action)
    with pytest.raises(ValueError):  # pinned: player=None with several actors is a ValueError
        state.legal_actions()
    with pytest.raises(InvalidPlayerError, match=r"no player 3 in a 3-player game"):
        state.apply(action, 3)
    with pytest.raises(InvalidPlayerError, match=r"must be an int seat"):
        state.apply(action, "0")  # type: ignore[arg-type,unused-ignore]  # tested refusal
    assert state == TOY.start(3, seed=2)


def test_illegal_action_has_a_reason_and_changes_nothing() -> None:
    state = TOY.start(2, seed=2)
    missing = next(c for c in range(1, 13) if c not in state.hands[0])
    before = meeple.dumps(state, game=TOY)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Play(missing), 0)
    assert info.value.reason == f"card {missing} is not in player 0's hand"
    assert "toy: illegal action" in str(info.value)
    assert state.check(Play(missing), 0) == info.value.reason
    assert meeple.dumps(state, game=TOY) == before


def test_out_of_turn() -> None:
    _final, _moves, states = random_playout(TOY, 2, seed=3)
    lead = next(s for s in states if len(s.to_act) == 1)  # the leader decides alone
    (leader,) = lead.to_act
    other = 1 - leader
    with pytest.raises(IllegalActionError, match=rf"not player {other}'s turn"):
        lead.apply(lead.legal_actions(leader)[0], other)


def test_acting_after_the_end() -> None:
    final, moves, _ = random_playout(TOY, 2, seed=3)
    assert final.is_over
    assert final.legal_actions() == ()
    with pytest.raises(GameOverError, match="the game is over"):
        final.apply(moves[-1][1], 0)
    with pytest.raises(IllegalActionError):  # GameOverError is an IllegalActionError
        final.apply(moves[-1][1])


def test_malformed_notation() -> None:
    with pytest.raises(MalformedActionError, match=r"'play seven' is not"):
        TOY.parse_action("play seven")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", r"not valid JSON"),
        ("[1, 2]", r"expected a JSON object with a \$type tag"),
        ('{"a": 1}', r"has no \"\$type\" tag"),
        ('{"$type": "toy.banana"}', r"unknown \$type tag 'toy.banana'"),
        ('{"$type": "chess.state"}', r"not a toy object"),
        ('{"$type": "toy.action", "text": "fly"}', r"is not 'play N'"),
        ('{"$type": "toy.action", "text": 3}', r"exactly one string field"),
        ('{"$type": "toy.state", "$rules": "0"}', r"saved under rules version '0'"),
        ('{"$type": "toy.options", "rounds": "2"}', r"expected an integer"),
        ('{"$type": "toy.options", "rounds": 2, "x": 1}', r"malformed"),
        ('{"$type": "toy.options", "rounds": 7}', r"malformed.*rounds must be 1-3"),
    ],
)
def test_broken_json_is_refused(text: str, message: str) -> None:
    with pytest.raises(CorruptDataError, match=message):
        meeple.loads(text, game=TOY)


def test_json_that_breaks_an_invariant_is_refused() -> None:
    state = TOY.start(2, seed=5)
    text = meeple.dumps(state, game=TOY)
    hand = list(state.hands[0])
    forged = text.replace(str(hand).replace(" ", ""), str([hand[0]] * 3).replace(" ", ""), 1)
    forged = forged.replace(", ".join(map(str, hand)), ", ".join([str(hand[0])] * 3), 1)
    assert forged != text
    with pytest.raises(CorruptDataError, match=r"toy.state breaks an invariant: cards are not"):
        meeple.loads(forged, game=TOY)


def test_a_string_is_not_a_tuple() -> None:
    state = TOY.start(2, seed=5)
    data = meeple.core.codec.to_data(state, game=TOY)
    data["played"] = "123"
    with pytest.raises(CorruptDataError, match=r"expected a list"):
        meeple.core.codec.from_data(data, game=TOY)


def test_unknown_types_cannot_be_dumped() -> None:
    with pytest.raises(TypeError, match=r"cannot encode a object"):
        meeple.dumps(object(), game=TOY)
