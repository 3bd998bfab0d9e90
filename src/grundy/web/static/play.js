// The play page: one game against the computer, with values and hints.
//
// The server is stateless: this page keeps the game (position texts and who moves)
// and asks the API for views, moves, computer replies, values and hints.  Boards are
// SVG drawn by the server; this page only makes them clickable:
//  - grids (data has width and rows, moves are columns): click a column to preview in
//    indigo the cells that will change, then confirm;
//  - boards of cells (data.board, rows of characters; Domineering): click a cell to
//    preview in indigo the cells your move there covers, click again to confirm;
//  - shapes the SVG marks with data-spot (graph vertices, Atropos and Hex cells, heaps'
//    tokens, pieces, edges, cards, variables): click one; when several moves are made
//    there (a letter before the spot, Atropos: R1,2 B1,2; or something after it, Nim:
//    0-1 0-2), pick one;
//  - always: the legal move buttons (and the keyboard).
"use strict";

const NAME = decodeURIComponent(location.pathname.split("/").pop());
const PURPLE = "#7b3fa0", GREEN = "#3a9a5b", INDIGO = "#3949ab";
const BLIND = { [PURPLE]: "#0072b2", [GREEN]: "#e69f00", [INDIGO]: "#56b4e9" };  // Okabe-Ito
// Colour letters of move labels (Atropos: R1,2 is red at 1,2), for the choice buttons.
const LETTER_COLOURS = { R: "#d62728", B: "#1f77b4", G: "#2ca02c", Y: "#2ca02c" };

const game = {
  info: null,       // the ruleset (GET /api/rulesets/NAME)
  view: null,       // the current position (POST /api/position and friends)
  turn: "human",    // who moves now: "human" or "computer"
  side: null,       // partizan only: "L" or "R", the human's player
  history: [],      // snapshots {view, turn} before each move, for undo
  over: false,
  busy: false,
  selected: null,   // label of the move being previewed / chosen by keyboard
  picking: null,    // label of the circle whose moves (colours) are offered
  hints: null,      // label -> {value, winning}
  start: null,      // how the current game began, for "new game" (n)
  number: 0,        // counts games: an answer for an earlier game is dropped
};


// The search of each kind (analyse, hint, computer) the page is waiting for: a new one
// cancels the one before, so a page never leaves searches nobody waits for queued on
// the server (which caps each client's searches).
const pending = {};

function fresh(kind) {
  if (pending[kind]) pending[kind].abort();
  pending[kind] = new AbortController();
  return pending[kind].signal;
}

function cancelled(error) {
  return error.name === "AbortError";
}

function setStatus(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.className = kind || "";
}

function record(text) {
  const item = document.createElement("li");
  item.textContent = text;
  const list = $("history");
  list.append(item);
  list.scrollTop = list.scrollHeight;  // scroll the record, not the page
}

function request(extra) {
  return { ruleset: NAME, position: game.view.position, player: game.view.player, ...extra };
}

function seconds() {
  const value = parseFloat($("seconds").value);
  return value > 0 ? value : undefined;
}

function gridOf(data) {
  // The rows of characters a grid position is drawn from, if any (Chomp's rows are
  // row lengths, not characters: no grid of cells).
  if (!data) return null;
  const rows = Array.isArray(data.rows) ? data.rows : data.board;
  return Array.isArray(rows) && rows.every((row) => typeof row === "string") ? rows : null;
}

function boardKind(view) {
  // "columns" when every move is a column of the grid the data describes; "spots" when
  // the SVG marks where moves are made (data-spot); "cells" when the position is a
  // board of cells and each move changes some of them.
  const data = view.data || {};
  const columns = typeof data.width === "number" && Array.isArray(data.rows) &&
    view.moves.every((m) => /^\d+$/.test(m.label) && +m.label < data.width);
  if (columns) return "columns";
  if (view.svg.includes("data-spot=")) return "spots";
  if (gridOf(data) && view.moves.length && view.moves.every((m) => gridOf(m.data))) return "cells";
  return "spots";
}

// -- drawing ----------------------------------------------------------------------

