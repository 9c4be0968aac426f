// The lobby: list games, build the options and seats form, create a match, show its links.
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];
let limits = {};
let seatKinds = [];

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function optionInput(option) {
  const label = el("label", {}, option.name.replaceAll("_", " ") + " ");
  let input;
  if (option.kind === "bool") {
    input = el("input", { type: "checkbox" });
    input.checked = Boolean(option.default);
  } else if (option.kind === "choice") {
    input = el("select");
    if (option.nullable) {
      const none = el("option", { value: "none" }, "(game default)");
      if (option.default === null) none.selected = true;
      input.append(none);
    }
    option.choices.forEach((choice, index) => {
      const opt = el("option", { value: String(index) }, String(choice));
      if (choice === option.default) opt.selected = true;
      input.append(opt);
    });
  } else {
    const numeric = option.kind === "int" || option.kind === "float";
    input = el("input", { type: numeric ? "number" : "text" });
    if (option.kind === "float") input.step = "any";
    const value = Array.isArray(option.default) ? option.default.join(", ") : option.default;
    input.value = value === null || value === undefined ? "" : String(value);
  }
  input.dataset.option = option.name;
  label.append(input);
  return label;
}

function optionValue(option, input) {
  const convert = (kind, text) => {
    if (kind === "int") return Number.parseInt(text, 10);
    if (kind === "float") return Number.parseFloat(text);
    if (kind === "bool") return ["true", "yes", "1", "on"].includes(text.toLowerCase());
    return text;
  };
  if (option.kind === "bool") return input.checked;
  if (option.kind === "choice") {
    return input.value === "none" ? null : option.choices[Number(input.value)];
  }
  if (option.kind === "list") {
    const text = input.value.trim();
    return text === "" ? [] : text.split(",").map((t) => convert(option.item, t.trim()));
  }
  if (input.value === "" && option.nullable) return null;
  return convert(option.kind, input.value);
}

function drawSeats() {
  const box = $("seats");
  const count = Number($("players").value) || 0;
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const row = el("div", { class: "seat-row" });
    const label = el("label", {}, `Player ${seat} `);
    const select = el("select", { "data-seat": String(seat) });
    for (const kind of seatKinds) select.append(el("option", { value: kind }, kind));
    select.value = old[seat] || (seat === 0 ? "human" : "mcts");
    label.append(select);
    const iterations = el("input", {
      type: "number", min: "1", max: String(limits.max_mcts_iterations),
      value: String(limits.default_mcts_iterations), "data-iterations": String(seat),
      title: "MCTS iterations per decision",
    });
    const itLabel = el("label", {}, "iterations ");
    itLabel.append(iterations);
    const sync = () => { itLabel.hidden = select.value !== "mcts"; };
    select.addEventListener("change", sync);
    sync();
    row.append(label, itLabel);
    box.append(row);
  }
}

function drawGame() {
  const game = currentGame();
  if (!game) return;
  const players = $("players");
  players.min = String(game.min_players);
  players.max = String(Math.min(game.max_players, limits.max_seats));
  const n = Number(players.value);
  if (!(n >= game.min_players && n <= game.max_players)) players.value = String(game.min_players);
  const range = game.min_players === game.max_players
    ? `${game.min_players}` : `${game.min_players}-${game.max_players}`;
  $("game-info").textContent = `${game.title}: ${range} players` +
    (game.hidden_information ? ", hidden information" : "") +
    (game.simultaneous ? ", simultaneous decisions" : "");
  const options = $("options");
  options.replaceChildren(...game.options.map(optionInput));
  $("options-box").hidden = game.options.length === 0;
  drawSeats();
}

async function create(event) {
  event.preventDefault();
  const game = currentGame();
  $("lobby-error").textContent = "";
  const options = {};
  for (const option of game.options) {
    const input = document.querySelector(`[data-option="${option.name}"]`);
    const value = optionValue(option, input);
    if (JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
  }
  const seats = [...document.querySelectorAll("#seats select")].map((select) => {
    if (select.value !== "mcts") return select.value;
    const it = document.querySelector(`[data-iterations="${select.dataset.seat}"]`).value;
    return `mcts:iterations=${it}`;
  });
  const body = { game: game.name, players: Number($("players").value), options, seats };
  const seed = $("seed").value;
  // Digits go as text (leading zeros dropped): a Number is rounded past 2**53 and a seed
  // runs to 2**63 - 1 (every player is shown the seed, so it must be the very one chosen).
  // Anything else typed goes as a number, for the server to refuse with its reason.
  if (seed !== "") body.seed = /^\d+$/.test(seed) ? BigInt(seed).toString() : Number(seed);
  const sent = JSON.stringify(body);
  $("create-button").disabled = true;
  try {
    const response = await fetch("/api/matches", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: sent,
    });
    const data = await response.json();
    if (!response.ok) { $("lobby-error").textContent = data.error; return; }
    showLinks(data);
  } catch (err) {
    $("lobby-error").textContent = `could not reach the server: ${err}`;
  } finally {
    $("create-button").disabled = false;
  }
}

function showLinks(data) {
  $("match-id").textContent = data.match;
  const list = $("join-links");
  list.replaceChildren();
  for (const seat of data.seats) {
    const item = el("li", { "data-seat": String(seat.seat) });
    if (seat.url) {
      item.append(`Player ${seat.seat} (human): `);
      item.append(el("a", { href: seat.url, class: "join", target: "_blank", rel: "noopener" }, seat.url));
    } else {
      item.textContent = `Player ${seat.seat}: ${seat.kind}`;
    }
    list.append(item);
  }
  const watch = el("li", { "data-seat": "spectator" }, "Spectator: ");
  watch.append(el("a", { href: data.spectator_url, class: "spectate", target: "_blank", rel: "noopener" }, data.spectator_url));
  list.append(watch);
  $("links").hidden = false;
}

async function init() {
  const response = await fetch("/api/games");
  const data = await response.json();
  games = data.games;
  limits = data.limits;
  seatKinds = data.seat_kinds;
  const select = $("game");
  for (const game of games) select.append(el("option", { value: game.name }, game.title));
  select.addEventListener("change", drawGame);
  $("players").addEventListener("change", drawSeats);
  $("create").addEventListener("submit", create);
  drawGame();
  document.body.dataset.ready = "1";
}

init().catch((err) => { $("lobby-error").textContent = `could not load the games: ${err}`; });
