"""`meeple play` tells a human nothing their seat may not see (the secrecy audit's
CLI items): not the random seed before the end, not a hint that depends on moves
the seat did not see, not the next cards through `undo`; and `save` says that its
file holds the whole game."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from typer.testing import CliRunner
from typer.testing import Result

from meeple.cli.app import app
from meeple.cli.play import PlaySession
from meeple.core import Match

from .toy_game import SPEC as TOY_SPEC
from .toy_game import TOY
from .toy_game import ToyGame

SEED = 987_654_321_987
"""The seed every random draw of these tests gives: not in any other line."""

TOY_PLAY = ["play", "tests.toy_game:TOY", "--seat", "human", "--seat", "random"]
"""The toy has chance and hidden hands."""


OPEN_TOY = ToyGame(spec=attrs.evolve(TOY_SPEC, has_chance=False, hidden_information=False))
"""The toy as if it had neither chance nor hidden information: nothing for a seed, a
saved file or an undo to give away."""
OPEN_PLAY = ["play", "tests.test_play_secrecy:OPEN_TOY", "--seat", "human", "--seat", "random"]


@pytest.fixture
def drawn_bits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every random seed `meeple play` draws is `SEED`; the list holds the bits asked."""
    asked: list[int] = []

    def randbits(bits: int) -> int:
        asked.append(bits)
        return SEED

    def randbelow(bound: int) -> int:
        asked.append(bound.bit_length() - 1)
        return SEED

    monkeypatch.setattr(secrets, "randbits", randbits)
    monkeypatch.setattr(secrets, "randbelow", randbelow)
    return asked


def _play(args: list[str], typed: list[str]) -> Result:
    return CliRunner().invoke(app, args, input="".join(f"{line}\n" for line in typed))


def _said(session_of: Callable[[Callable[[str], None]], PlaySession]) -> list[str]:
    """What a session says until it ends."""
    said: list[str] = []
    session_of(said.append).run()
    return said


