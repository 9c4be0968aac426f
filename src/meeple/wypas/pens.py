"""The redyk row rules: which faces a sheep may show to join a pen."""

from __future__ import annotations

from .components import BLACK_FACE, COLOURS, FACES, MAX_VALUE, face_of

__all__ = ["accepted_faces"]

_N_COLOURS = len(COLOURS)
_ALL_FACES = frozenset(FACES)

_CACHE: dict[tuple[int, ...], frozenset[int]] = {}


def accepted_faces(pen: tuple[int, ...]) -> frozenset[int]:
    """Faces a sheep may show to join this pen (the redyk rules)."""
    found = _CACHE.get(pen)
    if found is not None:
        return found
    shown = [face_of(c) for c in pen if face_of(c) != BLACK_FACE]
    out: set[int] = set()
    if not shown:
        result = _ALL_FACES
    else:
        colours = {f >> 3 for f in shown}
        if len(shown) == 1 or len(colours) == 1:
            # A run of one colour grows by the next value up.
            colour = shown[0] >> 3
            top = max(f & 7 for f in shown)
            if len(colours) == 1 and top < MAX_VALUE:
                out.add(colour * 8 + top + 1)
        if len(shown) == 1 or len(colours) > 1:
            # A row of one value grows by that value in a colour not yet there.
            value = shown[0] & 7
            out.update(c * 8 + value for c in range(_N_COLOURS) if c not in colours)
        result = frozenset(out)
    _CACHE[pen] = result
    return result
