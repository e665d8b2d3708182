// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   mission/table.js 04eb879bb6857a13e339337108804c445f2e3dd06420749294dc3e07fd33bc1a
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
    const announce2 = view.announce || view.status || view.turn || "";
    if (announce2 !== said) {
      said = announce2;
      live.textContent = announce2;
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
function announce(root, text) {
  const live = root.nextElementSibling;
  if (live && live.dataset.testid === "live") live.textContent = text;
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
function roving(group, { choose = (node) => node.focus() } = {}) {
  const items = () => [...group.querySelectorAll("[data-roving]")].filter((node) => !node.disabled);
  const stopOn = (stop) => {
    for (const node of group.querySelectorAll("[data-roving]")) node.tabIndex = node === stop ? 0 : -1;
  };
  const first = items();
  stopOn(first.find((node) => node.getAttribute("aria-checked") === "true") || first[0] || null);
  group.addEventListener("focusin", (event) => {
    if (event.target.matches("[data-roving]")) stopOn(event.target);
  });
  group.addEventListener("keydown", (event) => {
    const list = items();
    const at = list.indexOf(event.target);
    if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    let to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (to === void 0 && event.key.length === 1) {
      const typed = event.key.toLowerCase();
      const found = list.findIndex((node) => (node.dataset.keys || "").split(" ").includes(typed));
      if (found >= 0) to = found;
    }
    if (to === void 0) return;
    event.preventDefault();
    choose(list[(to + list.length) % list.length]);
  });
  return group;
}

// cipherkit/widgets/mission/table.js
var SVG_NS = "http://www.w3.org/2000/svg";
var ROOM_VERBS = ["step", "intel", "slip", "scout", "peek", "disarm"];
var SUIT_COLOURS = {
  blue: "#2f6fd6",
  green: "#2e9d57",
  yellow: "#c9920e",
  red: "#c94040",
  purple: "#7b4fc9",
  orange: "#d9731b",
  black: "#333a44",
  white: "#8a8f99"
};
var PALETTE = ["#2f6fd6", "#2e9d57", "#c9920e", "#c94040", "#7b4fc9", "#d9731b"];
var SEAT_COLOURS = ["#d0473b", "#2f6fb5", "#3f9a54", "#c9901e"];
var ACTION_ICONS = { run: "➜", gather: "✚", intel: "◎", regroup: "↺" };
var BUTTONS = [
  ["reveal-top", "reveal_top", "ck-primary"],
  ["reveal", "reveal_another", "ck-primary"],
  ["leave", "leave", ""],
  ["keep", "keep", ""],
  ["swap", "swap", ""],
  ["draw", "draw", "ck-primary"],
  ["stop-drawing", "stop_drawing", ""],
  ["stop", "stop", ""],
  ["end", "end_turn", ""],
  ["pass", "pass", "ck-primary"]
];
function tNodes(model, key, nodes) {
  const text = t(model, key);
  const out = [];
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(m[1] in nodes ? nodes[m[1]] : m[0]);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
function svgNode(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === void 0 || value === null || value === false) continue;
    node.setAttribute(key, String(value));
  }
  return node;
}
function svgBlock(svgText, cls, testid) {
  const box = h("div", { class: cls, "data-testid": testid });
  box.innerHTML = svgText;
  const svg = box.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  }
  return box;
}
function glyphText(view, parts, fallback) {
  if (!parts) return [fallback];
  return parts.map((part) => {
    if (part.g === void 0) return part.t;
    const icon = h("span", { class: "ck-inline-glyph", "data-glyph": part.g, title: part.g, "aria-hidden": "true" });
    icon.innerHTML = (view.glyph_icons || {})[part.g] || "";
    return h("span", { class: "ck-glyph-named" }, icon, part.g);
  });
}
function suitColour(view, letter) {
  const names = view.suits || [];
  const index = names.findIndex((name) => name[0].toUpperCase() === letter);
  if (index < 0) return "#555";
  return SUIT_COLOURS[names[index].toLowerCase()] || PALETTE[index % PALETTE.length];
}
function suitName(view, letter) {
  const index = (view.suits || []).findIndex((name) => name[0].toUpperCase() === letter);
  if (index < 0) return letter;
  return (view.suit_names || [])[index] || view.suits[index];
}
function render({ model, el }) {
  const root = h("div", { class: "ck-mission ck-table", "data-testid": "mission-table", "data-version": "0", "data-replies": "0" });
  el.append(root);
  const ui = {
    waiting: false,
    timer: null,
    selected: [],
    hint: "",
    solving: false,
    answer: null,
    key: null,
    mapZoom: false,
    mapScroll: [0, 0],
    renders: 0,
    replies: 0
  };
  const kernel = kernelSender(model, ui, () => draw());
  const stopWaiting = kernel.stop;
  function send(message) {
    if (ui.waiting) return;
    ui.hint = "";
    if (kernel.send(message)) draw();
  }
  const act = (text, seat) => send(seat === void 0 ? { type: "action", text } : { type: "action", text, seat });
  function hint(text) {
    ui.hint = text;
    draw();
  }
  function roomClick(view, roomId) {
    const legal = new Set(view.legal);
    for (const verb2 of ROOM_VERBS) {
      if (legal.has(`${verb2} ${roomId}`)) return act(`${verb2} ${roomId}`);
    }
    const ability = view.current.ability;
    const special = { slip: "slip", scout: "scout", peek: "peek", disarm: "disarm" }[ability] || "step";
    const verb = { run: "step", intel: "intel", special }[view.phase] || "step";
    act(`${verb} ${roomId}`);
  }
  function tokenClick(view, token) {
    if (token.glyph && (view.phase === "gather" || new Set(view.legal).has(`collect ${token.glyph}`))) {
      return act(`collect ${token.glyph}`);
    }
    roomClick(view, token.room);
  }
  function actionCardClick(view, card) {
    const legal = new Set(view.legal);
    for (const verb of ["regroup", "lower", "unblock"]) {
      if (legal.has(`${verb} ${card.id}`)) return act(`${verb} ${card.id}`);
    }
    if (view.phase === "regroup") return act(`regroup ${card.id}`);
    if (ui.selected.length === 1) {
      const value = cardValue(view, ui.selected[0]);
      return act(`play ${value} ${card.id}`);
    }
    if (ui.selected.length === 2) return hint(t(model, "hint_two_picked"));
    if (view.phase === "act" && view.legal.length) return hint(t(model, "hint_pick_first", { card: card.name }));
    act(`play 0 ${card.id}`);
  }
  function cardValue(view, label) {
    for (const hand of view.hands) {
      for (const card of hand.cards) if (card.label === label) return card.value;
    }
    return 0;
  }
  function toggleCard(label) {
    const at = ui.selected.indexOf(label);
    if (at >= 0) ui.selected.splice(at, 1);
    else {
      ui.selected.push(label);
      if (ui.selected.length > 2) ui.selected.shift();
    }
    ui.hint = "";
    draw();
    const view = model.get("view") || {};
    const card = view.hands.flatMap((hand) => hand.cards).find((c) => c.label === label);
    if (card) announce(root, t(model, at >= 0 ? "card_put_back" : "card_picked", { card: card.words }));
  }
  function header(view) {
    const stat = (label, value, testid, extra = "") => h("span", { class: `ck-stat ${extra}`, "data-testid": testid }, label, " ", h("b", { text: String(value) }));
    const d = view.discard;
    const peril = view.peril ? h(
      "span",
      { class: "ck-stat ck-peril", "data-testid": "peril", title: view.peril_title },
      `${t(model, "in_peril")} `,
      h("span", { class: "ck-hourglass", "aria-label": t(model, "of_total", { n: d.time_icons, total: view.loss_icons }), text: "●".repeat(Math.min(d.time_icons, view.loss_icons)) + "○".repeat(Math.max(0, view.loss_icons - d.time_icons)) })
    ) : null;
    return h(
      "div",
      { class: "ck-header" },
      h("div", { class: "ck-title" }, h("span", { class: "ck-logo", text: "◈" }), " ", view.title, view.game_number > 1 ? h("small", { text: ` ${t(model, "game_number", { n: view.game_number })}` }) : null),
      h(
        "div",
        { class: "ck-stats" },
        stat(t(model, "turn"), view.turn_number, "turn-number"),
        stat(t(model, "deck"), view.deck_size, "deck-size"),
        stat(t(model, "discard"), d.size, "discard-size"),
        stat(t(model, "time_icons_in_discard"), d.time_icons, "time-icons", view.peril ? "ck-warn" : ""),
        peril
      )
    );
  }
  function question(view) {
    return h(
      "div",
      { class: "ck-question" },
      h("span", { class: "ck-label", text: t(model, "mission_question") }),
      h("span", { class: "ck-question-text", "data-testid": "question", text: view.question })
    );
  }
  function mapNode(view) {
    const map = view.map;
    const scroller = svgBlock(map.svg, "ck-map-view", "map-view");
    const frame = h("div", { class: "ck-map-frame" }, scroller);
    const zoom = h("button", {
      type: "button",
      class: "ck-button ck-map-zoom",
      "data-testid": "map-zoom",
      "aria-pressed": ui.mapZoom ? "true" : "false",
      onclick: () => {
        ui.mapZoom = !ui.mapZoom;
        ui.mapScroll = [0, 0];
        fitMap(box);
      }
    });
    const box = h(
      "div",
      { class: "ck-map", "data-testid": "map", "data-zoom": ui.mapZoom ? "in" : "fit", "data-fits": "true" },
      h("div", { class: "ck-map-tools" }, h("p", { class: "ck-map-hint", "data-testid": "map-hint", text: t(model, "map_zoomed_hint") }), zoom),
      frame
    );
    box.style.setProperty("--ck-map-readable", `${map.readable_width}px`);
    scroller.addEventListener("scroll", () => {
      ui.mapScroll = [scroller.scrollLeft, scroller.scrollTop];
      mapEdges(box);
    });
    const svg = scroller.querySelector("svg");
    if (!svg) return box;
    const legal = new Set(view.legal);
    const layer = svgNode("g", { class: "ck-hit-layer" });
    const words = Object.fromEntries((view.rooms_words || []).map((r) => [r.id, r.text]));
    if (!map.rooms.some((room) => room.id === ui.mapRoom)) ui.mapRoom = view.current.room;
    const centre = (room) => [room.box[0] + room.box[2] / 2, room.box[1] + room.box[3] / 2];
    const moveFrom = (room, dx, dy) => {
      const [x0, y0] = centre(room);
      let best = null;
      let score = Infinity;
      for (const other of map.rooms) {
        const [x, y] = centre(other);
        const along = (x - x0) * dx + (y - y0) * dy;
        if (other === room || along <= 0) continue;
        const across = Math.abs((x - x0) * dy - (y - y0) * dx);
        if (along + 2 * across < score) [best, score] = [other, along + 2 * across];
      }
      return best;
    };
    const keyAct = (room) => {
      const token = map.faceup.find((tok) => tok.room === room.id && tok.glyph && legal.has(`collect ${tok.glyph}`));
      if (token) act(`collect ${token.glyph}`);
      else roomClick(view, room.id);
    };
    const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    for (const room of map.rooms) {
      const verb = ROOM_VERBS.find((v) => legal.has(`${v} ${room.id}`));
      const target = Boolean(verb);
      const [x, y, w, hgt] = room.box;
      const rect = svgNode("rect", {
        x: x - 4,
        y: y - 4,
        width: w + 8,
        height: hgt + 8,
        rx: 18,
        class: `ck-room-hit${target ? " ck-room-target" : ""}`,
        "data-room": room.id,
        "data-target": target ? "true" : "false",
        role: "button",
        tabindex: room.id === ui.mapRoom ? "0" : "-1",
        "aria-label": `${words[room.id] || room.name}${target ? ` ${t(model, `enter_${verb}`)}` : ""}`
      });
      const title = svgNode("title");
      title.textContent = target ? t(model, `click_${verb}`, { room: room.name }) : room.name;
      rect.append(title);
      rect.addEventListener("click", () => roomClick(view, room.id));
      rect.addEventListener("focus", () => {
        ui.mapRoom = room.id;
      });
      rect.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          keyAct(room);
          return;
        }
        const arrow = ARROWS[event.key];
        if (!arrow) return;
        event.preventDefault();
        const next = moveFrom(room, ...arrow);
        if (!next) return;
        for (const other of layer.querySelectorAll("[data-room]")) other.setAttribute("tabindex", "-1");
        const nextRect = layer.querySelector(`[data-room="${CSS.escape(next.id)}"]`);
        nextRect.setAttribute("tabindex", "0");
        nextRect.focus();
      });
      layer.append(rect);
    }
    map.faceup.forEach((token, index) => {
      const [x, y, w, hgt] = token.box;
      const target = token.glyph && legal.has(`collect ${token.glyph}`);
      const rect = svgNode("rect", {
        x: x - 3,
        y: y - 3,
        width: w + 6,
        height: hgt + 6,
        rx: 8,
        class: `ck-token-hit${target ? " ck-token-target" : ""}`,
        "data-token": token.label,
        "data-token-room": token.room,
        "data-index": index,
        "aria-hidden": "true"
      });
      const title = svgNode("title");
      title.textContent = target ? t(model, "collect_glyph", { glyph: token.glyph }) : token.words || token.label;
      rect.append(title);
      rect.addEventListener("click", (event) => {
        event.stopPropagation();
        tokenClick(view, token);
      });
      layer.append(rect);
    });
    svg.setAttribute("aria-label", t(model, "map_label", { title: view.title }));
    svg.append(layer);
    const list = h(
      "ul",
      { class: "ck-sr-only", "data-testid": "rooms-words", "aria-label": t(model, "map_rooms") },
      (view.rooms_words || []).map((r) => h("li", { text: r.text }))
    );
    box.append(list);
    return box;
  }
  function fitMap(box) {
    if (!box || !box.isConnected) return;
    const view = model.get("view") || {};
    const readable = (view.map || {}).readable_width || 0;
    const fits = box.clientWidth >= readable - 0.5;
    const zoomed = ui.mapZoom && !fits;
    box.dataset.fits = fits ? "true" : "false";
    box.dataset.zoom = zoomed ? "in" : "fit";
    const button = box.querySelector("[data-testid=map-zoom]");
    button.setAttribute("aria-pressed", zoomed ? "true" : "false");
    button.replaceChildren(h("span", { "aria-hidden": "true", text: zoomed ? "−" : "+" }), " ", t(model, zoomed ? "map_zoom_out" : "map_zoom_in"));
    const scroller = box.querySelector(".ck-map-view");
    if (zoomed) [scroller.scrollLeft, scroller.scrollTop] = ui.mapScroll || [0, 0];
    mapEdges(box);
  }
  function mapEdges(box) {
    const scroller = box.querySelector(".ck-map-view");
    const frame = box.querySelector(".ck-map-frame");
    const zoomed = box.dataset.zoom === "in";
    const left = zoomed && scroller.scrollLeft > 1;
    const right = zoomed && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    frame.dataset.moreLeft = left ? "true" : "false";
    frame.dataset.moreRight = right ? "true" : "false";
  }
  function consoleNode(view) {
    const c = view.console;
    return h(
      "div",
      { class: "ck-console-wrap" },
      svgBlock(c.svg, "ck-console", "console"),
      h("ul", { class: "ck-sr-only", "data-testid": "console-words", "aria-label": t(model, "console_windows") }, (view.console_words || []).map((text) => h("li", { text }))),
      h(
        "div",
        { class: "ck-reading" },
        h("span", { class: "ck-label", text: t(model, "windows_read") }),
        h("code", { "data-testid": "reading", text: c.reading })
      )
    );
  }
  function team(view) {
    return h(
      "div",
      { class: "ck-team", "data-testid": "team" },
      view.characters.map(
        (ch) => h(
          "div",
          { class: `ck-char${ch.current ? " ck-char-now" : ""}`, "data-character": ch.index, title: ch.ability_text },
          h("span", { class: "ck-dot", style: `background:${SEAT_COLOURS[ch.seat % 4]}`, text: ch.name[0] }),
          h(
            "span",
            { class: "ck-char-text" },
            h("b", { text: ch.name }),
            h("small", { text: ` ${ch.ability_name}${ch.seat_label ? ` · ${ch.seat_label}` : ""}` }),
            h("br"),
            h("small", { class: "ck-muted", text: `⌂ ${ch.room_name} · ${ch.hand_words}` })
          ),
          ch.current ? h("span", { class: "ck-now", text: t(model, "now") }) : null
        )
      )
    );
  }
  function miniCard(view, card, extra = "") {
    if (!card) return h("div", { class: "ck-mini ck-mini-empty", text: "—" });
    const words = h("span", { class: "ck-sr-only", text: card.words });
    if (card.time) return h("div", { class: `ck-mini ck-time ${extra}`, title: card.words }, h("span", { "aria-hidden": "true" }, "T", h("sub", { text: String(card.time) })), words);
    return h("div", { class: `ck-mini ${extra}`, style: `--suit:${suitColour(view, card.suit)}`, title: card.words }, h("span", { "aria-hidden": "true", text: String(card.value) }), words);
  }
  function actionCards(view) {
    const legal = new Set(view.legal);
    const one = ui.selected.length === 1 ? cardValue(view, ui.selected[0]) : null;
    return roving(h(
      "div",
      { class: "ck-actions", "data-testid": "action-cards", role: "toolbar", "aria-label": t(model, "action_cards") },
      view.action_cards.map((card) => {
        let state = "";
        if (one !== null) state = legal.has(`play ${one} ${card.id}`) ? " ck-accepts" : " ck-refuses";
        if (["regroup", "lower", "unblock"].some((verb) => legal.has(`${verb} ${card.id}`))) state = " ck-accepts";
        return h(
          "button",
          {
            type: "button",
            class: `ck-action-card ck-ac-${card.id}${state}${card.blocked ? " ck-blocked" : ""}`,
            "data-action-card": card.id,
            "data-roving": "",
            "data-top": card.top ? String(card.top.value) : "0",
            "data-blocked": String(card.blocked),
            disabled: ui.waiting,
            title: card.text,
            onclick: () => actionCardClick(view, card)
          },
          h("div", { class: "ck-ac-head" }, h("span", { class: "ck-ac-icon", text: ACTION_ICONS[card.id] }), h("b", { text: card.name })),
          h("div", { class: "ck-ac-pile" }, miniCard(view, card.top), h("small", { text: card.count_words })),
          card.blocked ? h("div", { class: "ck-block", text: card.blocked_words }) : h("div", { class: "ck-ac-text", text: card.text })
        );
      })
    ));
  }
  function handNode(view) {
    if (view.locked_for) {
      const who = view.locked_for.name;
      return h(
        "div",
        { class: "ck-pass", "data-testid": "pass-device" },
        h("div", { class: "ck-pass-icon", text: "⇄" }),
        h("div", { class: "ck-pass-text" }, ...tNodes(model, "pass_device", { seat: h("b", { text: who }) })),
        h("div", { class: "ck-muted ck-small", text: t(model, "hands_stay_hidden") }),
        h("button", {
          type: "button",
          class: "ck-button ck-primary",
          "data-testid": "claim",
          disabled: ui.waiting,
          onclick: () => send({ type: "claim", seat: view.locked_for.seat }),
          text: t(model, "claim", { seat: who })
        })
      );
    }
    if (!view.hands.length) {
      return h("div", { class: "ck-hand-empty ck-muted", text: view.outcome ? "" : t(model, "hands_hidden") });
    }
    const legal = new Set(view.legal);
    const mayPick = view.phase === "act" && view.legal.some((text) => text.startsWith("play ") || text.startsWith("special "));
    return h(
      "div",
      { class: "ck-hands" },
      view.hands.map(
        (hand) => h(
          "div",
          { class: `ck-hand-row${hand.current ? " ck-hand-now" : ""}`, "data-testid": hand.current ? "hand" : `hand-${hand.character}` },
          h("div", { class: "ck-label", text: t(model, hand.current ? "hand_of_now" : "hand_of", { name: hand.name }) }),
          // the hand in play is one tab stop (arrow keys move along it, Space picks)
          (hand.current ? roving : (node) => node)(h(
            "div",
            hand.current ? { class: "ck-hand", role: "toolbar", "aria-label": t(model, "hand_of_now", { name: hand.name }) } : { class: "ck-hand" },
            hand.cards.length ? hand.cards.map((card) => {
              const picked = hand.current && ui.selected.includes(card.label);
              const playable = hand.current && mayPick && view.legal.some((text) => text.startsWith(`play ${card.value} `));
              return h(
                "button",
                {
                  type: "button",
                  class: `ck-rcard${picked ? " ck-picked" : ""}${playable ? " ck-playable" : ""}`,
                  style: `--suit:${suitColour(view, card.suit)}`,
                  "data-card": card.label,
                  "data-value": String(card.value),
                  "aria-pressed": picked ? "true" : "false",
                  "data-roving": hand.current ? "" : null,
                  "aria-label": card.words,
                  disabled: ui.waiting || !hand.current || !mayPick,
                  onclick: () => toggleCard(card.label)
                },
                h("span", { class: "ck-rcard-value", text: String(card.value) }),
                h("span", { class: "ck-rcard-suit", text: suitName(view, card.suit) })
              );
            }) : h("span", { class: "ck-muted", text: t(model, "no_cards") })
          ))
        )
      ),
      specialButton(view, legal)
    );
  }
  function specialButton(view, legal) {
    if (view.phase !== "act" || !view.legal.length) return null;
    const values = ui.selected.map((label) => cardValue(view, label)).sort((a, b) => a - b);
    const text = values.length === 2 ? `special ${values[0]} ${values[1]}` : null;
    const current = view.characters.find((ch) => ch.current);
    return h(
      "div",
      { class: "ck-special-row" },
      h("button", {
        type: "button",
        class: "ck-button",
        "data-testid": "special",
        disabled: ui.waiting || !text,
        title: current ? current.ability_text : "",
        onclick: () => text && act(text),
        text: t(model, "special", { ability: current ? current.ability_name : t(model, "ability") })
      })
    );
  }
  function buttons(view) {
    const legal = new Set(view.legal);
    const row = [];
    for (const glyph of view.collectable) {
      const icon = h("span", { class: "ck-icon" });
      icon.innerHTML = view.glyph_icons[glyph] || "";
      row.push(
        h(
          "button",
          { type: "button", class: "ck-button ck-primary", "data-action": `collect ${glyph}`, disabled: ui.waiting, onclick: () => act(`collect ${glyph}`) },
          icon,
          t(model, "collect")
        )
      );
    }
    for (const [text, label, cls] of BUTTONS) {
      if (!legal.has(text)) continue;
      row.push(h("button", { type: "button", class: `ck-button ${cls}`, "data-action": text, disabled: ui.waiting, onclick: () => act(text), text: t(model, label) }));
    }
    if (view.can_solve) {
      row.push(
        h("button", {
          type: "button",
          class: "ck-button ck-gold",
          "data-testid": "solve",
          disabled: ui.waiting,
          onclick: () => {
            ui.solving = true;
            ui.answer = view.console.answer_open ? view.console.reading : "";
            draw();
            root.querySelector("[data-testid=answer-input]")?.focus();
          },
          text: t(model, "solve")
        })
      );
    }
    if (!row.length) return null;
    return h("div", { class: "ck-buttons", "data-testid": "buttons" }, row);
  }
  function knownNode(view) {
    if (!view.known.length) return null;
    return h(
      "div",
      { class: "ck-known", "data-testid": "known" },
      h("span", { class: "ck-label", text: t(model, "peeked") }),
      view.known.map(
        (k) => h(
          "div",
          {},
          t(model, "peeked_room", { room: k.room }),
          k.tokens.flatMap((words, i) => [i ? t(model, "peeked_then") : "", ...glyphText(view, (k.parts || [])[i], words)])
        )
      )
    );
  }
  function discardNode(view) {
    const d = view.discard;
    return h(
      "div",
      { class: "ck-discard", "data-testid": "discard" },
      h("div", { class: "ck-label", text: t(model, view.peril ? "discard_pile_peril" : "discard_pile") }),
      h(
        "div",
        { class: "ck-discard-row" },
        miniCard(view, d.top),
        h(
          "div",
          { class: "ck-small" },
          `${d.size_words}, `,
          h("b", { text: d.icons_words }),
          ` ${d.note}`
        )
      )
    );
  }
  function solveDialog(view) {
    const vote = view.vote;
    if (view.outcome) return null;
    if (vote) {
      return h(
        "div",
        { class: "ck-dialog", "data-testid": "solve-dialog", role: "dialog" },
        h("div", { class: "ck-dialog-title", text: t(model, "solve_question") }),
        h("div", {}, ...tNodes(model, "proposes", { seat: vote.proposer, answer: h("b", { "data-testid": "proposal", text: t(model, "quoted", { text: vote.text }) }) })),
        h("div", { class: "ck-muted ck-small", text: t(model, "every_player_agrees") }),
        h(
          "div",
          { class: "ck-votes" },
          vote.seats.map(
            (s) => h(
              "div",
              { class: "ck-vote", "data-testid": `vote-${s.seat}` },
              h("b", { text: s.name }),
              s.proposer ? h("span", { class: "ck-muted", text: ` ${t(model, "proposed_it")}` }) : !s.waiting ? h("span", { class: "ck-ok", text: ` ${t(model, "agreed")}` }) : !s.human ? h("span", { class: "ck-muted", text: ` ${t(model, "bot_thinking")}` }) : s.mine === false ? h("span", { class: "ck-muted", text: ` ${t(model, "deciding_elsewhere")}` }) : h(
                "span",
                {},
                h("button", { type: "button", class: "ck-button ck-primary", "data-vote": "confirm", disabled: ui.waiting, onclick: () => act("confirm", s.seat), text: t(model, "confirm") }),
                h("button", { type: "button", class: "ck-button", "data-vote": "reject", disabled: ui.waiting, onclick: () => act("reject", s.seat), text: t(model, "reject") })
              )
            )
          )
        )
      );
    }
    if (!ui.solving || !view.can_solve) return null;
    const input = h("input", {
      type: "text",
      class: "ck-input",
      "data-testid": "answer-input",
      maxlength: "100",
      value: ui.answer || "",
      placeholder: t(model, "answer_placeholder"),
      oninput: (event) => {
        ui.answer = event.target.value;
      },
      onkeydown: (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          propose();
        }
      }
    });
    const others = view.seats.length > 1;
    function propose() {
      const text = (ui.answer || "").trim();
      if (!text) return hint(t(model, "write_answer_first"));
      ui.solving = false;
      if (text === view.console.reading && new Set(view.legal).has("propose-reading")) act("propose-reading");
      else act(`propose ${text}`);
    }
    return h(
      "div",
      { class: "ck-dialog", "data-testid": "solve-dialog", role: "dialog" },
      h("div", { class: "ck-dialog-title", text: t(model, "solve_title") }),
      h("div", {}, h("span", { class: "ck-muted", text: `${t(model, "question")} ` }), view.question),
      h("div", {}, h("span", { class: "ck-muted", text: `${t(model, "windows_read_colon")} ` }), h("code", { text: view.console.reading })),
      input,
      h("div", { class: "ck-muted ck-small", text: t(model, others ? "others_confirm" : "answer_final") }),
      h(
        "div",
        { class: "ck-buttons" },
        h("button", { type: "button", class: "ck-button ck-gold", "data-testid": "propose", disabled: ui.waiting, onclick: propose, text: t(model, others ? "propose" : "give") }),
        h("button", {
          type: "button",
          class: "ck-button",
          "data-testid": "cancel-solve",
          onclick: () => {
            ui.solving = false;
            draw();
          },
          text: t(model, "cancel")
        })
      )
    );
  }
  function outcomeNode(view) {
    const o = view.outcome;
    if (!o) return null;
    const win = o.result === "win";
    return h(
      "div",
      { class: `ck-outcome ck-result-${o.result}`, "data-testid": "outcome", "data-result": o.result },
      h("div", { class: "ck-result", "data-testid": "result", text: t(model, win ? "accomplished" : "failed") }),
      h("div", {}, o.reason_words ? `${o.reason_words} ` : "", `${t(model, "the_answer")} `, h("b", { "data-testid": "answer", text: o.answer || "" })),
      o.text ? h("div", { class: "ck-story", text: o.text }) : null,
      o.next ? h("div", { class: "ck-small", "data-testid": "next-mission", text: o.next_words }) : null,
      view.room ? null : h("button", { type: "button", class: "ck-button ck-gold", "data-action": "new_game", disabled: ui.waiting, onclick: () => send({ type: "new_game" }), text: t(model, "play_again") })
    );
  }
  function logNode(view) {
    const list = h(
      "ol",
      { class: "ck-log-list", "data-testid": "log", tabindex: "0", "aria-label": t(model, "what_happened"), start: String(view.log_total - view.log.length + 1) },
      view.log.map((line, i) => h("li", { class: (view.log_turn || [])[i] ? "ck-log-turn" : "" }, ...glyphText(view, (view.log_parts || [])[i], line)))
    );
    return h("details", { class: "ck-log", open: true }, h("summary", { text: t(model, "what_happened") }), list);
  }
  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    ui.renders += 1;
    root.dataset.version = String(ui.renders);
    root.dataset.serial = String(view.serial ?? 0);
    root.replaceChildren();
    if (!view.map) {
      root.append(h("div", { class: "ck-status", text: t(model, "setting_up") }));
      return;
    }
    const key = `${view.game_number}:${view.turn_number}:${view.phase}:${view.actions_taken}:${view.viewer}`;
    if (key !== ui.key) {
      ui.key = key;
      ui.selected = [];
      ui.solving = false;
      ui.hint = "";
    }
    const labels = new Set(view.hands.filter((hd) => hd.current).flatMap((hd) => hd.cards.map((c) => c.label)));
    ui.selected = ui.selected.filter((label) => labels.has(label));
    root.classList.toggle("ck-is-waiting", ui.waiting);
    root.dataset.phase = view.phase;
    const side = h(
      "div",
      { class: "ck-side" },
      team(view),
      h("div", { class: "ck-label ck-section", text: t(model, "action_cards") }),
      actionCards(view),
      handNode(view),
      knownNode(view),
      buttons(view),
      ui.hint ? h("div", { class: "ck-hint", "data-testid": "hint", text: ui.hint }) : null,
      discardNode(view)
    );
    const parts = [
      header(view),
      question(view),
      h(
        "div",
        { class: `ck-status${view.current.human && !view.locked_for && view.legal.length ? " ck-your-turn" : ""}`, "data-testid": "status" },
        ui.waiting ? h("span", { class: "ck-spinner" }) : null,
        ...glyphText(view, view.status_parts, view.status)
      ),
      message ? h("div", { class: "ck-message", role: "alert", "data-testid": "message", text: plainWords(message) }) : null,
      outcomeNode(view),
      solveDialog(view),
      h("div", { class: "ck-main" }, h("div", { class: "ck-board" }, mapNode(view), consoleNode(view)), side),
      logNode(view),
      view.saved && !view.outcome ? h("button", { type: "button", class: "ck-button", "data-action": "new_game", "data-testid": "new-game", disabled: ui.waiting, onclick: () => startOver(send, model), text: t(model, "new_game") }) : null
    ];
    root.append(...parts.filter((part) => part instanceof Node));
    fitMap(root.querySelector(".ck-map"));
    const list = root.querySelector(".ck-log-list");
    if (list) list.scrollTop = list.scrollHeight;
  }
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => fitMap(root.querySelector(".ck-map")));
  if (resized) resized.observe(root);
  const onChange = () => {
    ui.replies += 1;
    root.dataset.replies = String(ui.replies);
    stopWaiting();
    draw();
  };
  const focus = ["[data-room][tabindex='0']", "[data-testid=hand] button:not([disabled])", "[data-testid=buttons] button:not([disabled])", "[data-testid=claim]"];
  const unfollow = followTable(model, root, onChange, draw, stopWaiting, focus);
  return () => {
    if (resized) resized.disconnect();
    unfollow();
  };
}
var table_default = { render };
export {
  table_default as default
};
