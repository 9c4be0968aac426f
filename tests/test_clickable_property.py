"""Playing by touching the table, over random games of every game and player count.

Properties (issue 18):

* every legal action of the seat to act can be reached by touches on elements drawn
  in that seat's page (`meeple.core.elements.touch`, the model the web page follows),
  whatever order the touches come in, and one more touch plays it;
* no element of any page names something its seat may not see: in states dealt again
  from the seat's view the page draws the same ids, and every touch the page refuses
  gives the same reason.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import meeple
from meeple.core import offers
from meeple.core.elements import choices
from meeple.core.elements import drawn_elements
from meeple.core.elements import refusals
from meeple.core.elements import touch
from meeple.testing import reachable_states

from .shared import BUILT_IN

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "bear_mountain": [{}, {"mode": "draft", "tiebreaker": True}, {"solo_either_end": True}],
    "wypas": [{"max_rounds": 4}, {"max_rounds": 4, "bluff": True, "runs_down": True}],
}
"""Options beyond the defaults whose tables differ (drafting, solo ends, the bluff)."""


def _cases() -> list[Any]:
    cases = []
    for name in meeple.game_names():
        game = meeple.get_game(name)
        for options in VARIANTS.get(name, [{}]):
            for players in game.spec.player_counts():
                opts = game.options_type(**options)
                try:
                    game.start(players, seed=0, options=opts)
                except meeple.InvalidOptionsError:
                    continue  # e.g. solo options with more than one player
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
                cases.append(pytest.param(name, players, opts, id=f"{name}-{players}-{label}"))
    return cases


def test_every_registered_game_offers_the_elements_capability() -> None:
    names = meeple.game_names()
    assert set(BUILT_IN) | {"goofspiel"} <= set(names)
    assert [n for n in names if not offers(meeple.get_game(n), "elements")] == []


@pytest.mark.parametrize(("name", "players", "options"), _cases())
@settings(max_examples=12)
@given(data=st.data())
def test_every_legal_action_is_reached_by_touches_and_no_id_leaks(
    name: str, players: int, options: Any, data: st.DataObject
) -> None:
    game: Any = meeple.get_game(name)  # offers html and elements (checked above)
    state = data.draw(reachable_states(game, players, options=options))
    shuffle = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    for seat in (None, *range(state.players)):
        view = state.view(seat)
        page = game.render_html(view)
        drawn = drawn_elements(page)
        assert drawn.unreachable == ()
        if seat is None or seat not in state.to_act:
            _same_ids_when_dealt_again(game, view, seat, drawn.labels, data)
            continue
        options_ = choices(game, view, state.legal_actions(seat))
        for option in options_:
            order = list(option.elements)
            shuffle.shuffle(order)
            selection: tuple[str, ...] = ()
            for element in order:
                assert element in drawn.labels, f"{option.notation}: {element} is not drawn"
                step = touch(options_, selection, element)
                assert not step.refused
                assert step.plays is None
                selection = step.selection
            assert set(selection) == set(option.elements)
            assert touch(options_, selection, order[-1]).plays == option
        reasons = refusals(game, state, seat, page, options_)
        used = {e for option in options_ for e in option.elements}
        assert set(reasons) == set(drawn.labels) - used
        for element in reasons:
            assert touch(options_, (), element).refused
        other = game.determinize(view, data.draw(st.integers(0, 2**32 - 1)))
        again = other.view(seat)
        options2 = choices(game, again, other.legal_actions(seat))
        reasons2 = refusals(game, other, seat, game.render_html(again), options2)
        assert {e: r.text for e, r in reasons2.items()} == {e: r.text for e, r in reasons.items()}
        _same_ids_when_dealt_again(game, view, seat, drawn.labels, data)


def _same_ids_when_dealt_again(
    game: Any, view: Any, seat: int | None, ids: dict[str, str], data: st.DataObject
) -> None:
    other = game.determinize(view, data.draw(st.integers(0, 2**32 - 1)))
    page = game.render_html(other.view(seat))
    assert drawn_elements(page).labels == ids
