"""The simulation package reads in short steps: no function in src/meeple/sim is
longer than 80 lines (the project's limit for every function in src/meeple)."""

from __future__ import annotations

import ast
from pathlib import Path

SIM = Path(__file__).resolve().parents[2] / "src" / "meeple" / "sim"
LONGEST = 80


def test_no_function_in_sim_is_longer_than_80_lines() -> None:
    long = {}
    for path in sorted(SIM.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LONGEST:
                    long[f"{path.name}:{node.name}"] = lines
    assert not long, f"split into named steps: {long}"