function cellsOf(svg) {
  // The grid's cells carry data-row and data-col (drawn so by the server).
  return [...svg.querySelectorAll("rect[data-row]")].map((rect) => ({
    rect, row: +rect.dataset.row, column: +rect.dataset.col,
  }));
}

function moveAtCell(row, column) {
  // The move a click on a cell means: the one whose first covered cell it is, else any
  // move covering it (Domineering: Left's domino below the cell, Right's to its right).
  const key = row + "," + column;
  const covering = game.view.moves.filter((m) => changedCells(m.label).has(key));
  const first = covering.find((m) => [...changedCells(m.label)][0] === key);
  return (first || covering[0] || {}).label;
}

function spotsOf(svg) {
  // Clickable shapes (circles, cells, heaps' tokens, edges...) carry data-spot, and so
  // may their labels: pair them by that id, never by coordinates (which the SVG rounds
  // differently).  Text never takes a click from the shape under it.
  for (const label of svg.querySelectorAll("text")) {
    label.setAttribute("pointer-events", "none");
  }
  return [...svg.querySelectorAll("[data-spot]:not(text)")].map(
    (circle) => ({ circle, label: circle.dataset.spot }));
}

// What may follow a spot in the label of a move made there (Nim: heap 0 -> 0-3;
// octal games 0:1>2; Dictator 1.2=B; Clobber 0,0-0,1; Amazons 0,0-1,1@2,2).
const AFTER_SPOT = /^[-:=>@,]/;

function movesAt(spot) {
  // The moves played at a spot: its label itself, a letter (a colour) before it, or
  // the spot followed by a separator and what else the move says.
  return game.view.moves.filter((m) => m.label === spot ||
    (m.label.endsWith(spot) && /^[A-Za-z]+$/.test(m.label.slice(0, -spot.length))) ||
    (m.label.startsWith(spot) && AFTER_SPOT.test(m.label.slice(spot.length))));
}

function choiceText(move, spot) {
  // The part of a move's label that tells it apart from the other moves at its spot.
  if (move.label.startsWith(spot)) return move.label.slice(spot.length).replace(AFTER_SPOT, "");
  return move.label.slice(0, move.label.length - spot.length);
}

function recolour(svg) {
  for (const node of svg.querySelectorAll("[fill]")) {
    const fill = node.getAttribute("fill");
    node.dataset.fill = fill;
    if (document.body.classList.contains("colour-blind") && BLIND[fill]) {
      node.setAttribute("fill", BLIND[fill]);
    }
  }
}

function letter(svg, rect, text) {
  const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
  const x = +rect.getAttribute("x") + +rect.getAttribute("width") / 2;
  const y = +rect.getAttribute("y") + +rect.getAttribute("height") / 2;
  Object.entries({ x, y, "font-size": 12, fill: "#fff", "text-anchor": "middle",
    "dominant-baseline": "central", "pointer-events": "none" })
    .forEach(([key, value]) => label.setAttribute(key, value));
  label.textContent = text;
  svg.append(label);
}

function fillFor(colour) {
  return document.body.classList.contains("colour-blind") ? BLIND[colour] : colour;
}

function drawBoard() {
  const board = $("board");
  board.innerHTML = game.view.svg;  // drawn by the server from a parsed position
  const svg = board.querySelector("svg");
  recolour(svg);
  const kind = boardKind(game.view);
  const legal = new Set(game.view.moves.map((move) => move.label));
  const blind = document.body.classList.contains("colour-blind");
  if (kind === "columns") {
    for (const { rect, column } of cellsOf(svg)) {
      if (blind) letter(svg, rect, rect.dataset.fill === PURPLE ? "P" : "G");
      if (legal.has(String(column))) {
        rect.classList.add("clickable");
        rect.dataset.move = String(column);
        rect.addEventListener("click", () => choose(String(column)));
      }
    }
  } else if (kind === "cells") {
    for (const { rect, row, column } of cellsOf(svg)) {
      const label = moveAtCell(row, column);
      if (label === undefined) continue;
      rect.classList.add("clickable");
      rect.dataset.move = label;
      rect.addEventListener("click", () => choose(label));
    }
  } else {
    for (const { circle, label } of spotsOf(svg)) {
      const here = movesAt(label);
      if (!here.length) continue;
      circle.classList.add("clickable");
      circle.dataset.spot = label;
      circle.addEventListener("click", () => {
        if (here.length === 1 && here[0].label === label) choose(label);
        else pickAt(label);
      });
    }
  }
  markHints(svg, kind);
  if (game.selected !== null) preview(svg, kind);
}

