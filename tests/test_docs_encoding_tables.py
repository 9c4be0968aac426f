"""The observation tables of each rules page, read from the page and held to the code.

Every page ``docs/rules/<game>.md`` lists the parts of its observation encoding in
tables of one form, ``| part | width | meaning |``: one part per row, its name in
backticks, in the order of the encoded vector. A width is a number or a sum of
products of numbers and letters the page defines (``7 x 25``, ``n + 1``, ``9 V``,
``23 n``; ``n`` is always the number of players). A part named ``seat+r.x`` stands for
one part per seat, r = 0 .. n - 1; a part named like ``rowK`` or ``hikeK.x`` for one
per K = 1 .. the count the page gives; rows in a run with the same letter repeat
together (``seat+0.a``, ``seat+0.b``, ``seat+1.a``, ...), as the code lays them out.
Wypas also gives each part's start: in the vector, or within the seat's block.

For every player count a game allows, those rows, expanded, are exactly the parts of
``meeple.<game>.encoding.layout(players)``: names, order and widths (and so the
observation size, whose figures `tests/test_rules_page_numbers.py` reads from the
prose). A row added, dropped, moved or resized on the page or in the code fails here.

The action vocabulary tables are read too (`tests.doc_encoding.VOCABULARY`): their rows
cover the vocabulary in order, each row's actions where the row puts them; the index
formulas the pages give (Bear Went Over the Mountain's last column, The Way of the
Bear's placements) give every action's index. So are the tables of a block's pieces,
``| piece | width |``: Bear Went Over the Mountain's card features, The Way of the
Bear's seat block and turn block and Wypas's pen block, each held to what the encoder
writes. Bear
Went Over the Mountain's scales tables give the number each count is divided by: the
encoder divides by exactly those, and each sights bound is the whole deck's total.
Wypas's prose gives its other divisors (per kind, the maxima, the scalars' and flags'
``/ N``): a view with every such count set, some over their maxima, is encoded and
each number compared with the count over the page's divisor, clipped to 1.
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from collections.abc import Mapping
from itertools import accumulate
from itertools import groupby
from typing import Any

import attrs
import pytest

import meeple
from meeple.bear_mountain.components import ANIMALS
from meeple.bear_mountain.components import CARD_IDS
from meeple.bear_mountain.components import CARDS
from meeple.bear_mountain.components import HABITATS
from meeple.bear_mountain.components import SCORE_CARDS
from meeple.bear_mountain.components import SOLO_SCORES
from meeple.bear_mountain.encoding import CARD_FEATURE_SIZE
from meeple.bear_mountain.encoding import CARD_FEATURES
from meeple.bear_mountain.encoding import HIKE_BLOCK
from meeple.bear_mountain.encoding import HIKE_BLOCK_SIZE
from meeple.bear_mountain.encoding import encode_view as bear_encode
from meeple.bear_mountain.scoring import sights as scoring_sights
from meeple.bear_mountain.view import View as BearView
from meeple.core.encoding import Layout
from meeple.way_of_bear import GAME as WOB
from meeple.way_of_bear.components import CARDS as WOB_CARDS
from meeple.way_of_bear.components import COLOURS as WOB_COLOURS
from meeple.way_of_bear.components import MOD_NAMES as WOB_MOD_NAMES
from meeple.way_of_bear.components import NEIGHBOURS as WOB_NEIGHBOURS
from meeple.way_of_bear.encoding import SEAT_SIZE as WOB_SEAT_SIZE
from meeple.way_of_bear.encoding import encode_view as wob_encode
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

from .doc_encoding import Table
from .doc_encoding import backticked
from .doc_encoding import letters
from .doc_encoding import pieces
from .doc_encoding import rules_page
from .doc_encoding import runs
from .doc_encoding import value
from .shared import BUILT_IN
from .shared import doc_table
from .shared import prose
from .shared import says

HEADER = "| part | width |"
"""How every observation table of a rules page begins."""


TABLES: dict[str, tuple[Table, ...]] = {
    "wojtek": (Table("The parts, in order"), Table("Then one block of")),
    "way_of_bear": (Table("The parts, in order"),),
    "bear_mountain": (
        Table("**header** (every player count)"),
        Table("**2-4 players**, after the header", players=(2, 3, 4)),
        Table("**1 player (solo)**, after the header", players=(1,)),
    ),
    "wypas": (
        Table("The parts, in order", start="start"),
        Table("Then one block of", start="start in block"),
    ),
}
"""Each page's observation tables, in the order of the encoded vector."""

