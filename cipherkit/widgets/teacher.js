// The teacher page: an ES module + DOM (bundled by scripts/build_widget_js.py).
//
// It draws the `view` trait and the `message` trait, and sends what the teacher clicks:
// {type: "unlock", key, device} (device: outage.js's deviceId(), for the limits on wrong
// keys), {type: "start", title}, {type: "continue", session},
// {type: "make", game, rooms, players, people}, {type: "watch", room},
// {type: "stop_watching"}, {type: "close_room", room}, {type: "fill_bots", room},
// {type: "fill_bots_all"}, {type: "start_rooms"}, {type: "give_seat", room, seat},
// {type: "remove", room, seat}, {type: "export", what}, {type: "worksheet", lesson, paper,
// answers} and {type: "end"}. Everything it
// shows comes from the kernel, which checks every message; nothing here decides.
// A page the teacher's cookie reopened (view.by_pass) acts on its own session only: it
// shows a key prompt, and starting or continuing a session or exporting needs the key
// typed there again (the kernel refuses them otherwise).
// A teacher link carries the key in its fragment (#key=...): it is sent once, then
// removed from the address bar so a projected screen does not show it.
// Every word comes from the kernel: the widget's `words` (t(model, key)) and, for a
// sentence with a count, the view (whole, in the widget's language).

