"""The Way of the Bear's rules page, its encoding section read and held to the code.

The tests every page gets (`tests.doc_encoding.shared_tests`): its observation table
lists ``layout(players)`` and its vocabulary table covers the vocabulary in order. Then
its own: every number of seeded random games' views lies in the range the page gives,
and meets both ends; a placement's index is the page's formula; the seat block's and
turn block's pieces tables, ``| piece | width | divided by | meaning |``, rebuild what
the encoder writes; a turn modifier is divided by what its cards add.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs
import pytest

import meeple
from meeple.way_of_bear import GAME as WOB
from meeple.way_of_bear.actions import MAX_TAKE
from meeple.way_of_bear.components import CARDS as WOB_CARDS
from meeple.way_of_bear.components import COLOURS as WOB_COLOURS
from meeple.way_of_bear.components import MOD_NAMES as WOB_MOD_NAMES
from meeple.way_of_bear.components import NEIGHBOURS as WOB_NEIGHBOURS
from meeple.way_of_bear.components import TAKE_BONUS
from meeple.way_of_bear.components import TAKE_COUNT
from meeple.way_of_bear.encoding import SEAT_SIZE as WOB_SEAT_SIZE
from meeple.way_of_bear.encoding import encode_view as wob_encode

from .doc_encoding import backticked
from .doc_encoding import encoded_extremes
from .doc_encoding import layout_of
from .doc_encoding import letters
from .doc_encoding import names_listed
from .doc_encoding import pieces
from .doc_encoding import rules_page
from .doc_encoding import shared_tests
from .doc_encoding import stated_range
from .doc_encoding import value
from .doc_encoding import vocabulary_of
from .shared import says

GAME = "way_of_bear"

(
    test_the_page_lists_the_parts_of_the_layout,
    test_the_starts_the_page_gives_are_the_layouts,
    test_the_vocabulary_table_covers_the_vocabulary_in_order,
) = shared_tests(GAME)


def test_every_number_lies_in_the_range_the_page_says() -> None:
    # "Every number lies in [0, 1]": both ends are met, nothing is outside, in whole
    # games for every player count, each seat's view and a spectator's
    low, high = stated_range(GAME)
    lowest, highest = encoded_extremes(GAME, seeds=(1, 2, 3), every=1)
    assert (lowest.value, highest.value) == (low, high), (lowest, highest)


# -- the index formulas ----------------------------------------------------------------


@pytest.mark.parametrize("players", meeple.get_game("way_of_bear").spec.player_counts())
def test_the_way_of_bear_placement_index_is_the_pages_formula(players: int) -> None:
    page = rules_page("way_of_bear")
    formula = says(page, r"A placement's index is `([^`]+)`")[1]
    colours = says(page, r"Colours are ordered ([a-z, ]+) \(the data's order\)")[1].split(", ")
    assert colours == list(WOB_COLOURS)
    vocabulary = vocabulary_of("way_of_bear", players)
    places = [(index, action) for index, action in enumerate(vocabulary) if "place" in action]
    assert len(places) == 4 * letters("way_of_bear", players)["V"]
    for index, action in places:
        _, colour, village = action.split()
        said = {"village": int(village.removeprefix("v")), "colour": colours.index(colour)}
        assert value(formula, said) == index, (action, formula)
    example, worked, said_index = says(page, r"`(place [a-z]+ v\d+)` is ([\d +]+) = (\d+)").groups()
    assert vocabulary.index(example) == value(worked, {}) == int(said_index)


# -- the pieces of a block -------------------------------------------------------------


def _seat_block(
    rows: list[list[str]],
    said: Mapping[str, int],
    seat: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]],
) -> list[float]:
    """One way_of_bear seat block as the page's pieces describe it, from the seat's
    reserve, tokens by kind (kind = type x 2 + sealed) and card backs."""
    reserve, tokens, backs = seat
    values = [int(v) for v in re.findall(r"\d", rows[6][3].partition("back value")[2])]
    shown = {
        "reserve": list(reserve),
        "reserve_total": [sum(reserve)],
        "tokens": list(tokens),
        "columns": [sum(tokens[kind : kind + 2]) for kind in range(0, len(tokens), 2)],
        "all_tokens": [sum(tokens)],
        "cards": [len(backs)],
        "backs": [backs.count(v) for v in values],
        "seals": [sum(tokens[1::2]) + sum(backs)],
    }
    block: list[float] = []
    for piece, size, divisor, meaning in rows:
        numbers = shown[backticked(piece)]
        assert len(numbers) == value(size, said), piece
        scaled = [number / value(divisor, said) for number in numbers]
        block += [min(1.0, x) for x in scaled] if "clipped at 1" in meaning else scaled
    return block


@pytest.mark.parametrize("players", meeple.get_game("way_of_bear").spec.player_counts())
def test_the_way_of_bear_seat_blocks_are_the_pages(players: int) -> None:
    rows = pieces("way_of_bear", "Each seat block in `seats`")
    said = letters("way_of_bear", players)
    size = says(rules_page("way_of_bear"), r"Each seat block in `seats` holds (\d+) numbers")
    assert int(size[1]) == sum(value(row[1], said) for row in rows) == WOB_SEAT_SIZE
    # every seat different, one reserve over the clip, a sealed token, every back value
    seats = [
        ((3 + r, r, 2 * r, 9), (r, 1, 0, r % 2, 2, 0, 1, r), (2, 0, 1, 2)[: r + 1])
        for r in range(players)
    ]
    view = WOB.start(players, seed=1).view(1)
    reserves, tokens, backs = zip(*seats, strict=True)
    view = attrs.evolve(view, reserves=reserves, tokens=tokens, hand_backs=backs)
    block = [x for r in range(players) for x in _seat_block(rows, said, seats[(1 + r) % players])]
    encoded = wob_encode(view)[layout_of("way_of_bear", players).slice("seats")]
    assert encoded == pytest.approx(block)


@pytest.mark.parametrize("players", meeple.get_game("way_of_bear").spec.player_counts())
def test_the_way_of_bear_turn_block_is_the_pages(players: int) -> None:
    page = rules_page("way_of_bear")
    rows = pieces("way_of_bear", "The turn block in `turn`")
    meanings = {backticked(row[0]): row[3] for row in rows}
    size = int(says(page, r"The turn block in `turn` holds (\d+) numbers")[1])
    assert (
        size
        == sum(value(row[1], {}) for row in rows)
        == layout_of("way_of_bear", players).width("turn")
    )
    colours = says(page, r"Colours are ordered ([a-z, ]+) \(the data's order\)")[1].split(", ")
    # no piece zero, neighbours different, so that a piece moved or scaled otherwise shows
    view = attrs.evolve(
        WOB.start(players, seed=1).view(0),
        regular_done=True,
        mods=(1, 2, 1, 1, 1, 3),
        extra="take",
        extra_count=2,
        owed=(0, 1, 3, 4),
        waivers=1,
        ritual_temple=colours.index("blue"),
    )
    shown: dict[str, list[int]] = {
        "regular_done": [int(view.regular_done)],
        **{name: [count] for name, count in zip(WOB_MOD_NAMES, view.mods, strict=True)},
        "extra": [int(view.extra == e) for e in names_listed(meanings["extra"])],
        "extra_count": [view.extra_count],
        "owed": list(view.owed),
        "waivers": [view.waivers],
        "ritual_temple": [int(view.ritual_temple == i) for i in range(len(colours))],
    }
    block: list[float] = []
    for piece, width, divisor, _ in rows:
        numbers = shown[backticked(piece)]
        assert len(numbers) == value(width, {}), piece
        block += [number / value(divisor, {}) for number in numbers]
    assert wob_encode(view)[layout_of("way_of_bear", players).slice("turn")] == pytest.approx(block)


def test_a_way_of_bear_turn_modifier_is_divided_by_what_its_cards_add() -> None:
    rows = {backticked(row[0]): row for row in pieces("way_of_bear", "The turn block in `turn`")}
    for i, name in enumerate(WOB_MOD_NAMES):
        _, _, divisor, meaning = rows[name]
        adding = [card for card in WOB_CARDS if card.mods[i]]
        assert value(divisor, {}) == sum(card.mods[i] for card in adding), name
        assert re.findall(r"s\d\d", meaning) == [card.code for card in adding], name
    # the waivers left are what remains of the discount
    said = re.search(
        r"the `([a-z_]+)` less each `waive` so far, so divided like it", rows["waivers"][3]
    )
    assert said, rows["waivers"][3]
    assert rows["waivers"][2] == rows[said[1]][2]
    # an offering is one stele per neighbour
    most = re.search(r"one stele per neighbour, at most (\d+)", rows["owed"][3])
    assert most, rows["owed"][3]
    assert int(most[1]) == value(rows["owed"][2], {}) == max(map(len, WOB_NEIGHBOURS))


def test_a_way_of_bear_granted_take_is_divided_by_the_most_a_take_moves() -> None:
    rows = {backticked(row[0]): row for row in pieces("way_of_bear", "The turn block in `turn`")}
    _, _, divisor, meaning = rows["extra_count"]
    # the steles each take card grants, as the page lists them by count
    takes = [card for card in WOB_CARDS if card.action == "take"]
    found = re.findall(r"(\d+) \((s\d\d[s\d, ]*)\)", meaning)
    granted = {int(count): codes.split(", ") for count, codes in found}
    assert granted == {
        count: [card.code for card in takes if card.count == count]
        for count in {card.count for card in takes}
    }
    most = re.search(r"so at most (\d+)/(\d+);", meaning)
    assert most, meaning
    assert (int(most[1]), int(most[2])) == (max(granted), value(divisor, {}))
    # the divisor: the most any take moves, the regular take with every take bonus
    said = re.search(
        r"(\d+) is the most any take moves \(`MAX_TAKE` in `actions\.py`\): "
        r"the regular take's (\d+) plus (\d+) with (s\d\d)",
        meaning,
    )
    assert said, meaning
    bonus = [card for card in WOB_CARDS if card.mods[TAKE_BONUS]]
    added = sum(card.mods[TAKE_BONUS] for card in bonus)
    assert (int(said[2]), int(said[3]), [said[4]]) == (TAKE_COUNT, added, [c.code for c in bonus])
    assert int(said[1]) == value(divisor, {}) == max(TAKE_COUNT + added, *granted) == MAX_TAKE