function changedCells(label) {
  // Cells whose contents differ between now and after the move: the ones that turn purple.
  const move = game.view.moves.find((m) => m.label === label);
  const before = gridOf(game.view.data), after = gridOf(move.data);
  const changed = new Set();
  before.forEach((row, i) => [...row].forEach((cell, j) => {
    if (after[i] !== undefined && after[i][j] !== cell) changed.add(i + "," + j);
  }));
  return changed;
}

function preview(svg, kind) {
  const label = game.selected;
  if (kind === "columns" || kind === "cells") {
    const changed = changedCells(label);
    for (const { rect, row, column } of cellsOf(svg)) {
      if (changed.has(row + "," + column)) {
        rect.setAttribute("fill", fillFor(INDIGO));
        rect.classList.add("preview");
      }
    }
    const cells = `${changed.size} indigo cell${changed.size === 1 ? "" : "s"}`;
    $("preview-text").textContent = kind === "columns"
      ? `Column ${label}: the ${cells} will turn purple.`
      : `Move ${label}: your piece covers the ${cells} (click again or Enter to play).`;
  } else {
    for (const { circle, label: spot } of spotsOf(svg)) {
      if (movesAt(spot).some((m) => m.label === label)) {
        circle.setAttribute("stroke", fillFor(INDIGO));
        circle.setAttribute("stroke-width", "5");
      }
    }
    $("preview-text").textContent = `Move ${label}.`;
  }
  $("confirm-bar").hidden = false;
}

function markHints(svg, kind) {
  if (!game.hints) return;
  for (const [label, hint] of Object.entries(game.hints)) {
    if (!hint.winning) continue;
    if (kind === "columns") {
      const cells = cellsOf(svg).filter(({ column }) => String(column) === label).map((c) => c.rect);
      if (!cells.length) continue;
      const top = Math.min(...cells.map((r) => +r.getAttribute("y")));
      const bottom = Math.max(...cells.map((r) => +r.getAttribute("y") + +r.getAttribute("height")));
      const frame = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      Object.entries({ x: cells[0].getAttribute("x"), y: top, width: cells[0].getAttribute("width"),
        height: bottom - top, fill: "none", stroke: "#1b7f3b", "stroke-width": 4,
        "stroke-dasharray": "6 3", "pointer-events": "none", class: "winning" })
        .forEach(([key, value]) => frame.setAttribute(key, value));
      svg.append(frame);
    } else if (kind === "cells") {
      const changed = changedCells(label);
      for (const { rect, row, column } of cellsOf(svg)) {
        if (!changed.has(row + "," + column)) continue;
        rect.setAttribute("stroke", "#1b7f3b");
        rect.setAttribute("stroke-width", "4");
        rect.classList.add("winning");
      }
    } else {
      for (const { circle, label: spot } of spotsOf(svg)) {
        if (!movesAt(spot).some((m) => m.label === label)) continue;
        circle.setAttribute("stroke", "#1b7f3b");
        circle.setAttribute("stroke-width", "4");
        circle.classList.add("winning");
      }
    }
  }
}

function drawMoves() {
  const box = $("moves");
  box.replaceChildren();
  const playable = !game.over && game.turn === "human" && !game.busy;
  for (const move of game.view.moves) {
    const button = document.createElement("button");
    button.textContent = move.label;
    button.dataset.move = move.label;
    button.disabled = !playable;
    const hint = game.hints && game.hints[move.label];
    if (hint) {
      const value = document.createElement("small");
      value.textContent = "→ " + hint.value;
      button.append(value);
      if (hint.winning) button.classList.add("winning");
    }
    if (move.label === game.selected) button.classList.add("selected");
    button.addEventListener("click", () => choose(move.label));
    box.append(button);
  }
  if (!game.view.moves.length) box.textContent = "none";
  $("undo").disabled = game.busy || !game.history.some((s) => s.turn === "human");
  $("resign").disabled = game.busy || game.over;
  $("hint").disabled = game.busy || game.over;
}