BLOCK = r"Then one block of (\d+) (?:numbers|values) per seat"
"""How a page that lists a seat's parts in a table of their own says the block's size."""


def _letter(name: str) -> str | None:
    """``r`` for a part of every seat, ``K`` for one of every row or hike, else None."""
    if name.startswith("seat+r."):
        return "r"
    return "K" if re.match(r"[a-z_]+K(\.|$)", name) else None


def _named(name: str, letter: str | None, i: int) -> str:
    if letter == "r":
        return name.replace("seat+r.", f"seat+{i}.", 1)
    if letter == "K":
        return re.sub(r"K(?=\.|$)", str(i), name, count=1)
    return name


@attrs.frozen
class Part:
    """One part as a page lists it, for one player count."""

    name: str
    width: int
    start: int | None
    """The start the page gives, if it gives one."""
    block: str | None
    """With a start in the block: the name of the block's first part."""


def listed(game: str, players: int) -> list[Part]:
    """The parts `game`'s page lists for `players` seats, in order, repeats expanded."""
    said_letters = letters(game, players)
    counts = {"r": range(players), "K": range(1, said_letters.get("K", 0) + 1)}
    parts: list[Part] = []
    for table in TABLES[game]:
        if table.players is not None and players not in table.players:
            continue
        header = HEADER + (f" {table.start} |" if table.start else "")
        rows = doc_table(rules_page(game), header, after=table.after)
        assert rows, f"{rules_page(game)}: the table after {table.after!r} is empty"
        for letter, run in groupby(rows, key=lambda row: _letter(backticked(row[0]))):
            cells = list(run)
            for i in counts[letter] if letter else (0,):
                first = _named(backticked(cells[0][0]), letter, i)
                parts += [
                    Part(
                        _named(backticked(row[0]), letter, i),
                        value(row[1], said_letters),
                        int(row[2]) if table.start else None,
                        first if table.start == "start in block" else None,
                    )
                    for row in cells
                ]
    return parts


def _layout(game: str, players: int) -> Layout:
    layout: Layout = importlib.import_module(f"meeple.{game}.encoding").layout(players)
    return layout


CASES = [(game, n) for game in BUILT_IN for n in meeple.get_game(game).spec.player_counts()]


def test_every_built_in_game_has_its_tables_read() -> None:
    assert set(TABLES) == set(BUILT_IN)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_page_lists_the_parts_of_the_layout(game: str, players: int) -> None:
    layout = _layout(game, players)
    page = [(part.name, part.width) for part in listed(game, players)]
    assert page == [(name, w) for name, _, w in layout.parts]
    any_game: Any = meeple.get_game(game)  # observation_size: the encoding capability
    assert sum(w for _, w in page) == any_game.observation_size(players)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_starts_the_page_gives_are_the_layouts(game: str, players: int) -> None:
    layout = _layout(game, players)
    for part in listed(game, players):
        if part.start is not None:
            base = layout.start(part.block) if part.block else 0
            assert layout.start(part.name) - base == part.start, part.name


@pytest.mark.parametrize("game", ["wojtek", "wypas"])
def test_a_seat_block_is_as_long_as_the_page_says(game: str) -> None:
    said = int(says(rules_page(game), BLOCK)[1])
    layout = _layout(game, max(meeple.get_game(game).spec.player_counts()))
    assert said == sum(w for name, _, w in layout.parts if name.startswith("seat+0."))


def test_the_bear_mountain_hike_block_is_the_codes() -> None:
    page = rules_page("bear_mountain")
    rows = doc_table(page, HEADER, after="**Hike block**")
    assert [(backticked(row[0]), value(row[1], {})) for row in rows] == list(HIKE_BLOCK)
    assert int(says(page, r"\*\*Hike block\*\* \((\d+), one per hike")[1]) == HIKE_BLOCK_SIZE


