"""The balance report's page: who played, how to reproduce it, every figure in a table
per section with its interval, B - A and a sentence saying what it means, the skill
ladder, every test with its corrected p-value, then the plots (`render_html`; the
sections are in `meeple.sim.page_sections`)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Final

from .analysis import Analysis
from .formatting import format_estimate
from .formatting import is_percent
from .formatting import option_text
from .formatting import options_text
from .formatting import page_text
from .page_sections import CAPTIONS
from .page_sections import GROUPS
from .page_sections import sections

__all__ = [
    "CAPTIONS",
    "GROUPS",
    "format_estimate",
    "is_percent",
    "option_text",
    "options_text",
    "render_html",
]

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
.flag { font-weight: bold; }
figure { margin: 1.5rem 0; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { color: #444; font-size: 0.95em; }
"""


def render_html(
    analysis: Analysis, command: str, versions_: Mapping[str, str], pictures: Sequence[str]
) -> str:
    """The report page (escaped text; figures by relative file name)."""
    head = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Balance report: {page_text(analysis.title)}</title>",
        f"<style>{_CSS}</style></head><body>",
    ]
    body = sections(analysis, command, versions_, pictures)
    return "\n".join([*head, *body, "</body></html>"]) + "\n"
