"""The balance report opens in a real browser (Debian's Chromium via Playwright) and shows
its title, tables and every figure, as a person would see it: each plot is scrolled
into view, must lie inside the page beside its caption, and its screenshot must show
the plot's colours (a blank, broken or missing picture fails).

Like tests/web/test_browser.py (whose launch settings these are) there is no skipping:
without /usr/bin/chromium and playwright this test fails. The screenshot goes to
``artifacts/screenshots/analyze-report.png``.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from PIL import Image
from playwright.sync_api import sync_playwright
from typer.testing import CliRunner

from meeple.cli.app import app

from ..shared import chromium_env

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]  # fmt: skip
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
VARIANT_A = (0x1F, 0x77, 0xB4)
"""The bars of variant A (matplotlib's first colour)."""
INTERVALS = ((0x55, 0x55, 0x55), (0xA4, 0x00, 0x00))
"""B - A intervals: grey, or red where significant."""


def _share_of(shot: bytes, colours: tuple[tuple[int, int, int], ...]) -> float:
    """The share of a screenshot's pixels within a small distance of any of `colours`."""
    pixels = np.asarray(Image.open(io.BytesIO(shot)).convert("RGB"), dtype=np.int32)
    near = np.zeros(pixels.shape[:2], dtype=bool)
    for colour in colours:
        near |= np.abs(pixels - np.array(colour)).sum(axis=2) <= 30
    return float(near.mean())


def test_the_report_renders_in_a_browser(tmp_path: Path) -> None:
    out = tmp_path / "report"
    args = ["analyze", "bear_mountain", "--players", "3", "-n", "12", "--seed", "2",
            "--seat", "random", "--compare", "tiebreaker=true", "--skill", "none", "--workers", "1",
            "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=chromium_env()
        )
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto((out / "report.html").as_uri())
            assert page.title() == "Balance report: Bear Went Over the Mountain"
            headings = page.locator("h2, h3").all_inner_texts()
            for heading in ("Who played", "Reproduce", "Vital signs", "Figures",
                            "Balance between seats and bots", "How play goes",
                            "The game's own statistics", "Tests on this page"):  # fmt: skip
                assert heading in headings
            assert "meeple analyze bear_mountain" in page.locator("pre").inner_text()
            first = page.locator("tr", has_text="First-player advantage")
            assert first.count() == 1
            assert "pp (" in first.inner_text()  # a difference, with its interval
            images = page.locator("figure img")
            assert images.count() == 7  # win rates, scores, lengths, decisions, trajectories,
            # statistics, B - A (no ladder: --skill none)
            sizes = page.eval_on_selector_all(
                "figure img", "imgs => imgs.map(i => [i.complete, i.naturalWidth, i.naturalHeight])"
            )
            for complete, width, height in sizes:
                assert complete
                assert width > 300
                assert height > 200
            # As a person sees them: every plot on screen, inside the page, with its caption
            # beside it and its bars (or B - A intervals) drawn in the variants' colours.
            for k in range(images.count()):
                figure = page.locator("figure").nth(k)
                figure.scroll_into_view_if_needed()
                image = figure.locator("img")
                box = image.bounding_box()
                assert box is not None
                assert box["x"] >= 0
                assert box["x"] + box["width"] <= 1200
                assert figure.locator("figcaption").is_visible()
                name = image.get_attribute("src") or ""
                shot = image.screenshot()
                colours = INTERVALS if name == "comparison.png" else (VARIANT_A,)
                assert _share_of(shot, colours) > 0.002, name
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "analyze-report.png"), full_page=True)
        finally:
            browser.close()