def _meaning(game: str, part: str, after: str) -> str:
    rows = doc_table(rules_page(game), HEADER, after=after)
    return next(row[-1] for row in rows if backticked(row[0]) == part)


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
    layout = _layout("wypas", players)

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
    scalars = _meaning("wypas", "scalars", "The parts, in order").split(", ")
    divided = [(i, re.fullmatch(r"(.+) / (\d+)", item)) for i, item in enumerate(scalars)]
    assert {said[1] for _, said in divided if said} == set(counts)
    for i, said in divided:
        if said:
            count = counts[said[1]] / int(said[2])
            assert part("scalars")[i] == pytest.approx(min(1, count)), said[0]
    hand, bid, laid, points, fleeces = map(int, says(page, WYPAS_MAXIMA).groups())
    flags = _meaning("wypas", "seat+r.flags", "Then one block of").split("; ")
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
    layout = _layout("wypas", players)
    assert int(said[1]) == layout.start("seat+0.hand")
    # the counts the adapters' section gives for the deck: a per-kind part, a face one-hot
    kinds, faces = says(rules_page("wypas"), r"\((\d+) card kinds, (\d+) faces\)").groups()
    assert (int(kinds), int(faces)) == (layout.width("discard"), layout.width("pending.face"))
    assert (int(kinds), int(faces)) == (len(KIND_COUNT), len(FACES))


def test_the_wypas_scalars_are_listed_in_the_codes_order() -> None:
    assert _meaning("wypas", "scalars", "The parts, in order").split(", ") == list(SCALARS)


def test_the_wypas_flags_are_listed_in_the_codes_order() -> None:
    said = _meaning("wypas", "seat+r.flags", "Then one block of").split("; ")
    # a flag may be explained in brackets after its name
    assert [item.split(" (")[0] for item in said] == [flag.split(" (")[0] for flag in FLAGS]


# -- the action vocabulary -------------------------------------------------------------


def _verbs(cell: str) -> set[str]:
    return {quoted.split(" ")[0] for quoted in re.findall(r"`([^`]+)`", cell)}


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_vocabulary_table_covers_the_vocabulary_in_order(game: str, players: int) -> None:
    any_game: Any = meeple.get_game(game)  # action_vocabulary: the encoding capability
    vocabulary = [str(action) for action in any_game.action_vocabulary(players)]
    listed = runs(game, players)
    assert sum(run.count for run in listed) == len(vocabulary)
    for run in listed:
        verbs = {action.split(" ")[0] for action in vocabulary[run.first : run.first + run.count]}
        quoted = re.search(r"`([^`]+)`", run.actions)
        assert quoted, f"{run.actions!r} quotes no action"
        # the row's first action is the first it quotes, and it quotes every kind it holds
        assert vocabulary[run.first].split(" ")[0] == quoted[1].split(" ")[0], run.actions
        assert verbs <= _verbs(run.actions), (run.actions, verbs)


# -- the index formulas ----------------------------------------------------------------


def _vocabulary(game: str, players: int) -> list[str]:
    any_game: Any = meeple.get_game(game)  # action_vocabulary: the encoding capability
    return [str(action) for action in any_game.action_vocabulary(players)]


SOLO_ORDER: tuple[str, ...] = tuple(s.slug for s in SCORE_CARDS if s.id in SOLO_SCORES)
"""The solo score cards in id order: the j-th is j = 1 .. 13 of the page's formulas."""


def _bear_letters(action: str) -> dict[str, int]:
    """The letters of Bear Went Over the Mountain's index column for one action, read
    from its notation: slot (``take 3``), card (``c07``), hike (``hike3``), j (the solo
    score card's place in id order, from 1) and right (1 for a right end)."""
    found = {"right": int(action.endswith(" right"))}
    for word in action.split()[1:]:
        if word.isdigit():
            found["slot"] = int(word)
        elif card := re.fullmatch(r"c(\d+)", word):
            found["card"] = int(card[1])
        elif hike := re.fullmatch(r"hike(\d+)", word):
            found["hike"] = int(hike[1])
        elif word in SOLO_ORDER:
            found["j"] = SOLO_ORDER.index(word) + 1
    return found


@pytest.mark.parametrize("players", meeple.get_game("bear_mountain").spec.player_counts())
def test_the_bear_mountain_index_column_gives_every_actions_index(players: int) -> None:
    vocabulary = _vocabulary("bear_mountain", players)
    for run in runs("bear_mountain", players):
        formula = run.cells[2]
        for index in range(run.first, run.first + run.count):
            action = vocabulary[index]
            assert value(formula, _bear_letters(action)) == index, (action, formula)
        # the solo score cards the row numbers by name: `most-bluebirds` is j = 1
        for slug, j in re.findall(r"`([a-z-]+)` is j = (\d+)", run.actions):
            assert _bear_letters(f"assign {slug}")["j"] == int(j), run.actions


