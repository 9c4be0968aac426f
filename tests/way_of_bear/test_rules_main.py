"""The main phase: the regular action (take, draw, place a stele, or pass) and when
the turn ends; the placement search against a plain reading of the rules."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import dumps
from meeple import loads
from meeple.testing import assert_refused
from meeple.way_of_bear import GAME
from meeple.way_of_bear.actions import Place
from meeple.way_of_bear.components import CAPACITY
from meeple.way_of_bear.components import CARDS
from meeple.way_of_bear.components import KIND_TYPE
from meeple.way_of_bear.components import NEIGHBOURS
from meeple.way_of_bear.components import NO_MODS
from meeple.way_of_bear.components import TOKEN_BASE
from meeple.way_of_bear.legal import placements
from meeple.way_of_bear.spots import GUARD
from meeple.way_of_bear.spots import after_placement
from meeple.way_of_bear.spots import offering
from meeple.way_of_bear.spots import packed
from meeple.way_of_bear.spots import touching
from meeple.way_of_bear.state import State

from .helpers import CORNER
from .helpers import build
from .helpers import cards
from .helpers import counts
from .helpers import kind
from .helpers import play
from .helpers import texts
from .strategies import PLACEMENT_STATES

ONE_TAKEN = {**CORNER, "v32": "white"}
"""The corner, plus the stele that stands where a token already taken was."""
COMMERCE = kind("commerce")


def _column_one_short(village: str, **more: Any) -> State:
    """On the `ONE_TAKEN` board, seat 0 holds one commerce token and the other lies on
    `village`: a stele there fills seat 0's commerce column, which draws a Seal card."""
    return build(
        steles=ONE_TAKEN, token_at={village: COMMERCE}, player_tokens={0: [COMMERCE]}, **more
    )


@pytest.mark.rule("way_of_bear:place.token", "way_of_bear:turn.regular-action")
def test_acquiring_takes_the_token_onto_the_matching_column() -> None:
    state = build(
        steles=CORNER,
        token_at={"v01": kind("commerce", sealed=True)},
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
    )
    done = play(state, "place orange v01", "pay black", "pay blue")
    assert done.tokens[0][kind("commerce", sealed=True)] == 1


@pytest.mark.rule("way_of_bear:pay.offering")
def test_a_placement_the_reserve_cannot_pay_for_is_refused() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 1, "black": 1}})
    assert_refused(GAME, state, "place orange v01", "cannot pay the offering")


@pytest.mark.rule("way_of_bear:place.token", "way_of_bear:components.player-boards")
def test_a_full_column_refuses_more_tokens_of_its_type() -> None:
    religion = kind("religion")
    state = build(
        steles={**CORNER, "v08": "white", "v32": "white"},  # where the two tokens came from
        token_at={"v01": religion},
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
        player_tokens={0: [religion, religion]},
    )
    assert_refused(GAME, state, "place orange v01", "religion column")


@pytest.mark.rule("way_of_bear:turn.take")
def test_take_two_steles_from_the_temples() -> None:
    state = build(steles=CORNER, temples={"orange": 2, "black": 1})
    takes = [t for t in texts(state.legal_actions()) if t.startswith("take")]
    assert takes == ["take orange orange", "take orange black"]
    after = play(state, "take orange black")
    assert after.reserves[0] == counts({"orange": 1, "black": 1})
    assert after.temples == counts({"orange": 1})
    assert after.current == 1


@pytest.mark.rule("way_of_bear:turn.draw")
def test_draw_three_steles_at_random_from_the_bag() -> None:
    state = build(steles=CORNER)
    after = play(state, "draw")
    assert sum(after.reserves[0]) == 3
    assert sum(after.bag) == sum(state.bag) - 3


@pytest.mark.rule("way_of_bear:turn.no-action")
def test_pass_only_when_no_regular_action_is_possible() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 1}})
    assert "pass" not in texts(state.legal_actions())
    # every stele is on the board, on the one temple space used or in other reserves
    stuck = build(
        steles=CORNER,
        temples={"orange": 1},
        reserves={1: {"orange": 18, "black": 20}, 2: {"blue": 20, "white": 21}},
    )
    assert stuck.bag == (0, 0, 0, 0)
    assert texts(stuck.legal_actions()) == ["pass"]
    assert play(stuck, "pass").current == 1


@pytest.mark.rule("way_of_bear:turn.end")
def test_holding_an_old_card_keeps_the_turn_open_until_pass() -> None:
    # the Dragon Hoard is never played, but holding it is public, so the turn waits
    state = build(steles=CORNER, hands={0: ["s16"]})
    after = play(state, "draw")
    assert after.current == 0
    assert texts(after.legal_actions()) == ["pass"]
    assert play(after, "pass").current == 1


# -- Seal cards: drawn for a completed column, never played the turn they arrive,
# removed once played; type A bends a rule of the regular action -------------------


