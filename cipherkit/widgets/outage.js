// Outages said: a page that cannot reach its server says so within 3 s. An ES module the
// pages' own modules import (watchOutage, deviceId); the notice is the page's, shared by
// every widget on it. deviceId() is
// here too: every page that talks to the server's limits uses it.
//
// watchOutage(model, {ping}) watches one widget's link to the kernel: every message the
// page sends must be answered (an update or a custom message back) within
// OUTAGE_AFTER_MS, else a notice says the page lost touch; it goes when the kernel
// answers again. A message sent meanwhile is not dropped: the browser holds it until the
// connection answers, or, if the connection has closed, the page says it was not sent.
// With `ping` (a message type the kernel answers at once), the page asks every
// PING_EVERY_MS while nothing else waits, so it notices an outage even when nobody clicks.

// A ping goes at most PING_EVERY_MS after the last answer and is missed after
// OUTAGE_AFTER_MS: the page says so at most 0.75 + 2 + 0.25 (its look) = 3 s after the
// server stopped answering.
const OUTAGE_AFTER_MS = 2000;
const PING_EVERY_MS = 750;
const LOOK_MS = 250;
// The device id the server's limits on wrong codes and keys count this browser's pages
// by: a random id kept in localStorage (none in private mode: the page alone counts).
const DEVICE_KEY = "cipherkit.device";

export function deviceId() {
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
    return null; /* private mode: the page alone is counted */
  }
}

// The notice's words come from the widget watched (its `words`, in its viewer's language).
function outageState() {
  if (!window.__ckOutage) window.__ckOutage = { lost: new Set(), bar: null, text: "" };
  return window.__ckOutage;
}

function showOutage(state) {
  // The page's own notice (the connection closed, the game stopped) says more: no second one.
  const closed = document.getElementById("ck-light-notice");
  if (state.lost.size && !closed) {
    if (state.bar && state.bar.isConnected) return;
    const bar = document.createElement("div");
    bar.className = "ck-outage";
    bar.setAttribute("role", "alert");
    bar.setAttribute("data-testid", "outage");
    bar.style.cssText =
      "position:sticky;top:0;z-index:1001;padding:0.6em 1em;background:#fde8e8;" +
      "border-bottom:1px solid #d98080;color:#5a1212;font:15px system-ui,sans-serif";
    bar.textContent = state.text;
    document.body.prepend(bar);
    state.bar = bar;
  } else if (state.bar) {
    state.bar.remove();
    state.bar = null;
  }
}

export function watchOutage(model, { ping = null } = {}, text = "") {
  if (model.__ckOutage) return model.__ckOutage;
  const state = outageState();
  if (text) state.text = text;
  const raw = model.send.bind(model);
  let oldest = 0; // when the oldest message still unanswered went (0: none)
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