@pytest.mark.parametrize("players", meeple.get_game("way_of_bear").spec.player_counts())
def test_the_way_of_bear_placement_index_is_the_pages_formula(players: int) -> None:
    page = rules_page("way_of_bear")
    formula = says(page, r"A placement's index is `([^`]+)`")[1]
    colours = says(page, r"Colours are ordered ([a-z, ]+) \(the data's order\)")[1].split(", ")
    assert colours == list(WOB_COLOURS)
    vocabulary = _vocabulary("way_of_bear", players)
    places = [(index, action) for index, action in enumerate(vocabulary) if "place" in action]
    assert len(places) == 4 * letters("way_of_bear", players)["V"]
    for index, action in places:
        _, colour, village = action.split()
        said = {"village": int(village.removeprefix("v")), "colour": colours.index(colour)}
        assert value(formula, said) == index, (action, formula)
    example, worked, said_index = says(page, r"`(place [a-z]+ v\d+)` is ([\d +]+) = (\d+)").groups()
    assert vocabulary.index(example) == value(worked, {}) == int(said_index)


# -- the pieces of a block -------------------------------------------------------------


def _listed(meaning: str) -> list[str]:
    """The names a meaning cell lists after a colon: ``one-hot: conifer, hardwood, meadow``."""
    found = re.search(r": ([a-z]+(?:, [a-z]+)+)", meaning)
    assert found, f"{meaning!r} lists nothing after a colon"
    return found[1].split(", ")


def test_the_bear_mountain_card_features_are_the_pages() -> None:
    rows = pieces("bear_mountain", "**Card features**")
    page = rules_page("bear_mountain")
    said = int(says(page, r"\*\*Card features\*\* \((\d+) numbers for one card")[1])
    assert said == sum(value(row[1], {}) for row in rows) == CARD_FEATURE_SIZE
    habitats = _listed(rows[0][3])
    lowest, highest = re.findall(r"[-+]?\d+", rows[3][3])
    assert {card.elevation for card in CARDS} == set(range(int(lowest), int(highest) + 1))
    for card in CARD_IDS:
        data = CARDS[card - 1]
        shown = {
            "left_habitat": [int(HABITATS[data.left] == h) for h in habitats],
            "right_habitat": [int(HABITATS[data.right] == h) for h in habitats],
            "animals": [
                [ANIMALS[a] for a in data.animals].count(kind) for kind in _listed(rows[2][3])
            ],
            "elevation": [data.elevation],
        }
        features: list[float] = []
        for piece, size, divisor, _ in rows:
            numbers = shown[backticked(piece)]
            assert len(numbers) == value(size, {}), piece
            features += [number / value(divisor, {}) for number in numbers]
        assert features == pytest.approx(CARD_FEATURES[card]), f"c{card:02}"


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
    encoded = wob_encode(view)[_layout("way_of_bear", players).slice("seats")]
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
        == _layout("way_of_bear", players).width("turn")
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
        "extra": [int(view.extra == e) for e in _listed(meanings["extra"])],
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
    assert wob_encode(view)[_layout("way_of_bear", players).slice("turn")] == pytest.approx(block)


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
    layout = _layout("wypas", players)
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
    actions = _vocabulary("wypas", 3)[block.first : block.first + block.count]
    faces = [action.split()[-1] for action in actions if action.startswith("black p0 pen1 ")]
    # a plain sheep, a Dolly laid as green-6, a black sheep
    row = (
        placed(NAME_KIND["red-3"], NAME_FACE["red-3"]),
        placed(NAME_KIND["dolly-green"], NAME_FACE["green-6"]),
        placed(NAME_KIND["black"], BLACK_FACE),
    )
    view = WYPAS.start(3, seed=1).view(0)
    view = attrs.evolve(view, pens=((row, ()), ((), ()), ((), ())))
    pen = wypas_encode(view)[_layout("wypas", 3).slice("seat+0.pen1")]
    shown = [faces[i] for i, flag in enumerate(pen[: len(faces)]) if flag]
    assert shown == ["red-3", "green-6"]


# -- the scales ------------------------------------------------------------------------


def _bear_scales(header: str, after: str) -> dict[str, int]:
    """Each name a Bear Went Over the Mountain scales table gives in its first cell, in
    backticks, with the number its count is divided by."""
    rows = doc_table(rules_page("bear_mountain"), header, after=after)
    return {name: value(row[1], {}) for row in rows for name in re.findall(r"`([^`]+)`", row[0])}


