// The web table's page: opens the table's WebSocket with the key from its link (or the one
// the Discord Activity obtained), draws every frame the server sends, and sends a move when
// a legal card or button is tapped. The server judges everything; this page only draws.
"use strict";

let current = null;
let socket = null;
// the Activity's user's name and the server's proof of it ({name, proof}), for joining
let signedName = null;
let ticking = null;

// a turn's clock (Mao's five seconds): counted down here between frames, from when it ends
function drawClock(clock) {
  const el = $("clock");
  clearInterval(ticking);
  el.hidden = !clock;
  if (!clock) return;
  const tick = () => {
    if (clock.ends === undefined) {
      el.textContent = clock.words;
      return;
    }
    const left = Math.max(0, Math.ceil(clock.ends - Date.now() / 1000));
    el.textContent = clock.words.replace("{seconds}", left);
  };
  tick();
  if (clock.ends !== undefined) ticking = setInterval(tick, 250);
}

function send(data) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(data));
}

// one move a frame: a double click sends it once (the second would be refused as out of
// date, after the first was made); the next frame, a refusal or a new socket lets a move go
let moveSent = false;

function act(move) {
  closePicker();
  if (moveSent) return;
  moveSent = true;
  send({ type: "act", action: move.action, token: current.token });
}

// the moves a tapped card offers (a suit to name, which cards to play with it), beside the
// card that opened them; Escape closes them and gives the card back its focus
let picked = null;

function pick(card, moves, focus) {
  const picker = $("picker");
  picker.replaceChildren();
  for (const move of moves) {
    const b = document.createElement("button");
    b.textContent = move.label;
    b.setAttribute("aria-label", move.spoken || move.label);
    b.dataset.action = move.action;
    b.onclick = () => act(move);
    picker.append(b);
  }
  picker.setAttribute("aria-label", (current.names || {})[card] || card);
  picker.hidden = false;
  picked = { card, actions: moves.map((m) => m.action) };
  if (focus) picker.querySelector("button").focus();
}

function closePicker() {
  const picker = $("picker");
  // a key's press on a choice leaves focus on the card that offered it, not on nothing
  if (picked && picker.contains(document.activeElement)) cardButton(picked.card)?.focus();
  picker.hidden = true;
  picked = null;
}

function cardButton(card) {
  return [...$("hand").querySelectorAll("button")].find((b) => b.dataset.card === card);
}

$("picker").onkeydown = (event) => {
  if (event.key === "Escape") closePicker();
};

// keyboard focus on a button the next frame draws anew (a card, a move, a lobby button) goes
// to the same button in it, or when that is gone (the card was played) to the first move
// still offered; focus in the speech box or a form is never taken
const PLAY_AREAS = "#hand, #controls, #picker, #lobby, #mine";

function focusedButton() {
  const el = document.activeElement;
  const area = el && el.closest ? el.closest(PLAY_AREAS) : null;
  if (!area || el.matches("input, select, textarea") || el.closest("form")) return null;
  const d = el.dataset || {};
  return { card: d.card, action: d.action, verb: d.verb, back: el.id === "back" };
}

function refocus(kept) {
  if (!kept) return;
  const same = (el) =>
    (kept.card !== undefined && el.dataset.card === kept.card) ||
    (kept.action !== undefined && el.dataset.action === kept.action) ||
    (kept.verb !== undefined && el.dataset.verb === kept.verb) ||
    (kept.back && el.id === "back");
  const shown = (el) => !el.disabled && el.offsetParent !== null;
  const buttons = [...document.querySelectorAll("#picker button, #hand button, #controls button, #lobby button")];
  const target =
    buttons.find((el) => shown(el) && same(el)) ||
    buttons.find((el) => shown(el) && !el.matches("#hand button:not(.legal)")) ||
    ($("mine").hidden ? null : $("mine"));
  if (target) target.focus({ preventScroll: true });
}

