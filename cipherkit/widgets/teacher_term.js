// The teacher page's term (issue #46): the class's roster, the next round, moving and
// renaming a student, homework, every session's results, and the item analysis chart.
// It draws what the kernel's view holds (cipherkit/widgets/teacher_term.py) and sends
// what the teacher clicks; the kernel checks every message, nothing here decides. Its
// words are the teacher widget's (`model`'s words, cipherkit/widgets/teacher_term.py's
// TERM_WORDS); a sentence with a count comes whole in the view.

import { h, t } from "./table_common.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) if (c) node.append(c);
  return node;
}

// One of the page's tables: a head of column words (their keys), then the rows.
export function teacherTable(model, testid, columns, rows) {
  return h(
    "table",
    { class: "ck-teacher-table", "data-testid": testid },
    h("thead", {}, h("tr", {}, ...columns.map((key) => h("th", { text: t(model, key) })))),
    h("tbody", {}, ...rows),
  );
}

// The rooms' results (the open session's, a past one's): a row a room.
export function resultsTable(model, testid, rowTestid, results) {
  return teacherTable(
    model,
    testid,
    ["col_code", "col_game", "col_players", "col_result"],
    results.map((r) =>
      h(
        "tr",
        { "data-testid": rowTestid, "data-code": r.code },
        h("td", { class: "ck-teacher-mono", text: r.code }),
        h("td", { text: r.title || r.game }),
        h("td", { text: (r.players || []).join(" / ") }),
        h("td", { text: r.result }),
      ),
    ),
  );
}

// The start form's class field: sessions of one class share its roster and homework.
export function classInput(model, form) {
  return h("input", {
    "data-testid": "start-class",
    type: "text",
    maxlength: "80",
    value: form.className || "",
    placeholder: t(model, "class_placeholder"),
    "aria-label": t(model, "class_label"),
    oninput: (e) => { form.className = e.target.value; },
  });
}

function rosterTable(model, klass, send) {
  const roster = klass.roster || [];
  if (!roster.length) return h("p", { class: "ck-teacher-hint", text: t(model, "roster_empty") });
  return teacherTable(
    model,
    "roster",
    ["col_id", "col_name", "col_email", "col_actions"],
    roster.map((s) =>
      h(
        "tr",
        { "data-testid": "roster-row", "data-id": s.student_id },
        h("td", { class: "ck-teacher-mono", text: s.student_id }),
        h("td", { text: s.name }),
        h("td", { text: s.email }),
        h("td", {}, h("button", { "data-testid": "roster-remove", "aria-label": t(model, "roster_remove_label", { name: s.name }), onclick: () => { if (window.confirm(t(model, "roster_remove_confirm", { name: s.name }))) send({ type: "roster_remove", id: s.student_id }); }, text: t(model, "remove") })),
      ),
    ),
  );
}

function rosterForms(model, form, send) {
  const field = (testid, key, label, attrs = {}) =>
    h("input", { "data-testid": testid, "aria-label": label, placeholder: label, value: form[key] || "", oninput: (e) => { form[key] = e.target.value; }, ...attrs });
  const file = h("input", {
    type: "file",
    accept: ".csv,text/csv,text/plain",
    "data-testid": "roster-file",
    "aria-label": t(model, "roster_file"),
    onchange: (e) => {
      const chosen = e.target.files && e.target.files[0];
      if (!chosen) return;
      chosen.text().then((text) => send({ type: "roster_import", text })).catch(() => {});
      e.target.value = "";
    },
  });
  return [
    h("div", { class: "ck-teacher-row" }, h("label", {}, t(model, "roster_import") + " ", file)),
    h(
      "form",
      { class: "ck-teacher-row", "data-testid": "roster-form", onsubmit: (e) => { e.preventDefault(); send({ type: "roster_add", id: form.rosterId || "", name: form.rosterName || "", email: form.rosterEmail || "" }); form.rosterId = form.rosterName = form.rosterEmail = ""; } },
      field("roster-id", "rosterId", t(model, "roster_id"), { maxlength: "64" }),
      field("roster-name", "rosterName", t(model, "roster_name"), { maxlength: "40" }),
      field("roster-email", "rosterEmail", t(model, "roster_email"), { type: "email" }),
      h("button", { type: "submit", "data-testid": "roster-add", text: t(model, "roster_add") }),
    ),
  ];
}

