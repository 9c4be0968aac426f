"""Views hide the deck, hands and face-down picks; the text renderer draws every mode."""

from __future__ import annotations

import re

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import card_name
from meeple.bear_mountain.render import render_hike
from meeple.core import InvalidPlayerError

from .helpers import card_with
from .helpers import playout


@pytest.mark.rule("bear_mountain:draft.views")
@pytest.mark.parametrize(
    ("players", "options"),
    [(3, Options()), (3, Options(mode="draft")), (1, Options(mode="solo"))],
)
def test_views_never_carry_the_deck_order(players: int, options: Options) -> None:
    final, states = playout(players, 3, options, limit=25)
    for state in states:
        for p in (None, *range(players)):
            view = state.view(p)
            assert view.deck_count == len(state.deck)
            assert not hasattr(view, "deck")
            assert not hasattr(view, "rng")
    assert final.view(None).hand == ()


@pytest.mark.rule("bear_mountain:draft.views")
def test_a_spectator_sees_no_hand_and_no_face_down_pick() -> None:
    state = GAME.start(2, seed=1, options=Options(mode="draft"))
    card = state.hands[0][0]
    state = state.apply(GAME.parse_action(f"pick {card_name(card)}"), 0)
    spectator = state.view(None)
    assert spectator.hand == ()
    assert spectator.picks == ()
    assert spectator.pick_counts == (1, 0)
    assert card_name(card) not in GAME.render(spectator)
    assert card_name(card) in GAME.render(state.view(0))


@pytest.mark.rule("bear_mountain:draft.views")
def test_determinize_keeps_what_the_viewer_knows() -> None:
    state = GAME.start(3, seed=4, options=Options(mode="draft"))
    view = state.view(2)
    other = GAME.determinize(view, 99)
    assert other.hands[2] == state.hands[2]
    assert other.view(2) == view
    assert other.hands != state.hands or other.deck != state.deck


def test_viewing_from_a_missing_seat_is_refused() -> None:
    state = GAME.start(2, seed=0)
    with pytest.raises(InvalidPlayerError):
        state.view(2)


def test_render_draws_cards_habitats_animals_and_an_elevation_profile() -> None:
    up = card_with(elevation=2, bear=False)
    down = card_with(elevation=-1, bear=False)
    lines = render_hike((up, down))
    assert lines[0].split()[1:] == [card_name(up), card_name(down)]
    assert "|" in lines[1]
    assert lines[3].split()[1:] == ["+2", "-1"]
    profile = lines[4:]
    assert profile[0].split()[0] == "+2"  # the highest point comes first
    assert sum(line.count("^") for line in profile) == 2
    assert render_hike(()) == ["  (no cards yet)"]


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, Options()), (2, Options(mode="draft")), (1, Options(mode="solo"))],
)
def test_render_and_prompt_work_in_every_mode(players: int, options: Options) -> None:
    _, states = playout(players, 8, options)
    for state in states[::5] + states[-1:]:
        text = GAME.render(state.view(0))
        assert "Bear Went Over the Mountain" in text
        assert "\n" not in state.prompt(0)
    assert states[-1].prompt() == "the game is over"


def _block(text: str, title: str) -> list[str]:
    """The rows under `title` in a picture, up to the next line that is not indented."""
    lines = text.splitlines()
    start = lines.index(title) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


def test_the_face_up_cards_are_drawn_as_the_hike_cards_are() -> None:
    """Issue 33: the face-up row printed as ids (``1:c33 2:c44``), so the game's one
    decision was made blind. Each card is now a column: its slot (what ``take N``
    takes), notation, habitats, animals and elevation, lined up as in a hike."""
    from meeple.bear_mountain.components import ANIMALS
    from meeple.bear_mountain.components import CARDS
    from meeple.bear_mountain.render import render_cards

    state = GAME.start(3, seed=1)
    view = state.view(0)
    block = _block(GAME.render(view), f"face-up (take 1-{len(view.row)}):")
    assert block == render_cards(view.row, [str(i) for i in range(1, len(view.row) + 1)])
    slot, names, _, animals, _ = block
    columns = [m.start() for m in re.finditer(r"\S+", slot)][1:]  # after the row's label
    assert [slot[c:].split()[0] for c in columns] == ["1", "2", "3", "4"]
    for column, card in zip(columns, view.row, strict=True):
        assert names[column:].startswith(card_name(card))  # the slot sits over its card
        shown = animals[column:].split()[0]
        assert len(shown.split(",")) == len(CARDS[card - 1].animals)
        assert all(ANIMALS[a][:1] in shown.lower() for a in CARDS[card - 1].animals)


def test_a_hand_and_a_drawn_card_are_drawn_too() -> None:
    draft = GAME.start(4, seed=1, options=Options(mode="draft")).view(1)
    hand = _block(GAME.render(draft), "your hand:")
    assert [row.split()[0] for row in hand] == ["card", "habit", "animal", "elev"] * 2
    assert all(len(row) <= 80 for row in hand)  # ten cards in two bands
    assert sorted(card_name(c) for c in draft.hand) == sorted(
        cell for row in hand if row.split()[0] == "card" for cell in row.split()[1:]
    )
