// The teacher page's term (issue #46): the class's roster, the next round, moving and
// renaming a student, homework, every session's results, and the item analysis chart.
// It draws what the kernel's view holds (cipherkit/widgets/teacher_term.py) and sends
// what the teacher clicks; the kernel checks every message, nothing here decides.

import { h } from "./table_common.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) if (c) node.append(c);
  return node;
}

// The start form's class field: sessions of one class share its roster and homework.
export function classInput(form) {
  return h("input", {
    "data-testid": "start-class",
    type: "text",
    maxlength: "80",
    value: form.className || "",
    placeholder: "class for the term (optional), e.g. Year 9",
    "aria-label": "class for the term",
    oninput: (e) => { form.className = e.target.value; },
  });
}

function rosterTable(klass, send) {
  const roster = klass.roster || [];
  if (!roster.length) return h("p", { class: "ck-teacher-hint", text: "No students on the roster yet: import a CSV file or add them here." });
  return h(
    "table",
    { class: "ck-teacher-table", "data-testid": "roster" },
    h("thead", {}, h("tr", {}, ...["ID", "Name", "Email", ""].map((t) => h("th", { text: t })))),
    h(
      "tbody",
      {},
      ...roster.map((s) =>
        h(
          "tr",
          { "data-testid": "roster-row", "data-id": s.student_id },
          h("td", { class: "ck-teacher-mono", text: s.student_id }),
          h("td", { text: s.name }),
          h("td", { text: s.email }),
          h("td", {}, h("button", { "data-testid": "roster-remove", "aria-label": `take ${s.name} off the roster`, onclick: () => { if (window.confirm(`Take ${s.name} off the roster? Their results stay.`)) send({ type: "roster_remove", id: s.student_id }); }, text: "Remove" })),
        ),
      ),
    ),
  );
}

function rosterForms(form, send) {
  const field = (testid, key, label, attrs = {}) =>
    h("input", { "data-testid": testid, "aria-label": label, placeholder: label, value: form[key] || "", oninput: (e) => { form[key] = e.target.value; }, ...attrs });
  const file = h("input", {
    type: "file",
    accept: ".csv,text/csv,text/plain",
    "data-testid": "roster-file",
    "aria-label": "roster CSV file",
    onchange: (e) => {
      const chosen = e.target.files && e.target.files[0];
      if (!chosen) return;
      chosen.text().then((text) => send({ type: "roster_import", text })).catch(() => {});
      e.target.value = "";
    },
  });
  return [
    h("div", { class: "ck-teacher-row" }, h("label", {}, "Import a roster (CSV: id, name, email) ", file)),
    h(
      "form",
      { class: "ck-teacher-row", "data-testid": "roster-form", onsubmit: (e) => { e.preventDefault(); send({ type: "roster_add", id: form.rosterId || "", name: form.rosterName || "", email: form.rosterEmail || "" }); form.rosterId = form.rosterName = form.rosterEmail = ""; } },
      field("roster-id", "rosterId", "student id", { maxlength: "64" }),
      field("roster-name", "rosterName", "name", { maxlength: "40" }),
      field("roster-email", "rosterEmail", "email (optional)", { type: "email" }),
      h("button", { type: "submit", "data-testid": "roster-add", text: "Add student" }),
    ),
  ];
}

