// What every table's page shares: plain ES module + DOM, no build step. The kernel puts
// this file ahead of each table's own module (cipherkit/widgets/table_base.py,
// table_module), so the two are loaded as one.

// How long a page waits for the kernel's answer before it lets the person try again.
const WAIT_LIMIT_MS = 60000;

// One element: h("button", { class, text, onclick, "data-testid": ... }, ...children).
// Text goes in as text (never as HTML).
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
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

// Saved progress (cipherkit/widgets/saved.py): a table made with save=True keeps its game
// on the server; this page keeps only the token, in localStorage for this page's path.
// When the table is drawn the page sends what it keeps ({type: "saved", token}); the
// kernel answers {type: "keep", token} or {type: "forget"}. No rule lives here.
const SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;

// While a kept game is being fetched the table shows "Loading your game…" and nothing
// of the fresh deal the kernel drew first (no flash of a wrong hand on reload).
const LOADING_LIMIT_MS = 15000;

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
function startOver(send) {
  if (window.confirm("Start a new game? This game ends here and cannot be picked up again.")) send({ type: "new_game" });
}

// Follow the kernel: `onChange` on every update (a new view or a refusal), `draw` now,
// the saved-game handshake; returns the clean-up anywidget calls when the view goes
// away (`stop` first: timers of the table's own).
function followTable(model, root, onChange, draw, stop = () => {}) {
  model.on("change:view", onChange);
  model.on("change:message", onChange);
  draw();
  const unsave = savedHandshake(model, root);
  return () => {
    stop();
    unsave();
    model.off("change:view", onChange);
    model.off("change:message", onChange);
  };
}

// One request to the kernel at a time: `send(message)` sets `ui.waiting` (and says
// whether it sent) until `stop()` (the page calls it on the kernel's next update) or
// WAIT_LIMIT_MS have passed, when `redraw()` lets the person try again.
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
