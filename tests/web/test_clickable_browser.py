"""Playing by touching the table, in real headless Chromium (Debian's package) (issue 18).

For every registered game (the four built-in ones and the example plugin): one human
seat plays a whole seeded game against bots by clicking elements of the picture only,
never a notation button, and the record replays; a click on an element no legal move
uses shows the rules' reason and plays nothing. The pages keep the app's
Content-Security-Policy (no ``bypass_csp``: these tests wait on selectors, never on
evaluated scripts), and a CSP violation fails the test.

Screenshots go to ``artifacts/screenshots/``; with ``MEEPLE_DOC_SCREENSHOTS=1`` the
mid-play ones are also written to ``docs/images/`` (the copies docs/web.md shows).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import ConsoleMessage
from playwright.sync_api import Page
from playwright.sync_api import Response
from playwright.sync_api import expect

import meeple
from meeple.core.elements import Choice
from meeple.core.elements import drawn_elements
from meeple.core.elements import touch

from ..shared import SHORT_OPTIONS
from ..shared import heavy_but
from .support import Json
from .support import LiveServer
from .support import hub_of
from .support import screenshot

TIMEOUT_MS = 60_000
GAMES = meeple.game_names()
REFUSING: dict[str, dict[str, Any]] = {"bear_mountain": {"mode": "draft"}}
"""Options under which a game draws elements no move uses (in Bear Went Over the
Mountain's standard game every element, a face-up slot, can always be taken)."""


class Table:
    """One seat's match page, driven by clicks on the table; the API read as that seat."""

    def __init__(
        self, browser: Browser, server: LiveServer, game: str, seed: int, **options: Any
    ) -> None:
        spec = meeple.get_game(game).spec
        players = min(max(2, spec.min_players), spec.max_players, 3)
        bots = ["mcts:iterations=20", "greedy:worlds=2"]
        self.seats = ["human", *bots[: players - 1]]
        self.page: Page = browser.new_page(viewport={"width": 1200, "height": 1000})
        self.violations: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", self._error)
        self.page.on("response", self._response)
        self.acted = 0
        """Moves the server took from this page (200 to a POST .../act)."""
        self.server = server
        body = {"game": game, "players": players, "seats": self.seats, "seed": seed}
        if game in SHORT_OPTIONS or options:
            body["options"] = {**SHORT_OPTIONS.get(game, {}), **options}
        response = self.page.request.post(f"{server.url}/api/matches", data=body)
        assert response.status == 201, response.text()
        self.created: Json = response.json()
        self.match = self.created["match"]
        self.token = self.created["seats"][0]["token"]
        self.page.goto(self.created["seats"][0]["url"])

    def _console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.violations.append(message.text)

    def _error(self, error: Exception) -> None:
        self.violations.append(f"script error: {error}")

    def _response(self, response: Response) -> None:
        if response.url.endswith("/act") and response.status == 200:
            self.acted += 1

    def _moved_on(self, version: int) -> bool:
        return self.page.get_attribute("body", "data-version") != str(version)

    def ready(self) -> Json:
        """Wait until the page may act (or the game is over); the view it shows."""
        self.page.wait_for_selector(
            'body[data-can-act="1"], body[data-over="1"]', state="attached", timeout=TIMEOUT_MS
        )
        shown = self.page.get_attribute("body", "data-version")
        data: Json = self.page.request.get(
            f"{self.server.url}/api/matches/{self.match}/view",
            headers={"Authorization": f"Bearer {self.token}"},
        ).json()
        if str(data["version"]) != shown or (data["legal"] and not data["elements"]):
            return self.ready()  # the page is about to show a newer view
        return data

    def click(self, element: str) -> None:
        """Click the table element `element` (the first drawn, for identical cards).

        An element that holds others (a pen of sheep) is clicked in its corner, off
        its children: a click on a sheep in it means that sheep where a move uses it."""
        target = self.page.locator(f'#board [data-el="{element}"]').first
        if target.locator("[data-el]").count():
            target.click(position={"x": 3, "y": 3})
        else:
            target.click()

    def play(self, notation: str, elements: list[str], version: int) -> bool:
        """Click each element of the move, check it is shown ready, click again to play.

        False if the page moved on to a newer view first: a bot asked in secret (Wypas)
        played a card between reading the view and the clicks, so the move is gone.
        """
        for element in elements:
            if self._moved_on(version):
                return False
            self.click(element)
        ready = self.page.locator("#choice-text")
        if ready.get_attribute("data-ready") != notation and self._moved_on(version):
            return False
        assert ready.get_attribute("data-ready") == notation, ready.inner_text()
        assert notation in ready.inner_text()
        self.click(elements[-1])
        self.page.wait_for_selector(
            f'body:not([data-version="{version}"])', state="attached", timeout=TIMEOUT_MS
        )
        return True

    def decision_shot(self, game: str, elements: list[str]) -> None:
        """A screenshot of a decision under way: one element chosen, the ones that can
        complete it highlighted, the pointer on one of them; then Escape clears it."""
        self.page.set_viewport_size({"width": 1200, "height": 1700})
        self.page.locator("#title").scroll_into_view_if_needed()
        self.click(elements[0])
        self.page.hover(f'#board [data-el="{elements[-1]}"] >> nth=0')
        self.shot(f"{game}-playing")
        self.page.keyboard.press("Escape")
        assert self.page.get_attribute("body", "data-touch") == "idle"
        self.page.set_viewport_size({"width": 1200, "height": 1000})

    def shot(self, name: str) -> None:
        """The window as the player sees it (the bar at its foot included), a copy
        docs/web.md shows."""
        screenshot(self.page, name, doc=True)


@pytest.mark.parametrize("game", heavy_but(GAMES, "bear_mountain", "goofspiel"))
def test_a_whole_game_is_played_by_clicks_on_the_table(
    browser: Browser, server: LiveServer, game: str
) -> None:
    table = Table(browser, server, game, seed=7)
    rng = random.Random(f"touch-{game}")
    moves = 0
    shot = False
    try:
        while True:
            data = table.ready()
            if data["over"]:
                break
            choice = rng.randrange(len(data["legal"]))
            notation, elements = data["legal"][choice], list(data["elements"][choice])
            assert elements, f"{notation} names no element"
            if not shot and moves >= 3 and (len(elements) >= 2 or moves >= 4):
                table.decision_shot(game, elements)
                shot = True
            rng.shuffle(elements)
            moves += table.play(notation, elements, data["version"])
        assert shot
        assert table.page.locator("#outcome tr[data-player]").count() == len(table.seats)
        record = table.page.request.get(f"{server.url}/api/matches/{table.match}/record").json()
        replayed = meeple.loads(json.dumps(record["record"])).replay()
        assert replayed.state.is_over
        assert sum(1 for player, _ in replayed.history if player == 0) == table.acted >= moves
        assert table.violations == []
    finally:
        table.page.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_click_on_an_element_no_move_uses_shows_the_rules_reason(
    browser: Browser, server: LiveServer, game: str
) -> None:
    table = Table(browser, server, game, seed=11, **REFUSING.get(game, {}))
    rng = random.Random(f"refuse-{game}")
    try:
        for _ in range(40):  # play on (by clicks) until some element gives a rule's reason
            data = table.ready()
            assert not data["over"], "no element was refused by the rules in the whole game"
            found = _refused_by_the_rules(server, table.match, data)
            if found is not None:
                element, reason = found
                table.click(element)
                table.page.wait_for_selector(f'body[data-refused="{element}"]', state="attached")
                shown = table.page.evaluate(_SHOWN)
                if shown["version"] != str(data["version"]):
                    # Another seat moved meanwhile (a Wypas reaction, say): the page rightly
                    # dropped a refusal said about the older picture. Look again.
                    continue
                assert shown["message"] == reason
                assert shown["touch"] == "idle"
                break
            choice = rng.randrange(len(data["legal"]))
            table.play(data["legal"][choice], list(data["elements"][choice]), data["version"])
        else:
            raise AssertionError("no element was refused by the rules in 40 moves")
        assert table.violations == []
    finally:
        table.page.close()


# The message, version and touch state read in one step, so no new picture comes between.
_SHOWN = """() => ({
  message: document.getElementById("message").innerText,
  version: document.body.dataset.version,
  touch: document.body.dataset.touch,
})"""


def _refused_by_the_rules(server: LiveServer, match: str, data: Json) -> tuple[str, str] | None:
    """An element the page draws that no legal move uses, whose reason is the rules'
    refusal (``check``) of the move a touch on it means; None if there is none now."""
    live = hub_of(server.app).held(match)
    state: Any = live.match.state
    game: Any = live.game
    view = state.view(0)
    for element, reason in sorted(data["refusals"].items()):
        meant = game.element_actions(view, element)
        if meant and state.check(meant[0], 0) == reason:
            return element, reason
    return None


def test_the_keyboard_plays_too_and_escape_clears(browser: Browser, server: LiveServer) -> None:
    """Tab reaches the table's elements; Enter touches one, Escape clears, Enter twice plays."""
    table = Table(browser, server, "goofspiel", seed=3)
    try:
        data = table.ready()
        page = table.page
        for _ in range(60):  # past the page's links and buttons to the first card
            page.keyboard.press("Tab")
            focused = page.locator(":focus")
            if focused.get_attribute("data-el"):
                break
        element = focused.get_attribute("data-el") or ""
        assert element in data["elements"][data["legal"].index(f"bid {element[5:]}")]
        page.keyboard.press("Enter")
        assert page.get_attribute("body", "data-touch") == "ready"
        assert focused.get_attribute("aria-pressed") == "true"
        page.keyboard.press("Escape")
        assert page.get_attribute("body", "data-touch") == "idle"
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        # The bot's secret move may land first, so wait for this seat's own line.
        expect(page.locator("#log")).to_contain_text(f"player 0: bid {element[5:]}")
        assert table.violations == []
    finally:
        table.page.close()


def test_the_page_follows_the_touch_model(browser: Browser, server: LiveServer) -> None:
    """Random clicks on the table (choosing, narrowing, starting again, putting back,
    refused) leave the page with the selection `meeple.core.elements.touch` gives."""
    table = Table(browser, server, "way_of_bear", seed=5)
    rng = random.Random(5)
    try:
        data = table.ready()
        options = [
            Choice(n, n, tuple(ids)) for n, ids in zip(data["legal"], data["elements"], strict=True)
        ]
        drawn = sorted(drawn_elements(data["html"]).labels)
        used = sorted({e for c in options for e in c.elements})
        selection: tuple[str, ...] = ()
        for _ in range(25):
            pool = list(selection) if selection and rng.random() < 0.25 else used
            element = rng.choice(pool if rng.random() < 0.8 else drawn)
            step = touch(options, selection, element)
            if step.plays is not None:
                continue  # would play: the model and the page agree on that in the test above
            table.click(element)
            selection = step.selection
            pressed = table.page.locator('#board [data-el][aria-pressed="true"]')
            shown = {pressed.nth(i).get_attribute("data-el") for i in range(pressed.count())}
            assert shown == set(selection), (element, selection)
            if step.refused:
                assert table.page.get_attribute("body", "data-refused") == element
        assert table.page.get_attribute("body", "data-version") == str(data["version"])
        assert table.violations == []
    finally:
        table.page.close()
