"""The text picture of a view: the village map, temples, reserves, player boards; plain
for logs and pipes, the steles in their colours for terminals."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .components import CAPACITY
from .components import CARDS
from .components import COLOUR_LETTERS
from .components import COLOURS
from .components import KIND_SEALS
from .components import KIND_TYPE
from .components import NEIGHBOURS
from .components import OFF_BOARD
from .components import TEMPLE_SPACES
from .components import TOKEN_BASE
from .components import TYPE_LETTERS
from .components import TYPES
from .components import VILLAGE_COL
from .components import VILLAGE_ROW
from .components import VILLAGES
from .palette import MARK
from .palette import SEAL
from .palette import STELE
from .view import View

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["legend", "render", "render_styled"]

_CELL = 6


def _cell_text(v: int, cell: int) -> str:
    num = VILLAGES[v][1:]
    if cell == OFF_BOARD:
        return " " * _CELL
    if cell < TOKEN_BASE:
        return f"{num}[{COLOUR_LETTERS[cell]}]"
    kind = cell - TOKEN_BASE
    seal = "*" if KIND_SEALS[kind] else " "
    return f"{num}:{TYPE_LETTERS[KIND_TYPE[kind]]}{seal} "[:_CELL].ljust(_CELL)


def _map(view: View) -> list[str]:
    where = {(VILLAGE_ROW[v], VILLAGE_COL[v]): v for v in range(len(VILLAGES))}
    rows = max(VILLAGE_ROW) + 1
    cols = max(VILLAGE_COL) + 1
    lines: list[str] = []
    for r in range(rows):
        top, below = [], []
        for c in range(cols):
            v = where.get((r, c))
            live = v is not None and view.board[v] != OFF_BOARD
            top.append(_cell_text(v, view.board[v]) if live and v is not None else " " * _CELL)
            right = where.get((r, c + 1))
            linked = live and right is not None and right in NEIGHBOURS[v or 0]
            linked = linked and right is not None and view.board[right] != OFF_BOARD
            top.append("--" if linked else "  ")
            down = where.get((r + 1, c))
            vlink = live and down is not None and down in NEIGHBOURS[v or 0]
            vlink = vlink and down is not None and view.board[down] != OFF_BOARD
            below.append(("  |" if vlink else "").ljust(_CELL + 2))
        lines.append("".join(top).rstrip())
        if r + 1 < rows:
            lines.append("".join(below).rstrip())
    return [line for line in lines if line.strip()] + []


def render(view: View) -> str:
    """Text for terminals and logs; steles are capital letters, tokens lowercase (* = seal)."""
    letters = ", ".join(f"{COLOUR_LETTERS[c]}={COLOURS[c]}" for c in range(len(COLOURS)))
    kinds = ", ".join(f"{TYPE_LETTERS[t]}={TYPES[t]}" for t in range(len(TYPES)))
    if view.to_act:
        status = (
            f"round {view.round + 1}/{view.max_rounds}, player {view.current} to play "
            f"({view.phase})"
        )
    else:
        status = f"game over after {view.round} rounds"
    out = [
        f"The Way of the Bear - {status}",
        f"steles: {letters}; tokens: {kinds}; * = Dragon Seal",
        "",
        *_map(view),
        "",
    ]
    temples = "  ".join(
        f"{COLOURS[c]} {'#' * view.temples[c]}{'.' * (TEMPLE_SPACES - view.temples[c])}"
        for c in range(len(COLOURS))
    )
    out.append(f"temples: {temples}")
    bag = " ".join(f"{COLOURS[c]}:{view.bag[c]}" for c in range(len(COLOURS)))
    out.append(f"bag: {bag}   Seal pile: {view.deck_size} (top back {view.deck_top_back})")
    cap = CAPACITY[view.players]
    rows = []
    for p in range(view.players):
        res = " ".join(f"{COLOURS[c]}:{view.reserves[p][c]}" for c in range(len(COLOURS)))
        tok = view.tokens[p]
        columns = " ".join(
            f"{TYPE_LETTERS[t]}:{tok[2 * t] + tok[2 * t + 1]}/{cap}"
            + ("*" * tok[2 * t + 1] if KIND_SEALS[2 * t + 1] else "")
            for t in range(len(TYPES))
        )
        if p == view.player or view.shown_hands:  # at the end every hand is shown
            held = view.hand if p == view.player else view.shown_hands[p]
            cards = " ".join(CARDS[c].code for c in held) or "-"
        else:
            cards = f"{len(view.hand_backs[p])} (backs {list(view.hand_backs[p])})"
        mark = ">" if p == view.current and view.to_act else " "
        rows.append((f"{mark}p{p}", res, columns, cards))
    # Each field as wide as its widest, so "board" and "seal cards" line up down the seats.
    wide = [max(len(row[i]) for row in rows) for i in (1, 2)]
    for who, res, columns, cards in rows:
        res, columns = res.ljust(wide[0]), columns.ljust(wide[1])
        out.append(f"{who}  reserve {res}  board {columns}  seal cards {cards}")
    if view.played:
        out.append("played: " + " ".join(CARDS[c].code for c in view.played))
    if any(view.owed):
        owed = " ".join(f"{COLOURS[c]}:{n}" for c, n in enumerate(view.owed) if n)
        out.append(f"offering owed: {owed}")
    return "\n".join(out) + "\n"


def legend(view: View) -> str:
    """What every abbreviation and mark of `render(view)` means (``legend``)."""
    letters = ", ".join(f"{COLOUR_LETTERS[c]} {COLOURS[c]}" for c in range(len(COLOURS)))
    kinds = ", ".join(f"{TYPE_LETTERS[t]} {TYPES[t]}" for t in range(len(TYPES)))
    return "\n".join(
        [
            "The map: one cell per village, numbered 01-32; -- and | join neighbours",
            f"  NN[X]: a stele of colour X stands there ({letters})",
            f"  NN:x: a token of type x lies there ({kinds}); * marks a Dragon Seal",
            "temples: each colour's temple, # a built level, . one still to build",
            "bag: steles left in the bag, by colour",
            "Seal pile: Seal cards left, and the back of the top one",
            ">pN: player N, to play now",
            "  reserve: the player's steles, by colour",
            "  board x:N/M: tokens of type x on the player board, of M it holds; * a Seal",
            "  seal cards: yours by code (sNN), others' as a count and their backs",
            "played: the Seal cards played this turn",
            "offering owed: steles still to give, by colour",
        ]
    )


_NAMES = "|".join(COLOURS)
_STELE = re.compile(rf"(?<=\[)[A-Z](?=\])|\b[A-Z](?==[a-z])|\b(?:{_NAMES})\b")
_MARK = re.compile(r"#+|^>p\d+|player \d+ to play", re.MULTILINE)
_BY_NAME = {**STELE, **{COLOUR_LETTERS[c]: STELE[name] for c, name in enumerate(COLOURS)}}


def render_styled(view: View) -> Text:
    """`render(view)` in the game's colours (the ``styled`` capability): every stele's
    letter and colour name on its colour, Dragon Seals' stars in red."""
    from rich.text import Text  # here: only a terminal pays for importing rich

    text = Text(render(view))
    plain = text.plain
    for stele in _STELE.finditer(plain):
        text.stylize(_BY_NAME[stele[0]], *stele.span())
    for mark in _MARK.finditer(plain):
        text.stylize(MARK, *mark.span())
    text.highlight_regex(r"\*", SEAL)
    return text
