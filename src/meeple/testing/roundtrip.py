"""The JSON round trip every object the kit meets must survive (states, views, options,
outcomes): the text is JSON, and loading it gives an equal object that hashes the same.
"""

from __future__ import annotations

import json
from typing import Any

from ..core import codec
from ..core.protocols import Game
from .where import Where
from .where import differs
from .where import expect
from .where import guard

__all__ = ["roundtrip"]


def roundtrip(game: Game, obj: Any, where: Where, what: str) -> None:
    """`obj` (called `what` in a failure) survives ``dumps``/``loads`` equal and hashing
    the same."""
    text = guard(where, f"dumps({what})", codec.dumps, obj, game=game)
    json.loads(text)
    back = guard(where, f"loads(dumps({what}))", codec.loads, text, game=game)
    expect(back == obj, where, f"{what} does not survive dumps/loads{differs(obj, back)}")
    expect(hash(back) == hash(obj), where, f"{what} loaded from JSON hashes differently")
