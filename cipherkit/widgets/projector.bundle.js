// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   projector.js 9f49c00e503c8bb93e35f6dbef93a2f7df2ff57c5c758ab95db6739ad0f06d54
//   table_common.js 6e49e6648778f57967f6228a683e3857b31d4759a6764ac98b472d4a8ff84c0e
//   teacher_pass.js 9907c884c498638195f19910a166b9fdb4302173ad2ad55885cf748ec714807a
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
var SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;

// cipherkit/widgets/teacher_pass.js
function teacherPass(action, fields = {}) {
  let base = "/";
  try {
    base = JSON.parse(document.getElementById("jupyter-config-data").textContent).baseUrl || "/";
  } catch (_) {
  }
  if (!base.endsWith("/")) base += "/";
  const xsrf = (document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/) || [])[1] || "";
  const body = new URLSearchParams({ _xsrf: decodeURIComponent(xsrf), ...fields });
  return fetch(`${base}voila/api/teacher/${action}`, { method: "POST", body, credentials: "same-origin" }).then((reply) => reply.ok ? reply : null);
}

// cipherkit/widgets/projector.js
function render({ model, el }) {
  const root = h("div", { class: "ck-projector", "data-testid": "projector" });
  el.append(root);
  speakLanguage(model, el);
  function draw() {
    const view = model.get("view") || {};
    if (view.locked !== false) {
      root.replaceChildren(h("p", { class: "ck-projector-closed", "data-testid": "projector-closed", text: view.text || "" }));
      return;
    }
    const words = view.words || {};
    const rooms = view.rooms || [];
    root.replaceChildren(
      h(
        "div",
        { class: "ck-projector-top" },
        h(
          "div",
          { class: "ck-projector-join" },
          h("h2", { class: "ck-projector-title", text: words.title || "" }),
          h("div", { class: "ck-projector-label", text: words.address || "" }),
          h("div", { class: "ck-projector-address", "data-testid": "projector-address", text: view.address || "" }),
          h("div", { class: "ck-projector-label", text: words.class_code || "" }),
          h("div", { class: "ck-projector-class-code", "data-testid": "projector-class-code", text: view.class_code || "" })
        ),
        view.qr && typeof view.qr === "string" && view.qr.startsWith("data:image/svg+xml;base64,") ? h("img", { class: "ck-projector-qr", "data-testid": "projector-qr", src: view.qr, alt: words.qr || "" }) : null
      ),
      h(
        "div",
        { class: "ck-projector-rooms", "data-testid": "projector-rooms" },
        h("div", { class: "ck-projector-label", text: words.rooms || "" }),
        view.no_rooms ? h("p", { class: "ck-projector-hint", text: view.no_rooms }) : null,
        h(
          "div",
          { class: "ck-projector-room-list" },
          ...rooms.map(
            (r) => h(
              "div",
              { class: "ck-projector-room", "data-testid": "projector-room", "data-code": r.code },
              h("span", { class: "ck-projector-room-label", text: r.label }),
              h("span", { class: "ck-projector-room-code", "data-testid": "projector-room-code", text: r.code }),
              h("span", { class: "ck-projector-hint", text: r.state })
            )
          )
        )
      )
    );
  }
  model.on("change:view", draw);
  draw();
  model.send({ type: "page", url: window.location.origin + window.location.pathname });
  teacherPass("resume").then((reply) => reply && reply.json()).then((answer) => {
    if (answer && typeof answer.token === "string") model.send({ type: "resume", token: answer.token });
  }).catch(() => {
  });
}
var projector_default = { render };
export {
  projector_default as default
};