import { h, speakLanguage, t, takeFromHash } from "./table_common.js";
import { deviceId } from "./outage.js";
import { teacherPass } from "./teacher_pass.js";
import { sheetsStage } from "./teacher_sheets.js";
import { analysisChart, classInput, classStage, personControls, resultsTable, roundButtons, sessionsStage, teacherTable } from "./teacher_term.js";

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
      ...attrs,
    });
  }

  // A form that unlocks with the teacher key: the locked page's, and the one a page
  // opened by a pass shows to take the key instead. `heading` may be null.
  function keyForm(attrs, heading, hint, inputTestid, button) {
    const unlock = (e) => {
      e.preventDefault();
      send({ type: "unlock", key: form.key, device: deviceId() || undefined });
    };
    return h(
      "form",
      { ...attrs, onsubmit: unlock },
      heading && h("h3", { text: t(model, heading) }),
      h("p", { class: "ck-teacher-hint", text: t(model, hint) }),
      h("div", { class: "ck-teacher-row" }, input(inputTestid, "key", { type: "password", autocomplete: "off", "aria-label": t(model, "key_label") }), h("button", { type: "submit", ...button })),
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
          h("button", { "data-testid": "export-records", onclick: () => send({ type: "export", what: "records" }), text: t(model, "export_records") }),
        ),
        h("div", { class: "ck-teacher-row" }, h("button", { "data-testid": "end-session", onclick: () => { if (window.confirm(t(model, "end_confirm"))) send({ type: "end" }); }, text: t(model, "end_session") })),
      );
    }
    const open = view.open_sessions || [];
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: t(model, "start_title") }),
      h(
        "form",
        { class: "ck-teacher-row", "data-testid": "start-form", onsubmit: (e) => { e.preventDefault(); send({ type: "start", title: form.title, ...(form.className.trim() ? { class: form.className.trim() } : {}) }); } },
        input("title", "title", { type: "text", placeholder: t(model, "title_placeholder"), maxlength: "80" }),
        view.by_pass ? null : classInput(model, form),
        h("button", { type: "submit", class: "ck-teacher-primary", "data-testid": "start", text: t(model, "start") }),
      ),
      open.length
        ? h("div", { class: "ck-teacher-row" }, h("span", { text: t(model, "go_back") }), ...open.map((o) => h("button", { "data-testid": "continue", onclick: () => send({ type: "continue", session: o.code }), text: `${o.title} (${o.code})` })))
        : null,
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
      h("div", { class: "ck-teacher-row" }, ...(view.presets || []).map((p) => h("button", { type: "button", "data-testid": "preset", onclick: () => { Object.assign(form, { game: p.game, players: p.players, people: p.people }); draw(); }, text: p.label }))),
      h(
        "form",
        { class: "ck-teacher-row", "data-testid": "make-form", onsubmit: (e) => { e.preventDefault(); const options = {}; for (const o of (view.options || {})[form.game] || []) if (form.options[o.key]) options[o.key] = form.options[o.key]; const content = ((view.contents || {})[form.game] || []).some((c) => c.id === form.content) ? { content: form.content } : {}; send({ type: "make", game: form.game, rooms: form.rooms, players: form.players, people: form.people, ...(Object.keys(options).length ? { options } : {}), ...content }); } },
        input("rooms", "rooms", { type: "number", min: "1", max: "40", "aria-label": t(model, "rooms_label") }),
        h("select", { "data-testid": "game", "aria-label": t(model, "game_label"), onchange: (e) => { form.game = e.target.value; draw(); } }, ...Object.keys(games).map((g) => h("option", { value: g, selected: g === form.game, text: t(model, "game_rooms", { game: (view.game_titles || {})[g] || g }) }))),
        h("label", {}, t(model, "seats") + " ", h("select", { "data-testid": "players", onchange: (e) => { form.players = Number(e.target.value); draw(); } }, ...seats.map((n) => h("option", { value: String(n), selected: n === form.players, text: String(n) })))),
        h("label", {}, t(model, "people") + " ", input("people", "people", { type: "number", min: "1", max: String(form.players) })),
        ((view.contents || {})[form.game] || []).length
          ? h("label", {}, t(model, "plays") + " ", h("select", { "data-testid": "content", "aria-label": t(model, "content_label"), onchange: (e) => { form.content = e.target.value; } }, h("option", { value: "", selected: !form.content, text: t(model, "usual_content") }), ...(view.contents[form.game] || []).map((c) => h("option", { value: c.id, selected: form.content === c.id, text: c.label }))))
          : null,
        ...((view.options || {})[form.game] || []).map((o) =>
          h(
            "label",
            { title: o.label },
            `${o.name || o.key} `,
            h(
              "select",
              { "data-testid": `option-${o.key}`, "aria-label": o.label, onchange: (e) => { form.options[o.key] = e.target.value ? Number(e.target.value) : false; } },
              h("option", { value: "", selected: !form.options[o.key], text: t(model, "off") }),
              ...o.choices.map((n) => h("option", { value: String(n), selected: form.options[o.key] === n, text: t(model, "seconds", { n }) })),
            ),
          ),
        ),
        h("span", { class: "ck-teacher-hint", text: t(model, "bots_hint") }),
        h("button", { type: "submit", class: "ck-teacher-primary", "data-testid": "make", text: t(model, "make_rooms") }),
      ),
    );
  }

  function codesStage(view) {
    // The codes, who has sat down and the free seats per team, and the one Start for
    // every waiting room. Project opens the projector's page (view.projector) in its own
    // window: the teacher's pass shows it this session's codes, address and QR code.
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
        view.start_label ? h("button", { class: "ck-teacher-primary", "data-testid": "start-rooms", onclick: () => send({ type: "start_rooms" }), text: view.start_label }) : null,
      ),
      h(
        "div",
        { class: "ck-teacher-code ck-teacher-classline" },
        h("span", { class: "ck-teacher-label", text: t(model, "class_code_label") }),
        h("span", { class: "ck-teacher-big ck-teacher-huge", "data-testid": "projected-class-code", text: session.code || "" }),
      ),
      live.length
        ? h(
            "div",
            { class: "ck-teacher-codes" },
            ...live.map((r, i) =>
              h(
                "div",
                { class: "ck-teacher-code", "data-testid": "room-card", "data-code": r.code },
                h("span", { class: "ck-teacher-label", text: t(model, "room_card", { n: i + 1, title: r.title, state: t(model, r.held ? "waiting_start" : "playing") }) }),
                h("span", { class: "ck-teacher-big", "data-testid": "room-code", text: r.code }),
                h("span", { "data-testid": "room-names", text: (r.seated || []).map((p) => (p.team ? t(model, "person_team", { name: p.name, team: p.team_label || p.team }) : p.name)).join(", ") || t(model, "nobody_yet") }),
                h("span", { class: "ck-teacher-hint", "data-testid": "room-free", text: r.left || "" }),
              ),
            ),
          )
        : null,
    );
  }

  // A room's timer (kept by the server): what it does now, +30 s, off or on, its length.
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
        { "data-testid": "timer-length", "aria-label": t(model, "timer_length", { code: r.code }), onchange: (e) => { if (e.target.value) send({ type: "timer_length", room: r.id, seconds: Number(e.target.value) }); } },
        h("option", { value: "", selected: timer.length === null, text: t(model, "length_choose") }),
        ...timer.lengths.map((n) => h("option", { value: String(n), selected: timer.length === n, text: t(model, "seconds", { n }) })),
      ),
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
        ...seated.map((p) =>
          h(
            "div",
            { class: "ck-teacher-person", "data-testid": "person", "data-name": p.name },
            h("span", { class: p.connected ? "ck-teacher-on" : "ck-teacher-off", title: t(model, p.connected ? "connected" : "away"), text: `${p.connected ? "●" : "○"} ${p.name} ` }),
            r.status === "open" && !r.over
              ? [
                  h("button", { "data-testid": "give-seat", "aria-label": t(model, "give_seat_label", { name: p.name }), onclick: () => { if (window.confirm(t(model, "give_seat_confirm", { name: p.name }))) send({ type: "give_seat", room: r.id, seat: p.seat }); }, text: t(model, "new_device") }),
                  h("button", { "data-testid": "remove", "aria-label": t(model, "remove_label", { name: p.name }), onclick: () => { if (window.confirm(t(model, (view.class || { bots_replace: true }).bots_replace ? "remove_confirm_bot" : "remove_confirm_free", { name: p.name, code: r.code }))) send({ type: "remove", room: r.id, seat: p.seat }); }, text: t(model, "remove") }),
                  ...personControls(model, view, r, p, send),
                ]
              : null,
          ),
        ),
        (r.reserved || []).map((name) => h("div", { class: "ck-teacher-hint", text: t(model, "seat_kept", { name }) })),
        r.free ? h("span", { class: "ck-teacher-hint", text: r.free }) : null,
      ),
      h("td", { "data-testid": "state", text: r.status !== "open" ? (r.result ? t(model, "closed_result", { result: r.result }) : t(model, "closed")) : r.over ? r.result : t(model, r.held ? "waiting" : "playing") }),
      h(
        "td",
        {},
        r.status === "open" ? h("button", { "data-testid": "watch", onclick: () => send({ type: view.watching === r.code ? "stop_watching" : "watch", ...(view.watching === r.code ? {} : { room: r.id }) }), text: t(model, view.watching === r.code ? "stop_watching" : "watch") }) : null,
        r.status === "open" && !r.over && r.free_seats ? h("button", { "data-testid": "fill-bots", onclick: () => send({ type: "fill_bots", room: r.id }), text: t(model, "fill_bots") }) : null,
        timerControls(view, r),
        r.status === "open"
          ? h("button", {
              "data-testid": "close-room",
              onclick: () => {
                const ask = t(model, r.over ? "close_confirm_over" : "close_confirm_playing", { code: r.code });
                if (window.confirm(ask)) send({ type: "close_room", room: r.id });
              },
              text: t(model, "close"),
            })
          : null,
      ),
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
        live.some((r) => r.free_seats)
          ? h("button", { "data-testid": "fill-bots-all", title: t(model, "fill_bots_all_title"), onclick: () => send({ type: "fill_bots_all" }), text: t(model, "fill_bots_all") })
          : null,
      ),
      live.length ? roomsTable(view, live) : h("p", { class: "ck-teacher-hint", text: t(model, "no_game") }),
      done.length
        ? h("details", { "data-testid": "finished-rooms" }, h("summary", { text: view.finished_label || "" }), roomsTable(view, done))
        : null,
    );
  }

  function resultsStage(view) {
    const results = (view.results || []).filter((r) => r.finished || r.status !== "open");
    if (!results.length) return null;
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: t(model, "results") }),
      resultsTable(model, "results", "result-row", results),
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
      students.length
        ? h(
            "table",
            { class: "ck-teacher-table ck-teacher-grid", "data-testid": "grid" },
            h("thead", {}, h("tr", {}, h("th", { text: t(model, "col_student") }), ...exercises.map((x) => h("th", { text: x })))),
            h(
              "tbody",
              {},
              ...students.map((s) =>
                h(
                  "tr",
                  { "data-testid": "grid-row", "data-student": s },
                  h("th", { text: s }),
                  ...exercises.map((x) => {
                    const cell = ((grid.cells || {})[s] || {})[x];
                    if (!cell) return h("td", { class: "ck-teacher-empty", text: "" });
                    return h("td", { class: cell.solved ? "ck-teacher-solved" : "ck-teacher-notyet", "data-testid": "grid-cell", "data-exercise": x, text: `${cell.solved ? "✓" : "✗"} ${cell.tries}` });
                  }),
                ),
              ),
            ),
          )
        : h("p", { class: "ck-teacher-hint", text: t(model, "no_answers") }),
      analysisChart(model, view.analysis),
    );
  }

  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    const focus = document.activeElement && root.contains(document.activeElement) ? document.activeElement.getAttribute("data-testid") : null;
    const stages = view.locked === false ? [rekeyStage(view), sessionStage(view), view.session ? [classStage(model, view, form, send), makeStage(view), codesStage(view), roomsStage(view), resultsStage(view), gridStage(view)] : [], sessionsStage(model, view, send), sheetsStage(model, view, form, send)] : [view.locked ? lockedStage() : null];
    root.replaceChildren(
      ...[h("h2", { class: "ck-teacher-title", text: t(model, "title") }), message ? h("div", { class: "ck-teacher-message", role: "alert", "data-testid": "teacher-message", text: message }) : null, ...stages.flat()].filter(Boolean),
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
      // Stay unlocked for this class session across a reload: the server turns the
      // kernel's one-time token into an httponly cookie (the key is never kept).
      teacherPass("stay", { token: msg.token }).catch(() => {});
      return;
    }
    if (!msg || msg.type !== "download") return;
    // The kernel sent one file for this page alone (a CSV or JSON text, or a worksheet's
    // PDF as a binary buffer): hand it to the browser to save.
    const pdf = msg.mime === "application/pdf" && buffers && buffers.length ? buffers[0] : null;
    if (typeof msg.text !== "string" && !pdf) return;
    const json = String(msg.name || "").endsWith(".json");
    const type = pdf ? "application/pdf" : json ? "application/json" : "text/csv;charset=utf-8";
    const url = URL.createObjectURL(new Blob([pdf || msg.text], { type }));
    const link = h("a", { href: url, download: String(msg.name || "results.csv") });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
  draw();

  const key = takeFromHash("key");
  if (key) {
    if ((model.get("view") || {}).locked) send({ type: "unlock", key, device: deviceId() || undefined });
  } else if ((model.get("view") || {}).locked) {
    // A reload: the server gives a one-time token for the teacher's httponly cookie
    // (if any); the kernel redeems it and reopens that class session.
    teacherPass("resume").then((reply) => reply && reply.json()).then((answer) => {
      if (answer && typeof answer.token === "string") send({ type: "resume", token: answer.token });
    }).catch(() => {});
  }
}

export default { render };
