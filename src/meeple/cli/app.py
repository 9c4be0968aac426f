"""The `meeple` command: list games, watch a seeded game between random players, bench.

Everything goes through the registry and the public API, so plugin games work
unchanged.
"""

from __future__ import annotations

import io
import sys
from typing import Annotated

import typer
from rich.table import Table

from ..core import MeepleError
from ..core import registry as _registry
from ..core import rng as _rng
from ..sim import resolve_game
from .checks import at_least
from .checks import check_bots
from .checks import lineup
from .checks import player_count
from .errors import fail
from .flags import AnalyzedArg
from .flags import BotSeatArg
from .flags import Command
from .flags import CompareArg
from .flags import DealsArg
from .flags import FewestArg
from .flags import GameArg
from .flags import OptionArg
from .flags import PerSeatArg
from .flags import PlayersArg
from .flags import SeatArg
from .flags import SeedArg
from .flags import SkillAgainstArg
from .flags import SkillArg
from .matches import matches_app
from .new_game import new_game
from .options import parse_cli_options
from .run_on import BackendArg
from .run_on import RayAddressArg
from .run_on import RunOn
from .run_on import WorkersArg
from .scoresheet import score_sheet
from .serve import serve
from .terminal import NoColorOption
from .terminal import drawer
from .terminal import make_console
from .terminal import picture

app = typer.Typer(
    rich_markup_mode=None,  # plain click errors: one line, never boxed or wrapped to the width
    add_completion=False,
    no_args_is_help=True,
    help="Board-game rules engines: list, watch and measure any registered game.",
)


@app.command(cls=Command)
def games() -> None:
    """A table of the registered games; then one line per plugin that failed to load."""
    console = make_console()
    table = Table(title="meeple games")
    listed = _registry.default_registry.games()
    # A name is what a person types next, so it is never cropped, however narrow the
    # terminal; the other columns fold.
    longest = max((len(game.spec.name) for game in listed), default=4)
    table.add_column("name", no_wrap=True, min_width=longest)
    for column in ("title", "players", "modes", "rules"):
        table.add_column(column, overflow="fold")
    for game in listed:
        spec = game.spec
        players = (
            str(spec.min_players)
            if spec.min_players == spec.max_players
            else f"{spec.min_players}-{spec.max_players}"
        )
        table.add_row(spec.name, spec.title, players, ", ".join(spec.modes), spec.rules_version)
    console.print(table)
    for reason in _registry.default_registry.failures().values():
        console.print(f"failed: {reason}", markup=False, soft_wrap=True)


@app.command(cls=Command)
def demo(
    game: GameArg,
    players: FewestArg = None,
    seed: Annotated[
        int, typer.Option(metavar="SEED", help="seed for the deal and the players")
    ] = 1,
    option: OptionArg = None,
    quiet: Annotated[
        bool, typer.Option(help="leave out the moves: print only the final table and the result")
    ] = False,
    no_color: NoColorOption = False,
) -> None:
    """Watch a full game between random players, move by move, then the result."""
    try:
        chosen = resolve_game(game)
        options = parse_cli_options(chosen, option or [])
        count = players if players is not None else chosen.spec.min_players
        state = chosen.start(count, seed=seed, options=options)
    except MeepleError as err:
        fail(str(err))
    out = make_console(no_color)
    chooser = _rng.seed_rng(_rng.derive_seed(seed, "demo"))
    step = 0
    while not state.is_over:
        actor, chooser = _rng.choice(chooser, sorted(state.to_act))
        action, chooser = _rng.choice(chooser, state.legal_actions(actor))
        step += 1
        if not quiet:
            out.print(f"{step:4d}  player {actor}: {action}", markup=False)
        state = state.apply(action, actor)
    out.print()
    drawer(out)(picture(chosen, state.view(None)))
    out.print(score_sheet(state.outcome(), f"{chosen.spec.title}: result after {step} moves"))


