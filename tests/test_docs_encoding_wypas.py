"""Wypas's rules page, its encoding section read and held to the code.

The tests every page gets (`tests.doc_encoding.shared_tests`): its observation tables
list ``layout(players)``, with each part's start (in the vector, or within the seat's
block), and its vocabulary table covers the vocabulary in order; a seat's block is as
long as the page says. Then its own: every value of seeded random games' views lies in
the range the page gives, and meets both ends. The prose gives its divisors (per kind,
the maxima, the scalars' and flags' ``/ N``): a view with every such count set, some
over their maxima, is encoded and each number compared with the count over the page's
divisor, clipped to 1. The global block's size, the scalars and the flags are the
code's; the pen block's table rebuilds each pen the encoder writes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs
import pytest

import meeple
from meeple.wypas import GAME as WYPAS
from meeple.wypas.components import BLACK_FACE
from meeple.wypas.components import FACES
from meeple.wypas.components import KIND_COUNT
from meeple.wypas.components import NAME_FACE
from meeple.wypas.components import NAME_KIND
from meeple.wypas.components import face_of
from meeple.wypas.components import placed
from meeple.wypas.encoding import FLAGS
from meeple.wypas.encoding import PEN_BLOCK
from meeple.wypas.encoding import PEN_SIZE
from meeple.wypas.encoding import SCALARS
from meeple.wypas.encoding import encode_view as wypas_encode
from meeple.wypas.scoring import fleece_of
from meeple.wypas.view import View as WypasView

from .doc_encoding import backticked
from .doc_encoding import encoded_extremes
from .doc_encoding import layout_of
from .doc_encoding import meaning_of
from .doc_encoding import pieces
from .doc_encoding import rules_page
from .doc_encoding import runs
from .doc_encoding import seat_block_test
from .doc_encoding import shared_tests
from .doc_encoding import stated_range
from .doc_encoding import value
from .doc_encoding import vocabulary_of
from .shared import prose
from .shared import says

GAME = "wypas"

(
    test_the_page_lists_the_parts_of_the_layout,
    test_the_starts_the_page_gives_are_the_layouts,
    test_the_vocabulary_table_covers_the_vocabulary_in_order,
) = shared_tests(GAME)
test_a_seat_block_is_as_long_as_the_page_says = seat_block_test(GAME)


def test_every_value_lies_in_the_range_the_page_says() -> None:
    # "Every value lies in [0, 1]": both ends are met, nothing is outside, in a long
    # game (the default rules) for every player count, each seat's view and a spectator's
    low, high = stated_range(GAME)
    lowest, highest = encoded_extremes(GAME, seeds=(1,), every=16)
    assert (lowest.value, highest.value) == (low, high), (lowest, highest)


WYPAS_MAXIMA = (
    r"divided by the maxima in `encoding\.py` \(hand (\d+), bid (\d+), laid bid cards (\d+), "
    r"points (\d+), fleeces (\d+);"
)
"""Where the Wypas page gives the maxima its seats' counts are divided by."""


def _wypas_view(players: int) -> WypasView:
    """A Wypas view (seat 0's) in which every count the page scales differs from seat to
    seat, and some are over their maxima."""
    rest = players - 3
    view = WYPAS.start(players, seed=1).view(0)
    assert isinstance(view, WypasView)
    return attrs.evolve(
        view,
        hand=(0, 1, 1, 2),
        hand_counts=(35, 12, 0) + (1,) * rest,
        discard=(0, 0, 5, NAME_KIND["black"]),
        lots=(3, 3, 7),
        drawn=(9, 12),
        laid=(tuple(range(11)), (0, 1), ()) + ((),) * rest,
        bids=(31, 7, 0) + (0,) * rest,
        high=1,
        declared=(4, 0, 6) + (0,) * rest,
        fleeces=(((1,),) * 7, ((1,), (2,)), ()) + ((),) * rest,
        points=(65, 13, 0) + (0,) * rest,
        pending=(1, NAME_KIND["wolf"], 0, 1, 0),
        dogs=(0, 0, 2),
        deck_count=50,
        drawn_count=2,
        final_left=3,
        passes=4,
        finished=5,
    )


def _per_kind(cards: tuple[int, ...], copies: Mapping[int, int]) -> list[float]:
    return [cards.count(kind) / copies[kind] for kind in range(len(KIND_COUNT))]


