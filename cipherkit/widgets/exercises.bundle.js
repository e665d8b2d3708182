// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   exercises.js 35f16e4aeecfdb21c87427f9c070626e2098800c52bd972ed9ef9cb6ea72a51c
//   outage.js 2f8f3656ecf5eadc50567bede396f8f727926a65411fd687db1d6886fa6be842
//   table_common.js 6e49e6648778f57967f6228a683e3857b31d4759a6764ac98b472d4a8ff84c0e
// cipherkit/widgets/outage.js
var DEVICE_KEY = "cipherkit.device";
function deviceId() {
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
    return null;
  }
}

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

// cipherkit/widgets/exercises.js
var CLASS_KEY = "cipherkit.class";
function readClass() {
  try {
    const entry = JSON.parse(window.localStorage.getItem(CLASS_KEY) || "null");
    return entry && typeof entry.code === "string" && typeof entry.name === "string" ? entry : null;
  } catch (_) {
    return null;
  }
}
function writeClass(entry) {
  try {
    if (entry) window.localStorage.setItem(CLASS_KEY, JSON.stringify(entry));
    else window.localStorage.removeItem(CLASS_KEY);
  } catch (_) {
  }
}
function render({ model, el }) {
  const question = h("div", { class: "ck-ex-question" });
  const answer = h("input", { type: "text", placeholder: t(model, "your_answer"), "aria-label": t(model, "your_answer"), autocomplete: "off" });
  const result = h("span", { class: "ck-ex-result", role: "status", "data-testid": "result" });
  const row = h("form", { class: "ck-ex-row" }, answer, h("button", { type: "submit", text: t(model, "check") }), result);
  const note = h("div", { class: "ck-ex-message" });
  const classInfo = h("span", { "data-testid": "class-info" });
  const leave = h("button", { type: "button", class: "ck-ex-link", text: t(model, "change") });
  const classCode = h("input", {
    type: "text",
    placeholder: t(model, "class_code"),
    "aria-label": t(model, "class_code"),
    "data-testid": "class-code",
    autocomplete: "off"
  });
  const roster = h("datalist", { id: `ck-roster-${Math.random().toString(36).slice(2)}`, "data-testid": "roster-names" });
  const className = h("input", {
    type: "text",
    placeholder: t(model, "your_name"),
    "aria-label": t(model, "your_name"),
    "data-testid": "student-name",
    maxlength: "40",
    list: roster.id,
    autocomplete: "off"
  });
  let asked = "";
  const classForm = h(
    "form",
    { class: "ck-ex-class-form", "data-testid": "class-form" },
    h("span", { text: t(model, "in_class") }),
    classCode,
    className,
    h("button", { type: "submit", "data-testid": "class-join", text: t(model, "join") })
  );
  const classLine = h("div", { class: "ck-ex-class" }, classInfo, leave, classForm, roster);
  classCode.addEventListener("input", () => {
    const code = classCode.value.trim();
    if (!/^[A-Za-z]{4}[- ]?\d{3}$/.test(code) || code.toUpperCase() === asked) return;
    asked = code.toUpperCase();
    model.send({ type: "roster", code });
  });
  const box = h("div", { class: "ck-ex", "data-testid": "exercise" }, question, row, note, classLine);
  el.append(box);
  function sendClass() {
    const entry = readClass();
    if (!entry) return;
    const message = { type: "class", code: entry.code, name: entry.name, page: window.location.pathname };
    const homework = /(?:^#|&)homework=([A-Za-z0-9_-]{8,80})/.exec(window.location.hash);
    if (homework) message.homework = homework[1];
    const device = deviceId();
    if (device) message.device = device;
    model.send(message);
  }
  classForm.addEventListener("submit", (event) => {
    event.preventDefault();
    writeClass({ code: classCode.value.trim(), name: className.value.trim() });
    sendClass();
    window.dispatchEvent(new CustomEvent("cipherkit-class"));
  });
  leave.addEventListener("click", () => {
    writeClass(null);
    model.send({ type: "leave_class" });
    window.dispatchEvent(new CustomEvent("cipherkit-class"));
  });
  window.addEventListener("cipherkit-class", () => {
    const entry = readClass();
    const v = model.get("view") || {};
    if (entry && (!v.class || v.class.code !== entry.code || v.class.name !== entry.name)) sendClass();
    else if (!entry && v.class) model.send({ type: "leave_class" });
  });
  model.on("msg:custom", (msg) => {
    if (msg && msg.type === "roster" && Array.isArray(msg.names)) {
      roster.replaceChildren(...msg.names.map((name) => h("option", { value: String(name) })));
    }
    if (msg && msg.type === "forget_class") writeClass(null);
  });
  row.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ type: "check", answer: answer.value });
  });
  function draw() {
    const v = model.get("view") || {};
    question.textContent = v.question || "";
    result.textContent = v.result || "";
    box.classList.toggle("ck-ex-correct", !!v.correct);
    box.classList.toggle("ck-ex-wrong", !!v.result && !v.correct);
    box.classList.toggle("ck-ex-solved", !!v.solved);
    note.textContent = model.get("message") || "";
    const joined = v.class;
    const entry = readClass();
    if (joined && entry && entry.code === joined.code && entry.name !== joined.name) {
      writeClass({ ...entry, name: joined.name });
    }
    const late = joined && joined.late ? `${t(model, "late")} ` : "";
    classInfo.textContent = joined ? `${t(model, "counted", { title: joined.title, code: joined.code, name: joined.name })} ${late}` : "";
    leave.hidden = !joined;
    classForm.hidden = !!joined;
  }
  model.on("change:view", draw);
  model.on("change:message", draw);
  speakLanguage(model, el);
  draw();
  sendClass();
}
var exercises_default = { render };
export {
  exercises_default as default
};
