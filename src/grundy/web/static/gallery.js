// The gallery: one card per registered ruleset, grouped by family (the package it
// lives in), with a search box; built from GET /api/rulesets.
"use strict";

function element(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function familyTitle(family) {
  const words = family.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function filter() {
  // Show the cards whose text holds every word typed; hide families left empty.
  const words = $("search").value.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const card of document.querySelectorAll(".card")) {
    const match = words.every((word) => card.dataset.text.includes(word));
    card.hidden = !match;
    shown += match;
  }
  for (const family of document.querySelectorAll(".family")) {
    family.hidden = !family.querySelector(".card:not([hidden])");
  }
  $("found").textContent = words.length ? `${shown} found` : "";
}

async function showGallery() {
  let body;
  try {
    body = await api("/api/rulesets");
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  const families = new Map();
  for (const ruleset of body) {
    if (!families.has(ruleset.family)) families.set(ruleset.family, []);
    families.get(ruleset.family).push(ruleset);
  }
  const gallery = $("gallery");
  for (const [family, members] of families) {
    const cards = element("div", { class: "gallery" });
    for (const ruleset of members) {
      const thumb = element("div", { class: "thumb" });
      if (ruleset.thumbnail) thumb.innerHTML = ruleset.thumbnail;  // SVG drawn by the server
      const kind = ruleset.impartial ? "impartial" : "partizan";
      const text = [ruleset.name, ...ruleset.aliases, kind, family, ruleset.summary,
                    ruleset.citation].join(" ").toLowerCase();
      cards.append(element(
        "a", { class: "card", href: "/play/" + encodeURIComponent(ruleset.name),
               "data-ruleset": ruleset.name, "data-text": text },
        element("h2", {}, ruleset.name), element("span", { class: "tag" }, kind), thumb,
        element("p", {}, ruleset.summary), element("p", { class: "cite", title: ruleset.reference }, ruleset.citation),
      ));
    }
    gallery.append(element("section", { class: "family", "data-family": family },
      element("h2", {}, `${familyTitle(family)} (${members.length})`), cards));
  }
  showReferences(body);
  $("search").addEventListener("input", filter);
}

function showReferences(rulesets) {
  // The papers the cards cite, in full, each with its link where it has one.
  const links = new Map(rulesets.map((ruleset) => [ruleset.reference, ruleset.link]));
  const list = element("ul", {});
  for (const reference of [...links.keys()].sort()) {
    const link = links.get(reference);
    const item = element("li", {}, link ? reference.slice(0, -link.length) : reference);
    if (link) item.append(element("a", { href: link, rel: "noopener" }, link));
    list.append(item);
  }
  $("references").append(list);
}

showGallery();