function publish() {
  // Who may act now, for people (the status line) and for scripts: human, computer,
  // busy or over.
  document.body.dataset.state = game.over ? "over" : game.busy ? "busy" : game.turn;
}

function render() {
  publish();
  $("choices").replaceChildren();
  $("confirm").hidden = false;
  drawBoard();
  drawMoves();
  if (game.picking !== null) drawChoices();
  else if (game.selected === null) hideConfirm();
}

function hideConfirm() {
  // No move is being previewed or chosen: no bar, and no stale text in it.
  $("confirm-bar").hidden = true;
  $("preview-text").textContent = "";
}

function drawChoices() {
  // The moves at one circle, by their letter: clicking one plays it.
  const spot = game.picking;
  $("preview-text").textContent = `At ${spot}: choose`;
  $("confirm").hidden = true;
  for (const move of movesAt(spot)) {
    const letter = choiceText(move, spot);
    const button = document.createElement("button");
    button.textContent = letter;
    button.dataset.move = move.label;
    button.title = move.label;
    if (LETTER_COLOURS[letter]) {
      button.style.background = LETTER_COLOURS[letter];
      button.style.color = "#fff";
    }
    button.addEventListener("click", () => play(move.label));
    $("choices").append(button);
  }
  $("confirm-bar").hidden = false;
}

function pickAt(spot) {
  if (game.over || game.busy || game.turn !== "human") return;
  game.picking = spot;
  game.selected = null;
  render();
}

// -- analysis -----------------------------------------------------------------------

async function analyse() {
  const shown = game.view.position;
  if (!$("show-value").checked) {
    $("value").textContent = ""; $("outcome").textContent = "";
    return;
  }
  $("value").textContent = "…";
  try {
    const result = await api("/api/analyse", request({ max_seconds: seconds() }),
      fresh("analyse"));
    if (game.view.position !== shown) return;  // the game moved on meanwhile
    $("value").textContent = result.solved ? result.value : "?";
    $("outcome").textContent = result.solved
      ? `${result.outcome}: ${result.description}` : result.message;
  } catch (error) {
    if (cancelled(error) || game.view.position !== shown) return;
    $("value").textContent = "";
    $("outcome").textContent = error.message;
  }
}

async function hint() {
  if (game.busy || game.over) return;
  $("hint-result").textContent = "Looking for winning moves…";
  try {
    const result = await api("/api/hint", request({ max_seconds: seconds() }), fresh("hint"));
    if (!result.solved) { $("hint-result").textContent = result.message; return; }
    game.hints = Object.fromEntries(result.moves.map((m) => [m.label, m]));
    const winning = result.moves.filter((m) => m.winning).map((m) => m.label);
    // Positions that repeat: a move may keep a draw (infinite play) instead.
    const drawing = result.moves.filter((m) => m.drawing).map((m) => m.label);
    $("hint-result").textContent = winning.length
      ? `Winning moves: ${winning.join(", ")}.`
      : drawing.length
        ? `No winning move; these keep the draw (infinite play): ${drawing.join(", ")}.`
        : "No winning move: every move loses against perfect play.";
    render();
  } catch (error) {
    if (!cancelled(error)) $("hint-result").textContent = error.message;
  }
}

async function reduce(reduction) {
  const out = $("reduced");
  out.textContent = "Mapping…";
  try {
    const result = await api("/api/reduce", {
      reduction: reduction.name, position: game.view.position, max_seconds: seconds() });
    const valueOf = (side) => side.solved ? side.value : side.message;
    const table = document.createElement("table");
    for (const [what, side] of [["this position", result.source], [reduction.target, result.target]]) {
      const row = table.insertRow();
      row.insertCell().textContent = what;
      row.insertCell().textContent = valueOf(side);
    }
    const link = document.createElement("a");
    link.href = `/play/${encodeURIComponent(result.target.ruleset)}?position=${encodeURIComponent(result.target.position)}`;
    link.textContent = `play the image in ${result.target.ruleset}`;
    $("lattice-link").href = `/lattice?reduction=${encodeURIComponent(reduction.name)}&position=${encodeURIComponent(game.view.position)}`;
    const text = document.createElement("code");
    text.textContent = result.target.position;
    const picture = document.createElement("div");
    picture.className = "thumb";
    if (result.target.svg) picture.innerHTML = result.target.svg;  // drawn by the server
    out.replaceChildren(`${result.reduction} (${result.kind}):`, table, text, picture, link);
  } catch (error) {
    out.textContent = error.message;
  }
}

