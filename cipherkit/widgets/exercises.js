// The exercise box's view: an ES module + DOM (bundled by scripts/build_widget_js.py).
//
// It draws the `view` trait (question, last result, solved, the class it counts in)
// and the `message` trait, and sends {type: "check", answer}. The answer is checked in
// the kernel against a salted hash; nothing here knows it.
//
// In a class: the student types the class code and a name once; the page keeps them in
// localStorage ("cipherkit.class") and every exercise box of every lesson page sends
// them ({type: "class", code, name, page}); the kernel checks the code and counts each
// answer there. {type: "leave_class"} stops it; the kernel's {type: "forget_class"}
// (a code it refused) removes them.

import { deviceId } from "./outage.js";
import { h, speakLanguage, t } from "./table_common.js";

const CLASS_KEY = "cipherkit.class";

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
    /* private mode: the class is not kept */
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
    autocomplete: "off",
  });
  // A class code typed: the kernel sends its roster's names, offered in the name field.
  const roster = h("datalist", { id: `ck-roster-${Math.random().toString(36).slice(2)}`, "data-testid": "roster-names" });
  const className = h("input", {
    type: "text",
    placeholder: t(model, "your_name"),
    "aria-label": t(model, "your_name"),
    "data-testid": "student-name",
    maxlength: "40",
    list: roster.id,
    autocomplete: "off",
  });
  let asked = "";
  const classForm = h(
    "form",
    { class: "ck-ex-class-form", "data-testid": "class-form" },
    h("span", { text: t(model, "in_class") }),
    classCode,
    className,
    h("button", { type: "submit", "data-testid": "class-join", text: t(model, "join") }),
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
    if (homework) message.homework = homework[1]; // a homework link: its answers count
    const device = deviceId(); // wrong class codes are counted per device, in the store
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
      writeClass({ ...entry, name: joined.name }); // the roster's spelling of the name
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

export default { render };