function homeworkCard(view, klass, form, send) {
  const lessons = view.lessons || [];
  const work = klass.homework || [];
  const absolute = (link) => new URL(link, window.location.origin).href;
  return h(
    "details",
    // open or closed as the teacher left it across redraws (open at first if any is set)
    { "data-testid": "homework", open: form.homeworkOpen ?? work.length > 0, ontoggle: (e) => { form.homeworkOpen = e.target.open; } },
    h("summary", { text: `Homework (${work.length})` }),
    lessons.length
      ? h(
          "form",
          { class: "ck-teacher-row", "data-testid": "homework-form", onsubmit: (e) => { e.preventDefault(); send({ type: "assign", lesson: form.lesson || lessons[0], due: (form.due || "").replace("T", " ") }); } },
          h("select", { "data-testid": "homework-lesson", "aria-label": "lesson", onchange: (e) => { form.lesson = e.target.value; } }, ...lessons.map((l) => h("option", { value: l, selected: l === form.lesson, text: l }))),
          h("label", {}, "due ", h("input", { type: "datetime-local", "data-testid": "homework-due", value: form.due || "", oninput: (e) => { form.due = e.target.value; } })),
          h("button", { type: "submit", "data-testid": "homework-assign", text: "Set as homework" }),
        )
      : null,
    ...work.map((w) =>
      h(
        "div",
        { class: "ck-teacher-code", "data-testid": "homework-item", "data-lesson": w.lesson },
        h("span", { class: "ck-teacher-label", text: `${w.title} · due ${w.due} · class code ${w.code}` }),
        h("span", { "data-testid": "homework-done", text: `${w.done} of ${w.of} have solved something` }),
        h("input", { readonly: true, class: "ck-teacher-mono", "data-testid": "homework-link", "aria-label": "homework link for students", value: absolute(w.link) }),
        h(
          "table",
          { class: "ck-teacher-table", "data-testid": "homework-progress" },
          h("thead", {}, h("tr", {}, ...["Student", "Tried", "Solved in time", "Solved late", "Last answer"].map((t) => h("th", { text: t })))),
          h("tbody", {}, ...(w.progress || []).map((p) => h("tr", { "data-testid": "homework-row", "data-student": p.name }, h("td", { text: p.name }), h("td", { text: String(p.tried) }), h("td", { text: String(p.solved) }), h("td", { text: String(p.late) }), h("td", { text: p.last || "—" })))),
        ),
      ),
    ),
  );
}

// The class's roster and homework, and whether a bot takes a removed student's seat.
export function classStage(view, form, send) {
  const klass = view.class;
  if (!klass) return null;
  return h(
    "div",
    { class: "ck-teacher-card", "data-testid": "class-card" },
    h("h3", { text: `Class: ${klass.name}` }),
    h(
      "label",
      { class: "ck-teacher-row" },
      h("input", { type: "checkbox", "data-testid": "bots-replace", checked: !!klass.bots_replace, onchange: (e) => send({ type: "bots_replace", on: !!e.target.checked }) }),
      "a bot takes the seat of a student who is removed or moved, so the game goes on",
    ),
    h("details", { "data-testid": "roster-card", open: !!form.rosterOpen, ontoggle: (e) => { form.rosterOpen = e.target.open; } }, h("summary", { text: `Roster (${(klass.roster || []).length})` }), rosterTable(klass, send), ...(view.by_pass ? [] : rosterForms(form, send))),
    view.by_pass ? null : homeworkCard(view, klass, form, send),
  );
}

// Next round: every student is seated again (same seats, or shuffled); their pages follow.
export function roundButtons(view, send) {
  const rooms = (view.rooms || []).filter((r) => r.status === "open");
  if (!rooms.length) return [];
  const ask = "The class's rooms close (their records are kept) and everyone is seated again in new rooms; their pages follow.";
  return [
    h("button", { "data-testid": "next-round", onclick: () => { if (window.confirm(`Next round? ${ask}`)) send({ type: "next_round", shuffle: false }); }, text: "Next round" }),
    h("button", { "data-testid": "shuffle-seats", onclick: () => { if (window.confirm(`Next round with shuffled seats? ${ask}`)) send({ type: "next_round", shuffle: true }); }, text: "Next round, shuffled" }),
  ];
}

// A seated student's Move (to another room's free seat) and Rename.
export function personControls(view, r, p, send) {
  const elsewhere = (view.rooms || []).filter((o) => o.status === "open" && !o.over && o.free_seats > 0 && !(o.id === r.id && o.free_seats < 1));
  return [
    elsewhere.length
      ? h(
          "select",
          { "data-testid": "move", "aria-label": `move ${p.name} to another room`, onchange: (e) => { if (e.target.value) send({ type: "move", room: r.id, seat: p.seat, to_room: e.target.value }); } },
          h("option", { value: "", text: "Move to…" }),
          ...elsewhere.map((o) => h("option", { value: o.id, text: `${o.code} (${o.free_seats} free)` })),
        )
      : null,
    h("button", { "data-testid": "rename", "aria-label": `rename ${p.name}`, onclick: () => { const name = window.prompt(`A new name for ${p.name}:`, p.name); if (name && name.trim() && name.trim() !== p.name) send({ type: "rename", room: r.id, seat: p.seat, name: name.trim() }); }, text: "Rename" }),
  ];
}

