// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   generic/table.js af6dd063fd4b0027c79b7f25927b8b8a0b763a1d83b232215ad4b93fe714e5a7
//   table_common.js 6e49e6648778f57967f6228a683e3857b31d4759a6764ac98b472d4a8ff84c0e
// cipherkit/widgets/table_common.js
var WAIT_LIMIT_MS = 6e4;
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
function plainWords(text) {
  const bare = String(text).replace(/^(refused|illegal|error):\s*/i, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
var SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;
var LOADING_LIMIT_MS = 15e3;
function savedHandshake(model, el) {
  const loaded = () => {
    el.removeAttribute("data-loading");
    el.removeAttribute("aria-busy");
  };
  const onMessage = (msg) => {
    if (!msg || typeof msg !== "object") return;
    try {
      if (msg.type === "keep" && typeof msg.token === "string") window.localStorage.setItem(SAVED_KEY, msg.token);
      else if (msg.type === "forget") window.localStorage.removeItem(SAVED_KEY);
      else return;
    } catch (_) {
    }
    el.setAttribute("data-saved", msg.type);
    loaded();
  };
  model.on("msg:custom", onMessage);
  let token = "";
  try {
    token = window.localStorage.getItem(SAVED_KEY) || "";
  } catch (_) {
    token = "";
  }
  if (token && (model.get("view") || {}).saved) {
    el.setAttribute("data-loading", "saved");
    el.setAttribute("aria-busy", "true");
    setTimeout(loaded, LOADING_LIMIT_MS);
  }
  model.send({ type: "saved", token });
  return () => model.off("msg:custom", onMessage);
}
function startOver(send, model) {
  if (window.confirm(t(model, "start_over"))) send({ type: "new_game" });
}
function followTable(model, root, onChange, draw, stop = () => {
}, focus = []) {
  speakLanguage(model, root);
  const voice = tableVoice(model, root);
  focusKeeper(root, [...focus, "button:not([disabled])"]);
  const changed = () => {
    onChange();
    voice.update();
  };
  model.on("change:view", changed);
  model.on("change:message", changed);
  draw();
  voice.update();
  const unsave = savedHandshake(model, root);
  return () => {
    stop();
    unsave();
    voice.remove();
    model.off("change:view", changed);
    model.off("change:message", changed);
  };
}
function kernelSender(model, ui, redraw) {
  const stop = () => {
    ui.waiting = false;
    if (ui.timer) clearTimeout(ui.timer);
    ui.timer = null;
  };
  const send = (message) => {
    if (ui.waiting) return false;
    ui.waiting = true;
    ui.timer = setTimeout(() => {
      stop();
      redraw();
    }, WAIT_LIMIT_MS);
    model.send(message);
    return true;
  };
  return { send, stop };
}
function tableVoice(model, root) {
  const line = h("div", { class: "ck-turn-line", "data-testid": "turn-line", hidden: true });
  const live = h("div", { class: "ck-sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true", "data-testid": "live" });
  root.before(line);
  root.after(live);
  let said = null;
  let shown = false;
  const update = () => {
    const view = model.get("view") || {};
    const announce = view.announce || view.status || view.turn || "";
    if (announce !== said) {
      said = announce;
      live.textContent = announce;
    }
    const turn = view.turn_line || "";
    line.textContent = turn;
    line.hidden = !turn;
    if (view.room && !shown) {
      shown = true;
      bringIntoView(turn ? line : root, 50);
    }
  };
  const bringIntoView = (node, tries) => {
    if (!node.isConnected || node.getClientRects().length === 0) {
      if (tries > 0) setTimeout(() => bringIntoView(node, tries - 1), 100);
      return;
    }
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    node.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
  };
  return { update, remove: () => (line.remove(), live.remove()) };
}
var FOCUS_KEYS = ["data-room", "data-card", "data-rank", "data-suit", "data-vote", "data-action-card", "data-action", "data-testid"];
var FOCUSABLE = "button, input, select, textarea, summary, a[href], [tabindex]";
function focusKeeper(root, fallbacks = []) {
  let key = null;
  let inside = false;
  let placing = false;
  const keyOf = (node) => {
    for (const name of FOCUS_KEYS) if (node.getAttribute && node.getAttribute(name) !== null) return [name, node.getAttribute(name)];
    return null;
  };
  const usable = (node) => node && node.isConnected && !node.disabled && node.matches(FOCUSABLE) && node.getClientRects().length > 0;
  const place = (node) => {
    placing = true;
    node.focus({ preventScroll: true });
    placing = false;
  };
  root.addEventListener("focusin", (event) => {
    inside = true;
    if (!placing) key = keyOf(event.target) || key;
  });
  root.addEventListener("focusout", (event) => {
    const to = event.relatedTarget;
    if (to && !root.contains(to)) inside = false;
    else if (!to) setTimeout(() => {
      if (event.target.isConnected && !root.contains(document.activeElement)) inside = false;
    }, 0);
  });
  const restore = () => {
    if (!inside || root.contains(document.activeElement)) return;
    const same = key ? [...root.querySelectorAll(`[${key[0]}="${CSS.escape(key[1])}"]`)] : [];
    const found = same.find(usable);
    if (found) return place(found);
    const waiting = same.some((node) => node.disabled);
    const next = waiting ? null : fallbacks.map((sel) => [...root.querySelectorAll(sel)].find(usable)).find(Boolean);
    if (next) {
      key = keyOf(next) || key;
      return place(next);
    }
    const status = root.querySelector("[data-testid=status]");
    if (status) {
      status.setAttribute("tabindex", "-1");
      place(status);
    }
  };
  new MutationObserver(restore).observe(root, { childList: true });
  return restore;
}

// cipherkit/widgets/generic/table.js
function render({ model, el }) {
  const root = h("div", { class: "ck-generic", "data-testid": "generic-table" });
  el.append(root);
  const ui = { waiting: false, timer: null };
  const kernel = kernelSender(model, ui, () => draw());
  function send(message) {
    if (kernel.send(message)) draw();
  }
  function board(view) {
    if (view.board) {
      const parts = [];
      if (view.board.svg) {
        const box = h("div", { class: "ck-generic-svg", "data-testid": "board-svg" });
        const svgText = view.board.svg;
        box.innerHTML = svgText;
        parts.push(box);
      }
      parts.push(facts(view.board.facts));
      for (const table of view.board.tables || []) {
        parts.push(
          h(
            "table",
            { class: "ck-generic-grid" },
            h("caption", { text: table.title || "" }),
            h("tr", {}, (table.columns || []).map((c) => h("th", { text: c }))),
            (table.rows || []).map((row) => h("tr", {}, row.map((cell) => h("td", { text: cell }))))
          )
        );
      }
      return h("div", { class: "ck-generic-board", "data-testid": "board" }, parts);
    }
    return h("div", { class: "ck-generic-board", "data-testid": "board" }, facts(view.facts));
  }
  function facts(rows) {
    return h(
      "dl",
      { class: "ck-generic-facts", "data-testid": "facts" },
      (rows || []).flatMap(([key, value]) => [h("dt", { text: key }), h("dd", { text: value })])
    );
  }
  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message");
    root.replaceChildren();
    if (!view.title) return;
    const where = view.room ? ` · ${t(model, "room", { code: view.room.code })}` : view.game_number > 1 ? ` · ${t(model, "game", { number: view.game_number })}` : "";
    const parts = [
      h("div", { class: "ck-generic-title", "data-testid": "title", text: `${view.title}${where}` }),
      h("div", { class: `ck-generic-turn${view.your_turn ? " ck-your-turn" : ""}`, "data-testid": "status", text: view.turn }),
      view.outcome ? h("div", { class: "ck-generic-outcome", "data-testid": "outcome", text: view.outcome }) : null,
      message ? h("div", { class: "ck-message", role: "alert", "data-testid": "message", text: plainWords(message) }) : null,
      board(view),
      h(
        "div",
        { class: "ck-generic-actions", "data-testid": "actions" },
        (view.legal || []).map(
          (text, i) => h("button", { class: "ck-button", type: "button", "data-action": text, disabled: ui.waiting, onclick: () => send({ type: "action", text }), text: (view.legal_words || [])[i] || text })
        )
      ),
      h(
        "details",
        { class: "ck-log", open: true },
        h("summary", { text: t(model, "what_happened") }),
        h("ol", { "data-testid": "log" }, (view.log || []).map((line) => h("li", { text: line })))
      ),
      !view.room && (view.saved || view.outcome) ? h("button", { class: "ck-button", type: "button", "data-testid": "new-game", disabled: ui.waiting, onclick: () => view.outcome ? send({ type: "new_game" }) : startOver(send, model), text: t(model, view.outcome ? "play_again" : "new_game") }) : null
    ];
    root.append(...parts.filter((part) => part instanceof Node));
  }
  const onChange = () => {
    kernel.stop();
    draw();
  };
  return followTable(model, root, onChange, draw, kernel.stop);
}
var table_default = { render };
export {
  table_default as default
};
