// What every page shares, as one ES module: one h(), the refusal in plain words, the
// saved-game handshake, the sender (kernelSender), the table's follower (followTable)
// with its voice and focus keeper. Each widget's own module imports what it uses; the
// widgets load a bundle of the two (scripts/build_widget_js.py, cipherkit/widgets/frontend.py).

// How long a page waits for the kernel's answer before it lets the person try again.
export const WAIT_LIMIT_MS = 60000;

// One element: h("button", { class, text, onclick, "data-testid": ... }, ...children).
// Text goes in as text (never as HTML).
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// The widget's words in its viewer's language: the kernel's `words` trait (GuardedWidget.WORDS,
// from the catalog). t(model, "new_game"), t(model, "of_count", { n: 3 }): `{name}` filled
// from params (plural sentences come whole from the view). The page holds no English.
export function t(model, key, params = {}) {
  const words = model.get("words") || {};
  const text = Object.prototype.hasOwnProperty.call(words, key) ? String(words[key]) : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The element speaks the widget's language (screen readers, hyphenation, the crawl's check).
export function speakLanguage(model, el) {
  el.setAttribute("lang", model.get("lang") || "en");
  el.setAttribute("data-loading-text", t(model, "loading_game"));
}

// A value of the address's #fragment (#seat=TOKEN, #key=KEY), or null. It is read once,
// then taken out of the address bar (and so out of the history and of a projected screen).
export function takeFromHash(name) {
  const value = new URLSearchParams((window.location.hash || "").replace(/^#/, "")).get(name);
  if (value) {
    try {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    } catch (_) {
      /* the value stays in the address bar */
    }
  }
  return value;
}

// A refusal from the kernel in plain words, the way every table shows it: "illegal: not
// your turn" -> "Not your turn" (the kernel's message keeps its prefix for the logs and
// the Python API; a player reads the sentence).
export function plainWords(text) {
  const bare = String(text).replace(/^(refused|illegal|error):\s*/i, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

// Saved progress (cipherkit/widgets/saved.py): a table made with save=True keeps its game
// on the server; this page keeps only the token, in localStorage for this page's path.
// When the table is drawn the page sends what it keeps ({type: "saved", token}); the
// kernel answers {type: "keep", token} or {type: "forget"}. No rule lives here.
const SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;

// While a kept game is being fetched the table shows "Loading your game…" and nothing
// of the fresh deal the kernel drew first (no flash of a wrong hand on reload).
const LOADING_LIMIT_MS = 15000;

export function savedHandshake(model, el) {
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
      /* private mode: the game is not kept */
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
    setTimeout(loaded, LOADING_LIMIT_MS); // the kernel never answered: show what it drew
  }
  model.send({ type: "saved", token });
  return () => model.off("msg:custom", onMessage);
}

// A game in progress is thrown away by a new one: the page asks first, in one sentence.
export function startOver(send, model) {
  if (window.confirm(t(model, "start_over"))) send({ type: "new_game" });
}

// Follow the kernel: `onChange` on every update (a new view or a refusal), `draw` now,
// the saved-game handshake, the table's voice and its keyboard focus (`focus`: where
// focus goes when its control is gone, first match first); returns the clean-up
// anywidget calls when the view goes away (`stop` first: timers of the table's own).
export function followTable(model, root, onChange, draw, stop = () => {}, focus = []) {
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

// One request to the kernel at a time: `send(message)` sets `ui.waiting` (and says
// whether it sent) until `stop()` (the page calls it on the kernel's next update) or
// WAIT_LIMIT_MS have passed, when `redraw()` lets the person try again.
export function kernelSender(model, ui, redraw) {
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

// ---------------------------------------------------------------- accessibility (issue #32)
// What a table says and where the keyboard stays. The words come from the kernel (the
// view's `announce` and `turn_line`, built in Python; a view without them: its `status`);
// the page only puts them in place.

// Said to a screen reader, not shown: a polite live region after the table, and above it
// the pinned "Your turn: ..." line (its visible twin). A room seat's table is brought into
// view once, when first drawn (after joining, the game is on screen).
export function tableVoice(model, root) {
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
  // once the table is on the page and laid out (anywidget may draw it before)
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

// Say `text` once in the table's live region (what the page itself did, such as a card
// picked before anything is sent; the words come from the catalog).
export function announce(root, text) {
  const live = root.nextElementSibling;
  if (live && live.dataset.testid === "live") live.textContent = text;
}

// Keyboard focus survives a redraw: the control that had it (found again by its data-
// attribute), else the first of `fallbacks` that can take it, else the status line; the
// person's next Tab goes on from there. Nothing moves focus that was not in the table.
const FOCUS_KEYS = ["data-room", "data-card", "data-rank", "data-suit", "data-vote", "data-action-card", "data-action", "data-testid"];
const FOCUSABLE = "button, input, select, textarea, summary, a[href], [tabindex]";

export function focusKeeper(root, fallbacks = []) {
  let key = null;
  let inside = false;
  let placing = false; // focus moved by the page itself: the key stays
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
      // focus left for nothing: a click on the page (it stays out) or the control was
      // redrawn away (it comes back on the next draw)
      if (event.target.isConnected && !root.contains(document.activeElement)) inside = false;
    }, 0);
  });
  const restore = () => {
    if (!inside || root.contains(document.activeElement)) return;
    const same = key ? [...root.querySelectorAll(`[${key[0]}="${CSS.escape(key[1])}"]`)] : [];
    const found = same.find(usable);
    if (found) return place(found);
    // the control is there but waits for the kernel: park on the status line meanwhile
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

// ---------------------------------------------------------------- groups of choices (issue #50)
// Choices that belong together (a rank, a suit, the cards of a hand) are one tab stop:
// the WAI-ARIA radio-group and toolbar patterns. In `group`, the items marked
// `data-roving` take turns as the stop (the checked one, else the first, then whichever
// has focus); the arrow keys, Home and End move along them, and a typed key picks the
// item whose `data-keys` (space-separated, lower case) holds it. `choose(node)` is what a
// move does: nothing but focus in a toolbar; a click in a radio group (the choice follows
// focus, and the page redraws and focuses the new choice).
export function roving(group, { choose = (node) => node.focus() } = {}) {
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
    if (to === undefined && event.key.length === 1) {
      const typed = event.key.toLowerCase();
      const found = list.findIndex((node) => (node.dataset.keys || "").split(" ").includes(typed));
      if (found >= 0) to = found;
    }
    if (to === undefined) return;
    event.preventDefault();
    choose(list[(to + list.length) % list.length]);
  });
  return group;
}

// A radio group of `options` ({value, text, label, keys, cls}) as one tab stop: `attr`
// (a data- attribute) names each option's value; `pick(value)` records the choice and
// redraws, then the new choice takes focus (found in `root` by its attribute).
export function radioGroup(root, { label, attr, options, chosen, pick, cls = "ck-pick-group" }) {
  const choose = (value) => {
    pick(value);
    const node = root.querySelector(`[${attr}="${CSS.escape(value)}"]`);
    if (node) node.focus();
  };
  const group = h(
    "div",
    { class: cls, role: "radiogroup", "aria-label": label },
    options.map((option) =>
      h("button", {
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
        text: option.text,
      }),
    ),
  );
  return roving(group, { choose: (node) => choose(node.getAttribute(attr)) });
}
