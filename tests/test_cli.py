"""The `meeple` command, driven in-process through typer's runner."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

import meeple
from meeple.cli.app import app

from .shared import declared_options
from .shared import number
from .shared import says

runner = CliRunner()


def test_games_lists_every_registered_game() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for name in meeple.game_names():
        assert name in result.output


def test_demo_plays_a_full_game_of_an_unregistered_game() -> None:
    result = runner.invoke(app, ["demo", "tests.toy_game:TOY", "--players", "3", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "player 0:" in result.output
    assert "result after 12 moves" in result.output
    again = runner.invoke(app, ["demo", "tests.toy_game:TOY", "--players", "3", "--seed", "2"])
    assert again.output == result.output  # same seed, same game


def test_demo_refuses_bad_options_with_a_reason() -> None:
    result = runner.invoke(app, ["demo", "tests.toy_game:TOY", "-o", "rounds=9"])
    assert result.exit_code == 2
    assert "rounds must be 1-3, not 9" in result.output


def test_demo_refuses_unknown_games() -> None:
    result = runner.invoke(app, ["demo", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_bench_reports_rates() -> None:
    args = ["bench", "tests.toy_game:TOY", "--players", "2", "--games", "20", "--runs", "2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "steps/s" in result.output
    assert "games/s" in result.output


def test_bench_times_every_player_count_unless_told() -> None:
    """README.md: `meeple bench GAME` gives "random-playout speed of every player count":
    without ``--players``, one line for each count the game takes, in order."""
    from .toy_game import TOY

    says("README.md", r"`meeple bench GAME`: random-playout speed of every player count\.")
    args = ["bench", "tests.toy_game:TOY", "--games", "2", "--runs", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    timed = [int(n) for n in re.findall(r"^toy \((\d+)p\): ", result.output, re.MULTILINE)]
    assert timed == list(TOY.spec.player_counts())
    assert len(timed) > 1


def test_play_a_whole_game_with_undo_illegal_input_and_save(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    # Seat 0 is human. Always answer "1" (the first legal action) after trying an
    # illegal notation, a bad number, undo and save; the random bot answers itself.
    lines = ["play 99", "9", "help", "1", "undo", "1", f"save {saved}"] + ["1"] * 30
    args = ["play", "tests.toy_game:TOY", "--seat", "human", "--seat", "random", "--seed", "3"]
    # --practice: the toy has chance and hidden hands, where undo is for practice only.
    result = runner.invoke(app, [*args, "--practice"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "not allowed: card 99 is not in player 0's hand" in result.output
    assert "there is no action 9; choose 1-3" in result.output
    assert "undone" in result.output
    assert "saved" in result.output
    assert "game over" in result.output
    record = meeple.loads(saved.read_text(encoding="utf-8"))
    assert isinstance(record, meeple.GameRecord)
    assert record.seed == 3
    replayed = runner.invoke(app, ["replay", str(saved), "--seat", "0"], input="n\nj 2\np\ne\nq\n")
    assert replayed.exit_code != 0  # toy is not registered, so replay refuses by name
    assert "unknown game 'toy'" in replayed.output


def test_play_refuses_bad_seats() -> None:
    args = ["play", "tests.toy_game:TOY", "--players", "2", "-s", "human", "-s", "x", "-s", "y"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "3 seats given for 2 players" in result.output
    bad = runner.invoke(app, ["play", "tests.toy_game:TOY", "-s", "human", "-s", "wizard"])
    assert bad.exit_code == 2
    assert "unknown bot 'wizard'" in bad.output


def test_simulate_prints_a_summary_and_writes_results(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    args = ["simulate", "tests.toy_game:TOY", "-n", "40", "--players", "3", "--workers", "1"]
    result = runner.invoke(app, [*args, "--seat", "greedy", "--seat", "random", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output
    assert "95% interval" in result.output
    # the score spreads and game lengths docs/index.md names
    assert "mean score" in result.output
    assert "game length (actions): p5=" in result.output
    # Different bots in the seats: seat 0's rate is the greedy bot's, not the first player's.
    assert "first-player edge: not reported" in result.output
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["index"] for r in rows] == list(range(40))
    csv_out = tmp_path / "results.csv"
    again = runner.invoke(app, [*args, "--out", str(csv_out)])
    assert again.exit_code == 0, again.output
    assert re.search(r"first-player edge: [+-]\d\.\d{3} \(95% interval", again.output)
    assert csv_out.read_text(encoding="utf-8").startswith("index,seed,steps,scores")
    bad = runner.invoke(app, [*args, "--out", str(tmp_path / "r.txt")])
    assert bad.exit_code == 2
    assert "must end in .jsonl or .csv" in bad.output
    spark = runner.invoke(app, [*args, "--backend", "spark"])
    assert spark.exit_code == 2
    assert "unknown backend 'spark' (local or ray)" in spark.output


def test_simulate_writes_plots(tmp_path: Path) -> None:
    args = ["simulate", "tests.toy_game:TOY", "-n", "20", "--workers", "1"]
    result = runner.invoke(app, [*args, "--plots", str(tmp_path / "plots")])
    assert result.exit_code == 0, result.output
    for name in ("scores.png", "lengths.png"):
        png = tmp_path / "plots" / name
        assert png.read_bytes().startswith(b"\x89PNG")


# -- data options from a file: key=@FILE (issue 14, finding 1) ---------------------------
BOARD_FILE = Path(__file__).parent.parent / "src/meeple/wojtek/data/board_standard.json"


def test_a_data_option_is_read_from_a_file_the_person_names(tmp_path: Path) -> None:
    doc = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    doc["name"] = "from-a-file"
    path = tmp_path / "board.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(
        app, ["demo", "wojtek", "--seed", "3", "--quiet", "-o", f"board=@{path}"]
    )
    assert result.exit_code == 0, result.output
    plain = runner.invoke(app, ["demo", "wojtek", "--seed", "3", "--quiet"])
    assert result.output == plain.output  # the same board under another name plays the same


def test_a_data_option_file_must_be_a_small_regular_file(tmp_path: Path) -> None:
    for where, why in (("/dev/zero", "not a regular file"), (str(tmp_path), "not a regular file")):
        result = runner.invoke(app, ["demo", "wojtek", "--quiet", "-o", f"board=@{where}"])
        assert result.exit_code == 2
        assert why in " ".join(result.output.split())
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1_000_001)
    result = runner.invoke(app, ["demo", "wojtek", "--quiet", "-o", f"board=@{big}"])
    assert result.exit_code == 2
    assert "larger than 1000000 bytes" in " ".join(result.output.split())


def test_an_option_value_is_never_taken_for_a_path() -> None:
    result = runner.invoke(app, ["demo", "wojtek", "--quiet", "-o", f"board={BOARD_FILE}"])
    assert result.exit_code == 2
    assert "not a built-in board" in " ".join(result.output.split())


def test_the_version_is_the_installed_distributions() -> None:
    """Issue 17: the version is written once (pyproject.toml) and read from the metadata."""
    from importlib import metadata

    import meeple

    assert meeple.__version__ == metadata.version("meeple")


def test_demo_ends_with_a_score_sheet_one_column_per_category() -> None:
    """Issue 17: the result reads like a score sheet, not a raw breakdown tuple."""
    result = runner.invoke(app, ["demo", "wypas", "--players", "3", "--seed", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    sheet = result.output[result.output.index("result after") :]
    header = next(line for line in sheet.splitlines() if "player" in line)
    for column in ("points", "fleeces", "score", "rank"):
        assert column in header, header
    assert "winner" in sheet
    assert "details=" not in result.output
    assert "\x1b[" not in result.output  # no colour codes when the output is not a terminal


BEAR_SHEET = """\
Bear Went Over the Mountain: result after 30 moves
┏━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━┓
┃ player   ┃ points ┃ shared ┃ most birds ┃ most cardinals ┃ most squirrels ┃
┡━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━┩
│ 0        │      5 │      2 │          7 │              3 │             4* │
│ 1        │      4 │      2 │          9 │              3 │              3 │
│ 2 winner │      5 │      1 │        10* │             4* │              1 │
└──────────┴────────┴────────┴────────────┴────────────────┴────────────────┘
┏━━━━━━━━━━┳━━━━━━━━━━━━━━┳━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━┓
┃          ┃              ┃ most medium ┃            ┃ most large ┃           ┃
┃ player   ┃ most rabbits ┃     mammals ┃ most foxes ┃    mammals ┃ most deer ┃
┡━━━━━━━━━━╇━━━━━━━━━━━━━━╇━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━┩
│ 0        │            1 │           3 │          1 │         5* │        3* │
│ 1        │            2 │          5* │         3* │          2 │         0 │
│ 2 winner │           5* │           2 │          0 │          2 │         2 │
└──────────┴──────────────┴─────────────┴────────────┴────────────┴───────────┘
┏━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━┓
┃ player   ┃ most bears ┃ biggest mountain ┃ deepest valley ┃ score ┃ rank ┃
┡━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━╇━━━━━━━╇━━━━━━┩
│ 0        │         2* │               2* │              5 │     5 │    2 │
│ 1        │         2* │               2* │              4 │     4 │    3 │
│ 2 winner │          0 │               2* │             6* │     5 │    1 │
└──────────┴────────────┴──────────────────┴────────────────┴───────┴──────┘
*: among the player's cards
"""
"""Bear Went Over the Mountain's sheet at 80 columns, three bands (pinned: the plain
output is what pipes and logs keep)."""


def test_a_wide_sheet_continues_in_bands_one_row_per_player_one_column_per_category() -> None:
    """Issue 17: 13 categories do not fit 80 columns side by side; the sheet continues in
    a second and third band (the player column repeated), never turned on its side, and a
    claimed score card is marked in its cell."""
    args = ["demo", "bear_mountain", "--players", "3", "--seed", "1", "--quiet"]
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    sheet = result.output[result.output.index("Bear Went Over the Mountain: result") :]
    assert sheet == BEAR_SHEET, sheet
    assert max(len(line) for line in sheet.splitlines()) <= 80
    for header in ("most deer", "most bears", "biggest mountain", "deepest valley", "score"):
        assert sum(header in line for line in sheet.splitlines()) == 1, header
    assert sheet.count("│ 2 winner │") == 3  # every band has every player's row
    assert "cards: most-" not in sheet  # the claims are marks, not a list again


BANDS = (
    r"Bear Went Over the Mountain's (\w+) score cards take (\w+) bands at (\d+) columns, "
    r"(\w+) at (\d+)\)"
)
"""docs/cli.md's example of a sheet in bands: how many cards, bands and columns."""