def _interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    def ctrl_c(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", ctrl_c)


@pytest.mark.parametrize(
    "typed", [["quit"], [], ["ctrl-c"], ["1"] * 30], ids=["quit", "eof", "ctrl-c", "game over"]
)
def test_a_random_seed_is_shown_only_when_the_session_ends(
    typed: list[str], drawn_bits: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Leak: `meeple play` printed its random seed on the first line ("Toy High Card,
    2 players, seed N."), and every hidden card and every draw follows from the seed;
    the seed was also 31 bits only, few enough to search. Now it has 63 bits and is
    told when the session ends, with how to play the same deal again."""
    if typed == ["ctrl-c"]:
        _interrupted(monkeypatch)
    result = _play(TOY_PLAY, typed)
    assert result.exit_code == 0, result.output
    assert drawn_bits == [63]
    lines = result.output.splitlines()
    assert str(SEED) not in lines[0]
    assert "shown at the end" in lines[0]
    assert str(SEED) not in "\n".join(lines[:-1])
    assert f"--seed {SEED}" in lines[-1]
    assert ("game over" in result.output) == (typed == ["1"] * 30)


def test_a_seed_given_or_of_an_open_game_is_shown_at_the_start(drawn_bits: list[int]) -> None:
    """Nothing is hidden by the seed the player typed, nor by one of a game with
    neither chance nor hidden information: those are told first, as before."""
    given = _play([*TOY_PLAY, "--seed", "12"], ["quit"])
    assert given.output.splitlines()[0].startswith("Toy High Card, 2 players, seed 12.")
    assert drawn_bits == []
    opened = _play(OPEN_PLAY, ["quit"])
    assert opened.output.splitlines()[0].startswith(f"Toy High Card, 2 players, seed {SEED}.")
    assert opened.output.count(str(SEED)) == 1


def test_save_says_its_file_holds_the_hidden_cards(tmp_path: Path) -> None:
    """Leak: `save FILE` mid-game wrote the seed and every move, which shows every
    hidden card, and said only "saved N moves": the file is kept, and now says so."""
    saved = tmp_path / "game.json"
    said = _said(
        lambda say: PlaySession(
            Match(TOY, 2, seed=3), ["human", "random"], ask=_answers(f"save {saved}"), say=say
        )
    )
    (line,) = [line for line in said if line.startswith("saved")]
    assert "the whole game, hidden cards included" in line
    assert "do not show it to" in line
    assert saved.exists()
    opened = tmp_path / "open.json"
    said = _said(
        lambda say: PlaySession(
            Match(OPEN_TOY, 2, seed=3), ["human", "random"], ask=_answers(f"save {opened}"), say=say
        )
    )
    assert f"saved 1 moves to {opened}" in said  # the bot's pick and nothing hidden


def _answers(*typed: str) -> Callable[[str], str]:
    """Answers `typed` in turn, then ``quit``."""
    left = list(typed)
    return lambda _: left.pop(0) if left else "quit"


def _hint(match: Match, seats: list[str]) -> str:
    said = _said(
        lambda say: PlaySession(match, seats, ask=_answers("", "hint"), say=say, hint_iterations=30)
    )
    (hint,) = [line for line in said if line.startswith("hint: ")]
    return hint


@pytest.mark.parametrize("seed", [0, 2, 4, 8])
def test_a_hint_does_not_depend_on_moves_the_seat_did_not_see(seed: int) -> None:
    """Leak: `hint` seeded its bot with the number of moves played, which counts other
    seats' secret Wypas `wait`s; at two tables seat 0 cannot tell apart it gave two
    hints, and the human, rerunning the public bot, could count the waits (so learn
    that a seat holds a special card). At these seeds the baca (seat 0) is to hide a
    lot while another seat is offered a special card in secret."""
    plain = Match("wypas", 4, seed=seed, max_rounds=1)
    offered = sorted(plain.state.to_act - {0})
    assert offered
    waited = Match("wypas", 4, seed=seed, max_rounds=1)
    for seat in offered:
        waited.play("wait", seat)
    assert waited.state.view(0) == plain.state.view(0)
    assert waited.state.legal_actions(0) == plain.state.legal_actions(0)
    # The offered seats are humans at one terminal: seat 0 is asked first at both tables.
    seats = ["human" if seat in {0, *offered} else "random" for seat in range(4)]
    assert _hint(waited, seats) == _hint(plain, seats)


def test_undo_is_refused_where_it_would_show_the_next_cards() -> None:
    """Leak: chance comes from the state, so a move taken back and made again draws the
    same cards: play, see the draw, undo, and choose knowing the deck. In a game with
    chance or hidden information `undo` is refused, with the reason, unless the session
    is practice (`meeple play --practice`)."""
    match = Match(TOY, 2, seed=3)
    said = _said(
        lambda say: PlaySession(match, ["human", "random"], ask=_answers("1", "undo"), say=say)
    )
    assert "undone" not in said
    (refusal,) = [line for line in said if line.startswith("undo is off")]
    assert "would show what is hidden" in refusal
    assert "--practice" in refusal
    assert [player for player, _ in match.history].count(0) == 1  # the move stands
    practice = Match(TOY, 2, seed=3)
    said = _said(
        lambda say: PlaySession(
            practice, ["human", "random"], ask=_answers("1", "undo"), say=say, practice=True
        )
    )
    assert "undone" in said
    assert [player for player, _ in practice.history] == [1]  # the bot's pick, made first


def test_undo_works_without_practice_in_an_open_game() -> None:
    """With neither chance nor hidden information, playing again shows nothing new."""
    match = Match(OPEN_TOY, 2, seed=3)
    said = _said(
        lambda say: PlaySession(match, ["human", "random"], ask=_answers("1", "undo"), say=say)
    )
    assert "undone" in said
    assert [player for player, _ in match.history] == [1]  # the bot's pick, made first


def test_the_practice_flag_allows_undo_and_help_says_when_it_is_off() -> None:
    refused = _play([*TOY_PLAY, "--seed", "3"], ["1", "undo", "help", "quit"])
    assert "undo is off" in refused.output
    assert "undone" not in refused.output
    assert "--practice" in refused.output.splitlines()[0]  # the commands, at the start
    practice = _play([*TOY_PLAY, "--seed", "3", "--practice"], ["1", "undo", "quit"])
    assert practice.exit_code == 0, practice.output
    assert "undone" in practice.output
    assert "--practice" in CliRunner().invoke(app, ["play", "--help"]).output