@pytest.mark.rule("way_of_bear:cards.draw", "way_of_bear:cards.play")
def test_completing_a_column_draws_the_top_card_which_waits_a_turn() -> None:
    state = _column_one_short(
        "v01",
        # enough left after paying for s10's additional placement (white on v12)
        reserves={0: {"orange": 2, "black": 1, "blue": 1, "white": 1}},
        hands={0: ["s10"]},
    )
    top = state.deck[0]
    placed = play(state, "place orange v01")
    assert placed.hands[0] == tuple(sorted((top, *cards("s10"))))
    assert placed.fresh == (top,)
    done = play(placed, "pay black", "pay blue")
    # the older type-B card keeps the turn open; the new one may not be played yet
    assert done.current == 0
    assert done.phase == "main"
    assert texts(done.legal_actions()) == ["seal s10", "pass"]
    assert f"seal {CARDS[top].code}" not in texts(done.legal_actions())
    assert_refused(GAME, done, f"seal {CARDS[top].code}", "turn it was drawn")
    later = play(done, "pass")
    assert later.current == 1
    assert later.fresh == ()


@pytest.mark.rule("way_of_bear:cards.draw", "way_of_bear:turn.end")
def test_a_card_drawn_by_a_placement_that_ends_the_turn_is_no_longer_fresh() -> None:
    # a lonely stele (s03) owes nothing, so completing its column ends the turn at once:
    # the card just drawn is then simply held, as at the end of any turn
    state = _column_one_short(
        "v30",
        reserves={0: {"white": 1}},
        hands={0: ["s03"]},
    )
    top = state.deck[0]
    after = play(state, "seal s03", "place white v30")
    assert after.current == 1
    assert after.phase == "main"
    assert after.hands[0] == (top,)
    assert after.fresh == ()
    assert after.mods == NO_MODS


@pytest.mark.rule("way_of_bear:cards.play")
def test_a_played_card_leaves_the_game() -> None:
    state = build(steles=CORNER, hands={0: ["s12"]})
    after = play(state, "seal s12")
    assert after.hands[0] == ()
    assert after.played == cards("s12")
    assert sum(after.reserves[0]) == 3  # its additional draw
    assert not after.regular_done  # the regular action is still to come


@pytest.mark.rule("way_of_bear:cards.play", "way_of_bear:cards.effects")
def test_several_cards_in_one_turn() -> None:
    state = build(steles=CORNER, hands={0: ["s07", "s12"]})
    after = play(state, "seal s07", "seal s12", "draw")
    assert sum(after.reserves[0]) == 3 + 4
    assert after.played == cards("s07", "s12")


@pytest.mark.rule("way_of_bear:cards.effects")
def test_same_colour_card_allows_a_stele_next_to_its_colour() -> None:
    state = build(
        steles=CORNER, reserves={0: {"orange": 2, "black": 1, "blue": 1}}, hands={0: ["s01"]}
    )
    assert "place orange v10" not in texts(state.legal_actions())
    bent = play(state, "seal s01")
    assert "place orange v10" in texts(bent.legal_actions())
    placed = play(bent, "place orange v10")
    assert placed.owed == counts({"orange": 1, "black": 1, "blue": 1})


@pytest.mark.rule("way_of_bear:pay.offering", "way_of_bear:cards.effects")
def test_same_colour_card_counts_the_placed_stele_out_of_the_payment() -> None:
    # one orange in the reserve cannot be both placed and paid
    state = build(
        steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}}, hands={0: ["s01"]}
    )
    bent = play(state, "seal s01")
    assert "place orange v10" not in texts(bent.legal_actions())


@pytest.mark.rule("way_of_bear:cards.effects")
def test_lonely_village_card_allows_a_stele_touching_nothing() -> None:
    state = build(steles=CORNER, reserves={0: {"white": 1}}, hands={0: ["s03"]})
    bent = play(state, "seal s03")
    assert "place white v30" in texts(bent.legal_actions())
    placed = play(bent, "place white v30")
    assert placed.current == 1  # nothing to pay


@pytest.mark.rule("way_of_bear:cards.effects", "way_of_bear:turn.take")
def test_draw_and_take_bonus_cards() -> None:
    state = build(steles=CORNER, hands={0: ["s07"]}, temples={"black": 3})
    assert sum(play(state, "seal s07", "draw").reserves[0]) == 4
    state = build(steles=CORNER, hands={0: ["s08"]}, temples={"black": 3})
    bent = play(state, "seal s08")
    assert texts(bent.legal_actions())[0] == "take black black black"
    assert play(bent, "take black black black").reserves[0] == counts({"black": 3})


@pytest.mark.rule("way_of_bear:cards.play", "way_of_bear:turn.regular-action")
def test_type_a_cards_only_before_the_regular_action() -> None:
    state = build(steles=CORNER, hands={0: ["s01", "s13"]}, temples={"black": 3})
    after = play(state, "draw")
    assert texts(after.legal_actions()) == ["seal s13", "pass"]
    assert_refused(GAME, after, "seal s01", "type-A")


@pytest.mark.rule("way_of_bear:cards.play")
def test_the_dragon_hoard_is_never_played() -> None:
    state = build(steles=CORNER, hands={0: ["s16"]})
    assert "seal s16" not in texts(state.legal_actions())
    assert_refused(GAME, state, "seal s16", "only carries Dragon Seals")


# -- the placement search against the rules read plainly -----------------------------


