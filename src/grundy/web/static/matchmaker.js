// The Stubborn Matchmaker applet (Burke 2009, §6.2, Figure 6.5): two players take turns
// at one screen on a board of the chosen size; the settings lock at the first match and
// unlock when the winning match is made or a player presses "I Give Up!".  The server
// (POST /api/position, /api/play on "stubborn-matchmaker") decides what is legal.
"use strict";

const RULESET = "stubborn-matchmaker";
const SIZES = [2, 3, 4, 5, 6, 7, 8, 9, 10];
const SVG = "http://www.w3.org/2000/svg";
const game = { view: null, mover: 1, moved: false, over: false, west: null };

function setState(state) { document.body.dataset.state = state; }

function lockSettings() {
  // Locked from the first match until the game ends (L1467).
  const running = game.moved && !game.over;
  $("settings").disabled = running;
  $("give-up").disabled = game.over;
  $("lock-note").classList.toggle("locked", running);
}

function legal() { return game.over ? [] : game.view.moves.map((move) => move.label); }

function shape(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function drawBoard() {
  const { n, pairs } = game.view.data;
  const gap = 36, left = 60, right = 260;
  const svg = shape("svg", { viewBox: `0 0 ${right + left} ${gap * (n + 1)}`, role: "img",
    "aria-label": `board ${game.view.position}` });
  for (const [w, e] of pairs) {
    svg.append(shape("line", { x1: left, y1: gap * w, x2: right, y2: gap * e,
      stroke: "#3f51b5", "stroke-width": 3 }));
  }
  const moves = legal();
  for (let k = 1; k <= n; k++) {
    for (const [side, x] of [["w", left], ["e", right]]) {
      const usable = side === "w" ? moves.some((m) => m.startsWith(`${k}-`))
        : game.west !== null && moves.includes(`${game.west}-${k}`);
      const chosen = side === "w" && game.west === k;
      const circle = shape("circle", { cx: x, cy: gap * k, r: 11, "data-side": side,
        "data-rank": k, fill: chosen ? "#4b0082" : usable ? "#e8eaf6" : "#fff",
        stroke: usable ? "#3f51b5" : "#999", "stroke-width": usable ? 3 : 1 });
      if (usable) {
        circle.classList.add("clickable");
        circle.addEventListener("click", () => pick(side, k));
      }
      const label = shape("text", { x: x + (side === "w" ? -34 : 20), y: gap * k + 5,
        "font-size": 13 });
      label.textContent = `${side}${k}`;
      svg.append(circle, label);
    }
  }
  $("board").replaceChildren(svg);
}

function render() {
  drawBoard();
  const buttons = legal().map((label) => {
    const button = document.createElement("button");
    button.textContent = label;
    button.dataset.move = label;
    button.addEventListener("click", () => play(label));
    return button;
  });
  $("moves").replaceChildren(...buttons);
  if (!game.over) {
    const choice = game.west === null ? "click a West candidate" :
      `w${game.west} chosen: click an East candidate (or another West one)`;
    $("status").textContent = `Player ${game.mover} to move: ${choice}`;
    $("status").className = "";
  }
  lockSettings();
  setState(game.over ? "over" : "playing");
}

function finish(message) {
  game.over = true;
  game.west = null;
  render();
  $("status").textContent = message;
  $("status").className = "win";
}

async function newGame() {
  setState("loading");
  const size = Number($("size").value);
  game.view = await api("/api/position", { ruleset: RULESET, position: `${size}:` });
  Object.assign(game, { mover: 1, moved: false, over: false, west: null });
  $("history").replaceChildren();
  render();
}

function pick(side, rank) {
  if (side === "w") {
    game.west = rank;
    render();
  } else {
    play(`${game.west}-${rank}`);
  }
}

async function play(label) {
  setState("loading");
  game.view = await api("/api/play", { ruleset: RULESET, position: game.view.position,
    move: label });
  const item = document.createElement("li");
  item.textContent = `Player ${game.mover}: w${label.replace("-", " – e")}`;
  $("history").append(item);
  $("history").scrollTop = $("history").scrollHeight;  // the last match in view
  game.moved = true;
  game.west = null;
  if (game.view.terminal) {
    finish(`Player ${game.mover} wins: that was the last legal match.`);
    return;
  }
  game.mover = 3 - game.mover;
  render();
}

function giveUp() {
  const winner = 3 - game.mover;
  finish(`Player ${game.mover} gives up: Player ${winner} wins.`);
}

function start() {
  for (const size of SIZES) {
    const option = document.createElement("option");
    option.value = option.textContent = String(size);
    option.selected = size === 5;
    $("size").append(option);
  }
  $("size").addEventListener("change", () => { if (!$("settings").disabled) newGame(); });
  $("new-game").addEventListener("click", newGame);
  $("give-up").addEventListener("click", giveUp);
  newGame().catch((error) => { $("status").textContent = error.message; });
}

start();
