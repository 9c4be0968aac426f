"""HTML for views: a game's own renderer, else the generic layout; failures fall back."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import meeple
from meeple.core.capabilities import HasHtml
from meeple.web.renderers import generic
from meeple.web.renderers import render_html
from meeple.web.renderers import render_text
from tests.toy_game import TOY


@attrs.frozen
class Inner:
    name: str
    count: int


@attrs.frozen
class FancyView:
    player: int | None
    players: int
    to_act: frozenset[int]
    cards: tuple[int, ...]
    tags: frozenset[str]
    inner: Inner
    rows: tuple[Inner, ...]
    secret: str | None
    flag: bool
    note: str


def every_view(state: Any, rng: random.Random, moves: int | None = None) -> Iterator[Any]:
    """Every seat's view (the spectator's first) of each position of a random game from
    `state`, to its end or for `moves` moves; `rng` picks the lowest seat's moves."""
    played = 0
    while True:
        for seat in [None, *range(state.players)]:
            yield state.view(seat)
        if state.is_over or played == moves:
            return
        actor = sorted(state.to_act)[0]
        state = state.apply(rng.choice(state.legal_actions(actor)), actor)
        played += 1


def fancy(**changes: Any) -> FancyView:
    base = FancyView(
        player=0,
        players=2,
        to_act=frozenset({0}),
        cards=(3, 1, 2),
        tags=frozenset({"b", "a"}),
        inner=Inner("bear", 2),
        rows=(Inner("x", 1), Inner("y", 2)),
        secret=None,
        flag=True,
        note="<script>alert(1)</script>",
    )
    return attrs.evolve(base, **changes)


@attrs.define(slots=False)
class FakeGame:
    """Just enough of a game for the renderers: a spec and a text renderer."""

    spec: Any = attrs.field(factory=lambda: attrs.evolve(TOY.spec, name="fake"))
    text: str = "text <picture>"

    def render(self, view: Any) -> str:
        return self.text


def test_the_generic_layout_shows_every_field_readably() -> None:
    out = render_html(FakeGame(), fancy())  # type: ignore[arg-type]  # a stand-in game
    assert '<tr data-field="cards">' in out
    assert '<ol class="seq"><li>3</li><li>1</li><li>2</li></ol>' in out  # tuples keep order
    assert "<li>a</li><li>b</li>" in out  # frozensets are sorted
    assert '<table class="sub"><tr><th scope="row">name</th><td>bear</td>' in out  # nested attrs
    assert out.count('<table class="sub">') == 3
    assert '<span class="none">—</span>' in out
    assert "<td>yes</td>" in out
    assert 'data-field="to_act"' not in out  # shown elsewhere on the page
    assert '<pre class="text-render">text &lt;picture&gt;</pre>' in out


def test_the_generic_layout_escapes_every_value() -> None:
    out = render_html(FakeGame(), fancy())  # type: ignore[arg-type]  # a stand-in game
    assert "<script>" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_a_games_own_render_html_is_used() -> None:
    game = FakeGame()
    game.render_html = lambda view: f"<svg data-cards='{len(view.cards)}'></svg>"  # type: ignore[attr-defined]  # the optional hook
    assert render_html(game, fancy()) == "<svg data-cards='3'></svg>"  # type: ignore[arg-type]  # a stand-in game


def test_a_failing_renderer_falls_back_to_the_generic_layout() -> None:
    game = FakeGame()

    def broken(view: Any) -> str:
        raise KeyError("oops")

    game.render_html = broken  # type: ignore[attr-defined]  # the optional hook
    out = render_html(game, fancy())  # type: ignore[arg-type]  # a stand-in game
    assert 'class="generic-view"' in out


def test_a_failing_text_renderer_is_reported_in_place() -> None:
    class Broken(FakeGame):
        def render(self, view: Any) -> str:
            raise ValueError("no picture")

    assert "failed" in render_text(Broken(), fancy())  # type: ignore[arg-type]  # a stand-in game


def test_views_that_are_not_attrs_still_render() -> None:
    class Plain:
        player = 0
        players = 2
        to_act = frozenset({0})

    out = generic.render(FakeGame(), Plain(), "just text")  # type: ignore[arg-type]  # a stand-in game
    assert "just text" in out


@pytest.mark.parametrize("name", meeple.game_names())
def test_every_registered_game_renders_for_every_seat_and_spectator(name: str) -> None:
    game = meeple.get_game(name)
    players = min(max(2, game.spec.min_players), game.spec.max_players)
    state = game.start(players, seed=1)
    for seat in [None, *range(players)]:
        out = render_html(game, state.view(seat))
        assert out.strip()
        assert "<script" not in out.lower()


@pytest.mark.parametrize("mode", ["standard", "draft", "solo"])
def test_bear_mountain_draws_hikes_as_card_tiles_in_every_mode(mode: str) -> None:
    game = meeple.get_game("bear_mountain")
    players = 1 if mode == "solo" else 3
    state = game.start(players, seed=2, options=game.options_type(mode=mode))
    for view in every_view(state, random.Random(mode)):
        out = render_html(game, view)
        assert out.startswith('<div class="bm-table">'), out[:200]
        for hike in view.hikes:
            for card in hike:
                assert f'data-card="c{card:02d}"' in out


def test_bear_mountain_falls_back_when_the_view_is_not_what_it_expects() -> None:
    game = meeple.get_game("bear_mountain")
    out = render_html(game, fancy(cards=(1, 2)))
    assert 'class="generic-view"' in out


def test_way_of_bear_draws_the_village_map_and_temples() -> None:
    game = meeple.get_game("way_of_bear")
    for view in every_view(game.start(3, seed=5), random.Random(5), moves=199):
        out = render_html(game, view)
        assert out.startswith('<div class="wob-table">'), out[:200]
        assert out.count("<g data-village=") == len(view.board)
        assert out.count("<tr data-temple=") == len(view.temples)


def test_bear_mountain_draws_itself_through_the_html_capability() -> None:
    game = meeple.get_game("bear_mountain")
    assert isinstance(game, HasHtml)
    view = game.start(2, seed=1).view(0)
    assert render_html(game, view) == game.render_html(view)
