// The generic table's view (any game): an ES module + DOM; the shared h(),
// kernelSender(), savedHandshake() and followTable() are imported from table_common.js
// (the widget loads the bundle scripts/build_widget_js.py makes).
//
// It draws the `view` trait (built in the kernel from the seat's observation) and sends
// {type: "action", text} (a button per legal action, as the kernel lists them) and
// {type: "new_game"}. No rule lives here: the kernel checks every message again.

import { followTable, h, kernelSender, plainWords, savedHandshake, startOver, t } from "../table_common.js";

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
        const svgText = view.board.svg; // drawn in the kernel from the observation
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
            (table.rows || []).map((row) => h("tr", {}, row.map((cell) => h("td", { text: cell })))),
          ),
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
      (rows || []).flatMap(([key, value]) => [h("dt", { text: key }), h("dd", { text: value })]),
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
        (view.legal || []).map((text, i) =>
          h("button", { class: "ck-button", type: "button", "data-action": text, disabled: ui.waiting, onclick: () => send({ type: "action", text }), text: (view.legal_words || [])[i] || text }),
        ),
      ),
      h(
        "details",
        { class: "ck-log", open: true },
        h("summary", { text: t(model, "what_happened") }),
        h("ol", { "data-testid": "log" }, (view.log || []).map((line) => h("li", { text: line }))),
      ),
      !view.room && (view.saved || view.outcome)
        ? h("button", { class: "ck-button", type: "button", "data-testid": "new-game", disabled: ui.waiting, onclick: () => (view.outcome ? send({ type: "new_game" }) : startOver(send, model)), text: t(model, view.outcome ? "play_again" : "new_game") })
        : null,
    ];
    root.append(...parts.filter((part) => part instanceof Node));
  }

  const onChange = () => {
    kernel.stop();
    draw();
  };
  return followTable(model, root, onChange, draw, kernel.stop);
}

export default { render };