@app.command(cls=Command)
def bench(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="registered name or package.module:ATTR")
    ],
    players: Annotated[
        list[int] | None, typer.Option(metavar="N", help="repeatable; default all")
    ] = None,
    option: OptionArg = None,
    games_per_run: Annotated[
        int | None,
        typer.Option(
            "--games",
            metavar="N",
            help="games per timed run (default: as many as last about 2 s, timed first)",
        ),
    ] = None,
    runs: Annotated[int, typer.Option(metavar="N", help="timed runs; the median is reported")] = 5,
) -> None:
    """Random-playout steps/s and games/s through the public API."""
    from .bench import run_bench

    console = make_console()
    try:
        chosen = resolve_game(game)
        options = parse_cli_options(chosen, option or [])
        counts = players or list(chosen.spec.player_counts())
        run_bench(console, chosen, counts, options, games_per_run, runs)
    except MeepleError as err:
        fail(str(err))


@app.command(cls=Command)
def play(
    game: GameArg,
    players: PlayersArg = None,
    seat: SeatArg = None,
    seed: Annotated[
        int | None,
        typer.Option(
            metavar="SEED",
            help="seed (default: random; in a game with chance or hidden cards it is shown "
            "at the end)",
        ),
    ] = None,
    option: OptionArg = None,
    practice: Annotated[
        bool,
        typer.Option(
            help="allow undo, which in a game with chance or hidden cards lets you see what "
            "is coming; for learning"
        ),
    ] = False,
    no_color: NoColorOption = False,
) -> None:
    """Play at this terminal against bots, or hot-seat with friends."""
    console = make_console()
    import secrets

    from ..core.match import Match
    from ..core.public import keeps_secrets
    from .play import PlaySession

    out = make_console(no_color)
    try:
        chosen = resolve_game(game)
        given = seat or ["human", "mcts"]  # without --seat: you against MCTS
        count = player_count(chosen, players, given, chosen.spec.min_players)
        seats = lineup(given if seat else given[:count], count)
        options = parse_cli_options(chosen, option or [])
        # Every hidden card follows from the seed: 63 random bits are out of reach of a search.
        the_seed = seed if seed is not None else secrets.randbits(63)
        match = Match(chosen, count, seed=the_seed, **_options_kwargs(options))
        session = PlaySession(
            match,
            seats,
            ask=input,
            say=lambda text: out.print(text, markup=False, soft_wrap=True),
            clear=out.clear,
            draw=drawer(out),
            width=out.width,
            practice=practice,
        )
    except MeepleError as err:
        fail(str(err))
    seated = f"{count} player{'s' * (count != 1)}"
    secret = seed is None and keeps_secrets(chosen)
    told = "random seed shown at the end" if secret else f"seed {the_seed}"
    console.print(f"{chosen.spec.title}, {seated}, {told}. {session.commands}", markup=False)
    try:
        finished = session.run()
    except (EOFError, KeyboardInterrupt):
        finished = False
    if not finished:
        console.print("left the game")
    if secret:
        console.print(
            f"the seed was {the_seed}: to play this deal again, run the same command "
            f"with --seed {the_seed}",
            markup=False,
        )


@app.command(cls=Command)
def replay(
    path: Annotated[
        str, typer.Argument(metavar="FILE", help="a record saved by `save` or meeple.dumps")
    ],
    seat: Annotated[
        int | None, typer.Option(metavar="SEAT", help="whose view to show (default: spectator)")
    ] = None,
    no_color: NoColorOption = False,
) -> None:
    """Step through a saved game: forward, back, jump."""
    from ..core.codec import loads
    from ..core.files import UnreadableFileError
    from ..core.files import read_capped
    from ..core.match import GameRecord
    from .replay import MAX_RECORD_BYTES
    from .replay import ReplaySession

    out = make_console(no_color)
    try:
        # UTF-8 as `save` writes it, whatever the machine's locale; a byte-order mark
        # (an editor's) is dropped.
        record = loads(read_capped(path, MAX_RECORD_BYTES).decode("utf-8-sig"))
        if not isinstance(record, GameRecord):
            raise MeepleError(f"{path} holds a {type(record).__name__}, not a game record")
        session = ReplaySession(
            record,
            seat,
            ask=input,
            say=lambda text: out.print(text, markup=False, soft_wrap=True),
            draw=drawer(out),
        )
    except UnreadableFileError as err:
        fail(f"{path} {err}")
    except UnicodeDecodeError as err:
        fail(f"{path} is not UTF-8 text (byte {err.start}): not a saved game")
    except MeepleError as err:
        fail(str(err))
    session.run()