// -- playing ------------------------------------------------------------------------

function whoMoves(view) {
  if (view.player === null) return game.turn;
  return view.player === game.side ? "human" : "computer";
}

function show(view) {
  game.view = view;
  game.selected = null;
  game.picking = null;
  game.hints = null;
  if (pending.hint) pending.hint.abort();  // hints for the position before are no use
  $("hint-result").textContent = "";
  game.turn = whoMoves(view);
  if (view.moves.length === 0) {
    game.over = true;
    if (game.turn === "human") setStatus("You cannot move: the computer wins.", "lose");
    else setStatus("The computer cannot move: you win!", "win");
  } else if (!game.over) {
    setStatus(game.turn === "human" ? "Your move." : "The computer is thinking…");
  }
  render();
  analyse();
}

async function newGame(start) {
  game.number += 1;
  for (const search of Object.values(pending)) search.abort();
  game.start = start;
  game.history = [];
  game.over = false;
  $("history").replaceChildren();
  const first = $("first").value;
  game.side = game.info.impartial ? null : $("side").value;
  const other = game.side === "L" ? "R" : "L";
  const player = game.info.impartial ? null : (first === "human" ? game.side : other);
  game.turn = first;
  game.busy = true;
  publish();
  try {
    let view = start.random
      ? await api("/api/random", { ruleset: NAME, size: start.size, seed: start.seed, player })
      : await api("/api/position", { ruleset: NAME, position: start.text, player });
    if (player !== null && view.terminal) {
      // Partizan positions where only one player can move (TQBF: White sets x1 first)
      // start with that player rather than end before the first move.
      const turned = await api("/api/position",
        { ruleset: NAME, position: view.position, player: player === "L" ? "R" : "L" });
      if (!turned.terminal) view = turned;
    }
    game.busy = false;
    record(`start ${view.position}`);
    $("paste").value = view.position;
    show(view);
    if (game.turn === "computer" && !game.over) await computerMove();
  } catch (error) {
    game.busy = false;
    publish();
    setStatus(error.message, "lose");
  }
}

function choose(label) {
  if (game.over || game.busy || game.turn !== "human") return;
  if (boardKind(game.view) !== "spots" && game.selected !== label) {
    game.selected = label;  // first click previews, the second confirms
    game.picking = null;
    render();
    return;
  }
  play(label);
}

async function play(label) {
  const number = game.number;
  game.busy = true;
  publish();
  try {
    const view = await api("/api/play", request({ move: label }));
    if (number !== game.number) return;  // a new game began meanwhile
    game.history.push({ view: game.view, turn: game.turn });
    record(`you: ${label}`);
    game.turn = "computer";
    game.busy = false;
    show(view);
    if (!game.over) await computerMove();
  } catch (error) {
    game.busy = false;
    publish();
    setStatus(error.message, "lose");
  }
}

async function computerMove() {
  const number = game.number;
  game.busy = true;
  render();
  try {
    const reply = await api("/api/computer", request({
      level: $("level").value, seed: Math.floor(Math.random() * 2 ** 31), max_seconds: seconds(),
    }), fresh("computer"));
    if (game.over || number !== game.number) return;  // resigned or a new game meanwhile
    game.history.push({ view: game.view, turn: game.turn });
    record(`computer: ${reply.move} (${reply.note})`);
    game.turn = "human";
    game.busy = false;
    show(reply.view);
    if (!game.over) setStatus(`The computer played ${reply.move}. Your move.`);
  } catch (error) {
    if (number === game.number) setStatus(error.message, "lose");
  } finally {
    if (number === game.number) {
      game.busy = false;
      publish();
      drawMoves();
    }
  }
}

