// The hexvar board: one page for every variant, driven by the JSON API under /api.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  variants: [],   // [{name, title, starts: [{name, position}]}]
  game: null,     // the API's game view
  selected: null, // the cell whose man is selected
  flipped: false,
  busy: false,
};

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

// Runs one request at a time; shows its error, if any.
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

function variant(name) {
  return state.variants.find((v) => v.name === name);
}

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
}

function setGame(game) {
  state.game = game;
  state.selected = null;
  clearError();
  hideChoices();
  if ($("variant").value !== game.variant) {
    $("variant").value = game.variant;
    fillStarts(game.variant);
  }
  showStart(game);
  const url = new URL(window.location.href);
  url.search = "";
  url.searchParams.set("variant", game.variant);
  url.searchParams.set("position", game.position);
  window.history.replaceState(null, "", url.toString());
  render();
}

async function newGame(body) {
  setGame(await api("POST", "/games", body));
}

async function play(notation) {
  const game = await api("POST", `/games/${state.game.id}/move`, { move: notation });
  setGame(game);
  if ($("auto").checked && !game.outcome && game.moves.length > 0) {
    renderStatus("The opponent is thinking…");
    setGame(await api("POST", `/games/${state.game.id}/opponent`));
  }
}

// ---- the board ----

function render() {
  renderBoard();
  renderStatus();
  renderSide();
}

function cellPolygons() {
  return $("board").querySelectorAll("polygon[data-cell]");
}

function renderBoard() {
  const board = $("board");
  board.innerHTML = state.game.svg;
  const svg = board.querySelector("svg");
  if (!svg) return;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  if (state.flipped) flip(svg);
  mark();
}

// Turns the picture half a turn around its centre, keeping the letters upright.
function flip(svg) {
  const box = svg.viewBox.baseVal;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const group = document.createElementNS("http://www.w3.org/2000/svg", "g");
  group.setAttribute("transform", `rotate(180 ${cx} ${cy})`);
  for (const child of Array.from(svg.childNodes)) {
    if (child.nodeName === "rect" && child.getAttribute("width") === "100%") continue;
    group.appendChild(child);
  }
  svg.appendChild(group);
  for (const text of group.querySelectorAll("text")) {
    const b = text.getBBox();
    text.setAttribute("transform", `rotate(180 ${b.x + b.width / 2} ${b.y + b.height / 2})`);
  }
}

// Sets the cells' classes: men that can move, the selection and its destinations, the last move.
function mark() {
  const game = state.game;
  const from = new Set(game.moves.filter((m) => m.from !== null).map((m) => m.from));
  const dests = new Set(
    state.selected === null ? [] : game.moves.filter((m) => m.from === state.selected).map((m) => m.to)
  );
  const last = game.last_move ? [game.last_move.from, game.last_move.to] : [];
  const checked = new Set(game.checked);
  for (const polygon of cellPolygons()) {
    const cell = polygon.dataset.cell;
    polygon.classList.toggle("movable", from.has(cell));
    polygon.classList.toggle("selected", cell === state.selected);
    polygon.classList.toggle("dest", dests.has(cell));
    polygon.classList.toggle("last", last.includes(cell));
    polygon.classList.toggle("check", checked.has(cell));
    polygon.classList.remove("choice");
  }
}

function renderStatus(note) {
  const status = $("status");
  const game = state.game;
  if (!game) return;
  status.classList.toggle("over", !!game.outcome);
  status.dataset.turn = game.turn;
  status.dataset.outcome = game.outcome ? game.outcome.text : "";
  if (note) {
    status.textContent = note;
  } else if (game.outcome) {
    status.textContent = `Game over: ${game.outcome.text}`;
  } else {
    status.textContent = `${game.turn} to move${game.check ? " — check!" : ""}`;
  }
  const over = !!game.outcome;
  $("opponent").disabled = over || state.busy;
  $("undo").disabled = game.history.length === 0 || state.busy;
}

