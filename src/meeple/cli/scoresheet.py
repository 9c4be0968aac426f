"""A game's result as a score sheet: one row per player, one column per scoring category.

An `Outcome`'s breakdown is ``(label, value)`` pairs per player; the sheet has a
column for every label any player has (in the order they first appear), the
points in each cell, then the score and the rank. Rich draws it in a terminal
(winners in bold green) and as plain text in a pipe or under ``NO_COLOR``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from ..core.outcome import Outcome

__all__ = ["as_text", "cell", "columns_of", "score_sheet"]


def cell(value: Any) -> str:
    """A breakdown value as a sheet shows it: numbers as they are, lists comma-joined."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ", ".join(cell(v) for v in value)
    if value is None:
        return "-"
    return str(value)


WIDEST = 6
"""Most categories shown as columns; a sheet with more lists its categories down the
side, one column per player, so it fits a terminal of 80 columns."""

Row = tuple[str, list[str], str, str, bool]


def _header(label: str) -> str:
    return label.replace("_", " ").replace("-", " ")


def _categories_down(title: str, labels: list[str], rows: list[Row]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("category", no_wrap=True)
    for who, _, _, _, winner in rows:
        name = f"{who} winner" if winner else who
        table.add_column(name, justify="right", header_style="bold green" if winner else "")
    for index, label in enumerate(labels):
        table.add_row(_header(label), *(cells[index] for _, cells, _, _, _ in rows))
    table.add_section()
    table.add_row("score", *(score for _, _, score, _, _ in rows), style="bold")
    table.add_row("rank", *(rank for _, _, _, rank, _ in rows))
    return table


def _is_pairs(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and bool(value)
        and all(
            isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) and _scalar(v[1])
            for v in value
        )
    )


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, int | float | str | bool)


def columns_of(detail: Sequence[tuple[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """One player's breakdown split into sheet columns and notes.

    A scalar is a column of its own; ``(name, number)`` pairs (a count per
    category) are one column per name; any other list is a note under the sheet.
    """
    columns: dict[str, Any] = {}
    notes: dict[str, Any] = {}
    for label, value in detail:
        if _scalar(value):
            columns[label] = value
        elif _is_pairs(value):
            columns.update(value)
        else:
            notes[label] = value
    return columns, notes


def score_sheet(
    outcome: Outcome, title: str, seats: Sequence[str] | None = None
) -> tuple[Table, list[str]]:
    """The sheet of `outcome` and its notes (lists too long for a cell), one line each;
    `seats` names who played each seat (a bot spec, human)."""
    split = [columns_of(detail) for detail in outcome.details]
    labels: list[str] = []
    for columns, _ in split:
        labels.extend(label for label in columns if label not in labels)
    rows = [
        (
            f"{p}" if seats is None else f"{p} ({seats[p]})",
            [cell(split[p][0][label]) if label in split[p][0] else "" for label in labels],
            str(score),
            str(outcome.ranks[p]),
            p in outcome.winners,
        )
        for p, score in enumerate(outcome.scores)
    ]
    notes = [
        f"player {p} {label}: {cell(value)}"
        for p, (_, extra) in enumerate(split)
        for label, value in extra.items()
    ]
    if len(labels) > WIDEST:
        return _categories_down(title, labels, rows), notes
    table = Table(title=title, title_justify="left")
    table.add_column("player", no_wrap=True)
    for label in labels:
        table.add_column(_header(label), justify="right")
    table.add_column("score", justify="right", style="bold")
    table.add_column("rank", justify="right")
    for who, cells, score, rank, winner in rows:
        table.add_row(
            f"{who} winner" if winner else who,
            *cells,
            score,
            rank,
            style="bold green" if winner else None,
        )
    return table, notes


def as_text(table: Table, width: int = 80) -> str:
    """The sheet drawn as plain text (for a front end that prints lines of its own)."""
    console = Console(width=width, color_system=None, highlight=False)
    with console.capture() as captured:
        console.print(table)
    return captured.get().rstrip("\n")
