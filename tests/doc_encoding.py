"""Reading what a rules page says about its game's encoding: its numbers, formulas and tables.

Every page ``docs/rules/<game>.md`` writes a width, a count or an action's index as a
small formula in numbers and letters (`value`), defines its letters in prose
(`letters`), lists its action vocabulary in one table per player count (`runs`) and
the pieces of a block in a ``| piece | width |`` table (`pieces`). The tests that hold
those pages to the code read them through this module, so there is one reader.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs

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