function undo() {
  if (game.busy) return;
  let snapshot;
  do { snapshot = game.history.pop(); } while (snapshot && snapshot.turn !== "human");
  if (!snapshot) return;
  game.over = false;
  game.turn = "human";
  record(`undo to ${snapshot.view.position}`);
  show(snapshot.view);
}

function resign() {
  if (game.over || game.busy) return;
  game.over = true;
  record("you resigned");
  setStatus("You resigned: the computer wins.", "lose");
  render();
}

function step(direction) {
  const labels = game.view.moves.map((m) => m.label);
  if (!labels.length || game.over || game.turn !== "human") return;
  const at = labels.indexOf(game.selected);
  game.selected = labels[(at + direction + labels.length) % labels.length];
  game.picking = null;
  render();
}

function onKey(event) {
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName);
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const actions = {
    ArrowRight: () => step(1), ArrowDown: () => step(1),
    ArrowLeft: () => step(-1), ArrowUp: () => step(-1),
    Enter: () => { if (game.selected !== null) play(game.selected); },
    Escape: () => { game.selected = null; game.picking = null; render(); },
    h: hint, u: undo, n: () => newGame(game.start),
    c: () => { $("colour-blind").click(); },
  };
  const action = actions[event.key];
  if (action) { event.preventDefault(); action(); }
}

// -- set-up -------------------------------------------------------------------------

async function setUp() {
  try {
    game.info = await api("/api/rulesets/" + encodeURIComponent(NAME));
  } catch (error) {
    setStatus(error.message, "lose");
    return;
  }
  const info = game.info;
  document.title = `grundy workbench: ${info.name}`;
  $("title").textContent = info.name;
  $("kind").textContent = info.impartial ? "impartial" : "partizan";
  $("citation").title = info.reference;
  if (info.link) {
    const link = document.createElement("a");
    Object.assign(link, { href: info.link, rel: "noopener", textContent: info.citation });
    $("citation").append(link);
  } else {
    $("citation").textContent = info.citation;
  }
  $("format").textContent = "Format: " + info.format;
  $("side-label").hidden = info.impartial;
  for (const example of info.examples) $("example").append(new Option(example, example));
  for (const level of info.levels) $("level").append(new Option(level, level));
  if (info.levels.includes("perfect")) $("level").value = "perfect";
  const reductions = await api("/api/reductions/" + encodeURIComponent(NAME));
  for (const reduction of reductions) {
    const button = document.createElement("button");
    button.textContent = `→ ${reduction.target}`;
    button.title = `${reduction.name}: ${reduction.kind}; ${reduction.summary} (${reduction.citation})`;
    button.dataset.reduction = reduction.name;
    button.addEventListener("click", () => reduce(reduction));
    $("reductions").append(button);
  }
  if (!reductions.length) $("reductions").textContent = "No reduction from this ruleset is registered yet.";

  $("start-example").addEventListener("click", () => newGame({ text: $("example").value }));
  $("start-random").addEventListener("click", () =>
    newGame({ random: true, size: parseInt($("size").value, 10) || 6, seed: Math.floor(Math.random() * 2 ** 31) }));
  $("start-paste").addEventListener("click", () => newGame({ text: $("paste").value }));
  $("paste").addEventListener("keydown", (e) => { if (e.key === "Enter") newGame({ text: $("paste").value }); });
  $("move-input").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const label = event.target.value.trim();
    event.target.value = "";
    if (label && game.turn === "human" && !game.over && !game.busy) play(label);
  });
  $("confirm").addEventListener("click", () => { if (game.selected !== null) play(game.selected); });
  $("cancel").addEventListener("click", () => { game.selected = null; game.picking = null; render(); });
  $("undo").addEventListener("click", undo);
  $("resign").addEventListener("click", resign);
  $("hint").addEventListener("click", hint);
  $("show-value").addEventListener("change", analyse);
  $("colour-blind").addEventListener("change", (event) => {
    document.body.classList.toggle("colour-blind", event.target.checked);
    if (game.view) render();
  });
  document.addEventListener("keydown", onKey);
  const start = new URLSearchParams(location.search).get("position");
  await newGame({ text: start !== null ? start : (info.examples[0] || "") });
}

setUp();
