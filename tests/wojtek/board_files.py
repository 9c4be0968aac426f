"""Board files for the tests of Miś Wojtek's board option: the shipped standard board as
a document to change, the one shorter board several tests play on, and writing a
document out as a file for `read_board_file`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..shared import shipped_data

Doc = dict[str, Any]
"""A parsed board file."""


def standard_board() -> Doc:
    """A fresh copy of the shipped standard board file (data/board_standard.json)."""
    doc: Doc = shipped_data("wojtek", "board_standard.json")
    return doc


def entry(doc: Doc, sid: str) -> Doc:
    """The space of `doc` whose id is `sid` (the dict itself, to change in place)."""
    found: Doc = next(s for s in doc["spaces"] if s["id"] == sid)
    return found


def shorter_board() -> Doc:
    """The standard board named "shorter", its route cut after Bologna (route 46), whose
    arrow leads straight to Edinburgh."""
    doc = standard_board()
    doc["name"] = "shorter"
    entry(doc, "route-46")["next"] = "edinburgh"
    cut = {f"route-{i}" for i in range(47, 56)}
    doc["spaces"] = [s for s in doc["spaces"] if s["id"] not in cut]
    return doc


def board_file(folder: Path, doc: Doc) -> Path:
    """`doc` written as ``<folder>/<doc name>.json``, the way a user hands a board over."""
    path = folder / f"{doc['name']}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path
