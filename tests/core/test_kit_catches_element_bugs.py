"""The kit's checks of the ``elements`` capability, each fed a toy game with one planted bug.

The toy (Toy High Card) draws its table with touchable elements: the seat's own cards
(``card-N``), the deck (``deck``) and a pass token (``pass``). Correctly wired it
passes the kit; each test below breaks one promise and expects the kit's message.
"""

from __future__ import annotations

import html
from typing import Any

import attrs
import pytest

from meeple.core import offers
from meeple.core.elements import element_attrs
from meeple.testing import ConformanceError
from meeple.testing import check_game
from meeple.testing.elements import check_elements
from meeple.testing.where import Where

from ..toy_game import TOY
from ..toy_game import Draw
from ..toy_game import Pass
from ..toy_game import Play
from ..toy_game import State
from ..toy_game import ToyGame
from ..toy_game import View


def _page(view: Any, *, label: str = "the deck", deck: bool = True) -> str:
    cards = "".join(
        f"<li{element_attrs(f'card-{c}', f'card {c}')}>{c}</li>" for c in view.hand or ()
    )
    parts = [f'<ol data-field="hand">{cards}</ol>']
    if deck:
        parts.append(f"<p{element_attrs('deck', label)}>{view.deck_size} cards</p>")
    parts.append(f"<p{element_attrs('pass', 'pass')}>pass</p>")
    return "".join(parts)


def _elements(view: Any, action: Any) -> tuple[str, ...]:
    if isinstance(action, Play):
        return (f"card-{action.card}",)
    return ("deck",) if isinstance(action, Draw) else ("pass",)


def _meant(view: Any, element: str) -> tuple[Any, ...]:
    if element.startswith("card-"):
        return (Play(int(element[5:])),)
    return (Draw(),) if element == "deck" else (Pass(),)


def _toy_with(**methods: Any) -> Any:
    wired: dict[str, Any] = {
        "render_html": lambda self, view: _page(view),
        "elements": lambda self, view, action: _elements(view, action),
        "element_actions": lambda self, view, element: _meant(view, element),
    }
    wired.update(methods)
    return type("TouchToy", (ToyGame,), wired)()


def _expect_failure(game: Any, match: str) -> None:
    with pytest.raises(ConformanceError, match=match):
        check_game(game, seeds=range(3))


def test_the_toy_wired_correctly_passes() -> None:
    game = _toy_with()
    assert offers(game, "elements")
    check_game(game, seeds=range(3))


def test_an_action_naming_an_element_the_page_does_not_draw_is_caught() -> None:
    game = _toy_with(render_html=lambda self, view: _page(view, deck=False))
    _expect_failure(game, r"elements\(view\(\d\), 'draw'\) names \['deck'\], which render_html")


def test_an_action_naming_no_element_is_caught() -> None:
    def nothing_for_pass(self: Any, view: Any, action: Any) -> tuple[str, ...]:
        return () if isinstance(action, Pass) else _elements(view, action)

    _expect_failure(_toy_with(elements=nothing_for_pass), r"'pass'\) names no element")


def test_two_actions_naming_the_same_elements_are_caught() -> None:
    def pass_on_the_deck(self: Any, view: Any, action: Any) -> tuple[str, ...]:
        return ("deck",) if isinstance(action, Pass) else _elements(view, action)

    _expect_failure(
        _toy_with(elements=pass_on_the_deck), r"name the same elements \['deck'\]: touches cannot"
    )


def test_an_element_without_a_label_is_caught() -> None:
    game = _toy_with(render_html=lambda self, view: _page(view, label=" "))
    _expect_failure(game, r"draws elements \['deck'\] without a label")


def test_an_element_id_of_a_bad_shape_is_caught() -> None:
    def quoted(self: Any, view: Any) -> str:
        return _page(view) + '<b data-el="a b" tabindex="0" aria-label="x">x</b>'

    _expect_failure(_toy_with(render_html=quoted), r"draws element ids \['a b'\] of a bad shape")


def test_elements_without_html_are_caught() -> None:
    class NoHtml(ToyGame):
        def elements(self, view: Any, action: Any) -> tuple[str, ...]:
            return _elements(view, action)

        def element_actions(self, view: Any, element: str) -> tuple[Any, ...]:
            return _meant(view, element)

    _expect_failure(NoHtml(), r"a game that offers elements must offer html")


class PeekingRefusalState(State):
    """Explains a refused draw with the top card of the deck, which nobody may see."""

    def _refusal(self, action: Any, player: int) -> str:
        if isinstance(action, Draw) and self.deck:
            return f"not now: the deck's top card is {self.deck[0]}"
        return super()._refusal(action, player)


def test_a_refusal_reason_that_names_a_hidden_card_is_caught() -> None:
    game = attrs.evolve(_toy_with(), state_type=PeekingRefusalState)
    _expect_failure(game, r"the reason shown for touching 'deck' .* depends on something view")


@attrs.frozen
class PeekingView(View):
    """Carries the other seats' hands (the planted leak the ids below give away)."""

    all_hands: tuple[tuple[int, ...], ...] = ()


def test_element_ids_that_name_hidden_cards_are_caught() -> None:
    # Through check_game the view check would fail first; the element check on its own
    # must catch ids drawn from what the seat may not see, too.
    def page(self: Any, view: Any) -> str:
        theirs = "".join(
            f"<i{element_attrs(f'theirs-{c}', f'card {c}')}>{html.escape(str(c))}</i>"
            for p, hand in enumerate(view.all_hands)
            if p != view.player
            for c in hand
        )
        return _page(view) + theirs

    class Peeking(State):
        def view(self, player: int | None) -> Any:
            base = super().view(player)
            return PeekingView(**attrs.asdict(base, recurse=False), all_hands=self.hands)

    game = attrs.evolve(_toy_with(render_html=page), state_type=Peeking, view_type=PeekingView)
    state = game.start(2, seed=5)
    spectator = r"element ids of view\(None\)'s page change when what a spectator"
    with pytest.raises(ConformanceError, match=spectator):
        check_elements(game, state, Where("toy", 2, 5))


def test_the_toy_elements_are_what_the_page_draws() -> None:
    state = TOY.start(2, seed=1)
    page = _page(state.view(0))
    assert 'data-el="deck"' in page
    assert 'tabindex="0"' in page
    assert all(f'data-el="card-{c}"' in page for c in state.hands[0])
