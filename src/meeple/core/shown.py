"""Text put in front of a person: nothing that hides, reorders or breaks it.

The web server and the balance report show texts that came from elsewhere (a
request, a plugin game, a command line). Three kinds of character never reach a
page or a JSON body as themselves:

* a lone surrogate (JSON's ``"\\ud800"`` parses to one) cannot be encoded as UTF-8 at
  all, so echoing it in a refusal turned a 422 into a 500;
* control characters (C0 but tab and newline, DEL, C1) can hide or rewrite text in a
  terminal or a log viewer;
* bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) make a
  line read differently from what it holds: ``abc\\u202egpj.exe`` shows as
  ``abcexe.jpg``.

`shown` writes each as its ``\\uXXXX`` escape, so the text is still there to read;
`unshowable` finds the first one, for refusing a request that holds one.
"""

from __future__ import annotations

import re

__all__ = ["MAX_REASON", "shown", "unshowable"]

MAX_REASON = 1000
"""Longest reason a refusal quotes; the rest is cut (a 16 KB notation echoed whole helps
nobody)."""

_UNSHOWABLE = re.compile(
    "[\ud800-\udfff\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def shown(text: str, limit: int | None = None) -> str:
    """`text` with every unshowable character as its ``\\uXXXX`` escape; cut to `limit`
    characters (ending in ``…``) if given."""
    safe = _UNSHOWABLE.sub(_escape, text)
    if limit is not None and len(safe) > limit:
        safe = safe[: limit - 1] + "…"
    return safe


def unshowable(text: str) -> str | None:
    """The first unshowable character of `text`, escaped (``\\u202e``), or None."""
    found = _UNSHOWABLE.search(text)
    return None if found is None else _escape(found)
