"""The sections of the report's page, top to bottom (`sections`), each a list of HTML
lines with every text escaped: the setting, who played, how to reproduce it, what
was not reported, the figures' tables, the seat-by-bot table, the skill ladder, the
tests and the plots."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Final

from .analysis import Analysis
from .correction import page_tests
from .design import seatings
from .figures import Figure
from .figures import VariantReport
from .formatting import format_estimate
from .formatting import format_p
from .formatting import is_percent
from .formatting import options_text
from .formatting import page_text as e
from .ladder import FLAG_MEANINGS
from .ladder import ladder_steps
from .page_players import players_section
from .significance import ALPHA
from .significance import CORRECTION
from .significance import SignificanceTest

__all__ = ["CAPTIONS", "GROUPS", "sections"]

GROUPS: Final = (
    ("seats", "Seats"),
    ("balance", "Balance between seats and bots"),
    ("length", "Game length"),
    ("ending", "How games end"),
    ("ties", "Ties and margins"),
    ("lead", "Lead changes, decisive moments and drama"),
    ("play", "How play goes"),
    ("skill", "Skill ladder"),
    ("game", "The game's own statistics"),
)
"""Report sections, in order: (figure group, heading)."""

CAPTIONS: Final = {
    "win-rates.png": "Win share by seat (and by bot) with 95% Wilson intervals; the dashed "
    "line is the fair share.",
    "scores.png": "How often each final score occurred, one panel per seat.",
    "lengths.png": "How many actions games took, one panel per variant.",
    "decisions.png": "When games were decided (the fraction of actions after which only "
    "the winners led) and how often the lead changed hands.",
    "trajectories.png": "Over the game, tenth by tenth: legal actions per decision "
    "(branching factor), the share of decisions with a real choice, and the leader's "
    "provisional margin.",
    "ladder.png": "The skill ladder: the win share of each step's stronger bot against the "
    "rung below, with 95% intervals; the dashed line is the fair share.",
    "statistics.png": "The game's own statistics that are shares, with 95% intervals.",
    "comparison.png": "Variant B minus variant A for every share, in percentage points, "
    "with 95% paired intervals; red ones are significant after Holm's correction.",
}
"""Each plot's caption on the page."""


def sections(
    analysis: Analysis, command: str, versions_: Mapping[str, str], pictures: Sequence[str]
) -> list[str]:
    """Every line of the page's body, in order."""
    return [
        *_header(analysis),
        *players_section(analysis),
        *_reproduce(analysis, command, versions_),
        *_notes(analysis),
        *_vital_signs(analysis),
        *_tests(analysis),
        *_pictures(pictures),
    ]


def _header(analysis: Analysis) -> list[str]:
    plan = seatings(analysis.lineup, analysis.rotate)
    out = [
        f"<h1>Balance report: {e(analysis.title)}</h1>",
        f'<p class="lede">{e(_describe(analysis, len(plan)))}</p>',
        "<h2>Variants</h2><table><tr><th>variant</th><th>options (the rulebook game "
        "where none are named)</th></tr>",
    ]
    for v in analysis.variants:
        out.append(f"<tr><td>{e(v.label)}</td><td>{e(options_text(v.options))}</td></tr>")
    out.append("</table>")
    return out


def _describe(analysis: Analysis, seatings_count: int) -> str:
    players = analysis.players
    design = (
        f"rotated through the seats ({seatings_count} seatings)"
        if analysis.rotate and seatings_count > 1
        else "in fixed seats"
    )
    games = sum(len(b.results) for b in analysis.blocks)
    ladder = f"; skill ladder: {' < '.join(analysis.ladder)}" if analysis.ladder else ""
    return (
        f"{players} player{'s' if players != 1 else ''}, {analysis.deals} deals "
        f"(seed {analysis.seed}); bots by seat: {', '.join(analysis.lineup)}, {design}"
        f"{ladder}; {games} games in all."
    )


def _reproduce(analysis: Analysis, command: str, versions_: Mapping[str, str]) -> list[str]:
    out = [
        "<h2>Reproduce</h2>",
        "<p>Every figure below comes from this command; results depend only on the "
        f"seed ({analysis.seed}), never on the backend or the number of workers.</p>",
        f"<pre>{e(command)}</pre>",
        "<table><tr><th>component</th><th>version</th></tr>",
    ]
    out += [f"<tr><td>{e(name)}</td><td>{e(v)}</td></tr>" for name, v in versions_.items()]
    out.append("</table>")
    return out