@app.command(cls=Command)
def simulate(
    game: GameArg,
    n: Annotated[int, typer.Option("-n", metavar="N", help="number of games")] = 1000,
    players: PerSeatArg = None,
    seat: BotSeatArg = None,
    seed: SeedArg = 0,
    option: OptionArg = None,
    workers: WorkersArg = None,
    backend: BackendArg = "local",
    ray_address: RayAddressArg = None,
    out: Annotated[
        str | None, typer.Option(metavar="FILE", help="write per-game results (.jsonl or .csv)")
    ] = None,
    plots: Annotated[
        str | None, typer.Option(metavar="FOLDER", help="folder for PNG histograms")
    ] = None,
) -> None:
    """Many bot games: progress, then win rates (95% CI), scores, lengths."""
    console = make_console()
    from .simulate import run_simulation

    try:
        chosen = resolve_game(game)
        options = parse_cli_options(chosen, option or [])
        at_least("-n", n, 1)
        count = player_count(chosen, players, seat or [], chosen.spec.min_players)
        run_simulation(
            console,
            game,
            count,
            lineup(seat or ["random"], count),
            n,
            seed,
            options=_options_kwargs(options),
            run_on=RunOn.from_flags(backend, workers, ray_address),
            out=out,
            plots=plots,
        )
    except MeepleError as err:
        fail(str(err))


@app.command(cls=Command)
def analyze(
    game: GameArg,
    n: DealsArg = None,
    players: AnalyzedArg = None,
    seat: BotSeatArg = None,
    rotate: Annotated[
        bool, typer.Option(help="play every deal with the bots rotated through every seat")
    ] = False,
    seed: SeedArg = 0,
    option: OptionArg = None,
    compare: CompareArg = None,
    skill: SkillArg = None,
    skill_against: SkillAgainstArg = None,
    out: Annotated[
        str | None,
        typer.Option(metavar="FOLDER", help="folder for the report (default: analysis-GAME)"),
    ] = None,
    workers: WorkersArg = None,
    backend: BackendArg = "local",
    ray_address: RayAddressArg = None,
) -> None:
    """A balance report: win rates by seat, lengths, endings, ties, lead changes, drama,
    a skill ladder and the game's own statistics, each with its 95% interval, every test
    corrected together (HTML, PNG, JSON). Bots not named are the strongest that fit
    about a minute on two cores."""
    console = make_console()
    from ..sim.plots import need_plots
    from .analyze import default_players
    from .analyze import ladder_from
    from .analyze import run_analysis

    try:
        chosen = resolve_game(game)
        need_plots()  # the report draws figures: without the plot extra, say so before any game
        if n is not None:
            at_least("-n", n, 2, "deals")
        count = player_count(chosen, players, seat or [], default_players(chosen))
        seats = lineup(seat, count) if seat else None  # None: planned for the time budget
        ladder = ladder_from(skill, skill_against)
        check_bots(chosen, [*(seats or []), *(ladder or [])])
        run_analysis(
            console,
            chosen,
            game,
            players=count,
            seats=seats,
            deals=n,
            seed=seed,
            rotate=rotate,
            options=option or [],
            compare=compare or [],
            ladder=ladder,
            run_on=RunOn.from_flags(backend, workers, ray_address),
            out=out or f"analysis-{chosen.spec.name}",
        )
    except MeepleError as err:
        fail(str(err))


def _options_kwargs(options: object) -> dict[str, object]:
    from ..core.options import options_to_json

    return options_to_json(options)


app.command(cls=Command)(serve)
app.command(cls=Command)(new_game)
app.add_typer(matches_app, name="matches")


def main() -> None:
    """Console-script entry point."""
    _tolerate_narrow_encodings()
    app()


def _tolerate_narrow_encodings() -> None:
    """Let a terminal that cannot show a character (``PYTHONIOENCODING=ascii``, a
    Latin-1 console) get a stand-in for it, not a UnicodeEncodeError that ends the
    command: game titles and notation hold letters such as the ś of Miś Wojtek."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="replace")
