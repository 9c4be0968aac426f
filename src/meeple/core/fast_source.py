"""The writer of the codec's fast-path functions (`meeple.core.fastpath`): a function's
lines, the constants it names and fresh local names, kept apart from what the lines say
so each can be read alone."""

from __future__ import annotations

import itertools
from typing import Any

__all__ = ["CHAIN", "FAIL", "LISTS", "DeclinedError", "FastSource"]

LISTS = frozenset({list})
CHAIN = itertools.chain.from_iterable
FAIL = "raise DeclinedError"
"""The line a generated function runs on any value it will not judge."""


class DeclinedError(Exception):
    """The fast path will not judge this value; the strict converter will."""


class FastSource:
    """One generated function: its lines, the constants it names, fresh local names."""

    def __init__(self, cls: type[Any]) -> None:
        self.cls = cls
        self.lines: list[str] = []
        self.names: dict[str, Any] = {"DeclinedError": DeclinedError}
        self.count = 0
        self.levels: dict[int, list[str]] = {}
        self.lengths: dict[int, list[str]] = {}
        self.scalars: dict[frozenset[type], list[str]] = {}

    def constant(self, value: Any) -> str:
        """A global name for `value` in the generated function."""
        for name, known in self.names.items():
            if known is value:
                return name
        self.count += 1
        name = f"c{self.count}"
        self.names[name] = value
        return name

    def local(self) -> str:
        """A fresh local variable name."""
        self.count += 1
        return f"x{self.count}"

    def emit(self, indent: int, line: str) -> None:
        """Add `line` at `indent` levels."""
        self.lines.append("  " * indent + line)

    def later(
        self, src: str, exact: frozenset[type], depth: int, fixed: tuple[tuple[int, int], ...]
    ) -> None:
        """Check `src` with the other lists of scalars, at the end: a list of `exact`
        items, nested `depth` deep (1: a list of scalars, 2: a list of such lists...),
        the lists `fixed` names (``(level, length)``) of that length."""
        chain = self.constant(CHAIN)
        self.levels.setdefault(0, []).append(src)
        lengths = dict(fixed)
        elements = src  # the elements `level` lists deep, as one iterable
        for level in range(1, depth):
            self.levels.setdefault(level, []).append(elements)
            if level in lengths:
                self.lengths.setdefault(lengths[level], []).append(elements)
            elements = f"{chain}({elements})"
        self.scalars.setdefault(exact, []).append(elements)

    def checked_later(self, indent: int) -> None:
        """Emit the checks `later` put off, a level at a time: every value a list, then
        every element of one a list, as deep as the fields go, the fixed lengths, then
        every item of the exact class (each in one C-level pass over all the fields)."""
        chain, lists = self.constant(CHAIN), self.constant(LISTS)
        for level, parts in sorted(self.levels.items()):
            values = f"({', '.join(parts)},)" if level == 0 else f"{chain}(({', '.join(parts)},))"
            self.emit(indent, f"if not {lists}.issuperset(map(type, {values})): {FAIL}")
        for length, parts in self.lengths.items():
            values = f"{chain}(({', '.join(parts)},))"
            size = self.constant(frozenset({length}))
            self.emit(indent, f"if not {size}.issuperset(map(len, {values})): {FAIL}")
        for exact, items in self.scalars.items():
            values = f"{chain}(({', '.join(items)},))"
            self.emit(indent, f"if not {self.constant(exact)}.issuperset(map(type, {values})):")
            self.emit(indent + 1, FAIL)

    def compiled(self, name: str) -> Any:
        """The function the lines define (ours, written from field names and types:
        no text from a document ever reaches it)."""
        source = "\n".join(self.lines)
        exec(compile(source, f"<meeple fast {name} {self.cls.__qualname__}>", "exec"), self.names)
        return self.names[name]
