"""Bot specs as the CLI, the simulator and the web spell them: ``mcts:iterations=200``.

Every parameter has a type and a finite range; anything else (an unknown key, a
key given twice, ``nan``, ``inf``, ``-1e308``, ``0`` iterations, a rollout depth
of a million) is refused with `InvalidOptionsError` naming the parameter and
what it allows. A caller with tighter bounds (the web server's limits) passes
`caps`, and the message then states the narrower range.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

import attrs

from ..core.errors import InvalidOptionsError

__all__ = ["BOT_PARAMS", "MAX_SPEC_LENGTH", "BotParam", "BotSpec", "check_param", "parse_bot_spec"]

MAX_SPEC_LENGTH = 200
"""Longest bot spec accepted, in characters."""

_INT = re.compile(r"[+-]?[0-9]{1,18}")
_FLOAT = re.compile(r"[+-]?(?:[0-9]{1,30}(?:\.[0-9]{0,30})?|\.[0-9]{1,30})(?:[eE][+-]?[0-9]{1,4})?")


def _number(value: float) -> str:
    return f"{value:g}"


@attrs.frozen
class BotParam:
    """One parameter a bot takes: its type and its allowed range."""

    name: str
    """The key in a spec, e.g. ``iterations``."""
    kind: type[int] | type[float]
    """``int`` or ``float``."""
    low: float
    """The smallest allowed value (excluded when `low_open`)."""
    high: float
    """The largest allowed value (always finite)."""
    help: str
    """What the parameter does, for docs and error messages."""
    low_open: bool = False
    """Whether `low` itself is refused (``time_limit`` must be above 0)."""

    def describe(self, high: float | None = None) -> str:
        """The allowed values in words, e.g. ``a whole number from 1 to 2000``."""
        top = self.high if high is None else min(self.high, high)
        if self.kind is int:
            return f"a whole number from {int(self.low)} to {int(top)}"
        if self.low_open:
            return f"a finite number above {_number(self.low)} and at most {_number(top)}"
        return f"a finite number from {_number(self.low)} to {_number(top)}"

    def allows(self, value: float, high: float | None = None) -> bool:
        """Whether `value` is in range (and finite)."""
        top = self.high if high is None else min(self.high, high)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if self.kind is int and not isinstance(value, int):
            return False
        if not math.isfinite(value) or value > top:
            return False
        return value > self.low if self.low_open else value >= self.low

    def parse(self, text: str, kind: str, high: float | None = None) -> int | float:
        """The value `text` spells; InvalidOptionsError naming the range if it is not allowed."""
        value: int | float | None = None
        text = text.strip()
        if self.kind is int:
            if _INT.fullmatch(text):
                value = int(text)
        elif _FLOAT.fullmatch(text):
            value = float(text)
        if value is None or not self.allows(value, high):
            raise self.refusal(kind, text, high)
        return value

    def refusal(self, kind: str, shown: object, high: float | None = None) -> InvalidOptionsError:
        """The error for a value out of range or of the wrong form."""
        text = shown if isinstance(shown, str) else repr(shown)
        if len(text) > 40:
            text = text[:40] + "..."
        return InvalidOptionsError(
            f"bot {kind!r}: parameter {self.name} must be {self.describe(high)}, "
            f"not {text.lower()!r}"
        )


BOT_PARAMS: Mapping[str, tuple[BotParam, ...]] = {
    "random": (),
    "greedy": (BotParam("worlds", int, 1, 1000, "sampled worlds averaged per decision"),),
    "mcts": (
        BotParam("iterations", int, 1, 1_000_000, "search iterations per decision"),
        BotParam(
            "time_limit",
            float,
            0,
            3600,
            "seconds per decision instead of an iteration budget",
            low_open=True,
        ),
        BotParam("exploration", float, 0, 10, "UCB exploration constant", low_open=True),
        BotParam("rollout_depth", int, 0, 10_000, "random steps after expansion before evaluating"),
    ),
}
"""Each bot kind's parameters, in their canonical order."""


def _param(kind: str, name: str) -> BotParam:
    for param in BOT_PARAMS[kind]:
        if param.name == name:
            return param
    raise KeyError(name)


def check_param(kind: str, name: str, value: Any) -> None:
    """Raise InvalidOptionsError unless `value` is allowed for bot `kind`'s parameter `name`."""
    param = _param(kind, name)
    if not param.allows(value):
        raise param.refusal(kind, value)


@attrs.frozen
class BotSpec:
    """A parsed, validated bot spec: the kind and its parameters in canonical order."""

    kind: str
    """``random``, ``greedy`` or ``mcts``."""
    params: tuple[tuple[str, int | float], ...] = ()
    """``(name, value)`` pairs, in the order of `BOT_PARAMS`."""

    def get(self, name: str, default: Any = None) -> Any:
        """A parameter's value, or `default` if the spec does not set it."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def with_param(self, name: str, value: int | float) -> BotSpec:
        """The same spec with one parameter set (validated)."""
        check_param(self.kind, name, value)
        values = dict(self.params)
        values[name] = value
        order = [p.name for p in BOT_PARAMS[self.kind]]
        return BotSpec(self.kind, tuple((n, values[n]) for n in order if n in values))

    def __str__(self) -> str:
        if not self.params:
            return self.kind
        items = ",".join(f"{name}={_number(value)}" for name, value in self.params)
        return f"{self.kind}:{items}"


def parse_bot_spec(spec: str, *, caps: Mapping[str, float] | None = None) -> BotSpec:
    """The `BotSpec` that ``kind`` or ``kind:key=value,...`` spells; InvalidOptionsError if bad.

    `caps` lowers a parameter's upper bound (e.g. ``{"iterations": 2000}``), and
    the refusal then states the lowered range.
    """
    if not isinstance(spec, str):
        raise InvalidOptionsError(f"a bot spec must be text such as 'mcts', not {spec!r}")
    if len(spec) > MAX_SPEC_LENGTH:
        raise InvalidOptionsError(f"a bot spec is at most {MAX_SPEC_LENGTH} characters")
    kind, _, rest = spec.partition(":")
    kind = kind.strip().lower()
    if kind not in BOT_PARAMS:
        known = ", ".join(BOT_PARAMS)
        raise InvalidOptionsError(f"unknown bot {kind!r} (known: {known})")
    params = BOT_PARAMS[kind]
    names = [p.name for p in params]
    values: dict[str, int | float] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, text = item.partition("=")
        key = key.strip().lower()
        if not sep or key not in names:
            known = ", ".join(names) or "none"
            raise InvalidOptionsError(
                f"bot {kind!r} does not take {item[:40]!r} (parameters: {known})"
            )
        if key in values:
            raise InvalidOptionsError(f"bot {kind!r}: parameter {key} is given twice")
        high = None if caps is None else caps.get(key)
        values[key] = _param(kind, key).parse(text, kind, high)
    return BotSpec(kind, tuple((n, values[n]) for n in names if n in values))
