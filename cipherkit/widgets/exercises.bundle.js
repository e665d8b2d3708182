// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   exercises.js 1710834fcdcc4b4504b3559c8ae3423c3700fe53557b6bf5352dd699ba14ef4d
//   outage.js 9dac7f079117115924a86b42cc7aef4520670f67a494b69295ed9737b2093cf1
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
  const box = document.createElement("div");
  box.className = "ck-ex";
  box.dataset.testid = "exercise";
  const question = document.createElement("div");
  question.className = "ck-ex-question";
  const row = document.createElement("form");
  row.className = "ck-ex-row";
  const answer = document.createElement("input");
  answer.type = "text";
  answer.placeholder = "your answer";
  answer.setAttribute("aria-label", "your answer");
  answer.autocomplete = "off";
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = "Check";
  const result = document.createElement("span");
  result.className = "ck-ex-result";
  result.setAttribute("role", "status");
  result.dataset.testid = "result";
  const note = document.createElement("div");
  note.className = "ck-ex-message";
  row.append(answer, button, result);
  const classLine = document.createElement("div");
  classLine.className = "ck-ex-class";
  const classInfo = document.createElement("span");
  classInfo.dataset.testid = "class-info";
  const leave = document.createElement("button");
  leave.type = "button";
  leave.textContent = "change";
  leave.className = "ck-ex-link";
  const classForm = document.createElement("form");
  classForm.className = "ck-ex-class-form";
  classForm.dataset.testid = "class-form";
  const classLabel = document.createElement("span");
  classLabel.textContent = "In a class?";
  const classCode = document.createElement("input");
  classCode.type = "text";
  classCode.placeholder = "class code";
  classCode.setAttribute("aria-label", "class code");
  classCode.dataset.testid = "class-code";
  classCode.autocomplete = "off";
  const className = document.createElement("input");
  className.type = "text";
  className.placeholder = "your name";
  className.setAttribute("aria-label", "your name");
  className.dataset.testid = "student-name";
  className.maxLength = 40;
  const classJoin = document.createElement("button");
  classJoin.type = "submit";
  classJoin.textContent = "Join";
  classJoin.dataset.testid = "class-join";
  classForm.append(classLabel, classCode, className, classJoin);
  classLine.append(classInfo, leave, classForm);
  box.append(question, row, note, classLine);
  el.append(box);
  function sendClass() {
    const entry = readClass();
    if (!entry) return;
    const message = { type: "class", code: entry.code, name: entry.name, page: window.location.pathname };
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
    classInfo.textContent = joined ? `Counted in ${joined.title} (${joined.code}) as ${joined.name}. ` : "";
    leave.hidden = !joined;
    classForm.hidden = !!joined;
  }
  model.on("change:view", draw);
  model.on("change:message", draw);
  draw();
  sendClass();
}
var exercises_default = { render };
export {
  exercises_default as default
};
