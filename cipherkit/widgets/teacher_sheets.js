// The teacher page's worksheet card: pick a lesson, the paper and whether the answer
// pages come too, and the kernel sends the PDF to this page alone (teacher_sheets.py).
// The lessons and every word come from the kernel; nothing here decides.

import { h, t } from "./table_common.js";

export function sheetsStage(model, view, form, send) {
  const lessons = view.worksheets || [];
  if (!lessons.length) return null;
  if (!lessons.some((l) => l.id === form.sheet)) form.sheet = lessons[0].id;
  form.paper = form.paper === "letter" ? "letter" : "a4";
  return h(
    "details",
    { class: "ck-teacher-card", "data-testid": "worksheets", open: form.sheetsOpen ?? false, ontoggle: (e) => { form.sheetsOpen = e.target.open; } },
    h("summary", { text: t(model, "sheets_title") }),
    h("p", { class: "ck-teacher-hint", text: t(model, "sheets_hint") }),
    h(
      "form",
      { class: "ck-teacher-row", "data-testid": "worksheet-form", onsubmit: (e) => { e.preventDefault(); send({ type: "worksheet", lesson: form.sheet, paper: form.paper, answers: form.sheetAnswers !== false }); } },
      h("select", { "data-testid": "worksheet-lesson", "aria-label": t(model, "sheet_lesson"), onchange: (e) => { form.sheet = e.target.value; } }, ...lessons.map((l) => h("option", { value: l.id, selected: l.id === form.sheet, text: l.title }))),
      h("select", { "data-testid": "worksheet-paper", "aria-label": t(model, "sheet_paper"), onchange: (e) => { form.paper = e.target.value; } }, h("option", { value: "a4", selected: form.paper === "a4", text: t(model, "paper_a4") }), h("option", { value: "letter", selected: form.paper === "letter", text: t(model, "paper_letter") })),
      h("label", {}, h("input", { type: "checkbox", "data-testid": "worksheet-answers", checked: form.sheetAnswers !== false, onchange: (e) => { form.sheetAnswers = e.target.checked; } }), " " + t(model, "sheet_answers")),
      h("button", { type: "submit", "data-testid": "worksheet-download", text: t(model, "sheet_download") }),
    ),
  );
}