def test_the_sheet_takes_the_bands_the_docs_say_at_each_width() -> None:
    """The numbers of docs/cli.md's sentence, read from the page: the demo's 3-player game
    holds that many score cards, and its sheet takes that many bands at each width."""
    cards, *bands_at = says("docs/cli.md", BANDS).groups()
    args = ["demo", "bear_mountain", "--players", "3", "--seed", "1", "--quiet"]
    from meeple.bear_mountain.state import State

    dealt = meeple.start("bear_mountain", players=3, seed=1)
    assert isinstance(dealt, State)
    assert len(dealt.score_cards) == number(cards)
    for bands, width in zip(bands_at[::2], bands_at[1::2], strict=True):
        # NO_COLOR: plain text whatever colour settings the machine has (FORCE_COLOR)
        result = runner.invoke(app, args, env={"COLUMNS": width, "NO_COLOR": "1"})
        assert result.exit_code == 0, result.output
        sheet = result.output[result.output.index("result after") :]
        assert sheet.count("┏") == number(bands), width
        assert max(len(line) for line in sheet.splitlines()) <= number(width)


def test_the_docs_give_the_benchs_runs_and_the_option_files_size() -> None:
    """docs/cli.md: `bench` times "runs of about two seconds ..., five runs by default",
    and ``--option key=@FILE`` reads "a regular file of at most 1 MB" (numbers read from
    the page)."""
    from meeple.cli.bench import RUN_SECONDS
    from meeple.cli.options import MAX_OPTION_FILE_BYTES

    runs = says("docs/cli.md", r"in runs of about (\w+) seconds .*?, (\w+) runs by default")
    assert number(runs[1]) == RUN_SECONDS
    assert number(runs[2]) == declared_options("bench")["--runs"]
    size = says("docs/cli.md", r"\(a regular file of at most (\d+) MB\)")
    assert number(size[1]) * 1_000_000 == MAX_OPTION_FILE_BYTES