def reference(state: State, player: int, mods: tuple[int, ...]) -> set[Place]:
    """Every placement the rules allow, computed the slow and obvious way."""
    same_ok, free, discount = mods[0], mods[1], mods[2]
    reserve = state.reserves[player]
    tokens = state.tokens[player]
    cap = CAPACITY[state.players]
    out = set()
    for v, cell in enumerate(state.board):
        if cell < TOKEN_BASE:
            continue  # a stele, or a village not in play
        t = KIND_TYPE[cell - TOKEN_BASE]
        if tokens[2 * t] + tokens[2 * t + 1] >= cap:
            continue  # that column is full
        near = [state.board[u] for u in NEIGHBOURS[v] if 0 <= state.board[u] < 4]
        for c in range(4):
            if not reserve[c]:
                continue
            if c in near and not same_ok:
                continue  # next to its own colour
            if not near and not free:
                continue  # touches no stele
            left = list(reserve)
            left[c] -= 1
            owed = [near.count(x) for x in range(4)]
            if can_pay(owed, left, list(state.temples), discount):
                out.add(Place(c, v))
    return out


def can_pay(owed: list[int], reserve: list[int], temples: list[int], waivers: int) -> bool:
    """Play the payment out, one stele at a time, every way (slow and obvious): pay an
    owed colour from the reserve (the 5th space of a temple runs a Ritual: the temple
    empties, then a stele from another temple may join the reserve), or waive one."""
    if not any(owed):
        return True
    for c in range(4):
        if not owed[c]:
            continue
        less = owed.copy()
        less[c] -= 1
        if waivers and can_pay(less, reserve, temples, waivers - 1):
            return True
        if not reserve[c]:
            continue
        paid = reserve.copy()
        paid[c] -= 1
        after = temples.copy()
        after[c] += 1
        if after[c] < 5:
            if can_pay(less, paid, after, waivers):
                return True
            continue
        after[c] = 0  # the Ritual
        if can_pay(less, paid, after, waivers):
            return True
        for d in range(4):
            if after[d]:
                took, left = paid.copy(), after.copy()
                took[d] += 1
                left[d] -= 1
                if can_pay(less, took, left, waivers):
                    return True
    return False


MODS = st.tuples(
    st.integers(0, 1), st.integers(0, 1), st.integers(0, 2), st.just(0), st.just(0), st.just(0)
)


@pytest.mark.rule("way_of_bear:place.rules", "way_of_bear:pay.ritual-stele")
@given(PLACEMENT_STATES, MODS)
def test_placements_match_the_reference(state: State, mods: tuple[int, ...]) -> None:
    for p in range(state.players):
        found = placements(
            state.spots,
            state.board,
            state.reserves[p],
            state.tokens[p],
            CAPACITY[state.players],
            mods,
            state.temples,
        )
        assert len(found) == len(set(found))
        assert set(found) == reference(state, p, mods)
        assert [a.village for a in found] == sorted(a.village for a in found)


@given(PLACEMENT_STATES)
def test_the_carried_spots_never_change_an_answer(state: State) -> None:
    warm = state.legal_actions() if state.to_act else ()
    assert state.spots == touching(state.board)
    cold = loads(dumps(state, game=GAME), game=GAME)
    assert cold.spots == state.spots
    assert "spots" not in dumps(state, game=GAME)
    assert (cold.legal_actions() if cold.to_act else ()) == warm
    for action in warm:
        if isinstance(action, Place):  # a placement derives the next spots from these
            after = state.apply(action)
            assert after.spots == touching(after.board)


@given(PLACEMENT_STATES)
def test_spots_after_a_placement_equal_the_spots_of_the_new_board(state: State) -> None:
    board = state.board
    for v, cell in enumerate(board):
        if cell >= TOKEN_BASE:
            for c in range(4):
                new = (*board[:v], c, *board[v + 1 :])
                spots, owed = after_placement(state.spots, new, v)
                assert spots == touching(new)
                assert owed == offering(board, v)


@given(
    st.tuples(*[st.integers(0, 21)] * 4),
    st.tuples(*[st.booleans()] * 4),
    st.tuples(*[st.integers(0, 4)] * 4),
    st.integers(0, 3),
)
def test_a_packed_comparison_checks_every_count_at_once(
    have: tuple[int, ...], room: tuple[bool, ...], need: tuple[int, ...], t: int
) -> None:
    wanted = packed((*need,), tuple(i == t for i in range(4))) - GUARD
    fits = all(n <= h for n, h in zip(need, have, strict=True)) and room[t]
    assert ((packed(have, room) - wanted) & GUARD == GUARD) is fits


@pytest.mark.rule("way_of_bear:cards.draw")
def test_completing_a_column_with_the_pile_empty_draws_nothing() -> None:
    state = _column_one_short(
        "v01",
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
        deck=(),
        played=tuple(range(len(CARDS))),
    )
    done = play(state, "place orange v01", "pay black", "pay blue")
    assert done.tokens[0][COMMERCE] == 2  # the commerce column is full
    assert done.hands[0] == ()
    assert done.fresh == ()
    assert done.current == 1
