// The cipher workbench's view: an ES module + DOM (bundled with the shared one by scripts/build_widget_js.py).
//
// It draws the `view` and `message` traits and sends small custom messages
// ({type: "set" | "run" | "assign" | "hint" | "clear", ...}); the kernel checks every
// one. No cipher runs here, and the page sets no trait. The DOM is built once and
// updated in place, so a field being typed in is never replaced under the student's
// fingers.
//
// h() is imported from table_common.js (the widget loads the bundle
// scripts/build_widget_js.py makes).

import { h } from "./table_common.js";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

function render({ model, el }) {
  const send = (msg) => model.send(msg);
  const typing = (node) => node.ownerDocument.activeElement === node;

  const text = h("textarea", { class: "ck-wb-text", rows: 4, "aria-label": "text" });
  text.addEventListener("change", () => send({ type: "set", text: text.value }));
  const pick = h("select", { "aria-label": "cipher" });
  pick.addEventListener("change", () => send({ type: "set", cipher: pick.value }));
  const key = h("input", { class: "ck-wb-key", "aria-label": "key" });
  key.addEventListener("change", () => send({ type: "set", key: key.value }));
  const output = h("pre", { class: "ck-wb-output", "data-testid": "output" });
  const message = h("div", { class: "ck-wb-message", role: "status", "data-testid": "message" });
  const textBars = LETTERS.map(() => h("div", { class: "ck-wb-text-bar" }));
  const engBars = LETTERS.map(() => h("div", { class: "ck-wb-eng-bar" }));
  const bars = h("div", { class: "ck-wb-bars", role: "img", "data-testid": "bars",
    "aria-label": "letter frequencies of the text against English" },
    LETTERS.map((L, i) => h("div", { class: "ck-wb-bar", title: L },
      textBars[i], engBars[i], h("span", { text: L }))));
  const cells = LETTERS.map((L) => {
    const input = h("input", { maxlength: 1, size: 1, "aria-label": `plain letter for ${L}` });
    input.addEventListener("change", () =>
      send({ type: "assign", cipher_letter: L, plain_letter: input.value }));
    return input;
  });
  const board = h("div", { class: "ck-wb-board", "data-testid": "board" },
    LETTERS.map((L, i) => h("label", { class: "ck-wb-cell" }, h("span", { text: L }), cells[i])));
  const preview = h("pre", { class: "ck-wb-preview", "data-testid": "preview" });
  const hint = () => {
    message.textContent = "the solver is thinking…";
    send({ type: "hint" });
  };
  // The substitution board is for ciphers that swap letters one for one; a Vigenère
  // text's hint is a key letter; other ciphers show neither (the view says which).
  const hintTitle = h("strong", { text: "Substitution board" });
  const hintButton = h("button", { text: "Hint", onclick: hint });
  const clearButton = h("button", { text: "Clear", onclick: () => send({ type: "clear" }) });
  const hintRow = h("div", { class: "ck-wb-row", "data-testid": "hint-row" }, hintTitle, hintButton, clearButton);
  el.append(h("div", { class: "ck-wb", "data-testid": "workbench" },
    text,
    h("div", { class: "ck-wb-row" }, pick, key,
      h("button", { text: "Encrypt", onclick: () => send({ type: "run", direction: "encrypt" }) }),
      h("button", { text: "Decrypt", onclick: () => send({ type: "run", direction: "decrypt" }) })),
    output,
    h("div", { class: "ck-wb-legend", text: "dark: this text · light: English" }), bars,
    hintRow, board, preview, message));

  function draw() {
    const v = model.get("view") || {};
    if (!typing(text)) text.value = v.text || "";
    text.disabled = !!v.locked;
    const names = v.ciphers || [];
    if (pick.options.length !== names.length) {
      pick.replaceChildren(...names.map((c) => h("option", { value: c, text: c })));
    }
    pick.value = v.cipher || "";
    if (!typing(key)) key.value = v.key || "";
    key.placeholder = v.locked ? "key hidden: break it!" : "key";
    output.textContent = v.output || "";
    const freqs = v.frequencies || [];
    const english = v.english || [];
    const top = Math.max(0.13, ...freqs);
    LETTERS.forEach((L, i) => {
      textBars[i].style.height = `${(100 * (freqs[i] || 0)) / top}%`;
      engBars[i].style.height = `${(100 * (english[i] || 0)) / top}%`;
      if (!typing(cells[i])) cells[i].value = (v.board || {})[L] || "";
    });
    preview.textContent = v.preview || "";
    const uses = v.uses_board !== false;
    board.hidden = preview.hidden = clearButton.hidden = !uses;
    hintRow.hidden = !uses && v.hint !== "key";
    hintTitle.textContent = uses ? "Substitution board" : "The key, one letter a hint";
    message.textContent = model.get("message") || "";
  }
  model.on("change:view", draw);
  model.on("change:message", draw);
  draw();
}

export default { render };