function homeworkCard(model, view, klass, form, send) {
  const lessons = view.lessons || [];
  const work = klass.homework || [];
  const absolute = (link) => new URL(link, window.location.origin).href;
  return h(
    "details",
    // open or closed as the teacher left it across redraws (open at first if any is set)
    { "data-testid": "homework", open: form.homeworkOpen ?? work.length > 0, ontoggle: (e) => { form.homeworkOpen = e.target.open; } },
    h("summary", { text: klass.homework_label || "" }),
    lessons.length
      ? h(
          "form",
          { class: "ck-teacher-row", "data-testid": "homework-form", onsubmit: (e) => { e.preventDefault(); send({ type: "assign", lesson: form.lesson || lessons[0], due: (form.due || "").replace("T", " ") }); } },
          h("select", { "data-testid": "homework-lesson", "aria-label": t(model, "lesson"), onchange: (e) => { form.lesson = e.target.value; } }, ...lessons.map((l) => h("option", { value: l, selected: l === form.lesson, text: l }))),
          h("label", {}, t(model, "due") + " ", h("input", { type: "datetime-local", "data-testid": "homework-due", value: form.due || "", oninput: (e) => { form.due = e.target.value; } })),
          h("button", { type: "submit", "data-testid": "homework-assign", text: t(model, "assign") }),
        )
      : null,
    ...work.map((w) =>
      h(
        "div",
        { class: "ck-teacher-code", "data-testid": "homework-item", "data-lesson": w.lesson },
        h("span", { class: "ck-teacher-label", text: t(model, "homework_item", { title: w.title, due: w.due, code: w.code }) }),
        h("span", { "data-testid": "homework-done", text: w.done_label || "" }),
        h("input", { readonly: true, class: "ck-teacher-mono", "data-testid": "homework-link", "aria-label": t(model, "homework_link"), value: absolute(w.link) }),
        teacherTable(
          model,
          "homework-progress",
          ["col_student", "col_tried", "col_solved", "col_late", "col_last"],
          (w.progress || []).map((p) => h("tr", { "data-testid": "homework-row", "data-student": p.name }, h("td", { text: p.name }), h("td", { text: String(p.tried) }), h("td", { text: String(p.solved) }), h("td", { text: String(p.late) }), h("td", { text: p.last || "—" }))),
        ),
      ),
    ),
  );
}

// The class's roster and homework, and whether a bot takes a removed student's seat.
export function classStage(model, view, form, send) {
  const klass = view.class;
  if (!klass) return null;
  return h(
    "div",
    { class: "ck-teacher-card", "data-testid": "class-card" },
    h("h3", { text: t(model, "class_title", { name: klass.name }) }),
    h(
      "label",
      { class: "ck-teacher-row" },
      h("input", { type: "checkbox", "data-testid": "bots-replace", checked: !!klass.bots_replace, onchange: (e) => send({ type: "bots_replace", on: !!e.target.checked }) }),
      t(model, "bots_replace"),
    ),
    h("details", { "data-testid": "roster-card", open: !!form.rosterOpen, ontoggle: (e) => { form.rosterOpen = e.target.open; } }, h("summary", { text: klass.roster_label || "" }), rosterTable(model, klass, send), ...(view.by_pass ? [] : rosterForms(model, form, send))),
    view.by_pass ? null : homeworkCard(model, view, klass, form, send),
  );
}

// Next round: every student is seated again (same seats, or shuffled); their pages follow.
export function roundButtons(model, view, send) {
  const rooms = (view.rooms || []).filter((r) => r.status === "open");
  if (!rooms.length) return [];
  return [
    h("button", { "data-testid": "next-round", onclick: () => { if (window.confirm(t(model, "next_round_confirm"))) send({ type: "next_round", shuffle: false }); }, text: t(model, "next_round") }),
    h("button", { "data-testid": "shuffle-seats", onclick: () => { if (window.confirm(t(model, "shuffle_confirm"))) send({ type: "next_round", shuffle: true }); }, text: t(model, "next_round_shuffled") }),
  ];
}

