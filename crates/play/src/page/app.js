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
  view: null,     // {ply, board} while looking at an earlier position
  selected: null, // the cell whose man is selected
  flipped: false,
  names: null,    // cell names on the cells: null = the variant's default
  computer: new Set(), // the sides the computer plays
  busy: false,
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

// Runs one action at a time; shows its error, if any.
async function run(action) {
  if (state.busy) return;
  state.busy = true;
  document.body.classList.add("busy");
  try {
    await action();
  } catch (e) {
    showError(e.message);
  } finally {
    state.busy = false;
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
  state.selected = null;
  hideChoices();
  hideConfirm();
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
    renderStatus(`${sideName(state.game.turn)} (computer) is thinking…`);
    setGame(await api("POST", `/games/${state.game.id}/opponent`, strengthBody()));
  }
}

async function play(notation) {
  setGame(await api("POST", `/games/${state.game.id}/move`, { move: notation }));
  await computerTurns();
}

// How many moves "Take back" takes: against the computer, back to before the person's last
// move; otherwise one.
function undoPlies() {
  const history = state.game.history;
  if (history.length === 0) return 0;
  const people = state.game.sides.filter((s) => !state.computer.has(s));
  if (state.computer.size === 0 || people.length === 0) return 1;
  for (let i = history.length - 1; i >= 0; i--) {
    if (!state.computer.has(history[i].side)) return history.length - i;
  }
  return 0;
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
    ply: g.ply, position: g.position, turn: g.turn, check: g.check, checked: g.checked,
    last_move: g.last_move, svg: g.svg, pieces: g.pieces,
  };
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
      const ends = [[points[0], points[1]], [points[points.length - 1], points[points.length - 2]]];
      ends.forEach(([end, next], i) => {
        const dx = end.x - next.x;
        const dy = end.y - next.y;
        const d = Math.hypot(dx, dy) || 1;
        const step = Math.max(end.r * 1.9, 14);
        candidates[i].push({ text: key, x: end.x + (dx / d) * step, y: end.y + (dy / d) * step, size });
      });
    }
  }
  // A label goes where no cell and no other label is.
  const labels = [];
  const free = (x, y) =>
    [...cells.values()].every((c) => Math.hypot(c.x - x, c.y - y) > c.r * 1.6) &&
    labels.every((l) => Math.hypot(l.x - x, l.y - y) > size * 1.3);
  for (const label of [...candidates[0], ...candidates[1]]) {
    if (free(label.x, label.y)) labels.push(label);
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
  // Room around the board for the edge labels.
  const pad = Math.max(...[...geometry.cells.values()].map((c) => c.r)) * 1.2;
  svg.setAttribute("viewBox", `${box.x - pad} ${box.y - pad} ${box.width + 2 * pad} ${box.height + 2 * pad}`);
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
      // Cells much smaller than most (Kirby's sideboard squares) are named on hover only.
      if (c.r < geometry.largeR * 0.7) continue;
      const size = Math.max(c.r * 0.3, 6);
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
  const game = state.game;
  const last = board.last_move;
  if (last) {
    for (const cell of [last.from, last.to, ...last.also]) if (cell) shade(cell, "#f6e05e", 0.55);
  }
  for (const cell of board.checked) shade(cell, "#e02020", 0.6);
  const live = state.view === null && !game.outcome;
  if (live && state.selected !== null) {
    shade(state.selected, "#3a7bd5", 0.45);
    const moves = game.moves.filter((m) => m.from === state.selected);
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
    drawMan(men, piece.role, piece.side, x, y, c.r * (showNames ? 1.62 : 1.85));
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
  const game = state.game;
  const board = shownBoard();
  const live = state.view === null && !game.outcome;
  const moves = live ? game.moves : [];
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
  status.classList.toggle("over", !!game.outcome);
  status.classList.toggle("check", !game.outcome && game.check);
  status.dataset.turn = game.turn;
  status.dataset.outcome = game.outcome ? game.outcome.text : "";
  status.innerHTML = "";
  if (note) {
    status.append(swatch(game.turn), note);
  } else if (game.outcome) {
    status.textContent = `Game over: ${resultText(game.outcome)}`;
  } else {
    const who = state.computer.has(game.turn) ? " (computer)" : "";
    status.append(swatch(game.turn), `${sideName(game.turn)}${who} to move${game.check ? " — check!" : ""}`);
  }
  const banner = $("banner");
  banner.hidden = !game.outcome;
  if (game.outcome) {
    banner.textContent = resultText(game.outcome);
    banner.classList.toggle("draw", game.outcome.winner === null);
  }
  const over = !!game.outcome;
  $("opponent").disabled = over || state.busy || state.view !== null;
  $("undo").disabled = undoPlies() === 0 || state.busy;
  $("claim").hidden = !game.claimable;
  $("claim").textContent = game.claimable ? `Claim draw (${game.claimable})` : "Claim draw";
  $("agree").disabled = over || state.busy;
  const ply = state.view ? state.view.ply : game.ply;
  $("nav-first").disabled = ply === 0;
  $("nav-back").disabled = ply === 0;
  $("nav-forward").disabled = state.view === null;
  $("nav-last").disabled = state.view === null;
}

function renderSide() {
  const game = state.game;
  renderMoveList();
  renderViewing();

  const drops = state.view === null ? game.moves.filter((m) => m.from === null) : [];
  $("drops-section").hidden = drops.length === 0;
  const box = $("drops");
  box.innerHTML = "";
  for (const m of drops) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "drop";
    button.dataset.notation = m.notation;
    const landed = m.changes.find((c) => c.cell === m.to);
    if (landed && landed.after) button.appendChild(manPicture(landed.after.role, landed.after.side));
    const words = document.createElement("span");
    words.className = "words";
    words.textContent = describe(m);
    const san = document.createElement("span");
    san.className = "san";
    san.textContent = m.san;
    button.append(words, san);
    button.addEventListener("click", () => run(() => play(m.notation)));
    box.appendChild(button);
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
  const shown = state.view ? state.view.ply : game.ply;
  let row = null;
  let column = game.sides.length;
  let round = game.first_number - 1;
  let current = null;
  game.history.forEach((m, i) => {
    const at = game.sides.indexOf(m.side);
    if (row === null || at <= column) {
      round += 1;
      row = document.createElement("tr");
      const td = document.createElement("td");
      td.className = "number";
      td.textContent = `${round}.`;
      row.appendChild(td);
      for (let k = 0; k < game.sides.length; k++) row.appendChild(document.createElement("td"));
      if (i === 0) for (let k = 0; k < at; k++) row.children[k + 1].textContent = "…";
      body.appendChild(row);
    }
    column = at;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "mv";
    button.dataset.ply = String(i + 1);
    button.textContent = m.san;
    button.title = `${sideName(m.side)}: ${m.san} (${m.notation}) — click to see the position after it`;
    if (i + 1 === shown) {
      button.classList.add("current");
      current = button;
    }
    if (i + 1 === game.history.length) button.classList.add("last");
    button.addEventListener("click", () => run(() => viewPly(i + 1)));
    row.children[at + 1].appendChild(button);
  });
  if (game.outcome) {
    const tr = document.createElement("tr");
    tr.className = "result";
    const td = document.createElement("td");
    td.colSpan = game.sides.length + 1;
    td.textContent = `${game.outcome.result} — ${game.outcome.text}`;
    tr.appendChild(td);
    body.appendChild(tr);
  }
  $("no-moves").hidden = game.history.length > 0;
  // Keep the shown move in sight (scrolling the list, not the page).
  const box = $("moves-box");
  if (current && state.view !== null) {
    const top = current.offsetTop - box.clientHeight / 2;
    box.scrollTop = Math.max(0, top);
  } else {
    box.scrollTop = box.scrollHeight;
  }
}

function renderViewing() {
  const box = $("viewing");
  if (state.view === null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const game = state.game;
  const ply = state.view.ply;
  const last = ply > 0 ? game.history[ply - 1] : null;
  $("viewing-text").textContent = last
    ? `Looking at the position after ${moveLabel(ply)} (move ${ply} of ${game.ply}).`
    : `Looking at the start position (${game.ply} moves played).`;
  $("continue").hidden = ply === game.ply;
}

// "12. Nf3" or "12… e5" for the move that makes ply `ply`.
function moveLabel(ply) {
  const game = state.game;
  let round = game.first_number;
  let column = -1;
  for (let i = 0; i < ply; i++) {
    const at = game.sides.indexOf(game.history[i].side);
    if (i > 0 && at <= column) round += 1;
    column = at;
  }
  const m = game.history[ply - 1];
  const first = game.sides.indexOf(m.side) === 0;
  return `${round}${first ? "." : "…"} ${m.san}`;
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

function showChoices(moves) {
  const box = $("choice-buttons");
  box.innerHTML = "";
  for (const m of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.dataset.notation = m.notation;
    const man = choiceMan(m);
    if (man) button.appendChild(manPicture(man.role, man.side));
    const words = document.createElement("span");
    words.className = "words";
    words.textContent = describe(m);
    const san = document.createElement("span");
    san.className = "san";
    san.textContent = m.san;
    button.append(words, san);
    button.addEventListener("click", () => {
      hideChoices();
      run(() => play(m.notation));
    });
    box.appendChild(button);
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
  if (!game || state.busy) return;
  clearError();
  hideChoices();
  if (state.view !== null) {
    showError("This is an earlier position: go back to the game, or continue from here.");
    return;
  }
  if (game.outcome) {
    showError(`The game is over: ${resultText(game.outcome)}`);
    return;
  }
  if (state.computer.has(game.turn)) {
    showError(`${sideName(game.turn)} is the computer's side: let it move ("Computer moves now").`);
    return;
  }
  const movesFrom = (c) => game.moves.filter((m) => m.from === c);
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
  const drops = game.moves.filter((m) => m.from === null && m.to === cell);
  if (drops.length > 0) {
    offer(drops);
    return;
  }
  showError(`No legal move from ${cell}`);
}

// ---- looking at earlier positions ----

async function viewPly(ply) {
  const game = state.game;
  ply = Math.max(0, Math.min(ply, game.ply));
  state.selected = null;
  hideChoices();
  hideConfirm();
  if (ply === game.ply) {
    state.view = null;
  } else {
    const board = await api("GET", `/games/${game.id}/ply/${ply}`);
    state.view = { ply, board };
  }
  render();
}

function navigate(where) {
  const game = state.game;
  if (!game) return;
  const now = state.view ? state.view.ply : game.ply;
  const target = { first: 0, back: now - 1, forward: now + 1, last: game.ply }[where];
  if (target === now || target < 0 || target > game.ply) return;
  run(() => viewPly(target));
}

function hideConfirm() {
  $("confirm").hidden = true;
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
  $("board").addEventListener("mouseleave", () => {
    $("hover").textContent = "";
  });
  $("variant").addEventListener("change", () => {
    fillStarts($("variant").value);
    run(async () => {
      await newGame(newGameBody());
      await computerTurns();
    });
  });
  $("start").addEventListener("change", () => run(async () => {
    await newGame(newGameBody());
    await computerTurns();
  }));
  $("repetition").addEventListener("change", () => run(() => newGame(newGameBody())));
  $("new").addEventListener("click", () => run(async () => {
    await newGame(newGameBody());
    await computerTurns();
  }));
  $("undo").addEventListener("click", () => run(async () => {
    const plies = undoPlies();
    if (plies === 0) return;
    setGame(await api("POST", `/games/${state.game.id}/undo`, { plies }));
  }));
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
  }));
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
  $("back-to-game").addEventListener("click", () => run(() => viewPly(state.game.ply)));
  $("continue").addEventListener("click", () => {
    const later = state.game.ply - state.view.ply;
    $("confirm-text").textContent = `Continue from here? This takes back the ${later} later move${later === 1 ? "" : "s"}.`;
    $("confirm").hidden = false;
  });
  $("confirm-no").addEventListener("click", hideConfirm);
  $("confirm-yes").addEventListener("click", () => run(async () => {
    const plies = state.game.ply - state.view.ply;
    setGame(await api("POST", `/games/${state.game.id}/undo`, { plies }));
    await computerTurns();
  }));
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
    await newGame({ record });
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
      }
      throw e;
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
