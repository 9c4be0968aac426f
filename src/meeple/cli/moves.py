"""The numbered list of legal moves a human chooses from, short or long.

A short list is one move a line. A long one (Wypas offers a hundred bids and pens
at once) would scroll the table off the screen, so it is folded: neighbouring moves
that begin with the same word share a line, led by the words they all begin with::

    pen 1: 2. orange-4   3. yellow-2   4. super as red-1   5. super as red-2 ...
    place: 6. black v03   7. blue v03   8. white v03 ...

Every move keeps its number, in the order of ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any
from typing import Final

__all__ = ["FOLD_FROM", "numbered"]

FOLD_FROM: Final = 20
"""Lists of this many moves or more are folded."""


def numbered(actions: Sequence[Any], width: int = 80) -> list[str]:
    """Lines listing `actions` numbered from 1, folded when long, none wider than
    `width` (a single entry wider than that stands alone on its line)."""
    if len(actions) < FOLD_FROM:
        return [f"  {number:3d}. {action}" for number, action in enumerate(actions, 1)]
    notations = [str(action).split() for action in actions]
    lines: list[str] = []
    number = 1
    for _, run in groupby(notations, key=lambda words: words[:1]):
        group = list(run)
        shared = _common_prefix(group) if len(group) > 1 else []
        lead = f"  {' '.join(shared)}: " if shared else "  "
        cells = [f"{number + i}. {' '.join(words[len(shared) :])}" for i, words in enumerate(group)]
        lines += _fill(lead, cells, width)
        number += len(group)
    return lines


def _common_prefix(group: Sequence[Sequence[str]]) -> list[str]:
    """The words every notation of `group` begins with, leaving each at least one."""
    shortest = min(len(words) for words in group)
    shared: list[str] = []
    for i in range(shortest - 1):
        if any(words[i] != group[0][i] for words in group):
            break
        shared.append(group[0][i])
    return shared


def _fill(lead: str, cells: Sequence[str], width: int) -> list[str]:
    """`cells` after `lead`, three spaces apart, continued under the first cell."""
    lines: list[str] = []
    line = lead
    indent = " " * len(lead)
    for cell in cells:
        if line not in (lead, indent) and len(line) + len(cell) > width:
            lines.append(line.rstrip())
            line = indent
        line += cell + "   "
    lines.append(line.rstrip())
    return lines
