"""Reading what a rules page says about its game's encoding: its numbers, formulas and tables.

Every page ``docs/rules/<game>.md`` writes a width, a count or an action's index as a
small formula in numbers and letters (`value`), defines its letters in prose
(`letters`), lists its action vocabulary in one table per player count (`runs`) and
the pieces of a block in a ``| piece | width |`` table (`pieces`). The tests that hold
those pages to the code read them through this module, so there is one reader: one
test module a game, ``tests/test_docs_encoding_<game>.py``, each with the tests every
page gets (`shared_tests`) and its game's own.

Its observation is listed in tables of one form, ``| part | width | meaning |``
(`TABLES`): one part per row, its name in backticks, in the order of the encoded
vector. A width is a number or a sum of products of numbers and letters the page
defines (``7 x 25``, ``n + 1``, ``9 V``, ``23 n``; ``n`` is always the number of
players). A part named ``seat+r.x`` stands for one part per seat, r = 0 .. n - 1; a
part named like ``rowK`` or ``hikeK.x`` for one per K = 1 .. the count the page gives;
rows in a run with the same letter repeat together (``seat+0.a``, ``seat+0.b``,
``seat+1.a``, ...), as the code lays them out. Wypas also gives each part's start: in
the vector, or within the seat's block.

For every player count a game allows, those rows, expanded (`listed`), are exactly the
parts of ``meeple.<game>.encoding.layout(players)``: names, order and widths (and so
the observation size, whose figures `tests/test_rules_page_numbers.py` reads from the
prose). A row added, dropped, moved or resized on the page or in the code fails there.
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from itertools import groupby
from typing import Any

import attrs
import pytest

import meeple
from meeple.core.encoding import Layout
from meeple.testing import random_playout

from .shared import doc_table
from .shared import says


def rules_page(game: str) -> str:
    """The rules page of `game`, from the repository's root."""
    return f"docs/rules/{game}.md"


def backticked(cell: str) -> str:
    """The name a table's first cell gives in backticks (one name per row)."""
    found = re.fullmatch(r"`([^`]+)`", cell)
    assert found, f"{cell!r}: one name per row, in backticks"
    return found[1]


class _Formula:
    """A reader of one formula, token by token (see `value`)."""

    def __init__(self, said: str, letters: Mapping[str, int]) -> None:
        self.said = said
        self.letters = letters
        self.tokens = re.findall(r"\d+|[A-Za-z_]+|\S", said)
        self.at = 0

    def peek(self, ahead: int = 0) -> str | None:
        at = self.at + ahead
        return self.tokens[at] if at < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        assert token is not None, f"{self.said!r} ends too soon"
        self.at += 1
        return token

    def letter(self, token: str) -> int:
        assert token in self.letters, f"{self.said!r}: {token!r} is not defined"
        return self.letters[token]

    def whole(self) -> int:
        result = self.sum()
        assert self.peek() is None, f"{self.said!r}: {self.peek()!r} is not understood"
        return result

    def sum(self) -> int:
        total = self.product()
        while self.peek() in ("+", "-"):
            sign = 1 if self.take() == "+" else -1
            total += sign * self.product()
        return total

    def product(self) -> int:
        result = self.factor()
        while self.peek() not in (None, "+", "-", ")"):
            if self.peek() in ("x", "*"):
                self.take()
            result *= self.factor()
        return result

    def factor(self) -> int:
        token = self.take()
        if token.isdigit():
            return int(token)
        if token != "(":
            return self.letter(token)
        if self.peek(1) == "if":  # (1 if right)
            then = int(self.take())
            self.take()
            inner = then if self.letter(self.take()) else 0
        else:
            inner = self.sum()
        assert self.take() == ")", f"{self.said!r}: a bracket is not closed"
        return inner


def value(said: str, letters: Mapping[str, int]) -> int:
    """A width, count or index as a page writes it: whole numbers and `letters` added
    (``+``), taken away (``-``) and multiplied (``x``, ``*`` or side by side: ``7 x 25``,
    ``23 n``, ``2 (card - 1)``), in brackets, and ``(1 if right)``: 1 when the letter
    ``right`` is not 0, else 0."""
    return _Formula(said, letters).whole()


def letters(game: str, players: int) -> dict[str, int]:
    """The letters `game`'s page uses in its widths and counts, as the page defines them
    for `players` seats (``n`` is always the number of players)."""
    found = {"n": players}
    path = rules_page(game)
    if game == "way_of_bear":
        villages = r"`V` is the number of villages in play: (\d+) with 2-3 .*?, (\d+) with 4\."
        few, most = says(path, villages).groups()
        found["V"] = int(most) if players == 4 else int(few)
        for letter in ("C", "S"):  # by player count, in brackets: (3 with 2 players, 2 with 3-4)
            said = says(path, rf"`{letter}` [^(]*\((\d+) with 2 players, (\d+) with 3-4\)")
            two, more = said.groups()
            found[letter] = int(two) if players == 2 else int(more)
    if game == "bear_mountain":
        found["K"] = int(says(path, r"the two `rowK` parts for K = 1\.\.(\d+)")[1])
        if players == 1:
            found["K"] = int(says(path, r"the five `hikeK` parts repeat for K = 1\.\.(\d+)")[1])
    return found


