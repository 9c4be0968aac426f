"""Every rule traced to its tests: rule ids in a rules page, tests that name them.

A rules page (``docs/rules/<game>.md``) gives each rule a stable id at the start of
its paragraph or list item, in bold brackets::

    - **[auction.raise]** A bid must beat the bid in force by at least 1. ...
      *Our reading:* ... (optional: where the rulebook is silent or ambiguous)

A test names the rules it checks with a marker (several ids may be given)::

    @pytest.mark.rule("wypas:auction.raise")
    def test_a_bid_must_beat_the_bid_in_force() -> None: ...

`coverage(page, game, tests)` pairs them up; `check_coverage` fails when a rule has
no test or a test names a rule the page does not have; `coverage_table` is the
Markdown table each rules page ends with, between ``<!-- rule-coverage:start -->``
and ``<!-- rule-coverage:end -->``. Test files are read as text (their syntax
tree), so the check sees every test, whatever subset a run selects.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

import attrs

__all__ = [
    "TABLE_END",
    "TABLE_START",
    "Rule",
    "check_coverage",
    "coverage",
    "coverage_table",
    "marked_tests",
    "rules_of",
    "with_table",
]

TABLE_START = "<!-- rule-coverage:start -->"
"""Where the generated coverage table begins in a rules page."""
TABLE_END = "<!-- rule-coverage:end -->"
"""Where it ends."""

_ID = r"[a-z0-9]+(?:[.-][a-z0-9]+)*"
_RULE = re.compile(rf"^\s*(?:[-*]\s+|\d+\.\s+)?\*\*\[(?P<id>{_ID})\]\*\*\s*(?P<text>.*)$")
_READING = re.compile(r"\*(?:Our reading|Interpretation):\*\s*(?P<text>.*)", re.IGNORECASE)


@attrs.frozen
class Rule:
    """One rule of a rules page."""

    id: str
    """Its stable id, e.g. ``auction.raise``."""
    summary: str
    """The first sentence of its text."""
    reading: str
    """Our reading where the rulebook is silent or ambiguous, else empty."""


def rules_of(page: str) -> tuple[Rule, ...]:
    """Every rule of a rules page, in page order (ValueError on a repeated id)."""
    found: list[Rule] = []
    lines = page.split(TABLE_START)[0].splitlines()
    index = 0
    while index < len(lines):
        match = _RULE.match(lines[index])
        index += 1
        if match is None:
            continue
        body = [match["text"]]
        while index < len(lines) and lines[index].strip() and not _RULE.match(lines[index]):
            if re.match(r"^\s*[-*]\s+|^\s*\d+\.\s+|^#", lines[index]):
                break
            body.append(lines[index].strip())
            index += 1
        text = " ".join(body)
        reading = _READING.search(text)
        summary = _READING.split(text)[0].strip()
        first = re.split(r"(?<=[.;:])\s", summary, maxsplit=1)[0]
        found.append(Rule(match["id"], first, reading["text"].strip() if reading else ""))
    ids = [rule.id for rule in found]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ValueError(f"rule ids appear twice: {repeated}")
    return tuple(found)


def _rule_ids(decorator: ast.expr) -> list[str]:
    if not isinstance(decorator, ast.Call):
        return []
    func = decorator.func
    dotted = []
    while isinstance(func, ast.Attribute):
        dotted.append(func.attr)
        func = func.value
    if isinstance(func, ast.Name):
        dotted.append(func.id)
    if list(reversed(dotted))[-2:] != ["mark", "rule"]:
        return []
    return [
        a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
    ]


def marked_tests(files: Iterable[Path], root: Path) -> dict[str, tuple[str, ...]]:
    """Test id (``path::name``) -> the rule markers on it (``game:rule``), from source."""
    out: dict[str, tuple[str, ...]] = {}
    for path in sorted(files):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                ids = [i for d in node.decorator_list for i in _rule_ids(d)]
                if ids:
                    out[f"{where}::{node.name}"] = tuple(ids)
    return out


def coverage(
    rules: tuple[Rule, ...], game: str, tests: dict[str, tuple[str, ...]]
) -> tuple[dict[str, list[str]], list[str]]:
    """(rule id -> tests that name it, markers of `game` that name no rule)."""
    by_rule: dict[str, list[str]] = {rule.id: [] for rule in rules}
    unknown: list[str] = []
    for test, marks in sorted(tests.items()):
        for mark in marks:
            prefix, _, rule_id = mark.partition(":")
            if prefix != game:
                continue
            if rule_id in by_rule:
                by_rule[rule_id].append(test)
            else:
                unknown.append(f"{test} names {mark!r}")
    return by_rule, unknown


def check_coverage(
    rules: tuple[Rule, ...], game: str, tests: dict[str, tuple[str, ...]]
) -> list[str]:
    """Problems, one sentence each: rules without a test, tests naming unknown rules."""
    by_rule, unknown = coverage(rules, game, tests)
    problems = [f"rule {game}:{rule_id} has no test" for rule_id, t in by_rule.items() if not t]
    return problems + unknown


def coverage_table(rules: tuple[Rule, ...], game: str, tests: dict[str, tuple[str, ...]]) -> str:
    """The Markdown coverage table: rule, the tests that check it, our reading."""
    by_rule, _ = coverage(rules, game, tests)
    lines = [
        "| rule | tests | our reading |",
        "|---|---|---|",
    ]
    for rule in rules:
        names = "<br>".join(f"`{t.split('::')[-1]}` ({t.split('::')[0]})" for t in by_rule[rule.id])
        reading = rule.reading.replace("|", "\\|") or "-"
        lines.append(f"| `{rule.id}` | {names or '**none**'} | {reading} |")
    return "\n".join(lines) + "\n"


def with_table(page: str, table: str) -> str:
    """`page` with its coverage table section replaced by (or ending with) `table`."""
    section = (
        f"{TABLE_START}\n"
        "Generated from the rule ids above and the tests that name them "
        "(`MEEPLE_REGOLD=1 pytest tests/test_rule_coverage.py` regenerates it).\n\n"
        f"{table}{TABLE_END}\n"
    )
    if TABLE_START in page:
        head = page.split(TABLE_START)[0]
        tail = page.split(TABLE_END, 1)[1] if TABLE_END in page else "\n"
        return head + section + tail.lstrip("\n")
    return page.rstrip("\n") + "\n\n## Rule coverage\n\n" + section
