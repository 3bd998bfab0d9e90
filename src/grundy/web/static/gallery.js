// The gallery: one card per registered ruleset, built from GET /api/rulesets.
"use strict";

function element(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

async function showGallery() {
  const response = await fetch("/api/rulesets");
  const body = await response.json();
  if (!response.ok) {
    document.getElementById("error").textContent = body.error;
    return;
  }
  const gallery = document.getElementById("gallery");
  for (const ruleset of body) {
    const thumb = element("div", { class: "thumb" });
    if (ruleset.thumbnail) thumb.innerHTML = ruleset.thumbnail;  // SVG drawn by the server
    const kind = ruleset.impartial ? "impartial" : "partizan";
    gallery.append(element(
      "a", { class: "card", href: "/play/" + encodeURIComponent(ruleset.name), "data-ruleset": ruleset.name },
      element("h2", {}, ruleset.name), element("span", { class: "tag" }, kind), thumb,
      element("p", {}, ruleset.summary), element("p", { class: "cite", title: ruleset.reference }, ruleset.citation),
    ));
  }
}

showGallery();