// A seated student's Move (to another room's free seat) and Rename.
export function personControls(model, view, r, p, send) {
  const elsewhere = (view.rooms || []).filter((o) => o.status === "open" && !o.over && o.free_seats > 0 && !(o.id === r.id && o.free_seats < 1));
  return [
    elsewhere.length
      ? h(
          "select",
          { "data-testid": "move", "aria-label": t(model, "move_label", { name: p.name }), onchange: (e) => { if (e.target.value) send({ type: "move", room: r.id, seat: p.seat, to_room: e.target.value }); } },
          h("option", { value: "", text: t(model, "move_to") }),
          ...elsewhere.map((o) => h("option", { value: o.id, text: t(model, "room_free", { code: o.code, free: o.free }) })),
        )
      : null,
    h("button", { "data-testid": "rename", "aria-label": t(model, "rename_label", { name: p.name }), onclick: () => { const name = window.prompt(t(model, "rename_prompt", { name: p.name }), p.name); if (name && name.trim() && name.trim() !== p.name) send({ type: "rename", room: r.id, seat: p.seat, name: name.trim() }); }, text: t(model, "rename") }),
  ];
}

// Each exercise's share solved, most missed first, as bars (the numbers beside them).
export function analysisChart(model, rows) {
  if (!rows || !rows.length) return null;
  const bar = 22;
  const width = 320;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${rows.length * bar}`, width: "100%", role: "img", "aria-label": t(model, "chart_label"), class: "ck-teacher-chart" });
  rows.forEach((r, i) => {
    chart.append(svg("rect", { x: 0, y: i * bar + 3, width: (width * r.share) / 100, height: bar - 6, class: "ck-teacher-bar", "data-exercise": r.exercise }));
  });
  return h(
    "div",
    { "data-testid": "item-analysis" },
    h("h4", { text: t(model, "analysis_title") }),
    h(
      "div",
      { class: "ck-teacher-analysis" },
      h("div", {}, ...rows.map((r) => h("div", { class: "ck-teacher-analysis-label", "data-testid": "analysis-row", "data-exercise": r.exercise, text: r.label || r.exercise }))),
      chart,
    ),
  );
}

function exportButtons(model, send, session, prefix) {
  return h(
    "div",
    { class: "ck-teacher-row" },
    h("span", { class: "ck-teacher-label", text: t(model, "export_short") }),
    ...["students", "rooms", "attempts", "records"].map((what) => h("button", { "data-testid": `${prefix}-export-${what}`, onclick: () => send({ type: "export", what, session }), text: t(model, `past_${what}`) })),
  );
}

// Every session, open or ended, and the results of the one the teacher opened: results
// stay on this page after End (and after a reload, with the key).
export function sessionsStage(model, view, send) {
  const sessions = view.sessions || [];
  if (!sessions.length) return null;
  const past = view.past;
  return h(
    "div",
    { class: "ck-teacher-card", "data-testid": "sessions" },
    h("h3", { text: t(model, "sessions_title") }),
    teacherTable(
      model,
      undefined,
      ["col_session", "col_class", "col_code", "col_status", "col_rooms", "col_answers", "col_actions"],
      sessions.map((s) =>
        h(
          "tr",
          { "data-testid": "session-row", "data-code": s.code },
          h("td", { text: s.title }),
          h("td", { text: s.class }),
          h("td", { class: "ck-teacher-mono", text: s.code }),
          h("td", { text: s.status === "open" ? t(model, "status_open") : t(model, "ended_at", { when: s.ended || "" }) }),
          h("td", { text: s.rooms_label || "" }),
          h("td", { text: String(s.answers) }),
          h("td", {}, h("button", { "data-testid": "past-open", onclick: () => send({ type: "past", session: s.id }), text: t(model, "results") })),
        ),
      ),
    ),
    past
      ? h(
          "div",
          { "data-testid": "past", "data-code": past.session.code },
          h("h4", { text: t(model, "results_of", { title: past.session.title, code: past.session.code }) }),
          exportButtons(model, send, past.session.id, "past"),
          resultsTable(model, "past-results", "past-result-row", past.results || []),
          analysisChart(model, past.analysis),
        )
      : null,
  );
}
