// The exercise box's view: plain ES module + DOM, no build step.
//
// It draws the `view` trait (question, last result, solved) and the `message` trait,
// and sends one kind of custom message: {type: "check", answer}. The answer is checked
// in the kernel against a salted hash; nothing here knows it.

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
  box.append(question, row, note);
  el.append(box);

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
  }
  model.on("change:view", draw);
  model.on("change:message", draw);
  draw();
}

export default { render };