def _notes(analysis: Analysis) -> list[str]:
    notes = [(v.label, note) for v in analysis.variants for note in v.notes]
    if not notes:
        return []
    out = ['<div class="notes"><h2>Not reported, and why</h2><ul>']
    several = len(analysis.variants) > 1
    seen: set[str] = set()
    for label, note in notes:
        if note in seen:
            continue
        seen.add(note)
        alone = sum(n == note for _, n in notes) == 1
        out.append(f"<li>{e((f'{label}: ' if several and alone else '') + note)}</li>")
    out.append("</ul></div>")
    return out


def _vital_signs(analysis: Analysis) -> list[str]:
    paired = len(analysis.variants) > 1
    out = [
        "<h2>Vital signs</h2>",
        "<p>Each figure with its 95% interval and the number of games (or seat-games) it "
        "rests on. Shares use Wilson intervals; means a normal interval"
        + (
            "; B - A is paired (both variants play the same deals in the same seatings): "
            "Agresti and Min's interval for shares, the normal interval of the paired "
            "differences for means; tested by the paired sign-flip test for shares "
            "(McNemar's for yes/no figures) and the paired z-test for means; marked "
            '<span class="sig">significant</span> when its '
            f"p-value, corrected with {CORRECTION}'s method with every other test on this "
            f"page, is below {ALPHA}"
            if paired
            else ""
        )
        + ".</p>",
    ]
    for group, heading in GROUPS:
        if group == "skill":
            out += _ladder(analysis)
            continue
        figs = _group_figures(analysis.variants, group)
        if figs:
            out += [f"<h3>{e(heading)}</h3>", *_figure_table(analysis, figs)]
        if group == "balance":
            out += _seat_tests(analysis) + _seat_by_bot(analysis)
        if group == "length":
            for v in analysis.variants:
                text = ", ".join(f"p{q} {val:.0f}" for q, val in v.length_percentiles)
                out.append(f"<p>Percentiles of length ({e(v.label)}): {e(text)} actions.</p>")
    return out


def _group_figures(variants: Sequence[VariantReport], group: str) -> list[Figure]:
    """The group's figures of A, then those only B reports."""
    a = variants[0]
    figs = [f for f in a.figures if f.group == group]
    for b in variants[1:]:
        figs += [f for f in b.figures if f.group == group and a.figure(f.key) is None]
    return figs


def _figure_table(analysis: Analysis, figs: Sequence[Figure]) -> list[str]:
    paired = len(analysis.variants) > 1
    out = [
        "<table><tr><th>figure</th>",
        "<th>A</th><th>B</th><th>B - A</th>" if paired else "<th>value</th>",
        "<th>n</th><th>what it means</th></tr>",
    ]
    for fig in figs:
        mine = [v.figure(fig.key) for v in analysis.variants]
        cells = [format_estimate(m.estimate, is_percent(fig)) if m else "-" for m in mine]
        row = f"<tr><td>{e(fig.label)}</td>" + "".join(
            f'<td class="num">{e(c)}</td>' for c in cells
        )
        if paired:
            row += f'<td class="num">{_difference_cell(analysis, fig)}</td>'
        ns = "/".join(str(m.estimate.n) for m in mine if m is not None)
        out.append(
            row + f'<td class="num">{e(ns)}</td><td class="why">{e(fig.explanation)}</td></tr>'
        )
    out.append("</table>")
    return out


def _difference_cell(analysis: Analysis, fig: Figure) -> str:
    pair = next((c for c in analysis.comparison if c.key == fig.key), None)
    if pair is None:
        return "-"
    text = e(format_estimate(pair.difference, is_percent(fig)))
    return f'<span class="sig">{text} significant</span>' if pair.significant else text


def _seat_tests(analysis: Analysis) -> list[str]:
    tests = [v.seat_test for v in analysis.variants if v.seat_test is not None]
    return [f"<p>{e(_test_sentence(t))}</p>" for t in tests]


def _test_sentence(test: SignificanceTest) -> str:
    verdict = "significant" if test.significant else "not significant"
    statistic = "" if test.statistic is None else f", statistic {test.statistic:.3g}"
    return (
        f"{test.label}: {test.method}{statistic}, p {format_p(test.p)}, "
        f"{verdict} after {CORRECTION}'s correction (corrected p {format_p(test.p_adjusted)})."
    )


