"""Options that choose another reading of a rulebook, and the text that leaves them out.

Where a rulebook is ambiguous, a game plays one reading and may offer the others as
options, each defaulting to the reading played. Such options came after games were
recorded, and golden transcripts print an options object's text, so that text names
a reading only when it is not at its default: the text of every game recorded
before the option existed stays the same.
"""

from __future__ import annotations

from collections.abc import Collection

import attrs

__all__ = ["repr_leaving_out_readings"]


def repr_leaving_out_readings(options: attrs.AttrsInstance, readings: Collection[str]) -> str:
    """``Options(a=1, b=True)``: every field of `options`, except those named in
    `readings` while they are at their default."""
    shown = [
        f"{f.name}={getattr(options, f.name)!r}"
        for f in attrs.fields(type(options))
        if f.name not in readings or getattr(options, f.name) != f.default
    ]
    return f"{type(options).__name__}({', '.join(shown)})"