@pytest.mark.parametrize("players", meeple.get_game("wypas").spec.player_counts())
def test_the_wypas_counts_are_divided_as_the_page_says(players: int) -> None:
    page = rules_page("wypas")
    view = _wypas_view(players)
    encoded = wypas_encode(view)
    layout = layout_of("wypas", players)

    def part(name: str) -> list[float]:
        return list(encoded[layout.slice(name)])

    # per kind: by the kind's copies in the box, lots and the baca's drawn cards by 3
    lots = int(says(page, r"\(lots and the baca's drawn cards by (\d+)\)")[1])
    copies = dict(enumerate(KIND_COUNT))
    for name, cards in {
        "discard": view.discard,
        "laid": sum(view.laid, ()),
        "seat+0.hand": view.hand,
    }.items():
        assert part(name) == pytest.approx(_per_kind(cards, copies)), name
    for name, cards in {"lots": view.lots, "drawn": view.drawn}.items():
        assert part(name) == pytest.approx(_per_kind(cards, dict.fromkeys(copies, lots))), name
    # the scalars the page gives a divisor, and the seats' flags: over it, clipped to 1
    counts = {
        "deck": view.deck_count,
        "drawn count": view.drawn_count,
        "final turns left": view.final_left,
        "passes": view.passes,
        "finished": view.finished,
        "the bid in force": view.bids[view.high],
    }
    scalars = meaning_of("wypas", "scalars", "The parts, in order").split(", ")
    divided = [(i, re.fullmatch(r"(.+) / (\d+)", item)) for i, item in enumerate(scalars)]
    assert {said[1] for _, said in divided if said} == set(counts)
    for i, said in divided:
        if said:
            count = counts[said[1]] / int(said[2])
            assert part("scalars")[i] == pytest.approx(min(1, count)), said[0]
    hand, bid, laid, points, fleeces = map(int, says(page, WYPAS_MAXIMA).groups())
    flags = meaning_of("wypas", "seat+r.flags", "Then one block of").split("; ")
    for seat in range(players):
        scaled = {
            "hand size": view.hand_counts[seat] / hand,
            "bid total": view.bids[seat] / bid,
            "bid cards laid": len(view.laid[seat]) / laid,
            "fleeces": len(view.fleeces[seat]) / fleeces,
            "points": view.points[seat] / points,
        }
        for item in flags:
            if said := re.fullmatch(r"its declared value / (\d+)", item):
                scaled[item] = view.declared[seat] / int(said[1])
            if said := re.fullmatch(r"Sheepdogs on the pending card / (\d+)", item):
                scaled[item] = view.dogs.count(seat) / int(said[1])
        shown = part(f"seat+{seat}.flags")
        for i, item in enumerate(flags):
            if item in scaled:
                assert shown[i] == pytest.approx(min(1, scaled[item])), (seat, item)
        assert len(set(scaled) & set(flags)) == 7, "every scaled flag is named on the page"


@pytest.mark.parametrize("players", meeple.get_game("wypas").spec.player_counts())
def test_the_wypas_global_block_is_as_long_as_the_page_says(players: int) -> None:
    said = says(rules_page("wypas"), r"the global block \((\d+) values, the same for every player")
    layout = layout_of("wypas", players)
    assert int(said[1]) == layout.start("seat+0.hand")
    # the counts the adapters' section gives for the deck: a per-kind part, a face one-hot
    kinds, faces = says(rules_page("wypas"), r"\((\d+) card kinds, (\d+) faces\)").groups()
    assert (int(kinds), int(faces)) == (layout.width("discard"), layout.width("pending.face"))
    assert (int(kinds), int(faces)) == (len(KIND_COUNT), len(FACES))


def test_the_wypas_scalars_are_listed_in_the_codes_order() -> None:
    assert meaning_of("wypas", "scalars", "The parts, in order").split(", ") == list(SCALARS)


def test_the_wypas_flags_are_listed_in_the_codes_order() -> None:
    said = meaning_of("wypas", "seat+r.flags", "Then one block of").split("; ")
    # a flag may be explained in brackets after its name
    assert [item.split(" (")[0] for item in said] == [flag.split(" (")[0] for flag in FLAGS]


# -- the pieces of a block -------------------------------------------------------------


def test_the_wypas_pen_block_is_the_codes() -> None:
    rows = pieces("wypas", "A pen block holds")
    assert [(backticked(row[0]), value(row[1], {})) for row in rows] == list(PEN_BLOCK)
    assert int(says(rules_page("wypas"), r"A pen block holds (\d+) numbers")[1]) == PEN_SIZE


