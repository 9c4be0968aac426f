"""How a body type becomes JSON: field descriptions, the writer, and the error body.

The lowest layer of the web's bodies: it imports nothing else of `meeple.web`, so
`meeple.web.errors` (which every part of the server raises) can write its
`ErrorBody` here, and `meeple.web.bodies` and `meeple.web.server_bodies` (which
raise it) can build on it, without either importing the other at call time.
"""

from __future__ import annotations

from typing import Any

import attrs
import cattrs
import cattrs.gen

from ..core.converter import CONVERTER
from ..core.converter import make_converter

__all__ = ["ErrorBody", "doc", "structured", "write_body"]

_OMIT = "omit_when_none"
"""Field metadata: leave the field out of the written body while it is None."""


def doc(text: str, *, omit_when_none: bool = False, pattern: str | None = None) -> dict[str, Any]:
    """A field's metadata: its description (for the schema), whether a body leaves it
    out while it is None, and the regular expression a text field's value matches (the
    schema's ``pattern``), if it has one."""
    metadata: dict[str, Any] = {"doc": text, _OMIT: omit_when_none}
    if pattern is not None:
        metadata["pattern"] = pattern
    return metadata


@attrs.frozen
class ErrorBody:
    """Every refusal: why, the status again, and the match's version where it matters."""

    error: str = attrs.field(metadata=doc("Why the request was refused."))
    status: int = attrs.field()
    version: int | None = attrs.field(
        default=None,
        metadata=doc(
            "The match's current version (on 409 and move errors only).", omit_when_none=True
        ),
    )


def _omits(cls: Any) -> bool:
    """Whether `cls` is a body type with a field left out while None."""
    return attrs.has(cls) and any(f.metadata.get(_OMIT) for f in attrs.fields(cls))


def _writer() -> cattrs.Converter:
    """The codec's converter, except that fields marked ``omit_when_none`` are left out
    of a body while they are None (an error's version, an option's choices), whatever
    module the body type lives in."""
    writer = make_converter()

    def omitting(cls: Any) -> Any:
        omitted: dict[str, Any] = {
            f.name: cattrs.override(omit_if_default=True)
            for f in attrs.fields(cls)
            if f.metadata.get(_OMIT)
        }
        return cattrs.gen.make_dict_unstructure_fn(cls, writer, **omitted)

    writer.register_unstructure_hook_factory(_omits, omitting)
    return writer


_WRITER = _writer()


def write_body(body: Any) -> dict[str, Any]:
    """A response body as JSON values (the converter's form of the class)."""
    data: dict[str, Any] = _WRITER.unstructure(body)
    return data


def structured(data: Any, kind: type[Any]) -> Any:
    """`data` the server itself made (a summary, the status counts) as its body type: the
    type is the one description, so a field the type does not have fails here, loudly."""
    return CONVERTER.structure(data, kind)
