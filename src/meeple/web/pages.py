"""The two HTML pages: the lobby and the match page (the JavaScript fills them in)."""

from __future__ import annotations

import html

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from .. import __version__

__all__ = ["lobby_page", "match_page"]

_HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/style.css">
<script src="/static/{script}" defer></script>
</head>
"""


def lobby_page(request: Request) -> Response:
    """GET / : pick a game, seats and options; get join links."""
    body = f"""<body class="lobby">
<header><h1>meeple</h1><p>Play any registered game in the browser.</p></header>
<main>
<form id="create" autocomplete="off">
  <fieldset>
    <legend>Game</legend>
    <label>Game <select id="game" name="game" required></select></label>
    <label>Players <input id="players" name="players" type="number" min="1" value="2"></label>
    <label>Seed <input id="seed" name="seed" type="number" min="0"
      placeholder="random"></label>
    <p id="game-info" class="muted"></p>
  </fieldset>
  <fieldset id="options-box"><legend>Options</legend><div id="options"></div></fieldset>
  <fieldset><legend>Seats</legend><div id="seats"></div></fieldset>
  <button id="create-button" type="submit">Create match</button>
  <p id="lobby-error" class="error" role="alert"></p>
</form>
<section id="links" hidden>
  <h2>Match <code id="match-id"></code></h2>
  <p>Give each person their own link: it carries a secret seat token. Anyone with the
  spectator link sees only what is public.</p>
  <ul id="join-links"></ul>
</section>
</main>
<footer>meeple {html.escape(__version__)} · <a href="/openapi.json">API schema</a></footer>
</body></html>
"""
    return HTMLResponse(_HEAD.format(title="meeple lobby", script="lobby.js") + body)


def match_page(request: Request) -> Response:
    """GET /m/{id} : one seat's view (token in the URL fragment) or the spectator's."""
    match_id = html.escape(request.path_params["match_id"])
    body = f"""<body class="match" data-match="{match_id}" data-version="-1">
<header>
  <h1 id="title">meeple</h1>
  <p id="who"></p>
  <p id="status" class="muted" role="status">loading…</p>
</header>
<main>
  <section id="turn">
    <h2>Your decision</h2>
    <p id="prompt"></p>
    <div id="actions"></div>
    <p id="message" class="error" role="alert"></p>
  </section>
  <section id="outcome" hidden><h2>Result</h2><div id="outcome-table"></div></section>
  <section><h2>Table</h2><div id="board"></div></section>
  <section><h2>Seats</h2><ul id="seats"></ul></section>
  <section><h2>Moves</h2><ol id="log"></ol></section>
</main>
<footer><a href="/">lobby</a></footer>
</body></html>
"""
    return HTMLResponse(_HEAD.format(title="meeple match", script="match.js") + body)
