"""The Wypas HTML renderer: reachable views draw, and nothing hidden is drawn."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from meeple.web.renderers import render_html
from meeple.wypas import GAME
from meeple.wypas import Options
from meeple.wypas.components import KIND_NAME
from meeple.wypas.components import WOLF
from meeple.wypas.components import kind_of
from meeple.wypas.html import render_html as render
from meeple.wypas.state import CHOOSE
from meeple.wypas.state import Phase
from meeple.wypas.state import State
from tests.wypas.helpers import arrange
from tests.wypas.helpers import hand
from tests.wypas.helpers import pen
from tests.wypas.helpers import walk

_CARD = re.compile(r'data-card="([^"]+)" data-zone="([^"]+)"')


def _states(players: int, seed: int, options: Options, every: int) -> list[State]:
    """Every `every`-th state of a seeded random game (at most 1500 moves), and the last."""
    states = walk(players, seed, options, limit=1500)
    return [*states[::every], states[-1]]


def _visible(view: Any) -> Counter[str]:
    """Every card this view shows, by name: what the HTML may draw at most."""
    kinds: list[int] = [*view.hand, *view.discard, *view.lots, *view.drawn]
    kinds += [k for k in (view.face_down, view.lot) if k >= 0]
    kinds += [d for d in view.down if d >= 0]
    for laid in view.laid:
        kinds += laid
    for pair in view.pens:
        for row in pair:
            kinds += [kind_of(x) for x in row]
    for mask in view.wolves:
        kinds += [WOLF] * bin(mask).count("1")
    for fleeces in view.fleeces:
        for fleece in fleeces:
            kinds += fleece
    if view.pending:
        kinds.append(view.pending[1])
    for known in view.known:
        kinds += known
    return Counter(KIND_NAME[k] for k in kinds)


def _drawn(html: str) -> tuple[Counter[str], Counter[str]]:
    """(all cards drawn, cards drawn as the viewer's hand) by name."""
    found = _CARD.findall(html)
    return Counter(n for n, _ in found), Counter(n for n, z in found if z == "hand")


CASES = [
    (3, Options()),
    (4, Options(bluff=True)),
    (5, Options(specials=False, bleating=False)),
    (6, Options(bluff=True, max_rounds=5)),
]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_many_reachable_views_render_without_leaks(players: int, options: Options) -> None:
    for state in _states(players, players, options, every=11):
        for seat in (None, *range(players)):
            view = state.view(seat)
            out = render(view)
            assert out.startswith('<div class="wy-table">')
            assert out.endswith("</div>")
            assert "<script" not in out.lower()
            everything, in_hand = _drawn(out)
            assert not everything - _visible(view), "the HTML draws a card the view hides"
            assert in_hand == Counter(KIND_NAME[k] for k in view.hand)
            assert f'data-phase="{_phase(state)}"' in out


def _phase(state: State) -> str:
    return Phase(state.phase).name.lower()


def test_the_registered_renderer_is_used() -> None:
    state = GAME.start(3, seed=4)
    out = render_html(GAME, state.view(0))
    assert out.startswith('<div class="wy-table">')
    assert "Your hand" in out
    assert out == GAME.render_html(state.view(0)) == render(state.view(0))


def test_other_hands_and_the_face_down_lot_stay_hidden() -> None:
    state = arrange(
        3,
        hands=(hand("red-1", "red-2"), hand("super", "wolf"), hand("green-6")),
        face_down=hand("dolly-green")[0],
        lots=hand("red-3"),
        phase=CHOOSE,
        actor=1,
        opener=1,
        pens=((pen("yellow-2", "yellow-3"), ()), ((), ()), ((), ())),
    )
    baca = render(state.view(0))  # seat 0 is the baca
    assert 'data-card="dolly-green" data-zone="face-down"' in baca
    for seat in (None, 1, 2):
        out = render(state.view(seat))
        assert "dolly-green" not in out
        assert "a face-down card" in out
    mine = render(state.view(0))
    assert 'data-card="super"' not in mine
    assert "Super Dolly" not in mine
    assert 'data-card="green-6"' not in mine
    assert 'data-card="wolf"' not in mine
    assert 'data-card="yellow-3" data-zone="pen"' in mine
    assert 'data-card="super" data-zone="hand"' in render(state.view(1))


def test_text_is_escaped() -> None:
    out = render(GAME.start(4, seed=9).view(2))
    assert "p2 (you)" in out
    for text in re.findall(r">([^<]*)<", out):
        assert "<" not in text
        assert ">" not in text
