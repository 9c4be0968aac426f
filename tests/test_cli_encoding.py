"""The real `meeple` command on a terminal that cannot show every letter."""

from __future__ import annotations

import os
import subprocess

from .shared import meeple_command


def test_a_terminal_in_ascii_gets_stand_ins_not_a_traceback() -> None:
    # Regression: with PYTHONIOENCODING=ascii the demo of Miś Wojtek printed half its
    # table, then stopped with UnicodeEncodeError on the ś of the title.
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "COLUMNS": "100"}
    env.pop("NO_COLOR", None)
    done = subprocess.run(
        [meeple_command(), "demo", "wojtek", "--players", "2", "--seed", "1"],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode("ascii", "replace")
    assert b"Traceback" not in done.stderr
    assert done.stdout.isascii()
    assert b"Mi? Wojtek" in done.stdout
