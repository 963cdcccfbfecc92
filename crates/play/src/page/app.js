// The hexvar board: one page for every variant, driven by the JSON API under /api.
//
// The board picture is the variant crate's own SVG (its cells carry data-cell); the page keeps
// its cells and draws over them its own layers: marks (selection, destinations, last move,
// check), coordinates, and the men as <use> of the symbols in index.html.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

// The colours of the sides' men: body, outline, details.
const SIDE_COLOURS = {
  White: ["#fbfbf5", "#1c1c1c", "#1c1c1c"],
  Black: ["#2a2a2a", "#000000", "#eeeeee"],
  Pink: ["#f4a6c6", "#4a2030", "#4a2030"],
  Silver: ["#c0c0c8", "#2a2a30", "#2a2a30"],
  Red: ["#d22f2f", "#3a0808", "#ffffff"],
  Gold: ["#e0b020", "#3a2a00", "#3a2a00"],
};
// The letters chess gives the usual men; another letter (C'escacs's D Queen) gets a badge.
const USUAL_LETTERS = { Pawn: "P", Knight: "N", Bishop: "B", Rook: "R", Queen: "Q", King: "K" };
const DRAWN = new Set(["Pawn", "Knight", "Bishop", "Rook", "Queen", "King", "Duke", "Wyvern", "Pegasus", "Elephant", "Amazon"]);
// Unicode chess men, as the crates draw Dagger's hand.
const GLYPHS = {
  "♔": ["K", 0], "♕": ["Q", 0], "♖": ["R", 0], "♗": ["B", 0], "♘": ["N", 0], "♙": ["P", 0],
  "♚": ["K", 1], "♛": ["Q", 1], "♜": ["R", 1], "♝": ["B", 1], "♞": ["N", 1], "♟": ["P", 1],
};
const STRENGTH_DEFAULT = "t700";

const state = {
  variants: [],   // [{name, title, starts, sides, roles, repetition_option}]
  game: null,     // the API's game view
  view: null,     // {node, ply, board} while looking at another position of the game's tree
  target: null,   // the node the arrow keys last asked for, while its position is on its way
  viewSeq: 0,     // numbers the position requests: only the latest one is shown
  selected: null, // the cell whose man is selected
  flipped: false,
  names: null,    // cell names on the cells: null = the variant's default
  computer: new Set(), // the sides the computer plays
  busy: false,
  busyNote: "",   // what the page is waiting for, said when a click comes meanwhile
  geometry: null, // the board's cells: {cells: Map(name -> {x, y, r}), width, height, defaultNames}
};

// ---- talking to the server ----

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch("/api" + path, init);
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = { error: response.statusText };
  }
  if (!response.ok) {
    throw new Error((data && data.error) || response.statusText);
  }
  return data;
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
}

function clearError() {
  $("error").hidden = true;
  $("error").textContent = "";
}

// Runs one action at a time; shows its error, if any. A click while one runs is refused with a
// message that says what the page waits for (`note`), never dropped without a word.
async function run(action, note) {
  if (state.busy) {
    showError(`Please wait: ${state.busyNote || "the last action is not finished"}. Click again when it is done.`);
    return;
  }
  state.busy = true;
  state.busyNote = note || "";
  document.body.classList.add("busy");
  try {
    await action();
  } catch (e) {
    showError(e.message);
  } finally {
    state.busy = false;
    state.busyNote = "";
    document.body.classList.remove("busy");
    renderStatus();
  }
}
// ---- the variant ----

function variant(name) {
  return state.variants.find((v) => v.name === name);
}

function currentVariant() {
  return state.game ? variant(state.game.variant) : variant($("variant").value);
}

function side(id) {
  const v = currentVariant();
  const found = v && v.sides.find((s) => s.id === id);
  return found || { id, name: id };
}

function sideName(id) {
  return side(id).name;
}

function roleName(letter) {
  const v = currentVariant();
  const found = v && v.roles.find((r) => r.letter === letter);
  return found ? found.name : letter;
}

// The symbol, colours and badge letter of a man.
function manLook(role, sideId) {
  const name = roleName(role);
  const symbol = DRAWN.has(name) ? name : "Other";
  const colours = SIDE_COLOURS[sideName(sideId)] || SIDE_COLOURS.White;
  const badge = symbol === "Other" || USUAL_LETTERS[name] !== role ? role : null;
  return { name, symbol, colours, badge };
}

function svgElement(tag, attributes) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attributes || {})) el.setAttribute(k, v);
  return el;
}

// A man as <use> of his symbol, `size` wide, centred on (x, y); with his letter in a badge
// where the picture alone does not say it.
function drawMan(parent, role, sideId, x, y, size) {
  const look = manLook(role, sideId);
  const group = svgElement("g", { class: "man", "data-role": role, "data-side": sideId });
  const use = svgElement("use", {
    href: `#man-${look.symbol}`,
    x: x - size / 2,
    y: y - size / 2,
    width: size,
    height: size,
  });
  use.style.setProperty("--fill", look.colours[0]);
  use.style.setProperty("--line", look.colours[1]);
  use.style.setProperty("--ink", look.colours[2]);
  group.appendChild(use);
  const title = svgElement("title");
  title.textContent = `${sideName(sideId)} ${look.name} (${role})`;
  group.appendChild(title);
  if (look.badge) {
    const big = look.symbol === "Other";
    const bx = big ? x : x + size * 0.3;
    const by = big ? y : y + size * 0.28;
    const br = big ? size * 0.3 : size * 0.19;
    if (!big) group.appendChild(svgElement("circle", { class: "badge-disc", cx: bx, cy: by, r: br }));
    const text = svgElement("text", {
      class: "badge",
      x: bx,
      y: by + br * 0.42,
      "font-size": br * (big ? 1.5 : 1.25),
      "text-anchor": "middle",
    });
    if (big) text.style.fill = look.colours[2];
    text.textContent = look.badge;
    group.appendChild(text);
  }
  parent.appendChild(group);
  return group;
}

// A small picture of a man, for buttons and the key.
function manPicture(role, sideId) {
  const svg = svgElement("svg", { viewBox: "0 0 100 100", class: "man-picture" });
  drawMan(svg, role, sideId, 50, 50, 100);
  return svg;
}

function swatch(sideId) {
  const span = document.createElement("span");
  span.className = "swatch";
  span.style.background = (SIDE_COLOURS[sideName(sideId)] || SIDE_COLOURS.White)[0];
  return span;
}

// ---- the game ----

function fillStarts(name, selectedStart) {
  const select = $("start");
  select.innerHTML = "";
  for (const start of variant(name).starts) {
    const option = document.createElement("option");
    option.value = start.name;
    option.textContent = start.name;
    select.appendChild(option);
  }
  if (selectedStart) select.value = selectedStart;
  select.disabled = variant(name).starts.length < 2;
  $("repetition-label").hidden = !variant(name).repetition_option;
}