def _deck_total(slug: str) -> int:
    """What the whole deck shows of what score card `slug` counts, from the card data."""
    (card,) = (s for s in SCORE_CARDS if s.slug == slug)
    if card.kind == "animals":
        return sum(ANIMALS[a] in card.counts for c in CARDS for a in c.animals)
    if card.kind == "habitat":
        return sum((HABITATS[c.left], HABITATS[c.right]).count(card.counts[0]) for c in CARDS)
    sign = 1 if card.counts == ("up",) else -1
    return sum(max(0, sign * c.elevation) for c in CARDS)


def test_the_bear_mountain_sights_are_divided_by_the_decks_totals() -> None:
    bounds = _bear_scales("| score card | divided by |", "Scales: every count")
    assert set(bounds) == {s.slug for s in SCORE_CARDS}
    assert bounds == {slug: _deck_total(slug) for slug in bounds}
    rows = doc_table(rules_page("bear_mountain"), "| score card | divided by |", after="Scales")
    climbs = [row for row in rows if "cards of" in row[2]]
    assert len(climbs) == 2, "the mountain's rises and the valley's drops, card by card"
    for row in climbs:
        said = {int(e): int(k) for k, e in re.findall(r"(\d+) (?:cards )?of ([-+]\d)", row[2])}
        sign = 1 if "+" in row[2] else -1
        counted = Counter(c.elevation for c in CARDS if sign * c.elevation > 0)
        assert said == counted, row[0]
        assert sum(k * abs(e) for e, k in said.items()) == value(row[1], {}), row[0]


def _bear_view(players: int) -> BearView:
    """A Bear Went Over the Mountain view with hikes of 12, 3, 6 and 9 cards (the first
    longer than a standard hike), every seat's hand and selected cards different."""
    hikes = tuple(tuple(range(1 + 12 * r, 1 + 12 * r + (12, 3, 6, 9)[r])) for r in range(4))
    if players == 1:
        view = meeple.start("bear_mountain", players=1, seed=1).view(0)
        assert isinstance(view, BearView)
        return attrs.evolve(view, hikes=(*hikes, (36,)), deck_count=33)
    view = meeple.start("bear_mountain", players=players, seed=1, mode="draft").view(0)
    assert isinstance(view, BearView)
    hands, picks = (10, 7, 2, 9)[:players], (4, 1, 0, 3)[:players]
    return attrs.evolve(
        view, hikes=hikes[:players], deck_count=7, hand_counts=hands, pick_counts=picks
    )


@pytest.mark.parametrize("players", meeple.get_game("bear_mountain").spec.player_counts())
def test_the_bear_mountain_counts_are_divided_as_the_page_says(players: int) -> None:
    sights = _bear_scales("| score card | divided by |", "Scales: every count")
    scales = _bear_scales("| count | divided by |", "The other counts")
    block = doc_table(rules_page("bear_mountain"), HEADER, after="**Hike block**")
    starts = dict(
        zip(
            (backticked(row[0]) for row in block),
            accumulate((value(row[1], {}) for row in block), initial=0),
            strict=False,
        )
    )
    view = _bear_view(players)
    layout = _layout("bear_mountain", players)
    encoded = bear_encode(view)
    assert encoded[layout.slice("deck")] == pytest.approx([view.deck_count / scales["deck"]])
    names = (
        [f"hike{k}" for k in range(1, letters("bear_mountain", 1)["K"] + 1)]
        if players == 1
        else [f"seat+{r}.hike" for r in range(players)]
    )
    for name, hike in zip(names, view.hikes, strict=True):
        shown = encoded[layout.slice(name)]
        at = starts["sights"]
        expected = [scoring_sights(hike)[s.id - 1] / sights[s.slug] for s in SCORE_CARDS]
        assert shown[at : at + len(SCORE_CARDS)] == pytest.approx(expected), name
        length = shown[starts["length"]]
        assert length == pytest.approx(min(1.0, len(hike) / scales["length"])), name
    if players == 1:
        return
    claimed = [
        {i for i, flag in enumerate(encoded[layout.slice(f"seat+{r}.claims")]) if flag}
        for r in range(players)
    ]
    for r in range(players):
        others = set().union(*(claimed[o] for o in range(players) if o != r))
        counts = {
            "points": len(claimed[r]),
            "shared": len(claimed[r] & others),
            "hand_count": view.hand_counts[r],
            "pick_count": view.pick_counts[r],
        }
        for part, count in counts.items():
            said = encoded[layout.slice(f"seat+{r}.{part}")]
            assert said == pytest.approx([count / scales[f"seat+r.{part}"]]), (r, part)
