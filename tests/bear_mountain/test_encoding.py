"""The adapters' action vocabulary and view encoding: fixed order, documented layout, no leaks.

The index formulas and part names pinned here are the ones documented in
docs/rules/bear_mountain.md ("Adapters"); changing either breaks trained agents,
so a change must update both. What every game's encoding promises (the vocabulary
parses back, the parts tile the observation, bad player counts are refused) is
checked once for all games in tests/test_encoding_all_games.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.actions import Action
from meeple.bear_mountain.actions import Assign
from meeple.bear_mountain.actions import Done
from meeple.bear_mountain.actions import Draw
from meeple.bear_mountain.actions import Pick
from meeple.bear_mountain.actions import Place
from meeple.bear_mountain.actions import SoloPlace
from meeple.bear_mountain.actions import Take
from meeple.bear_mountain.components import ANIMALS
from meeple.bear_mountain.components import BEAR_CARDS
from meeple.bear_mountain.components import CARD_IDS
from meeple.bear_mountain.components import PUBLISHED_ANIMALS
from meeple.bear_mountain.components import PUBLISHED_HABITATS
from meeple.bear_mountain.components import SCORE_CARDS
from meeple.bear_mountain.components import SOLO_SCORES
from meeple.bear_mountain.encoding import CARD_FEATURES
from meeple.bear_mountain.encoding import HIKE_BLOCK
from meeple.bear_mountain.encoding import HIKE_BLOCK_SIZE
from meeple.bear_mountain.encoding import PHASES
from meeple.bear_mountain.encoding import SIGHT_BOUNDS
from meeple.bear_mountain.encoding import _hike
from meeple.bear_mountain.encoding import action_vocabulary
from meeple.bear_mountain.encoding import layout
from meeple.bear_mountain.scoring import score_hikes
from meeple.bear_mountain.scoring import sights
from meeple.bear_mountain.scoring import solo_total
from meeple.bear_mountain.state import State
from meeple.bear_mountain.view import View
from meeple.core.encoding import Layout
from meeple.core.encoding import vocabulary

from .. import shared
from . import helpers
from .strategies import MODES
from .strategies import states

SIZES = {1: 709, 2: 574, 3: 674, 4: 774}
"""Observation sizes: 37 + n header, then solo 671 or 2-4 players 337 + 99 n."""


def encode(state: State, player: int | None) -> tuple[float, ...]:
    return GAME.encode_view(state.view(player))


def part(lay: Layout, encoded: tuple[float, ...], name: str) -> tuple[float, ...]:
    return encoded[lay.slice(name)]


def one_hot(width: int, *hot: int) -> tuple[float, ...]:
    """`width` zeros with a 1 at each 0-based index in `hot`."""
    return tuple(1.0 if i in hot else 0.0 for i in range(width))


def cards(*ids: int) -> tuple[float, ...]:
    """The 45-wide multi-hot of card ids."""
    return one_hot(len(CARD_IDS), *(c - 1 for c in ids))


# -- the vocabulary -------------------------------------------------------------


def multi_index(action: Action) -> int:
    """The documented 2-4 player index formula."""
    if isinstance(action, Take):
        return action.slot - 1
    if isinstance(action, Pick):
        return 4 + action.card - 1
    assert isinstance(action, Place)
    return 49 + 2 * (action.card - 1) + (action.side == "right")


def solo_index(action: Action) -> int:
    """The documented solo index formula."""
    if isinstance(action, Draw):
        return 0
    if isinstance(action, SoloPlace):
        if action.side == "left":  # option solo_either_end, after the rulebook's 292
            return 292 + 5 * (action.card - 1) + action.hike - 1
        return 1 + 5 * (action.card - 1) + action.hike - 1
    if isinstance(action, Assign):
        return 226 + 5 * SOLO_SCORES.index(action.score) + action.hike - 1
    assert isinstance(action, Done)
    return 291


def test_vocabulary_sizes_and_documented_order() -> None:
    multi = GAME.action_vocabulary(2)
    assert len(multi) == 139
    assert GAME.action_vocabulary(3) == multi == GAME.action_vocabulary(4)
    documented = {
        0: ["take 1", "take 2", "take 3", "take 4", "pick c01", "pick c02"],
        47: ["pick c44", "pick c45", "place c01 left", "place c01 right", "place c02 left"],
        -1: ["place c45 right"],
    }
    assert shared.runs_at(multi, documented) == documented
    assert all(multi_index(a) == i for i, a in enumerate(multi))

    solo = GAME.action_vocabulary(1)
    assert len(solo) == 517
    documented = {
        0: ["draw", "solo c01 hike1", "solo c01 hike2", "solo c01 hike3", "solo c01 hike4"],
        5: ["solo c01 hike5", "solo c02 hike1"],
        225: ["solo c45 hike5", "assign most-bluebirds hike1", "assign most-bluebirds hike2"],
        290: ["assign deepest-valley hike5", "done", "solo c01 hike1 left", "solo c01 hike2 left"],
        -1: ["solo c45 hike5 left"],
    }
    assert shared.runs_at(solo, documented) == documented
    assert all(solo_index(a) == i for i, a in enumerate(solo))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_encoding_module_lists_the_whole_vocabulary(players: int) -> None:
    # Issue 34: the solo left ends (option solo_either_end) were added to the game's
    # vocabulary in game.py, so encoding.action_vocabulary(1) lacked them.
    assert action_vocabulary(players) == GAME.action_vocabulary(players)
    assert len(action_vocabulary(players)) == (517 if players == 1 else 139)


def test_every_multiplayer_action_is_legal_in_some_game() -> None:
    # The vocabulary holds no dead entries: drafting alone reaches every take-free action.
    seen: set[str] = set()
    for seed in range(12):
        for options, n in ((Options(mode="draft"), 2 + seed % 3), (Options(), 2)):
            _, visited = helpers.playout(n, seed, options)
            seen.update(str(a) for s in visited for p in s.to_act for a in s.legal_actions(p))
    assert seen == {str(a) for a in GAME.action_vocabulary(2)}


@pytest.mark.parametrize("mode", sorted(MODES))
def test_legal_actions_of_reachable_states_are_in_the_vocabulary(mode: str) -> None:
    @given(states(mode))
    def check(state: State) -> None:
        vocab = vocabulary(GAME, state.players)
        for p in state.to_act:
            for action in state.legal_actions(p):
                assert vocab.action(vocab.index(action)) == action

    check()


# -- the layout -----------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_layout_sizes_and_first_parts(players: int) -> None:
    # tests/test_encoding_all_games.py checks that the parts tile the observation.
    lay = layout(players)
    assert GAME.observation_size(players) == lay.size == SIZES[players]
    names = [name for name, _, _ in lay.parts]
    assert names[:8] == [
        "mode",
        "options",
        "phase",
        "seat",
        "spectator",
        "to_act",
        "deck",
        "score_cards",
    ]


def test_layout_names_per_player_count() -> None:
    solo = [name for name, _, _ in layout(1).parts]
    assert solo[8:13] == ["hike1", "hike1.closed", "hike1.active", "hike1.assigned", "hike1.value"]
    assert solo[-7:] == [
        "unassigned",
        "drawn",
        "drawn.features",
        "discard_top",
        "discard_top.features",
        "discard",
        "total",
    ]
    three = [name for name, _, _ in layout(3).parts]
    assert three[8:10] == ["round", "pending"]
    assert three[10:15] == [
        "seat+0.hike",
        "seat+0.points",
        "seat+0.shared",
        "seat+0.claims",
        "seat+0.hand_count",
    ]
    assert three[-10:] == [
        "row1",
        "row1.features",
        "row2",
        "row2.features",
        "row3",
        "row3.features",
        "row4",
        "row4.features",
        "hand",
        "picks",
    ]
    assert three[-11] == "seat+2.pick_count"


def test_sight_bounds_are_the_published_deck_totals() -> None:
    bounds = {s.slug: b for s, b in zip(SCORE_CARDS, SIGHT_BOUNDS, strict=True)}
    for animal in ANIMALS:
        (single,) = [s for s in SCORE_CARDS if s.counts == (animal,)]
        assert bounds[single.slug] == PUBLISHED_ANIMALS[animal]
    birds = ("bluebird", "cardinal", "goldfinch")
    assert bounds["most-birds"] == sum(PUBLISHED_ANIMALS[a] for a in birds)
    assert bounds["most-large-mammals"] == PUBLISHED_ANIMALS["deer"] + PUBLISHED_ANIMALS["bear"]
    for habitat, halves in PUBLISHED_HABITATS.items():
        assert bounds[f"longest-{habitat}"] == halves
    # Six +2 and twelve +1 cards climb 24 at most; five -2 and fourteen -1 drop 24.
    assert bounds["biggest-mountain"] == 24 == bounds["deepest-valley"]
    # The solo value and total scale (documented).
    assert sum(SIGHT_BOUNDS[s - 1] for s in SOLO_SCORES) == 224


def test_card_features() -> None:
    # c01: conifer|conifer, bluebird + squirrel + bear, +2.
    bluebird, squirrel, bear = (ANIMALS.index(a) for a in ("bluebird", "squirrel", "bear"))
    assert CARD_FEATURES[1] == (
        *one_hot(3, 0),
        *one_hot(3, 0),
        *one_hot(9, bluebird, squirrel, bear),
        1.0,
    )
    # c06: meadow|meadow, bluebird + rabbit, -2.
    assert CARD_FEATURES[6] == (
        *one_hot(3, 2),
        *one_hot(3, 2),
        *one_hot(9, bluebird, ANIMALS.index("rabbit")),
        -1.0,
    )
    assert CARD_FEATURES[0] == (0.0,) * 16


def test_hike_block_worked_example() -> None:
    # c06 meadow|meadow -2, c15 meadow|meadow +1, c02 meadow|hardwood +1:
    # halves m m m m m h, heights 0 -2 -1 0.
    hike = (6, 15, 2)
    block, seen = _hike(hike)
    assert len(block) == HIKE_BLOCK_SIZE == sum(w for _, w in HIKE_BLOCK) == 76
    assert seen == sights(hike)
    assert block[:45] == cards(6, 15, 2)
    assert block[45:63] == tuple(v / b for v, b in zip(seen, SIGHT_BOUNDS, strict=True))
    by_slug = {s.slug: v for s, v in zip(SCORE_CARDS, seen, strict=True)}
    assert by_slug["longest-meadow"] == 5
    assert by_slug["biggest-mountain"] == 2 == by_slug["deepest-valley"]
    assert block[63:] == (
        3 / 10,  # length
        *one_hot(3, 2),  # meadow at the left edge
        *one_hot(3, 1),  # hardwood at the right edge
        5 / 30,  # five meadow halves from the left
        1 / 30,  # one hardwood half from the right
        2 / 24,  # right end is 2 above the lowest point
        0.0,  # and level with the highest
        0.0,  # nothing above the start
        2 / 24,  # the lowest point is 2 below the start
    )
    empty, _ = _hike(())
    assert empty == (0.0,) * HIKE_BLOCK_SIZE


def test_standard_opening_view() -> None:
    state = GAME.start(2, seed=3)
    lay = layout(2)
    enc = encode(state, 0)
    assert part(lay, enc, "mode") == (1.0, 0.0, 0.0)
    assert part(lay, enc, "options") == (0.0, 0.0)
    assert part(lay, enc, "phase") == one_hot(len(PHASES), PHASES.index("take"))
    assert part(lay, enc, "seat") == one_hot(4, 0)
    assert part(lay, enc, "spectator") == (0.0,)
    assert part(lay, enc, "to_act") == (1.0, 0.0)
    assert part(lay, enc, "deck") == (41 / 45,)
    assert part(lay, enc, "score_cards") == one_hot(18, *(s - 1 for s in state.score_cards))
    assert sum(part(lay, enc, "score_cards")) == 9
    assert part(lay, enc, "round") == (0.0, 0.0, 0.0)
    for k, card in enumerate(state.row, start=1):
        assert part(lay, enc, f"row{k}") == cards(card)
        assert part(lay, enc, f"row{k}.features") == CARD_FEATURES[card]
    for name in ("seat+0.hike", "seat+1.hike", "hand", "picks", "seat+1.hand_count"):
        assert not any(part(lay, enc, name))


def test_seats_are_listed_from_the_viewer() -> None:
    state = GAME.start(3, seed=5)
    state = helpers.play(state, "take 2")  # seat 0 takes a card; seat 1 is to act
    taken = state.hikes[0][0]
    lay = layout(3)
    for viewer, first in ((0, 0), (1, 1), (2, 2), (None, 0)):
        enc = encode(state, viewer)
        rel = (0 - first) % 3  # where seat 0 sits in this viewer's order
        assert part(lay, enc, f"seat+{rel}.hike")[:45] == cards(taken)
        assert part(lay, enc, "to_act") == one_hot(3, (1 - first) % 3)
        assert part(lay, enc, "spectator") == ((1.0,) if viewer is None else (0.0,))
        assert part(lay, enc, "seat") == (one_hot(4) if viewer is None else one_hot(4, viewer))


def test_drafting_view_shows_own_hand_and_picks_only() -> None:
    options = Options(mode="draft", tiebreaker=True)
    state = GAME.start(3, seed=1, options=options)
    hand = state.hands[1]
    state = helpers.play(state, f"pick c{hand[0]:02d}", player=1)
    lay = layout(3)
    enc = encode(state, 1)
    assert part(lay, enc, "mode") == (0.0, 1.0, 0.0)
    assert part(lay, enc, "options") == (1.0, 0.0)
    assert part(lay, enc, "round") == (1.0, 0.0, 0.0)
    assert part(lay, enc, "hand") == cards(*hand[1:])
    assert part(lay, enc, "picks") == cards(hand[0])
    assert part(lay, enc, "to_act") == (0.0, 1.0, 1.0)  # seats 2 and 0 still pick
    assert part(lay, enc, "seat+0.hand_count") == (9 / 10,)
    assert part(lay, enc, "seat+0.pick_count") == (1 / 4,)
    assert part(lay, enc, "seat+1.hand_count") == (10 / 10,)
    assert part(lay, enc, "seat+1.pick_count") == (0.0,)
    spectator = encode(state, None)
    assert not any(part(lay, spectator, "hand"))
    assert not any(part(lay, spectator, "picks"))


def test_solo_view_parts() -> None:
    _, visited = helpers.playout(1, 4, Options(mode="solo"))
    lay = layout(1)
    phases = set()
    for state in visited:
        view = state.view(0)
        enc = GAME.encode_view(view)
        phases.add(state.phase)
        assert part(lay, enc, "mode") == (0.0, 0.0, 1.0)
        assert part(lay, enc, "deck") == (len(state.deck) / 45,)
        assert part(lay, enc, "drawn") == (cards(state.drawn) if state.drawn else cards())
        top = state.discard[-1] if state.discard else 0
        assert part(lay, enc, "discard_top") == (cards(top) if top else cards())
        assert part(lay, enc, "discard_top.features") == CARD_FEATURES[top]
        assert part(lay, enc, "discard") == cards(*state.discard)
        used = {sid for a in state.assigned for sid in a}
        assert part(lay, enc, "unassigned") == one_hot(
            18, *(s - 1 for s in SOLO_SCORES if s not in used)
        )
        bound = sum(SIGHT_BOUNDS[s - 1] for s in SOLO_SCORES)
        assert part(lay, enc, "total") == (solo_total(state.hikes, state.assigned) / bound,)
        for k, (hike, given_) in enumerate(zip(state.hikes, state.assigned, strict=True), 1):
            assert part(lay, enc, f"hike{k}") == _hike(hike)[0]
            assert part(lay, enc, f"hike{k}.closed") == (float(hike[-1] in BEAR_CARDS),)
            assert part(lay, enc, f"hike{k}.active") == (float(state.active == k - 1),)
            assert part(lay, enc, f"hike{k}.assigned") == one_hot(18, *(s - 1 for s in given_))
            value = sum(sights(hike)[s - 1] for s in given_)
            assert part(lay, enc, f"hike{k}.value") == (value / bound,)
    assert phases == {"draw", "drawn", "assign", "over"}


@pytest.mark.parametrize("mode", ["standard", "draft"])
def test_claims_and_points_match_the_scoring(mode: str) -> None:
    @given(states(mode))
    def check(state: State) -> None:
        n = state.players
        lay = layout(n)
        for viewer in range(n):
            enc = encode(state, viewer)
            order = [(viewer + r) % n for r in range(n)]
            points, shared, claimed = score_hikes(
                [state.hikes[p] for p in order], state.score_cards
            )
            for r in range(n):
                assert part(lay, enc, f"seat+{r}.points") == (points[r] / 18,)
                assert part(lay, enc, f"seat+{r}.shared") == (shared[r] / 18,)
                hot = one_hot(18, *(s - 1 for s in claimed[r]))
                assert part(lay, enc, f"seat+{r}.claims") == hot
                assert part(lay, enc, f"seat+{r}.hike") == _hike(state.hikes[order[r]])[0]

    check()


@pytest.mark.parametrize("mode", sorted(MODES))
def test_encodings_are_bounded_pure_and_blind_to_hidden_cards(mode: str) -> None:
    @given(states(mode))
    def check(state: State) -> None:
        size = GAME.observation_size(state.players)
        for p in (None, *range(state.players)):
            view = state.view(p)
            enc = GAME.encode_view(view)
            assert len(enc) == size
            assert all(-1.0 <= x <= 1.0 for x in enc)
            assert GAME.encode_view(GAME.determinize(view, 99).view(p)) == enc
            _hike.cache_clear()  # the memo never changes an answer
            assert GAME.encode_view(view) == enc

    check()


def test_encode_view_refuses_other_objects() -> None:
    with pytest.raises(TypeError, match="bear_mountain View"):
        GAME.encode_view("not a view")  # type: ignore[arg-type]  # bad input on purpose
    assert isinstance(GAME.start(2, seed=0).view(0), View)


def test_tiebreaker_pending_players_are_marked_from_the_viewer() -> None:
    for seed in range(200):
        _, visited = helpers.playout(3, seed, Options(tiebreaker=True))
        sudden = [s for s in visited if s.phase == "sudden"]
        if sudden:
            break
    else:
        pytest.fail("no standard tiebreaker in 200 seeded games")
    state = sudden[0]
    lay = layout(3)
    for viewer in range(3):
        enc = encode(state, viewer)
        assert part(lay, enc, "phase") == one_hot(len(PHASES), PHASES.index("sudden"))
        assert part(lay, enc, "pending") == one_hot(3, *((p - viewer) % 3 for p in state.pending))
