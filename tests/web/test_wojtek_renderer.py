"""The Miś Wojtek HTML renderer (`meeple.wojtek.html`), as the web draws it: every reachable
view is drawn, no hidden card shows, text is escaped."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import meeple
from meeple.core import HasHtml
from meeple.core import capabilities
from meeple.web.renderers import render_html
from meeple.wojtek import GAME
from meeple.wojtek import Options
from meeple.wojtek.board import load_board
from meeple.wojtek.board import read_board_file
from meeple.wojtek.components import BEAR_NAMES
from meeple.wojtek.components import CITIES
from meeple.wojtek.components import NUM_COLOURS
from meeple.wojtek.components import PERSON
from meeple.wojtek.components import TRAVEL_NAMES
from meeple.wojtek.state import State
from tests.wojtek.board_files import board_file
from tests.wojtek.board_files import entry
from tests.wojtek.board_files import standard_board
from tests.wojtek.helpers import collection
from tests.wojtek.helpers import hand
from tests.wojtek.helpers import on_route
from tests.wojtek.helpers import position

HAND = re.compile(r'<ol class="seq" data-field="hand">(.*?)</ol>')


def drawn(state: State, seat: int | None) -> str:
    out = render_html(GAME, state.view(seat))
    assert out.startswith('<div class="wj-table" data-game="wojtek">'), out[:200]
    return out


def hand_chips(out: str) -> dict[str, int]:
    """Kind name -> count of the travel hand drawn in `out` (empty if none is drawn)."""
    found = HAND.search(out)
    if found is None:
        return {}
    return {k: int(n) for k, n in re.findall(r'data-kind="(\w+)" data-count="(\d+)"', found[1])}


def playout(players: int, seed: int, options: Options | None = None) -> list[State]:
    state = GAME.start(players, seed=seed, options=options)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_wojtek_offers_the_html_capability() -> None:
    # The web finds the renderer through the game, as it finds a plugin's.
    assert "wojtek" in meeple.game_names()
    assert isinstance(GAME, HasHtml)
    assert "html" in capabilities(GAME)
    view = GAME.start(3, seed=1).view(0)
    assert render_html(GAME, view) == GAME.render_html(view)


def test_wojtek_is_drawn_by_its_own_renderer_not_the_generic_layout() -> None:
    assert "wojtek" in meeple.game_names()
    out = render_html(GAME, GAME.start(2, seed=1).view(0))
    assert out.startswith('<div class="wj-table" data-game="wojtek">')
    assert 'class="generic-view"' not in out


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, None), (3, Options(no_drop_on_three=True, no_city_refresh=True)), (4, None), (5, None)],
)
def test_every_view_of_whole_games_is_drawn(players: int, options: Options | None) -> None:
    board = load_board()
    for state in playout(players, seed=players, options=options)[::3]:
        for seat in [None, *range(players)]:
            view = state.view(seat)
            out = drawn(state, seat)
            assert out.count("<g data-pawn=") == players
            assert out.count('class="wj-box" data-box=') == NUM_COLOURS
            assert out.count("<g data-space=") == len(board.ids)
            assert out.count('<tr data-player="') == players
            assert out.count("<li data-city=") == len(CITIES)
            assert "<script" not in out.lower()
            for box, kind in enumerate(view.display):
                if kind >= 0:
                    assert BEAR_NAMES[kind] in out, box
            for p, held in enumerate(view.collections):
                for kind, n in enumerate(held[:PERSON]):
                    if n:
                        assert BEAR_NAMES[kind] in out, (p, kind)
            if seat is None:
                assert 'data-field="hand"' not in out
            else:
                expected = {TRAVEL_NAMES[k]: n for k, n in enumerate(view.hand) if n}
                assert hand_chips(out) == expected


def test_the_three_card_move_and_last_round_are_shown() -> None:
    seen_pending = seen_last = False
    for seed in range(6):
        for state in playout(3, seed):
            if any(state.pending) and not seen_pending:
                out = drawn(state, None)
                assert 'data-field="pending"' in out
                seen_pending = True
            if state.ending and state.last_round and not seen_last:
                out = drawn(state, 0)
                assert "last round" in out
                assert "one more turn" in out
                seen_last = True
        if seen_pending and seen_last:
            break
    assert seen_pending
    assert seen_last
    final = playout(2, 1)[-1]
    assert "game over" in drawn(final, 1)


def test_no_hidden_card_of_another_player_appears() -> None:
    # Seat 0 holds only red and orange trucks; seat 1 holds every other kind.
    state = on_route(
        (6, 9),
        hand("red", "red", "orange", "orange", "red"),
        hand("yellow", "green", "blue", "violet", "rainbow"),
        collections=[collection("dates"), collection("wrestling", "person")],
    )
    mine = drawn(state, 0)
    assert hand_chips(mine) == {"red": 3, "orange": 2}
    assert mine.count('data-field="hand"') == 1
    for kind in ("yellow", "green", "blue", "violet", "rainbow"):
        assert f'data-kind="{kind}"' not in mine
    assert "rainbow (walking)" not in mine
    assert "3 &times; red truck" in mine
    theirs = drawn(state, 1)
    assert hand_chips(theirs) == {"yellow": 1, "green": 1, "blue": 1, "violet": 1, "rainbow": 1}
    for kind in ("red", "orange"):
        assert f'data-kind="{kind}"' not in theirs
    watcher = drawn(state, None)
    assert hand_chips(watcher) == {}
    assert "data-kind=" not in watcher
    # Public cards are shown to everyone.
    for out in (mine, theirs, watcher):
        assert "dates" in out
        assert "wrestling" in out
        assert "<strong>persons</strong>: 1" in out


def test_the_drawing_depends_only_on_what_the_seat_may_see() -> None:
    # Re-dealing every hidden card (other hands, both decks) changes nothing drawn.
    for state in playout(4, 9)[::11]:
        for seat in [None, 0, 1, 2, 3]:
            view = state.view(seat)
            for seed in (1, 2):
                other = GAME.determinize(view, seed)
                assert render_html(GAME, other.view(seat)) == render_html(GAME, view)


def test_names_from_a_board_file_are_escaped(tmp_path: Path) -> None:
    doc = standard_board()
    entry(doc, "site-red")["name"] = '<script>alert("bear")</script> & Co'
    board = read_board_file(board_file(tmp_path, doc))
    # Both pawns stand on the red deportation site, whose name is drawn in several places.
    state = position(
        2,
        positions=[load_board(board).sites[0]] * 2,
        options=Options(board=board),
    )
    out = drawn(state, 0)
    assert "<script" not in out
    assert "&lt;script&gt;alert(&quot;bear&quot;)&lt;/script&gt; &amp; Co" in out


def test_a_view_that_is_not_a_wojtek_view_falls_back_to_the_generic_layout() -> None:
    class Odd:
        player = 0
        players = 2
        to_act = frozenset({0})
        positions = (1, 2, 3)

    out = render_html(GAME, Odd())
    assert 'class="generic-view"' in out
