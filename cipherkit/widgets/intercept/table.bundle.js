// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   intercept/table.js d97e9a170cbfd9106ecc70ca948cf08b66a6a3cb67f54f7a07c1988d170815cb
//   table_common.js 6e49e6648778f57967f6228a683e3857b31d4759a6764ac98b472d4a8ff84c0e
// cipherkit/widgets/table_common.js
var WAIT_LIMIT_MS = 6e4;
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
function plainWords(text) {
  const bare = String(text).replace(/^(refused|illegal|error):\s*/i, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
var SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;
var LOADING_LIMIT_MS = 15e3;
function savedHandshake(model, el) {
  const loaded = () => {
    el.removeAttribute("data-loading");
    el.removeAttribute("aria-busy");
  };
  const onMessage = (msg) => {
    if (!msg || typeof msg !== "object") return;
    try {
      if (msg.type === "keep" && typeof msg.token === "string") window.localStorage.setItem(SAVED_KEY, msg.token);
      else if (msg.type === "forget") window.localStorage.removeItem(SAVED_KEY);
      else return;
    } catch (_) {
    }
    el.setAttribute("data-saved", msg.type);
    loaded();
  };
  model.on("msg:custom", onMessage);
  let token = "";
  try {
    token = window.localStorage.getItem(SAVED_KEY) || "";
  } catch (_) {
    token = "";
  }
  if (token && (model.get("view") || {}).saved) {
    el.setAttribute("data-loading", "saved");
    el.setAttribute("aria-busy", "true");
    setTimeout(loaded, LOADING_LIMIT_MS);
  }
  model.send({ type: "saved", token });
  return () => model.off("msg:custom", onMessage);
}
function startOver(send, model) {
  if (window.confirm(t(model, "start_over"))) send({ type: "new_game" });
}
function followTable(model, root, onChange, draw, stop = () => {
}, focus = []) {
  speakLanguage(model, root);
  const voice = tableVoice(model, root);
  focusKeeper(root, [...focus, "button:not([disabled])"]);
  const changed = () => {
    onChange();
    voice.update();
  };
  model.on("change:view", changed);
  model.on("change:message", changed);
  draw();
  voice.update();
  const unsave = savedHandshake(model, root);
  return () => {
    stop();
    unsave();
    voice.remove();
    model.off("change:view", changed);
    model.off("change:message", changed);
  };
}
function kernelSender(model, ui, redraw) {
  const stop = () => {
    ui.waiting = false;
    if (ui.timer) clearTimeout(ui.timer);
    ui.timer = null;
  };
  const send = (message) => {
    if (ui.waiting) return false;
    ui.waiting = true;
    ui.timer = setTimeout(() => {
      stop();
      redraw();
    }, WAIT_LIMIT_MS);
    model.send(message);
    return true;
  };
  return { send, stop };
}
function tableVoice(model, root) {
  const line = h("div", { class: "ck-turn-line", "data-testid": "turn-line", hidden: true });
  const live = h("div", { class: "ck-sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true", "data-testid": "live" });
  root.before(line);
  root.after(live);
  let said = null;
  let shown = false;
  const update = () => {
    const view = model.get("view") || {};
    const announce = view.announce || view.status || view.turn || "";
    if (announce !== said) {
      said = announce;
      live.textContent = announce;
    }
    const turn = view.turn_line || "";
    line.textContent = turn;
    line.hidden = !turn;
    if (view.room && !shown) {
      shown = true;
      bringIntoView(turn ? line : root, 50);
    }
  };
  const bringIntoView = (node, tries) => {
    if (!node.isConnected || node.getClientRects().length === 0) {
      if (tries > 0) setTimeout(() => bringIntoView(node, tries - 1), 100);
      return;
    }
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    node.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
  };
  return { update, remove: () => (line.remove(), live.remove()) };
}
var FOCUS_KEYS = ["data-room", "data-card", "data-rank", "data-suit", "data-vote", "data-action-card", "data-action", "data-testid"];
var FOCUSABLE = "button, input, select, textarea, summary, a[href], [tabindex]";
function focusKeeper(root, fallbacks = []) {
  let key = null;
  let inside = false;
  let placing = false;
  const keyOf = (node) => {
    for (const name of FOCUS_KEYS) if (node.getAttribute && node.getAttribute(name) !== null) return [name, node.getAttribute(name)];
    return null;
  };
  const usable = (node) => node && node.isConnected && !node.disabled && node.matches(FOCUSABLE) && node.getClientRects().length > 0;
  const place = (node) => {
    placing = true;
    node.focus({ preventScroll: true });
    placing = false;
  };
  root.addEventListener("focusin", (event) => {
    inside = true;
    if (!placing) key = keyOf(event.target) || key;
  });
  root.addEventListener("focusout", (event) => {
    const to = event.relatedTarget;
    if (to && !root.contains(to)) inside = false;
    else if (!to) setTimeout(() => {
      if (event.target.isConnected && !root.contains(document.activeElement)) inside = false;
    }, 0);
  });
  const restore = () => {
    if (!inside || root.contains(document.activeElement)) return;
    const same = key ? [...root.querySelectorAll(`[${key[0]}="${CSS.escape(key[1])}"]`)] : [];
    const found = same.find(usable);
    if (found) return place(found);
    const waiting = same.some((node) => node.disabled);
    const next = waiting ? null : fallbacks.map((sel) => [...root.querySelectorAll(sel)].find(usable)).find(Boolean);
    if (next) {
      key = keyOf(next) || key;
      return place(next);
    }
    const status = root.querySelector("[data-testid=status]");
    if (status) {
      status.setAttribute("tabindex", "-1");
      place(status);
    }
  };
  new MutationObserver(restore).observe(root, { childList: true });
  return restore;
}
function roving(group, { choose = (node) => node.focus() } = {}) {
  const items = () => [...group.querySelectorAll("[data-roving]")].filter((node) => !node.disabled);
  const stopOn = (stop) => {
    for (const node of group.querySelectorAll("[data-roving]")) node.tabIndex = node === stop ? 0 : -1;
  };
  const first = items();
  stopOn(first.find((node) => node.getAttribute("aria-checked") === "true") || first[0] || null);
  group.addEventListener("focusin", (event) => {
    if (event.target.matches("[data-roving]")) stopOn(event.target);
  });
  group.addEventListener("keydown", (event) => {
    const list = items();
    const at = list.indexOf(event.target);
    if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    let to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (to === void 0 && event.key.length === 1) {
      const typed = event.key.toLowerCase();
      const found = list.findIndex((node) => (node.dataset.keys || "").split(" ").includes(typed));
      if (found >= 0) to = found;
    }
    if (to === void 0) return;
    event.preventDefault();
    choose(list[(to + list.length) % list.length]);
  });
  return group;
}

// cipherkit/widgets/intercept/table.js
var CHECK_DELAY_MS = 220;
var range = (n) => Array.from({ length: n }, (_, i) => i);
function render({ model, el }) {
  const root = h("div", { class: "ck-intercept ck-table", "data-testid": "intercept-table", "data-replies": "0" });
  el.append(root);
  const ui = {
    waiting: false,
    timer: null,
    replies: 0,
    checkTimer: null,
    checking: false,
    queued: null,
    giveQueued: false,
    given: 0,
    game: (model.get("view") || {}).game_number,
    pick: [],
    pickKey: null,
    clue: h("input", {
      type: "text",
      class: "ck-input",
      "data-testid": "clue-input",
      maxlength: "80",
      placeholder: t(model, "clue_placeholder"),
      autocomplete: "off"
    }),
    words: [],
    writing: false,
    // whether the last view asked this person for clues
    deadline: null,
    // performance.now() ms when the sand timer runs out (from the view)
    warned: false,
    tick: null,
    countdown: h("span", { class: "ck-countdown-time", "data-testid": "countdown-time" }),
    // only the warning is read out (aria-live), not every second of the countdown
    warning: h("div", { class: "ck-countdown-warning", "data-testid": "timer-warning", "aria-live": "assertive", role: "alert" })
  };
  function keywordBoxes(count) {
    while (ui.words.length < count) {
      const i = ui.words.length;
      ui.words.push(h("input", { type: "text", class: "ck-input ck-kw-input", "data-testid": `keyword-guess-${i + 1}`, maxlength: "40", placeholder: t(model, "keyword_n", { n: i + 1 }) }));
    }
    ui.words.length = count;
    return ui.words;
  }
  function syncTimer(view) {
    const timer = view.timer;
    ui.deadline = timer ? performance.now() + timer.seconds_left * 1e3 : null;
    if (!timer || !timer.warning) ui.warned = false;
    if (ui.deadline !== null && ui.tick === null) ui.tick = setInterval(tickTimer, 200);
    if (ui.deadline === null && ui.tick !== null) {
      clearInterval(ui.tick);
      ui.tick = null;
    }
    tickTimer();
  }
  function tickTimer() {
    const timer = (model.get("view") || {}).timer;
    if (!timer || ui.deadline === null) {
      ui.countdown.textContent = "";
      ui.warning.textContent = "";
      return;
    }
    const left = Math.max(0, (ui.deadline - performance.now()) / 1e3);
    const shown = Math.ceil(left);
    ui.countdown.textContent = left > 0 ? t(model, "seconds_short", { n: shown }) : timer.up_text;
    ui.countdown.dataset.left = String(shown);
    const warn = left <= timer.warn_at;
    const box = ui.countdown.parentNode;
    if (box) box.classList.toggle("ck-countdown-warn", warn);
    if (warn && !ui.warned) {
      ui.warned = true;
      ui.warning.textContent = timer.warn_text;
    } else if (!warn && ui.warning.textContent) ui.warning.textContent = "";
  }
  function countdownNode(view) {
    if (!view.timer) return null;
    return h(
      "div",
      { class: `ck-countdown${ui.warned ? " ck-countdown-warn" : ""}`, "data-testid": "countdown" },
      h("span", { class: "ck-countdown-label", text: `⏳ ${view.timer.label}: ` }),
      ui.countdown,
      ui.warning
    );
  }
  const kernel = kernelSender(model, ui, () => draw());
  const stopWaiting = kernel.stop;
  function send(message) {
    if (kernel.send(message)) draw();
  }
  const act = (text) => send({ type: "action", text });
  function askCheck() {
    const text = ui.clue.value;
    if (ui.checking || ui.waiting) {
      ui.queued = text;
      return;
    }
    ui.checking = true;
    ui.queued = null;
    model.send({ type: "check", text });
  }
  ui.clue.addEventListener("input", () => {
    if (ui.checkTimer) clearTimeout(ui.checkTimer);
    ui.checkTimer = setTimeout(askCheck, CHECK_DELAY_MS);
    drawCheck();
  });
  ui.clue.addEventListener("keydown", (event) => {
    if (event.key === "Enter") giveClue();
  });
  function checkFresh(view) {
    return view.check && view.check.text === ui.clue.value;
  }
  function giveClue() {
    const text = ui.clue.value.trim();
    if (!text || ui.waiting) return;
    if (ui.checking) {
      ui.giveQueued = true;
      return;
    }
    if (ui.checkTimer) clearTimeout(ui.checkTimer);
    ui.checkTimer = null;
    ui.queued = null;
    act(`clue ${text}`);
  }
  function drawCheck() {
    const box = root.querySelector("[data-testid=clue-check]");
    const button = root.querySelector("[data-testid=give-clue]");
    if (!box) return;
    const view = model.get("view") || {};
    box.replaceChildren(...checkParts(view));
    if (button) button.disabled = ui.waiting || !(checkFresh(view) && view.check.ok);
  }
  function checkParts(view) {
    if (!ui.clue.value.trim()) return [h("span", { class: "ck-muted", text: t(model, "type_a_clue") })];
    if (!checkFresh(view)) return [h("span", { class: "ck-muted", text: t(model, "checking") })];
    const c = view.check;
    const parts = [];
    if (c.ok) parts.push(h("span", { class: "ck-ok", "data-testid": "check-ok", text: t(model, "fair_clue") }));
    else parts.push(h("span", { class: "ck-bad", "data-testid": "check-error", text: `✗ ${c.reason}` }));
    for (const more of c.errors.slice(1)) parts.push(h("span", { class: "ck-bad", text: `✗ ${more}` }));
    for (const warning of c.warnings) parts.push(h("span", { class: "ck-warnmsg", "data-testid": "check-warning", text: `⚠ ${warning}` }));
    return parts;
  }
  function header(view) {
    const badge = (team) => h(
      "span",
      { class: `ck-badge ck-team-${team.id}`, "data-testid": `tokens-${team.id}`, title: t(model, "tokens_title") },
      h("b", { text: team.title }),
      " ",
      h("span", { class: "ck-token ck-token-int", text: `◯ ${team.interceptions}` }),
      view.three_player ? null : h("span", { class: "ck-token ck-token-mis", text: `● ${team.miscommunications}` }),
      team.points_text === null ? null : h("small", { text: ` ${team.points_text}` })
    );
    return h(
      "div",
      { class: "ck-header" },
      h("div", { class: "ck-title" }, h("span", { class: "ck-logo", text: "◈" }), ` ${t(model, "title")} `, h("small", { text: view.three_player ? t(model, "three_players") : "" })),
      h("div", { class: "ck-stats" }, h("span", { class: "ck-round", "data-testid": "round", text: t(model, "round_of", { round: view.round, total: view.max_rounds }) }), view.teams.map(badge))
    );
  }
  function teamPanel(view, team) {
    const words = team.keywords;
    const cards = range(view.limits.keywords).map(
      (i) => h(
        "div",
        { class: `ck-kw${words ? "" : " ck-kw-hidden"}`, "data-testid": team.yours ? `keyword-${i + 1}` : null, lang: words ? view.language : null },
        h("span", { class: "ck-kw-no", text: String(i + 1) }),
        h("span", { class: "ck-kw-word", text: words ? words[i] : "?" })
      )
    );
    const hasWords = !(view.three_player && team.id === "interceptor");
    return h(
      "div",
      { class: `ck-team-panel ck-team-${team.id}${team.yours ? " ck-yours" : ""}`, "data-testid": `team-${team.id}` },
      h("div", { class: "ck-team-title" }, team.title, team.yours ? h("span", { class: "ck-you-tag", text: t(model, "your_team") }) : null),
      hasWords ? h("div", { class: "ck-kws" }, cards) : h("div", { class: "ck-muted ck-small", text: t(model, "no_keywords") }),
      h(
        "div",
        { class: "ck-members" },
        team.seats.map(
          (s) => h(
            "span",
            { class: `ck-member${s.you ? " ck-me" : ""}` },
            s.name,
            s.bot && !/^robot\b/i.test(s.name) ? h("small", { text: t(model, "a_robot") }) : null,
            s.encryptor ? h("span", { class: "ck-enc", text: t(model, "encryptor") }) : null
          )
        )
      )
    );
  }
  function encryptPanel(view) {
    const written = view.my_clues || [];
    const length = view.limits.code_length;
    const rows = range(length).map((i) => {
      const digit = view.code[i];
      const word = view.keywords ? view.keywords[digit - 1] : "";
      const clue = written[i];
      return h(
        "div",
        { class: `ck-clue-row${i === written.length ? " ck-clue-now" : ""}` },
        h("span", { class: "ck-digit", text: String(digit) }),
        h("span", { class: "ck-muted ck-kwhint", lang: view.language, text: word }),
        clue ? h("span", { class: "ck-clue-given", "data-testid": `given-${i + 1}` }, h("b", { text: clue.text }), clue.warnings.map((w) => h("small", { class: "ck-warnmsg", text: ` ⚠ ${w}` }))) : i === written.length ? h("span", { class: "ck-clue-slot" }, ui.clue) : h("span", { class: "ck-muted", text: "…" })
      );
    });
    return h(
      "div",
      { class: "ck-panel", "data-testid": "encrypt" },
      h("div", { class: "ck-panel-title" }, t(model, "your_code"), h("span", { class: "ck-code", "data-testid": "code", text: view.code.join(" . ") })),
      h("div", { class: "ck-muted ck-small", text: t(model, "clue_rules") }),
      countdownNode(view),
      rows,
      written.length < length ? h(
        "div",
        { class: "ck-check-row" },
        h("div", { class: "ck-check", "data-testid": "clue-check" }, checkParts(view)),
        h("button", {
          type: "button",
          class: "ck-button ck-primary",
          "data-testid": "give-clue",
          disabled: ui.waiting || !(checkFresh(view) && view.check.ok),
          onclick: giveClue,
          text: view.give_clue || ""
        })
      ) : null
    );
  }
  function guessPanel(view) {
    const reading = view.reading;
    const key = `${view.game_number}:${view.round}:${reading.team}:${view.you.role}`;
    if (ui.pickKey !== key) {
      ui.pickKey = key;
      ui.pick = range(view.limits.code_length).map(() => null);
    }
    const own = view.you.role === "decryptor";
    const choices = reading.choices || [];
    const labelOf = (d) => choices[d - 1] ? choices[d - 1].label : t(model, "keyword_n", { n: d });
    const rows = reading.clues.map(
      (clue, i) => h(
        "div",
        { class: "ck-guess-row", "data-testid": `clue-${i + 1}` },
        h("span", { class: "ck-clue-text", text: clue === null ? t(model, "missing") : t(model, "quoted", { text: clue }) }),
        // a clue's digits are one tab stop (arrow keys, or type the digit): a guess is
        // Tab, 3, Tab, 1, Tab, 4, Tab, Enter
        roving(
          h(
            "span",
            { class: "ck-digits", role: "radiogroup", "aria-label": t(model, "quoted", { text: clue === null ? t(model, "missing") : clue }) },
            range(view.limits.keywords).map((i2) => i2 + 1).map(
              (d) => h(
                "button",
                {
                  type: "button",
                  class: `ck-dbutton${ui.pick[i] === d ? " ck-picked" : ""}`,
                  role: "radio",
                  "data-clue": String(i + 1),
                  "data-digit": String(d),
                  "data-roving": "",
                  "data-keys": String(d),
                  "aria-checked": ui.pick[i] === d ? "true" : "false",
                  "aria-label": `${d}: ${labelOf(d)}`,
                  title: `${d}: ${labelOf(d)}`,
                  onclick: () => {
                    ui.pick = ui.pick.map((p, j) => j === i ? d : p === d ? null : p);
                    draw();
                    const again = root.querySelector(`[data-clue="${i + 1}"][data-digit="${d}"]`);
                    if (again) again.focus();
                  }
                },
                h("b", { class: "ck-dnum", text: String(d) }),
                h("span", { class: `ck-dword${own ? "" : " ck-dclues"}`, "data-testid": "digit-label", text: labelOf(d) })
              )
            )
          ),
          { choose: (node) => node.click() }
        )
      )
    );
    const ready = ui.pick.every((d) => d !== null);
    const code = ready ? ui.pick.join(".") : ui.pick.map(() => "?").join(".");
    return h(
      "div",
      { class: "ck-panel", "data-testid": "guess" },
      h("div", { class: "ck-panel-title", text: reading.heading }),
      h("div", { class: "ck-muted ck-small", text: own ? t(model, "decrypt_hint") : t(model, "intercept_hint") }),
      rows,
      h("button", {
        type: "button",
        class: "ck-button ck-primary",
        "data-testid": "give-guess",
        disabled: ui.waiting || !ready,
        onclick: () => act(`guess ${code}`),
        text: t(model, "give_guess", { code })
      })
    );
  }
  function keywordsPanel(view) {
    return h(
      "div",
      { class: "ck-panel", "data-testid": "keyword-stage" },
      h("div", { class: "ck-panel-title", text: t(model, "tiebreak_title") }),
      h("div", { class: "ck-kw-inputs" }, keywordBoxes(view.limits.keywords)),
      h("button", {
        type: "button",
        class: "ck-button ck-primary",
        "data-testid": "give-keywords",
        disabled: ui.waiting,
        onclick: () => act(`keywords ${ui.words.map((w) => w.value.trim().replace(/,/g, " ") || "-").join(", ")}`),
        text: t(model, "give_keywords")
      })
    );
  }
  function lastReveal(view) {
    const r = view.last_reveal;
    if (!r) return null;
    const bad = r.miscommunication || r.interception;
    return h(
      "div",
      { class: "ck-reveal", "data-testid": "last-reveal" },
      h("b", { text: `${r.headline} ` }),
      r.guesses,
      h("span", { class: bad ? "ck-verdict" : "ck-ok", text: ` ${r.verdict}` })
    );
  }
  function noteSheet(view) {
    return h(
      "div",
      { class: "ck-notes", "data-testid": "notes" },
      view.notes.map(
        (side) => h(
          "div",
          { class: `ck-note-side ck-team-${side.team}`, "data-testid": `notes-${side.team}` },
          h("div", { class: "ck-team-title", text: side.heading }),
          h(
            "table",
            { class: "ck-note-table" },
            h("thead", {}, h("tr", {}, h("th", { text: t(model, "head_round") }), h("th", { text: t(model, "head_clues") }), h("th", { text: t(model, "head_guesses") }), h("th", { text: t(model, "head_code") }))),
            h(
              "tbody",
              {},
              side.rows.map(
                (row) => h(
                  "tr",
                  {},
                  h("td", { text: String(row.round) }),
                  h("td", { text: row.clues.map((c) => c === null ? "—" : c).join(" · ") }),
                  h("td", { text: row.code ? `${row.decrypt}${row.intercept ? ` / ${row.intercept}` : ""}` : "" }),
                  h("td", {}, h("b", { text: row.code || "?" }))
                )
              )
            )
          ),
          h(
            "div",
            { class: "ck-index" },
            side.index.map(
              (cell) => h(
                "div",
                { class: "ck-index-col", "data-testid": `index-${side.team}-${cell.digit}` },
                h("div", { class: "ck-index-head" }, h("span", { class: "ck-kw-no", text: String(cell.digit) }), cell.keyword ? h("span", { lang: view.language, text: ` ${cell.keyword}` }) : ""),
                cell.clues.length ? cell.clues.map((c) => h("div", { class: "ck-index-clue", text: c })) : h("div", { class: "ck-muted", text: "—" })
              )
            )
          )
        )
      )
    );
  }
  function outcomeNode(view) {
    const o = view.outcome;
    if (!o) return null;
    const banner = o.banner || { win: t(model, "you_win"), loss: t(model, "you_lose"), draw: t(model, "shared_victory") }[o.result];
    return h(
      "div",
      { class: `ck-outcome ck-result-${o.result}`, "data-testid": "outcome", "data-result": o.result },
      h("div", { class: "ck-result", text: banner }),
      h("div", { text: `(${o.reason})` }),
      h("div", {}, o.keyword_lines.map((line) => h("div", { text: line }))),
      view.room ? null : h("button", { type: "button", class: "ck-button ck-gold", "data-action": "new_game", disabled: ui.waiting, onclick: () => send({ type: "new_game" }), text: t(model, "play_again") })
    );
  }
  function timeUpNode(view) {
    if (!view.time_up) return null;
    const typed = ui.clue.value.trim() || view.kept_clue || "";
    return h(
      "div",
      { class: "ck-time-up", "data-testid": "time-up" },
      view.time_up,
      typed ? h("div", { "data-testid": "kept-clue" }, t(model, "kept_clue"), h("b", { text: t(model, "quoted", { text: typed }) })) : null
    );
  }
  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    const focused = document.activeElement;
    const selection = focused === ui.clue ? [ui.clue.selectionStart, ui.clue.selectionEnd] : null;
    root.replaceChildren();
    if (!view.teams) {
      root.append(h("div", { text: t(model, "dealing") }));
      return;
    }
    root.classList.toggle("ck-is-waiting", ui.waiting);
    root.dataset.role = view.you.role || "";
    root.dataset.phase = view.phase;
    root.dataset.round = String(view.round);
    const role = view.you.role;
    const panel = role === "encryptor" ? encryptPanel(view) : (role === "decryptor" || role === "interceptor") && view.reading ? guessPanel(view) : role === "keywords" ? keywordsPanel(view) : null;
    const parts = [
      header(view),
      h("div", { class: `ck-status${role ? " ck-your-turn" : ""}`, "data-testid": "status" }, ui.waiting ? h("span", { class: "ck-spinner" }) : null, view.status),
      role === "encryptor" ? null : countdownNode(view),
      view.team_guess && role !== "decryptor" && role !== "interceptor" ? h("div", { class: "ck-team-guess", "data-testid": "team-guess", text: view.team_guess }) : null,
      timeUpNode(view),
      message ? h("div", { class: "ck-message", role: "alert", "data-testid": "message", text: plainWords(message) }) : null,
      outcomeNode(view),
      h("div", { class: "ck-teams" }, view.teams.map((team) => teamPanel(view, team))),
      h("div", {
        class: "ck-legend",
        "data-testid": "legend",
        text: view.legend
      }),
      panel,
      lastReveal(view),
      noteSheet(view),
      h("details", { class: "ck-log" }, h("summary", { text: t(model, "what_happened") }), h("ol", { "data-testid": "log", start: String(view.log_total - view.log.length + 1) }, view.log.map((line) => h("li", { text: line })))),
      view.saved && !view.outcome ? h("button", { type: "button", class: "ck-button", "data-action": "new_game", "data-testid": "new-game", disabled: ui.waiting, onclick: () => startOver(send, model), text: t(model, "new_game") }) : null
    ];
    root.append(...parts.filter((part) => part instanceof Node));
    if (selection && root.contains(ui.clue)) {
      ui.clue.focus();
      ui.clue.setSelectionRange(selection[0], selection[1]);
    }
  }
  const onChange = () => {
    ui.replies += 1;
    root.dataset.replies = String(ui.replies);
    stopWaiting();
    ui.checking = false;
    const view = model.get("view") || {};
    syncTimer(view);
    if (ui.game !== view.game_number) {
      ui.game = view.game_number;
      ui.clue.value = "";
      for (const box of ui.words) box.value = "";
    }
    const given = (view.my_clues || []).length;
    if (ui.given !== given) {
      ui.given = given;
      if (view.my_clues && given > 0 && ui.clue.value.trim() === view.my_clues[given - 1].text) ui.clue.value = "";
    }
    if (ui.giveQueued) {
      ui.giveQueued = false;
      ui.queued = null;
      draw();
      giveClue();
      return;
    }
    const writing = Boolean(view.you && view.you.role === "encryptor");
    const backToWriting = writing && !ui.writing && ui.clue.value.trim() && !checkFresh(view);
    ui.writing = writing;
    if (ui.queued !== null && ui.queued === ui.clue.value && writing) askCheck();
    else if (backToWriting) askCheck();
    else ui.queued = null;
    draw();
  };
  syncTimer(model.get("view") || {});
  return followTable(model, root, onChange, draw, () => {
    stopWaiting();
    if (ui.tick !== null) clearInterval(ui.tick);
    if (ui.checkTimer) clearTimeout(ui.checkTimer);
  });
}
var table_default = { render };
export {
  table_default as default
};
