// The values calculator: CGSuite notation in, value, stops and a thermograph out.
// The server parses the text (never evaluated here) and draws the thermograph as SVG.
"use strict";

function setUpCalculator() {
  const form = document.getElementById("calc-form");
  if (!form) return;
  const out = document.getElementById("calc-result");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const expression = document.getElementById("calc-input").value;
    out.textContent = "Computing…";
    try {
      const data = await api("/api/calc", { expression });
      const table = document.createElement("table");
      const rows = [
        ["value", data.value], ["outcome", `${data.outcome}: ${data.outcome_description}`],
        ["mean", data.mean], ["temperature", data.temperature],
        ["stops (L, R)", `${data.left_stop}, ${data.right_stop}`],
        ["left wall", data.thermograph.left_wall.map((p) => `(${p[0]}, ${p[1]})`).join(" ")],
        ["right wall", data.thermograph.right_wall.map((p) => `(${p[0]}, ${p[1]})`).join(" ")],
      ];
      for (const [what, value] of rows) {
        const row = table.insertRow();
        row.insertCell().textContent = what;
        row.insertCell().textContent = value;
      }
      const picture = document.createElement("div");
      picture.className = "thermograph";
      picture.innerHTML = data.svg;  // drawn by the server from parsed numbers
      out.replaceChildren(table, picture);
    } catch (error) {
      out.textContent = error.message;
    }
  });
}

setUpCalculator();
