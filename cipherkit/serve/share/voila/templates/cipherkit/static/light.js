// cipherkit's light page client: what a published table page runs instead of Voila's
// JupyterLab bundle (about 5 MB of scripts in 95 requests, most of a page's load time).
//
// A table page holds Markdown (already HTML, rendered by Voila on the server) and one or
// more cipherkit widgets. Every cipherkit widget is an anywidget with a plain ES module
// and a handful of synced traits, so this client needs only the small part of the
// Jupyter widget protocol those widgets use:
//
//   1. draw every cell output Voila wrote into the page (widget views, HTML, images,
//      text);
//   2. open the page's kernel websocket (the Jupyter messaging protocol as JSON text
//      frames), ask the `jupyter.widget.control` comm for every widget's state
//      (`request_states`), and close that comm again;
//   3. for each widget view, load the widget's module (its `_esm` trait) and its CSS,
//      and call its `render({model, el})` with a model offering get / set /
//      save_changes / on / off / send, kept up to date from the kernel's `update`,
//      `echo_update` and `custom` comm messages.
//
// The kernel trusts nothing this client says (cipherkit/widgets/guard.py): the client
// holds no rule and no hidden information, exactly like Voila's own frontend.
//
// The page names its kernel by a page key the server made for this page (its
// `kernelId`); when the tab closes, the page ends its kernel with
// POST voila/api/shutdown/<page key> carrying the `_xsrf` token (a page that shows no
// widget ends it at once). If the kernel dies or the connection goes, a notice with a
// Reload button says so, and any move made afterwards is said to be not sent.
// Pages with other widgets (ipywidgets boxes, buttons) need Voila's full frontend: the
// page template gives it by kind (see index.html.j2), and if a light page turns out to
// show any other widget (a teacher's lesson with a slider), this client loads the page
// again with the `cipherkit-full` template before drawing anything.
//
// Pages with Voila's full frontend run this same file too (the template loads it as
// watch.js, a link to this file): there it only ends the kernel when the tab closes and
// asks every 5 s whether the page's kernel is still there (the server answers 404 once it
// has gone), since Voila's frontend says nothing then; the notice is the same.

// The frame's words in the page's language (the template's #ck-words data, issue 47).
const PAGE_WORDS = (() => {
  try {
    return JSON.parse(document.getElementById("ck-words")?.dataset.words || "{}");
  } catch (_) {
    return {};
  }
})();
const say = (key) => String(PAGE_WORDS[key] ?? key);

const OUTPUT = 'script[type="application/vnd.voila.cell-output+json"]';
const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
const PROTOCOL = "2.1.0"; // the widget messages
const CONTROL_PROTOCOL = "1.0.0"; // the jupyter.widget.control comm

const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
const base = config.baseUrl.endsWith("/") ? config.baseUrl : `${config.baseUrl}/`;
// A light page says so on its set-up script (page.js); a full-frontend page says "0".
const LIGHT = document.querySelector("script[data-light]")?.dataset.light === "1";

// Random ids from getRandomValues: crypto.randomUUID needs a secure context, and
// classrooms often serve pages over plain http on the local network.
function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const session = newId();

// Full-frontend pages have no light.css: there a notice carries its own style.
const FULL_STYLE = {
  alert: "background:#fff4d6;border-bottom:1px solid #e0b94f;color:#4a3a00",
  status: "background:#e8f1ff;border-bottom:1px solid #7aa7e0;color:#12345a",
};

function newBar(role) {
  document.getElementById("ck-light-notice")?.remove();
  const bar = document.createElement("div");
  bar.id = "ck-light-notice";
  bar.setAttribute("role", role);
  if (!LIGHT) {
    bar.style.cssText =
      "position:sticky;top:0;z-index:1000;padding:0.6em 1em;font:15px system-ui,sans-serif;" +
      FULL_STYLE[role];
  }
  document.body.prepend(bar);
  return bar;
}

// A notice at the top of the page, with a Reload button when reloading is the way on.
function notice(text, reload = false) {
  const bar = document.getElementById("ck-light-notice") ?? newBar("alert");
  const line = document.createElement("span");
  line.textContent = text;
  bar.replaceChildren(line);
  if (reload) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = say("reload");
    if (!LIGHT) button.style.cssText = "margin-left:0.6em;padding:0.25em 1em;font:inherit";
    button.addEventListener("click", () => location.reload());
    bar.append(" ", button);
  }
}

