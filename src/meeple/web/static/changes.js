// What changed since your last move. Each piece of the table (an element with
// data-piece, a touchable one with data-el, or a field of the generic layout with
// data-field, named by that attribute) is compared
// with the picture right after your last move: a piece drawn differently, or new, is
// marked "changed", and the moves of the log since yours "new". Only a piece's own
// content counts (the pieces inside it are compared on their own), so a card laid in a
// pen marks the card, not the whole pen.
//
// The reference picture: the one at the version your move made. If bots answered
// before the page could fetch that picture, the one you moved on stands in (your own
// move is then marked too: nothing that changed is ever left unmarked). Before your
// first move it is the first picture shown; a spectator's is the previous picture.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const PIECES = "[data-piece], [data-el], [data-field]";
  let reference = null; // Map: piece key -> the own content of each piece under that key
  let current = null; // the same for the picture shown now
  let awaiting = null; // {version, before}: a move was played; its picture is awaited

  const keyOf = (node) => node.getAttribute("data-piece")
    || (node.hasAttribute("data-el") ? `el:${node.getAttribute("data-el")}` : `field:${node.getAttribute("data-field")}`);

  // Each piece's key and own content (its markup without the pieces inside it), in
  // document order, read from the server's markup (no classes the page added).
  function pieces(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return Array.from(template.content.querySelectorAll(PIECES), (node) => {
      const copy = node.cloneNode(true);
      for (const inner of copy.querySelectorAll(PIECES)) inner.remove();
      return [keyOf(node), copy.outerHTML];
    });
  }

  function byKey(list) {
    const map = new Map();
    for (const [key, content] of list) {
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(content);
    }
    return map;
  }

  // This page is sending a move: the picture it was made on, in case the one after it
  // is never shown.
  let sentOn = null;
  function sending() {
    sentOn = current;
  }

  // The move was stored as `version`: that version's picture becomes the reference.
  function played(version) {
    awaiting = { version, before: sentOn || current };
  }

  function chooseReference(data, previous) {
    if (previous === null) return current; // the first picture: nothing to compare with
    if (data.seat === null) return previous; // a spectator: the previous picture
    if (awaiting !== null && data.version >= awaiting.version) {
      const exact = data.version === awaiting.version;
      const before = awaiting.before;
      awaiting = null;
      return exact ? current : before;
    }
    return reference;
  }

  function markLog(data) {
    const mine = data.log.map((entry) => entry.player === data.seat);
    const last = data.seat === null ? -1 : mine.lastIndexOf(true);
    const items = $("log").children;
    let fresh = 0;
    for (let i = 0; i < items.length; i += 1) {
      const isNew = last >= 0 && i > last;
      items[i].classList.toggle("new", isNew);
      fresh += isNew ? 1 : 0;
    }
    return fresh;
  }

  // A new picture was drawn in #board from `data.html`: mark what changed.
  function show(data) {
    const list = pieces(data.html);
    const previous = current;
    current = byKey(list);
    reference = chooseReference(data, previous);
    const seen = new Map();
    const nodes = document.querySelectorAll(`#board :is(${PIECES})`);
    let changed = 0;
    list.forEach(([key, content], i) => {
      const n = seen.get(key) || 0;
      seen.set(key, n + 1);
      const before = reference.get(key);
      const isChanged = !before || before[n] !== content;
      if (nodes[i]) nodes[i].classList.toggle("changed", isChanged);
      changed += isChanged ? 1 : 0;
    });
    const fresh = markLog(data);
    const note = $("changes");
    const since = data.seat === null ? "since the last picture" : "since your last move";
    note.hidden = changed === 0 && fresh === 0;
    note.textContent = `Highlighted: what changed ${since} (${changed} on the table, ${fresh} in the log).`;
    document.body.dataset.changed = String(changed);
  }

  window.meepleChanges = { show, sending, played };
})();
