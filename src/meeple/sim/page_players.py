"""The page's "Who played" section: which bots played each design, what each bot is,
how they were chosen, and what that means for the figures that come from them."""

from __future__ import annotations

from collections.abc import Sequence

from ..bots.spec import parse_bot_spec
from ..core.errors import InvalidOptionsError
from .analysis import Analysis
from .design import bot_param
from .design import seatings
from .design import seats_comparable
from .formatting import page_text as e

__all__ = ["describe_bot", "lineup_meaning", "players_section"]


def describe_bot(spec: str) -> str:
    """What the bot `spec` does, in a few words."""
    try:
        kind = parse_bot_spec(spec).kind
    except InvalidOptionsError:  # a report loaded or edited elsewhere: say so, never fail
        return "a bot this version of meeple does not know"
    if kind == "random":
        return "picks uniformly among the legal actions"
    if kind in ("greedy", "heuristic"):
        worlds = bot_param(spec, "worlds")
        values = (
            "valuing positions by the game's heuristic (its chances for each seat)"
            if kind == "heuristic"
            else "valuing positions by who leads so far"
        )
        return (
            f"looks one action ahead in {worlds} sampled world{'s' if worlds != 1 else ''}, "
            f"{values}"
        )
    if kind in ("mcts", "guided"):
        seconds = bot_param(spec, "time_limit")
        budget = (
            f"{seconds} s" if seconds is not None else f"{bot_param(spec, 'iterations')} iterations"
        )
        how = ", its leaves and priors valued by the game's heuristic" if kind == "guided" else ""
        return f"information-set Monte Carlo tree search, {budget} per decision{how}"
    return f"a bot of kind {kind}"


def lineup_meaning(lineup: Sequence[str], rotate: bool) -> str:
    """What the main design's bots mean for the figures drawn from its games."""
    bots = sorted(set(lineup))
    if bots == ["random"]:
        return (
            "Random moves in every seat: these figures show how the rules behave under "
            "random play, not how players who try to win would fare"
        )
    if len(bots) == 1:
        return (
            f"Every seat holds {bots[0]}: the figures describe games between equally "
            "matched bots of that strength; a stronger or weaker field may see other figures"
        )
    if seats_comparable(seatings(lineup, rotate)):
        return (
            "Different bots rotated through every seat: seat figures average over the bots "
            "(the seat-by-bot table shows each), bot figures over the seats"
        )
    return (
        "Different bots in fixed seats: a seat's figures are its bot's as much as its "
        "seat's, so seats are not compared"
    )


def players_section(analysis: Analysis) -> list[str]:
    """The "Who played" section."""
    plan = seatings(analysis.lineup, analysis.rotate)
    out = [
        "<h2>Who played</h2>",
        f"<p>{e(analysis.chosen or 'Bots as named on the command line.')}</p>",
        "<ul>",
        f"<li>Main design ({len(plan)} seating{'s' if len(plan) != 1 else ''} of "
        f"{e(', '.join(analysis.lineup))}): seats, balance, length, endings, ties, lead, "
        "drama, how play goes and the game's own statistics. "
        f"{e(lineup_meaning(analysis.lineup, analysis.rotate))}.</li>",
    ]
    if analysis.ladder:
        out.append(
            f"<li>Skill ladder ({e(' < '.join(analysis.ladder))}): the skill section only. "
            "Each step says how much a better bot wins; how well the strongest rung plays "
            "bounds what the ladder can show.</li>"
        )
    out.append("</ul><table><tr><th>bot</th><th>what it is</th></tr>")
    bots = dict.fromkeys([*analysis.lineup, *analysis.ladder])
    out += [f"<tr><td>{e(bot)}</td><td>{e(describe_bot(bot))}</td></tr>" for bot in bots]
    out.append("</table>")
    return out
