// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   lobby.js ef5ea402b5d2db54eb65e29f85fa16104c251f14e371a32a091be1e71766465a
//   outage.js 2f8f3656ecf5eadc50567bede396f8f727926a65411fd687db1d6886fa6be842
//   table_common.js 6e49e6648778f57967f6228a683e3857b31d4759a6764ac98b472d4a8ff84c0e
// cipherkit/widgets/table_common.js
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === void 0 || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === void 0 || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
function t(model, key, params = {}) {
  const words = model.get("words") || {};
  const text = Object.prototype.hasOwnProperty.call(words, key) ? String(words[key]) : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => name in params ? String(params[name]) : whole);
}
function speakLanguage(model, el) {
  el.setAttribute("lang", model.get("lang") || "en");
  el.setAttribute("data-loading-text", t(model, "loading_game"));
}
function takeFromHash(name) {
  const value = new URLSearchParams((window.location.hash || "").replace(/^#/, "")).get(name);
  if (value) {
    try {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    } catch (_) {
    }
  }
  return value;
}
var SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;

// cipherkit/widgets/outage.js
var OUTAGE_AFTER_MS = 2e3;
var PING_EVERY_MS = 750;
var LOOK_MS = 250;
var DEVICE_KEY = "cipherkit.device";
function deviceId() {
  try {
    let id = window.localStorage.getItem(DEVICE_KEY) || "";
    if (!/^[0-9a-f]{32}$/.test(id)) {
      const bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      window.localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch (_) {
    return null;
  }
}
function outageState() {
  if (!window.__ckOutage) window.__ckOutage = { lost: /* @__PURE__ */ new Set(), bar: null, text: "" };
  return window.__ckOutage;
}
function showOutage(state) {
  const closed = document.getElementById("ck-light-notice");
  if (state.lost.size && !closed) {
    if (state.bar && state.bar.isConnected) return;
    const bar = document.createElement("div");
    bar.className = "ck-outage";
    bar.setAttribute("role", "alert");
    bar.setAttribute("data-testid", "outage");
    bar.style.cssText = "position:sticky;top:0;z-index:1001;padding:0.6em 1em;background:#fde8e8;border-bottom:1px solid #d98080;color:#5a1212;font:15px system-ui,sans-serif";
    bar.textContent = state.text;
    document.body.prepend(bar);
    state.bar = bar;
  } else if (state.bar) {
    state.bar.remove();
    state.bar = null;
  }
}
function watchOutage(model, { ping = null } = {}, text = "") {
  if (model.__ckOutage) return model.__ckOutage;
  const state = outageState();
  if (text) state.text = text;
  const raw = model.send.bind(model);
  let oldest = 0;
  let ticks = 0;
  const heard = () => {
    oldest = 0;
    if (state.lost.delete(model)) showOutage(state);
  };
  model.send = (content, ...rest) => {
    if (!oldest) oldest = Date.now();
    return raw(content, ...rest);
  };
  model.on("change", heard);
  model.on("msg:custom", heard);
  const timer = setInterval(() => {
    ticks += 1;
    if (ping && !oldest && ticks % Math.round(PING_EVERY_MS / LOOK_MS) === 0 && document.visibilityState !== "hidden") {
      model.send({ type: ping });
    }
    if (oldest && Date.now() - oldest >= OUTAGE_AFTER_MS && !state.lost.has(model)) {
      state.lost.add(model);
      showOutage(state);
    }
  }, LOOK_MS);
  const stop = () => {
    clearInterval(timer);
    model.off("change", heard);
    model.off("msg:custom", heard);
    if (state.lost.delete(model)) showOutage(state);
  };
  model.__ckOutage = stop;
  return stop;
}

// cipherkit/widgets/lobby.js
var plainWords = (text) => {
  const bare = String(text).replace(/^(refused|illegal|error):\s*/i, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
};
function render({ model, el }) {
  const root = h("div", { class: "ck-lobby", "data-testid": "lobby" });
  el.append(root);
  const form = { game: null, players: 0, bots: /* @__PURE__ */ new Set(), name: "", team: "", code: "", options: {} };
  let link = null;
  function send(message) {
    model.send(message);
  }
  const roster = h("datalist", { id: `ck-roster-${Math.random().toString(36).slice(2)}`, "data-testid": "roster-names" });
  el.append(roster);
  let asked = "";
  const askRoster = () => {
    const code = form.code.trim();
    if (!/^[A-Za-z]{4}[- ]?\d{3}$/.test(code) || code.toUpperCase() === asked) return;
    asked = code.toUpperCase();
    send({ type: "roster", code });
  };
  model.on("msg:custom", (msg) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "roster" && Array.isArray(msg.names)) {
      roster.replaceChildren(...msg.names.map((name) => h("option", { value: String(name) })));
      return;
    }
    const view = model.get("view") || {};
    if (msg.type === "link" && typeof msg.token === "string" && view.code) {
      link = { code: view.code, token: msg.token };
      draw();
    }
  });
  function seatLink(token) {
    const url = new URL(window.location.href);
    url.hash = `seat=${token}`;
    return url.toString();
  }
  function gamePicker(games) {
    if (!(form.game in games)) form.game = Object.keys(games)[0];
    const spec = games[form.game];
    if (!spec.players.includes(form.players)) form.players = spec.default;
    const seats = [];
    for (let s = 0; s < form.players; s += 1) {
      const teamName = spec.teams && form.players > 3 ? spec.teams[s % spec.teams.length] : null;
      const teamLabel = teamName ? (spec.team_labels || {})[teamName] || teamName : null;
      seats.push(
        h(
          "label",
          { class: "ck-lobby-seat" },
          h("input", {
            type: "checkbox",
            "data-testid": `bot-${s + 1}`,
            checked: form.bots.has(s),
            onchange: (e) => {
              if (e.target.checked) form.bots.add(s);
              else form.bots.delete(s);
            }
          }),
          " " + (teamLabel ? t(model, "seat_bot_team", { n: s + 1, team: teamLabel }) : t(model, "seat_bot", { n: s + 1 }))
        )
      );
    }
    return h(
      "div",
      { class: "ck-lobby-grid" },
      h(
        "label",
        {},
        t(model, "game") + " ",
        h(
          "select",
          {
            "data-testid": "game",
            onchange: (e) => {
              form.game = e.target.value;
              form.bots = /* @__PURE__ */ new Set();
              form.options = {};
              draw();
            }
          },
          Object.entries(games).map(([name, g]) => h("option", { value: name, selected: name === form.game, text: g.title }))
        )
      ),
      spec.players.length > 1 ? h(
        "label",
        {},
        t(model, "players") + " ",
        h(
          "select",
          {
            "data-testid": "players",
            onchange: (e) => {
              form.players = Number(e.target.value);
              form.bots = new Set([...form.bots].filter((b) => b < form.players));
              draw();
            }
          },
          spec.players.map((n) => h("option", { value: String(n), selected: n === form.players, text: String(n) }))
        )
      ) : null,
      spec.bots ? h("div", { class: "ck-lobby-seats" }, seats) : h("p", { class: "ck-lobby-hint", "data-testid": "bots-note", text: spec.bots_note }),
      spec.blurb ? h("p", { class: "ck-lobby-blurb", text: spec.blurb }) : null,
      spec.options.map(
        (option) => option.choices && option.choices.length ? h(
          "label",
          { class: "ck-lobby-check" },
          `${option.label}: `,
          h(
            "select",
            {
              "data-testid": option.key,
              onchange: (e) => {
                form.options[option.key] = e.target.value === "" ? false : Number(e.target.value);
              }
            },
            h("option", { value: "", selected: !form.options[option.key], text: t(model, "off") }),
            option.choices.map((n, i) => h("option", { value: String(n), selected: form.options[option.key] === n, text: (option.choice_labels || [])[i] || String(n) }))
          )
        ) : h(
          "label",
          { class: "ck-lobby-check" },
          h("input", {
            type: "checkbox",
            "data-testid": option.key,
            checked: form.options[option.key] ?? option.default,
            onchange: (e) => {
              form.options[option.key] = e.target.checked;
            }
          }),
          ` ${option.label}`
        )
      )
    );
  }
  function nameField() {
    return h("input", {
      type: "text",
      maxlength: "40",
      placeholder: t(model, "your_name"),
      "aria-label": t(model, "your_name"),
      "data-testid": "name",
      list: roster.id,
      // the class's roster, once its code is typed
      autocomplete: "off",
      value: form.name,
      oninput: (e) => {
        form.name = e.target.value;
      }
    });
  }
  function teamField(games, game) {
    const spec = games[game];
    if (!spec || !spec.teams) return null;
    return h(
      "select",
      {
        "aria-label": t(model, "team"),
        "data-testid": "team",
        onchange: (e) => {
          form.team = e.target.value;
        }
      },
      h("option", { value: "", selected: form.team === "", text: t(model, "any_team") }),
      spec.teams.map((team) => h("option", { value: team, selected: form.team === team, text: (spec.team_labels || {})[team] || team }))
    );
  }
  function joinTeams(games) {
    const teams = [];
    for (const g of Object.values(games)) {
      for (const team of g.teams || []) {
        const label = (g.team_labels || {})[team] || team;
        if (!teams.some(([v]) => v === team)) teams.push([team, t(model, "team_of_game", { team: label, game: g.title })]);
      }
    }
    if (!teams.length) return null;
    return h(
      "select",
      { "aria-label": t(model, "team"), "data-testid": "team", onchange: (e) => {
        form.team = e.target.value;
      } },
      [["", t(model, "any_team")], ...teams].map(([v, label]) => h("option", { value: v, selected: form.team === v, text: label }))
    );
  }
  function formCard(testid, message, ...children) {
    const submit = (e) => {
      e.preventDefault();
      send(message());
    };
    return h("form", { class: "ck-lobby-card", "data-testid": testid, onsubmit: submit }, ...children);
  }
  function joinMessage() {
    const message = { type: "join", code: form.code, name: form.name };
    if (form.team) message.team = form.team;
    return message;
  }
  function createMessage(games) {
    const game = games[form.game];
    const bots = game.bots ? [...form.bots].sort() : [];
    const message = { type: "create", game: form.game, players: form.players, bots, name: form.name };
    if (form.team && game.teams) message.team = form.team;
    const offered = game.options.map((o) => o.key);
    const options = Object.fromEntries(Object.entries(form.options).filter(([k]) => offered.includes(k)));
    if (Object.keys(options).length) message.options = options;
    return message;
  }
  function startStage(view) {
    const rooms = Array.isArray(view.kept) ? view.kept : [];
    const join = formCard(
      "join-form",
      joinMessage,
      h("h3", { text: t(model, "join_title") }),
      h("p", { class: "ck-lobby-hint", text: t(model, "join_hint") }),
      h("input", {
        type: "text",
        class: "ck-lobby-code-input",
        maxlength: "40",
        placeholder: "TIGER-48213-MOSS",
        "aria-label": t(model, "code"),
        "data-testid": "code",
        value: form.code,
        oninput: (e) => {
          form.code = e.target.value;
          askRoster();
        }
      }),
      h("div", { class: "ck-lobby-row" }, nameField(), joinTeams(view.games || {})),
      h(
        "div",
        { class: "ck-lobby-row" },
        h("button", { type: "submit", class: "ck-lobby-primary", "data-testid": "join", text: t(model, "join") }),
        h("button", {
          type: "button",
          "data-testid": "watch",
          onclick: () => send({ type: "watch", code: form.code }),
          text: t(model, "watch")
        })
      )
    );
    const create = formCard(
      "create-form",
      () => createMessage(view.games),
      h("h3", { text: t(model, "make_title") }),
      gamePicker(view.games),
      h("div", { class: "ck-lobby-row" }, nameField(), teamField(view.games, form.game)),
      h("div", { class: "ck-lobby-hint", text: t(model, "make_hint") }),
      h("button", { type: "submit", class: "ck-lobby-primary", "data-testid": "create", text: t(model, "make") })
    );
    const mine = rooms.length ? h(
      "div",
      { class: "ck-lobby-card", "data-testid": "my-rooms" },
      h("h3", { text: t(model, "my_seats") }),
      rooms.map(
        (room) => h(
          "div",
          { class: "ck-lobby-row" },
          h("span", { class: "ck-lobby-code-small", text: room.code }),
          h("button", {
            type: "button",
            "data-testid": "resume",
            onclick: () => send({ type: "return", code: room.code }),
            text: room.watching ? t(model, "watch_again") : t(model, "resume")
          })
        )
      )
    ) : null;
    return [mine, h("div", { class: "ck-lobby-cards" }, join, create)];
  }
  function roomStage(view) {
    const seat = view.seat;
    const token = link && link.code === view.code ? link.token : null;
    return h(
      "div",
      { class: "ck-lobby-card ck-lobby-room" },
      h("div", { class: "ck-lobby-label", text: t(model, "room_code", { game: view.title }) }),
      h("div", { class: "ck-lobby-code", "data-testid": "room-code", text: view.code }),
      h(
        "div",
        { class: "ck-lobby-who", "data-testid": "who" },
        seat ? seat.team ? t(model, "you_are_team", { name: seat.name, team: (view.team_labels || {})[seat.team] || seat.team }) : t(model, "you_are", { name: seat.name }) : t(model, "watching")
      ),
      h(
        "ul",
        { class: "ck-lobby-players" },
        view.players.map(
          (p) => h("li", {
            text: p.team ? t(model, "player_team", { name: p.name || t(model, "free_seat"), team: (view.team_labels || {})[p.team] || p.team }) : p.name || t(model, "free_seat")
          })
        )
      ),
      seat && token ? h(
        "div",
        { class: "ck-lobby-hint", "data-testid": "seat-link-box" },
        h("div", { text: t(model, "link_hint") }),
        h("input", { type: "text", readonly: true, class: "ck-lobby-link", "data-testid": "seat-link", value: seatLink(token), "aria-label": t(model, "seat_link") })
      ) : null,
      seat && !token ? h("button", { type: "button", "data-testid": "ask-seat-link", onclick: () => send({ type: "link" }), text: t(model, "other_device") }) : null,
      h("button", { type: "button", "data-testid": "leave", onclick: () => send({ type: "leave" }), text: t(model, "back") })
    );
  }
  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    const focus = document.activeElement && root.contains(document.activeElement) ? document.activeElement.getAttribute("data-testid") : null;
    const stage = view.stage === "seated" || view.stage === "watching" ? roomStage(view) : view.games ? startStage(view) : [];
    root.replaceChildren(
      ...[
        h("h2", { class: "ck-lobby-title", text: t(model, "title") }),
        message ? h("div", { class: "ck-lobby-message", role: "alert", "data-testid": "lobby-message", text: plainWords(message) }) : null,
        ...[].concat(stage)
      ].filter(Boolean)
    );
    if (focus) {
      const again = root.querySelector(`[data-testid="${focus}"]`);
      if (again) again.focus();
    }
  }
  model.on("change:view", draw);
  model.on("change:message", draw);
  speakLanguage(model, el);
  draw();
  const device = deviceId();
  if (device) send({ type: "hello", device });
  watchOutage(model, { ping: "ping" }, t(model, "outage"));
  const linked = takeFromHash("seat");
  if (linked) {
    send({ type: "resume", token: linked });
  } else if ((model.get("view") || {}).stage === "start") {
    send({ type: "return" });
  }
}
var lobby_default = { render };
export {
  lobby_default as default
};
