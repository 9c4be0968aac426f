"""Every rule traced to its tests (issue 15, item 7), for every game at once.

A rules page ``docs/rules/<game>.md`` gives each rule a stable id (``**[id]**``),
and tests name the rules they check with ``@pytest.mark.rule("<game>:<id>")``
(`meeple.testing.rulebook`). For every page that has at least one rule id, this
file fails when

* a rule has no test;
* a test names a rule the page does not have, or a game that has no rules page
  with ids;
* the page's generated coverage table (between ``<!-- rule-coverage:start -->``
  and ``<!-- rule-coverage:end -->``) is stale.

Regenerate the tables after adding rules or tests with::

    MEEPLE_REGOLD=1 pytest tests/test_rule_coverage.py

`REQUIRED_PAGES` lists the pages that must have rule ids. A page without any id is
otherwise skipped (it has no rules to trace yet); once the lead adds its game to
`REQUIRED_PAGES`, a page without ids fails here too.
"""

from __future__ import annotations

import os

import pytest

from meeple.testing.golden import REGOLD_ENV
from meeple.testing.rulebook import Rule
from meeple.testing.rulebook import check_coverage
from meeple.testing.rulebook import coverage_table
from meeple.testing.rulebook import marked_tests
from meeple.testing.rulebook import rules_of
from meeple.testing.rulebook import with_table

from .shared import ROOT

REQUIRED_PAGES = ("bear_mountain", "way_of_bear", "wojtek", "wypas")
"""Games whose rules page must give its rules ids (all four once every page has them)."""

PAGES = ROOT / "docs" / "rules"
TESTS = ROOT / "tests"


def _page(game: str) -> str:
    return (PAGES / f"{game}.md").read_text(encoding="utf-8")


def _traced() -> dict[str, tuple[Rule, ...]]:
    """Game -> its rules, for every rules page with at least one rule id."""
    found = {}
    for path in sorted(PAGES.glob("*.md")):
        rules = rules_of(path.read_text(encoding="utf-8"))
        if rules:
            found[path.stem] = rules
    return found


TRACED = _traced()
MARKED = marked_tests(TESTS.rglob("test_*.py"), ROOT)
"""Test id -> the rule markers on it, read from every test file's source."""


@pytest.mark.parametrize("game", REQUIRED_PAGES)
def test_the_required_pages_give_their_rules_ids(game: str) -> None:
    assert (PAGES / f"{game}.md").exists(), f"docs/rules/{game}.md is missing"
    assert game in TRACED, f"docs/rules/{game}.md gives no rule an id (**[id]**)"


@pytest.mark.parametrize("game", sorted(TRACED))
def test_every_rule_has_a_test_and_every_marker_a_rule(game: str) -> None:
    problems = check_coverage(TRACED[game], game, MARKED)
    assert not problems, "\n".join(problems)


def test_every_marker_names_a_game_with_rule_ids() -> None:
    unknown = [
        f"{test} names {mark!r}"
        for test, marks in sorted(MARKED.items())
        for mark in marks
        if mark.partition(":")[0] not in TRACED or not mark.partition(":")[2]
    ]
    assert not unknown, "\n".join(unknown)


@pytest.mark.parametrize("game", sorted(TRACED))
def test_the_coverage_table_is_current(game: str) -> None:
    page = _page(game)
    current = with_table(page, coverage_table(TRACED[game], game, MARKED))
    if os.environ.get(REGOLD_ENV) == "1":
        (PAGES / f"{game}.md").write_text(current, encoding="utf-8")
        return
    assert page == current, (
        f"the coverage table of docs/rules/{game}.md is stale: regenerate it with "
        f"{REGOLD_ENV}=1 pytest tests/test_rule_coverage.py"
    )


def test_the_check_sees_every_rule_and_marker_it_should() -> None:
    # The check must not pass because it reads nothing.
    assert set(REQUIRED_PAGES) <= set(TRACED)
    assert sum(len(rules) for rules in TRACED.values()) >= 20
    assert any(m.startswith("wojtek:") for marks in MARKED.values() for m in marks)
    assert any(m.startswith("bear_mountain:") for marks in MARKED.values() for m in marks)
