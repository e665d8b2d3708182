// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   outage.js 2f8f3656ecf5eadc50567bede396f8f727926a65411fd687db1d6886fa6be842
//   table_common.js 86943054cd582af8545c9292fab9c364cb7b5d2fbb2d4fffaaba8c9d7c18e12d
//   teacher.js 938d566f32d166dcb1355d4ff1f0152c39b0870a9afc7efb4b9af3dc8ff41381
//   teacher_pass.js 9907c884c498638195f19910a166b9fdb4302173ad2ad55885cf748ec714807a
//   teacher_term.js 4901f74fbe99a3a9f3cb74c95f5a0022e3f31f1a8a284731cf5a7655c10984b5
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

// cipherkit/widgets/teacher_term.js
var SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) if (c) node.append(c);
  return node;
}
function classInput(form) {
  return h("input", {
    "data-testid": "start-class",
    type: "text",
    maxlength: "80",
    value: form.className || "",
    placeholder: "class for the term (optional), e.g. Year 9",
    "aria-label": "class for the term",
    oninput: (e) => {
      form.className = e.target.value;
    }
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
      ...roster.map(
        (s) => h(
          "tr",
          { "data-testid": "roster-row", "data-id": s.student_id },
          h("td", { class: "ck-teacher-mono", text: s.student_id }),
          h("td", { text: s.name }),
          h("td", { text: s.email }),
          h("td", {}, h("button", { "data-testid": "roster-remove", "aria-label": `take ${s.name} off the roster`, onclick: () => {
            if (window.confirm(`Take ${s.name} off the roster? Their results stay.`)) send({ type: "roster_remove", id: s.student_id });
          }, text: "Remove" }))
        )
      )
    )
  );
}
function rosterForms(form, send) {
  const field = (testid, key, label, attrs = {}) => h("input", { "data-testid": testid, "aria-label": label, placeholder: label, value: form[key] || "", oninput: (e) => {
    form[key] = e.target.value;
  }, ...attrs });
  const file = h("input", {
    type: "file",
    accept: ".csv,text/csv,text/plain",
    "data-testid": "roster-file",
    "aria-label": "roster CSV file",
    onchange: (e) => {
      const chosen = e.target.files && e.target.files[0];
      if (!chosen) return;
      chosen.text().then((text) => send({ type: "roster_import", text })).catch(() => {
      });
      e.target.value = "";
    }
  });
  return [
    h("div", { class: "ck-teacher-row" }, h("label", {}, "Import a roster (CSV: id, name, email) ", file)),
    h(
      "form",
      { class: "ck-teacher-row", "data-testid": "roster-form", onsubmit: (e) => {
        e.preventDefault();
        send({ type: "roster_add", id: form.rosterId || "", name: form.rosterName || "", email: form.rosterEmail || "" });
        form.rosterId = form.rosterName = form.rosterEmail = "";
      } },
      field("roster-id", "rosterId", "student id", { maxlength: "64" }),
      field("roster-name", "rosterName", "name", { maxlength: "40" }),
      field("roster-email", "rosterEmail", "email (optional)", { type: "email" }),
      h("button", { type: "submit", "data-testid": "roster-add", text: "Add student" })
    )
  ];
}
function homeworkCard(view, klass, form, send) {
  const lessons = view.lessons || [];
  const work = klass.homework || [];
  const absolute = (link) => new URL(link, window.location.origin).href;
  return h(
    "details",
    // open or closed as the teacher left it across redraws (open at first if any is set)
    { "data-testid": "homework", open: form.homeworkOpen ?? work.length > 0, ontoggle: (e) => {
      form.homeworkOpen = e.target.open;
    } },
    h("summary", { text: `Homework (${work.length})` }),
    lessons.length ? h(
      "form",
      { class: "ck-teacher-row", "data-testid": "homework-form", onsubmit: (e) => {
        e.preventDefault();
        send({ type: "assign", lesson: form.lesson || lessons[0], due: (form.due || "").replace("T", " ") });
      } },
      h("select", { "data-testid": "homework-lesson", "aria-label": "lesson", onchange: (e) => {
        form.lesson = e.target.value;
      } }, ...lessons.map((l) => h("option", { value: l, selected: l === form.lesson, text: l }))),
      h("label", {}, "due ", h("input", { type: "datetime-local", "data-testid": "homework-due", value: form.due || "", oninput: (e) => {
        form.due = e.target.value;
      } })),
      h("button", { type: "submit", "data-testid": "homework-assign", text: "Set as homework" })
    ) : null,
    ...work.map(
      (w) => h(
        "div",
        { class: "ck-teacher-code", "data-testid": "homework-item", "data-lesson": w.lesson },
        h("span", { class: "ck-teacher-label", text: `${w.title} · due ${w.due} · class code ${w.code}` }),
        h("span", { "data-testid": "homework-done", text: `${w.done} of ${w.of} have solved something` }),
        h("input", { readonly: true, class: "ck-teacher-mono", "data-testid": "homework-link", "aria-label": "homework link for students", value: absolute(w.link) }),
        h(
          "table",
          { class: "ck-teacher-table", "data-testid": "homework-progress" },
          h("thead", {}, h("tr", {}, ...["Student", "Tried", "Solved in time", "Solved late", "Last answer"].map((t) => h("th", { text: t })))),
          h("tbody", {}, ...(w.progress || []).map((p) => h("tr", { "data-testid": "homework-row", "data-student": p.name }, h("td", { text: p.name }), h("td", { text: String(p.tried) }), h("td", { text: String(p.solved) }), h("td", { text: String(p.late) }), h("td", { text: p.last || "—" }))))
        )
      )
    )
  );
}
function classStage(view, form, send) {
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
      "a bot takes the seat of a student who is removed or moved, so the game goes on"
    ),
    h("details", { "data-testid": "roster-card", open: !!form.rosterOpen, ontoggle: (e) => {
      form.rosterOpen = e.target.open;
    } }, h("summary", { text: `Roster (${(klass.roster || []).length})` }), rosterTable(klass, send), ...view.by_pass ? [] : rosterForms(form, send)),
    view.by_pass ? null : homeworkCard(view, klass, form, send)
  );
}
function roundButtons(view, send) {
  const rooms = (view.rooms || []).filter((r) => r.status === "open");
  if (!rooms.length) return [];
  const ask = "The class's rooms close (their records are kept) and everyone is seated again in new rooms; their pages follow.";
  return [
    h("button", { "data-testid": "next-round", onclick: () => {
      if (window.confirm(`Next round? ${ask}`)) send({ type: "next_round", shuffle: false });
    }, text: "Next round" }),
    h("button", { "data-testid": "shuffle-seats", onclick: () => {
      if (window.confirm(`Next round with shuffled seats? ${ask}`)) send({ type: "next_round", shuffle: true });
    }, text: "Next round, shuffled" })
  ];
}
function personControls(view, r, p, send) {
  const elsewhere = (view.rooms || []).filter((o) => o.status === "open" && !o.over && o.free_seats > 0 && !(o.id === r.id && o.free_seats < 1));
  return [
    elsewhere.length ? h(
      "select",
      { "data-testid": "move", "aria-label": `move ${p.name} to another room`, onchange: (e) => {
        if (e.target.value) send({ type: "move", room: r.id, seat: p.seat, to_room: e.target.value });
      } },
      h("option", { value: "", text: "Move to…" }),
      ...elsewhere.map((o) => h("option", { value: o.id, text: `${o.code} (${o.free_seats} free)` }))
    ) : null,
    h("button", { "data-testid": "rename", "aria-label": `rename ${p.name}`, onclick: () => {
      const name = window.prompt(`A new name for ${p.name}:`, p.name);
      if (name && name.trim() && name.trim() !== p.name) send({ type: "rename", room: r.id, seat: p.seat, name: name.trim() });
    }, text: "Rename" })
  ];
}
function analysisChart(rows) {
  if (!rows || !rows.length) return null;
  const bar = 22;
  const width = 320;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${rows.length * bar}`, width: "100%", role: "img", "aria-label": "share of students who solved each exercise, most missed first", class: "ck-teacher-chart" });
  rows.forEach((r, i) => {
    chart.append(svg("rect", { x: 0, y: i * bar + 3, width: width * r.share / 100, height: bar - 6, class: "ck-teacher-bar", "data-exercise": r.exercise }));
  });
  return h(
    "div",
    { "data-testid": "item-analysis" },
    h("h4", { text: "Item analysis: share solved, most missed first" }),
    h(
      "div",
      { class: "ck-teacher-analysis" },
      h("div", {}, ...rows.map((r) => h("div", { class: "ck-teacher-analysis-label", "data-testid": "analysis-row", "data-exercise": r.exercise, text: `${r.exercise}: ${r.share}% solved${r.tries === null ? "" : `, ${r.tries} tries`}` }))),
      chart
    )
  );
}
function exportButtons(send, session, prefix) {
  return h(
    "div",
    { class: "ck-teacher-row" },
    h("span", { class: "ck-teacher-label", text: "Export:" }),
    ...["students", "rooms", "attempts", "records"].map((what) => h("button", { "data-testid": `${prefix}-export-${what}`, onclick: () => send({ type: "export", what, session }), text: what }))
  );
}
function sessionsStage(view, send) {
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
        ...sessions.map(
          (s) => h(
            "tr",
            { "data-testid": "session-row", "data-code": s.code },
            h("td", { text: s.title }),
            h("td", { text: s.class }),
            h("td", { class: "ck-teacher-mono", text: s.code }),
            h("td", { text: s.status === "open" ? "open" : `ended ${s.ended || ""}` }),
            h("td", { text: `${s.finished} of ${s.rooms} finished` }),
            h("td", { text: String(s.answers) }),
            h("td", {}, h("button", { "data-testid": "past-open", onclick: () => send({ type: "past", session: s.id }), text: "Results" }))
          )
        )
      )
    ),
    past ? h(
      "div",
      { "data-testid": "past", "data-code": past.session.code },
      h("h4", { text: `Results of ${past.session.title} (${past.session.code})` }),
      exportButtons(send, past.session.id, "past"),
      h(
        "table",
        { class: "ck-teacher-table", "data-testid": "past-results" },
        h("thead", {}, h("tr", {}, ...["Code", "Game", "Players", "Result"].map((t) => h("th", { text: t })))),
        h("tbody", {}, ...(past.results || []).map((r) => h("tr", { "data-testid": "past-result-row", "data-code": r.code }, h("td", { class: "ck-teacher-mono", text: r.code }), h("td", { text: r.game }), h("td", { text: (r.players || []).join(" / ") }), h("td", { text: r.result }))))
      ),
      analysisChart(past.analysis)
    ) : null
  );
}

// cipherkit/widgets/teacher.js
function render({ model, el }) {
  const root = h("div", { class: "ck-teacher", "data-testid": "teacher" });
  el.append(root);
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
  function lockedStage() {
    return h(
      "form",
      {
        class: "ck-teacher-card",
        "data-testid": "key-form",
        onsubmit: (e) => {
          e.preventDefault();
          send({ type: "unlock", key: form.key, device: deviceId() || void 0 });
        }
      },
      h("h3", { text: "Teacher key" }),
      h("p", { class: "ck-teacher-hint", text: "Open the teacher link that cipherkit serve printed, or paste its key here." }),
      h("div", { class: "ck-teacher-row" }, input("key", "key", { type: "password", autocomplete: "off", "aria-label": "teacher key" }), h("button", { type: "submit", "data-testid": "unlock", class: "ck-teacher-primary", text: "Open" }))
    );
  }
  function rekeyStage(view) {
    if (!view.by_pass) return null;
    return h(
      "form",
      {
        class: "ck-teacher-card ck-teacher-rekey",
        "data-testid": "rekey-form",
        onsubmit: (e) => {
          e.preventDefault();
          send({ type: "unlock", key: form.key, device: deviceId() || void 0 });
        }
      },
      h("p", { class: "ck-teacher-hint", text: "Reopened from this browser's pass: this class session only. To start or continue another session, or to export results, type the teacher key." }),
      h("div", { class: "ck-teacher-row" }, input("rekey", "key", { type: "password", autocomplete: "off", "aria-label": "teacher key" }), h("button", { type: "submit", "data-testid": "rekey-unlock", text: "Use the key" }))
    );
  }
  function sessionStage(view) {
    if (view.session) {
      const s = view.session;
      return h(
        "div",
        { class: "ck-teacher-card ck-teacher-session" },
        h("div", { class: "ck-teacher-label", text: `Class session: ${s.title}` }),
        h("div", { class: "ck-teacher-big", "data-testid": "class-code", text: s.code }),
        h("div", { class: "ck-teacher-hint", text: "Students type this class code and their name in a lesson's exercises to have their answers counted." }),
        h(
          "div",
          { class: "ck-teacher-row", "data-testid": "export" },
          h("span", { class: "ck-teacher-label", text: "Export results (CSV for a spreadsheet or gradebook):" }),
          h("button", { "data-testid": "export-students", onclick: () => send({ type: "export", what: "students" }), text: "Students" }),
          h("button", { "data-testid": "export-rooms", onclick: () => send({ type: "export", what: "rooms" }), text: "Rooms" }),
          h("button", { "data-testid": "export-attempts", onclick: () => send({ type: "export", what: "attempts" }), text: "Exercise attempts" }),
          h("button", { "data-testid": "export-records", onclick: () => send({ type: "export", what: "records" }), text: "Game records" })
        ),
        h("div", { class: "ck-teacher-row" }, h("button", { "data-testid": "end-session", onclick: () => {
          if (window.confirm("End this class session? Its rooms close. Every result stays: on this page under Every session, and in the export.")) send({ type: "end" });
        }, text: "End session" }))
      );
    }
    const open = view.open_sessions || [];
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: "Start a class session" }),
      h(
        "form",
        { class: "ck-teacher-row", "data-testid": "start-form", onsubmit: (e) => {
          e.preventDefault();
          send({ type: "start", title: form.title, ...form.className.trim() ? { class: form.className.trim() } : {} });
        } },
        input("title", "title", { type: "text", placeholder: "session title, e.g. Monday's lesson", maxlength: "80" }),
        view.by_pass ? null : classInput(form),
        h("button", { type: "submit", class: "ck-teacher-primary", "data-testid": "start", text: "Start" })
      ),
      open.length ? h("div", { class: "ck-teacher-row" }, h("span", { text: "or go back to:" }), ...open.map((o) => h("button", { "data-testid": "continue", onclick: () => send({ type: "continue", session: o.code }), text: `${o.title} (${o.code})` }))) : null
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
      h("h3", { text: "Make rooms" }),
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
        input("rooms", "rooms", { type: "number", min: "1", max: "40", "aria-label": "rooms" }),
        h("select", { "data-testid": "game", "aria-label": "game", onchange: (e) => {
          form.game = e.target.value;
          draw();
        } }, ...Object.keys(games).map((g) => h("option", { value: g, selected: g === form.game, text: `${g} rooms` }))),
        h("label", {}, "seats ", h("select", { "data-testid": "players", onchange: (e) => {
          form.players = Number(e.target.value);
          draw();
        } }, ...seats.map((n) => h("option", { value: String(n), selected: n === form.players, text: String(n) })))),
        h("label", {}, "people ", input("people", "people", { type: "number", min: "1", max: String(form.players) })),
        ((view.contents || {})[form.game] || []).length ? h("label", {}, "plays ", h("select", { "data-testid": "content", "aria-label": "what the rooms play", onchange: (e) => {
          form.content = e.target.value;
        } }, h("option", { value: "", selected: !form.content, text: "the usual one" }), ...(view.contents[form.game] || []).map((c) => h("option", { value: c.id, selected: form.content === c.id, text: c.label })))) : null,
        ...((view.options || {})[form.game] || []).map(
          (o) => h(
            "label",
            { title: o.label },
            `${o.key} `,
            h(
              "select",
              { "data-testid": `option-${o.key}`, "aria-label": o.label, onchange: (e) => {
                form.options[o.key] = e.target.value ? Number(e.target.value) : false;
              } },
              h("option", { value: "", selected: !form.options[o.key], text: "off" }),
              ...o.choices.map((n) => h("option", { value: String(n), selected: form.options[o.key] === n, text: `${n} s` }))
            )
          )
        ),
        h("span", { class: "ck-teacher-hint", text: "bots take the other seats" }),
        h("button", { type: "submit", class: "ck-teacher-primary", "data-testid": "make", text: "Make rooms" })
      )
    );
  }
  function teamsLeft(r) {
    const teams = Object.entries(r.free_by_team || {});
    if (!teams.length) return r.free_seats ? `${r.free_seats} free` : "full";
    return teams.map(([team, n]) => `${team}: ${n} free`).join(" · ");
  }
  function codesStage(view) {
    const live = (view.rooms || []).filter((r) => r.status === "open" && !r.over);
    const held = live.filter((r) => r.held);
    const session = view.session || {};
    return h(
      "div",
      { class: "ck-teacher-card", "data-testid": "codes" },
      h(
        "div",
        { class: "ck-teacher-row" },
        h("h3", { text: "Join the games" }),
        view.projector ? h("button", { "data-testid": "project", title: "Open the projector's page in a new window", onclick: () => window.open(view.projector, "ck-projector"), text: "Project" }) : null,
        ...roundButtons(view, send),
        held.length ? h("button", { class: "ck-teacher-primary", "data-testid": "start-rooms", onclick: () => send({ type: "start_rooms" }), text: `Start ${held.length === 1 ? "the game" : `all ${held.length} games`}` }) : null
      ),
      h(
        "div",
        { class: "ck-teacher-code ck-teacher-classline" },
        h("span", { class: "ck-teacher-label", text: "Class code: type it with your name on the Play together page" }),
        h("span", { class: "ck-teacher-big ck-teacher-huge", "data-testid": "projected-class-code", text: session.code || "" })
      ),
      live.length ? h(
        "div",
        { class: "ck-teacher-codes" },
        ...live.map(
          (r, i) => h(
            "div",
            { class: "ck-teacher-code", "data-testid": "room-card", "data-code": r.code },
            h("span", { class: "ck-teacher-label", text: `Room ${i + 1} · ${r.title} · ${r.held ? "waiting for Start" : "playing"}` }),
            h("span", { class: "ck-teacher-big", "data-testid": "room-code", text: r.code }),
            h("span", { "data-testid": "room-names", text: (r.seated || []).map((p) => p.team ? `${p.name} (${p.team})` : p.name).join(", ") || "nobody yet" }),
            h("span", { class: "ck-teacher-hint", "data-testid": "room-free", text: teamsLeft(r) })
          )
        )
      ) : null
    );
  }
  function timerControls(view, r) {
    const t = (view.timers || {})[r.id];
    if (!t) return null;
    const now = t.off ? "timer off" : t.running ? `timer: ${Math.ceil(t.seconds_left)} s left` : "timer on";
    return h(
      "div",
      { class: "ck-teacher-timer", "data-testid": "timer", "data-off": t.off ? "true" : "false" },
      h("span", { "data-testid": "timer-state", text: now }),
      t.warning ? h("div", { class: "ck-teacher-notyet", "data-testid": "timer-unattended", role: "note", text: t.warning }) : null,
      t.running && !t.off ? h("button", { "data-testid": "timer-extend", "aria-label": `give room ${r.code} ${t.extend} more seconds`, onclick: () => send({ type: "timer", room: r.id, change: "extend" }), text: `+${t.extend} s` }) : null,
      h("button", { "data-testid": t.off ? "timer-on" : "timer-off", onclick: () => send({ type: "timer", room: r.id, change: t.off ? "on" : "off" }), text: t.off ? "Turn timer on" : "Turn timer off" }),
      h(
        "select",
        { "data-testid": "timer-length", "aria-label": `timer length of room ${r.code}`, onchange: (e) => {
          if (e.target.value) send({ type: "timer_length", room: r.id, seconds: Number(e.target.value) });
        } },
        h("option", { value: "", selected: t.length === null, text: "length…" }),
        ...t.lengths.map((n) => h("option", { value: String(n), selected: t.length === n, text: `${n} s` }))
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
      h("td", { "data-testid": "progress", text: r.held ? "waiting for Start" : r.progress }),
      h("td", { text: r.score }),
      h("td", { text: (r.to_act || []).join(", ") }),
      h(
        "td",
        {},
        ...seated.map(
          (p) => h(
            "div",
            { class: "ck-teacher-person", "data-testid": "person", "data-name": p.name },
            h("span", { class: p.connected ? "ck-teacher-on" : "ck-teacher-off", title: p.connected ? "connected" : "away", text: `${p.connected ? "●" : "○"} ${p.name} ` }),
            r.status === "open" && !r.over ? [
              h("button", { "data-testid": "give-seat", "aria-label": `give ${p.name}'s seat to a new device`, onclick: () => {
                if (window.confirm(`Keep ${p.name}'s seat for a new device? The page ${p.name} has open now stops working; they join again with the class code and the same name.`)) send({ type: "give_seat", room: r.id, seat: p.seat });
              }, text: "New device" }),
              h("button", { "data-testid": "remove", "aria-label": `take ${p.name} out of this room`, onclick: () => {
                if (window.confirm(`Take ${p.name} out of room ${r.code}? ${(view.class || { bots_replace: true }).bots_replace ? "A bot takes their seat so the game goes on." : "Their seat becomes free."}`)) send({ type: "remove", room: r.id, seat: p.seat });
              }, text: "Remove" }),
              ...personControls(view, r, p, send)
            ] : null
          )
        ),
        (r.reserved || []).map((name) => h("div", { class: "ck-teacher-hint", text: `seat kept for ${name}` })),
        r.free_seats ? h("span", { class: "ck-teacher-hint", text: `${r.free_seats} free` }) : null
      ),
      h("td", { "data-testid": "state", text: r.status !== "open" ? `closed${r.result ? ": " + r.result : ""}` : r.over ? r.result : r.held ? "waiting" : "playing" }),
      h(
        "td",
        {},
        r.status === "open" ? h("button", { "data-testid": "watch", onclick: () => send({ type: view.watching === r.code ? "stop_watching" : "watch", ...view.watching === r.code ? {} : { room: r.id } }), text: view.watching === r.code ? "Stop watching" : "Watch" }) : null,
        r.status === "open" && !r.over && r.free_seats ? h("button", { "data-testid": "fill-bots", onclick: () => send({ type: "fill_bots", room: r.id }), text: "Bots take the empty seats" }) : null,
        timerControls(view, r),
        r.status === "open" ? h("button", {
          "data-testid": "close-room",
          onclick: () => {
            const ask = r.over ? `Close room ${r.code}? Its record is kept.` : `Close room ${r.code}? Its game is not over: the students in it stop playing now. Its record is kept.`;
            if (window.confirm(ask)) send({ type: "close_room", room: r.id });
          },
          text: "Close"
        }) : null
      )
    );
  }
  function roomsTable(view, rooms) {
    return h(
      "table",
      { class: "ck-teacher-table", "data-testid": "rooms" },
      h("thead", {}, h("tr", {}, ...["Code", "Game", "Progress", "Score", "To act", "People", "State", ""].map((t) => h("th", { text: t })))),
      h("tbody", {}, ...rooms.map((r) => roomRow(view, r)))
    );
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
        h("h3", { text: "Rooms, live" }),
        live.some((r) => r.free_seats) ? h("button", { "data-testid": "fill-bots-all", title: "Bots take every empty seat of this class's open rooms", onclick: () => send({ type: "fill_bots_all" }), text: "Bots take the empty seats (all rooms)" }) : null
      ),
      live.length ? roomsTable(view, live) : h("p", { class: "ck-teacher-hint", text: "No game is being played now." }),
      done.length ? h("details", { "data-testid": "finished-rooms" }, h("summary", { text: `Finished or closed rooms (${done.length})` }), roomsTable(view, done)) : null
    );
  }
  function resultsStage(view) {
    const results = (view.results || []).filter((r) => r.finished || r.status !== "open");
    if (!results.length) return null;
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: "Results" }),
      h(
        "table",
        { class: "ck-teacher-table", "data-testid": "results" },
        h("thead", {}, h("tr", {}, ...["Code", "Game", "Players", "Result"].map((t) => h("th", { text: t })))),
        h(
          "tbody",
          {},
          ...results.map(
            (r) => h(
              "tr",
              { "data-testid": "result-row", "data-code": r.code },
              h("td", { class: "ck-teacher-mono", text: r.code }),
              h("td", { text: r.game }),
              h("td", { text: (r.players || []).join(" / ") }),
              h("td", { text: r.result })
            )
          )
        )
      )
    );
  }
  function gridStage(view) {
    const grid = view.grid || {};
    const students = grid.students || [];
    const exercises = grid.exercises || [];
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: "Exercises" }),
      students.length ? h(
        "table",
        { class: "ck-teacher-table ck-teacher-grid", "data-testid": "grid" },
        h("thead", {}, h("tr", {}, h("th", { text: "Student" }), ...exercises.map((x) => h("th", { text: x })))),
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
      ) : h("p", { class: "ck-teacher-hint", text: "No answers yet." }),
      analysisChart(view.analysis)
    );
  }
  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    const focus = document.activeElement && root.contains(document.activeElement) ? document.activeElement.getAttribute("data-testid") : null;
    const stages = view.locked === false ? [rekeyStage(view), sessionStage(view), view.session ? [classStage(view, form, send), makeStage(view), codesStage(view), roomsStage(view), resultsStage(view), gridStage(view)] : [], sessionsStage(view, send)] : [view.locked ? lockedStage() : null];
    root.replaceChildren(
      ...[h("h2", { class: "ck-teacher-title", text: "Teacher" }), message ? h("div", { class: "ck-teacher-message", role: "alert", "data-testid": "teacher-message", text: message }) : null, ...stages.flat()].filter(Boolean)
    );
    if (focus) {
      const again = root.querySelector(`[data-testid="${focus}"]`);
      if (again) again.focus();
    }
  }
  model.on("change:view", draw);
  model.on("change:message", draw);
  model.on("msg:custom", (msg) => {
    if (msg && msg.type === "stay" && typeof msg.token === "string") {
      teacherPass("stay", { token: msg.token }).catch(() => {
      });
      return;
    }
    if (!msg || msg.type !== "download" || typeof msg.text !== "string") return;
    const json = String(msg.name || "").endsWith(".json");
    const url = URL.createObjectURL(new Blob([msg.text], { type: json ? "application/json" : "text/csv;charset=utf-8" }));
    const link = h("a", { href: url, download: String(msg.name || "results.csv") });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1e4);
  });
  draw();
  const hash = new URLSearchParams((window.location.hash || "").replace(/^#/, ""));
  const key = hash.get("key");
  if (key) {
    try {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    } catch (_) {
    }
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
