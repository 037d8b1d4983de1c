// A finished match, step by step: the table after each logged move with every hand shown
// (the server sends them only once the match is over). The page only draws.
"use strict";

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const $ = (id) => document.getElementById(id);
let steps = [];
let at = 0;

function card(text) {
  const el = document.createElement("span");
  el.className = "card";
  const suit = text.slice(-1);
  if (suit === "H" || suit === "D") el.classList.add("red");
  const corner = document.createElement("span");
  corner.textContent = text.slice(0, -1) + (SUITS[suit] || "");
  const big = document.createElement("span");
  big.className = "big";
  big.textContent = SUITS[suit] || text;
  el.append(corner, big);
  return el;
}

function show(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[at];
  $("slider").value = at;
  $("where").textContent = `${at} / ${steps.length - 1}`;
  $("pile").replaceChildren(...step.top.map(card));
  $("facts").replaceChildren(...step.facts.map((line) => {
    const p = document.createElement("p");
    p.textContent = line;
    return p;
  }));
  $("seats").replaceChildren(...step.seats.map((s) => {
    const li = document.createElement("li");
    li.dataset.seat = s.key;
    const label = document.createElement("div");
    label.textContent = [s.name, s.count, s.score, s.title].filter(Boolean).join(" · ");
    const hand = document.createElement("div");
    hand.className = "hand";
    hand.append(...s.hand.map(card));
    li.append(label, hand);
    return li;
  }));
  $("lines").replaceChildren(...step.lines.map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
}

$("back").onclick = () => show(at - 1);
$("next").onclick = () => show(at + 1);
$("slider").oninput = (event) => show(Number(event.target.value));

(async function start() {
  const id = location.pathname.match(/\/replay\/(\d+)/)[1];
  const key = new URLSearchParams(location.search).get("key") || "";
  const response = await fetch(`/api/replay/${id}?key=${encodeURIComponent(key)}`);
  const data = await response.json();
  if (!response.ok) {
    $("notice").textContent = data.error;
    $("notice").hidden = false;
    return;
  }
  steps = data.steps;
  document.title = $("title").textContent = data.title;
  $("slider").max = steps.length - 1;
  for (const d of data.downloads || []) {
    const a = document.createElement("a");
    a.href = d.href;
    a.textContent = d.label;
    a.download = "";
    $("downloads").append(a, " ");
  }
  $("downloads").hidden = !(data.downloads || []).length;
  show(0);
})();