// Selects the named start the game began from, or "(position)" for a loaded position.
function showStart(game) {
  const select = $("start");
  const named = variant(game.variant).starts.find((s) => s.position === game.start);
  let loaded = select.querySelector("option[value='']");
  if (named) {
    if (loaded) loaded.remove();
    select.value = named.name;
  } else {
    if (!loaded) {
      loaded = document.createElement("option");
      loaded.value = "";
      loaded.textContent = "(position)";
      select.prepend(loaded);
    }
    select.value = "";
  }
  if (variant(game.variant).repetition_option) {
    $("repetition").value = game.repetition_draw ? String(game.repetition_draw) : "";
  }
}

function setGame(game) {
  const variantChanged = !state.game || state.game.variant !== game.variant;
  state.game = game;
  state.view = null;
  state.target = null;
  state.viewSeq += 1;
  state.selected = null;
  hideChoices();
  if ($("variant").value !== game.variant) {
    $("variant").value = game.variant;
    fillStarts(game.variant);
  }
  if (variantChanged) {
    state.geometry = null;
    state.names = null;
  }
  showStart(game);
  // The computer plays only sides of this game.
  for (const s of [...state.computer]) if (!game.sides.includes(s)) state.computer.delete(s);
  writeUrl();
  render();
}
// The address carries the game: variant, start, moves in SAN, options.
function writeUrl() {
  const game = state.game;
  const v = variant(game.variant);
  const params = new URLSearchParams();
  params.set("variant", game.variant);
  const named = v.starts.find((s) => s.position === game.start);
  if (!named) params.set("position", game.start);
  else if (named !== v.starts[0]) params.set("start", named.name);
  if (v.repetition_option) params.set("repetition", game.repetition_draw ? String(game.repetition_draw) : "none");
  if (game.history.length > 0) params.set("moves", game.history.map((m) => m.san).join(" "));
  if (game.declared) params.set("draw", game.declared);
  if (state.computer.size > 0) params.set("computer", [...state.computer].join(","));
  params.set("game", game.id);
  if ($("strength").value !== STRENGTH_DEFAULT) params.set("strength", $("strength").value);
  const url = window.location.pathname + "#" + params.toString();
  window.history.replaceState(null, "", url);
}

// Reads the game the address names (the hash, or an older link's query).
function readUrl() {
  const hash = window.location.hash.replace(/^#/, "");
  return new URLSearchParams(hash || window.location.search);
}

async function newGame(body) {
  setGame(await api("POST", "/games", body));
}

function newGameBody() {
  const body = { variant: $("variant").value };
  if ($("start").value) body.start = $("start").value;
  if (variant(body.variant).repetition_option && $("repetition").value) {
    body.repetition = Number($("repetition").value);
  }
  return body;
}

function strengthBody() {
  const value = $("strength").value;
  const n = Number(value.slice(1));
  return value[0] === "d" ? { depth: n } : { millis: n };
}

// The computer plays every side it has, in turn, until a person's side is to move.
async function computerTurns() {
  while (
    state.game && !state.game.outcome && state.view === null &&
    state.computer.has(state.game.turn) && state.game.moves.length > 0
  ) {
    state.busyNote = `${sideName(state.game.turn)} (computer) is thinking`;
    renderStatus(`${sideName(state.game.turn)} (computer) is thinking…`);
    setGame(await api("POST", `/games/${state.game.id}/opponent`, strengthBody()));
  }
}
async function play(notation) {
  const view = state.view;
  const body = { move: notation };
  if (view) body.from = view.node;
  const game = await api("POST", `/games/${state.game.id}/move`, body);
  setGame(game);
  document.body.dataset.played = String(Number(document.body.dataset.played || 0) + 1);
  // From an earlier position: that line is now the game, the move on it one ply further.
  if (view) {
    const node = mainNode(game, view.ply + 1);
    if (node !== game.node) await viewNode(node);
  }
  await computerTurns();
}

// The game's node after `ply` moves.
function mainNode(game, ply) {
  let node = 0;
  for (let i = 0; i < ply && game.nodes[node].children.length > 0; i++) node = game.nodes[node].children[0];
  return node;
}

// The node shown: the one looked at, else the game's last.
function shownNode() {
  return state.view ? state.view.node : state.game.node;
}
// Where "Take back" goes: against the computer, back to before the person's last move; otherwise
// one move back. It only shows that position: a move made there starts a new line, and the moves
// taken back stay in the game's record as a variation.
function takeBackTarget() {
  const nodes = state.game.nodes;
  let node = nodes[shownNode()];
  if (node.parent === null) return null;
  const people = state.game.sides.filter((s) => !state.computer.has(s));
  if (state.computer.size === 0 || people.length === 0) return node.parent;
  for (; node.parent !== null; node = nodes[node.parent]) {
    if (!state.computer.has(node.side)) return node.parent;
  }
  return null;
}
// ---- the board ----

function render() {
  renderBoard();
  renderStatus();
  renderSide();
}

// What the board shows: the game's position, or an earlier one.
function shownBoard() {
  if (state.view) return state.view.board;
  const g = state.game;
  return {
    ply: g.ply, node: g.node, position: g.position, turn: g.turn, check: g.check, checked: g.checked,
    last_move: g.last_move, svg: g.svg, pieces: g.pieces, outcome: g.outcome, moves: g.moves,
  };
}

// The legal moves in the position shown (none where its line has ended).
function shownMoves() {
  const board = shownBoard();
  return board.outcome ? [] : board.moves;
}
// The cells' centres and sizes from the picture's polygons.
function measure(svg) {
  const cells = new Map();
  for (const polygon of svg.querySelectorAll("polygon[data-cell]")) {
    const points = polygon.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
    const n = points.length;
    const x = points.reduce((a, p) => a + p[0], 0) / n;
    const y = points.reduce((a, p) => a + p[1], 0) / n;
    // The inradius: the nearest edge from the centre.
    let r = Infinity;
    for (let i = 0; i < n; i++) {
      const [x1, y1] = points[i];
      const [x2, y2] = points[(i + 1) % n];
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      r = Math.min(r, Math.abs((x2 - x1) * (y1 - y) - (x1 - x) * (y2 - y1)) / length);
    }
    cells.set(polygon.dataset.cell, { x, y, r, points });
  }
  const box = svg.viewBox.baseVal;
  const radii = [...cells.values()].map((c) => c.r).sort((a, b) => a - b);
  const geometry = {
    cells,
    box: { x: box.x, y: box.y, width: box.width, height: box.height },
    medianR: radii[Math.floor(radii.length / 2)] || 10,
    largeR: radii[Math.floor(radii.length * 0.9)] || 10,
  };
  geometry.labels = edgeLabels(geometry);
  // Cell names on the cells by default when the edges cannot name both coordinates.
  geometry.defaultNames = !geometry.labels.complete;
  return geometry;
}

// File and rank labels along the edges. A cell name is a head and a number (a1, H15, B/21);
// the cells sharing a head, or a number, form a line when each is the next one's neighbour
// and the line turns at most once; a line gets its label one step beyond each end, where
// no cell is.
function edgeLabels(geometry) {
  const cells = geometry.cells;
  const r = geometry.medianR;
  const groups = { head: new Map(), tail: new Map() };
  for (const [name, c] of cells) {
    const m = /^([A-Za-z]+)(\d+)$/.exec(name);
    if (!m) continue;
    const add = (map, key, order) => {
      if (!map.has(key)) map.set(key, []);
      map.get(key).push({ c, order });
    };
    add(groups.head, m[1], Number(m[2]));
    add(groups.tail, m[2], m[1].length * 100 + m[1].toUpperCase().charCodeAt(m[1].length - 1));
  }
  const size = Math.max(r * 0.75, 11);
  const lined = { head: 0, tail: 0 };
  // Candidates: each line's first end, then each line's other end.
  const candidates = [[], []];
  for (const kind of ["head", "tail"]) {
    for (const [key, list] of groups[kind]) {
      list.sort((a, b) => a.order - b.order);
      const points = list.map((e) => e.c);
      if (!isLine(points)) continue;
      lined[kind] += 1;
      // The line's direction at each end from two cells in (a line of triangles zigzags).
      const n = points.length;
      const ends = [[points[0], points[Math.min(2, n - 1)]], [points[n - 1], points[Math.max(n - 3, 0)]]];
      ends.forEach(([end, next], i) => {
        const dx = end.x - next.x;
        const dy = end.y - next.y;
        const d = Math.hypot(dx, dy) || 1;
        // Steps out from the line's end, the nearest first: a label goes at the first one clear.
        const steps = [1.9, 2.4, 2.9, 3.4, 4.0, 4.7, 5.4].map((k) => Math.max(end.r * k, 14));
        candidates[i].push({ text: key, size, spots: steps.map((step) => [end.x + (dx / d) * step, end.y + (dy / d) * step]) });
      });
    }
  }
  // A label goes where its box (its digits' width, its height, a little margin) meets no cell
  // and no other label. A box and a cell meet when a corner (or the centre) of one is inside the
  // other: both are convex and about the same size.
  const box = (text, x, y) => ({ x, y, w: text.length * size * 0.62, h: size });
  const inside = (points, [px, py]) => {
    let odd = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i];
      const [xj, yj] = points[j];
      if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) odd = !odd;
    }
    return odd;
  };
  const meets = (b, c) => {
    const m = size * 0.15;
    const [x0, x1, y0, y1] = [b.x - b.w / 2 - m, b.x + b.w / 2 + m, b.y - b.h / 2 - m, b.y + b.h / 2 + m];
    const corners = [[x0, y0], [x1, y0], [x0, y1], [x1, y1], [b.x, b.y]];
    return corners.some((p) => inside(c.points, p)) ||
      c.points.some(([px, py]) => px > x0 && px < x1 && py > y0 && py < y1) ||
      inside(c.points, [c.x, c.y]) && c.x > x0 && c.x < x1 && c.y > y0 && c.y < y1;
  };
  const labels = [];
  const free = (b) =>
    [...cells.values()].every((c) => !meets(b, c)) &&
    labels.every((l) => Math.abs(l.x - b.x) > (l.w + b.w) / 2 + size * 0.2 || Math.abs(l.y - b.y) > (l.h + b.h) / 2 + size * 0.1);
  for (const candidate of [...candidates[0], ...candidates[1]]) {
    for (const [x, y] of candidate.spots) {
      const b = box(candidate.text, x, y);
      if (free(b)) {
        labels.push({ text: candidate.text, x, y, size, w: b.w, h: b.h });
        break;
      }
    }
  }
  const complete = ["head", "tail"].every((k) => groups[k].size > 0 && lined[k] === groups[k].size);
  return { list: labels, complete };
}

