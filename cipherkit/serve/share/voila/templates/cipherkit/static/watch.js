// What pages with Voila's full frontend (the campaign page, the cipherkit-full template)
// run beside it: a notice with a Reload button once the page's kernel has gone (it died,
// or the server ended it), since Voila's frontend says nothing then. The page names its
// kernel by its page key (`kernelId`); the server answers 404 for it once it has gone.
// When the tab closes, Voila's frontend ends the kernel on `beforeunload`; this ends it
// on `pagehide` too (with the _xsrf token), which browsers fire more reliably.

const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
const base = config.baseUrl.endsWith("/") ? config.baseUrl : `${config.baseUrl}/`;
const EVERY_MS = 5000;

// A room page (the Play together lobby with a seat kept in this browser) need not ask:
// it says "reconnecting" and reloads, and the new kernel resumes the seat from the
// token in localStorage. At most three times a minute; then the plain notice.
const RECONNECTS = "cipherkit.reconnects";

function inRoom() {
  if (!document.querySelector("[data-testid=lobby] [data-testid=room-code]")) return false;
  try {
    return Object.keys(JSON.parse(localStorage.getItem("cipherkit.rooms") || "{}")).length > 0;
  } catch {
    return false;
  }
}

// A solo page with a saved game (cipherkit.widgets.saved) reloads the same way: the new
// kernel resumes the game from the token this page keeps.
function savedHere() {
  try {
    return Boolean(localStorage.getItem(`cipherkit.saved:${location.pathname}`));
  } catch {
    return false;
  }
}

function reconnect(text) {
  const now = Date.now();
  let recent = [];
  try {
    recent = JSON.parse(sessionStorage.getItem(RECONNECTS) || "[]").filter((t) => now - t < 60000);
  } catch {
    recent = [];
  }
  if (recent.length >= 3) return false;
  sessionStorage.setItem(RECONNECTS, JSON.stringify([...recent, now]));
  const bar = document.createElement("div");
  bar.id = "ck-light-notice";
  bar.setAttribute("role", "status");
  bar.setAttribute("data-testid", "reconnecting");
  bar.style.cssText =
    "position:sticky;top:0;z-index:1000;padding:0.6em 1em;background:#e8f1ff;" +
    "border-bottom:1px solid #7aa7e0;color:#12345a;font:15px system-ui,sans-serif";
  bar.textContent = text;
  document.body.prepend(bar);
  setTimeout(() => location.reload(), 1500);
  return true;
}

function notice() {
  if (document.getElementById("ck-light-notice")) return;
  if (inRoom() && reconnect("Reconnecting to your room… your seat is kept.")) return;
  if (savedHere() && reconnect("Reconnecting… your game is saved and goes on where you left it.")) return;
  const bar = document.createElement("div");
  bar.id = "ck-light-notice";
  bar.setAttribute("role", "alert");
  bar.style.cssText =
    "position:sticky;top:0;z-index:1000;padding:0.6em 1em;background:#fff4d6;" +
    "border-bottom:1px solid #e0b94f;color:#4a3a00;font:15px system-ui,sans-serif";
  const line = document.createElement("span");
  line.textContent =
    "The game on the server has stopped, so moves made now are not sent. Reload the page to start again.";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Reload";
  button.style.cssText = "margin-left:0.6em;padding:0.25em 1em;font:inherit";
  button.addEventListener("click", () => location.reload());
  bar.append(line, " ", button);
  document.body.prepend(bar);
}

function xsrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/);
  return match ? match[1] : "";
}

let leaving = false;
addEventListener("pagehide", () => {
  if (leaving || !config.kernelId) return;
  leaving = true;
  const body = new FormData();
  body.append("_xsrf", xsrfToken());
  navigator.sendBeacon?.(`${base}voila/api/shutdown/${config.kernelId}`, body);
});

async function watch() {
  if (leaving || !config.kernelId) return;
  try {
    const response = await fetch(`${base}api/kernels/${config.kernelId}`, { credentials: "same-origin" });
    if (response.status === 404) {
      if (!leaving) notice();
      return;
    }
  } catch {
    // the server is unreachable for a moment: ask again
  }
  setTimeout(watch, EVERY_MS);
}

setTimeout(watch, EVERY_MS);