def pieces(game: str, after: str) -> list[list[str]]:
    """The rows of the first ``| piece | width |`` table of `game`'s page below the line
    holding `after`: the pieces of one block, in order."""
    rows = doc_table(rules_page(game), "| piece | width |", after=after)
    assert rows, f"{rules_page(game)}: the pieces after {after!r} are not listed"
    return rows


@attrs.frozen
class Table:
    """One table of a rules page."""

    after: str
    """Text of the line that leads in to it (the first such line of the page)."""
    players: tuple[int, ...] | None = None
    """The player counts it is about (None: every count)."""
    start: str | None = None
    """``start`` if its third column gives each part's start in the vector,
    ``start in block`` if the start within the seat's block."""


VOCABULARY: dict[str, tuple[Table, ...]] = {
    "wojtek": (Table("**Action vocabulary**"),),
    "way_of_bear": (Table("### Action vocabulary"),),
    "bear_mountain": (
        Table("**2-4 players (", players=(2, 3, 4)),
        Table("**1 player, solo (", players=(1,)),
    ),
    "wypas": (Table("### Action vocabulary"),),
}
"""Each page's action vocabulary table. A vocabulary the same for every player count is
listed by indices, ``| indices | actions |`` (``0``, ``1-7``); one that grows with the
player count by blocks in index order, ``| block | actions | count |``, each count a
`value` in the letters of the page."""

COUNTED: tuple[str, ...] = ("way_of_bear", "wypas")
"""The games whose vocabulary grows with the player count: their tables give counts."""


@attrs.frozen
class Run:
    """One row of a vocabulary table: the actions at indices first .. first + count - 1."""

    first: int
    count: int
    cells: tuple[str, ...]
    """The row's cells; the second describes its actions."""

    @property
    def actions(self) -> str:
        return self.cells[1]


def runs(game: str, players: int) -> list[Run]:
    """Each row of `game`'s vocabulary table for `players` seats, in index order."""
    (table,) = (t for t in VOCABULARY[game] if t.players is None or players in t.players)
    found: list[Run] = []
    at = 0
    if game in COUNTED:
        rows = doc_table(rules_page(game), "| block | actions | count |", after=table.after)
        assert [row[0] for row in rows] == [str(i) for i in range(1, len(rows) + 1)]
        for row in rows:
            found.append(Run(at, value(row[2], letters(game, players)), tuple(row)))
            at += found[-1].count
        return found
    for row in doc_table(rules_page(game), "| indices | actions |", after=table.after):
        first, _, last = row[0].partition("-")
        assert int(first) == at, f"{game}: vocabulary row {row[0]} does not follow index {at - 1}"
        found.append(Run(at, int(last or first) - at + 1, tuple(row)))
        at += found[-1].count
    return found


# -- the observation tables ------------------------------------------------------------

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


def layout_of(game: str, players: int) -> Layout:
    """``meeple.<game>.encoding.layout(players)``: where the code puts each part."""
    layout: Layout = importlib.import_module(f"meeple.{game}.encoding").layout(players)
    return layout


def player_counts(game: str) -> range:
    """The player counts `game` is played with."""
    return meeple.get_game(game).spec.player_counts()


def meaning_of(game: str, part: str, after: str) -> str:
    """The meaning cell of `part` in the observation table of `game`'s page below the
    line holding `after`."""
    rows = doc_table(rules_page(game), HEADER, after=after)
    return next(row[-1] for row in rows if backticked(row[0]) == part)


def names_listed(meaning: str) -> list[str]:
    """The names a meaning cell lists after a colon: ``one-hot: conifer, hardwood, meadow``."""
    found = re.search(r": ([a-z]+(?:, [a-z]+)+)", meaning)
    assert found, f"{meaning!r} lists nothing after a colon"
    return found[1].split(", ")


def vocabulary_of(game: str, players: int) -> list[str]:
    """The notation of each action of `game`'s vocabulary for `players` seats, in order."""
    any_game: Any = meeple.get_game(game)  # action_vocabulary: the encoding capability
    return [str(action) for action in any_game.action_vocabulary(players)]


def _verbs(cell: str) -> set[str]:
    return {quoted.split(" ")[0] for quoted in re.findall(r"`([^`]+)`", cell)}


