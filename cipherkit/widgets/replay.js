// The replay's view: an ES module + DOM (bundled with the shared one by scripts/build_widget_js.py).
//
// It draws the `view` trait (one step of a recorded game, as one viewer sees it,
// built in the kernel) and sends two kinds of custom message: {type: "seek", step}
// and {type: "viewer", viewer}. Play and Pause only send "seek" one step at a time;
// the kernel checks every message and never sends more than the current step.
//
// h() and kernelSender() are imported from table_common.js (the widget loads the bundle
// scripts/build_widget_js.py makes).

import { h, kernelSender, plainWords, t } from "./table_common.js";

// The words come from the kernel: t(model, key) reads the widget's `words` (Replay.WORDS,
// in the replay's language); the board, the events and the outcome come in the view.
const SPEEDS = [
  ["slow", 1500],
  ["normal", 700],
  ["fast", 250],
];

// SVG text drawn in the kernel by cipherkit.glyphs from the observation only.
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
  if (value === null || value === undefined) return "—";
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
    const button = (label, testid, title, onclick, disabled = false) =>
      h("button", { type: "button", class: "ck-rbutton", "data-testid": testid, title, disabled, onclick, text: label });
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
      },
    });
    const speed = h(
      "select",
      {
        class: "ck-select",
        "data-testid": "speed",
        title: t(model, "speed"),
        onchange: (event) => {
          ui.speed = Number(event.target.value);
        },
      },
      SPEEDS.map(([key, ms]) => h("option", { value: String(ms), selected: ms === ui.speed, text: t(model, key) })),
    );
    return h(
      "div",
      { class: "ck-controls" },
      button(t(model, "start"), "first", t(model, "to_start"), () => (stopPlaying(), seek(0)), view.step === 0),
      button("◀", "back", t(model, "back"), () => (stopPlaying(), seek(view.step - 1)), view.step === 0),
      ui.playing
        ? button(t(model, "pause"), "pause", t(model, "pause_title"), () => (stopPlaying(), draw()))
        : button(t(model, "play"), "play", t(model, "play_title"), play, view.steps === 0),
      button("▶", "forward", t(model, "forward"), () => (stopPlaying(), seek(view.step + 1)), view.step >= view.steps),
      button(t(model, "end"), "last", t(model, "to_end"), () => (stopPlaying(), seek(view.steps)), view.step >= view.steps),
      slider,
      h("span", { class: "ck-stepno", "data-testid": "step", text: t(model, "step_of", { step: view.step, steps: view.steps }) }),
      speed,
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
          },
        },
        view.viewers.map((v) => h("option", { value: v.id, selected: v.id === view.viewer, text: v.label })),
      ),
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
        b.facts.map(([label, value]) => h("span", { class: "ck-fact" }, h("span", { class: "ck-fact-label", text: label }), " ", h("b", { text: cellText(value) }))),
      ),
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
            h("tbody", {}, table.rows.map((row) => h("tr", {}, row.map((c) => h("td", { text: cellText(c) }))))),
          ),
        ),
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
    if (view.step === undefined) {
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
        viewerPicker(view),
      ),
      controls(view),
      message ? h("div", { class: "ck-rmessage", role: "alert", "data-testid": "message", text: plainWords(message) }) : null,
      view.outcome && view.over ? h("div", { class: "ck-routcome", "data-testid": "outcome", text: view.outcome }) : null,
      h(
        "div",
        { class: "ck-events", "data-testid": "events" },
        h("b", { text: view.step === 0 ? t(model, "start_step") : view.actor ? t(model, "step_by", { step: view.step, actor: view.actor }) : t(model, "step_n", { step: view.step }) }),
        happened.join(" "),
      ),
      board(view),
      h(
        "details",
        { class: "ck-rlog" },
        h("summary", { text: t(model, "recent") }),
        h("ol", { "data-testid": "log" }, view.log.map((e) => h("li", { value: String(e.step), text: e.text }))),
      ),
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

export default { render };
