// What the table page and the replay page draw alike: a card, and a line of the table's
// words with its stressed passages (marked **so**, as the Discord message bolds them) in
// bold. Loaded before each page's own script.
"use strict";

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const $ = (id) => document.getElementById(id);

// a card; ``name`` is the card in words, in the table's language ("sept de cœur"), which a
// screen reader says instead of its symbols
function cardElement(text, tag, name) {
  const el = document.createElement(tag || "span");
  el.className = "card";
  el.dataset.card = text;
  const suit = text.slice(-1);
  const rank = text.slice(0, -1);
  if (suit === "H" || suit === "D") el.classList.add("red");
  const symbol = SUITS[suit] || "";
  const corner = document.createElement("span");
  corner.textContent = rank + symbol;
  const big = document.createElement("span");
  big.className = "big";
  big.textContent = symbol || text;
  big.setAttribute("aria-hidden", "true");
  el.append(corner, big);
  el.title = name || rank + symbol;
  if (name) {
    el.setAttribute("aria-label", name);
    // a card on the pile is a picture of one, named as such
    if (!tag || tag === "span") el.setAttribute("role", "img");
  }
  return el;
}

// the words are text, never markup: each passage between ** marks becomes a <strong>
function stressed(text, tag) {
  const el = document.createElement(tag || "p");
  text.split("**").forEach((part, i) => {
    if (!part) return;
    if (i % 2) {
      const strong = document.createElement("strong");
      strong.textContent = part;
      el.append(strong);
    } else {
      el.append(part);
    }
  });
  return el;
}

// the page speaks the table's language, so a screen reader reads it in that language's voice
function speaks(language) {
  if (language) document.documentElement.lang = language;
}