// Whether cells in order form a line: neighbours one after another, turning at most once
// (directions taken two cells apart, so that a file of triangles pointing alternately left
// and right counts as straight).
function isLine(points) {
  if (points.length < 2) return false;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (Math.hypot(a.x - b.x, a.y - b.y) > Math.max(a.r, b.r) * 3.7) return false;
  }
  let turns = 0;
  let previous = null;
  const span = points.length >= 5 ? 2 : 1;
  for (let i = span; i < points.length; i += 1) {
    const a = points[i - span];
    const b = points[i];
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    if (previous !== null) {
      let delta = Math.abs(angle - previous);
      if (delta > Math.PI) delta = 2 * Math.PI - delta;
      if (delta > 0.45) turns += 1;
    }
    previous = angle;
  }
  return turns <= 2;
}

function renderBoard() {
  const board = shownBoard();
  const holder = $("board");
  holder.classList.toggle("viewing", state.view !== null);
  holder.innerHTML = board.svg;
  const svg = holder.querySelector("svg");
  if (!svg) return;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  if (!state.geometry) state.geometry = measure(svg);
  const geometry = state.geometry;
  const box = geometry.box;
  // Room around the board for the edge labels, all of each.
  let pad = Math.max(...[...geometry.cells.values()].map((c) => c.r)) * 1.2;
  for (const l of geometry.labels.list) {
    const beyond = Math.max(
      box.x - (l.x - l.w / 2), l.x + l.w / 2 - (box.x + box.width),
      box.y - (l.y - l.h / 2), l.y + l.h / 2 - (box.y + box.height),
    );
    pad = Math.max(pad, beyond + l.size * 0.3);
  }
  svg.setAttribute("viewBox", `${box.x - pad} ${box.y - pad} ${box.width + 2 * pad} ${box.height + 2 * pad}`);
  // Screen pixels per unit of the picture (scaled to fit, as SVG does by default): cell names
  // are drawn no smaller than 10.5 px.
  const shown = svg.getBoundingClientRect();
  const scale = shown.width > 0 ? Math.min(shown.width / (box.width + 2 * pad), shown.height / (box.height + 2 * pad)) : 1;
  const smallestName = 10.5 / scale;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const at = (x, y) => (state.flipped ? [2 * cx - x, 2 * cy - y] : [x, y]);

  // Keep the cells and the background; the men, names and marks the crate drew give way to the
  // page's own, except Dagger's knights in hand (a glyph after a cell that is not a board cell).
  const hand = [];
  let handCell = null;
  const cellsGroup = svgElement("g", { class: "cells" });
  for (const child of Array.from(svg.children)) {
    const tag = child.tagName.toLowerCase();
    if (tag === "rect") {
      child.setAttribute("x", box.x - pad);
      child.setAttribute("y", box.y - pad);
      child.setAttribute("width", box.width + 2 * pad);
      child.setAttribute("height", box.height + 2 * pad);
      continue;
    }
    if (tag === "polygon") {
      handCell = child.dataset.cell ? null : child;
      cellsGroup.appendChild(child);
      continue;
    }
    if (tag === "text" && handCell && GLYPHS[child.textContent.trim()]) {
      const points = handCell.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
      const x = points.reduce((a, p) => a + p[0], 0) / points.length;
      const y = points.reduce((a, p) => a + p[1], 0) / points.length;
      const [role, index] = GLYPHS[child.textContent.trim()];
      hand.push({ role, side: currentVariant().sides[index].id, x, y, r: pad / 1.2 * 0.87 });
    }
    handCell = null;
    child.remove();
  }
  svg.appendChild(cellsGroup);
  if (state.flipped) cellsGroup.setAttribute("transform", `rotate(180 ${cx} ${cy})`);

  const marks = svgElement("g", { class: "overlay marks" });
  const labels = svgElement("g", { class: "overlay labels" });
  const men = svgElement("g", { class: "overlay men" });
  const top = svgElement("g", { class: "overlay top" });
  svg.append(marks, labels, men, top);

  const shade = (cell, fill, opacity) => {
    const c = geometry.cells.get(cell);
    if (!c) return;
    const points = c.points.map(([x, y]) => at(x, y).join(",")).join(" ");
    marks.appendChild(svgElement("polygon", { points, fill, "fill-opacity": opacity, class: "shade" }));
  };

  // Coordinates.
  const showNames = state.names === null ? geometry.defaultNames : state.names;
  $("names").checked = showNames;
  for (const label of geometry.labels.list) {
    const [x, y] = at(label.x, label.y);
    const text = svgElement("text", {
      class: "edge", x, y: y + label.size * 0.36, "font-size": label.size, "text-anchor": "middle",
    });
    text.textContent = label.text;
    labels.appendChild(text);
  }
  if (showNames) {
    for (const [name, c] of geometry.cells) {
      // Cells much smaller than most (Kirby's sideboard squares) get a larger share of theirs.
      const small = c.r < geometry.largeR * 0.7;
      const size = Math.max(c.r * (small ? 0.5 : 0.3), smallestName);
      // Below the man, in screen terms (the board may be turned round).
      const [cx0, cy0] = at(c.x, c.y);
      let [x, y] = [cx0, cy0 + c.r * 0.93];
      if (c.points.length === 3) {
        // A triangle: in its tip, the corner across its most upright side, which no
        // neighbour's name shares.
        const corners = c.points.map(([px, py]) => at(px, py));
        const upright = (i) => {
          const [a, b] = [corners[(i + 1) % 3], corners[(i + 2) % 3]];
          return Math.abs(a[0] - b[0]) / (Math.hypot(a[0] - b[0], a[1] - b[1]) || 1);
        };
        const tip = corners[[0, 1, 2].reduce((best, i) => (upright(i) < upright(best) ? i : best), 0)];
        [x, y] = [cx0 + (tip[0] - cx0) * 0.6, cy0 + (tip[1] - cy0) * 0.6 + size * 0.35];
      }
      const text = svgElement("text", { class: "name", x, y, "font-size": size, "text-anchor": "middle" });
      text.textContent = name;
      labels.appendChild(text);
    }
  }

  // Marks: the last move (its other cells too: a castling rook), check, the selection and its
  // destinations (a dot for a quiet move, a ring for a capture).
  const last = board.last_move;
  if (last) {
    for (const cell of [last.from, last.to, ...last.also]) if (cell) shade(cell, "#f6e05e", 0.55);
  }
  for (const cell of board.checked) shade(cell, "#e02020", 0.6);
  if (state.selected !== null) {
    shade(state.selected, "#3a7bd5", 0.45);
    const moves = shownMoves().filter((m) => m.from === state.selected);
    const seen = new Set();
    for (const m of moves) {
      if (seen.has(m.to)) continue;
      seen.add(m.to);
      const c = geometry.cells.get(m.to);
      if (!c) continue;
      const [x, y] = at(c.x, c.y);
      if (m.capture) {
        top.appendChild(svgElement("circle", {
          class: "capture-mark", cx: x, cy: y, r: c.r * 0.86, fill: "none",
          stroke: "#c0392b", "stroke-width": Math.max(c.r * 0.16, 2.5), "stroke-opacity": 0.85,
        }));
      } else {
        marks.appendChild(svgElement("circle", { class: "dest-mark", cx: x, cy: y, r: c.r * 0.28, fill: "#1f7a35", "fill-opacity": 0.7 }));
      }
    }
    // The other own men a move from here takes along: a castling rook.
    for (const m of moves) {
      for (const change of m.changes) {
        if (change.cell !== m.from && change.cell !== m.to && change.before && change.before.side === m.side) {
          shade(change.cell, "#8e44ad", 0.4);
        }
      }
    }
  }

  // The men.
  for (const piece of board.pieces) {
    const c = geometry.cells.get(piece.cell);
    if (!c) continue;
    const [x, y] = at(c.x, c.y);
    // With names, the man is a little smaller and higher, clear of the name below him; on a
    // cell much smaller than most (Kirby's sideboard) he keeps his size and the name, on its
    // light halo, goes over his foot.
    const small = c.r < geometry.largeR * 0.7;
    const nameShare = showNames && !small ? Math.min(smallestName / c.r, 0.6) : 0;
    const size = c.r * Math.max(1.85 - 0.9 * nameShare, 1.35);
    drawMan(men, piece.role, piece.side, x, y - c.r * nameShare * 0.3, size);
  }
  for (const h of hand) {
    const [x, y] = at(h.x, h.y);
    drawMan(men, h.role, h.side, x, y, h.r * 1.7).classList.add("hand");
  }
  mark();
}

