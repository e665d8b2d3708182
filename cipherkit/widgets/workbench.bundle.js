// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   table_common.js 86943054cd582af8545c9292fab9c364cb7b5d2fbb2d4fffaaba8c9d7c18e12d
//   workbench.js dcad8e67980298414483dff990211f14ac3f8344d1e5d83700e454d3475c3adc
// cipherkit/widgets/table_common.js
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
var SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;

// cipherkit/widgets/workbench.js
var LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
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
  const bars = h(
    "div",
    {
      class: "ck-wb-bars",
      role: "img",
      "data-testid": "bars",
      "aria-label": "letter frequencies of the text against English"
    },
    LETTERS.map((L, i) => h(
      "div",
      { class: "ck-wb-bar", title: L },
      textBars[i],
      engBars[i],
      h("span", { text: L })
    ))
  );
  const cells = LETTERS.map((L) => {
    const input = h("input", { maxlength: 1, size: 1, "aria-label": `plain letter for ${L}` });
    input.addEventListener("change", () => send({ type: "assign", cipher_letter: L, plain_letter: input.value }));
    return input;
  });
  const board = h(
    "div",
    { class: "ck-wb-board", "data-testid": "board" },
    LETTERS.map((L, i) => h("label", { class: "ck-wb-cell" }, h("span", { text: L }), cells[i]))
  );
  const preview = h("pre", { class: "ck-wb-preview", "data-testid": "preview" });
  const hint = () => {
    message.textContent = "the solver is thinking…";
    send({ type: "hint" });
  };
  const hintTitle = h("strong", { text: "Substitution board" });
  const hintButton = h("button", { text: "Hint", onclick: hint });
  const clearButton = h("button", { text: "Clear", onclick: () => send({ type: "clear" }) });
  const hintRow = h("div", { class: "ck-wb-row", "data-testid": "hint-row" }, hintTitle, hintButton, clearButton);
  el.append(h(
    "div",
    { class: "ck-wb", "data-testid": "workbench" },
    text,
    h(
      "div",
      { class: "ck-wb-row" },
      pick,
      key,
      h("button", { text: "Encrypt", onclick: () => send({ type: "run", direction: "encrypt" }) }),
      h("button", { text: "Decrypt", onclick: () => send({ type: "run", direction: "decrypt" }) })
    ),
    output,
    h("div", { class: "ck-wb-legend", text: "dark: this text · light: English" }),
    bars,
    hintRow,
    board,
    preview,
    message
  ));
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
      textBars[i].style.height = `${100 * (freqs[i] || 0) / top}%`;
      engBars[i].style.height = `${100 * (english[i] || 0) / top}%`;
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
var workbench_default = { render };
export {
  workbench_default as default
};