def _card(name: str, face: str | None = None) -> int:
    """A Wypas card laid in a pen: kind `name`, showing `face` (its printed face if None)."""
    if name == "black":
        return placed(NAME_KIND["black"], BLACK_FACE)
    return placed(NAME_KIND[name], NAME_FACE[face or name])


def _pen(rows: list[list[str]], pen: tuple[int, ...], wolf: bool) -> list[float]:
    """One Wypas pen block as the page's pieces describe it: each count over the piece's
    divisor, clipped to 1; the points 0 (as the page says) when no fleece would be kept."""
    kept, _, points = fleece_of(pen, wolf)
    meaning = next(row[3] for row in rows if row[0] == "`points if sheared now`")
    none = re.search(r"; (\d+) if no fleece would be kept", meaning)
    assert none, meaning
    faces = {face_of(card) for card in pen}
    shown = {
        "faces": [int(face in faces) for face in FACES],
        "black sheep": [sum(face_of(card) == BLACK_FACE for card in pen)],
        "cards": [len(pen)],
        "wolf": [int(wolf)],
        "points if sheared now": [points if kept else int(none[1])],
    }
    block: list[float] = []
    for piece, width, divisor, _ in rows:
        numbers = shown[backticked(piece)]
        assert len(numbers) == value(width, {}), piece
        block += [min(1.0, number / value(divisor, {})) for number in numbers]
    return block


@pytest.mark.parametrize("players", meeple.get_game("wypas").spec.player_counts())
def test_the_wypas_pen_blocks_are_the_pages(players: int) -> None:
    rows = pieces("wypas", "A pen block holds")
    assert "a count over its divisor is clipped to 1" in prose(rules_page("wypas"))
    black = next(row for row in rows if row[0] == "`black sheep`")
    there = re.search(r"\(there are (\d+)\)", black[3])
    assert there, black[3]
    assert int(there[1]) == value(black[2], {}) == KIND_COUNT[NAME_KIND["black"]]
    # seat by seat: a fleece with a Dolly laid as green-6 and a black sheep, a single
    # card; nine sixes (more cards and points than the divisors); a wolf over two cards
    # (it eats one, the other is no fleece), and a wolf over three (a fleece of two)
    pens = [
        ((_card("red-3"), _card("dolly-green", "green-6"), _card("black")), (_card("red-2"),)),
        ((_card("dolly-green", "green-6"),) * 9, (_card("red-4"), _card("black"))),
        ((), (_card("red-1"), _card("orange-4"), _card("yellow-2"))),
    ]
    pens += [((), ())] * (players - len(pens))
    wolves = (0, 2, 2) + (0,) * (players - 3)
    view = attrs.evolve(WYPAS.start(players, seed=1).view(0), pens=tuple(pens), wolves=wolves)
    encoded = wypas_encode(view)
    layout = layout_of("wypas", players)
    for seat, pair in enumerate(pens):
        for i, pen in enumerate(pair):
            wolf = bool(wolves[seat] >> i & 1)
            said = _pen(rows, pen, wolf) if pen else [0.0] * PEN_SIZE
            part = f"seat+{seat}.pen{i + 1}"
            assert encoded[layout.slice(part)] == pytest.approx(said), part


def test_a_wypas_pen_shows_the_faces_its_sheep_show() -> None:
    meaning = next(row[-1] for row in pieces("wypas", "A pen block holds") if row[0] == "`faces`")
    said = re.search(r"as in block (\d+) of the vocabulary", meaning)
    assert said, meaning
    block = runs("wypas", 3)[int(said[1]) - 1]
    actions = vocabulary_of("wypas", 3)[block.first : block.first + block.count]
    faces = [action.split()[-1] for action in actions if action.startswith("black p0 pen1 ")]
    # a plain sheep, a Dolly laid as green-6, a black sheep
    row = (
        placed(NAME_KIND["red-3"], NAME_FACE["red-3"]),
        placed(NAME_KIND["dolly-green"], NAME_FACE["green-6"]),
        placed(NAME_KIND["black"], BLACK_FACE),
    )
    view = WYPAS.start(3, seed=1).view(0)
    view = attrs.evolve(view, pens=((row, ()), ((), ()), ((), ())))
    pen = wypas_encode(view)[layout_of("wypas", 3).slice("seat+0.pen1")]
    shown = [faces[i] for i, flag in enumerate(pen[: len(faces)]) if flag]
    assert shown == ["red-3", "green-6"]
