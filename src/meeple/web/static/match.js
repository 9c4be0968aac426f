// The match page: one seat's view (token from the URL fragment) or the spectator's,
// refreshed whenever the server's event stream says the version changed.
"use strict";

const $ = (id) => document.getElementById(id);
const matchId = document.body.dataset.match;
const token = new URLSearchParams(location.hash.slice(1)).get("token");
let current = null;
let busy = false;

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
  $("status").textContent = `${status} (move ${data.version})`;
  $("prompt").textContent = data.prompt;
  const turn = $("turn");
  turn.hidden = data.seat === null || data.over;
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
  showOutcome(data);
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

async function refresh() {
  try {
    const response = await fetch(`/api/matches/${matchId}/view`, { headers: headers(), cache: "no-store" });
    const data = await response.json();
    if (!response.ok) { $("status").textContent = data.error; return; }
    if (!current || data.version !== current.version || data.waiting_for_bots !== current.waiting_for_bots
        || data.bot_error !== current.bot_error || busy) {
      show(data);
    }
  } catch (err) {
    $("status").textContent = `connection problem: ${err}`;
  }
}

async function act(notation) {
  if (busy || !current) return;
  busy = true;
  $("message").textContent = "";
  for (const b of document.querySelectorAll("#actions button")) b.disabled = true;
  try {
    const response = await fetch(`/api/matches/${matchId}/act`, {
      method: "POST",
      headers: headers({ "Content-Type": "application/json" }),
      body: JSON.stringify({ action: notation, version: current.version }),
    });
    const data = await response.json();
    if (!response.ok) $("message").textContent = data.error;
  } catch (err) {
    $("message").textContent = `could not send the move: ${err}`;
  } finally {
    busy = false;
    await refresh();
  }
}

function listen() {
  const source = new EventSource(`/api/matches/${matchId}/events`);
  source.addEventListener("version", (event) => {
    const data = JSON.parse(event.data);
    if (!current || data.version !== current.version || current.waiting_for_bots) refresh();
  });
  source.onerror = () => { $("status").textContent = "reconnecting…"; };
  source.onopen = () => refresh();
}

refresh().then(listen);
