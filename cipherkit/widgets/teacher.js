// The teacher page: an ES module + DOM (bundled by scripts/build_widget_js.py).
//
// It draws the `view` trait and the `message` trait, and sends what the teacher clicks:
// {type: "unlock", key, device} (device: outage.js's deviceId(), for the limits on wrong
// keys), {type: "start", title}, {type: "continue", session},
// {type: "make", game, rooms, players, people}, {type: "watch", room},
// {type: "stop_watching"}, {type: "close_room", room}, {type: "fill_bots", room},
// {type: "fill_bots_all"}, {type: "start_rooms"}, {type: "give_seat", room, seat},
// {type: "remove", room, seat}, {type: "export", what} and {type: "end"}. Everything it
// shows comes from the kernel, which checks every message; nothing here decides.
// A page the teacher's cookie reopened (view.by_pass) acts on its own session only: it
// shows a key prompt, and starting or continuing a session or exporting needs the key
// typed there again (the kernel refuses them otherwise).
// A teacher link carries the key in its fragment (#key=...): it is sent once, then
// removed from the address bar so a projected screen does not show it.

import { h } from "./table_common.js";
import { deviceId } from "./outage.js";
import { teacherPass } from "./teacher_pass.js";
import { analysisChart, classInput, classStage, personControls, roundButtons, sessionsStage } from "./teacher_term.js";

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
      ...attrs,
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
          send({ type: "unlock", key: form.key, device: deviceId() || undefined });
        },
      },
      h("h3", { text: "Teacher key" }),
      h("p", { class: "ck-teacher-hint", text: "Open the teacher link that cipherkit serve printed, or paste its key here." }),
      h("div", { class: "ck-teacher-row" }, input("key", "key", { type: "password", autocomplete: "off", "aria-label": "teacher key" }), h("button", { type: "submit", "data-testid": "unlock", class: "ck-teacher-primary", text: "Open" })),
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
          send({ type: "unlock", key: form.key, device: deviceId() || undefined });
        },
      },
      h("p", { class: "ck-teacher-hint", text: "Reopened from this browser's pass: this class session only. To start or continue another session, or to export results, type the teacher key." }),
      h("div", { class: "ck-teacher-row" }, input("rekey", "key", { type: "password", autocomplete: "off", "aria-label": "teacher key" }), h("button", { type: "submit", "data-testid": "rekey-unlock", text: "Use the key" })),
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
          h("button", { "data-testid": "export-records", onclick: () => send({ type: "export", what: "records" }), text: "Game records" }),
        ),
        h("div", { class: "ck-teacher-row" }, h("button", { "data-testid": "end-session", onclick: () => { if (window.confirm("End this class session? Its rooms close. Every result stays: on this page under Every session, and in the export.")) send({ type: "end" }); }, text: "End session" })),
      );
    }
    const open = view.open_sessions || [];
    return h(
      "div",
      { class: "ck-teacher-card" },
      h("h3", { text: "Start a class session" }),
      h(
        "form",
        { class: "ck-teacher-row", "data-testid": "start-form", onsubmit: (e) => { e.preventDefault(); send({ type: "start", title: form.title, ...(form.className.trim() ? { class: form.className.trim() } : {}) }); } },
        input("title", "title", { type: "text", placeholder: "session title, e.g. Monday's lesson", maxlength: "80" }),
        view.by_pass ? null : classInput(form),
        h("button", { type: "submit", class: "ck-teacher-primary", "data-testid": "start", text: "Start" }),
      ),
      open.length
        ? h("div", { class: "ck-teacher-row" }, h("span", { text: "or go back to:" }), ...open.map((o) => h("button", { "data-testid": "continue", onclick: () => send({ type: "continue", session: o.code }), text: `${o.title} (${o.code})` })))
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
      h("h3", { text: "Make rooms" }),
      h("div", { class: "ck-teacher-row" }, ...(view.presets || []).map((p) => h("button", { type: "button", "data-testid": "preset", onclick: () => { Object.assign(form, { game: p.game, players: p.players, people: p.people }); draw(); }, text: p.label }))),
      h(
        "form",
        { class: "ck-teacher-row", "data-testid": "make-form", onsubmit: (e) => { e.preventDefault(); const options = {}; for (const o of (view.options || {})[form.game] || []) if (form.options[o.key]) options[o.key] = form.options[o.key]; const content = ((view.contents || {})[form.game] || []).some((c) => c.id === form.content) ? { content: form.content } : {}; send({ type: "make", game: form.game, rooms: form.rooms, players: form.players, people: form.people, ...(Object.keys(options).length ? { options } : {}), ...content }); } },
        input("rooms", "rooms", { type: "number", min: "1", max: "40", "aria-label": "rooms" }),
        h("select", { "data-testid": "game", "aria-label": "game", onchange: (e) => { form.game = e.target.value; draw(); } }, ...Object.keys(games).map((g) => h("option", { value: g, selected: g === form.game, text: `${g} rooms` }))),
        h("label", {}, "seats ", h("select", { "data-testid": "players", onchange: (e) => { form.players = Number(e.target.value); draw(); } }, ...seats.map((n) => h("option", { value: String(n), selected: n === form.players, text: String(n) })))),
        h("label", {}, "people ", input("people", "people", { type: "number", min: "1", max: String(form.players) })),
        ((view.contents || {})[form.game] || []).length
          ? h("label", {}, "plays ", h("select", { "data-testid": "content", "aria-label": "what the rooms play", onchange: (e) => { form.content = e.target.value; } }, h("option", { value: "", selected: !form.content, text: "the usual one" }), ...(view.contents[form.game] || []).map((c) => h("option", { value: c.id, selected: form.content === c.id, text: c.label }))))
          : null,
        ...((view.options || {})[form.game] || []).map((o) =>
          h(
            "label",
            { title: o.label },
            `${o.key} `,
            h(
              "select",
              { "data-testid": `option-${o.key}`, "aria-label": o.label, onchange: (e) => { form.options[o.key] = e.target.value ? Number(e.target.value) : false; } },
              h("option", { value: "", selected: !form.options[o.key], text: "off" }),
              ...o.choices.map((n) => h("option", { value: String(n), selected: form.options[o.key] === n, text: `${n} s` })),
            ),
          ),
        ),
        h("span", { class: "ck-teacher-hint", text: "bots take the other seats" }),
        h("button", { type: "submit", class: "ck-teacher-primary", "data-testid": "make", text: "Make rooms" }),
      ),
    );
  }

  function teamsLeft(r) {
    const teams = Object.entries(r.free_by_team || {});
    if (!teams.length) return r.free_seats ? `${r.free_seats} free` : "full";
    return teams.map(([team, n]) => `${team}: ${n} free`).join(" · ");
  }

  function codesStage(view) {
    // The codes, who has sat down and the free seats per team, and the one Start for
    // every waiting room. Project opens the projector's page (view.projector) in its own
    // window: the teacher's pass shows it this session's codes, address and QR code.
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
        held.length ? h("button", { class: "ck-teacher-primary", "data-testid": "start-rooms", onclick: () => send({ type: "start_rooms" }), text: `Start ${held.length === 1 ? "the game" : `all ${held.length} games`}` }) : null,
      ),
      h(
        "div",
        { class: "ck-teacher-code ck-teacher-classline" },
        h("span", { class: "ck-teacher-label", text: "Class code: type it with your name on the Play together page" }),
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
                h("span", { class: "ck-teacher-label", text: `Room ${i + 1} · ${r.title} · ${r.held ? "waiting for Start" : "playing"}` }),
                h("span", { class: "ck-teacher-big", "data-testid": "room-code", text: r.code }),
                h("span", { "data-testid": "room-names", text: (r.seated || []).map((p) => (p.team ? `${p.name} (${p.team})` : p.name)).join(", ") || "nobody yet" }),
                h("span", { class: "ck-teacher-hint", "data-testid": "room-free", text: teamsLeft(r) }),
              ),
            ),
          )
        : null,
    );
  }

  // A room's timer (kept by the server): what it does now, +30 s, off or on, its length.
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
        { "data-testid": "timer-length", "aria-label": `timer length of room ${r.code}`, onchange: (e) => { if (e.target.value) send({ type: "timer_length", room: r.id, seconds: Number(e.target.value) }); } },
        h("option", { value: "", selected: t.length === null, text: "length…" }),
        ...t.lengths.map((n) => h("option", { value: String(n), selected: t.length === n, text: `${n} s` })),
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
      h("td", { "data-testid": "progress", text: r.held ? "waiting for Start" : r.progress }),
      h("td", { text: r.score }),
      h("td", { text: (r.to_act || []).join(", ") }),
      h(
        "td",
        {},
        ...seated.map((p) =>
          h(
            "div",
            { class: "ck-teacher-person", "data-testid": "person", "data-name": p.name },
            h("span", { class: p.connected ? "ck-teacher-on" : "ck-teacher-off", title: p.connected ? "connected" : "away", text: `${p.connected ? "●" : "○"} ${p.name} ` }),
            r.status === "open" && !r.over
              ? [
                  h("button", { "data-testid": "give-seat", "aria-label": `give ${p.name}'s seat to a new device`, onclick: () => { if (window.confirm(`Keep ${p.name}'s seat for a new device? The page ${p.name} has open now stops working; they join again with the class code and the same name.`)) send({ type: "give_seat", room: r.id, seat: p.seat }); }, text: "New device" }),
                  h("button", { "data-testid": "remove", "aria-label": `take ${p.name} out of this room`, onclick: () => { if (window.confirm(`Take ${p.name} out of room ${r.code}? ${(view.class || { bots_replace: true }).bots_replace ? "A bot takes their seat so the game goes on." : "Their seat becomes free."}`)) send({ type: "remove", room: r.id, seat: p.seat }); }, text: "Remove" }),
                  ...personControls(view, r, p, send),
                ]
              : null,
          ),
        ),
        (r.reserved || []).map((name) => h("div", { class: "ck-teacher-hint", text: `seat kept for ${name}` })),
        r.free_seats ? h("span", { class: "ck-teacher-hint", text: `${r.free_seats} free` }) : null,
      ),
      h("td", { "data-testid": "state", text: r.status !== "open" ? `closed${r.result ? ": " + r.result : ""}` : r.over ? r.result : r.held ? "waiting" : "playing" }),
      h(
        "td",
        {},
        r.status === "open" ? h("button", { "data-testid": "watch", onclick: () => send({ type: view.watching === r.code ? "stop_watching" : "watch", ...(view.watching === r.code ? {} : { room: r.id }) }), text: view.watching === r.code ? "Stop watching" : "Watch" }) : null,
        r.status === "open" && !r.over && r.free_seats ? h("button", { "data-testid": "fill-bots", onclick: () => send({ type: "fill_bots", room: r.id }), text: "Bots take the empty seats" }) : null,
        timerControls(view, r),
        r.status === "open"
          ? h("button", {
              "data-testid": "close-room",
              onclick: () => {
                const ask = r.over ? `Close room ${r.code}? Its record is kept.` : `Close room ${r.code}? Its game is not over: the students in it stop playing now. Its record is kept.`;
                if (window.confirm(ask)) send({ type: "close_room", room: r.id });
              },
              text: "Close",
            })
          : null,
      ),
    );
  }

  function roomsTable(view, rooms) {
    return h(
      "table",
      { class: "ck-teacher-table", "data-testid": "rooms" },
      h("thead", {}, h("tr", {}, ...["Code", "Game", "Progress", "Score", "To act", "People", "State", ""].map((t) => h("th", { text: t })))),
      h("tbody", {}, ...rooms.map((r) => roomRow(view, r))),
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
        live.some((r) => r.free_seats)
          ? h("button", { "data-testid": "fill-bots-all", title: "Bots take every empty seat of this class's open rooms", onclick: () => send({ type: "fill_bots_all" }), text: "Bots take the empty seats (all rooms)" })
          : null,
      ),
      live.length ? roomsTable(view, live) : h("p", { class: "ck-teacher-hint", text: "No game is being played now." }),
      done.length
        ? h("details", { "data-testid": "finished-rooms" }, h("summary", { text: `Finished or closed rooms (${done.length})` }), roomsTable(view, done))
        : null,
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
          ...results.map((r) =>
            h(
              "tr",
              { "data-testid": "result-row", "data-code": r.code },
              h("td", { class: "ck-teacher-mono", text: r.code }),
              h("td", { text: r.game }),
              h("td", { text: (r.players || []).join(" / ") }),
              h("td", { text: r.result }),
            ),
          ),
        ),
      ),
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
      students.length
        ? h(
            "table",
            { class: "ck-teacher-table ck-teacher-grid", "data-testid": "grid" },
            h("thead", {}, h("tr", {}, h("th", { text: "Student" }), ...exercises.map((x) => h("th", { text: x })))),
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
        : h("p", { class: "ck-teacher-hint", text: "No answers yet." }),
      analysisChart(view.analysis),
    );
  }

  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    const focus = document.activeElement && root.contains(document.activeElement) ? document.activeElement.getAttribute("data-testid") : null;
    const stages = view.locked === false ? [rekeyStage(view), sessionStage(view), view.session ? [classStage(view, form, send), makeStage(view), codesStage(view), roomsStage(view), resultsStage(view), gridStage(view)] : [], sessionsStage(view, send)] : [view.locked ? lockedStage() : null];
    root.replaceChildren(
      ...[h("h2", { class: "ck-teacher-title", text: "Teacher" }), message ? h("div", { class: "ck-teacher-message", role: "alert", "data-testid": "teacher-message", text: message }) : null, ...stages.flat()].filter(Boolean),
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
      // Stay unlocked for this class session across a reload: the server turns the
      // kernel's one-time token into an httponly cookie (the key is never kept).
      teacherPass("stay", { token: msg.token }).catch(() => {});
      return;
    }
    if (!msg || msg.type !== "download" || typeof msg.text !== "string") return;
    // The kernel sent one CSV file for this page alone: hand it to the browser to save.
    const json = String(msg.name || "").endsWith(".json");
    const url = URL.createObjectURL(new Blob([msg.text], { type: json ? "application/json" : "text/csv;charset=utf-8" }));
    const link = h("a", { href: url, download: String(msg.name || "results.csv") });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
  draw();

  const hash = new URLSearchParams((window.location.hash || "").replace(/^#/, ""));
  const key = hash.get("key");
  if (key) {
    try {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    } catch (_) {
      /* the key stays in the address bar */
    }
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