// A room page (the Play together lobby in a room: the server keeps the seat, or the room
// watched, for this browser's cookie) or a solo page with a saved game
// (cipherkit.widgets.saved) need not ask when its kernel has gone: it says
// "reconnecting" and reloads, and the new kernel puts the seat back, or resumes the game
// from the token in localStorage. At most three times a minute; then the plain notice.
const SAVED_KEY = `cipherkit.saved:${location.pathname}`;
const RECONNECTS = "cipherkit.reconnects";

function stored(read) {
  try {
    return read();
  } catch {
    return false;
  }
}

const inRoom = () => Boolean(document.querySelector("[data-testid=lobby] [data-testid=room-code]"));
const savedHere = () => stored(() => Boolean(localStorage.getItem(SAVED_KEY)));

function reconnect(text) {
  const now = Date.now();
  const lastMinute =
    stored(() => JSON.parse(sessionStorage.getItem(RECONNECTS) || "[]").filter((t) => now - t < 60000)) || [];
  if (lastMinute.length >= 3) return false;
  sessionStorage.setItem(RECONNECTS, JSON.stringify([...lastMinute, now]));
  const bar = newBar("status");
  bar.setAttribute("data-testid", "reconnecting");
  bar.textContent = text;
  setTimeout(() => location.reload(), 1500);
  return true;
}

// The game on the server is gone: reconnect where a token is kept, else say so.
function gone(text) {
  if (inRoom() && reconnect(say("reconnect_room"))) return;
  if (savedHere() && reconnect(say("reconnect_saved"))) return;
  notice(text, true);
}

// ---------------------------------------------------------------- the page's own kernel

function xsrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/);
  return match ? match[1] : "";
}

let ended = false;

// End this page's kernel (the server checks the page key and the _xsrf token).
function endKernel() {
  if (ended || !config.kernelId) return;
  ended = true;
  const url = `${base}voila/api/shutdown/${config.kernelId}`;
  const body = new FormData();
  body.append("_xsrf", xsrfToken());
  if (!(navigator.sendBeacon && navigator.sendBeacon(url, body))) {
    fetch(url, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
  }
}

addEventListener("pagehide", endKernel);
addEventListener("pageshow", (event) => {
  if (event.persisted) location.reload(); // back from the cache: its kernel has ended
});

// ---------------------------------------------------------------- the widget model

class Model {
  constructor(id, state, send) {
    this.id = id;
    this.state = { ...state };
    this.pending = {};
    this.handlers = new Map();
    this.sendRaw = send;
  }

  get(name) {
    return this.state[name];
  }

  set(name, value) {
    this.state[name] = value;
    this.pending[name] = value;
    this.emit(`change:${name}`, value);
    this.emit("change");
  }

  save_changes() {
    const state = this.pending;
    this.pending = {};
    if (Object.keys(state).length) this.sendRaw(this.id, { method: "update", state, buffer_paths: [] });
  }

  send(content, callbacks, buffers) {
    this.sendRaw(this.id, { method: "custom", content }, buffers);
  }

  on(event, handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(handler);
  }

  off(event, handler) {
    if (!event) this.handlers.clear();
    else if (!handler) this.handlers.delete(event);
    else this.handlers.get(event)?.delete(handler);
  }

  emit(event, ...args) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        handler(...args);
      } catch (error) {
        console.error(error);
      }
    }
  }

  // A state update from the kernel: store it, then say what changed.
  update(state) {
    const changed = Object.keys(state).filter((name) => {
      const same = JSON.stringify(this.state[name]) === JSON.stringify(state[name]);
      this.state[name] = state[name];
      return !same;
    });
    for (const name of changed) this.emit(`change:${name}`, state[name]);
    if (changed.length) this.emit("change");
  }
}

// ---------------------------------------------------------------- the kernel socket

// One message from the socket: a JSON text frame, or a binary frame (a message with
// buffers: a count, offsets, the JSON, then the buffers, which cipherkit widgets never
// use) whose JSON part is kept. Anything else is dropped.
function decode(data) {
  try {
    if (typeof data === "string") return JSON.parse(data);
    const view = new DataView(data);
    const count = view.getUint32(0);
    const start = view.getUint32(4);
    const end = count > 1 ? view.getUint32(8) : data.byteLength;
    return JSON.parse(new TextDecoder().decode(data.slice(start, end)));
  } catch {
    return null;
  }
}

