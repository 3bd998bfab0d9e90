// The lattice page: the registered reductions drawn as a lattice, each one clickable;
// a chosen reduction maps a source position (POST /api/reduce) and shows both values.
"use strict";

const state = { reduction: null };


function choose(reduction, position) {
  state.reduction = reduction;
  for (const button of document.querySelectorAll("#lattice-list button")) {
    button.classList.toggle("selected", button.dataset.reduction === reduction.name);
  }
  $("map-name").textContent = `${reduction.name} (${reduction.kind}): ${reduction.summary}`;
  $("map-position").value = position !== undefined ? position : reduction.example;
  $("map-position").placeholder = `a ${reduction.source} position`;
  $("map-go").disabled = false;
  $("lattice-result").textContent = "";
}

async function map(event) {
  if (event) event.preventDefault();
  const reduction = state.reduction;
  if (!reduction) return;
  const out = $("lattice-result");
  out.textContent = "Mapping…";
  try {
    const result = await api("/api/reduce", { reduction: reduction.name, position: $("map-position").value });
    const valueOf = (side) => side.solved ? side.value : side.message;
    const table = document.createElement("table");
    for (const [what, side] of [[reduction.source, result.source], [reduction.target, result.target]]) {
      const row = table.insertRow();
      row.insertCell().textContent = what;
      row.insertCell().textContent = valueOf(side);
    }
    const text = document.createElement("code");
    text.textContent = result.target.position;
    const picture = document.createElement("div");
    picture.className = "thumb";
    if (result.target.svg) picture.innerHTML = result.target.svg;  // drawn by the server
    const links = document.createElement("div");
    links.className = "row";
    for (const [ruleset, position] of [[reduction.source, $("map-position").value],
                                       [result.target.ruleset, result.target.position]]) {
      const link = document.createElement("a");
      link.href = `/play/${encodeURIComponent(ruleset)}?position=${encodeURIComponent(position)}`;
      link.textContent = `play in ${ruleset}`;
      links.append(link);
    }
    out.replaceChildren(`${result.reduction} (${result.kind}):`, table, text, picture, links);
  } catch (error) {
    out.textContent = error.message;
  }
}

async function setUp() {
  let data;
  try {
    data = await api("/api/lattice");
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  $("lattice").innerHTML = data.svg;  // drawn by the server from the registry
  for (const reduction of data.reductions) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.textContent = `${reduction.source} → ${reduction.target}`;
    button.title = `${reduction.kind}; ${reduction.summary} (${reduction.citation})`;
    button.dataset.reduction = reduction.name;
    button.addEventListener("click", () => choose(reduction));
    item.append(button, " ", Object.assign(document.createElement("span"),
      { className: "note", textContent: reduction.kind }));
    $("lattice-list").append(item);
  }
  $("map-form").addEventListener("submit", map);
  const params = new URLSearchParams(location.search);
  const wanted = data.reductions.find((r) => r.name === params.get("reduction"));
  if (wanted) {
    choose(wanted, params.get("position") ?? undefined);
    if (params.has("position")) await map();  // arrived from a play page: map at once
  }
}

setUp();
