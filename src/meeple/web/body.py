"""Reading a request body as JSON, safely: bounded size, bounded depth, one value per key,
nothing but showable UTF-8 text.

Python's `json` parser recurses once per level of nesting, so a body of 8,000
opening brackets (well inside the size limit) raised RecursionError, a 500.
`read_json` measures the nesting first with a linear scan that needs no
recursion (brackets inside strings do not count) and refuses anything deeper
than the limit with 422, as it does duplicate keys (``{"a": 1, "a": 2}``, which
the parser would silently resolve to the last) and ``NaN``/``Infinity``, which
are not JSON. The body must be sent as ``Content-Type: application/json`` (415
otherwise): a page on another site can make a browser post ``text/plain`` without
asking, but not JSON, which needs a CORS preflight this server never grants. It must
be UTF-8 without a byte order mark (``json.loads`` would also guess UTF-16 and
UTF-32), and no string in it, key or value, may hold a lone surrogate, a control
character or a bidirectional control (`meeple.web.shown`): the refusal names the
field.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request

from ..core.shown import unshowable
from .errors import ApiError

__all__ = ["MAX_DIGITS", "json_depth", "parse_json", "read_json", "showable"]

JSON_TYPES = frozenset({"application/json"})
"""The content types a body may be sent as (parameters such as ``charset=utf-8`` aside)."""

MAX_DIGITS = 4300
"""Most digits of a number in a body: Python's own cap on reading an int
(``sys.int_info.default_max_str_digits``), which the refusal names."""

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


def _text(raw: bytes) -> str:
    """`raw` as UTF-8 text without a byte order mark; 422 otherwise."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raise ApiError(422, "the body starts with a byte order mark: send UTF-8 JSON without one")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ApiError(422, f"the body is not UTF-8 text (byte {err.start})") from None


def _where(path: str, key: object) -> str:
    return f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else str(key)


def _refuse_unshowable(what: str, text: str) -> None:
    bad = unshowable(text)
    if bad is not None:
        raise ApiError(
            422,
            f"{what} holds {bad}, a lone surrogate, control or bidirectional character, "
            "which nothing in a body may hold",
        )


def showable(data: Any) -> None:
    """422 naming the first field whose name or text holds an unshowable character.

    Iterative, so a deep body costs no recursion (its depth is bounded before this)."""
    todo: list[tuple[str, Any]] = [("", data)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, str):
            _refuse_unshowable(f"field {where!r}", value)
        elif isinstance(value, list):
            todo.extend((_where(where, n), item) for n, item in enumerate(value))
        elif isinstance(value, dict):
            for key, item in value.items():
                _refuse_unshowable(f"a field name in {where or 'the body'!r}", key)
                todo.append((_where(where, key), item))


def parse_json(raw: bytes, max_depth: int) -> dict[str, Any]:
    """`raw` as a JSON object; ApiError 422 naming what is wrong with it."""
    openers = raw.count(b"[") + raw.count(b"{")  # fast: most bodies stop here
    if openers > max_depth and json_depth(raw, stop_above=max_depth) > max_depth:
        raise ApiError(422, f"the body is nested deeper than {max_depth} levels")
    text = _text(raw)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except _BodyError as err:
        raise ApiError(422, str(err)) from None
    except (ValueError, RecursionError) as err:  # RecursionError: belt and braces
        if "integer string conversion" in str(err):  # Python's cap on an int's digits
            too_long = f"the body holds a number of more than {MAX_DIGITS} digits"
            raise ApiError(422, too_long) from None
        raise ApiError(422, f"the body is not valid JSON: {err}"[:300]) from None
    if not isinstance(data, dict):
        raise ApiError(422, "the body must be a JSON object")
    showable(data)
    return data


def _json_content(request: Request) -> None:
    """415 unless the body is declared as JSON."""
    declared = request.headers.get("content-type", "")
    if declared.partition(";")[0].strip().lower() not in JSON_TYPES:
        raise ApiError(
            415,
            f"the body must be sent as Content-Type: application/json, not {declared[:60]!r}",
        )


async def read_json(request: Request, limit: int, max_depth: int) -> dict[str, Any]:
    """The body as a JSON object; 415 unless sent as JSON, 413 past `limit` bytes, 422 if
    it is not a plain JSON object of showable text."""
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
    _json_content(request)
    return parse_json(b"".join(chunks), max_depth)