def test_every_game_ends_with_a_sheet_one_row_per_player_one_column_per_category() -> None:
    """Issue 17: for every registered game (the plugin too), the sheet holds every
    category of the outcome's breakdown as a column, and each player once per band."""
    from meeple.cli.scoresheet import columns_of
    from meeple.cli.scoresheet import score_sheet
    from meeple.cli.terminal import plain
    from meeple.testing import random_playout

    for name in meeple.game_names():
        game = meeple.get_game(name)
        players = max(game.spec.min_players, 3 if game.spec.max_players >= 3 else 2)
        final, _, _ = random_playout(game, players, seed=1)
        outcome = final.outcome()
        sheet = score_sheet(outcome, "result")
        expected = [label for columns, _ in columns_of(outcome.details) for label in columns]
        assert list(sheet.labels) == list(dict.fromkeys(expected)), name
        assert sheet.labels, f"{name}: no category on the sheet"
        assert len(sheet.rows) == players
        text = plain(sheet, width=80)
        assert max(len(line) for line in text.splitlines()) <= 80, name
        bands = text.count("┏")
        for p in range(players):
            assert len(re.findall(rf"^│ {p} ", text, re.MULTILINE)) == bands, (name, p)


def test_a_play_session_ends_with_the_score_sheet() -> None:
    from meeple.cli.play import PlaySession
    from meeple.core.match import Match

    lines: list[str] = []
    match = Match(meeple.get_game("wypas"), 3, seed=2)
    session = PlaySession(match, ["random"] * 3, ask=lambda _: "quit", say=lines.append)
    session.run()
    sheet = lines[lines.index("game over") + 1]
    assert sheet.startswith("result\n")
    assert "fleeces" in sheet
    assert "random) winner" in sheet
    assert "details=" not in "\n".join(lines)