// The cells' classes, which say what each cell is now: men that can move, the selection and its
// destinations, captures, the last move, check, a castling rook.
function mark() {
  const board = shownBoard();
  const moves = shownMoves();
  const from = new Set(moves.filter((m) => m.from !== null).map((m) => m.from));
  const selectedMoves = state.selected === null ? [] : moves.filter((m) => m.from === state.selected);
  const dests = new Set(selectedMoves.map((m) => m.to));
  const captures = new Set(selectedMoves.filter((m) => m.capture).map((m) => m.to));
  const rooks = new Set();
  for (const m of selectedMoves) {
    for (const c of m.changes) {
      if (c.cell !== m.from && c.cell !== m.to && c.before && c.before.side === m.side) rooks.add(c.cell);
    }
  }
  const last = board.last_move ? [board.last_move.from, board.last_move.to, ...board.last_move.also] : [];
  const checked = new Set(board.checked);
  for (const polygon of $("board").querySelectorAll("polygon[data-cell]")) {
    const cell = polygon.dataset.cell;
    polygon.classList.toggle("movable", from.has(cell));
    polygon.classList.toggle("selected", cell === state.selected);
    polygon.classList.toggle("dest", dests.has(cell));
    polygon.classList.toggle("capture", captures.has(cell));
    polygon.classList.toggle("rook", rooks.has(cell));
    polygon.classList.toggle("last", last.includes(cell));
    polygon.classList.toggle("check", checked.has(cell));
  }
}

function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// The result in words, with the side names: "Black wins by checkmate (0-1)".
function resultText(outcome) {
  return `${capitalise(outcome.text)} (${outcome.result})`;
}

