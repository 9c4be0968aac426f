"""JSON Schemas generated from the body types, so the OpenAPI document cannot drift.

Each attrs class of `meeple.web.bodies` becomes a component schema: its fields
are its properties (with the description kept in the field's metadata), the
fields without a default are required, and no other property is allowed (the
converter refuses unknown fields in requests and writes none in responses).
"""

from __future__ import annotations

import types
import typing
from typing import Any

import attrs

from ..core.record import JsonValue

__all__ = ["component_schemas", "ref", "schema_of"]

_SCALARS: dict[Any, str] = {str: "string", int: "integer", float: "number", bool: "boolean"}


def ref(cls: type[Any]) -> dict[str, Any]:
    """The reference to a body type's component schema."""
    return {"$ref": f"#/components/schemas/{cls.__name__}"}


def schema_of(tp: Any) -> dict[str, Any]:
    """The JSON Schema of a field's type (attrs classes by reference)."""
    if tp in _SCALARS:
        return {"type": _SCALARS[tp]}
    if tp is JsonValue or tp is Any:
        return {}
    if isinstance(tp, type) and attrs.has(tp):
        return ref(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        nullable = len(members) != len(args)
        if len(members) == 1 and members[0] in _SCALARS:
            kind = _SCALARS[members[0]]
            return {"type": [kind, "null"] if nullable else kind}
        options = [schema_of(a) for a in members] + ([{"type": "null"}] if nullable else [])
        return {"oneOf": options}
    if origin in (tuple, list, frozenset):
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            items = [schema_of(a) for a in args]
            return {"type": "array", "prefixItems": items, "minItems": len(items)}
        return {"type": "array", "items": schema_of(args[0]) if args else {}}
    if origin is dict:
        return {"type": "object", "additionalProperties": schema_of(args[1])}
    raise TypeError(f"no JSON Schema for {tp!r}")


def _class_schema(cls: type[Any]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for field in attrs.fields(cls):
        prop = schema_of(hints[field.name])
        doc = field.metadata.get("doc")
        if doc:
            prop = {**prop, "description": doc}
        pattern = field.metadata.get("pattern")
        if pattern:
            prop = {**prop, "pattern": pattern}
        properties[field.name] = prop
        if field.default is attrs.NOTHING:
            required.append(field.name)
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    if cls.__doc__:
        schema["description"] = cls.__doc__.strip().splitlines()[0]
    return schema


def component_schemas(*classes: type[Any]) -> dict[str, Any]:
    """``components.schemas`` for `classes` and every attrs class their fields name."""
    out: dict[str, Any] = {}
    todo = list(classes)
    while todo:
        cls = todo.pop()
        if cls.__name__ in out:
            continue
        out[cls.__name__] = _class_schema(cls)
        for hint in typing.get_type_hints(cls).values():
            todo.extend(_named_classes(hint))
    return dict(sorted(out.items()))


def _named_classes(tp: Any) -> list[type[Any]]:
    if isinstance(tp, type) and attrs.has(tp):
        return [tp]
    return [c for a in typing.get_args(tp) for c in _named_classes(a)]
