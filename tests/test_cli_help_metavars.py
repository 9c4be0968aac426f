"""`meeple <command> --help` and docs/cli.md's command table name arguments the same
way: every flag the table shows is in the command's help, with the same metavar
(`--seed SEED`, `-n DEALS`), and every positional argument (GAME, FILE, NAME) is the
one the usage line names. The help is rendered at a fixed width, whatever the
terminal's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 200
"""The help's width: wide enough that no flag and its metavar are folded apart."""
METAVAR = re.compile(r"[A-Z][A-Z0-9_]*(=[A-Z][A-Z0-9_]*)?")


def _help(command: list[str], columns: str = "80") -> str:
    result = CliRunner().invoke(
        app,
        [*command, "--help"],
        env={"COLUMNS": columns},
        terminal_width=WIDTH,
        max_content_width=WIDTH,
    )
    assert result.exit_code == 0, result.output
    return result.output


def _rows() -> list[tuple[list[str], list[str]]]:
    """Each table row's command (as words: ``["matches", "list"]``) and the words
    after it, brackets dropped; a row for ``list\\|close`` stands for both."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    rows = []
    for shown in re.findall(r"^\| `meeple ([^`]+)` \|", text, flags=re.MULTILINE):
        words = [w.strip("[]") for w in shown.split()]
        if len(words) > 1 and "\\|" in words[1]:
            rows += [([words[0], sub], words[2:]) for sub in words[1].split("\\|")]
        else:
            rows.append(([words[0]], words[1:]))
    return rows


ROWS = _rows()


def test_the_table_is_read() -> None:
    commands = {" ".join(command) for command, _ in ROWS}
    assert {"demo", "analyze", "serve", "matches list", "matches close"} <= commands
    flags = sum(1 for _, words in ROWS for word in words if word.startswith("-"))
    assert flags >= 15, ROWS


def _usage(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("Usage:"))


@pytest.mark.parametrize(("command", "words"), ROWS, ids=[" ".join(c) for c, _ in ROWS])
def test_help_names_what_the_table_shows(command: list[str], words: list[str]) -> None:
    text = _help(command)
    usage = _usage(text)
    checked = 0
    for i, word in enumerate(words):
        if word.startswith("-"):
            follows = words[i + 1] if i + 1 < len(words) else ""
            if METAVAR.fullmatch(follows):
                shown = rf"(?m)^\s+(-\w, )?{re.escape(word)} {re.escape(follows)}(\s|$)"
            else:
                shown = rf"(?m)^\s+(-\w, )?{re.escape(word)}(\s|$)"
            assert re.search(shown, text), (word, follows, text)
            checked += 1
        elif (i == 0 or not words[i - 1].startswith("-")) and METAVAR.fullmatch(word):
            # a positional argument, written as the table writes it: GAME, not {GAME}
            assert re.search(rf" {re.escape(word)}( |$)", usage), (word, usage)
            checked += 1
    assert checked or not words


def _commands() -> list[list[str]]:
    """Every command of the ``meeple`` app, as words (``["matches", "list"]``)."""
    import typer.core
    import typer.main

    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    found: list[list[str]] = []
    for name, command in sorted(root.commands.items()):
        if isinstance(command, typer.core.TyperGroup):
            found += [[name, sub] for sub in sorted(command.commands)]
        else:
            found.append([name])
    return found


COMMANDS = _commands()


def test_the_table_has_a_row_for_every_command() -> None:
    assert sorted(command for command, _ in ROWS) == COMMANDS


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_every_metavar_is_a_readable_name(command: list[str]) -> None:
    """No `<int>`, `<str>`, `<list[str]>` or `{GAME}`: each option's value and each
    argument is named in capitals, the help naming no type (Arguments included) and
    the usage line writing a required argument bare, as docs/cli.md does. Regression:
    typer showed ``GAME <str>`` in the Arguments list and ``{GAME}`` in the usage."""
    text = _help(command)
    assert not re.search(r"<[\w\[\], |]+>", text), text
    usage = _usage(text).split("[OPTIONS]")[-1]
    assert "{" not in usage, usage
    for name in re.findall(r"\[([^\]]+)\]", usage):
        assert METAVAR.fullmatch(name.removesuffix("...")) or name == "ARGS", (name, usage)


def test_the_help_does_not_depend_on_the_terminal_width() -> None:
    assert _help(["serve"], columns="20") == _help(["serve"], columns="300")
