// Playing by touching the table: a click (or Enter) on an element of the picture
// narrows the decision to the legal moves that involve it and highlights the elements
// that can complete one; when one move is left it is shown in words and one more
// click on the selection plays it. An element no move uses says why (the rules'
// reason, sent by the server); so does any other piece of the table, in general words.
// The rules here are meeple.core.elements.touch, which the property tests prove reach
// every legal move; keep the two the same.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let choices = []; // [{notation, elements: [ids]}]
  let selection = []; // the selected element ids, in the order touched
  let refusals = {};
  let version = null;
  let canAct = false;
  let waitingText = "";
  let play = null; // callback(notation)

  const has = (choice, id) => choice.elements.includes(id);
  const narrow = (sel) => choices.filter((c) => sel.every((id) => has(c, id)));

  function settled(sel) {
    if (sel.length === 0) return null;
    const left = narrow(sel);
    if (left.length === 1) return left[0];
    const exact = left.filter((c) => c.elements.length === sel.length
      && c.elements.every((id) => sel.includes(id)));
    return exact.length === 1 ? exact[0] : null;
  }

  // What one touch on `id` does: {selection, plays, refused} (see the Python model).
  function touch(id) {
    if (selection.includes(id)) {
      const chosen = settled(selection);
      if (chosen) return { selection: [], plays: chosen };
      return { selection: selection.filter((e) => e !== id) };
    }
    if (narrow([...selection, id]).length) return { selection: [...selection, id] };
    if (narrow([id]).length) return { selection: [id] };
    return { selection, refused: true };
  }

  const nodes = (id) => document.querySelectorAll(`#board [data-el="${CSS.escape(id)}"]`);
  const labelOf = (id) => {
    const node = nodes(id)[0];
    return (node && node.getAttribute("aria-label")) || id;
  };
  const usable = (id) => choices.some((c) => has(c, id));

  // The element a click means: of the nested elements under the pointer, the first one
  // the current choice can use, else the first any move uses, else the innermost.
  function elementAt(target) {
    const stack = [];
    for (let node = target.closest("[data-el]"); node; node = node.parentElement && node.parentElement.closest("[data-el]")) {
      stack.push(node.dataset.el);
    }
    if (!stack.length) return null;
    const next = new Set(narrow(selection).flatMap((c) => c.elements));
    return stack.find((id) => selection.includes(id) || next.has(id))
      || stack.find(usable) || stack[0];
  }

  function words(choice) {
    return `${choice.notation} (${choice.elements.map(labelOf).join(" · ")})`;
  }

  function explain(id) {
    if (!canAct) return waitingText;
    const result = touch(id);
    if (result.plays) return `Click again to play ${words(result.plays)}.`;
    if (result.refused) return refusals[id] || `Nothing to do with ${labelOf(id)} now.`;
    if (result.selection.length < selection.length) return `Click to put back ${labelOf(id)}.`;
    const ready = settled(result.selection);
    if (ready) return `Click to choose ${labelOf(id)}: then ${words(ready)} is ready to play.`;
    return `Click to choose ${labelOf(id)} (${narrow(result.selection).length} moves use it).`;
  }

  function paint() {
    const left = narrow(selection);
    const ready = settled(selection);
    const next = new Set(selection.length ? left.flatMap((c) => c.elements) : []);
    for (const node of document.querySelectorAll("#board [data-el]")) {
      const id = node.dataset.el;
      const selected = selection.includes(id);
      node.classList.toggle("el-usable", canAct && usable(id));
      node.classList.toggle("el-selected", selected);
      node.classList.toggle("el-option", canAct && !selected && next.has(id));
      node.classList.toggle("el-ready", Boolean(ready) && selected);
      node.setAttribute("aria-pressed", selected ? "true" : "false");
    }
    const text = $("choice-text");
    const playButton = $("choice-play");
    const clearButton = $("choice-clear");
    document.body.dataset.touch = ready ? "ready" : selection.length ? "selecting" : "idle";
    if (ready) {
      text.textContent = `Ready: ${words(ready)}. Click the selection again (or press Enter) to play; Escape clears.`;
    } else if (selection.length) {
      const names = left.slice(0, 6).map((c) => c.notation).join(", ");
      text.textContent = `Selected: ${selection.map(labelOf).join(" · ")}. ${left.length} moves left`
        + ` (${names}${left.length > 6 ? ", …" : ""}): choose a highlighted element.`;
    } else {
      text.textContent = choices.length && canAct
        ? "Click the table: a card, a space, a pen… (or use the list of moves below)." : "";
    }
    text.dataset.ready = ready ? ready.notation : "";
    playButton.hidden = !ready;
    clearButton.hidden = !selection.length;
  }

  function say(message) {
    $("message").textContent = message;
  }

  function onTouch(id) {
    if (!id) return;
    if (!canAct) { say(waitingText); return; }
    const result = touch(id);
    if (result.refused) {
      say(refusals[id] || `Nothing to do with ${labelOf(id)} now.`);
      document.body.dataset.refused = id;
      return;
    }
    say("");
    selection = result.selection;
    paint();
    $("hint").textContent = result.plays ? `Playing ${result.plays.notation}…` : explain(id);
    if (result.plays) play(result.plays.notation);
  }

  // A piece of the table that is no element (another player's card, a count): what it
  // is, from its title (null: not a piece, such as the text picture's fold).
  function describe(target) {
    const board = $("board");
    for (let node = target; node && node !== board; node = node.parentNode) {
      if (node.closest && node.closest("details, summary, a, button")) return null;
      if (node.getAttribute && node.getAttribute("title")) return node.getAttribute("title");
      const title = node.querySelector && node.querySelector(":scope > title");
      if (title && title.textContent) return title.textContent;
    }
    return "";
  }

  function noMoveUses(what) {
    const piece = what ? `this (${what})` : "that part of the table";
    return `No move uses ${piece} now: the outlined pieces are the ones your moves use.`;
  }

  // What the pointer rests on, said again for the picture now shown (a hint written for
  // the last picture, such as "Bots are thinking…", is stale once it is your move).
  function rehint() {
    const hovered = Array.from(document.querySelectorAll("#board :hover")).pop();
    const id = hovered ? elementAt(hovered) : null;
    $("hint").textContent = id ? explain(id) : "";
  }

  function clear() {
    selection = [];
    say("");
    paint();
  }

  function setup(callback) {
    play = callback;
    const board = $("board");
    board.addEventListener("click", (event) => {
      const id = elementAt(event.target);
      if (id) { event.preventDefault(); onTouch(id); return; }
      const what = describe(event.target);
      if (what !== null) say(canAct ? noMoveUses(what) : waitingText);
    });
    board.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && event.target.dataset && event.target.dataset.el) {
        event.preventDefault();
        onTouch(event.target.dataset.el);
      }
    });
    const hint = (event) => {
      const id = elementAt(event.target);
      $("hint").textContent = id ? explain(id) : "";
    };
    board.addEventListener("mouseover", hint);
    board.addEventListener("focusin", hint);
    board.addEventListener("mouseleave", () => { $("hint").textContent = ""; });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") clear();
      if (event.key === "Enter" && !(event.target.dataset && event.target.dataset.el)
          && event.target === document.body) {
        const ready = settled(selection);
        if (ready && canAct) play(ready.notation);
      }
    });
    $("choice-play").addEventListener("click", () => {
      const ready = settled(selection);
      if (ready && canAct) play(ready.notation);
    });
    $("choice-clear").addEventListener("click", clear);
  }

  // A new picture from the server: keep the selection only while the decision is the same.
  // A message said about an older picture (a refusal, "Bots are thinking…") goes once
  // the picture or whether this seat may act changes.
  function show(data, acting, waiting) {
    const moved = data.version !== version;
    const could = canAct;
    if (moved) selection = [];
    version = data.version;
    choices = data.legal.map((notation, i) => ({ notation, elements: data.elements[i] || [] }));
    refusals = data.refusals || {};
    canAct = acting && choices.some((c) => c.elements.length);
    waitingText = waiting;
    selection = selection.filter((id) => nodes(id).length);
    if (moved || canAct !== could) {
      say("");
      delete document.body.dataset.refused;
    }
    paint();
    rehint();
  }

  window.meepleTouch = { setup, show, clear };
})();
