"""Tagged JSON for states, views, actions, options, outcomes and records.

Every document is a JSON object with a ``"$type"`` tag: ``"meeple.Outcome"``,
``"meeple.GameRecord"``, or ``"<game>.state"``, ``"<game>.view"``,
``"<game>.options"``, ``"<game>.action"``. Actions are stored as their notation.
Loading checks the tag, every field's type (strictly: ``"3"`` is not an int and
``"abc"`` is not a tuple), the rules version, and then the object's own
``validate()`` (card conservation and the like). Nothing is ever unpickled or
evaluated.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from cattrs.errors import BaseValidationError

from . import registry
from .converter import CONVERTER
from .converter import explain_structure_error
from .converter import make_converter
from .errors import CorruptDataError
from .errors import MeepleError
from .fastpath import structurer
from .fastpath import unstructurer
from .match import GameRecord
from .outcome import Outcome
from .protocols import Game
from .trust import vouch_for

__all__ = [
    "CONVERTER",
    "dumps",
    "explain_structure_error",
    "from_data",
    "loads",
    "make_converter",
    "to_data",
]

_OBJECT_KINDS = ("state", "view", "options")


_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False)
"""`json.dumps` with these settings, made once rather than on every call. Without the
check for circular references: what it writes is made fresh from frozen values by
`fastpath.unstructurer` (no container can hold itself), and the check cost a
dictionary entry per list."""

_TYPE = ("$type",)
_TYPE_RULES = ("$type", "$rules")
"""The tags a document opens with (states and views carry the rules version)."""


def _claimants(obj: Any) -> tuple[Game, ...]:
    """The games that may claim `obj`: a state's own game, if it is the one registered
    under its name (a state class belongs to one game: `StateBase.bind`), else every
    registered game, in name order."""
    bound = type(obj).__dict__.get("_game")
    if bound is not None:
        try:
            if registry.default_registry.get(bound.spec.name) is bound:
                return (bound,)
        except MeepleError:
            pass
    return registry.default_registry.games()


def _kind_of(game: Game, obj: Any) -> str | None:
    cls = type(obj)
    if cls is game.state_type:
        return "state"
    if cls is game.view_type:
        return "view"
    if cls is game.options_type:
        return "options"
    if cls in game.action_types:
        return "action"
    return None


def to_data(obj: Any, *, game: Game | None = None) -> dict[str, Any]:
    """The tagged JSON-able dict of `obj` (see the module docstring for tags)."""
    return _tagged(obj, game, text=False)


def _tagged(obj: Any, game: Game | None, *, text: bool) -> dict[str, Any]:
    """`to_data`; with `text`, a dict that `json` writes to the same text (tuples of
    scalars left as tuples), for `dumps`."""
    if isinstance(obj, Outcome):
        return {"$type": "meeple.Outcome", **unstructurer(Outcome, text=text)(obj)}
    if isinstance(obj, GameRecord):
        return {"$type": "meeple.GameRecord", **obj.to_data(text=text)}
    candidates = (game,) if game is not None else _claimants(obj)
    for candidate in candidates:
        kind = _kind_of(candidate, obj)
        if kind is None:
            continue
        if kind == "action":
            return {"$type": f"{candidate.spec.name}.action", "text": str(obj)}
        tag = f"{candidate.spec.name}.{kind}"
        if kind == "options":
            return unstructurer(type(obj), text=text, head=_TYPE)(obj, tag)
        write = unstructurer(type(obj), text=text, head=_TYPE_RULES)
        return write(obj, tag, candidate.spec.rules_version)
    if game is not None:  # a plugin's mistake: say which types its game declares
        raise TypeError(
            f"game {game.spec.name!r} cannot encode a {type(obj).__name__}: it is none of "
            "the game's state_type, view_type, options_type or action_types"
        )
    raise TypeError(f"meeple cannot encode a {type(obj).__name__}: no game claims that type")


def dumps(obj: Any, *, game: Game | None = None, indent: int | None = None) -> str:
    """JSON text for a state, view, action, options, outcome or record.

    A field holding a value JSON cannot store (a plugin's mistake) raises TypeError
    naming the game, the class and the field.
    """
    data = _tagged(obj, game, text=True)
    try:
        if indent is None:
            return _ENCODER.encode(data)
        return json.dumps(data, indent=indent, ensure_ascii=False)
    except (TypeError, ValueError) as err:
        where = _not_json(data, type(obj).__name__) or type(obj).__name__
        tag = data.get("$type", "?") if isinstance(data, dict) else "?"
        game_name = str(tag).rpartition(".")[0] or "?"
        raise TypeError(
            f"game {game_name!r}: {where}, which JSON cannot store ({err}); fields hold "
            "ints, strings, bools, floats, enums, tuples, frozensets or attrs classes"
        ) from None


def _not_json(value: Any, path: str) -> str | None:
    """Where in unstructured data a value sits that JSON cannot store, e.g. ``State.x[2]``."""
    if isinstance(value, dict):
        items: Iterable[tuple[str, Any]] = (
            (f"{path}.{k}", v) for k, v in value.items() if not str(k).startswith("$")
        )
    elif isinstance(value, list | tuple):
        items = ((f"{path}[{i}]", v) for i, v in enumerate(value))
    elif value is None or isinstance(value, str | int | float | bool):
        return None
    else:
        return f"{path} holds a value of type {type(value).__name__}"
    return next((found for where, item in items if (found := _not_json(item, where))), None)


def _validated(obj: Any, tag: str) -> Any:
    validate = getattr(obj, "validate", None)
    if validate is not None:
        try:
            validate()
        except CorruptDataError:
            raise
        except (ValueError, AssertionError, TypeError, KeyError, IndexError) as err:
            raise CorruptDataError(f"{tag} breaks an invariant: {err}") from None
    return obj


def from_data(data: Any, *, game: Game | None = None) -> Any:
    """The object a tagged dict describes, fully validated; CorruptDataError otherwise."""
    if not isinstance(data, dict):
        raise CorruptDataError(
            f"expected a JSON object with a $type tag, got {type(data).__name__}"
        )
    tag = data.get("$type")
    if not isinstance(tag, str):
        raise CorruptDataError('the JSON object has no "$type" tag')
    if tag == "meeple.Outcome":
        outcome = _structure(data, Outcome, tag)
        return _validated(outcome, tag)
    if tag == "meeple.GameRecord":
        return GameRecord.from_data(_fields(data))
    name, dot, kind = tag.rpartition(".")
    if not dot or kind not in (*_OBJECT_KINDS, "action"):
        raise CorruptDataError(f"unknown $type tag {tag!r}")
    if game is None:
        try:
            game = registry.get_game(name)
        except MeepleError as err:
            raise CorruptDataError(
                f"$type {tag!r} names a game that is not available: {err}"
            ) from None
    elif game.spec.name != name:
        raise CorruptDataError(f"$type {tag!r} is not a {game.spec.name} object")
    if kind == "action":
        body = _fields(data)
        text = body.get("text")
        if not isinstance(text, str) or set(body) != {"text"}:
            raise CorruptDataError(f"{tag} must have exactly one string field, text")
        try:
            return game.parse_action(text)
        except MeepleError as err:
            raise CorruptDataError(f"{tag}: {err}") from None
    if kind in ("state", "view"):
        rules = data.get("$rules")
        if rules != game.spec.rules_version:
            raise CorruptDataError(
                f"{tag} was saved under rules version {rules!r}; "
                f"this {name} is rules version {game.spec.rules_version!r}"
            )
    cls = {"state": game.state_type, "view": game.view_type, "options": game.options_type}[kind]
    return vouch_for(game, _structure(data, cls, tag), kind, tag)


def _fields(data: dict[str, Any]) -> dict[str, Any]:
    """A document without its ``$`` tags."""
    return {k: v for k, v in data.items() if not k.startswith("$")}


def _structure(data: dict[str, Any], cls: type[Any], tag: str) -> Any:
    """A `cls` made of a tagged document: by the fast path, else by the converter."""
    try:
        return structurer(cls, tagged=True)(data)
    except Exception:  # declined, or refused: the converter decides, and says why
        pass
    body = _fields(data)
    try:
        return CONVERTER.structure(body, cls)
    except BaseValidationError as err:
        raise CorruptDataError(f"{tag} is malformed: {explain_structure_error(err)}") from None
    except (TypeError, ValueError, KeyError, AttributeError) as err:
        raise CorruptDataError(f"{tag} is malformed: {err}") from None


def loads(text: str | bytes, *, game: Game | None = None) -> Any:
    """The object encoded by `dumps`, validated; CorruptDataError for anything else."""
    try:
        data = json.loads(text)
    except ValueError as err:  # bad syntax or UTF-8, an integer of over 4,300 digits
        raise CorruptDataError(f"not valid JSON: {err}") from None
    except RecursionError:
        raise CorruptDataError("not valid JSON: nested too deeply") from None
    return from_data(data, game=game)
