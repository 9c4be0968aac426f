"""Wojtek's rules page, its encoding section read and held to the code.

The tests every page gets (`tests.doc_encoding.shared_tests`): its observation tables
(the global parts, then one block per seat) list ``layout(players)``, and its
vocabulary table covers the vocabulary in order; a seat's block is as long as the page
says (`tests/wojtek/test_encoding.py` reads its vocabulary table and pins its part
names). And, for every game, that each page's tables are read.
"""

from __future__ import annotations

from .doc_encoding import TABLES
from .doc_encoding import seat_block_test
from .doc_encoding import shared_tests
from .shared import BUILT_IN

GAME = "wojtek"

(
    test_the_page_lists_the_parts_of_the_layout,
    test_the_starts_the_page_gives_are_the_layouts,
    test_the_vocabulary_table_covers_the_vocabulary_in_order,
) = shared_tests(GAME)
test_a_seat_block_is_as_long_as_the_page_says = seat_block_test(GAME)


def test_every_built_in_game_has_its_tables_read() -> None:
    assert set(TABLES) == set(BUILT_IN)
