"""Seal cards: drawn for a completed column, never played the turn they arrive,
removed once played; type A bends a rule of the regular action, type B adds one."""

from __future__ import annotations

from meeple.way_of_bear import GAME
from meeple.way_of_bear.components import CARDS

from .helpers import COLOUR, build, cards, counts, kind, play, texts

CORNER = {"v02": "black", "v09": "blue", "v11": "orange", "v17": "orange"}
# with one token already on the board, one more stele sits where it was taken
ONE_TAKEN = {**CORNER, "v32": "white"}
COMMERCE = kind("commerce")


def test_completing_a_column_draws_the_top_card_which_waits_a_turn() -> None:
    state = build(
        steles=ONE_TAKEN,
        token_at={"v01": COMMERCE},
        player_tokens={0: [COMMERCE]},
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
    reason = done.check(GAME.parse_action(f"seal {CARDS[top].code}"))
    assert reason is not None
    assert "turn it was drawn" in reason
    later = play(done, "pass")
    assert later.current == 1
    assert later.fresh == ()


def test_a_played_card_leaves_the_game() -> None:
    state = build(steles=CORNER, hands={0: ["s12"]})
    after = play(state, "seal s12")
    assert after.hands[0] == ()
    assert after.played == cards("s12")
    assert sum(after.reserves[0]) == 3  # its additional draw
    assert not after.regular_done  # the regular action is still to come


def test_several_cards_in_one_turn() -> None:
    state = build(steles=CORNER, hands={0: ["s07", "s12"]})
    after = play(state, "seal s07", "seal s12", "draw")
    assert sum(after.reserves[0]) == 3 + 4
    assert after.played == cards("s07", "s12")


def test_same_colour_card_allows_a_stele_next_to_its_colour() -> None:
    state = build(
        steles=CORNER, reserves={0: {"orange": 2, "black": 1, "blue": 1}}, hands={0: ["s01"]}
    )
    assert "place orange v10" not in texts(state.legal_actions())
    bent = play(state, "seal s01")
    assert "place orange v10" in texts(bent.legal_actions())
    placed = play(bent, "place orange v10")
    assert placed.owed == counts({"orange": 1, "black": 1, "blue": 1})


def test_same_colour_card_counts_the_placed_stele_out_of_the_payment() -> None:
    # one orange in the reserve cannot be both placed and paid
    state = build(
        steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}}, hands={0: ["s01"]}
    )
    bent = play(state, "seal s01")
    assert "place orange v10" not in texts(bent.legal_actions())


def test_lonely_village_card_allows_a_stele_touching_nothing() -> None:
    state = build(steles=CORNER, reserves={0: {"white": 1}}, hands={0: ["s03"]})
    bent = play(state, "seal s03")
    assert "place white v30" in texts(bent.legal_actions())
    placed = play(bent, "place white v30")
    assert placed.current == 1  # nothing to pay


def test_discount_card_waives_one_stele_of_the_offering() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 1, "black": 1}}, hands={0: ["s05"]})
    assert "place orange v01" not in texts(state.legal_actions())
    placed = play(state, "seal s05", "place orange v01")
    # blue cannot be paid, so the discount must go to blue
    assert texts(placed.legal_actions()) == ["pay black", "waive blue"]
    done = play(placed, "waive blue", "pay black")
    assert done.current == 1
    assert done.temples == counts({"orange": 1, "black": 2, "blue": 1, "white": 1})


def test_discount_may_go_to_any_colour_when_all_are_payable() -> None:
    state = build(
        steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}}, hands={0: ["s05"]}
    )
    placed = play(state, "seal s05", "place orange v01")
    assert texts(placed.legal_actions()) == ["pay black", "pay blue", "waive black", "waive blue"]


def test_draw_and_take_bonus_cards() -> None:
    state = build(steles=CORNER, hands={0: ["s07"]}, temples={"black": 3})
    assert sum(play(state, "seal s07", "draw").reserves[0]) == 4
    state = build(steles=CORNER, hands={0: ["s08"]}, temples={"black": 3})
    bent = play(state, "seal s08")
    assert texts(bent.legal_actions())[0] == "take black black black"
    assert play(bent, "take black black black").reserves[0] == counts({"black": 3})


def test_reserve_limit_card_keeps_fourteen() -> None:
    state = build(steles=CORNER, reserves={0: {"white": 10}}, hands={0: ["s09"]})
    after = play(state, "seal s09", "draw")
    assert after.current == 1
    assert sum(after.reserves[0]) == 13


def test_type_a_cards_only_before_the_regular_action() -> None:
    state = build(steles=CORNER, hands={0: ["s01", "s13"]}, temples={"black": 3})
    after = play(state, "draw")
    assert texts(after.legal_actions()) == ["seal s13", "pass"]
    reason = after.check(GAME.parse_action("seal s01"))
    assert reason is not None
    assert "type-A" in reason


def test_additional_placement_then_the_regular_action() -> None:
    state = build(
        steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}}, hands={0: ["s10"]}
    )
    extra = play(state, "seal s10")
    assert extra.phase == "extra"
    assert all(t.startswith("place ") for t in texts(extra.legal_actions()))
    after = play(extra, "place orange v01", "pay black", "pay blue")
    assert after.current == 0
    assert not after.regular_done
    assert "draw" in texts(after.legal_actions())


def test_additional_take_of_one_stele() -> None:
    state = build(steles=CORNER, hands={0: ["s13"]}, temples={"black": 2, "blue": 1})
    extra = play(state, "seal s13")
    assert texts(extra.legal_actions()) == ["take black", "take blue"]
    after = play(extra, "take blue")
    assert after.reserves[0] == counts({"blue": 1})
    assert after.phase == "main"


def test_the_dragon_hoard_is_never_played() -> None:
    state = build(steles=CORNER, hands={0: ["s16"]})
    assert "seal s16" not in texts(state.legal_actions())
    reason = state.check(GAME.parse_action("seal s16"))
    assert reason is not None
    assert "only carries Dragon Seals" in reason


def test_card_data_has_both_kinds_and_one_three_seal_card() -> None:
    assert len(CARDS) == 16
    assert {c.kind for c in CARDS} == {"A", "B", "seals"}
    assert [c.face_seals for c in CARDS if c.kind == "seals"] == [3]
    assert COLOUR["white"] == 3
