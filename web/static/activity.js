// The Discord Activity: the Embedded App SDK's protocol with Discord's client, written out
// (messages posted to the parent frame as [opcode, payload]): the handshake, AUTHORIZE for
// an OAuth2 code, the server's code exchange, AUTHENTICATE with the access token, then the
// server's answer for the table of this channel, opened like any link (table.js), or where
// the channel has none, a form to open one (below the last table's end, where one closed).
// Where another of the bot's processes runs the channel's server, the server names the path
// Discord's URL mappings reach it by, and the page goes on there: its requests and its socket.
"use strict";

(function activity() {
  const HANDSHAKE = 0;
  const FRAME = 1;
  const query = new URLSearchParams(location.search);
  const frameId = query.get("frame_id");
  const channelId = query.get("channel_id");
  if (!frameId) return; // not inside Discord
  const waiting = new Map();
  // the path of the bot's process this page speaks to: "" for the one that served it
  let base = "";
  // the browser's language, for what is said before Discord says who the user is; and what
  // the page says itself when the server does not answer (in it, from the first answer)
  const locale = navigator.language || "en";
  let unreachable = "";
  let ready = null;
  const isReady = new Promise((resolve) => (ready = resolve));

  window.addEventListener("message", (event) => {
    if (!Array.isArray(event.data)) return;
    const [opcode, payload] = event.data;
    if (opcode !== FRAME || !payload) return;
    if (payload.cmd === "DISPATCH" && payload.evt === "READY") ready(payload.data);
    const pending = payload.nonce && waiting.get(payload.nonce);
    if (pending) {
      waiting.delete(payload.nonce);
      if (payload.evt === "ERROR") pending.reject(new Error(payload.data && payload.data.message));
      else pending.resolve(payload.data);
    }
  });

  function command(cmd, args) {
    const nonce = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      waiting.set(nonce, { resolve, reject });
      window.parent.postMessage([FRAME, { cmd, args, nonce }], "*");
    });
  }

  async function post(path, body) {
    let data = null;
    let ok = false;
    try {
      const response = await fetch(base + path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      ok = response.ok;
      data = await response.json();
    } catch {
      // no answer, or not the server's own (a proxy's error page): the page says so itself
      throw new Error(unreachable);
    }
    if (!ok) throw new Error(data.error || unreachable);
    return data;
  }

  async function start() {
    const query = `?locale=${encodeURIComponent(locale)}`;
    const config = await (await fetch(`/api/activity/config${query}`)).json();
    unreachable = config.words.unreachable;
    window.parent.postMessage(
      [HANDSHAKE, { v: 1, encoding: "json", client_id: config.client_id, frame_id: frameId }],
      "*",
    );
    await isReady;
    const { code } = await command("AUTHORIZE", {
      client_id: config.client_id,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    });
    const { access_token } = await post("/api/activity/token", { code, locale });
    await command("AUTHENTICATE", { access_token });
    const asked = { access_token, channel_id: channelId, locale };
    let session = await post("/api/activity/session", asked);
    if (session.elsewhere !== undefined) {
      base = session.elsewhere.replace(/\/$/, "");
      const scheme = location.protocol === "https:" ? "wss:" : "ws:";
      window.CHAIRMAN_BASE = `${scheme}//${location.host}${base}`;
      const via = session.elsewhere;
      session = await post("/api/activity/session", { ...asked, via });
    }
    if (session.table === null) {
      // the channel's last table has closed: how it ended (Play again for its players) stands
      // above the form to open another
      const last = session.last;
      if (last) window.chairmanConnect(String(last.table), last.key, session.name);
      offerTable(session);
      return;
    }
    window.chairmanConnect(String(session.table), session.key, session.name);
  }

  // no table in this channel yet: a form opens one (its thread is made as /play makes it),
  // its user seated as the host, and the page opens it
  function offerTable(session) {
    const form = document.getElementById("opening");
    drawForm(form, session.open.form, async (values) => {
      try {
        const opened = await post("/api/activity/open", {
          ticket: session.open.ticket,
          values,
          locale: session.open.locale,
        });
        window.chairmanMove(String(opened.table), opened.key, session.name);
      } catch (error) {
        showError(error);
      }
    });
    listNearby(form, session);
  }

  // a text channel's tables live in its threads: those open are listed above the form, one
  // press opening one (its lobby's Join for the user, or the game to watch)
  function listNearby(form, session) {
    if (!session.nearby) return;
    const title = document.createElement("h2");
    title.textContent = session.nearby.title;
    const list = document.createElement("ul");
    for (const table of session.nearby.tables) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = table.title;
      button.onclick = () => window.chairmanMove(String(table.table), table.key, session.name);
      const item = document.createElement("li");
      item.append(button, ` ${table.about}`);
      list.append(item);
    }
    form.prepend(title, list);
  }

  function showError(error) {
    const el = document.getElementById("notice");
    el.textContent = error.message;
    el.hidden = false;
  }

  start().catch(showError);
})();