function renderStatus(note) {
  const status = $("status");
  const game = state.game;
  if (!game) return;
  const board = shownBoard();
  const over = board.outcome;
  status.classList.toggle("over", !!over);
  status.classList.toggle("check", !over && board.check);
  status.dataset.turn = board.turn;
  status.dataset.outcome = over ? over.text : "";
  status.innerHTML = "";
  const who = state.computer.has(board.turn) ? " (computer)" : "";
  const toMove = `${sideName(board.turn)}${who} to move${board.check ? " — check!" : ""}`;
  if (note) {
    status.append(swatch(game.turn), note);
  } else if (state.view) {
    // An earlier position (or a variation's): say so, and whose turn it is there.
    const where = `${positionLabel(state.view.node)}: `;
    if (over) status.append(where, `the line ends here, ${resultText(over)}`);
    else status.append(swatch(board.turn), where, toMove);
  } else if (game.outcome) {
    status.textContent = `Game over: ${resultText(game.outcome)}`;
  } else {
    status.append(swatch(game.turn), toMove);
  }
  const banner = $("banner");
  banner.hidden = !game.outcome || state.view !== null;
  if (game.outcome) {
    banner.textContent = resultText(game.outcome);
    banner.classList.toggle("draw", game.outcome.winner === null);
  }
  $("opponent").disabled = !!game.outcome || state.busy || state.view !== null;
  $("undo").disabled = takeBackTarget() === null;
  $("claim").hidden = !game.claimable || state.view !== null;
  $("claim").textContent = game.claimable ? `Claim draw (${game.claimable})` : "Claim draw";
  $("agree").disabled = !!game.outcome || state.busy || state.view !== null;
  const node = game.nodes[shownNode()];
  $("nav-first").disabled = node.parent === null;
  $("nav-back").disabled = node.parent === null;
  $("nav-forward").disabled = node.children.length === 0;
  $("nav-last").disabled = state.view === null;
}

// "The start" or "After 12. Nf3" (", a variation" off the game's line).
function positionLabel(id) {
  if (id === 0) return "The start";
  const node = state.game.nodes[id];
  return `After ${moveLabel(id)}${node.main ? "" : " (a variation)"}`;
}
function renderSide() {
  const game = state.game;
  renderMoveList();
  renderViewing();

  const drops = shownMoves().filter((m) => m.from === null);
  $("drops-section").hidden = drops.length === 0;
  const box = $("drops");
  box.innerHTML = "";
  for (const m of drops) {
    const landed = m.changes.find((c) => c.cell === m.to);
    const man = landed && landed.after;
    box.appendChild(choiceButton(m, "drop", man, () => run(() => play(m.notation))));
  }

  renderComputerSides();
  renderKey();

  // Fields of the form key=value in the position text (Kirby's teams, dead armies, …).
  const board = shownBoard();
  const fields = $("fields");
  fields.innerHTML = "";
  for (const token of board.position.split(/\s+/)) {
    const eq = token.indexOf("=");
    if (eq <= 0) continue;
    const dt = document.createElement("dt");
    dt.textContent = token.slice(0, eq);
    const dd = document.createElement("dd");
    dd.textContent = token.slice(eq + 1);
    fields.append(dt, dd);
  }
  $("position-text").value = board.position;
  if ($("record-text").dataset.shown === "true") $("record-text").value = game.record;
  const blob = new Blob([game.record], { type: "text/plain" });
  const link = $("download");
  if (link.dataset.url) URL.revokeObjectURL(link.dataset.url);
  link.dataset.url = URL.createObjectURL(blob);
  link.href = link.dataset.url;
  link.download = `${game.variant}-game.pgn`;
}

// The move list: one row per round (move pairs; in Kirby one column per army), SAN, each move a
// button that shows the position after it.
function renderMoveList() {
  const game = state.game;
  const head = $("movelist-head");
  head.innerHTML = "";
  const number = document.createElement("th");
  number.textContent = "#";
  head.appendChild(number);
  for (const s of game.sides) {
    const th = document.createElement("th");
    th.append(swatch(s), " ", sideName(s));
    head.appendChild(th);
  }
  const body = $("movelist-body");
  body.innerHTML = "";
  const numbers = moveNumbers(game);
  const shown = shownNode();
  const nodes = game.nodes;
  const columns = game.sides.length + 1;
  // A row under the moves for a comment and the variations that branch there.
  const noteRow = () => {
    const tr = document.createElement("tr");
    tr.className = "notes";
    const td = document.createElement("td");
    td.colSpan = columns;
    tr.appendChild(td);
    body.appendChild(tr);
    return td;
  };
  if (nodes[0].comment) noteRow().appendChild(commentSpan(nodes[0].comment));
  let row = null;
  let current = null;
  let ply = 0;
  for (let id = nodes[0].children[0]; id !== undefined; id = nodes[id].children[0]) {
    const n = nodes[id];
    ply += 1;
    const at = game.sides.indexOf(n.side);
    if (row === null || numbers[id].starts) {
      row = document.createElement("tr");
      const td = document.createElement("td");
      td.className = "number";
      td.textContent = `${numbers[id].round}.`;
      row.appendChild(td);
      for (let k = 0; k < game.sides.length; k++) row.appendChild(document.createElement("td"));
      for (let k = 0; k < at; k++) row.children[k + 1].textContent = "…";
      body.appendChild(row);
    }
    const button = moveButton(id, numbers);
    button.dataset.ply = String(ply);
    if (id === shown) current = button;
    if (id === game.node) button.classList.add("last");
    row.children[at + 1].append(button, ...nagSpans(n.nags));
    const alternatives = nodes[n.parent].children.slice(1);
    // A short comment (an evaluation, "+0.35/12") stays beside its move; a longer one, and the
    // variations, go in a row of their own.
    const inline = n.comment.length > 0 && n.comment.length <= INLINE_COMMENT && alternatives.length === 0;
    if (inline) row.children[at + 1].appendChild(commentSpan(n.comment, "inline"));
    if ((n.comment && !inline) || alternatives.length > 0) {
      const td = noteRow();
      if (n.comment && !inline) td.appendChild(commentSpan(n.comment));
      for (const alt of alternatives) td.appendChild(variationLine(alt, numbers, 1));
      // The next move starts a row of its own, under the notes.
      row = null;
    }
  }
  body.querySelectorAll("button.mv").forEach((b) => {
    if (Number(b.dataset.node) === shown) {
      b.classList.add("current");
      current = b;
    }
  });
  if (game.outcome) {
    const tr = document.createElement("tr");
    tr.className = "result";
    const td = document.createElement("td");
    td.colSpan = columns;
    td.textContent = `${game.outcome.result} — ${game.outcome.text}`;
    tr.appendChild(td);
    body.appendChild(tr);
  }
  $("no-moves").hidden = nodes.length > 1;
  // Keep the shown move in sight (scrolling the list, not the page).
  const box = $("moves-box");
  if (current && state.view !== null) {
    const top = current.offsetTop - box.clientHeight / 2;
    box.scrollTop = Math.max(0, top);
  } else {
    box.scrollTop = box.scrollHeight;
  }
}

// Each node's round and whether its move starts a round: a round starts when a side moves that
// does not come after the previous mover in the order of play (Kirby's armies included).
function moveNumbers(game) {
  const numbers = [{ round: game.first_number - 1, column: game.sides.length, starts: false }];
  // Parents come before their children in the numbering.
  for (const n of game.nodes.slice(1)) {
    const parent = numbers[n.parent];
    const column = game.sides.indexOf(n.side);
    const starts = column <= parent.column;
    numbers[n.id] = { round: parent.round + (starts ? 1 : 0), column, starts };
  }
  return numbers;
}