// what a screen reader is told of a frame: the events new since the last one and the hand's
// prompt when it changed (a refusal is the notice's, an alert)
let toldLines = [];
let toldPrompt = "";
let toldLeft = "";

function newLines(before, after) {
  // the last events are a window that moves on: find where the old one's end is in the new
  for (let skip = 0; skip < before.length; skip++) {
    const rest = before.slice(skip);
    if (rest.every((line, i) => after[i] === line)) return after.slice(rest.length);
  }
  return after;
}

function tell(f, first) {
  const lines = f.lines || [];
  const prompt = (f.prompt || []).join(" ").replaceAll("**", "");
  const said = first ? [] : newLines(toldLines, lines);
  if (prompt !== toldPrompt) said.push(prompt);
  // that its player left, unless focus is on the sentence (a screen reader reads it there)
  const left = f.left || "";
  if (left !== toldLeft && document.activeElement !== $("left")) said.push(left);
  toldLines = lines;
  toldPrompt = prompt;
  toldLeft = left;
  const told = said.filter(Boolean).join(" ");
  if (told) $("said").textContent = told;
}

function notice(text) {
  const el = $("notice");
  el.textContent = text;
  el.hidden = !text;
}

function draw(f) {
  const kept = focusedButton();
  const reopen = picked;
  const first = !current || current.table !== f.table;
  drawFrame(f);
  // a frame that still offers the choices open (a watcher came, a bot spoke) keeps them open
  const offered = new Set((f.moves || []).map((m) => m.action));
  if (reopen && f.hand && reopen.actions.every((a) => offered.has(a))) {
    pick(reopen.card, f.moves.filter((m) => reopen.actions.includes(m.action)), false);
  }
  refocus(kept);
  tell(f, first);
}

