"""Bot specs as the CLI, the simulator and the web spell them: ``mcts:iterations=200``.

A bot's parameters are described once, as a frozen attrs class of typed fields
(`GreedyParams`, `HeuristicParams`, `MCTSParams`, `GuidedParams`; ``random``
takes none), each with its range; a
spec's ``key=value`` items are read into that class by the same parser as a
game's options (`meeple.core.options.parse_settings`), worded for bots. Every
parameter has a type and a finite range; anything else (an unknown key, a key
given twice, ``nan``, ``inf``, ``-1e308``, ``0`` iterations, a rollout depth of a
million) is refused with `InvalidOptionsError` naming the parameter and what it
allows. A caller with tighter bounds (the web server's limits) passes `caps`, and
the message then states the narrower range.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any
from typing import ClassVar

import attrs

from ..core.errors import InvalidOptionsError
from ..core.options import Wording
from ..core.options import parse_settings

__all__ = [
    "BOT_PARAMS",
    "BOT_TYPES",
    "MAX_SPEC_LENGTH",
    "BotParam",
    "BotSpec",
    "GreedyParams",
    "GuidedParams",
    "HeuristicParams",
    "MCTSParams",
    "RandomParams",
    "check_param",
    "parse_bot_spec",
]

MAX_SPEC_LENGTH = 200
"""Longest bot spec accepted, in characters."""


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

    def refusal(self, kind: str, shown: object, high: float | None = None) -> InvalidOptionsError:
        """The error for a value out of range or of the wrong form."""
        text = shown if isinstance(shown, str) else repr(shown)
        if len(text) > 40:
            text = text[:40] + "..."
        return InvalidOptionsError(
            f"bot {kind!r}: parameter {self.name} must be {self.describe(high)}, "
            f"not {text.lower()!r}"
        )


_RANGE = "meeple.bot_param"
"""Field metadata: the parameter's `BotParam` (its name filled in from the field)."""


def _in_range(params: Any, attribute: Any, value: Any) -> None:
    if value is not None:
        param = attrs.evolve(attribute.metadata[_RANGE], name=attribute.name)
        if not param.allows(value):
            raise param.refusal(type(params).KIND, value)


def _param(kind: type[int] | type[float], low: float, high: float, help: str, **more: Any) -> Any:
    """A parameter field: None until a spec sets it (the bot's own default then holds)."""
    return attrs.field(
        default=None,
        validator=_in_range,
        metadata={_RANGE: BotParam("", kind, low, high, help, **more)},
    )


@attrs.frozen
class RandomParams:
    """``random`` takes no parameters."""

    KIND: ClassVar[str] = "random"
    """The bot these are the parameters of."""


@attrs.frozen
class GreedyParams:
    """The parameters of ``greedy`` (`GreedyBot`)."""

    KIND: ClassVar[str] = "greedy"
    """The bot these are the parameters of."""
    worlds: int | None = _param(int, 1, 1000, "sampled worlds averaged per decision")
    """Worlds sampled per decision."""


@attrs.frozen
class HeuristicParams(GreedyParams):
    """The parameters of ``heuristic`` (`GreedyBot` valuing positions by the game's
    ``heuristic`` capability): those of ``greedy``."""

    KIND: ClassVar[str] = "heuristic"
    """The bot these are the parameters of."""


@attrs.frozen
class MCTSParams:
    """The parameters of ``mcts`` (`MCTSBot`)."""

    KIND: ClassVar[str] = "mcts"
    """The bot these are the parameters of."""
    iterations: int | None = _param(int, 1, 1_000_000, "search iterations per decision")
    """Iterations per decision."""
    time_limit: float | None = _param(
        float, 0, 3600, "seconds per decision instead of an iteration budget", low_open=True
    )
    """Seconds per decision instead of an iteration budget."""
    exploration: float | None = _param(float, 0, 10, "UCB exploration constant", low_open=True)
    """The UCB exploration constant."""
    rollout_depth: int | None = _param(
        int, 0, 10_000, "random steps after expansion before evaluating"
    )
    """Random steps after expansion before evaluating."""
    bias: float | None = _param(
        float, 0, 100, "visits an action's evaluation one step ahead counts for (0: none)"
    )
    """Virtual visits an action's prior (the game's evaluation one step ahead) counts for."""