// A move of the tree as a button that shows the position after it.
function moveButton(id, numbers) {
  const n = state.game.nodes[id];
  const button = document.createElement("button");
  button.type = "button";
  button.className = n.main ? "mv" : "mv var";
  button.dataset.node = String(id);
  button.textContent = n.san;
  button.title = `${sideName(n.side)}: ${moveLabel(id, numbers)} (${n.notation}) — click to see the position after it`;
  button.addEventListener("click", () => viewNode(id).catch((e) => showError(e.message)));
  return button;
}

// The glyphs of `$1`… as chess writes them.
const NAG_GLYPHS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 10: "=", 14: "+=", 15: "=+", 16: "±", 17: "∓", 18: "+−", 19: "−+" };

function nagSpans(nags) {
  return nags.map((nag) => {
    const span = document.createElement("span");
    span.className = "nag";
    span.textContent = NAG_GLYPHS[nag] || `$${nag}`;
    return span;
  });
}

// The longest comment written beside its move in the list.
const INLINE_COMMENT = 14;

function commentSpan(text, kind) {
  const span = document.createElement("span");
  span.className = kind ? `comment ${kind}` : "comment";
  span.textContent = text;
  return span;
}

// A variation from `id` to the end of its line, indented by `depth`, with the variations that
// branch inside it nested one step further.
function variationLine(id, numbers, depth) {
  const nodes = state.game.nodes;
  const line = document.createElement("div");
  line.className = "variation";
  line.style.marginLeft = `${depth * 0.9}em`;
  let first = true;
  for (let at = id; at !== undefined; at = nodes[at].children[0]) {
    const n = nodes[at];
    if (first && n.starting_comment) line.appendChild(commentSpan(n.starting_comment));
    const number = numbers[at];
    if (number.column === 0 || first) {
      const span = document.createElement("span");
      span.className = "number";
      span.textContent = number.column === 0 ? `${number.round}.` : `${number.round}…`;
      line.appendChild(span);
    }
    line.append(moveButton(at, numbers), ...nagSpans(n.nags));
    if (n.comment) line.appendChild(commentSpan(n.comment));
    if (!first) {
      for (const alt of nodes[n.parent].children.slice(1)) line.appendChild(variationLine(alt, numbers, depth + 1));
    }
    first = false;
  }
  return line;
}
function renderViewing() {
  const box = $("viewing");
  if (state.view === null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const game = state.game;
  const node = game.nodes[state.view.node];
  const where = node.main
    ? (state.view.node === 0 ? `the start position (${game.ply} moves played)` : `the position after ${moveLabel(node.id)} (move ${node.ply} of ${game.ply})`)
    : `the position after ${moveLabel(node.id)}, in a variation`;
  $("viewing-text").textContent = `Looking at ${where}. A move here starts a new line; the game's later moves stay as a variation.`;
}
// "12. Nf3" or "12… e5" for the move of node `id`.
function moveLabel(id, numbers) {
  const game = state.game;
  const number = (numbers || moveNumbers(game))[id];
  return `${number.round}${number.column === 0 ? "." : "…"} ${game.nodes[id].san}`;
}
function renderComputerSides() {
  const game = state.game;
  const box = $("computer-sides");
  const key = game.sides.join(",") + "|" + [...state.computer].join(",");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.innerHTML = "";
  const text = document.createElement("div");
  text.textContent = game.sides.length > 2 ? "The computer plays the armies:" : "The computer plays:";
  box.appendChild(text);
  for (const s of game.sides) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox";
    input.dataset.side = s;
    input.checked = state.computer.has(s);
    input.addEventListener("change", () => {
      if (input.checked) state.computer.add(s);
      else state.computer.delete(s);
      box.dataset.key = "";
      writeUrl();
      renderStatus();
      if (input.checked && !state.busy) run(computerTurns);
    });
    label.append(input, swatch(s), sideName(s));
    box.appendChild(label);
  }
}

function renderKey() {
  const game = state.game;
  const v = variant(game.variant);
  const box = $("key");
  if (box.dataset.variant === game.variant + game.sides.join()) return;
  box.dataset.variant = game.variant + game.sides.join();
  box.innerHTML = "";
  const first = game.sides[0];
  for (const role of v.roles) {
    const entry = document.createElement("div");
    entry.className = "entry";
    entry.dataset.letter = role.letter;
    const letter = document.createElement("span");
    letter.className = "letter";
    letter.textContent = role.letter;
    entry.append(manPicture(role.letter, first), letter, ` ${role.name}`);
    box.appendChild(entry);
  }
  const sides = document.createElement("div");
  sides.className = "note";
  sides.append(game.sides.length > 2 ? "Armies: " : "Sides: ");
  game.sides.forEach((s, i) => {
    if (i > 0) sides.append(", ");
    sides.append(swatch(s), ` ${sideName(s)} (${s})`);
  });
  sides.append(game.sides.length > 2 ? "; they move in this order." : `; ${sideName(game.sides[0])} moves first.`);
  box.appendChild(sides);
  const note = document.createElement("div");
  note.className = "note";
  note.textContent =
    "Moves are written in SAN: the man's letter (none for a pawn), x for a capture, the cell " +
    "reached; + check, # mate. Point at a cell to see its name" +
    (game.variant === "kirby" ? " (a sideboard square is army/rank file: B/21 is Black's rank 2, file 1)." : ".");
  box.appendChild(note);
}

// The man a choice's picture shows: what the move makes (a promotion's new man, Kirby's
// reclaimed piece), else the man who moves.
function choiceMan(m) {
  const at = (cell) => m.changes.find((c) => c.cell === cell);
  const moved = m.from && at(m.from) ? at(m.from).before : null;
  const landed = at(m.to) ? at(m.to).after : null;
  const left = m.from && at(m.from) ? at(m.from).after : null;
  if (moved && landed && landed.role !== moved.role) return landed;
  if (left && left.side === m.side) return left;
  return landed;
}

