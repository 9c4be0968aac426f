"""Reading a request body as JSON, safely: bounded size, bounded depth, one value per key.

Python's `json` parser recurses once per level of nesting, so a body of 8,000
opening brackets (well inside the size limit) raised RecursionError, a 500.
`read_json` measures the nesting first with a linear scan that needs no
recursion (brackets inside strings do not count) and refuses anything deeper
than the limit with 422, as it does duplicate keys (``{"a": 1, "a": 2}``, which
the parser would silently resolve to the last) and ``NaN``/``Infinity``, which
are not JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request

from .errors import ApiError

__all__ = ["json_depth", "parse_json", "read_json"]

_SPECIAL = re.compile(rb'["\\\[\]{}]')


class _BodyError(ValueError):
    """A body the JSON grammar allows but the API refuses."""


def json_depth(raw: bytes, stop_above: int | None = None) -> int:
    """The deepest nesting of arrays and objects in `raw` (strings skipped).

    One pass over the quotes, backslashes and brackets: linear time, no recursion.
    With `stop_above`, the scan ends as soon as the nesting goes deeper than that.
    """
    depth = deepest = 0
    in_string = False
    escaped = -1  # the position of a character a backslash escapes
    for match in _SPECIAL.finditer(raw):
        char, at = match.group(), match.start()
        if in_string:
            if at == escaped:
                continue
            if char == b"\\":
                escaped = at + 1
            elif char == b'"':
                in_string = False
        elif char == b'"':
            in_string = True
        elif char in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
            if stop_above is not None and deepest > stop_above:
                return deepest
        elif char in (b"]", b"}"):
            depth -= 1
    return deepest


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _BodyError(f"the body gives the key {key[:60]!r} more than once")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise _BodyError(f"the body contains {name}, which is not a JSON number")


def parse_json(raw: bytes, max_depth: int) -> dict[str, Any]:
    """`raw` as a JSON object; ApiError 422 naming what is wrong with it."""
    openers = raw.count(b"[") + raw.count(b"{")  # fast: most bodies stop here
    if openers > max_depth and json_depth(raw, stop_above=max_depth) > max_depth:
        raise ApiError(422, f"the body is nested deeper than {max_depth} levels")
    try:
        data = json.loads(raw, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except _BodyError as err:
        raise ApiError(422, str(err)) from None
    except (ValueError, RecursionError) as err:  # RecursionError: belt and braces
        raise ApiError(422, f"the body is not valid JSON: {err}"[:300]) from None
    if not isinstance(data, dict):
        raise ApiError(422, "the body must be a JSON object")
    return data


async def read_json(request: Request, limit: int, max_depth: int) -> dict[str, Any]:
    """The body as a JSON object; 413 past `limit` bytes, 422 if it is not a plain JSON object."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"the request body is larger than {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"the request body is larger than {limit} bytes")
        chunks.append(chunk)
    return parse_json(b"".join(chunks), max_depth)