@attrs.frozen
class GuidedParams(MCTSParams):
    """The parameters of ``guided`` (`MCTSBot` with the preset `GUIDED` as defaults):
    those of ``mcts``."""

    KIND: ClassVar[str] = "guided"
    """The bot these are the parameters of."""


BOT_TYPES: Mapping[str, type[Any]] = {
    cls.KIND: cls for cls in (RandomParams, GreedyParams, HeuristicParams, MCTSParams, GuidedParams)
}
"""Each bot kind's parameters class: the one description of what its spec may say."""

BOT_PARAMS: Mapping[str, tuple[BotParam, ...]] = {
    kind: tuple(attrs.evolve(f.metadata[_RANGE], name=f.name) for f in attrs.fields(cls))
    for kind, cls in BOT_TYPES.items()
}
"""Each bot kind's parameters, in their canonical order."""


def check_param(kind: str, name: str, value: Any) -> None:
    """Raise InvalidOptionsError unless `value` is allowed for bot `kind`'s parameter `name`."""
    param = _param_of(kind, name)
    if not param.allows(value):
        raise param.refusal(kind, value)


@attrs.frozen
class BotSpec:
    """A parsed, validated bot spec: the kind and its parameters in canonical order."""

    kind: str
    """``random``, ``greedy``, ``heuristic``, ``mcts`` or ``guided``."""
    params: tuple[tuple[str, int | float], ...] = ()
    """``(name, value)`` pairs, in the order of `BOT_PARAMS`."""

    @classmethod
    def of(cls, params: Any) -> BotSpec:
        """The spec of a parameters object (`BOT_TYPES`): the parameters it sets."""
        given = ((f.name, getattr(params, f.name)) for f in attrs.fields(type(params)))
        return cls(type(params).KIND, tuple((n, v) for n, v in given if v is not None))

    def settings(self) -> Any:
        """The spec's parameters as their typed class (`BOT_TYPES`)."""
        return BOT_TYPES[self.kind](**dict(self.params))

    def get(self, name: str, default: Any = None) -> Any:
        """A parameter's value, or `default` if the spec does not set it."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def with_param(self, name: str, value: int | float) -> BotSpec:
        """The same spec with one parameter set (validated)."""
        check_param(self.kind, name, value)
        return BotSpec.of(attrs.evolve(self.settings(), **{name: value}))

    def __str__(self) -> str:
        if not self.params:
            return self.kind
        items = ",".join(f"{name}={_number(value)}" for name, value in self.params)
        return f"{self.kind}:{items}"


class _BotWording(Wording):
    """The shared parser's refusals, in a bot spec's words (and the caller's caps)."""

    noun = "parameter"

    def __init__(self, kind: str, caps: Mapping[str, float] | None) -> None:
        super().__init__(f"bot {kind!r}")
        self.kind = kind
        self.caps = caps or {}

    def malformed(self, item: str, known: str) -> str:
        return f"{self.owner} does not take {item[:40]!r} (parameters: {known})"

    def unknown(self, name: str, item: str, known: str) -> str:
        return self.malformed(item, known)

    def twice(self, name: str) -> str:
        return f"{self.owner}: parameter {name} is given twice"

    def wrong_type(self, name: str, tp: Any, shown: Any, err: Exception) -> str:
        return str(_param_of(self.kind, name).refusal(self.kind, shown, self.caps.get(name)))

    def check(self, name: str, value: Any, shown: Any) -> None:
        param = _param_of(self.kind, name)
        high = self.caps.get(name)
        if value is None or not param.allows(value, high):  # "iterations=none" too
            raise param.refusal(self.kind, shown, high)


def _param_of(kind: str, name: str) -> BotParam:
    for param in BOT_PARAMS[kind]:
        if param.name == name:
            return param
    raise KeyError(name)


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
    if kind not in BOT_TYPES:
        known = ", ".join(BOT_TYPES)
        raise InvalidOptionsError(f"unknown bot {kind!r} (known: {known})")
    items = filter(None, (part.strip() for part in rest.split(",")))
    return BotSpec.of(parse_settings(BOT_TYPES[kind], items, _BotWording(kind, caps)))