// A move in words, from the cells it changes: "Pawn a7 → a8, becomes a Queen", "Castling: King
// … and Rook …", "takes the Knight on e5".
function describe(m) {
  const at = (cell) => m.changes.find((c) => c.cell === cell);
  const moved = m.from ? at(m.from) && at(m.from).before : null;
  const landed = at(m.to) && at(m.to).after;
  const parts = [];
  if (moved) parts.push(`${roleName(moved.role)} ${m.from} → ${m.to}`);
  else if (landed) {
    // Dagger's two knights in hand, the left and the right one (NL@a1, NR@a1).
    const which = /^[A-Z]([LR])@/.exec(m.san);
    const hand = which ? ` (the ${which[1] === "L" ? "left" : "right"} one)` : "";
    parts.push(`${roleName(landed.role)}${hand} from the hand to ${m.to}`);
  }
  if (moved && landed && landed.side === m.side && landed.role !== moved.role) {
    parts.push(`becomes a ${roleName(landed.role)}`);
  }
  // A man of the mover's that appears where the mover left (Kirby's reclaimed piece).
  const left = m.from && at(m.from) ? at(m.from).after : null;
  if (left && left.side === m.side) parts.push(`a ${roleName(left.role)} comes back on ${m.from}`);
  const others = m.changes.filter((c) => c.cell !== m.from && c.cell !== m.to);
  const gone = others.filter((c) => c.before && c.before.side === m.side && !(c.after && c.after.side === m.side));
  const came = others.filter((c) => c.after && c.after.side === m.side && !(c.before && c.before.side === m.side));
  let castling = false;
  for (const g of gone) {
    const i = came.findIndex((c) => c.after.role === g.before.role);
    if (i >= 0) {
      parts.push(`${roleName(g.before.role)} ${g.cell} → ${came[i].cell}`);
      came.splice(i, 1);
      castling = true;
    }
  }
  for (const c of came) parts.push(`a ${roleName(c.after.role)} comes back on ${c.cell}`);
  const taken = m.changes.filter((c) => c.before && c.before.side !== m.side && !(c.after && c.after.side === c.before.side));
  if (taken.length === 1) parts.push(`takes the ${sideName(taken[0].before.side)} ${roleName(taken[0].before.role)} on ${taken[0].cell}`);
  else if (taken.length > 1) parts.push(`takes ${taken.length} men`);
  const text = parts.join(", ");
  if (castling) return `Castling: ${text}`;
  if (moved && moved.role === "K" && !m.capture && others.length === 0 && m.san.includes("-")) {
    return `${text} (the King's move alone)`;
  }
  return text;
}

// A button of class `className` that runs `onClick` for move `m`: the picture of `man` (the man
// the move leaves on its cell, if any: {role, side}), the move in words and its SAN.
function choiceButton(m, className, man, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.dataset.notation = m.notation;
  if (man) button.appendChild(manPicture(man.role, man.side));
  const words = document.createElement("span");
  words.className = "words";
  words.textContent = describe(m);
  const san = document.createElement("span");
  san.className = "san";
  san.textContent = m.san;
  button.append(words, san);
  button.addEventListener("click", onClick);
  return button;
}

function showChoices(moves) {
  const box = $("choice-buttons");
  box.innerHTML = "";
  for (const m of moves) {
    const choose = () => {
      hideChoices();
      run(() => play(m.notation));
    };
    box.appendChild(choiceButton(m, "choice", choiceMan(m), choose));
  }
  $("choices-title").textContent = `${moves.length} moves to ${moves[0].to}: choose one`;
  $("choices").hidden = false;
}

function hideChoices() {
  $("choices").hidden = true;
  $("choice-buttons").innerHTML = "";
}

function offer(moves) {
  if (moves.length === 1) {
    run(() => play(moves[0].notation));
  } else {
    showChoices(moves);
  }
}

function onCellClick(cell) {
  const game = state.game;
  if (!game) return;
  if (state.busy) {
    showError(`Please wait: ${state.busyNote || "the last action is not finished"}.`);
    return;
  }
  clearError();
  hideChoices();
  const board = shownBoard();
  if (board.outcome) {
    showError(state.view ? `This line ends here: ${resultText(board.outcome)}` : `The game is over: ${resultText(board.outcome)}`);
    return;
  }
  if (state.computer.has(board.turn)) {
    showError(`${sideName(board.turn)} is the computer's side: let it move ("Computer moves now").`);
    return;
  }
  const moves = shownMoves();
  const movesFrom = (c) => moves.filter((m) => m.from === c);
  const select = (c) => {
    state.selected = c;
    renderBoard();
  };
  if (state.selected !== null) {
    const from = state.selected;
    if (cell === from) {
      select(null);
      return;
    }
    const candidates = movesFrom(from).filter((m) => m.to === cell);
    if (candidates.length > 0) {
      offer(candidates);
      return;
    }
    if (movesFrom(cell).length > 0) {
      select(cell);
      return;
    }
    select(null);
    showError(`Illegal move: the man on ${from} cannot go to ${cell}`);
    return;
  }
  if (movesFrom(cell).length > 0) {
    select(cell);
    return;
  }
  const drops = moves.filter((m) => m.from === null && m.to === cell);
  if (drops.length > 0) {
    offer(drops);
    return;
  }
  showError(`No legal move from ${cell}`);
}

// ---- looking at earlier positions ----

async function viewNode(node) {
  const game = state.game;
  state.selected = null;
  hideChoices();
  const seq = ++state.viewSeq;
  if (node === game.node) {
    state.view = null;
    state.target = null;
    render();
    return;
  }
  state.target = node;
  let board;
  try {
    board = await api("GET", `/games/${game.id}/node/${node}`);
  } finally {
    if (seq === state.viewSeq) state.target = null;
  }
  // A later request (a quicker key press) or a new game wins.
  if (seq !== state.viewSeq || state.game !== game) return;
  state.view = { node, ply: board.ply, board };
  render();
}

// The arrows and their keys: from the node last asked for (not the one shown yet), so that quick
// presses add up; ← the move before, → the line's next move, Home the start, End the game's end.
function navigate(where) {
  const game = state.game;
  if (!game) return;
  const now = state.target !== null ? state.target : shownNode();
  const node = game.nodes[now];
  const target = { first: 0, back: node.parent, forward: node.children[0], last: game.node }[where];
  if (target === null || target === undefined || target === now) return;
  viewNode(target).catch((e) => showError(e.message));
}

// ---- controls ----

