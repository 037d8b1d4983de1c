// A finished match, step by step: the table after each logged move with every hand shown
// (the server sends them only once the match is over). The page only draws.
"use strict";

let steps = [];
let at = 0;

function show(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[at];
  $("slider").value = at;
  $("where").textContent = `${at} / ${steps.length - 1}`;
  const names = step.names || {};
  $("pile").replaceChildren(...step.top.map((c) => cardElement(c, "span", names[c])));
  $("facts").replaceChildren(...step.facts.map((line) => stressed(line)));
  $("seats").replaceChildren(...step.seats.map((s) => {
    const li = document.createElement("li");
    li.dataset.seat = s.key;
    const label = document.createElement("div");
    label.textContent = [s.name, s.count, s.score, s.title].filter(Boolean).join(" · ");
    const hand = document.createElement("div");
    hand.className = "hand";
    hand.append(...s.hand.map((c) => cardElement(c, "span", names[c])));
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
  speaks(data.language);
  const words = data.words || {};
  $("back").setAttribute("aria-label", words.back);
  $("next").setAttribute("aria-label", words.next);
  $("slider").setAttribute("aria-label", words.step);
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
