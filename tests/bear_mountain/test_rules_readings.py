"""Readings as options (issue 15, item 5): where the rulebook can be read two ways and
the reading changes the score, our reading is the default and the other an option.

``solo_either_end``: in the solo game a card may join either end of a hike where the
habitats meet (our reading: the right-hand end only, as in the standard game). A
crafted solo ending below scores differently under the two readings.
"""

from __future__ import annotations

import attrs
import pytest

import meeple
from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.actions import SoloPlace
from meeple.bear_mountain.components import BEAR_CARDS
from meeple.bear_mountain.components import CARD_IDS
from meeple.bear_mountain.state import Phase
from meeple.bear_mountain.state import State
from meeple.core import InvalidOptionsError
from meeple.testing import assert_refused

from .helpers import card_with
from .helpers import play
from .helpers import solo_position
from .helpers import texts

BEAR = 43
"""The last bear card drawn: meadow on its left half, conifer on its right."""
ASSIGNED = (
    ("longest-hardwood", "most-bluebirds", "most-cardinals"),
    ("longest-meadow", "most-goldfinches", "most-squirrels"),
    ("biggest-mountain", "most-rabbits", "most-skunks"),
    ("deepest-valley", "most-foxes"),
    (),
)
"""Score cards of hikes 1-4, closed; hike5 still gets a habitat card and most-deer."""


def _last_bear(options: Options) -> State:
    """Four hikes closed, their score cards given; hike5 reads conifer ... hardwood and
    the meadow|conifer bear card has just been drawn."""
    conifer = card_with(left="conifer", right="conifer", bear=False)
    to_hardwood = card_with(left="conifer", right="hardwood", bear=False, exclude=[conifer])
    closers = sorted(BEAR_CARDS - {BEAR})
    starts = [c for c in CARD_IDS if c not in BEAR_CARDS and c not in (conifer, to_hardwood)]
    hikes = [[starts[k], closers[k]] for k in range(4)] + [[conifer, to_hardwood]]
    state = solo_position(
        hikes,
        discard=starts[4:34],  # 33 cards drawn before this bear: it is pile 5's
        drawn=BEAR,
        phase=Phase.DRAWN,
        assigned=ASSIGNED,
    )
    changed = attrs.evolve(state, options=options)
    changed.validate()
    return changed


def _hike5(state: State) -> dict[str, int]:
    """What each score card of hike5 counts at the end."""
    hikes = dict(state.outcome().details[0])["hikes"]
    return dict(hikes[4])


@pytest.mark.rule("bear_mountain:solo.which-end", "bear_mountain:solo.bear")
def test_a_card_joins_either_end_of_a_solo_hike_only_under_the_option() -> None:
    default = _last_bear(Options(mode="solo"))
    # The bear card meets no right-hand edge, so it may close any open hike: hike5.
    assert texts(default.legal_actions()) == ["solo c43 hike5"]
    assert_refused(GAME, default, SoloPlace(BEAR, 5, "left"), "right-hand end")
    end = play(default, "solo c43 hike5", "assign longest-conifer hike5", "assign most-deer hike5")
    end = play(end, "done")
    assert end.is_over
    assert end.hikes[4][-1] == BEAR
    # conifer|conifer, conifer|hardwood, meadow|conifer: a conifer forest of 3
    assert _hike5(end)["longest-conifer"] == 3

    option = _last_bear(Options(mode="solo", solo_either_end=True))
    # Its conifer half meets hike5's left edge: a bear card must match where it can.
    assert texts(option.legal_actions()) == ["solo c43 hike5 left"]
    assert_refused(GAME, option, SoloPlace(BEAR, 5), "must close a hike whose edge habitat matches")
    end = play(option, "solo c43 hike5 left", "assign longest-conifer hike5")
    end = play(end, "assign most-deer hike5", "done")
    assert end.is_over
    assert end.hikes[4][0] == BEAR
    assert _hike5(end)["longest-conifer"] == 4  # 1 + 2 + 1
    assert (
        end.outcome().scores[0]
        == play(
            default,
            "solo c43 hike5",
            "assign longest-conifer hike5",
            "assign most-deer hike5",
            "done",
        )
        .outcome()
        .scores[0]
        + 1
    )


@pytest.mark.rule("bear_mountain:solo.which-end", "bear_mountain:solo.discard")
def test_a_drawn_card_that_fits_only_a_left_edge_is_kept_under_the_option() -> None:
    last = _last_bear(Options(mode="solo"))
    used = {c for h in last.hikes for c in h}
    card = card_with(left="meadow", right="conifer", bear=False, exclude=used)
    for options, kept in (
        (Options(mode="solo"), False),
        (Options(mode="solo", solo_either_end=True), True),
    ):
        state = solo_position(
            [list(h) for h in last.hikes],
            top=[card],
            discard=[c for c in last.discard if c != card][:26],
            assigned=ASSIGNED,
        )
        state = attrs.evolve(state, options=options)
        after = play(state, "draw")
        if kept:  # its conifer half meets hike5's conifer start
            assert after.phase == Phase.DRAWN
            assert texts(after.legal_actions()) == [f"solo c{card:02d} hike5 left"]
            assert play(after, f"solo c{card:02d} hike5 left").hikes[4][0] == card
        else:  # meadow meets no right-hand edge: discarded at once
            assert after.phase == Phase.DRAW
            assert after.discard[-1] == card


@pytest.mark.rule("bear_mountain:options.default-mode", "bear_mountain:solo.which-end")
def test_the_option_is_listed_validated_and_recorded() -> None:
    assert any("solo_either_end=true" in m for m in GAME.spec.modes)
    with pytest.raises(InvalidOptionsError, match="reading of the solo rules"):
        meeple.start("bear_mountain", 2, 1, solo_either_end=True)
    with pytest.raises(InvalidOptionsError, match="reading of the solo rules"):
        meeple.start("bear_mountain", 3, 1, mode="draft", solo_either_end=True)
    state = meeple.start("bear_mountain", 1, 1, solo_either_end=True)
    assert isinstance(state, State)
    assert state.options == Options(mode="solo", solo_either_end=True)
    record = meeple.Match("bear_mountain", 1, seed=1, solo_either_end=True).record()
    assert meeple.loads(meeple.dumps(record)).options_dict() == {"solo_either_end": True}
    # Golden transcripts print the options: a default reading stays out of the text.
    assert repr(Options()) == (
        "Options(mode=None, score_cards=(), score_card_count=None, animals_only=False, "
        "tiebreaker=False)"
    )


@pytest.mark.rule("bear_mountain:solo.which-end")
def test_left_end_placements_parse_and_print() -> None:
    assert GAME.parse_action("solo c05 hike2 left") == SoloPlace(5, 2, "left")
    assert GAME.parse_action(" SOLO c05 hike2 right ") == SoloPlace(5, 2)
    assert str(SoloPlace(5, 2)) == "solo c05 hike2"
    assert str(SoloPlace(5, 2, "left")) == "solo c05 hike2 left"
    with pytest.raises(meeple.MalformedActionError, match="left or right"):
        GAME.parse_action("solo c05 hike2 middle")
