"""Every rule of docs/rules/wypas.md has a test that names it, every `wypas:` marker
names a rule of the page, and the page ends with the coverage table generated from
both (``MEEPLE_REGOLD=1`` rewrites the table)."""

from __future__ import annotations

import os
from pathlib import Path

from meeple.testing.rulebook import (
    TABLE_START,
    check_coverage,
    coverage_table,
    marked_tests,
    rules_of,
    with_table,
)

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "rules" / "wypas.md"


def _tests() -> dict[str, tuple[str, ...]]:
    return marked_tests((ROOT / "tests").rglob("test_*.py"), ROOT)


def test_every_rule_has_a_test_and_every_marker_a_rule() -> None:
    rules = rules_of(PAGE.read_text(encoding="utf-8"))
    assert len(rules) >= 30
    assert check_coverage(rules, "wypas", _tests()) == []


def test_the_page_ends_with_its_coverage_table() -> None:
    page = PAGE.read_text(encoding="utf-8")
    rules = rules_of(page)
    fresh = with_table(page, coverage_table(rules, "wypas", _tests()))
    if os.environ.get("MEEPLE_REGOLD") == "1":
        PAGE.write_text(fresh, encoding="utf-8")
    assert TABLE_START in page, "run with MEEPLE_REGOLD=1 to add the table"
    assert page == fresh, "the coverage table is stale: run with MEEPLE_REGOLD=1"
