"""A game's result as a score sheet: one row per player, one column per scoring category.

An `Outcome`'s breakdown is ``(label, value)`` pairs per player; the sheet has a
column for every label any player has (in the order they first appear), the
points in each cell, then the score and the rank. A list of labels that names
columns (the score cards a player claimed) marks those cells with ``*`` instead of
being written out; any other list too long for a cell is a note under the sheet.

The sheet is drawn at the width it is given: when its columns do not fit side by
side, the categories continue in a second band of rows under the first (the player
column repeated), as a wide sheet is printed on paper, so it is always one row per
player and one column per category. Rich draws it in colour on a terminal (winners
in bold green, with the word "winner" beside them) and as plain text in a pipe or
under ``NO_COLOR``.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Sequence
from typing import Any

import attrs
from rich.console import Console
from rich.console import ConsoleOptions
from rich.table import Table
from rich.text import Text

from ..core.outcome import Outcome

__all__ = ["MARK", "Row", "ScoreSheet", "cell", "columns_of", "score_sheet"]

MARK = "*"
"""Beside a category's points when the player's breakdown lists that category (a claimed
score card)."""

WINNER = "bold green"
"""The winners' rows (the word "winner" stays beside the seat)."""


def cell(value: Any) -> str:
    """A breakdown value as a sheet shows it: numbers as they are, ``(name, number)``
    pairs as ``name number``, lists comma-joined (``;`` between lists, or when an item
    has a comma of its own)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, tuple | list):
        if not value:
            return "none"
        if _is_pairs(value):
            return ", ".join(f"{name} {cell(v)}" for name, v in value)
        items = [cell(v) for v in value]
        nested = any(isinstance(v, tuple | list) for v in value)
        return ("; " if nested or any(", " in i for i in items) else ", ").join(items)
    return str(value)


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, int | float | str | bool)


def _is_pairs(value: Any) -> bool:
    return (
        isinstance(value, tuple | list)
        and bool(value)
        and all(
            isinstance(v, tuple | list) and len(v) == 2 and isinstance(v[0], str) and _scalar(v[1])
            for v in value
        )
    )


def _is_numbers(value: Any) -> bool:
    return isinstance(value, tuple | list) and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in value
    )


def _fits_a_cell(value: Any) -> bool:
    return _scalar(value) or _is_numbers(value)


def columns_of(
    details: Sequence[Sequence[tuple[str, Any]]],
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Each player's breakdown split into sheet columns and notes, the same way for all.

    A label whose value fits a cell for every player (a scalar, or a list of numbers
    such as set sizes) is a column; ``(name, number)`` pairs (a count per category)
    are one column per name; any other list is a note, for every player alike.
    """
    as_cells = {
        label
        for detail in details
        for label, _ in detail
        if all(_fits_a_cell(v) for d in details for name, v in d if name == label)
    }
    split: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for detail in details:
        columns: dict[str, Any] = {}
        notes: dict[str, Any] = {}
        for label, value in detail:
            if label in as_cells:
                columns[label] = value
            elif _is_pairs(value):
                columns.update(value)
            else:
                notes[label] = value
        split.append((columns, notes))
    return split


@attrs.frozen
class Row:
    """One player's line of the sheet, as text."""

    who: str
    cells: tuple[str, ...]
    score: str
    rank: str
    winner: bool


@attrs.frozen
class ScoreSheet:
    """A rich renderable: the title, the sheet in as many bands as the width needs, the
    notes."""

    title: str
    labels: tuple[str, ...]
    rows: tuple[Row, ...]
    notes: tuple[tuple[str, str], ...]
    """Lists too long for a cell, as (whose and what, the list), one line each."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Any]:
        """Drawn for `options.max_width`: bands of categories that fit side by side."""
        yield Text(self.title, style="bold")
        for band in self._bands(options.max_width):
            yield self._table(band, options.max_width)
        if self.notes:
            notes = Table.grid(padding=(0, 1))
            notes.add_column(no_wrap=True)
            notes.add_column()  # a long list wraps under itself, not under its label
            for label, text in self.notes:
                notes.add_row(label, text)
            yield notes

    def _columns(self) -> list[tuple[str, list[str]]]:
        score = ("score", [row.score for row in self.rows])
        rank = ("rank", [row.rank for row in self.rows])
        cats = [(label, [row.cells[i] for row in self.rows]) for i, label in enumerate(self.labels)]
        return [*cats, score, rank]

    def _table(self, band: Sequence[tuple[str, list[str]]], width: int) -> Table:
        table = Table(header_style="bold")
        table.add_column("player", no_wrap=True)
        for (label, _), room in zip(band, _widths(self._who(), band, width), strict=True):
            style = "bold" if label == "score" else ""
            table.add_column(_header(label), justify="right", width=room, style=style)
        for index, row in enumerate(self.rows):
            table.add_row(
                f"{row.who} winner" if row.winner else row.who,
                *(cells[index] for _, cells in band),
                style=WINNER if row.winner else None,
            )
        return table

    def _who(self) -> int:
        """The player column's width."""
        return max(len(n) for n in ("player", *(f"{r.who} winner" for r in self.rows)))

    def _bands(self, width: int) -> list[list[tuple[str, list[str]]]]:
        """The columns in bands, each as many as fit in `width` beside the player column
        at their narrowest, evened out: as few bands as `width` allows, none wider than
        it needs to be (so the last band is not the score alone)."""
        columns = self._columns()
        bands = self._packed(columns, width)
        while width > 1 and len(evener := self._packed(columns, width - 1)) == len(bands):
            bands, width = evener, width - 1
        return bands

    def _packed(self, columns: list[tuple[str, list[str]]], width: int) -> list[list[Any]]:
        bands: list[list[tuple[str, list[str]]]] = [[]]
        for column in columns:
            trial = [*bands[-1], column]
            if bands[-1] and _overhead(self._who(), trial) + sum(_least(*c) for c in trial) > width:
                bands.append([column])
            else:
                bands[-1] = trial
        return bands


