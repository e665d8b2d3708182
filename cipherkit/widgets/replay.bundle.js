// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   replay.js d3ed18e845ceecf80638a6a42b286663477d0b402b66da4b8a3d6f1f3074f8c0
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
function plainWords(text) {
  const bare = String(text).replace(/^(refused|illegal|error):\s*/i, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
var SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;
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

// cipherkit/widgets/replay.js
var SPEEDS = [
  ["slow", 1500],
  ["normal", 700],
  ["fast", 250]
];
function svgBlock(svgText, cls) {
  const box = h("div", { class: cls });
  box.innerHTML = svgText;
  const svg = box.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
  }
  return box;
}
function cellText(value) {
  if (value === null || value === void 0) return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
function render({ model, el }) {
  const root = h("div", { class: "ck-replay", "data-testid": "replay", "data-replies": "0" });
  el.append(root);
  const ui = { waiting: false, timer: null, playing: false, tick: null, speed: 700, pending: null, replies: 0 };
  const { send, stop: stopWaiting } = kernelSender(model, ui, () => draw());
  function seek(step) {
    const view = model.get("view") || {};
    const target = Math.max(0, Math.min(view.steps ?? 0, step));
    if (target === view.step && ui.pending === null) return;
    if (!send({ type: "seek", step: target })) ui.pending = target;
    draw();
  }
  function stopPlaying() {
    ui.playing = false;
    if (ui.tick) clearTimeout(ui.tick);
    ui.tick = null;
  }
  function play() {
    const view = model.get("view") || {};
    if (view.step >= view.steps) seek(0);
    ui.playing = true;
    schedule();
    draw();
  }
  function schedule() {
    if (ui.tick) clearTimeout(ui.tick);
    ui.tick = setTimeout(() => {
      ui.tick = null;
      const view = model.get("view") || {};
      if (!ui.playing) return;
      if (view.step >= view.steps) {
        stopPlaying();
        draw();
        return;
      }
      seek(view.step + 1);
    }, ui.speed);
  }
  function controls(view) {
    const button = (label, testid, title, onclick, disabled = false) => h("button", { type: "button", class: "ck-rbutton", "data-testid": testid, title, disabled, onclick, text: label });
    const slider = h("input", {
      type: "range",
      class: "ck-slider",
      "data-testid": "slider",
      min: "0",
      max: String(view.steps),
      step: "1",
      value: String(ui.pending ?? view.step),
      "aria-label": t(model, "step"),
      oninput: (event) => {
        stopPlaying();
        seek(Number(event.target.value));
      }
    });
    const speed = h(
      "select",
      {
        class: "ck-select",
        "data-testid": "speed",
        title: t(model, "speed"),
        onchange: (event) => {
          ui.speed = Number(event.target.value);
        }
      },
      SPEEDS.map(([key, ms]) => h("option", { value: String(ms), selected: ms === ui.speed, text: t(model, key) }))
    );
    return h(
      "div",
      { class: "ck-controls" },
      button(t(model, "start"), "first", t(model, "to_start"), () => (stopPlaying(), seek(0)), view.step === 0),
      button("◀", "back", t(model, "back"), () => (stopPlaying(), seek(view.step - 1)), view.step === 0),
      ui.playing ? button(t(model, "pause"), "pause", t(model, "pause_title"), () => (stopPlaying(), draw())) : button(t(model, "play"), "play", t(model, "play_title"), play, view.steps === 0),
      button("▶", "forward", t(model, "forward"), () => (stopPlaying(), seek(view.step + 1)), view.step >= view.steps),
      button(t(model, "end"), "last", t(model, "to_end"), () => (stopPlaying(), seek(view.steps)), view.step >= view.steps),
      slider,
      h("span", { class: "ck-stepno", "data-testid": "step", text: t(model, "step_of", { step: view.step, steps: view.steps }) }),
      speed
    );
  }
  function viewerPicker(view) {
    if (view.viewers.length < 2) {
      return h("span", { class: `ck-viewer-fixed${view.omniscient ? " ck-omni" : ""}`, "data-testid": "viewer-label", text: t(model, "seen_by", { viewer: view.viewer_label }) });
    }
    return h(
      "label",
      { class: "ck-viewer" },
      `${t(model, "seen_by_label")} `,
      h(
        "select",
        {
          class: "ck-select",
          "data-testid": "viewer",
          onchange: (event) => {
            stopPlaying();
            send({ type: "viewer", viewer: event.target.value });
            draw();
          }
        },
        view.viewers.map((v) => h("option", { value: v.id, selected: v.id === view.viewer, text: v.label }))
      )
    );
  }
  function board(view) {
    const b = view.board;
    const parts = [];
    if (b.svg || b.svg2) {
      parts.push(h("div", { class: "ck-rsvgs" }, b.svg ? svgBlock(b.svg, "ck-rsvg") : null, b.svg2 ? svgBlock(b.svg2, "ck-rsvg") : null));
    }
    parts.push(
      h(
        "div",
        { class: "ck-facts", "data-testid": "facts" },
        b.facts.map(([label, value]) => h("span", { class: "ck-fact" }, h("span", { class: "ck-fact-label", text: label }), " ", h("b", { text: cellText(value) })))
      )
    );
    for (const table of b.tables) {
      parts.push(
        h(
          "div",
          { class: `ck-rtable${table.truth ? " ck-truth" : ""}` },
          h("div", { class: "ck-rtable-title", text: table.title }),
          h(
            "table",
            {},
            h("thead", {}, h("tr", {}, table.columns.map((c) => h("th", { text: c })))),
            h("tbody", {}, table.rows.map((row) => h("tr", {}, row.map((c) => h("td", { text: cellText(c) })))))
          )
        )
      );
    }
    if (b.details) {
      parts.push(h("details", { class: "ck-details" }, h("summary", { text: t(model, "everything") }), h("pre", { text: JSON.stringify(b.details, null, 1) })));
    }
    return h("div", { class: "ck-rboard", "data-testid": "board" }, parts);
  }
  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    root.replaceChildren();
    if (view.step === void 0) {
      root.append(h("div", { text: t(model, "loading") }));
      return;
    }
    root.dataset.step = String(view.step);
    root.dataset.viewer = view.viewer;
    root.classList.toggle("ck-is-waiting", ui.waiting);
    const happened = view.step === 0 ? [t(model, "dealt")] : view.events.length ? view.events : [t(model, "nothing_seen")];
    const parts = [
      h(
        "div",
        { class: "ck-rheader" },
        h("div", { class: "ck-rtitle" }, h("span", { class: "ck-rlogo", text: "⟲" }), ` ${t(model, "replay", { title: view.title })}`),
        viewerPicker(view)
      ),
      controls(view),
      message ? h("div", { class: "ck-rmessage", role: "alert", "data-testid": "message", text: plainWords(message) }) : null,
      view.outcome && view.over ? h("div", { class: "ck-routcome", "data-testid": "outcome", text: view.outcome }) : null,
      h(
        "div",
        { class: "ck-events", "data-testid": "events" },
        h("b", { text: view.step === 0 ? t(model, "start_step") : view.actor ? t(model, "step_by", { step: view.step, actor: view.actor }) : t(model, "step_n", { step: view.step }) }),
        happened.join(" ")
      ),
      board(view),
      h(
        "details",
        { class: "ck-rlog" },
        h("summary", { text: t(model, "recent") }),
        h("ol", { "data-testid": "log" }, view.log.map((e) => h("li", { value: String(e.step), text: e.text })))
      )
    ];
    root.append(...parts.filter((part) => part instanceof Node));
  }
  const onChange = () => {
    ui.replies += 1;
    root.dataset.replies = String(ui.replies);
    stopWaiting();
    const view = model.get("view") || {};
    if (ui.pending !== null) {
      const next = ui.pending;
      ui.pending = null;
      if (next !== view.step) {
        send({ type: "seek", step: next });
      }
    } else if (ui.playing) {
      schedule();
    }
    draw();
  };
  model.on("change:view", onChange);
  model.on("change:message", onChange);
  draw();
  return () => {
    stopWaiting();
    stopPlaying();
    model.off("change:view", onChange);
    model.off("change:message", onChange);
  };
}
var replay_default = { render };
export {
  replay_default as default
};
