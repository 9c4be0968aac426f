"""The balance report's page: every figure in a table per section, with its interval,
B - A and a sentence saying what it means, above the plots (`render_html`)."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import Final

from ..core.shown import shown
from .analysis import Analysis
from .design import seatings
from .figures import Figure
from .stats import Estimate

__all__ = [
    "CAPTIONS",
    "GROUPS",
    "format_estimate",
    "option_text",
    "options_text",
    "render_html",
]

GROUPS: Final = (
    ("seats", "Seats"),
    ("balance", "Balance between seats and bots"),
    ("length", "Game length"),
    ("ending", "How games end"),
    ("ties", "Ties and margins"),
    ("lead", "Lead changes and decisive moments"),
    ("skill", "Skill sensitivity"),
    ("game", "The game's own statistics"),
)
"""Report sections, in order: (figure group, heading)."""


def option_text(value: Any) -> str:
    """One option value as typed on a command line (``true``, ``a,b``, JSON for data)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(option_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True, separators=(",", ":"))
    return str(value)


# -- numbers as text -------------------------------------------------------------------
def _is_share(fig: Figure) -> bool:
    return fig.estimate.kind == "share" or fig.key in ("first player edge", "skill edge")


def format_estimate(est: Estimate, percent: bool) -> str:
    """``35.0% (18.1-56.7%)``, ``4.25 (3.83-4.67)``, ``+1.7 pp (-15.2 to +23.4)``."""
    if est.kind == "difference":
        scale, unit = (100.0, " pp") if percent else (1.0, "")
        value = f"{est.value * scale:+.1f}{unit}" if percent else f"{est.value:+.3g}"
        if est.low is None or est.high is None:
            return value
        if percent:
            return f"{value} ({est.low * scale:+.1f} to {est.high * scale:+.1f})"
        return f"{value} ({est.low:+.3g} to {est.high:+.3g})"
    scale, unit = (100.0, "%") if percent else (1.0, "")
    text = f"{est.value * scale:.1f}{unit}" if percent else f"{est.value:.3g}"
    if est.low is None or est.high is None:
        return f"{text} (no interval: too few games)"
    if percent:
        return f"{text} ({est.low * scale:.1f}-{est.high * scale:.1f}{unit})"
    return f"{text} ({est.low:.3g}-{est.high:.3g})"


# -- the page ------------------------------------------------------------------------------
_CSS: Final = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem;
  padding: 0 1rem; color: #1b1b1b; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; }
.lede { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: 0.3rem 0.5rem; text-align: left;
  vertical-align: top; }