def _overhead(who: int, band: Sequence[Any]) -> int:
    """Width of a band besides its category cells: the player column, and three
    characters of padding and rule per column (`Table`'s default box)."""
    return 1 + 3 + who + 3 * len(band)


def _least(label: str, cells: Sequence[str]) -> int:
    """How narrow a column can be: its header's longest word, its widest cell (a header
    may wrap onto lines, a number never breaks)."""
    return max(len(w) for w in (*_header(label).split(), *cells))


def _widths(who: int, band: Sequence[tuple[str, list[str]]], width: int) -> list[int]:
    """Each column's width in a band: its narrowest, then, while `width` lasts, room for
    the tallest headers to take one line fewer, until the header row is as short as it
    can be (widths are set here because rich's own shrinking can overshoot)."""
    headers = [_header(label) for label, _ in band]
    widths = [_least(label, cells) for label, cells in band]
    spare = width - _overhead(who, band) - sum(widths)
    while (height := max(_lines(h, w) for h, w in zip(headers, widths, strict=True))) > 1:
        wider = {
            i: next(n for n in range(w, len(h) + 1) if _lines(h, n) < height)
            for i, (h, w) in enumerate(zip(headers, widths, strict=True))
            if _lines(h, w) == height
        }
        cost = sum(n - widths[i] for i, n in wider.items())
        if cost > spare:
            break
        spare -= cost
        for i, n in wider.items():
            widths[i] = n
    for i in sorted(range(len(band)), key=lambda i: len(headers[i]) - widths[i]):
        if 0 < len(headers[i]) - widths[i] <= spare:  # what is left: whole headers, cheapest first
            spare -= len(headers[i]) - widths[i]
            widths[i] = len(headers[i])
    return widths


def _lines(text: str, width: int) -> int:
    """How many lines `text` takes wrapped at words to `width` (rich wraps the same)."""
    lines, used = 1, -1
    for word in text.split():
        if used + 1 + len(word) > width and used >= 0:
            lines, used = lines + 1, len(word)
        else:
            used += 1 + len(word)
    return lines


def _header(label: str) -> str:
    return label.replace("_", " ").replace("-", " ")


def _marked(labels: list[str], split: list[tuple[dict[str, Any], dict[str, Any]]]) -> set[str]:
    """Note labels whose every value is a list of column labels (claimed score cards)."""
    return {
        name
        for _, notes in split
        for name, value in notes.items()
        if isinstance(value, tuple) and value and all(v in labels for v in value)
    }


def score_sheet(outcome: Outcome, title: str, seats: Sequence[str] | None = None) -> ScoreSheet:
    """The sheet of `outcome`; `seats` names who played each seat (a bot spec, human)."""
    split = columns_of(outcome.details)
    labels: list[str] = []
    for columns, _ in split:
        labels.extend(label for label in columns if label not in labels)
    marking = _marked(labels, split)
    marks = [{v for name in marking for v in notes.get(name, ())} for _, notes in split]
    marked_columns = {label for chosen in marks for label in chosen}

    def shown(p: int, label: str) -> str:
        if label not in split[p][0]:
            return ""
        text = cell(split[p][0][label])
        if label in marked_columns:  # a space where others have the mark keeps digits aligned
            text += MARK if label in marks[p] else " "
        return text

    rows = tuple(
        Row(
            who=f"{p}" if seats is None else f"{p} ({seats[p]})",
            cells=tuple(shown(p, label) for label in labels),
            score=str(score),
            rank=str(outcome.ranks[p]),
            winner=p in outcome.winners,
        )
        for p, score in enumerate(outcome.scores)
    )
    notes = [
        (f"player {p} {_header(label)}:", cell(value))
        for p, (_, extra) in enumerate(split)
        for label, value in extra.items()
        if label not in marking
    ]
    notes += [(f"{MARK}:", f"among the player's {_header(name)}") for name in sorted(marking)]
    return ScoreSheet(title, tuple(labels), rows, tuple(notes))
