// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   outage.js 2f8f3656ecf5eadc50567bede396f8f727926a65411fd687db1d6886fa6be842
//   table_common.js 6e49e6648778f57967f6228a683e3857b31d4759a6764ac98b472d4a8ff84c0e
//   teacher.js 1c1ec57e2b830f5c4bbf005b9ac639ff21e3d93f5aee7c25feeeb30edb1bc080
//   teacher_pass.js 9907c884c498638195f19910a166b9fdb4302173ad2ad55885cf748ec714807a
//   teacher_sheets.js 0fd0bb1249d1ea1e618b9262a5c920b1fb3479189b156b57b9e0b83e78a6b831
//   teacher_term.js 9cf3466188de80ee31ef059457c6604be7225eb9982087588aff8e36c110aee8
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
function takeFromHash(name) {
  const value = new URLSearchParams((window.location.hash || "").replace(/^#/, "")).get(name);
  if (value) {
    try {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    } catch (_) {
    }
  }
  return value;
}
var SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;

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

// cipherkit/widgets/teacher_sheets.js
function sheetsStage(model, view, form, send) {
  const lessons = view.worksheets || [];
  if (!lessons.length) return null;
  if (!lessons.some((l) => l.id === form.sheet)) form.sheet = lessons[0].id;
  form.paper = form.paper === "letter" ? "letter" : "a4";
  return h(
    "details",
    { class: "ck-teacher-card", "data-testid": "worksheets", open: form.sheetsOpen ?? false, ontoggle: (e) => {
      form.sheetsOpen = e.target.open;
    } },
    h("summary", { text: t(model, "sheets_title") }),
    h("p", { class: "ck-teacher-hint", text: t(model, "sheets_hint") }),
    h(
      "form",
      { class: "ck-teacher-row", "data-testid": "worksheet-form", onsubmit: (e) => {
        e.preventDefault();
        send({ type: "worksheet", lesson: form.sheet, paper: form.paper, answers: form.sheetAnswers !== false });
      } },
      h("select", { "data-testid": "worksheet-lesson", "aria-label": t(model, "sheet_lesson"), onchange: (e) => {
        form.sheet = e.target.value;
      } }, ...lessons.map((l) => h("option", { value: l.id, selected: l.id === form.sheet, text: l.title }))),
      h("select", { "data-testid": "worksheet-paper", "aria-label": t(model, "sheet_paper"), onchange: (e) => {
        form.paper = e.target.value;
      } }, h("option", { value: "a4", selected: form.paper === "a4", text: t(model, "paper_a4") }), h("option", { value: "letter", selected: form.paper === "letter", text: t(model, "paper_letter") })),
      h("label", {}, h("input", { type: "checkbox", "data-testid": "worksheet-answers", checked: form.sheetAnswers !== false, onchange: (e) => {
        form.sheetAnswers = e.target.checked;
      } }), " " + t(model, "sheet_answers")),
      h("button", { type: "submit", "data-testid": "worksheet-download", text: t(model, "sheet_download") })
    )
  );
}

// cipherkit/widgets/teacher_term.js
var SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) if (c) node.append(c);
  return node;
}
function teacherTable(model, testid, columns, rows) {
  return h(
    "table",
    { class: "ck-teacher-table", "data-testid": testid },
    h("thead", {}, h("tr", {}, ...columns.map((key) => h("th", { text: t(model, key) })))),
    h("tbody", {}, ...rows)
  );
}
function resultsTable(model, testid, rowTestid, results) {
  return teacherTable(
    model,
    testid,
    ["col_code", "col_game", "col_players", "col_result"],
    results.map(
      (r) => h(
        "tr",
        { "data-testid": rowTestid, "data-code": r.code },
        h("td", { class: "ck-teacher-mono", text: r.code }),
        h("td", { text: r.title || r.game }),
        h("td", { text: (r.players || []).join(" / ") }),
        h("td", { text: r.result })
      )
    )
  );
}
function classInput(model, form) {
  return h("input", {
    "data-testid": "start-class",
    type: "text",
    maxlength: "80",
    value: form.className || "",
    placeholder: t(model, "class_placeholder"),
    "aria-label": t(model, "class_label"),
    oninput: (e) => {
      form.className = e.target.value;
    }
  });
}
function rosterTable(model, klass, send) {
  const roster = klass.roster || [];
  if (!roster.length) return h("p", { class: "ck-teacher-hint", text: t(model, "roster_empty") });
  return teacherTable(
    model,
    "roster",
    ["col_id", "col_name", "col_email", "col_actions"],
    roster.map(
      (s) => h(
        "tr",
        { "data-testid": "roster-row", "data-id": s.student_id },
        h("td", { class: "ck-teacher-mono", text: s.student_id }),
        h("td", { text: s.name }),
        h("td", { text: s.email }),
        h("td", {}, h("button", { "data-testid": "roster-remove", "aria-label": t(model, "roster_remove_label", { name: s.name }), onclick: () => {
          if (window.confirm(t(model, "roster_remove_confirm", { name: s.name }))) send({ type: "roster_remove", id: s.student_id });
        }, text: t(model, "remove") }))
      )
    )
  );
}
function rosterForms(model, form, send) {
  const field = (testid, key, label, attrs = {}) => h("input", { "data-testid": testid, "aria-label": label, placeholder: label, value: form[key] || "", oninput: (e) => {
    form[key] = e.target.value;
  }, ...attrs });
  const file = h("input", {
    type: "file",
    accept: ".csv,text/csv,text/plain",
    "data-testid": "roster-file",
    "aria-label": t(model, "roster_file"),
    onchange: (e) => {
      const chosen = e.target.files && e.target.files[0];
      if (!chosen) return;
      chosen.text().then((text) => send({ type: "roster_import", text })).catch(() => {
      });
      e.target.value = "";
    }
  });
  return [
    h("div", { class: "ck-teacher-row" }, h("label", {}, t(model, "roster_import") + " ", file)),
    h(
      "form",
      { class: "ck-teacher-row", "data-testid": "roster-form", onsubmit: (e) => {
        e.preventDefault();
        send({ type: "roster_add", id: form.rosterId || "", name: form.rosterName || "", email: form.rosterEmail || "" });
        form.rosterId = form.rosterName = form.rosterEmail = "";
      } },
      field("roster-id", "rosterId", t(model, "roster_id"), { maxlength: "64" }),
      field("roster-name", "rosterName", t(model, "roster_name"), { maxlength: "40" }),
      field("roster-email", "rosterEmail", t(model, "roster_email"), { type: "email" }),
      h("button", { type: "submit", "data-testid": "roster-add", text: t(model, "roster_add") })
    )
  ];
}
function homeworkCard(model, view, klass, form, send) {
  const lessons = view.lessons || [];
  const work = klass.homework || [];
  const absolute = (link) => new URL(link, window.location.origin).href;
  return h(
    "details",
    // open or closed as the teacher left it across redraws (open at first if any is set)
    { "data-testid": "homework", open: form.homeworkOpen ?? work.length > 0, ontoggle: (e) => {
      form.homeworkOpen = e.target.open;
    } },
    h("summary", { text: klass.homework_label || "" }),
    lessons.length ? h(
      "form",
      { class: "ck-teacher-row", "data-testid": "homework-form", onsubmit: (e) => {
        e.preventDefault();
        send({ type: "assign", lesson: form.lesson || lessons[0], due: (form.due || "").replace("T", " ") });
      } },
      h("select", { "data-testid": "homework-lesson", "aria-label": t(model, "lesson"), onchange: (e) => {
        form.lesson = e.target.value;
      } }, ...lessons.map((l) => h("option", { value: l, selected: l === form.lesson, text: l }))),
      h("label", {}, t(model, "due") + " ", h("input", { type: "datetime-local", "data-testid": "homework-due", value: form.due || "", oninput: (e) => {
        form.due = e.target.value;
      } })),
      h("button", { type: "submit", "data-testid": "homework-assign", text: t(model, "assign") })
    ) : null,
    ...work.map(
      (w) => h(
        "div",
        { class: "ck-teacher-code", "data-testid": "homework-item", "data-lesson": w.lesson },
        h("span", { class: "ck-teacher-label", text: t(model, "homework_item", { title: w.title, due: w.due, code: w.code }) }),
        h("span", { "data-testid": "homework-done", text: w.done_label || "" }),
        h("input", { readonly: true, class: "ck-teacher-mono", "data-testid": "homework-link", "aria-label": t(model, "homework_link"), value: absolute(w.link) }),
        teacherTable(
          model,
          "homework-progress",
          ["col_student", "col_tried", "col_solved", "col_late", "col_last"],
          (w.progress || []).map((p) => h("tr", { "data-testid": "homework-row", "data-student": p.name }, h("td", { text: p.name }), h("td", { text: String(p.tried) }), h("td", { text: String(p.solved) }), h("td", { text: String(p.late) }), h("td", { text: p.last || "—" })))
        )
      )
    )
  );
}
function classStage(model, view, form, send) {
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
      t(model, "bots_replace")
    ),
    h("details", { "data-testid": "roster-card", open: !!form.rosterOpen, ontoggle: (e) => {
      form.rosterOpen = e.target.open;
    } }, h("summary", { text: klass.roster_label || "" }), rosterTable(model, klass, send), ...view.by_pass ? [] : rosterForms(model, form, send)),
    view.by_pass ? null : homeworkCard(model, view, klass, form, send)
  );
}
function roundButtons(model, view, send) {
  const rooms = (view.rooms || []).filter((r) => r.status === "open");
  if (!rooms.length) return [];
  return [
    h("button", { "data-testid": "next-round", onclick: () => {
      if (window.confirm(t(model, "next_round_confirm"))) send({ type: "next_round", shuffle: false });
    }, text: t(model, "next_round") }),
    h("button", { "data-testid": "shuffle-seats", onclick: () => {
      if (window.confirm(t(model, "shuffle_confirm"))) send({ type: "next_round", shuffle: true });
    }, text: t(model, "next_round_shuffled") })
  ];
}
function personControls(model, view, r, p, send) {
  const elsewhere = (view.rooms || []).filter((o) => o.status === "open" && !o.over && o.free_seats > 0 && !(o.id === r.id && o.free_seats < 1));
  return [
    elsewhere.length ? h(
      "select",
      { "data-testid": "move", "aria-label": t(model, "move_label", { name: p.name }), onchange: (e) => {
        if (e.target.value) send({ type: "move", room: r.id, seat: p.seat, to_room: e.target.value });
      } },
      h("option", { value: "", text: t(model, "move_to") }),
      ...elsewhere.map((o) => h("option", { value: o.id, text: t(model, "room_free", { code: o.code, free: o.free }) }))
    ) : null,
    h("button", { "data-testid": "rename", "aria-label": t(model, "rename_label", { name: p.name }), onclick: () => {
      const name = window.prompt(t(model, "rename_prompt", { name: p.name }), p.name);
      if (name && name.trim() && name.trim() !== p.name) send({ type: "rename", room: r.id, seat: p.seat, name: name.trim() });
    }, text: t(model, "rename") })
  ];
}
function analysisChart(model, rows) {
  if (!rows || !rows.length) return null;
  const bar = 22;
  const width = 320;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${rows.length * bar}`, width: "100%", role: "img", "aria-label": t(model, "chart_label"), class: "ck-teacher-chart" });
  rows.forEach((r, i) => {
    chart.append(svg("rect", { x: 0, y: i * bar + 3, width: width * r.share / 100, height: bar - 6, class: "ck-teacher-bar", "data-exercise": r.exercise }));
  });
  return h(
    "div",
    { "data-testid": "item-analysis" },
    h("h4", { text: t(model, "analysis_title") }),
    h(
      "div",
      { class: "ck-teacher-analysis" },
      h("div", {}, ...rows.map((r) => h("div", { class: "ck-teacher-analysis-label", "data-testid": "analysis-row", "data-exercise": r.exercise, text: r.label || r.exercise }))),
      chart
    )
  );
}
function exportButtons(model, send, session, prefix) {
  return h(
    "div",
    { class: "ck-teacher-row" },
    h("span", { class: "ck-teacher-label", text: t(model, "export_short") }),
    ...["students", "rooms", "attempts", "records"].map((what) => h("button", { "data-testid": `${prefix}-export-${what}`, onclick: () => send({ type: "export", what, session }), text: t(model, `past_${what}`) }))
  );
}
function sessionsStage(model, view, send) {
  const sessions = view.sessions || [];
  if (!sessions.length) return null;
  const past = view.past;
  return h(
    "div",
    { class: "ck-teacher-card", "data-testid": "sessions" },
    h("h3", { text: t(model, "sessions_title") }),
    teacherTable(
      model,
      void 0,
      ["col_session", "col_class", "col_code", "col_status", "col_rooms", "col_answers", "col_actions"],
      sessions.map(
        (s) => h(
          "tr",
          { "data-testid": "session-row", "data-code": s.code },
          h("td", { text: s.title }),
          h("td", { text: s.class }),
          h("td", { class: "ck-teacher-mono", text: s.code }),
          h("td", { text: s.status === "open" ? t(model, "status_open") : t(model, "ended_at", { when: s.ended || "" }) }),
          h("td", { text: s.rooms_label || "" }),
          h("td", { text: String(s.answers) }),
          h("td", {}, h("button", { "data-testid": "past-open", onclick: () => send({ type: "past", session: s.id }), text: t(model, "results") }))
        )
      )
    ),
    past ? h(
      "div",
      { "data-testid": "past", "data-code": past.session.code },
      h("h4", { text: t(model, "results_of", { title: past.session.title, code: past.session.code }) }),
      exportButtons(model, send, past.session.id, "past"),
      resultsTable(model, "past-results", "past-result-row", past.results || []),
      analysisChart(model, past.analysis)
    ) : null
  );
}

// cipherkit/widgets/teacher.js
function render({ model, el }) {
  const root = h("div", { class: "ck-teacher", "data-testid": "teacher" });
  el.append(root);
  speakLanguage(model, el);
  const form = { key: "", title: "", className: "", game: null, rooms: 4, players: 2, people: 2, options: {} };
  const send = (message) => model.send(message);
  function input(testid, field, attrs = {}) {
    return h("input", {
      "data-testid": testid,
      value: String(form[field] ?? ""),
      oninput: (e) => {
        form[field] = attrs.type === "number" ? Number(e.target.value) : e.target.value;
      },
      ...attrs
    });
  }
  function keyForm(attrs, heading, hint, inputTestid, button) {
    const unlock = (e) => {
      e.preventDefault();
      send({ type: "unlock", key: form.key, device: deviceId() || void 0 });
    };
    return h(
      "form",
      { ...attrs, onsubmit: unlock },
      heading && h("h3", { text: t(model, heading) }),
      h("p", { class: "ck-teacher-hint", text: t(model, hint) }),
      h("div", { class: "ck-teacher-row" }, input(inputTestid, "key", { type: "password", autocomplete: "off", "aria-label": t(model, "key_label") }), h("button", { type: "submit", ...button }))
    );
  }
  function lockedStage() {
    const button = { "data-testid": "unlock", class: "ck-teacher-primary", text: t(model, "open") };
    return keyForm({ class: "ck-teacher-card", "data-testid": "key-form" }, "key_title", "key_hint", "key", button);
  }
  function rekeyStage(view) {
    if (!view.by_pass) return null;
    const button = { "data-testid": "rekey-unlock", text: t(model, "use_key") };
    return keyForm({ class: "ck-teacher-card ck-teacher-rekey", "data-testid": "rekey-form" }, null, "rekey_hint", "rekey", button);
  }
  function sessionStage(view) {
    if (view.session) {
      const s = view.session;
      return h(
        "div",
        { class: "ck-teacher-card ck-teacher-session" },
        h("div", { class: "ck-teacher-label", text: t(model, "session_label", { title: s.title }) }),
        h("div", { class: "ck-teacher-big", "data-testid": "class-code", text: s.code }),
        h("div", { class: "ck-teacher-hint", text: t(model, "class_code_hint") }),
        h(
          "div",
          { class: "ck-teacher-row", "data-testid": "export" },
          h("span", { class: "ck-teacher-label", text: t(model, "export_label") }),
          h("button", { "data-testid": "export-students", onclick: () => send({ type: "export", what: "students" }), text: t(model, "export_students") }),
          h("button", { "data-testid": "export-rooms", onclick: () => send({ type: "export", what: "rooms" }), text: t(model, "export_rooms") }),
          h("button", { "data-testid": "export-attempts", onclick: () => send({ type: "export", what: "attempts" }), text: t(model, "export_attempts") }),
          h("button", { "data-testid": "export-records", onclick: () => send({ type: "export", what: "records" }), text: t(model, "export_records") })
        ),
        h("div", { class: "ck-teacher-row" }, h("button", { "data-testid": "end-session", onclick: () => {
          if (window.confirm(t(model, "end_confirm"))) send({ type: "end" });
        }, text: t(model, "end_session") }))
      );
    }
    const open = view.open_sessions || [];
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: t(model, "start_title") }),
      h(
        "form",
        { class: "ck-teacher-row", "data-testid": "start-form", onsubmit: (e) => {
          e.preventDefault();
          send({ type: "start", title: form.title, ...form.className.trim() ? { class: form.className.trim() } : {} });
        } },
        input("title", "title", { type: "text", placeholder: t(model, "title_placeholder"), maxlength: "80" }),
        view.by_pass ? null : classInput(model, form),
        h("button", { type: "submit", class: "ck-teacher-primary", "data-testid": "start", text: t(model, "start") })
      ),
      open.length ? h("div", { class: "ck-teacher-row" }, h("span", { text: t(model, "go_back") }), ...open.map((o) => h("button", { "data-testid": "continue", onclick: () => send({ type: "continue", session: o.code }), text: `${o.title} (${o.code})` }))) : null
    );
  }
  function makeStage(view) {
    const games = view.games || {};
    if (!(form.game in games)) form.game = Object.keys(games)[0] || null;
    const seats = games[form.game] || [2];
    if (!seats.includes(form.players)) form.players = seats[0];
    if (form.people > form.players) form.people = form.players;
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: t(model, "make_rooms") }),
      h("div", { class: "ck-teacher-row" }, ...(view.presets || []).map((p) => h("button", { type: "button", "data-testid": "preset", onclick: () => {
        Object.assign(form, { game: p.game, players: p.players, people: p.people });
        draw();
      }, text: p.label }))),
      h(
        "form",
        { class: "ck-teacher-row", "data-testid": "make-form", onsubmit: (e) => {
          e.preventDefault();
          const options = {};
          for (const o of (view.options || {})[form.game] || []) if (form.options[o.key]) options[o.key] = form.options[o.key];
          const content = ((view.contents || {})[form.game] || []).some((c) => c.id === form.content) ? { content: form.content } : {};
          send({ type: "make", game: form.game, rooms: form.rooms, players: form.players, people: form.people, ...Object.keys(options).length ? { options } : {}, ...content });
        } },
        input("rooms", "rooms", { type: "number", min: "1", max: "40", "aria-label": t(model, "rooms_label") }),
        h("select", { "data-testid": "game", "aria-label": t(model, "game_label"), onchange: (e) => {
          form.game = e.target.value;
          draw();
        } }, ...Object.keys(games).map((g) => h("option", { value: g, selected: g === form.game, text: t(model, "game_rooms", { game: (view.game_titles || {})[g] || g }) }))),
        h("label", {}, t(model, "seats") + " ", h("select", { "data-testid": "players", onchange: (e) => {
          form.players = Number(e.target.value);
          draw();
        } }, ...seats.map((n) => h("option", { value: String(n), selected: n === form.players, text: String(n) })))),
        h("label", {}, t(model, "people") + " ", input("people", "people", { type: "number", min: "1", max: String(form.players) })),
        ((view.contents || {})[form.game] || []).length ? h("label", {}, t(model, "plays") + " ", h("select", { "data-testid": "content", "aria-label": t(model, "content_label"), onchange: (e) => {
          form.content = e.target.value;
        } }, h("option", { value: "", selected: !form.content, text: t(model, "usual_content") }), ...(view.contents[form.game] || []).map((c) => h("option", { value: c.id, selected: form.content === c.id, text: c.label })))) : null,
        ...((view.options || {})[form.game] || []).map(
          (o) => h(
            "label",
            { title: o.label },
            `${o.name || o.key} `,
            h(
              "select",
              { "data-testid": `option-${o.key}`, "aria-label": o.label, onchange: (e) => {
                form.options[o.key] = e.target.value ? Number(e.target.value) : false;
              } },
              h("option", { value: "", selected: !form.options[o.key], text: t(model, "off") }),
              ...o.choices.map((n) => h("option", { value: String(n), selected: form.options[o.key] === n, text: t(model, "seconds", { n }) }))
            )
          )
        ),
        h("span", { class: "ck-teacher-hint", text: t(model, "bots_hint") }),
        h("button", { type: "submit", class: "ck-teacher-primary", "data-testid": "make", text: t(model, "make_rooms") })
      )
    );
  }
  function codesStage(view) {
    const live = (view.rooms || []).filter((r) => r.status === "open" && !r.over);
    const session = view.session || {};
    return h(
      "div",
      { class: "ck-teacher-card", "data-testid": "codes" },
      h(
        "div",
        { class: "ck-teacher-row" },
        h("h3", { text: t(model, "join_title") }),
        view.projector ? h("button", { "data-testid": "project", title: t(model, "project_title"), onclick: () => window.open(view.projector, "ck-projector"), text: t(model, "project") }) : null,
        ...roundButtons(model, view, send),
        view.start_label ? h("button", { class: "ck-teacher-primary", "data-testid": "start-rooms", onclick: () => send({ type: "start_rooms" }), text: view.start_label }) : null
      ),
      h(
        "div",
        { class: "ck-teacher-code ck-teacher-classline" },
        h("span", { class: "ck-teacher-label", text: t(model, "class_code_label") }),
        h("span", { class: "ck-teacher-big ck-teacher-huge", "data-testid": "projected-class-code", text: session.code || "" })
      ),
      live.length ? h(
        "div",
        { class: "ck-teacher-codes" },
        ...live.map(
          (r, i) => h(
            "div",
            { class: "ck-teacher-code", "data-testid": "room-card", "data-code": r.code },
            h("span", { class: "ck-teacher-label", text: t(model, "room_card", { n: i + 1, title: r.title, state: t(model, r.held ? "waiting_start" : "playing") }) }),
            h("span", { class: "ck-teacher-big", "data-testid": "room-code", text: r.code }),
            h("span", { "data-testid": "room-names", text: (r.seated || []).map((p) => p.team ? t(model, "person_team", { name: p.name, team: p.team_label || p.team }) : p.name).join(", ") || t(model, "nobody_yet") }),
            h("span", { class: "ck-teacher-hint", "data-testid": "room-free", text: r.left || "" })
          )
        )
      ) : null
    );
  }
  function timerControls(view, r) {
    const timer = (view.timers || {})[r.id];
    if (!timer) return null;
    const now = timer.off ? t(model, "timer_off") : timer.running ? t(model, "timer_left", { n: Math.ceil(timer.seconds_left) }) : t(model, "timer_on");
    return h(
      "div",
      { class: "ck-teacher-timer", "data-testid": "timer", "data-off": timer.off ? "true" : "false" },
      h("span", { "data-testid": "timer-state", text: now }),
      timer.warning ? h("div", { class: "ck-teacher-notyet", "data-testid": "timer-unattended", role: "note", text: timer.warning }) : null,
      timer.running && !timer.off ? h("button", { "data-testid": "timer-extend", "aria-label": timer.extend_label, onclick: () => send({ type: "timer", room: r.id, change: "extend" }), text: t(model, "plus_seconds", { n: timer.extend }) }) : null,
      h("button", { "data-testid": timer.off ? "timer-on" : "timer-off", onclick: () => send({ type: "timer", room: r.id, change: timer.off ? "on" : "off" }), text: t(model, timer.off ? "turn_timer_on" : "turn_timer_off") }),
      h(
        "select",
        { "data-testid": "timer-length", "aria-label": t(model, "timer_length", { code: r.code }), onchange: (e) => {
          if (e.target.value) send({ type: "timer_length", room: r.id, seconds: Number(e.target.value) });
        } },
        h("option", { value: "", selected: timer.length === null, text: t(model, "length_choose") }),
        ...timer.lengths.map((n) => h("option", { value: String(n), selected: timer.length === n, text: t(model, "seconds", { n }) }))
      )
    );
  }
  function roomRow(view, r) {
    const seated = r.seated || [];
    return h(
      "tr",
      { "data-testid": "room-row", "data-code": r.code, "data-version": String(r.version) },
      h("td", { class: "ck-teacher-mono", text: r.code }),
      h("td", { text: r.title }),
      h("td", { "data-testid": "progress", text: r.held ? t(model, "waiting_start") : r.progress }),
      h("td", { text: r.score }),
      h("td", { text: (r.to_act || []).join(", ") }),
      h(
        "td",
        {},
        ...seated.map(
          (p) => h(
            "div",
            { class: "ck-teacher-person", "data-testid": "person", "data-name": p.name },
            h("span", { class: p.connected ? "ck-teacher-on" : "ck-teacher-off", title: t(model, p.connected ? "connected" : "away"), text: `${p.connected ? "●" : "○"} ${p.name} ` }),
            r.status === "open" && !r.over ? [
              h("button", { "data-testid": "give-seat", "aria-label": t(model, "give_seat_label", { name: p.name }), onclick: () => {
                if (window.confirm(t(model, "give_seat_confirm", { name: p.name }))) send({ type: "give_seat", room: r.id, seat: p.seat });
              }, text: t(model, "new_device") }),
              h("button", { "data-testid": "remove", "aria-label": t(model, "remove_label", { name: p.name }), onclick: () => {
                if (window.confirm(t(model, (view.class || { bots_replace: true }).bots_replace ? "remove_confirm_bot" : "remove_confirm_free", { name: p.name, code: r.code }))) send({ type: "remove", room: r.id, seat: p.seat });
              }, text: t(model, "remove") }),
              ...personControls(model, view, r, p, send)
            ] : null
          )
        ),
        (r.reserved || []).map((name) => h("div", { class: "ck-teacher-hint", text: t(model, "seat_kept", { name }) })),
        r.free ? h("span", { class: "ck-teacher-hint", text: r.free }) : null
      ),
      h("td", { "data-testid": "state", text: r.status !== "open" ? r.result ? t(model, "closed_result", { result: r.result }) : t(model, "closed") : r.over ? r.result : t(model, r.held ? "waiting" : "playing") }),
      h(
        "td",
        {},
        r.status === "open" ? h("button", { "data-testid": "watch", onclick: () => send({ type: view.watching === r.code ? "stop_watching" : "watch", ...view.watching === r.code ? {} : { room: r.id } }), text: t(model, view.watching === r.code ? "stop_watching" : "watch") }) : null,
        r.status === "open" && !r.over && r.free_seats ? h("button", { "data-testid": "fill-bots", onclick: () => send({ type: "fill_bots", room: r.id }), text: t(model, "fill_bots") }) : null,
        timerControls(view, r),
        r.status === "open" ? h("button", {
          "data-testid": "close-room",
          onclick: () => {
            const ask = t(model, r.over ? "close_confirm_over" : "close_confirm_playing", { code: r.code });
            if (window.confirm(ask)) send({ type: "close_room", room: r.id });
          },
          text: t(model, "close")
        }) : null
      )
    );
  }
  function roomsTable(view, rooms) {
    const columns = ["col_code", "col_game", "col_progress", "col_score", "col_to_act", "col_people", "col_state", "col_actions"];
    return teacherTable(model, "rooms", columns, rooms.map((r) => roomRow(view, r)));
  }
  function roomsStage(view) {
    const rooms = view.rooms || [];
    if (!rooms.length) return null;
    const live = rooms.filter((r) => r.status === "open" && !r.over);
    const done = rooms.filter((r) => !(r.status === "open" && !r.over));
    return h(
      "div",
      { class: "ck-teacher-card" },
      h(
        "div",
        { class: "ck-teacher-row" },
        h("h3", { text: t(model, "rooms_live") }),
        live.some((r) => r.free_seats) ? h("button", { "data-testid": "fill-bots-all", title: t(model, "fill_bots_all_title"), onclick: () => send({ type: "fill_bots_all" }), text: t(model, "fill_bots_all") }) : null
      ),
      live.length ? roomsTable(view, live) : h("p", { class: "ck-teacher-hint", text: t(model, "no_game") }),
      done.length ? h("details", { "data-testid": "finished-rooms" }, h("summary", { text: view.finished_label || "" }), roomsTable(view, done)) : null
    );
  }
  function resultsStage(view) {
    const results = (view.results || []).filter((r) => r.finished || r.status !== "open");
    if (!results.length) return null;
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: t(model, "results") }),
      resultsTable(model, "results", "result-row", results)
    );
  }
  function gridStage(view) {
    const grid = view.grid || {};
    const students = grid.students || [];
    const exercises = grid.exercises || [];
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: t(model, "exercises") }),
      students.length ? h(
        "table",
        { class: "ck-teacher-table ck-teacher-grid", "data-testid": "grid" },
        h("thead", {}, h("tr", {}, h("th", { text: t(model, "col_student") }), ...exercises.map((x) => h("th", { text: x })))),
        h(
          "tbody",
          {},
          ...students.map(
            (s) => h(
              "tr",
              { "data-testid": "grid-row", "data-student": s },
              h("th", { text: s }),
              ...exercises.map((x) => {
                const cell = ((grid.cells || {})[s] || {})[x];
                if (!cell) return h("td", { class: "ck-teacher-empty", text: "" });
                return h("td", { class: cell.solved ? "ck-teacher-solved" : "ck-teacher-notyet", "data-testid": "grid-cell", "data-exercise": x, text: `${cell.solved ? "✓" : "✗"} ${cell.tries}` });
              })
            )
          )
        )
      ) : h("p", { class: "ck-teacher-hint", text: t(model, "no_answers") }),
      analysisChart(model, view.analysis)
    );
  }
  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    const focus = document.activeElement && root.contains(document.activeElement) ? document.activeElement.getAttribute("data-testid") : null;
    const stages = view.locked === false ? [rekeyStage(view), sessionStage(view), view.session ? [classStage(model, view, form, send), makeStage(view), codesStage(view), roomsStage(view), resultsStage(view), gridStage(view)] : [], sessionsStage(model, view, send), sheetsStage(model, view, form, send)] : [view.locked ? lockedStage() : null];
    root.replaceChildren(
      ...[h("h2", { class: "ck-teacher-title", text: t(model, "title") }), message ? h("div", { class: "ck-teacher-message", role: "alert", "data-testid": "teacher-message", text: message }) : null, ...stages.flat()].filter(Boolean)
    );
    if (focus) {
      const again = root.querySelector(`[data-testid="${focus}"]`);
      if (again) again.focus();
    }
  }
  model.on("change:view", draw);
  model.on("change:message", draw);
  model.on("msg:custom", (msg, buffers) => {
    if (msg && msg.type === "stay" && typeof msg.token === "string") {
      teacherPass("stay", { token: msg.token }).catch(() => {
      });
      return;
    }
    if (!msg || msg.type !== "download") return;
    const pdf = msg.mime === "application/pdf" && buffers && buffers.length ? buffers[0] : null;
    if (typeof msg.text !== "string" && !pdf) return;
    const json = String(msg.name || "").endsWith(".json");
    const type = pdf ? "application/pdf" : json ? "application/json" : "text/csv;charset=utf-8";
    const url = URL.createObjectURL(new Blob([pdf || msg.text], { type }));
    const link = h("a", { href: url, download: String(msg.name || "results.csv") });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1e4);
  });
  draw();
  const key = takeFromHash("key");
  if (key) {
    if ((model.get("view") || {}).locked) send({ type: "unlock", key, device: deviceId() || void 0 });
  } else if ((model.get("view") || {}).locked) {
    teacherPass("resume").then((reply) => reply && reply.json()).then((answer) => {
      if (answer && typeof answer.token === "string") send({ type: "resume", token: answer.token });
    }).catch(() => {
    });
  }
}
var teacher_default = { render };
export {
  teacher_default as default
};
