// The match page: one seat's view (token from the URL fragment) or the spectator's,
// refreshed whenever the server's event stream says the version changed.
"use strict";

const $ = (id) => document.getElementById(id);
const matchId = document.body.dataset.match;
const token = new URLSearchParams(location.hash.slice(1)).get("token");
let current = null;
let busy = false;
let drawnBusy = false; // whether `current` was drawn while a move was being sent

function headers(extra) {
  const h = { ...(extra || {}) };
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function show(data) {
  current = data;
  drawnBusy = busy;
  document.body.dataset.version = String(data.version);
  document.body.dataset.over = data.over ? "1" : "0";
  document.title = `${data.title} · meeple`;
  $("title").textContent = data.title;
  $("who").textContent = data.seat === null
    ? "You are watching (spectator view)." : `You are player ${data.seat}.`;
  const myTurn = data.legal.length > 0;
  let status = data.over ? "The game is over." : data.waiting_for_bots
    ? "Bots are thinking…" : myTurn ? "Your move." : data.prompt;
  if (data.bot_error) status = data.bot_error;
  if (data.closed) status = `The match was closed: ${data.closed}.`;
  if (window.meepleLive && window.meepleLive.stopped) status += " (live updates stopped: reload the page to resume)";
  $("status").textContent = `${status} (move ${data.version})`;
  $("prompt").textContent = data.prompt;
  const turn = $("turn");
  turn.hidden = data.seat === null || data.over || Boolean(data.closed);
  $("move-list").hidden = turn.hidden;
  const canAct = myTurn && !data.waiting_for_bots && !busy;
  turn.classList.toggle("waiting", !canAct);
  document.body.dataset.canAct = canAct ? "1" : "0";
  const buttons = data.legal.map((notation) => {
    const b = el("button", { type: "button", class: "action", "data-action": notation }, notation);
    b.disabled = !canAct;
    b.addEventListener("click", () => act(notation));
    return b;
  });
  $("actions").replaceChildren(...buttons);
  $("board").innerHTML = data.html; // built by the server from this seat's view only; escaped there
  window.meepleTouch.show(data, canAct, waiting(data, myTurn));
  $("seats").replaceChildren(...data.seats.map((s) => {
    const item = el("li", {}, `Player ${s.seat}: ${s.kind}` + (s.seat === data.seat ? " (you)" : ""));
    if (data.to_act.includes(s.seat)) item.classList.add("acting");
    return item;
  }));
  $("log").replaceChildren(...data.log.map((entry) => {
    const item = el("li", { value: String(entry.n) });
    item.append(`player ${entry.player}: `);
    if (entry.move === null) item.append(el("span", { class: "secret" }, "(secret move)"));
    else item.append(entry.move);
    if (entry.player === data.seat) item.classList.add("mine");
    return item;
  }));
  $("log").scrollTop = $("log").scrollHeight;
  const dealt = $("dealt");
  dealt.hidden = data.chosen_seed === null;
  // the server sends the seed as a string of digits: a number past 2**53 would be rounded
  dealt.textContent = dealt.hidden ? "" : `Dealt from seed ${data.chosen_seed}, chosen when the `
    + "match was made: every hidden card can be worked out from it, by anyone.";
  showOutcome(data);
  window.meepleChanges.show(data);
}

// Why a touch on the table does nothing now (when it is not this seat's move).
function waiting(data, myTurn) {
  if (data.seat === null) return "You are watching: only the players move.";
  if (data.over) return "The game is over.";
  if (data.closed) return `The match was closed: ${data.closed}.`;
  if (busy) return "Sending your move…";
  if (data.waiting_for_bots) return "Bots are thinking…";
  if (!myTurn) return `It is not your turn: ${data.prompt}.`;
  return "";
}

function showOutcome(data) {
  const box = $("outcome");
  if (!data.outcome) { box.hidden = true; return; }
  const o = data.outcome;
  const table = el("table");
  const head = el("tr");
  for (const h of ["player", "rank", "score", "breakdown"]) head.append(el("th", {}, h));
  table.append(head);
  o.scores.forEach((score, player) => {
    const row = el("tr", { "data-player": String(player) });
    if (o.winners.includes(player)) row.classList.add("winner");
    row.append(el("td", {}, `${player}${o.winners.includes(player) ? " (winner)" : ""}`));
    row.append(el("td", {}, String(o.ranks[player])));
    row.append(el("td", {}, String(score)));
    const detail = o.details[player].map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join("; ");
    row.append(el("td", {}, detail));
    table.append(row);
  });
  $("outcome-table").replaceChildren(table);
  box.hidden = false;
}

// One view request at a time: a change that arrives meanwhile asks for one more.
let fetching = false;
let again = false;

async function refresh() {
  if (fetching) { again = true; return; }
  fetching = true;
  try {
    do {
      again = false;
      await fetchView();
    } while (again);
  } finally {
    fetching = false;
  }
}

// A view refused for a passing reason (a limit's 429, a busy or restarting server, no
// connection) is asked for again after a wait, so the page is not left blank or behind
// until the next move; after MAX_FAILURES in a row it says so and stops asking.
const PASSING = new Set([429, 502, 503, 504]);
let viewFailures = 0;
let viewRetry = null;

function viewRefused(reason, retryAfter) {
  viewFailures += 1;
  if (viewFailures >= MAX_FAILURES) {
    $("status").textContent = `${reason}. Reload the page to try again.`;
    return;
  }
  $("status").textContent = `${reason}; trying again soon…`;
  if (viewRetry === null) {
    viewRetry = setTimeout(() => { viewRetry = null; refresh(); }, backoff(viewFailures, retryAfter));
  }
}

async function fetchView() {
  try {
    const response = await fetch(`/api/matches/${matchId}/view`, { headers: headers(), cache: "no-store" });
    const data = await response.json();
    if (!response.ok) {
      if (PASSING.has(response.status)) viewRefused(data.error, response.headers.get("Retry-After"));
      else $("status").textContent = data.error;
      return;
    }
    viewFailures = 0;
    if (!current || data.version !== current.version || data.waiting_for_bots !== current.waiting_for_bots
        || data.bot_error !== current.bot_error || data.closed !== current.closed
        || busy || drawnBusy) {
      // A view drawn while a move was being sent has its buttons disabled: once the
      // move is answered it is drawn again, even when the version has not moved on.
      show(data);
    }
  } catch (err) {
    viewRefused(`connection problem: ${err}`, null);
  }
}

async function act(notation) {
  if (busy || !current) return;
  busy = true;
  $("message").textContent = "";
  for (const b of document.querySelectorAll("#actions button")) b.disabled = true;
  window.meepleChanges.sending();
  try {
    const response = await fetch(`/api/matches/${matchId}/act`, {
      method: "POST",
      headers: headers({ "Content-Type": "application/json" }),
      body: JSON.stringify({ action: notation, version: current.version }),
    });
    const data = await response.json();
    if (!response.ok) $("message").textContent = data.error;
    else window.meepleChanges.played(data.version);
  } catch (err) {
    $("message").textContent = `could not send the move: ${err}`;
  } finally {
    busy = false;
    await refresh();
  }
}

// Live updates: a server-sent event stream read with fetch, so the seat token goes in
// the Authorization header (a player's page takes its own seat's slot, never a
// spectator's). After a refusal or a dropped connection it waits longer each time
// (1 s, 2 s, 4 s ... at most WAIT_CAP_MS, or what Retry-After says, at most
// RETRY_AFTER_CAP_MS) and gives up after MAX_FAILURES in a row, saying so; a reload
// starts again. docs/web.md gives these numbers (tests/web/test_browser.py holds them).
const MAX_FAILURES = 6;
const WAIT_CAP_MS = 30000;
const RETRY_AFTER_CAP_MS = 60000;
let failures = 0;
window.meepleLive = { attempts: 0, stopped: false };

// The wait after `failed` failures in a row: spread by up to a fifth either way, so
// pages refused together do not all come back together, but never past WAIT_CAP_MS,
// and never sooner than a Retry-After asks (up to RETRY_AFTER_CAP_MS).
function backoff(failed, retryAfter) {
  const spread = 0.8 + 0.4 * Math.random();
  const doubling = Math.min(WAIT_CAP_MS, 1000 * 2 ** (failed - 1) * spread);
  const asked = Number(retryAfter) * 1000;
  if (!retryAfter || !Number.isFinite(asked)) return doubling;
  return Math.max(doubling, Math.min(RETRY_AFTER_CAP_MS, asked * Math.max(1, spread)));
}

function giveUp(reason) {
  window.meepleLive.stopped = true;
  document.body.dataset.live = "stopped";
  $("status").textContent = `${reason} Live updates stopped; reload the page to try again.`;
}

async function listen() {
  for (;;) {
    window.meepleLive.attempts += 1;
    let retryAfter = null;
    let ended = null;
    try {
      const response = await fetch(`/api/matches/${matchId}/events`, { headers: headers(), cache: "no-store" });
      if (!response.ok) {
        retryAfter = response.headers.get("Retry-After");
        let reason = `live updates refused (${response.status})`;
        try { reason = (await response.json()).error || reason; } catch (err) { /* not JSON */ }
        failures += 1;
        if (response.status === 403 || response.status === 404 || failures >= MAX_FAILURES) {
          giveUp(reason + ".");
          return;
        }
        $("status").textContent = `${reason}; trying again soon…`;
      } else {
        document.body.dataset.live = "on";
        failures = 0;
        await refresh();
        ended = await readEvents(response.body.getReader());
        if (ended !== null) { giveUp(ended + "."); return; }
        if (current && current.over) return; // nothing more will happen
        continue; // the server closed a long-lived stream: reconnect at once
      }
    } catch (err) {
      failures += 1;
      if (failures >= MAX_FAILURES) { giveUp(`connection problem: ${err}.`); return; }
      $("status").textContent = "reconnecting…";
    }
    document.body.dataset.live = "waiting";
    await new Promise((resolve) => setTimeout(resolve, backoff(failures, retryAfter)));
  }
}

// Read SSE lines until the stream ends; the reason if the server ended it on purpose.
async function readEvents(reader) {
  const decoder = new TextDecoder();
  let buffer = "";
  let name = "message";
  let data = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return null;
    buffer += decoder.decode(value, { stream: true });
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      if (line === "") {
        if (name === "version") refresh();
        if (name === "closed") {
          let reason = "the server ended the live updates";
          try { reason = JSON.parse(data).reason || reason; } catch (err) { /* keep the default */ }
          await reader.cancel();
          return reason;
        }
        name = "message";
        data = "";
      } else if (line.startsWith("event:")) {
        name = line.slice(6).trim();
      } else if (line.startsWith("data:")) {
        data += line.slice(5).trim();
      }
    }
  }
}

window.meepleTouch.setup(act);
refresh().then(listen);
