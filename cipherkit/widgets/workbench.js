// The cipher workbench's view: plain ES module + DOM, no build step.
//
// It draws the `view` trait and sends small custom messages ({type: "set" | "run" |
// "assign" | "hint" | "clear", ...}); the kernel checks every one. No cipher runs here.

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function render({ model, el }) {
  const root = h("div", { class: "ck-wb" });
  el.append(root);
  const send = (msg) => model.send(msg);

  function draw() {
    const v = model.get("view") || {};
    root.replaceChildren();
    const text = h("textarea", { class: "ck-wb-text", rows: 4, "aria-label": "text" });
    text.value = v.text || "";
    text.disabled = !!v.locked;
    text.addEventListener("change", () => send({ type: "set", text: text.value }));
    const pick = h("select", { "aria-label": "cipher",
      onchange: (e) => send({ type: "set", cipher: e.target.value }) },
      (v.ciphers || []).map((c) => h("option", { value: c, selected: c === v.cipher, text: c })));
    const key = h("input", { class: "ck-wb-key", "aria-label": "key", value: v.key || "",
      placeholder: v.locked ? "key hidden: break it!" : "key" });
    key.addEventListener("change", () => send({ type: "set", key: key.value }));
    const controls = h("div", { class: "ck-wb-row" }, pick, key,
      h("button", { text: "Encrypt", onclick: () => send({ type: "run", direction: "encrypt" }) }),
      h("button", { text: "Decrypt", onclick: () => send({ type: "run", direction: "decrypt" }) }));
    const output = h("pre", { class: "ck-wb-output", text: v.output || "" });
    const maxf = Math.max(0.13, ...(v.frequencies || [0]));
    const bars = h("div", { class: "ck-wb-bars", role: "img",
      "aria-label": "letter frequencies of the text against English" },
      (v.letters || []).map((L, i) => h("div", { class: "ck-wb-bar", title: L },
        h("div", { class: "ck-wb-text-bar",
          style: `height:${(100 * v.frequencies[i]) / maxf}%` }),
        h("div", { class: "ck-wb-eng-bar", style: `height:${(100 * v.english[i]) / maxf}%` }),
        h("span", { text: L }))));
    const board = h("div", { class: "ck-wb-board" },
      (v.letters || []).map((L) => {
        const input = h("input", { maxlength: 1, size: 1, "aria-label": `plain letter for ${L}`,
          value: (v.board || {})[L] || "" });
        input.addEventListener("change", () =>
          send({ type: "assign", cipher_letter: L, plain_letter: input.value }));
        return h("label", { class: "ck-wb-cell" }, h("span", { text: L }), input);
      }));
    root.append(
      text, controls, output,
      h("div", { class: "ck-wb-legend", text: "dark: this text · light: English" }), bars,
      h("div", { class: "ck-wb-row" }, h("strong", { text: "Substitution board" }),
        h("button", { text: "Hint", onclick: () => send({ type: "hint" }) }),
        h("button", { text: "Clear", onclick: () => send({ type: "clear" }) })),
      board,
      h("pre", { class: "ck-wb-preview", text: v.preview || "" }),
      h("div", { class: "ck-wb-message", role: "status", text: v.message || "" }),
    );
  }
  model.on("change:view", draw);
  draw();
}

export default { render };
