// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   decipher/table.js 8abbd43cb41431e7d7fa5809bdb95cd50e04f72f1cd0ea42696a7956ffe7078b
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
function radioGroup(root, { label, attr, options, chosen, pick, cls = "ck-pick-group" }) {
  const choose = (value) => {
    pick(value);
    const node = root.querySelector(`[${attr}="${CSS.escape(value)}"]`);
    if (node) node.focus();
  };
  const group = h(
    "div",
    { class: cls, role: "radiogroup", "aria-label": label },
    options.map(
      (option) => h("button", {
        class: `ck-pick${option.cls ? ` ${option.cls}` : ""}${option.value === chosen ? " ck-picked" : ""}`,
        type: "button",
        role: "radio",
        "aria-checked": option.value === chosen ? "true" : "false",
        "aria-label": option.label || option.text,
        title: option.label || option.text,
        [attr]: option.value,
        "data-roving": "",
        "data-keys": (option.keys || []).map((key) => String(key).toLowerCase()).join(" "),
        onclick: () => choose(option.value),
        text: option.text
      })
    )
  );
  return roving(group, { choose: (node) => choose(node.getAttribute(attr)) });
}

// cipherkit/widgets/decipher/table.js
var SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
var SUIT_ORDER = ["S", "H", "D", "C"];
var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
function rankText(rank) {
  return rank === "T" ? "10" : rank;
}
function isRed(suit) {
  return suit === "H" || suit === "D";
}
function prettyCard(code) {
  return rankText(code.slice(0, -1)) + SUIT_SYMBOL[code.slice(-1)];
}
var NAMED_RANKS = { A: "rank_A", J: "rank_J", Q: "rank_Q", K: "rank_K" };
function rankWords(model, rank) {
  return NAMED_RANKS[rank] ? t(model, NAMED_RANKS[rank]) : rankText(rank);
}
function cardLabel(model, code) {
  return t(model, `card_${code.slice(-1)}`, { rank: rankWords(model, code.slice(0, -1)) });
}
function cardText(model, code) {
  return h("span", {}, h("span", { "aria-hidden": "true", text: prettyCard(code) }), h("span", { class: "ck-sr-only", text: cardLabel(model, code) }));
}
function cardFace(model, code, { size = "", onClick = null, enabled = false, extra = "", title = "" } = {}) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const cls = ["ck-card", size && `ck-card-${size}`, isRed(suit) ? "ck-red" : "ck-black", extra].filter(Boolean).join(" ");
  const body = [
    h("span", { class: "ck-corner", text: rankText(rank) + SUIT_SYMBOL[suit] }),
    h("span", { class: "ck-pip", text: SUIT_SYMBOL[suit] })
  ];
  const label = cardLabel(model, code);
  if (onClick) {
    return h(
      "button",
      {
        class: cls + " ck-card-button",
        "data-card": code,
        "data-testid": "hand-card",
        "data-roving": "",
        type: "button",
        title: title || label,
        "aria-label": label,
        disabled: !enabled,
        onclick: onClick
      },
      body
    );
  }
  return h("div", { class: cls, "data-card": code, title: title || label, "aria-label": label }, body);
}
function cardBack(model, size = "") {
  return h("div", { class: `ck-card ck-back ${size && `ck-card-${size}`}`, title: t(model, "hidden_card") });
}
function emptySlot(text, size = "") {
  return h("div", { class: `ck-card ck-empty ${size && `ck-card-${size}`}`, text });
}
function penny(model, hit, whose) {
  if (hit) {
    return h("span", {
      class: "ck-penny",
      "data-testid": `${whose}-penny`,
      title: t(model, "penny")
    });
  }
  return h("span", { class: "ck-penny ck-penny-none", title: t(model, "no_penny") });
}
function hitMark(model, hit) {
  if (hit === null || hit === void 0) return h("span", { class: "ck-mark ck-pending", text: "?", title: t(model, "not_marked") });
  return hit ? h("span", { class: "ck-mark ck-hit", text: "●", title: t(model, "hit") }) : h("span", { class: "ck-mark ck-miss", text: "○", title: t(model, "miss") });
}
function pileNode(model, pile, who) {
  const top = pile.top ? h("div", { class: "ck-pile-top" }, cardFace(model, pile.top.card, { size: "sm" }), hitMark(model, pile.top.hit)) : emptySlot(t(model, "empty"), "sm");
  const count = h("div", { class: "ck-count", text: pile.count_words || "" });
  const parts = [top, count];
  if (pile.history && pile.count > 0) {
    parts.push(
      h(
        "div",
        { class: "ck-history", "data-testid": `${who}-history` },
        h("div", { class: "ck-history-title", text: t(model, pile.history.length ? "earlier" : "nothing_earlier") }),
        h(
          "div",
          { class: "ck-history-cards" },
          pile.history.map((e) => h("span", { class: "ck-history-card" }, cardFace(model, e.card, { size: "xs" }), hitMark(model, e.hit)))
        )
      )
    );
  }
  return h("div", { class: "ck-pile", "data-testid": `${who}-pile` }, parts);
}
function render({ model, el }) {
  const root = h("div", { class: "ck-decipher", "data-testid": "decipher-table" });
  el.append(root);
  const ui = { rank: null, suit: null, pickKey: null, waiting: false, timer: null };
  const kernel = kernelSender(model, ui, () => draw());
  const stopWaiting = kernel.stop;
  function send(message) {
    if (kernel.send(message)) draw();
  }
  const act = (text) => send({ type: "action", text });
  function header(view) {
    const stat = (label, value, testid) => h("span", { class: "ck-stat", "data-testid": testid }, h("b", { text: String(value) }), " ", label);
    const count = (label, value, testid) => h("span", { class: "ck-stat", "data-testid": testid }, label, " ", h("b", { text: String(value) }));
    return h(
      "div",
      { class: "ck-header" },
      h("div", { class: "ck-title" }, h("span", { class: "ck-logo", text: "♠♥" }), ` ${t(model, "title")} `, h("small", { text: view.say.heading })),
      h(
        "div",
        { class: "ck-stats" },
        count(t(model, "game"), view.game_number, "game-number"),
        count(t(model, "turn"), view.turn_number, "turn-number"),
        stat(view.say.deck, view.deck_size, "deck-size"),
        stat(view.say.their_hand, view.bot_hand_size, "bot-hand-size")
      )
    );
  }
  function columnNode(view, col) {
    const over = view.phase === "over";
    const guessing = view.phase === "guess";
    const labels = view.say.labels;
    const botCard = col.bot_card ? cardFace(model, col.bot_card, { extra: "ck-revealed" }) : cardBack(model);
    const yourGuess = col.your_guess ? h("div", { class: "ck-guess", "data-testid": "your-guess" }, `${t(model, "your_guess")} `, h("b", {}, cardText(model, col.your_guess))) : guessing && view.guesser === "you" && col.current ? h("div", { class: "ck-guess ck-guess-now", text: t(model, "guess_this_card") }) : null;
    const botGuess = over && col.bot_guess ? h("div", { class: "ck-guess", "data-testid": "bot-guess" }, `${labels.their_guess} `, h("b", {}, cardText(model, col.bot_guess))) : null;
    return h(
      "div",
      {
        class: `ck-column${col.current ? " ck-current" : ""}`,
        "data-testid": `column-${col.index + 1}`,
        "data-current": col.current ? "true" : "false"
      },
      h("div", { class: "ck-col-head" }, t(model, "column", { column: col.index + 1 }), col.current ? h("span", { class: "ck-now", text: t(model, "now") }) : null),
      h("div", { class: "ck-zone ck-zone-bot" }, h("div", { class: "ck-label", text: labels.their_hidden }), h("div", { class: "ck-hidden" }, botCard, penny(model, col.your_hit, "your")), yourGuess),
      h("div", { class: "ck-zone" }, h("div", { class: "ck-label", text: labels.your_pile }), pileNode(model, col.your_pile, "your")),
      h("div", { class: "ck-divider" }),
      h("div", { class: "ck-zone" }, h("div", { class: "ck-label", text: labels.their_pile }), pileNode(model, col.bot_pile, "bot")),
      h("div", { class: "ck-zone ck-zone-you" }, h("div", { class: "ck-label", text: labels.your_hidden }), h("div", { class: "ck-hidden" }, col.your_card ? cardFace(model, col.your_card) : cardBack(model), penny(model, col.bot_hit, "bot")), botGuess)
    );
  }
  function handNode(view) {
    const legal = new Set(view.legal);
    const cards = view.hand.map(
      (code) => cardFace(model, code, {
        enabled: !ui.waiting && legal.has(`play ${code}`),
        onClick: () => act(`play ${code}`),
        title: view.column !== null && view.phase === "play" ? t(model, "play_on_column", { column: view.column + 1 }) : ""
      })
    );
    return h(
      "div",
      { class: "ck-hand-row" },
      h("div", { class: "ck-label", text: t(model, "your_hand", { n: view.hand.length }) }),
      // the hand is one tab stop (arrow keys move along it, Enter plays)
      roving(h("div", { class: "ck-hand", "data-testid": "hand", role: "toolbar", "aria-label": t(model, "your_hand", { n: view.hand.length }) }, cards.length ? cards : h("span", { class: "ck-muted", text: t(model, "no_cards") })))
    );
  }
  function controls(view) {
    const legal = new Set(view.legal);
    const button = (label, action, cls, testid) => h("button", {
      class: `ck-button ${cls}`,
      type: "button",
      "data-action": action,
      "data-testid": testid,
      disabled: ui.waiting || !legal.has(action),
      onclick: () => {
        const early = action === "break" && view.turn_number <= 2;
        if (!early || window.confirm(t(model, "break_first_turn"))) act(action);
      },
      text: label
    });
    if (view.phase !== "play") return null;
    return h(
      "div",
      { class: "ck-controls" },
      button(t(model, "break"), "break", "ck-danger", "break"),
      button(view.column === null ? t(model, "skip") : t(model, "skip_column", { column: view.column + 1 }), "skip", "", "skip")
    );
  }
  function picker(view) {
    if (!(view.phase === "guess" && view.guesser === "you" && view.to_move === "you")) return null;
    const key = `${view.game_number}:${view.column}`;
    if (ui.pickKey !== key) {
      ui.pickKey = key;
      ui.rank = null;
      ui.suit = null;
    }
    const may = new Set(view.legal).has("guess");
    const chosen = ui.rank && ui.suit ? ui.rank + ui.suit : null;
    const pickRow = (field, options) => h(
      "div",
      { class: "ck-pick-row" },
      h("span", { class: "ck-pick-label", "aria-hidden": "true", text: t(model, field) }),
      radioGroup(root, {
        label: t(model, field),
        attr: `data-${field}`,
        chosen: ui[field],
        options,
        pick: (value) => {
          ui[field] = value;
          draw();
        }
      })
    );
    const ranks = RANKS.map((r) => ({
      value: r,
      text: rankText(r),
      label: rankWords(model, r),
      keys: r === "T" ? ["t", "0", "1"] : [r, rankWords(model, r).charAt(0)]
    }));
    const suits = SUIT_ORDER.map((s) => ({
      value: s,
      text: SUIT_SYMBOL[s],
      label: t(model, `suit_${s}`),
      keys: [s, t(model, `suit_${s}`).charAt(0)],
      cls: `ck-pick-suit ${isRed(s) ? "ck-red" : "ck-black"}`
    }));
    return h(
      "div",
      { class: "ck-picker", "data-testid": "guess-picker" },
      h("div", { class: "ck-picker-title", text: view.say.picker }),
      pickRow("rank", ranks),
      pickRow("suit", suits),
      h(
        "div",
        { class: "ck-pick-row" },
        chosen ? cardFace(model, chosen, { size: "sm" }) : emptySlot("?", "sm"),
        h("button", {
          class: "ck-button ck-primary",
          type: "button",
          "data-action": "guess",
          "data-testid": "guess",
          disabled: ui.waiting || !may || !chosen,
          onclick: () => act(`guess ${chosen}`),
          text: t(model, "guess_column", { column: view.column + 1 })
        })
      )
    );
  }
  function reveal(view) {
    if (view.phase !== "over") return null;
    const banner = view.say.result;
    const headers = view.say.reveal_headers;
    const rows = view.columns.map(
      (col) => h(
        "tr",
        {},
        h("th", { text: t(model, "column", { column: col.index + 1 }) }),
        h("td", {}, col.your_guess ? cardText(model, col.your_guess) : "—", " / ", h("b", {}, cardText(model, col.bot_card))),
        h("td", { class: "ck-points", text: `${col.your_points} (${col.your_match})` }),
        h("td", {}, col.bot_guess ? cardText(model, col.bot_guess) : "—", " / ", h("b", {}, cardText(model, col.your_card))),
        h("td", { class: "ck-points", text: `${col.bot_points} (${col.bot_match})` })
      )
    );
    const s = view.scoring;
    return h(
      "div",
      { class: `ck-reveal ck-result-${view.result}`, "data-testid": "reveal" },
      h("div", { class: "ck-result", "data-testid": "result", text: banner }),
      h(
        "div",
        { class: "ck-score", "data-testid": "scores" },
        h("span", {}, `${view.say.me} `, h("b", { "data-testid": "score-you", text: String(view.scores.you) })),
        h("span", { class: "ck-muted", text: " : " }),
        h("span", {}, h("b", { "data-testid": "score-bot", text: String(view.scores.bot) }), ` ${view.say.them}`)
      ),
      h(
        "table",
        { class: "ck-table" },
        h("thead", {}, h("tr", {}, h("td"), headers.map((text) => h("th", { text })))),
        h("tbody", {}, rows)
      ),
      h("div", { class: "ck-muted ck-small", text: t(model, "points_per_card", { exact: s.exact, rank: s.rank, suit: s.suit }) }),
      view.room ? null : h("button", {
        class: "ck-button ck-primary",
        type: "button",
        "data-action": "new_game",
        "data-testid": "play-again",
        disabled: ui.waiting,
        onclick: () => send({ type: "new_game" }),
        text: t(model, "play_again")
      })
    );
  }
  function boardWords(view) {
    const words = view.board_words;
    if (!words) return null;
    return h(
      "div",
      { class: "ck-sr-only" },
      h(
        "table",
        { "data-testid": "board-words" },
        h("caption", { text: t(model, "the_board") }),
        h("thead", {}, h("tr", {}, h("td"), words.headers.map((text) => h("th", { scope: "col", text })))),
        h("tbody", {}, words.rows.map(([label, ...cells]) => h("tr", {}, h("th", { scope: "row", text: label }), cells.map((text) => h("td", { text })))))
      )
    );
  }
  function legend() {
    return h(
      "div",
      { class: "ck-legend" },
      h("span", {}, hitMark(model, true), ` ${t(model, "legend_hit")}`),
      h("span", {}, h("span", { class: "ck-penny ck-penny-inline" }), ` ${t(model, "legend_penny")}`),
      h("span", {}, hitMark(model, false), ` ${t(model, "legend_miss")}`),
      h("span", {}, hitMark(model, null), ` ${t(model, "legend_not_marked")}`)
    );
  }
  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    root.replaceChildren();
    if (!view.columns) {
      root.append(h("div", { class: "ck-status", text: t(model, "dealing") }));
      return;
    }
    root.classList.toggle("ck-is-waiting", ui.waiting || view.thinking);
    const busy = ui.waiting || view.thinking;
    const parts = [
      header(view),
      h(
        "div",
        { class: `ck-status${busy ? " ck-busy" : ""}${view.to_move === "you" ? " ck-your-turn" : ""}`, "data-testid": "status" },
        busy ? h("span", { class: "ck-spinner" }) : null,
        view.status
      ),
      message ? h("div", { class: "ck-message", role: "alert", "data-testid": "message", text: plainWords(message) }) : null,
      reveal(view),
      boardWords(view),
      h("div", { class: "ck-board", "data-testid": "board", "aria-hidden": "true" }, view.columns.map((col) => columnNode(view, col))),
      legend(),
      picker(view),
      handNode(view),
      controls(view),
      view.phase === "guess" ? h("div", { class: "ck-muted ck-small", "data-testid": "bot-guess-count", text: view.say.their_guesses }) : null,
      h(
        "details",
        { class: "ck-log", open: true },
        h("summary", { text: t(model, "what_happened") }),
        h("ol", { "data-testid": "log" }, view.log.map((line) => h("li", { text: line })))
      ),
      view.saved && !view.result ? h("button", { class: "ck-button", type: "button", "data-action": "new_game", "data-testid": "new-game", disabled: ui.waiting, onclick: () => startOver(send, model), text: t(model, "new_game") }) : null
    ];
    root.append(...parts.filter((part) => part instanceof Node));
  }
  const onChange = () => {
    stopWaiting();
    draw();
  };
  const focus = ["[data-testid=hand] button:not([disabled])[tabindex='0']", "[data-testid=guess-picker] [data-rank][tabindex='0']", "[data-testid=play-again]"];
  return followTable(model, root, onChange, draw, stopWaiting, focus);
}
var table_default = { render };
export {
  table_default as default
};