const STOPPED = say("stopped");
const LOST = say("lost");
const NOT_SENT = say("not_sent");
const DEAD_STATES = new Set(["dead", "restarting", "autorestarting"]);

class Kernel {
  constructor() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${location.host}${base}api/kernels/${config.kernelId}/channels`;
    this.socket = new WebSocket(`${url}?session_id=${session}`);
    this.listeners = new Set();
    this.opened = new Promise((resolve, reject) => {
      this.socket.addEventListener("open", resolve, { once: true });
      this.socket.addEventListener("error", reject, { once: true });
    });
    this.socket.binaryType = "arraybuffer";
    this.socket.addEventListener("message", (event) => {
      const msg = decode(event.data);
      if (!msg) return;
      if (msg.header?.msg_type === "status" && DEAD_STATES.has(msg.content?.execution_state)) {
        this.lost(STOPPED); // a restarted kernel is blank: this page's game is gone
        return;
      }
      for (const listener of [...this.listeners]) listener(msg);
    });
    this.leaving = false;
    this.alive = true;
    this.socket.addEventListener("close", () => {
      if (!this.leaving) this.lost(this.alive ? LOST : STOPPED);
    });
  }

  // The game on the server is gone: say so once (gone), and send nothing more.
  lost(text) {
    if (!this.alive) return;
    this.alive = false;
    gone(text);
    if (this.socket.readyState <= WebSocket.OPEN) this.socket.close();
  }

  send(msgType, content, metadata = {}) {
    const header = {
      msg_id: newId(),
      msg_type: msgType,
      username: "",
      session,
      date: new Date().toISOString(),
      version: "5.3",
    };
    const msg = { header, parent_header: {}, metadata, content, channel: "shell", buffers: [] };
    if (!this.alive) {
      if (msgType === "comm_msg") notice(NOT_SENT, true);
      return;
    }
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  commMessage(commId, data) {
    this.send("comm_msg", { comm_id: commId, data }, { version: PROTOCOL });
  }

  // Every widget's state, from the widget control comm.
  async requestStates(timeoutMs = 60000) {
    await this.opened;
    const commId = newId();
    const reply = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no widget state")), timeoutMs);
      const listener = (msg) => {
        const content = msg.content ?? {};
        if (msg.header?.msg_type !== "comm_msg" || content.comm_id !== commId) return;
        if (content.data?.method !== "update_states") return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(content.data.states ?? {});
      };
      this.listeners.add(listener);
    });
    this.send("comm_open", { comm_id: commId, target_name: "jupyter.widget.control", data: {} }, { version: CONTROL_PROTOCOL });
    this.commMessage(commId, { method: "request_states" });
    const states = await reply;
    this.send("comm_close", { comm_id: commId, data: {} });
    return states;
  }
}

// ---------------------------------------------------------------- outputs

function textNode(text, className) {
  const pre = document.createElement("pre");
  pre.textContent = text;
  const box = document.createElement("div");
  box.className = `jp-RenderedText jp-OutputArea-output ${className}`;
  box.append(pre);
  return box;
}

function joined(value) {
  return Array.isArray(value) ? value.join("") : String(value ?? "");
}

// One cell output as a node; widget views become placeholders filled in later.
function outputNode(output, views) {
  const data = output.data ?? {};
  if (output.output_type === "stream") return textNode(joined(output.text), "");
  if (output.output_type === "error") return textNode(`${output.ename}: ${output.evalue}`, "jp-mod-error");
  if (data[WIDGET_VIEW]) {
    const el = document.createElement("div");
    el.className = "jupyter-widgets jp-OutputArea-output";
    views.push({ el, modelId: data[WIDGET_VIEW].model_id });
    return el;
  }
  if (data["text/html"] || data["image/svg+xml"]) {
    const box = document.createElement("div");
    box.className = "jp-RenderedHTMLCommon jp-RenderedHTML jp-OutputArea-output";
    box.innerHTML = joined(data["text/html"] ?? data["image/svg+xml"]);
    return box;
  }
  for (const type of ["image/png", "image/jpeg", "image/gif"]) {
    if (data[type]) {
      const img = document.createElement("img");
      img.src = `data:${type};base64,${joined(data[type])}`;
      const box = document.createElement("div");
      box.className = "jp-RenderedImage jp-OutputArea-output";
      box.append(img);
      return box;
    }
  }
  return textNode(joined(data["text/plain"]), "");
}

// Every cell output Voila wrote into the page, with the script element that holds it.
function pageOutputs() {
  const outputs = [];
  for (const script of document.querySelectorAll(OUTPUT)) {
    try {
      outputs.push({ script, output: JSON.parse(script.textContent) });
    } catch {
      script.remove();
    }
  }
  return outputs;
}

function drawOutputs(outputs) {
  const views = [];
  for (const { script, output } of outputs) script.replaceWith(outputNode(output, views));
  return views;
}

// The same page with Voila's full frontend (the `cipherkit-full` template).
function loadFullFrontend() {
  const url = new URL(location.href);
  url.searchParams.set("template", "cipherkit-full");
  location.replace(url.toString());
}

// ---------------------------------------------------------------- widgets

const modules = new Map(); // _esm text -> the loaded widget definition

async function widgetDefinition(esm) {
  if (!modules.has(esm)) {
    const load = async () => {
      const isUrl = /^https?:\/\//.test(esm);
      const url = isUrl ? esm : URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
      try {
        const mod = await import(url);
        const widget = mod.default ?? mod;
        return typeof widget === "function" ? await widget() : widget;
      } finally {
        if (!isUrl) URL.revokeObjectURL(url);
      }
    };
    modules.set(esm, load());
  }
  return modules.get(esm);
}

const styled = new Set();

function addStyle(model) {
  const css = model.get("_css");
  const key = model.get("_anywidget_id") ?? css;
  if (!css || styled.has(key)) return;
  styled.add(key);
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
}

async function drawView(view, models, initialized) {
  const model = models.get(view.modelId);
  if (!model || model.get("_model_module") !== "anywidget") {
    view.el.textContent = say("undrawable");
    return;
  }
  addStyle(model);
  const widget = await widgetDefinition(model.get("_esm"));
  if (!initialized.has(model)) {
    initialized.set(model, Promise.resolve(widget.initialize?.({ model, experimental: {} })));
  }
  await initialized.get(model);
  for (const name of model.get("_dom_classes") ?? []) view.el.classList.add(name);
  await widget.render?.({ model, el: view.el, experimental: {} });
}

async function main() {
  const outputs = pageOutputs();
  const wanted = outputs.flatMap(({ output }) => {
    const view = output.data?.[WIDGET_VIEW];
    return view ? [view.model_id] : [];
  });
  if (!wanted.length) {
    drawOutputs(outputs); // nothing on the page talks to the kernel: end it now
    endKernel();
    document.body.dataset.ckLight = "ready";
    return;
  }
  const kernel = new Kernel();
  const models = new Map();
  const send = (commId, data) => kernel.commMessage(commId, data);
  kernel.listeners.add((msg) => {
    const type = msg.header?.msg_type;
    const content = msg.content ?? {};
    const model = models.get(content.comm_id);
    if (!model) return;
    if (type === "comm_close") {
      notice(say("closed"), true);
    } else if (type === "comm_msg") {
      const data = content.data ?? {};
      if (data.method === "update" || data.method === "echo_update") model.update(data.state ?? {});
      else if (data.method === "custom") model.emit("msg:custom", data.content, msg.buffers ?? []);
    }
  });
  let states;
  try {
    states = await kernel.requestStates();
  } catch {
    if (kernel.alive) notice(say("unreachable"), true);
    return;
  }
  if (wanted.some((id) => states[id]?.model_module !== "anywidget")) {
    kernel.leaving = true;
    kernel.socket.close();
    loadFullFrontend(); // (leaving this page ends its kernel)
    return;
  }
  for (const [id, entry] of Object.entries(states)) {
    models.set(id, new Model(id, entry.state ?? {}, send));
  }
  const views = drawOutputs(outputs);
  const initialized = new Map();
  await Promise.all(views.map((view) => drawView(view, models, initialized).catch((error) => {
    console.error(error);
    view.el.textContent = say("undrawable");
  })));
  document.body.dataset.ckLight = "ready";
}

// ---------------------------------------------------------------- full-frontend pages

// Ask every 5 s whether the page's kernel is still there (404 once it has gone).
async function watchKernel() {
  if (ended || !config.kernelId) return;
  try {
    const response = await fetch(`${base}api/kernels/${config.kernelId}`, { credentials: "same-origin" });
    if (response.status === 404) {
      if (!ended) gone(STOPPED);
      return;
    }
  } catch {
    // the server is unreachable for a moment: ask again
  }
  setTimeout(watchKernel, 5000);
}

if (LIGHT) main();
else setTimeout(watchKernel, 5000);