function renderSide() {
  const game = state.game;
  const history = $("history");
  history.innerHTML = "";
  game.history.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = m.notation;
    if (i === game.history.length - 1) li.className = "last";
    history.appendChild(li);
  });
  history.scrollTop = history.scrollHeight;

  const drops = game.moves.filter((m) => m.from === null);
  $("drops-section").hidden = drops.length === 0;
  const box = $("drops");
  box.innerHTML = "";
  for (const m of drops) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = m.notation;
    button.dataset.notation = m.notation;
    button.addEventListener("click", () => run(() => play(m.notation)));
    box.appendChild(button);
  }

  // Fields of the form key=value in the position text (Kirby's teams, dead armies, …).
  const fields = $("fields");
  fields.innerHTML = "";
  for (const token of game.position.split(/\s+/)) {
    const eq = token.indexOf("=");
    if (eq <= 0) continue;
    const dt = document.createElement("dt");
    dt.textContent = token.slice(0, eq);
    const dd = document.createElement("dd");
    dd.textContent = token.slice(eq + 1);
    fields.append(dt, dd);
  }
  $("position-text").value = game.position;
}

function showChoices(moves) {
  const box = $("choice-buttons");
  box.innerHTML = "";
  for (const m of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = m.notation;
    button.dataset.notation = m.notation;
    button.addEventListener("click", () => {
      hideChoices();
      run(() => play(m.notation));
    });
    box.appendChild(button);
  }
  for (const polygon of cellPolygons()) {
    polygon.classList.toggle("choice", polygon.dataset.cell === moves[0].to);
  }
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
  if (game.outcome) {
    showError(`The game is over: ${game.outcome.text}`);
    return;
  }
  const movesFrom = (c) => game.moves.filter((m) => m.from === c);
  if (state.selected !== null) {
    const from = state.selected;
    if (cell === from) {
      state.selected = null;
      mark();
      return;
    }
    const candidates = movesFrom(from).filter((m) => m.to === cell);
    if (candidates.length > 0) {
      offer(candidates);
      return;
    }
    if (movesFrom(cell).length > 0) {
      state.selected = cell;
      mark();
      return;
    }
    state.selected = null;
    mark();
    showError(`Illegal move: the man on ${from} cannot go to ${cell}`);
    return;
  }
  if (movesFrom(cell).length > 0) {
    state.selected = cell;
    mark();
    return;
  }
  const drops = game.moves.filter((m) => m.from === null && m.to === cell);
  if (drops.length > 0) {
    offer(drops);
    return;
  }
  showError(`No legal move from ${cell}`);
}

// ---- controls ----

function wire() {
  $("board").addEventListener("click", (event) => {
    const polygon = event.target.closest("polygon[data-cell]");
    if (polygon) onCellClick(polygon.dataset.cell);
  });
  $("variant").addEventListener("change", () => {
    fillStarts($("variant").value);
    run(() => newGame({ variant: $("variant").value }));
  });
  $("start").addEventListener("change", () =>
    run(() => newGame({ variant: $("variant").value, start: $("start").value || undefined }))
  );
  $("new").addEventListener("click", () =>
    run(() => newGame({ variant: $("variant").value, start: $("start").value || undefined }))
  );
  $("undo").addEventListener("click", () =>
    run(async () => setGame(await api("POST", `/games/${state.game.id}/undo`)))
  );
  $("flip").addEventListener("click", () => {
    state.flipped = !state.flipped;
    renderBoard();
  });
  $("opponent").addEventListener("click", () =>
    run(async () => {
      renderStatus("The opponent is thinking…");
      setGame(await api("POST", `/games/${state.game.id}/opponent`));
    })
  );
  $("load").addEventListener("click", () =>
    run(() => newGame({ variant: $("variant").value, position: $("position-text").value }))
  );
  $("copy").addEventListener("click", () => copy(state.game.position));
  $("link").addEventListener("click", () => copy(window.location.href));
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
    mark();
  });
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const area = $("position-text");
    area.value = text;
    area.select();
    document.execCommand("copy");
  }
}

async function start() {
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
    const params = new URLSearchParams(window.location.search);
    const name = params.get("variant") || state.variants[0].name;
    if (!variant(name)) {
      select.value = state.variants[0].name;
      fillStarts(select.value);
      await newGame({ variant: select.value });
      throw new Error(`Unknown variant ${name}`);
    }
    select.value = name;
    fillStarts(name, params.get("start"));
    const body = { variant: name };
    if (params.get("position")) body.position = params.get("position");
    else if (params.get("start")) body.start = params.get("start");
    try {
      await newGame(body);
    } catch (e) {
      await newGame({ variant: name });
      throw e;
    }
  });
  document.body.dataset.ready = "true";
}

start();