// Each exercise's share solved, most missed first, as bars (the numbers beside them).
export function analysisChart(rows) {
  if (!rows || !rows.length) return null;
  const bar = 22;
  const width = 320;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${rows.length * bar}`, width: "100%", role: "img", "aria-label": "share of students who solved each exercise, most missed first", class: "ck-teacher-chart" });
  rows.forEach((r, i) => {
    chart.append(svg("rect", { x: 0, y: i * bar + 3, width: (width * r.share) / 100, height: bar - 6, class: "ck-teacher-bar", "data-exercise": r.exercise }));
  });
  return h(
    "div",
    { "data-testid": "item-analysis" },
    h("h4", { text: "Item analysis: share solved, most missed first" }),
    h(
      "div",
      { class: "ck-teacher-analysis" },
      h("div", {}, ...rows.map((r) => h("div", { class: "ck-teacher-analysis-label", "data-testid": "analysis-row", "data-exercise": r.exercise, text: `${r.exercise}: ${r.share}% solved${r.tries === null ? "" : `, ${r.tries} tries`}` }))),
      chart,
    ),
  );
}

function exportButtons(send, session, prefix) {
  return h(
    "div",
    { class: "ck-teacher-row" },
    h("span", { class: "ck-teacher-label", text: "Export:" }),
    ...["students", "rooms", "attempts", "records"].map((what) => h("button", { "data-testid": `${prefix}-export-${what}`, onclick: () => send({ type: "export", what, session }), text: what })),
  );
}

// Every session, open or ended, and the results of the one the teacher opened: results
// stay on this page after End (and after a reload, with the key).
export function sessionsStage(view, send) {
  const sessions = view.sessions || [];
  if (!sessions.length) return null;
  const past = view.past;
  return h(
    "div",
    { class: "ck-teacher-card", "data-testid": "sessions" },
    h("h3", { text: "Every session and its results" }),
    h(
      "table",
      { class: "ck-teacher-table" },
      h("thead", {}, h("tr", {}, ...["Session", "Class", "Code", "Status", "Rooms", "Answers", ""].map((t) => h("th", { text: t })))),
      h(
        "tbody",
        {},
        ...sessions.map((s) =>
          h(
            "tr",
            { "data-testid": "session-row", "data-code": s.code },
            h("td", { text: s.title }),
            h("td", { text: s.class }),
            h("td", { class: "ck-teacher-mono", text: s.code }),
            h("td", { text: s.status === "open" ? "open" : `ended ${s.ended || ""}` }),
            h("td", { text: `${s.finished} of ${s.rooms} finished` }),
            h("td", { text: String(s.answers) }),
            h("td", {}, h("button", { "data-testid": "past-open", onclick: () => send({ type: "past", session: s.id }), text: "Results" })),
          ),
        ),
      ),
    ),
    past
      ? h(
          "div",
          { "data-testid": "past", "data-code": past.session.code },
          h("h4", { text: `Results of ${past.session.title} (${past.session.code})` }),
          exportButtons(send, past.session.id, "past"),
          h(
            "table",
            { class: "ck-teacher-table", "data-testid": "past-results" },
            h("thead", {}, h("tr", {}, ...["Code", "Game", "Players", "Result"].map((t) => h("th", { text: t })))),
            h("tbody", {}, ...(past.results || []).map((r) => h("tr", { "data-testid": "past-result-row", "data-code": r.code }, h("td", { class: "ck-teacher-mono", text: r.code }), h("td", { text: r.game }), h("td", { text: (r.players || []).join(" / ") }), h("td", { text: r.result })))),
          ),
          analysisChart(past.analysis),
        )
      : null,
  );
}
