"""Numbers and options as a report writes them: ``35.0% (18.1-56.7%)``,
``+1.7 pp (-15.2 to +23.4)``, ``cards=5, tiebreaker=true``."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from typing import Any

from ..core.shown import shown
from .figures import Figure
from .stats import Estimate

__all__ = [
    "format_estimate",
    "format_p",
    "is_percent",
    "option_text",
    "options_text",
    "page_text",
]


def option_text(value: Any) -> str:
    """One option value as typed on a command line (``true``, ``a,b``, JSON for data)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(option_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True, separators=(",", ":"))
    return str(value)


def options_text(options: Mapping[str, Any]) -> str:
    """Options as ``key=value`` text as typed on a command line (or the rulebook defaults)."""
    if not options:
        return "rulebook defaults"
    return ", ".join(f"{k}={option_text(v)}" for k, v in sorted(options.items()))


def is_percent(fig: Figure) -> bool:
    """Whether the figure reads as a percentage: a share, a mean of per-game shares
    (decision moves), or a share minus a fair value (the first player's edge, a ladder
    step's edge)."""
    if fig.estimate.kind == "share" or fig.key in ("first player edge", "decision moves"):
        return True
    return fig.group == "skill" and fig.key.endswith(" edge") and "score" not in fig.key


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


def format_p(p: float | None) -> str:
    """A p-value as a reader expects it: ``0.032``, ``< 0.001``, ``-`` for none."""
    if p is None:
        return "-"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def page_text(text: str) -> str:
    """`text` for the page: HTML-escaped, and a control or bidirectional character (a
    plugin's title, a label) written as its escape (`meeple.core.shown`)."""
    return html.escape(shown(text))
