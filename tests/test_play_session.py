"""The play loop: hot seat hides hands between humans; bots act first in simultaneous turns."""

from __future__ import annotations

import meeple
from meeple.cli.play import PlaySession
from meeple.core import Match

from .toy_game import TOY


def test_hot_seat_clears_the_screen_and_waits_between_humans() -> None:
    events: list[str] = []

    def ask(prompt: str) -> str:
        events.append(f"ask:{prompt}")
        return "" if "press Enter" in prompt else "1"

    session = PlaySession(
        Match(TOY, 2, seed=1),
        ["human", "human"],
        ask=ask,
        say=lambda text: events.append(f"say:{text}"),
        clear=lambda: events.append("clear"),
    )
    assert session.hot_seat
    assert session.run()
    handoffs = [i for i, e in enumerate(events) if "pass the terminal to player" in e]
    assert len(handoffs) >= 4
    for i in handoffs:
        player = events[i].split("player ")[1].split(",")[0]
        # The screen is cleared just before the hand-off; after it come the moves
        # since that player's last one (as that seat saw them), then that player's
        # own view, then that player's prompt.
        assert events[i - 1] == "clear"
        j = i + 1
        if events[j].startswith("say:since your last move"):
            j += 1
            while events[j].startswith("say:  player "):
                j += 1
        assert events[j].startswith("say:round")
        assert events[j + 1] in ("say:pick a card to play face down", "say:draw a card or pass")
        asked = next(e for e in events[j + 1 :] if e.startswith("ask:"))
        assert asked == f"ask:player {player}> "  # the input line names the seat
    assert any(e == "say:game over" for e in events)


def test_bots_act_before_humans_in_a_simultaneous_decision() -> None:
    said: list[str] = []
    session = PlaySession(
        Match(TOY, 3, seed=2), ["human", "random", "random"], ask=lambda _: "1", say=said.append
    )
    assert session.run()
    first_human_view = next(i for i, s in enumerate(said) if s.startswith("round"))
    bot_moves_before = [s for s in said[:first_human_view] if "(random): (secret move)" in s]
    assert len(bot_moves_before) == 2  # both bots picked before the human was asked


def test_quit_leaves_the_game() -> None:
    session = PlaySession(
        Match(TOY, 2, seed=2), ["human", "random"], ask=lambda _: "quit", say=lambda _: None
    )
    assert session.run() is False


def test_a_terminal_gets_the_seats_picture_in_colour_and_a_pipe_the_same_text() -> None:
    """Issue 17: pictures go to `draw` (a terminal prints them in colour); without it the
    same picture is said as plain text. Either way it is the human seat's own view."""
    from rich.text import Text

    import meeple

    game = meeple.get_game("wypas")
    drawn: list[object] = []
    said: list[str] = []
    coloured = PlaySession(
        Match(game, 3, seed=4),
        ["human", "random", "random"],
        ask=lambda _: "quit",
        say=lambda _: None,
        draw=drawn.append,
    )
    plain = PlaySession(
        Match(game, 3, seed=4), ["human", "random", "random"], ask=lambda _: "quit", say=said.append
    )
    assert coloured.run() is False
    assert plain.run() is False
    mine = game.render(coloured.match.state.view(0))
    picture = drawn[0]
    assert isinstance(picture, Text)
    assert picture.spans  # styled: the sheep in their colours
    assert picture.plain == mine
    assert mine in said  # the plain session says exactly the text picture
    assert game.render(coloured.match.state.view(None)) != mine  # the seat's, not the table's


def test_a_prompt_the_picture_already_ends_with_is_not_said_again() -> None:
    """Regression: Wypas's picture ends with what the seat to act is asked, and the
    terminal printed that line a second time under it."""
    said: list[str] = []
    session = PlaySession(
        Match(meeple.get_game("wypas"), 3, seed=1),
        ["human", "random", "random"],
        ask=lambda _: "quit",
        say=lambda text: said.append(str(text)),
    )
    assert not session.run()
    prompt = session.match.state.prompt(0)
    shown = "\n".join(said)
    assert shown.count(prompt) == 1, shown  # said once, by the picture
