"""Golden files: text a test produced once, reviewed, and compared on every run after.

One harness and one switch for every game (OpenSpiel keeps golden playthroughs
the same way): a test builds its text (a seeded `transcript`, a rendering) and
calls `assert_golden(path, text)`. After a deliberate change of rules or data,
regenerate every golden file and review the diff before committing::

    MEEPLE_REGOLD=1 pytest tests/wypas/test_golden.py

(bump ``spec.rules_version`` too when old records would replay differently).
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

__all__ = ["REGOLD_ENV", "assert_golden"]

REGOLD_ENV = "MEEPLE_REGOLD"
"""Set this environment variable to 1 to (re)write golden files instead of comparing."""


def assert_golden(path: Path, text: str) -> None:
    """Fail with a unified diff unless `text` equals the golden file at `path`.

    With ``MEEPLE_REGOLD=1`` the file is written instead (and the test passes).
    """
    if os.environ.get(REGOLD_ENV) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        raise AssertionError(
            f"golden file {path.name} does not exist; write it with {REGOLD_ENV}=1 and review it"
        )
    expected = path.read_text(encoding="utf-8")
    if text == expected:
        return
    diff = "".join(
        list(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                text.splitlines(keepends=True),
                fromfile=f"{path.name} (golden)",
                tofile=f"{path.name} (now)",
                n=2,
            )
        )[:60]
    )
    raise AssertionError(
        f"{path.name} differs from its golden file (regenerate with {REGOLD_ENV}=1 "
        f"only if the change is intended):\n{diff}"
    )