def _difference(page: Sequence[object], code: Sequence[object]) -> str:
    """Where the page's list and the code's first differ (this module's assertions are
    not rewritten by pytest, so each says what it compared)."""
    at = next(
        (i for i, pair in enumerate(zip(page, code, strict=False)) if pair[0] != pair[1]),
        min(len(page), len(code)),
    )
    return (
        f"from item {at} the page says {list(page[at : at + 3])}, "
        f"the code {list(code[at : at + 3])} ({len(page)} and {len(code)} items)"
    )


PlayersTest = Callable[[int], None]


def shared_tests(game: str) -> tuple[PlayersTest, PlayersTest, PlayersTest]:
    """The tests every game's page gets, for each player count of `game`: its tables
    list the parts of the layout, the starts it gives are the layout's, and its
    vocabulary table covers the vocabulary in order. A game's test module binds them to
    their names, for pytest to collect there."""
    counts = pytest.mark.parametrize("players", player_counts(game))

    @counts
    def test_the_page_lists_the_parts_of_the_layout(players: int) -> None:
        layout = layout_of(game, players)
        page = [(part.name, part.width) for part in listed(game, players)]
        code = [(name, w) for name, _, w in layout.parts]
        assert page == code, _difference(page, code)
        any_game: Any = meeple.get_game(game)  # observation_size: the encoding capability
        size = any_game.observation_size(players)
        assert sum(w for _, w in page) == size, f"observation_size is {size}"

    @counts
    def test_the_starts_the_page_gives_are_the_layouts(players: int) -> None:
        layout = layout_of(game, players)
        for part in listed(game, players):
            if part.start is not None:
                base = layout.start(part.block) if part.block else 0
                start = layout.start(part.name) - base
                assert start == part.start, f"{part.name} starts at {start}"

    @counts
    def test_the_vocabulary_table_covers_the_vocabulary_in_order(players: int) -> None:
        actions = vocabulary_of(game, players)
        said = runs(game, players)
        total = sum(run.count for run in said)
        assert total == len(actions), f"the rows count {total}, the vocabulary {len(actions)}"
        for run in said:
            verbs = {action.split(" ")[0] for action in actions[run.first : run.first + run.count]}
            quoted = re.search(r"`([^`]+)`", run.actions)
            assert quoted, f"{run.actions!r} quotes no action"
            # the row's first action is the first it quotes, and it quotes every kind it holds
            assert actions[run.first].split(" ")[0] == quoted[1].split(" ")[0], run.actions
            assert verbs <= _verbs(run.actions), (run.actions, verbs)

    return (
        test_the_page_lists_the_parts_of_the_layout,
        test_the_starts_the_page_gives_are_the_layouts,
        test_the_vocabulary_table_covers_the_vocabulary_in_order,
    )


def seat_block_test(game: str) -> Callable[[], None]:
    """For a page that lists a seat's parts in a table of their own: the test that the
    block is as long as the page says (`BLOCK`), for the layout of the most players."""

    def test_a_seat_block_is_as_long_as_the_page_says() -> None:
        said = int(says(rules_page(game), BLOCK)[1])
        layout = layout_of(game, max(player_counts(game)))
        code = sum(w for name, _, w in layout.parts if name.startswith("seat+0."))
        assert said == code, f"the page says {said}, the layout has {code}"

    return test_a_seat_block_is_as_long_as_the_page_says


# -- the range of the numbers ----------------------------------------------------------

RANGE = r"Every (?:value|number) lies in \[(-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\]\."
"""How a page says the range its observation's numbers lie in."""


def stated_range(game: str) -> tuple[float, float]:
    """The least and the greatest number `game`'s page says its encoding holds (`RANGE`)."""
    low, high = says(rules_page(game), RANGE).groups()
    return float(low), float(high)


@attrs.frozen
class Extreme:
    """The least or greatest number seen in encoded views, and the view it was seen in."""

    value: float
    where: str


def encoded_extremes(game: str, seeds: Sequence[int], every: int) -> tuple[Extreme, Extreme]:
    """The least and the greatest number `encode_view` writes for views of seeded random
    games of `game` (`meeple.testing.random_playout`), every player count: every seat's
    and a spectator's view of every `every`-th state and of the last. A number that is
    not finite fails the test where it is written."""
    any_game: Any = meeple.get_game(game)  # encode_view: the encoding capability
    lowest, highest = Extreme(math.inf, ""), Extreme(-math.inf, "")
    for players in player_counts(game):
        for seed in seeds:
            _, _, states = random_playout(any_game, players, seed)
            for step in [*range(0, len(states) - 1, every), len(states) - 1]:
                for seat in [*range(players), None]:
                    numbers = any_game.encode_view(states[step].view(seat))
                    where = f"{players} players, seed {seed}, step {step}, seat {seat}"
                    assert math.isfinite(sum(numbers)), where  # no inf, no nan
                    least, most = min(numbers), max(numbers)
                    if least < lowest.value:
                        lowest = Extreme(least, where)
                    if most > highest.value:
                        highest = Extreme(most, where)
    return lowest, highest