function wire() {
  $("board").addEventListener("click", (event) => {
    const polygon = event.target.closest("polygon[data-cell]");
    if (polygon) onCellClick(polygon.dataset.cell);
  });
  $("board").addEventListener("mouseover", (event) => {
    const polygon = event.target.closest("polygon[data-cell]");
    $("hover").textContent = polygon ? `Cell ${polygon.dataset.cell}` : "";
  });
  // The names' size depends on the board's size on the screen: drawn again when it changes.
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(() => state.game && renderBoard(), 150);
  });
  $("board").addEventListener("mouseleave", () => {
    $("hover").textContent = "";
  });
  $("variant").addEventListener("change", () => {
    if (state.busy && state.game) {
      // Refused below with a message: the choice goes back to the game shown.
      $("variant").value = state.game.variant;
    }
    fillStarts($("variant").value);
    if (state.busy && state.game) showStart(state.game);
    run(async () => {
      await newGame(newGameBody());
      await computerTurns();
    });
  });
  $("start").addEventListener("change", () => {
    // Refused below with a message while busy: the choice goes back to the game shown.
    if (state.busy && state.game) showStart(state.game);
    run(async () => {
      await newGame(newGameBody());
      await computerTurns();
    });
  });
  $("repetition").addEventListener("change", () => run(() => newGame(newGameBody())));
  $("new").addEventListener("click", () => run(async () => {
    await newGame(newGameBody());
    await computerTurns();
  }));
  $("undo").addEventListener("click", () => {
    const target = takeBackTarget();
    if (target !== null) viewNode(target).catch((e) => showError(e.message));
  });
  $("claim").addEventListener("click", () => run(async () => {
    setGame(await api("POST", `/games/${state.game.id}/claim`));
  }));
  $("agree").addEventListener("click", () => run(async () => {
    setGame(await api("POST", `/games/${state.game.id}/agree`));
  }));
  $("flip").addEventListener("click", () => {
    state.flipped = !state.flipped;
    renderBoard();
  });
  $("names").addEventListener("change", () => {
    state.names = $("names").checked;
    renderBoard();
  });
  $("opponent").addEventListener("click", () => run(async () => {
    renderStatus(`${sideName(state.game.turn)} (computer) is thinking…`);
    setGame(await api("POST", `/games/${state.game.id}/opponent`, strengthBody()));
    await computerTurns();
  }, `${sideName(state.game.turn)} (computer) is thinking`));
  $("annotate").addEventListener("click", () => run(async () => {
    // Each position's search: the strength's depth, else its time up to 0.3 s.
    const strength = strengthBody();
    const body = strength.depth ? { depth: strength.depth } : { millis: Math.min(strength.millis, 300) };
    renderStatus("The engine is studying every move of the game…");
    setGame(await api("POST", `/games/${state.game.id}/annotate`, body));
  }, "the engine is studying the game"));
  $("strength").addEventListener("change", () => state.game && writeUrl());
  for (const where of ["first", "back", "forward", "last"]) {
    $(`nav-${where}`).addEventListener("click", () => navigate(where));
  }
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof Element && target.closest("input, textarea, select")) return;
    const where = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
    if (where) {
      event.preventDefault();
      navigate(where);
    }
  });
  $("back-to-game").addEventListener("click", () => viewNode(state.game.node).catch((e) => showError(e.message)));
  $("load").addEventListener("click", () => run(async () => {
    await newGame({ variant: $("variant").value, position: $("position-text").value });
  }));
  $("copy").addEventListener("click", () => copy($("position-text").value));
  $("link").addEventListener("click", () => copy(window.location.href));
  $("export").addEventListener("click", () => {
    $("record-text").dataset.shown = "true";
    $("record-text").value = state.game.record;
  });
  $("copy-record").addEventListener("click", () => copy(state.game.record));
  $("import").addEventListener("click", () => run(async () => {
    const record = $("record-text").value;
    if (!record.trim()) throw new Error("Paste a game record into the box first.");
    // A record that does not name its variant is read as the one the page shows.
    const body = { record };
    if (!/^\s*\[\s*Variant\s/m.test(record)) body.variant = $("variant").value;
    await newGame(body);
    if (state.game.warnings.length > 0) showError(`Read, with warnings: ${state.game.warnings.join("; ")}`);
    $("record-text").dataset.shown = "true";
    await computerTurns();
  }));
  $("record-file").addEventListener("change", async () => {
    const file = $("record-file").files[0];
    if (!file) return;
    $("record-text").value = await file.text();
    $("record-file").value = "";
    $("import").click();
  });
  const playText = () => {
    const text = $("move-text").value;
    run(async () => {
      await play(text);
      $("move-text").value = "";
    });
  };
  $("play").addEventListener("click", playText);
  $("move-text").addEventListener("keydown", (event) => {
    if (event.key === "Enter") playText();
  });
  $("choice-cancel").addEventListener("click", () => {
    hideChoices();
    state.selected = null;
    renderBoard();
  });
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

// The men's parts take their colours from the <use> that places them (the copies under a <use>
// inherit custom properties, but the page's selectors do not reach them).
function styleMen() {
  const styles = {
    body: "fill: var(--fill, #fff); stroke: var(--line, #000); stroke-width: 3.2; stroke-linejoin: round",
    ink: "fill: none; stroke: var(--ink, #000); stroke-width: 3.2; stroke-linecap: round; stroke-linejoin: round",
    "ink-fill": "fill: var(--ink, #000); stroke: none",
  };
  for (const [name, style] of Object.entries(styles)) {
    for (const el of document.querySelectorAll(`#men .${name}`)) el.setAttribute("style", style);
  }
}

// Plays a link's moves one by one on the game shown, up to the first one refused, which it names.
async function playLinkMoves(moves) {
  for (let i = 0; i < moves.length; i++) {
    try {
      setGame(await api("POST", `/games/${state.game.id}/move`, { move: moves[i] }));
    } catch (e) {
      const before = i === 1 ? "the move before it is" : `the ${i} moves before it are`;
      throw new Error(`Move ${i + 1} of the link, "${moves[i]}", was refused (${e.message}); ${i === 0 ? "no move is played" : `${before} played`}.`);
    }
  }
}

async function start() {
  styleMen();
  wire();
  await run(async () => {
    state.variants = await api("GET", "/variants");
    const select = $("variant");
    for (const v of state.variants) {
      const option = document.createElement("option");
      option.value = v.name;
      option.textContent = v.title;
      select.appendChild(option);
    }
    const params = readUrl();
    const name = params.get("variant") || state.variants[0].name;
    if (!variant(name)) {
      select.value = state.variants[0].name;
      fillStarts(select.value);
      await newGame({ variant: select.value });
      throw new Error(`Unknown variant ${name}`);
    }
    select.value = name;
    fillStarts(name, params.get("start"));
    if (params.get("strength") && $("strength").querySelector(`option[value="${params.get("strength")}"]`)) {
      $("strength").value = params.get("strength");
    }
    for (const s of (params.get("computer") || "").split(",")) if (s) state.computer.add(s);
    const body = { variant: name };
    if (params.get("position")) body.position = params.get("position");
    else if (params.get("start")) body.start = params.get("start");
    const repetition = params.get("repetition");
    if (variant(name).repetition_option) {
      if (repetition === null) body.repetition = Number($("repetition").value) || undefined;
      else if (repetition !== "none") body.repetition = Number(repetition);
    }
    const moves = (params.get("moves") || "").split(/\s+/).filter((m) => m);
    if (moves.length > 0) body.moves = moves;
    // The game the server still holds (kept on disk with --data), if it is the one the address
    // describes; else a new game from the address.
    const kept = params.get("game") ? await api("GET", `/games/${params.get("game")}`).catch(() => null) : null;
    const same = kept && kept.variant === name && kept.history.map((m) => m.san).join(" ") === moves.join(" ") &&
      (!body.position || kept.start === body.position);
    try {
      if (same) setGame(kept);
      else await newGame(body);
    } catch (e) {
      delete body.moves;
      try {
        await newGame(body);
      } catch (e2) {
        await newGame({ variant: name });
        throw e;
      }
      if (moves.length === 0) throw e;
      // One bad move in a link: the legal moves before it are kept, and it is named.
      await playLinkMoves(moves);
    }
    const draw = params.get("draw");
    if (draw === "claim" || draw === "agreement") {
      setGame(await api("POST", `/games/${state.game.id}/${draw === "claim" ? "claim" : "agree"}`));
    }
    await computerTurns();
  });
  document.body.dataset.ready = "true";
}

start();
