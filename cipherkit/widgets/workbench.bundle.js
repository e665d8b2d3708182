// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   table_common.js 6e49e6648778f57967f6228a683e3857b31d4759a6764ac98b472d4a8ff84c0e
//   workbench.js b65aded23851d29b201bef0ab266b18c4c18c707ce5f9ad67ae3e13d8cd6c3cf
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
function t(model, key, params = {}) {
  const words = model.get("words") || {};
  const text = Object.prototype.hasOwnProperty.call(words, key) ? String(words[key]) : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => name in params ? String(params[name]) : whole);
}
function speakLanguage(model, el) {
  el.setAttribute("lang", model.get("lang") || "en");
  el.setAttribute("data-loading-text", t(model, "loading_game"));
}
function plainWords(text) {
  const bare = String(text).replace(/^(refused|illegal|error):\s*/i, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
var SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;

// cipherkit/widgets/workbench.js
function render({ model, el }) {
  const send = (msg) => model.send(msg);
  const typing = (node) => node.ownerDocument.activeElement === node;
  speakLanguage(model, el);
  const text = h("textarea", { class: "ck-wb-text", rows: 4, "aria-label": t(model, "text_label") });
  text.addEventListener("change", () => send({ type: "set", text: text.value }));
  const pick = h("select", { "aria-label": t(model, "cipher_label") });
  pick.addEventListener("change", () => send({ type: "set", cipher: pick.value }));
  const key = h("input", { class: "ck-wb-key", "aria-label": t(model, "key_label") });
  key.addEventListener("change", () => send({ type: "set", key: key.value }));
  const output = h("pre", { class: "ck-wb-output", "data-testid": "output" });
  const message = h("div", { class: "ck-wb-message", role: "status", "data-testid": "message" });
  const legend = h("div", { class: "ck-wb-legend" });
  const bars = h("div", { class: "ck-wb-bars", role: "img", "data-testid": "bars" });
  const board = h("div", { class: "ck-wb-board", "data-testid": "board" });
  const preview = h("pre", { class: "ck-wb-preview", "data-testid": "preview" });
  const hint = () => {
    message.textContent = t(model, "thinking");
    send({ type: "hint" });
  };
  const hintTitle = h("strong", { text: t(model, "board_title") });
  const hintButton = h("button", { text: t(model, "hint"), onclick: hint });
  const clearButton = h("button", { text: t(model, "clear"), onclick: () => send({ type: "clear" }) });
  const hintRow = h("div", { class: "ck-wb-row", "data-testid": "hint-row" }, hintTitle, hintButton, clearButton);
  const crackButton = h("button", { text: t(model, "crack"), "data-testid": "crack", onclick: () => send({ type: "crack" }) });
  const cancelButton = h("button", { text: t(model, "cancel"), "data-testid": "cancel", onclick: () => send({ type: "cancel" }) });
  const searchBar = h("progress", { max: 1, value: 0, "aria-label": t(model, "search_progress"), "data-testid": "search-bar" });
  const searchStatus = h("div", { class: "ck-wb-search-status", role: "status", "data-testid": "search-status" });
  const reading = h("pre", { class: "ck-wb-reading", "data-testid": "search-reading" });
  const searchBox = h(
    "div",
    { class: "ck-wb-search", "data-testid": "search" },
    h("div", { class: "ck-wb-row" }, h("strong", { text: t(model, "search_title") }), crackButton, cancelButton, searchBar),
    searchStatus,
    reading
  );
  el.append(h(
    "div",
    { class: "ck-wb", "data-testid": "workbench" },
    text,
    h(
      "div",
      { class: "ck-wb-row" },
      pick,
      key,
      h("button", { text: t(model, "encrypt"), onclick: () => send({ type: "run", direction: "encrypt" }) }),
      h("button", { text: t(model, "decrypt"), onclick: () => send({ type: "run", direction: "decrypt" }) })
    ),
    output,
    legend,
    bars,
    hintRow,
    board,
    preview,
    searchBox,
    message
  ));
  function drawSearch() {
    const s = (model.get("view") || {}).search || {};
    const running = s.state === "running";
    crackButton.disabled = running;
    cancelButton.disabled = !running;
    searchBar.value = Number(s.fraction) || 0;
    const params = { cipher: s.title || s.cipher || "…", seconds: s.seconds ?? 0, limit: s.limit ?? 0, key: s.key || "" };
    searchStatus.textContent = running ? t(model, "search_running", params) : s.state === "done" ? t(model, "search_done", params) : s.state === "cancelled" ? t(model, "search_cancelled", params) : s.note || "";
    reading.textContent = s.reading || "";
  }
  let letters = [];
  let textBars = [];
  let refBars = [];
  let cells = [];
  function buildLetters(next) {
    letters = next;
    textBars = letters.map(() => h("div", { class: "ck-wb-text-bar" }));
    refBars = letters.map(() => h("div", { class: "ck-wb-eng-bar" }));
    bars.replaceChildren(...letters.map((L, i) => h(
      "div",
      { class: "ck-wb-bar", title: L },
      textBars[i],
      refBars[i],
      h("span", { text: L })
    )));
    cells = letters.map((L) => {
      const input = h("input", { maxlength: 1, size: 1, "aria-label": t(model, "plain_letter_for", { letter: L }) });
      input.addEventListener("change", () => send({ type: "assign", cipher_letter: L, plain_letter: input.value }));
      return input;
    });
    board.replaceChildren(...letters.map((L, i) => h("label", { class: "ck-wb-cell" }, h("span", { text: L }), cells[i])));
  }
  function draw() {
    const v = model.get("view") || {};
    const next = v.letters || [];
    if (next.join("") !== letters.join("")) buildLetters(next);
    if (!typing(text)) text.value = v.text || "";
    text.disabled = !!v.locked;
    const names = v.ciphers || [];
    const titles = v.cipher_titles || {};
    const shown = Array.from(pick.options).map((o) => `${o.value}=${o.textContent}`).join();
    if (shown !== names.map((c) => `${c}=${titles[c] || c}`).join()) {
      pick.replaceChildren(...names.map((c) => h("option", { value: c, text: titles[c] || c })));
    }
    pick.value = v.cipher || "";
    if (!typing(key)) key.value = v.key || "";
    key.placeholder = v.locked ? t(model, "key_hidden") : t(model, "key_label");
    output.textContent = v.output || "";
    legend.textContent = v.legend || "";
    bars.setAttribute("aria-label", v.bars_label || "");
    const freqs = v.frequencies || [];
    const reference = v.reference || [];
    const top = Math.max(0.13, ...freqs);
    letters.forEach((L, i) => {
      textBars[i].style.height = `${100 * (freqs[i] || 0) / top}%`;
      refBars[i].style.height = `${100 * (reference[i] || 0) / top}%`;
      if (!typing(cells[i])) cells[i].value = (v.board || {})[L] || "";
    });
    preview.textContent = v.preview || "";
    searchBox.hidden = !v.searchable;
    const uses = v.uses_board !== false;
    board.hidden = preview.hidden = clearButton.hidden = !uses;
    hintRow.hidden = !uses && v.hint !== "key";
    hintTitle.textContent = uses ? t(model, "board_title") : t(model, "key_title");
    const said = model.get("message") || "";
    message.textContent = /^(refused|illegal|error):/i.test(said) ? plainWords(said) : said;
  }
  model.on("change:view", draw);
  model.on("change:message", draw);
  model.on("change:view", drawSearch);
  draw();
  drawSearch();
}
var workbench_default = { render };
export {
  workbench_default as default
};
