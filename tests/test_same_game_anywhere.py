"""The README's promise: the same seed and moves give the same game on any machine.

The games' own chance is `meeple.core.rng`, the same on every platform; the golden
transcripts (``tests/<game>/test_golden.py``) pin one process's games to stored text,
and `nox -s versions` runs them on every claimed Python. What differs between two
processes on one machine is the seed of Python's string hashing: a set or a dict of
strings iterated into a legal-action list, a deal, a JSON document or a picture would
come out in another order. So the games are played again in fresh processes with other
hash seeds, and everything they show must be the same to the byte.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .game_digests import digests
from .shared import BUILT_IN
from .shared import ROOT

HASH_SEEDS = ("0", "4294967295")
"""``PYTHONHASHSEED`` values of the fresh processes (the smallest and the largest)."""


def _digests_in_a_process(hash_seed: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-m", "tests.game_digests"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, str] = json.loads(done.stdout)
    return found


@pytest.fixture(scope="module")
def here() -> dict[str, str]:
    """The digests in this process (whose hash seed is random unless the runner set it)."""
    return digests()


@pytest.mark.parametrize("hash_seed", HASH_SEEDS)
def test_every_game_is_the_same_whatever_the_string_hash_seed(
    hash_seed: str, here: dict[str, str]
) -> None:
    assert _digests_in_a_process(hash_seed) == here


def test_the_hash_seeds_do_order_a_set_of_strings_differently() -> None:
    """The processes above really hash strings differently: a set of the games' names
    comes out in another order (else the comparison would prove nothing)."""
    orders = set()
    for hash_seed in HASH_SEEDS:
        done = subprocess.run(
            [sys.executable, "-c", f"print(list({set(BUILT_IN)!r}))"],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
            check=True,
        )
        orders.add(done.stdout)
    assert len(orders) == len(HASH_SEEDS)
