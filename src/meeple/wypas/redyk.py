"""Redyk: which faces a pen accepts, the placements that offers, and laying a sheep.

Why Wypas has this module: a pen is a row with its own growth rule (one colour
rising without gaps, or one value in different colours; a black sheep keeps its
place but shows nothing), and a Dolly or the Super Dolly fixes the face it shows
as it is placed, so one card can be several different moves. Each seat in turn,
from the baca, places any number of sheep and ends with ``done``; after the
last, `rounds` starts shearing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Final

from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core.edit import put
from meeple.core.edit import remove_one

from .actions import DONE
from .actions import Action
from .actions import Done
from .actions import Place
from .components import BLACK_FACE
from .components import COLOURS
from .components import DOLLY
from .components import FACES
from .components import KIND_COLOUR
from .components import KIND_VALUE
from .components import MAX_VALUE
from .components import THIEF
from .components import face_of
from .components import placed
from .knowledge import forget
from .rounds import start_shearing
from .tables import PLACES

if TYPE_CHECKING:
    from .state import State

__all__ = ["accepted_faces", "end_redyk", "place", "redyk_actions"]

_N_COLOURS: Final = len(COLOURS)
_ALL_FACES: Final = frozenset(FACES)


@lru_cache(maxsize=1 << 16)  # pens repeat from step to step; a few MB at most
def accepted_faces(pen: tuple[int, ...], down: bool = False) -> frozenset[int]:
    """Faces a sheep may show to join this pen (the redyk rules); `down` (option
    ``runs_down``) lets a colour run also grow by the value below its lowest sheep."""
    shown = [face_of(c) for c in pen if face_of(c) != BLACK_FACE]
    if not shown:
        return _ALL_FACES
    out: set[int] = set()
    colours = {f >> 3 for f in shown}
    if len(shown) == 1 or len(colours) == 1:
        # A run of one colour grows by the next value up.
        colour = shown[0] >> 3
        top = max(f & 7 for f in shown)
        if len(colours) == 1 and top < MAX_VALUE:
            out.add(colour * 8 + top + 1)
        low = min(f & 7 for f in shown)
        if down and len(colours) == 1 and low > 1:
            out.add(colour * 8 + low - 1)
    if len(shown) == 1 or len(colours) > 1:
        # A row of one value grows by that value in a colour not yet there.
        value = shown[0] & 7
        out.update(c * 8 + value for c in range(_N_COLOURS) if c not in colours)
    return frozenset(out)


_PLAIN_FACE: Final = tuple(KIND_COLOUR[k] * 8 + KIND_VALUE[k] for k in range(DOLLY))
"""Per plain sheep kind, the face it shows."""
_PLACES: Final = tuple(tuple(tuple((a.face, a) for a in row) for row in pen) for pen in PLACES)
"""Per pen (0, 1) and sheep kind, each face it can show with its `Place` action (made
once: `tables`)."""
_PLAIN: Final = tuple(tuple(_PLACES[i][k][0][1] for k in range(DOLLY)) for i in range(2))


def redyk_actions(s: State, p: int) -> tuple[Action, ...]:
    """``done``, then each placement: pen 1 first, hand order, a Dolly's faces rising."""
    out: list[Action] = [DONE]
    hand = s.hands[p]
    plain_face = _PLAIN_FACE
    down = s.options.runs_down
    for i, pen in enumerate(s.pens[p]):
        ok = accepted_faces(pen, down)
        plain = _PLAIN[i]
        places = _PLACES[i]
        last = -1
        for kind in hand:
            if kind == last:
                continue
            if kind >= THIEF:
                break  # hands are sorted: special cards come last
            last = kind
            if kind < DOLLY:
                if plain_face[kind] in ok:
                    out.append(plain[kind])
            else:
                out += [a for f, a in places[kind] if f in ok]
    return tuple(out)


def place(s: State, a: Place, p: int) -> State:
    """Seat p places a sheep in a pen (and goes on with its redyk)."""
    pen = a.pen - 1
    row = (*s.pens[p][pen], placed(a.kind, a.face))
    return replace(
        s,
        hands=put(s.hands, p, remove_one(s.hands[p], a.kind)),
        known=forget(s.known, p, a.kind),
        pens=put(s.pens, p, put(s.pens[p], pen, row)),
    )


def end_redyk(s: State, a: Done, p: int) -> State:
    """Seat p ends its redyk (``done``): the next seat goes on, or shearing begins."""
    n = s.players
    if s.finished + 1 == n:
        return start_shearing(s)
    nxt = (p + 1) % n
    return replace(s, finished=s.finished + 1, actor=nxt, to_act=ONE_SEAT[nxt])
