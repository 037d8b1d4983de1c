// A tournament's page: opens the event's WebSocket with the key from its link and draws each
// frame the server sends (standings and tables, public information only). It sends nothing.
"use strict";

const $ = (id) => document.getElementById(id);

function cell(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

function draw(f) {
  document.title = f.title;
  // the page speaks the event's language, so a screen reader reads it in that voice
  if (f.language) document.documentElement.lang = f.language;
  $("title").textContent = f.title;
  $("facts").replaceChildren(...f.facts.map((line) => cell("p", line)));
  $("heading").textContent = f.heading;
  $("columns").replaceChildren(...f.columns.map((name) => cell("th", name)));
  $("standings").tBodies[0].replaceChildren(
    ...f.standings.map((s) => {
      const row = document.createElement("tr");
      row.dataset.rank = s.rank;
      row.append(cell("td", `${s.rank}.`), cell("td", s.name), cell("td", s.points),
        cell("td", s.wins), cell("td", s.played));
      return row;
    }),
  );
  $("tiebreak").textContent = f.tie_break;
  $("tables-heading").textContent = f.tables_heading;
  const items = f.tables.map((t) => {
    const li = cell("li", t.label);
    if (t.link) {
      const a = cell("a", t.link.label);
      a.href = t.link.href;
      a.className = t.link.kind;
      li.append(" ", a);
    }
    return li;
  });
  $("tables").replaceChildren(...(items.length ? items : [cell("li", f.empty)]));
}

function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

function connect(eventId, key) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(
    `${scheme}//${location.host}/ws/tournament/${eventId}?key=${encodeURIComponent(key)}`,
  );
  let final = false;
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "tournament") {
      notice("");
      draw(data);
    } else if (data.type === "refused") {
      final = final || Boolean(data.final);
      // a link that opens no event is refused in the reader's language: the page is marked so
      if (data.language) document.documentElement.lang = data.language;
      notice(data.reason);
    }
  };
  socket.onclose = () => {
    if (!final) setTimeout(() => connect(eventId, key), 2000);
  };
}

const match = location.pathname.match(/\/tournament\/(\d+)/);
if (match) connect(match[1], new URLSearchParams(location.search).get("key") || "");