def _seat_by_bot(analysis: Analysis) -> list[str]:
    out: list[str] = []
    for v in analysis.variants:
        cells = {f.key: f for f in v.figures if f.group == "seat-bot"}
        if not cells:
            continue
        bots = sorted({bot for seating in seatings(analysis.lineup, True) for bot in seating})
        out.append(f"<h3>Seat by bot ({e(v.label)})</h3><p>Each bot's win share in each seat: "
                   "what the seat and bot figures above average over.</p>")  # fmt: skip
        out.append("<table><tr><th>bot</th>")
        out.append("".join(f"<th>seat {p}</th>" for p in range(analysis.players)) + "</tr>")
        for bot in bots:
            row = [cells.get(f"seat-bot {bot} seat {p} win share") for p in range(analysis.players)]
            text = [
                format_estimate(c.estimate, True) + f", n {c.estimate.n}" if c else "-" for c in row
            ]
            out.append(
                f"<tr><td>{e(bot)}</td>"
                + "".join(f'<td class="num">{e(t)}</td>' for t in text)
                + "</tr>"
            )
        out.append("</table>")
    return out


def _ladder(analysis: Analysis) -> list[str]:
    if not analysis.ladder:
        return []
    solo = analysis.players == 1
    shown = "score edge" if solo else "win share"
    out = [
        "<h3>Skill ladder</h3>",
        f"<p>Rungs, weakest first: {e(' < '.join(analysis.ladder))}. Each step puts one bot "
        "of a rung against bots of the rung below"
        + (" on the same deals, their scores compared" if solo else ", rotated through every seat")
        + ". A step is flagged "
        + "; ".join(f"<b>{e(flag)}</b> when {e(text)}" for flag, text in FLAG_MEANINGS.items())
        + ".</p>",
        "<table><tr><th>step</th>"
        + "".join(
            f"<th>{e(v.label)}: {shown}</th><th>{e(v.label)}: verdict</th>"
            for v in analysis.variants
        )
        + "<th>score edge</th><th>n</th></tr>",
    ]
    for step, strong, weak in ladder_steps(analysis.ladder):
        out.append(_ladder_row(analysis, step, strong, weak))
    out.append("</table>")
    return out


def _ladder_row(analysis: Analysis, step: int, strong: str, weak: str) -> str:
    solo = analysis.players == 1
    main_key = f"skill {step} {'score edge' if solo else 'win share'}"
    cells: list[str] = []
    for v in analysis.variants:
        fig = v.figure(main_key)
        value = "-" if fig is None else format_estimate(fig.estimate, not solo)
        flag = "-" if fig is None or fig.flag is None else fig.flag
        cells += [f'<td class="num">{e(value)}</td>', f'<td class="flag">{e(flag)}</td>']
    scores = [v.figure(f"skill {step} score edge") for v in analysis.variants]
    score_text = " / ".join(format_estimate(f.estimate, False) for f in scores if f is not None)
    ns = "/".join(str(f.estimate.n) for f in scores if f is not None)
    return (
        f"<tr><td>{e(strong)} against {e(weak)}</td>{''.join(cells)}"
        f'<td class="num">{e(score_text)}</td><td class="num">{e(ns)}</td></tr>'
    )


def _tests(analysis: Analysis) -> list[str]:
    tests = page_tests(analysis.variants, analysis.comparison)
    if not tests:
        return []
    out = [
        "<h2>Tests on this page</h2>",
        f"<p>{len(tests)} tests, corrected together with {CORRECTION}'s step-down method "
        "(it keeps the chance of any false &quot;significant&quot; on the page at 5%); a "
        f"result is significant when its corrected p-value is below {ALPHA}.</p>",
        "<table><tr><th>test</th><th>method</th><th>statistic</th><th>p</th>"
        "<th>corrected p</th><th>significant</th></tr>",
    ]
    for t in tests:
        statistic = "-" if t.statistic is None else f"{t.statistic:.3g}"
        numbers = (statistic, format_p(t.p), format_p(t.p_adjusted))
        out.append(
            f"<tr><td>{e(t.label)}</td><td>{e(t.method)}</td>"
            + "".join(f'<td class="num">{e(n)}</td>' for n in numbers)
            + f"<td>{'yes' if t.significant else 'no'}</td></tr>"
        )
    out.append("</table>")
    return out


def _pictures(pictures: Sequence[str]) -> list[str]:
    out = ["<h2>Figures</h2>"]
    for name in pictures:
        caption = CAPTIONS.get(name, name)
        out.append(
            f'<figure><img src="{e(name)}" alt="{e(caption)}">'
            f"<figcaption>{e(caption)}</figcaption></figure>"
        )
    out.append(
        "<p>Files beside this page: the plots as PNG files, <code>report.json</code> "
        "(every figure with its interval, every test, and under <code>plots</code> the "
        "numbers each plot draws), <code>results.jsonl</code> (one line per game: design, "
        "ladder step, seating, seed, scores, winners, length, lead changes, decision point, "
        "branching, drama, the game's statistics).</p>"
    )
    return out
