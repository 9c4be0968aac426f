"""`meeple play` with secret offers (Wypas): the offered human is asked first when the
terminal is theirs alone; at a shared terminal nobody learns that a human was asked;
a bot's ``wait`` is never told."""

from __future__ import annotations

import pytest

from meeple.cli.play import PlaySession
from meeple.core import Match


class Script:
    """Answers prompts from a list; records every prompt asked."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        return self.answers.pop(0) if self.answers else "quit"


def _session(seats: list[str], script: Script, said: list[str], seed: int = 0) -> PlaySession:
    """A 4-seat Wypas game of one round at the terminal."""
    return PlaySession(
        Match("wypas", 4, seed=seed, max_rounds=1), seats, ask=script, say=said.append
    )


@pytest.mark.rule("wypas:specials.offers")
def test_the_offered_human_is_asked_before_the_bot_to_act_moves() -> None:
    # Seed 0, four seats: the baca (seat 0, a bot) hides a lot; seat 3 holds a Thief.
    said: list[str] = []
    session = _session(["random", "random", "random", "human"], Script("1"), said)
    assert not session.run()  # 1. wait; then quit at the next question
    asked = (
        "p3: you may play a special card now, or wait (meanwhile p0 "
        "(baca): hide one of the drawn lots face down)"
    )
    # the question ends the seat's picture (said once: the picture's last line)
    first = next(i for i, text in enumerate(said) if str(text).rstrip().endswith(asked))
    assert not any(line.startswith("player 0 (random)") for line in said[:first])
    assert said[first + 1].strip() == "1. wait"
    assert session.match.history[0] == (3, session.match.game.parse_action("wait"))


@pytest.mark.rule("wypas:specials.secret-holders")
def test_a_shared_terminal_never_hands_itself_to_a_human_for_a_secret_offer() -> None:
    script = Script("", "1")  # take the terminal, hide a lot; then quit
    session = _session(["human", "random", "random", "human"], script, [])
    assert not session.run()
    assert script.asked[0] == "pass the terminal to player 0, then press Enter"
    assert session.match.history[0][0] == 0  # seat 3's offer passed with the baca's move


@pytest.mark.rule("wypas:specials.secret-holders")
def test_a_bots_wait_is_not_told_to_the_human() -> None:
    said: list[str] = []
    seats = ["human", "random", "random", "random"]
    session = _session(seats, Script(*["1"] * 2000), said, seed=4)  # a bot waits once here
    assert session.run()
    waits = [i for i, (p, a) in enumerate(session.match.history) if p != 0 and str(a) == "wait"]
    assert waits  # the bots did wait, and nothing of it was said
    told = [line for line in said if line.startswith("player ") and " (random): " in line]
    assert not any(line.endswith(("wait", ": ")) for line in told)