th { background: #f3f3f3; }
td.num { white-space: nowrap; font-variant-numeric: tabular-nums; }
td.why { color: #555; font-size: 0.92em; }
pre { background: #f6f6f6; padding: 0.7rem; overflow-x: auto; white-space: pre-wrap; }
.notes { background: #fff6e0; border-left: 4px solid #e0a000; padding: 0.5rem 1rem; }
.sig { font-weight: bold; color: #a40000; }
figure { margin: 1.5rem 0; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { color: #444; font-size: 0.95em; }
"""


def _escape(text: str) -> str:
    """`text` for the page: HTML-escaped, and a control or bidirectional character (a
    plugin's title, a label) written as its escape (`meeple.core.shown`)."""
    return html.escape(shown(text))


def render_html(
    analysis: Analysis, command: str, versions_: Mapping[str, str], pictures: Sequence[str]
) -> str:
    """The report page (escaped text; figures by relative file name)."""
    e = _escape
    a = analysis.variants[0]
    b = analysis.variants[1] if len(analysis.variants) > 1 else None
    plan = seatings(analysis.lineup, analysis.rotate)
    out: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Balance report: {e(analysis.title)}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>Balance report: {e(analysis.title)}</h1>",
        f'<p class="lede">{e(_describe(analysis, len(plan)))}</p>',
        "<h2>Variants</h2><table><tr><th>variant</th><th>options (the rulebook game "
        "where none are named)</th></tr>",
    ]
    for v in analysis.variants:
        out.append(f"<tr><td>{e(v.label)}</td><td>{e(options_text(v.options))}</td></tr>")
    out.append("</table>")
    out.append("<h2>Reproduce</h2>")
    out.append(
        "<p>Every figure below comes from this command; results depend only on the "
        f"seed ({analysis.seed}), never on the backend or the number of workers.</p>"
    )
    out.append(f"<pre>{e(command)}</pre>")
    out.append("<table><tr><th>component</th><th>version</th></tr>")
    for name, version in versions_.items():
        out.append(f"<tr><td>{e(name)}</td><td>{e(version)}</td></tr>")
    out.append("</table>")
    notes = [(v.label, note) for v in analysis.variants for note in v.notes]
    if notes:
        out.append('<div class="notes"><h2>Not reported, and why</h2><ul>')
        seen: set[str] = set()
        for label, note in notes:
            if note in seen:
                continue
            seen.add(note)
            prefix = f"{label}: " if b is not None and sum(n == note for _, n in notes) == 1 else ""
            out.append(f"<li>{e(prefix + note)}</li>")
        out.append("</ul></div>")
    out.append("<h2>Vital signs</h2>")
    out.append(
        "<p>Each figure with its 95% interval and the number of games (or seat-games) "
        "it rests on. Shares use Wilson intervals; means a normal interval"
        + (
            "; B - A differences use Newcombe's interval for shares and Welch's for "
            'means, and are marked <span class="sig">significant</span> when the interval '
            "leaves out 0 (with many figures, about one in twenty looks significant by "
            "chance)"
            if b is not None
            else ""
        )
        + ".</p>"
    )
    pairs = {c.key: c for c in analysis.comparison}
    for group, heading in GROUPS:
        figs = [f for f in a.figures if f.group == group]
        if b is not None:
            figs += [f for f in b.figures if f.group == group and a.figure(f.key) is None]
        if not figs:
            continue
        out.append(f"<h3>{e(heading)}</h3><table><tr><th>figure</th>")
        out.append("<th>A</th><th>B</th><th>B - A</th>" if b is not None else "<th>value</th>")
        out.append("<th>n</th><th>what it means</th></tr>")
        for fig in figs:
            percent = _is_share(fig)
            mine = [v.figure(fig.key) for v in analysis.variants]
            cells = [format_estimate(m.estimate, percent) if m else "-" for m in mine]
            row = f"<tr><td>{e(fig.label)}</td>"
            row += "".join(f'<td class="num">{e(c)}</td>' for c in cells)
            if b is not None:
                pair = pairs.get(fig.key)
                if pair is None:
                    row += '<td class="num">-</td>'
                else:
                    text = e(format_estimate(pair.difference, percent))
                    if pair.difference.significant:
                        text = f'<span class="sig">{text} significant</span>'
                    row += f'<td class="num">{text}</td>'
            ns = "/".join(str(m.estimate.n) for m in mine if m is not None)
            row += f'<td class="num">{e(ns)}</td><td class="why">{e(fig.explanation)}</td></tr>'
            out.append(row)
        out.append("</table>")
        if group == "length":
            for v in analysis.variants:
                text = ", ".join(f"p{q} {val:.0f}" for q, val in v.length_percentiles)
                out.append(f"<p>Percentiles of length ({e(v.label)}): {e(text)} actions.</p>")
    out.append("<h2>Figures</h2>")
    for name in pictures:
        caption = CAPTIONS.get(name, name)
        out.append(
            f'<figure><img src="{e(name)}" alt="{e(caption)}">'
            f"<figcaption>{e(caption)}</figcaption></figure>"
        )
    out.append(
        "<p>Files beside this page: the plots as PNG files, <code>report.json</code> "
        "(every figure with its interval, and under <code>plots</code> the numbers each "
        "plot draws), <code>results.jsonl</code> (one line per game: seating, seed, scores, "
        "winners, length, lead changes, decision point, the game's statistics).</p>"
    )
    out.append("</body></html>")
    return "\n".join(out) + "\n"


CAPTIONS: Final = {
    "win-rates.png": "Win share by seat (and by bot, and of the stronger bot in the skill "
    "design) with 95% Wilson intervals; the dashed line is the fair share.",
    "scores.png": "How often each final score occurred, one panel per seat.",
    "lengths.png": "How many actions games took, one panel per variant.",
    "decisions.png": "When games were decided (the fraction of actions after which only "
    "the winners led) and how often the lead changed hands.",
    "statistics.png": "The game's own statistics that are shares, with 95% intervals.",
    "comparison.png": "Variant B minus variant A for every share, in percentage points, "
    "with 95% intervals; red intervals leave out 0.",
}


def _describe(analysis: Analysis, seatings_count: int) -> str:
    players = analysis.players
    bots = ", ".join(analysis.lineup)
    design = (
        f"rotated through the seats ({seatings_count} seatings)"
        if analysis.rotate and seatings_count > 1
        else "in fixed seats"
    )
    games = sum(len(b.results) for b in analysis.blocks)
    skill = (
        f"; skill measured as {analysis.skill} against {analysis.skill_against}"
        if analysis.skill
        else ""
    )
    return (
        f"{players} player{'s' if players != 1 else ''}, {analysis.deals} deals "
        f"(seed {analysis.seed}); bots by seat: {bots}, {design}{skill}; "
        f"{games} games in all."
    )


def options_text(options: Mapping[str, Any]) -> str:
    """Options as ``key=value`` text as typed on a command line (or the rulebook defaults)."""
    if not options:
        return "rulebook defaults"
    return ", ".join(f"{k}={option_text(v)}" for k, v in sorted(options.items()))