function drawFrame(f) {
  // a card that has just come onto the pile lands there (not on the first frame drawn)
  const before = current && current.table === f.table ? (current.top || []).join() : null;
  const landed = before !== null && (f.top || []).length && (f.top || []).join() !== before;
  current = f;
  document.title = f.title;
  speaks(f.language);
  $("title").textContent = f.title;
  $("viewers").textContent = f.words.viewers;
  const replay = $("replay");
  replay.hidden = f.status !== "finished";
  replay.textContent = f.words.replay;
  replay.href = `/replay/${f.table}?key=${encodeURIComponent(window.chairmanKey || "")}`;
  const names = f.names || {};
  $("seats-title").textContent = f.words.seats;
  $("events-title").textContent = f.words.events;
  $("mine-title").textContent = f.words.yours;
  const pile = $("pile");
  pile.replaceChildren(...(f.top || []).map((c) => cardElement(c, "span", names[c])));
  if (landed) pile.lastElementChild.classList.add("landed");
  $("facts").replaceChildren(...(f.facts || []).map((line) => stressed(line)));
  drawClock(f.clock);
  $("seats").replaceChildren(...f.seats.map((s) => {
    const li = document.createElement("li");
    li.dataset.seat = s.key;
    if (s.turn) {
      li.classList.add("turn");
      li.setAttribute("aria-current", "true");
    }
    if (s.key === f.you) li.classList.add("you");
    li.textContent = [s.name, s.count, s.score, s.title].filter(Boolean).join(" · ");
    return li;
  }));
  $("lines").replaceChildren(...(f.lines || []).map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
  const lobby = f.lobby || [];
  $("lobby").hidden = !lobby.length;
  $("lobby").replaceChildren(...lobby.map((b) => {
    const button = document.createElement("button");
    button.textContent = b.label;
    button.dataset.verb = b.verb;
    // a join carries the name Discord gave, signed when the Activity opened
    button.onclick = () =>
      send(b.verb === "join" ? { type: "join", name: signedName } : { type: b.verb });
    return button;
  }));
  $("picker").hidden = true;
  picked = null;
  drawLeaving(f);
  const mine = $("mine");
  mine.hidden = !f.hand;
  if (!f.hand) {
    // a seat given up (its player left) keeps no cards or moves on the page, even hidden
    $("hand").replaceChildren();
    $("controls").replaceChildren();
    return;
  }
  drawForm($("form"), f.form, (values) => send({ type: "form", values }));
  $("prompt").replaceChildren(...(f.prompt || []).map((line) => stressed(line)));
  const moves = f.moves || [];
  const hand = $("hand");
  hand.replaceChildren(...f.hand.map((c) => {
    const b = cardElement(c, "button", names[c]);
    const mineMoves = moves.filter((m) => m.cards.includes(c));
    if (mineMoves.length) {
      b.classList.add("legal");
      b.onclick = () => (mineMoves.length === 1 ? act(mineMoves[0]) : pick(c, mineMoves, true));
    } else {
      b.disabled = true;
    }
    return b;
  }));
  const controls = moves.filter((m) => !m.cards.length).map((m) => {
    const b = document.createElement("button");
    b.textContent = m.label;
    b.dataset.action = m.action;
    b.onclick = () => act(m);
    return b;
  });
  if (f.back) {
    // the table marked the seat away: a bot plays it until its player comes back
    const b = document.createElement("button");
    b.id = "back";
    b.textContent = f.back;
    b.onclick = () => send({ type: "back" });
    controls.unshift(b);
  }
  $("controls").replaceChildren(...controls);
  const speech = $("speech");
  speech.hidden = !f.reads_chat;
  speech.querySelector("button").textContent = f.words.say;
  $("words").setAttribute("aria-label", f.words.say);
}

// a page whose socket closed (the bot restarted, the network dropped) opens it again, waiting
// a little longer each time, until the server refuses it for good ("final": no such table)
let final = false;
let retries = 0;
const RETRY_MS = [500, 1000, 2000, 5000, 10000];

function connect(tableId, key, name) {
  window.chairmanKey = key;
  if (name) signedName = name;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const base = window.CHAIRMAN_BASE || `${scheme}//${location.host}`;
  socket = new WebSocket(`${base}/ws/${tableId}?key=${encodeURIComponent(key)}`);
  moveSent = false; // a move lost with the old socket may be made again
  leaveSent = false;
  socket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "table") {
      moveSent = false;
      retries = 0;
      notice("");
      draw(data);
    } else if (data.type === "refused") {
      moveSent = false;
      leaveSent = false;
      final = final || Boolean(data.final);
      // refused before any table was drawn: said in the reader's language, marked so
      if (!current) speaks(data.language);
      if (data.frame) draw(data.frame);
      notice(data.reason);
    } else if (data.type === "moved") {
      moveTo(String(data.table), data.key);
    }
  };
  socket.onclose = () => {
    if (final) return;
    notice(current ? current.words.reconnecting : "…");
    const wait = RETRY_MS[Math.min(retries, RETRY_MS.length - 1)];
    retries += 1;
    setTimeout(() => connect(tableId, key), wait);
  };
}

// Play again (or the Activity's form) opened a new table in the thread: the page follows its
// user there (a browser's address too, so a reload opens the new table)
function moveTo(tableId, key, name) {
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  drawForm($("opening"), null); // the table is chosen: the Activity's form is done
  retries = 0;
  final = false;
  current = null;
  if (location.pathname.startsWith("/table/")) {
    history.replaceState(null, "", `/table/${tableId}?key=${encodeURIComponent(key)}`);
  }
  connect(tableId, key, name);
}

$("speech").onsubmit = (event) => {
  event.preventDefault();
  const words = $("words");
  send({ type: "say", text: words.value });
  words.value = "";
};

window.chairmanConnect = connect;
window.chairmanMove = moveTo;
(function start() {
  const match = location.pathname.match(/\/table\/(\d+)/);
  const key = new URLSearchParams(location.search).get("key");
  if (match && key) connect(match[1], key);
})();
