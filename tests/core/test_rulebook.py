"""Rule ids in a rules page, tests that name them, and the generated coverage table."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.testing.rulebook import TABLE_END
from meeple.testing.rulebook import TABLE_START
from meeple.testing.rulebook import check_coverage
from meeple.testing.rulebook import coverage_table
from meeple.testing.rulebook import marked_tests
from meeple.testing.rulebook import rules_of
from meeple.testing.rulebook import with_table

PAGE = """# Toy

Intro text, not a rule.

- **[deal.three]** Each player gets three cards. Then more text.
- **[round.pick]** Everyone picks a card at once;
  the highest single card scores. *Our reading:* ties score nothing.
- An ordinary item, not a rule.

1. **[end.three-rounds]** The game ends after three rounds.
"""

TESTS = """
import pytest


@pytest.mark.rule("toy:deal.three")
def test_deal() -> None: ...


@pytest.mark.rule("toy:round.pick", "toy:end.three-rounds")
@pytest.mark.parametrize("x", [1])
def test_round(x: int) -> None: ...


@pytest.mark.rule("toy:no.such-rule", "other:deal.three")
def test_typo() -> None: ...


def test_unmarked() -> None: ...
"""


def test_rules_are_read_with_their_readings() -> None:
    rules = rules_of(PAGE)
    assert [r.id for r in rules] == ["deal.three", "round.pick", "end.three-rounds"]
    assert rules[0].summary == "Each player gets three cards."
    assert rules[1].reading == "ties score nothing."
    assert rules[0].reading == ""
    with pytest.raises(ValueError, match=r"appear twice: \['deal.three'\]"):
        rules_of(PAGE + "\n- **[deal.three]** again\n")


def test_markers_are_read_from_the_source_and_checked(tmp_path: Path) -> None:
    (tmp_path / "test_toy.py").write_text(TESTS, encoding="utf-8")
    tests = marked_tests(tmp_path.glob("*.py"), tmp_path)
    assert tests == {
        "test_toy.py::test_deal": ("toy:deal.three",),
        "test_toy.py::test_round": ("toy:round.pick", "toy:end.three-rounds"),
        "test_toy.py::test_typo": ("toy:no.such-rule", "other:deal.three"),
    }
    rules = rules_of(PAGE)
    assert check_coverage(rules, "toy", tests) == [
        "test_toy.py::test_typo names 'toy:no.such-rule'"
    ]
    del tests["test_toy.py::test_deal"]
    assert "rule toy:deal.three has no test" in check_coverage(rules, "toy", tests)


def test_the_table_lists_each_rule_its_tests_and_reading(tmp_path: Path) -> None:
    (tmp_path / "test_toy.py").write_text(TESTS, encoding="utf-8")
    tests = marked_tests(tmp_path.glob("*.py"), tmp_path)
    table = coverage_table(rules_of(PAGE), "toy", tests)
    assert "| `round.pick` | `test_round` (test_toy.py) | ties score nothing. |" in table
    page = with_table(PAGE, table)
    assert page.count(TABLE_START) == 1
    assert page.count(TABLE_END) == 1
    assert with_table(page, table) == page  # regenerating changes nothing
    assert [r.id for r in rules_of(page)] == [r.id for r in rules_of(PAGE)]
