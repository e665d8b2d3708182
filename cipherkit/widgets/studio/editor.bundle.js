// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):
//   studio/editor.js 60ce2f0c97b42e4a8c2f0adc5a90ae371a839f6c61af478b0672a5b47a3d0eeb
//   table_common.js 6e49e6648778f57967f6228a683e3857b31d4759a6764ac98b472d4a8ff84c0e
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
function plainWords(text) {
  const bare = String(text).replace(/^(refused|illegal|error):\s*/i, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
var SAVED_KEY = `cipherkit.saved:${window.location.pathname}`;

// cipherkit/widgets/studio/editor.js
var SVG = "http://www.w3.org/2000/svg";
var CELL = 120;
var ROOM_W = 96;
var ROOM_H = 56;
var DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
var MODES = { c: "open", w: "wall", x: "part" };
function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === void 0 || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children.filter(Boolean));
  return node;
}
function neighbourOf(rooms, from, [dx, dy]) {
  let best = null;
  let bestScore = Infinity;
  for (const room of rooms) {
    if (room.id === from.id) continue;
    const vx = room.x - from.x;
    const vy = room.y - from.y;
    const along = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (along <= 0 || across > along * 1.8) continue;
    const score = along + 2 * across;
    if (score < bestScore) [best, bestScore] = [room, score];
  }
  return best;
}
function freeId(rooms) {
  const taken = new Set(rooms.map((r) => r.id));
  for (let i = rooms.length + 1; ; i += 1) if (!taken.has(`room${i}`)) return `room${i}`;
}
function freeCell(rooms, near) {
  const taken = new Set(rooms.map((r) => `${Math.round(r.x)},${Math.round(r.y)}`));
  const x0 = near ? Math.round(near.x) : 0;
  const y0 = near ? Math.round(near.y) : 0;
  for (let ring = 1; ring < 50; ring += 1) {
    for (const [dx, dy] of [[ring, 0], [0, ring], [-ring, 0], [0, -ring], [ring, ring]]) {
      if (!taken.has(`${x0 + dx},${y0 + dy}`)) return [x0 + dx, y0 + dy];
    }
  }
  return [x0, y0];
}
function tn(model, key, n, params = {}) {
  const forms = (model.get("words") || {})[key];
  if (!forms || typeof forms !== "object") return t(model, key, { n, ...params });
  let category = "other";
  try {
    category = new Intl.PluralRules(model.get("lang") || "en").select(n);
  } catch (err) {
    category = "other";
  }
  const text = String(forms[category] ?? forms.other ?? "");
  const all = { n, ...params };
  return text.replace(/\{(\w+)\}/g, (whole, name) => name in all ? String(all[name]) : whole);
}
function render({ model, el }) {
  const send = (msg) => model.send(msg);
  const w = (key, params) => t(model, key, params);
  const ui = {
    cursor: null,
    pending: null,
    selected: /* @__PURE__ */ new Set(),
    passage: null,
    mode: null,
    drag: null,
    box: null,
    clip: null,
    fitted: false
  };
  const view = () => model.get("view") || { rooms: [], passages: [], problems: [], answer: {} };
  const roomOf = (id) => view().rooms.find((r) => r.id === id);
  const help = h("p", { class: "ck-st-help", id: `ck-st-help-${model.cid}`, text: w("help") });
  const band = s("rect", { class: "ck-st-band", visibility: "hidden" });
  const wire = s("line", { class: "ck-st-wire", visibility: "hidden" });
  const edgeLayer = s("g", { class: "ck-st-edges" });
  const roomLayer = s("g", { class: "ck-st-rooms" });
  const svg = s("svg", { class: "ck-st-svg", role: "presentation" }, edgeLayer, roomLayer, wire, band);
  const map = h("div", {
    class: "ck-st-map",
    tabindex: 0,
    role: "application",
    "aria-roledescription": w("map_role"),
    "aria-describedby": help.id,
    "data-testid": "map"
  }, svg);
  const said = h("div", {
    class: "ck-st-said",
    role: "status",
    "aria-live": "polite",
    "data-testid": "said"
  });
  const refusal = h("div", { class: "ck-st-refusal", role: "alert", "data-testid": "message" });
  const count = h("span", { class: "ck-st-count", "data-testid": "error-count" });
  const KINDS = {
    open: ["open", null],
    wall: ["wall", null],
    "open+wall": ["open", "wall"],
    "wall+passage": ["wall", "passage"]
  };
  const kind = h(
    "select",
    { "aria-label": w("passage_kind"), "data-testid": "kind" },
    h("option", { value: "open", text: w("kind_open") }),
    h("option", { value: "wall", text: w("kind_wall") }),
    h("option", { value: "open+wall", text: w("kind_open_wall") }),
    h("option", { value: "wall+passage", text: w("kind_wall_passage") })
  );
  const joinAs = () => {
    const [k, token] = KINDS[kind.value] || KINDS.open;
    return token ? { kind: k, token } : { kind: k };
  };
  const button = (text, testid, onclick) => h("button", { type: "button", text, "data-testid": testid, onclick });
  const undoButton = button(w("undo"), "undo", () => send({ type: "undo" }));
  const redoButton = button(w("redo"), "redo", () => send({ type: "redo" }));
  const bar = h(
    "div",
    { class: "ck-st-bar", role: "toolbar", "aria-label": w("map_tools") },
    button(w("add_room"), "add-room", () => addRoom()),
    button(w("delete_room"), "delete-room", () => ui.cursor && deleteRoom(ui.cursor)),
    button(w("entrance_here"), "set-entrance", () => ui.cursor && send({ op: "set_entrance", room: ui.cursor })),
    kind,
    button(w("remove_passage"), "disconnect", () => ui.passage && send({ op: "disconnect", a: ui.passage[0], b: ui.passage[1] })),
    undoButton,
    redoButton,
    button(w("zoom_to_fit"), "fit", () => fit()),
    button(w("save"), "save", () => send({ type: "save" })),
    button(w("print"), "print", () => {
      say(w("printing"));
      send({ type: "print" });
    }),
    count
  );
  const issues = h("ul", { class: "ck-st-issues", "data-testid": "issues" });
  const roomName = h("input", { "aria-label": w("room_name"), "data-testid": "room-name" });
  const roomStack = h("input", { type: "number", min: 0, max: 100, "aria-label": w("stack_size"), "data-testid": "room-stack" });
  const roomPlaced = h("input", { "aria-label": w("placed_stack"), "data-testid": "room-placed" });
  const roomTitle = h("h2", { text: w("room") });
  const labelled = (key, input) => h("label", {}, `${w(key)} `, input);
  const roomPanel = h(
    "section",
    { class: "ck-st-room", "aria-label": w("room_panel") },
    roomTitle,
    labelled("name_label", roomName),
    labelled("stack_label", roomStack),
    labelled("placed_label", roomPlaced)
  );
  const answer = h("input", { "aria-label": w("answer"), "data-testid": "answer" });
  const style = h("select", { "aria-label": w("glyph_style"), "data-testid": "style" });
  const seed = h("input", { type: "number", min: 0, "aria-label": w("glyph_seed"), "data-testid": "seed" });
  const card = h("input", { "aria-label": w("card_line"), "data-testid": "card" });
  const setLabel = h("p", { class: "ck-st-note", "data-testid": "glyph-set" });
  const cells = h("div", { class: "ck-st-cells", role: "img", "data-testid": "cells" });
  const glyphList = h("ul", { class: "ck-st-glyphs", "aria-label": w("glyphs_hint"), "data-testid": "glyphs" });
  const verdict = h("p", { class: "ck-st-verdict", "data-testid": "verdict" });
  const pool = h("input", {
    "aria-label": w("pool_hint"),
    "aria-describedby": `ck-st-pool-${model.cid}`,
    "data-testid": "pool"
  });
  const poolNote = h("p", { class: "ck-st-note", id: `ck-st-pool-${model.cid}`, "data-testid": "pool-note" });
  const cipher = h(
    "section",
    { class: "ck-st-cipher", "aria-label": w("cipher_panel") },
    h("h2", { text: w("cipher") }),
    labelled("answer_label", answer),
    labelled("glyphs_label", style),
    labelled("seed_label", seed),
    setLabel,
    labelled("card_label", card),
    cells,
    glyphList,
    verdict,
    labelled("pool_label", pool),
    poolNote
  );
  const games = h(
    "select",
    { "aria-label": w("games_to_play"), "data-testid": "games" },
    ...[50, 200, 500].map((n) => h("option", { value: n, text: tn(model, "n_games", n) }))
  );
  games.value = "200";
  const playButton = h("button", {
    type: "button",
    text: w("playtest"),
    "data-testid": "playtest",
    onclick: () => send({ type: "playtest", games: Number.parseInt(games.value, 10) })
  });
  const progress = h("progress", { max: 1, value: 0, "aria-label": w("playtest_progress"), "data-testid": "progress" });
  const figures = h("ul", { class: "ck-st-figures", "data-testid": "figures" });
  const plot = s("svg", {
    class: "ck-st-plot",
    role: "img",
    "aria-label": w("plot_label"),
    viewBox: "0 0 260 90",
    "data-testid": "plot"
  });
  const aim = h("input", {
    type: "number",
    min: 0,
    max: 100,
    value: 60,
    "aria-label": w("aim"),
    "data-testid": "aim"
  });
  const tuneButton = h("button", {
    type: "button",
    text: w("tune"),
    "data-testid": "tune",
    onclick: () => send({ type: "tune", win_rate: Math.max(0, Math.min(100, Number(aim.value) || 0)) / 100 })
  });
  const useDeck = h("button", {
    type: "button",
    "data-testid": "use-deck",
    hidden: true,
    onclick: () => {
      const p = model.get("playtest") || {};
      send({ op: "set_field", field: "deck", value: { ...(view().info || {}).deck || {}, values: p.values } });
    }
  });
  const playPanel = h(
    "section",
    { class: "ck-st-play", "aria-label": w("playtest_panel") },
    h("h2", { text: w("playtest") }),
    h("div", { class: "ck-st-row" }, games, playButton),
    progress,
    figures,
    plot,
    h("div", { class: "ck-st-row" }, labelled("win_rate_label", aim), tuneButton),
    useDeck
  );
  const field = (key, testid, attrs = {}) => {
    const input = h(attrs.rows ? "textarea" : "input", { "aria-label": w(key), "data-testid": testid, ...attrs });
    return [input, labelled(key, input)];
  };
  const [infoTitle, infoTitleRow] = field("info_title", "info-title");
  const [infoQuestion, infoQuestionRow] = field("info_question", "info-question");
  const [infoStory, infoStoryRow] = field("info_story", "info-story", { rows: 3 });
  const [infoId, infoIdRow] = field("info_id", "info-id");
  const [infoSeed, infoSeedRow] = field("seed_label", "info-seed", { type: "number", min: 0 });
  const [infoMin, infoMinRow] = field("info_min", "info-min", { type: "number", min: 1, max: 8 });
  const [infoMax, infoMaxRow] = field("info_max", "info-max", { type: "number", min: 1, max: 8 });
  const [infoChars, infoCharsRow] = field("info_characters", "info-characters");
  const [infoDeck, infoDeckRow] = field("info_deck", "info-deck", { type: "number", min: 1, max: 99 });
  const link = (outcome) => {
    const [next, nextRow] = field(`${outcome}_next`, `info-${outcome}-next`);
    const [text, textRow] = field(`${outcome}_text`, `info-${outcome}-text`);
    return { next, text, rows: [nextRow, textRow] };
  };
  const links = { win: link("win"), loss: link("loss") };
  const number = (input) => input.value.trim() === "" ? null : Number.parseInt(input.value, 10);
  const setField = (name, value) => send({ op: "set_field", field: name, value });
  const info = () => view().info || {};
  infoTitle.addEventListener("change", () => setField("title", infoTitle.value));
  infoQuestion.addEventListener("change", () => setField("question", infoQuestion.value));
  infoStory.addEventListener("change", () => setField("story", infoStory.value.trim() ? infoStory.value : null));
  infoId.addEventListener("change", () => setField("id", infoId.value.trim()));
  infoSeed.addEventListener("change", () => setField("seed", number(infoSeed)));
  const setPlayers = () => setField("players", number(infoMin) == null && number(infoMax) == null ? null : { min: number(infoMin) ?? 1, max: number(infoMax) ?? number(infoMin) ?? 1 });
  infoMin.addEventListener("change", setPlayers);
  infoMax.addEventListener("change", setPlayers);
  infoChars.addEventListener("change", () => setField("characters", infoChars.value.trim() ? words(infoChars.value) : null));
  infoDeck.addEventListener("change", () => {
    const deck = { ...info().deck || {} };
    if (number(infoDeck) == null) delete deck.values;
    else deck.values = number(infoDeck);
    setField("deck", Object.keys(deck).length ? deck : null);
  });
  for (const [outcome, parts] of Object.entries(links)) {
    const setLink = () => {
      const value = { ...(info().campaign || {})[outcome] || {} };
      for (const [key, input] of [["next", parts.next], ["text", parts.text]]) {
        if (input.value.trim()) value[key] = input.value.trim();
        else delete value[key];
      }
      setField(`campaign.${outcome}`, Object.keys(value).length ? value : null);
    };
    parts.next.addEventListener("change", setLink);
    parts.text.addEventListener("change", setLink);
  }
  const infoPanel = h(
    "details",
    { class: "ck-st-info", "data-testid": "info" },
    h("summary", { text: w("info_summary") }),
    infoTitleRow,
    infoQuestionRow,
    infoStoryRow,
    infoIdRow,
    infoSeedRow,
    infoMinRow,
    infoMaxRow,
    infoCharsRow,
    infoDeckRow,
    ...links.win.rows,
    ...links.loss.rows
  );
  function drawInfo(i, typing) {
    const put = (input, value) => {
      if (typing !== input) input.value = value == null ? "" : String(value);
    };
    put(infoTitle, i.title);
    put(infoQuestion, i.question);
    put(infoStory, i.story);
    put(infoId, i.id);
    put(infoSeed, i.seed);
    put(infoMin, (i.players || {}).min);
    put(infoMax, (i.players || {}).max);
    put(infoChars, Array.isArray(i.characters) ? i.characters.join(" ") : "");
    put(infoDeck, (i.deck || {}).values);
    for (const [outcome, parts] of Object.entries(links)) {
      const l = (i.campaign || {})[outcome] || {};
      put(parts.next, l.next);
      put(parts.text, l.text);
    }
  }
  const side = h(
    "div",
    { class: "ck-st-side" },
    infoPanel,
    h("section", { "aria-label": w("issues_panel") }, h("h2", { text: w("issues") }), issues),
    roomPanel,
    cipher,
    playPanel
  );
  const source = h("textarea", {
    class: "ck-st-source",
    rows: 16,
    spellcheck: "false",
    "aria-label": w("source_label"),
    "data-testid": "source"
  });
  const apply = h("button", {
    type: "button",
    text: w("apply_text"),
    "data-testid": "apply-text",
    onclick: () => {
      ui.fitted = false;
      send({ type: "text", text: source.value });
    }
  });
  const sourcePanel = h(
    "details",
    { class: "ck-st-file" },
    h("summary", { text: w("source_summary") }),
    source,
    h("div", { class: "ck-st-row" }, apply)
  );
  const root = h(
    "div",
    { class: "ck-studio", "data-testid": "studio" },
    bar,
    h("div", { class: "ck-st-main" }, map, side),
    help,
    said,
    refusal,
    sourcePanel
  );
  speakLanguage(model, root);
  el.append(root);
  root.addEventListener("keydown", (e) => {
    const target = e.target;
    if (!(target instanceof HTMLElement) || !target.matches("input, select, textarea")) return;
    e.stopPropagation();
    if (e.key === "Enter" && target.tagName === "INPUT") {
      e.preventDefault();
      target.dataset.ckSent = target.value;
      target.dispatchEvent(new Event("change"));
    }
  });
  root.addEventListener("input", (e) => {
    if (e.target.dataset) delete e.target.dataset.ckSent;
  }, true);
  root.addEventListener("change", (e) => {
    const target = e.target;
    if (e.isTrusted && target.dataset && target.dataset.ckSent === target.value) e.stopImmediatePropagation();
  }, true);
  const focusMap = () => map.focus({ preventScroll: true });
  const cursorRoom = () => ui.cursor && roomOf(ui.cursor) || null;
  const chosen = () => ui.selected.size ? [...ui.selected] : ui.cursor ? [ui.cursor] : [];
  function addRoom(fields = {}) {
    const rooms = view().rooms;
    const id = freeId(rooms);
    send({ op: "add_room", room: id, pos: freeCell(rooms, cursorRoom()), ...fields });
    ui.pending = id;
    ui.selected = /* @__PURE__ */ new Set();
  }
  function deleteRoom(id) {
    send({ op: "delete_room", room: id });
    const next = view().rooms.find((r) => r.id !== id);
    ui.cursor = next ? next.id : null;
    ui.selected.delete(id);
  }
  function stack(step) {
    const room = cursorRoom();
    if (!room) return;
    const size = Math.max(0, Math.min(100, (room.stack ?? 0) + step));
    send({ op: "set_room", room: room.id, stack_size: size });
  }
  roomName.addEventListener("change", () => {
    if (ui.cursor) send({ op: "set_room", room: ui.cursor, name: roomName.value });
    focusMap();
  });
  roomName.addEventListener("keydown", (e) => {
    if (e.key === "Escape") focusMap();
  });
  roomStack.addEventListener("change", () => {
    const size = Number.parseInt(roomStack.value, 10);
    if (ui.cursor && Number.isFinite(size)) send({ op: "set_room", room: ui.cursor, stack_size: size });
  });
  const words = (text) => text.split(/[\s,]+/).filter(Boolean);
  roomPlaced.addEventListener("change", () => {
    if (ui.cursor) send({ op: "set_room", room: ui.cursor, stack: roomPlaced.value.trim() ? words(roomPlaced.value) : null });
  });
  answer.addEventListener("change", () => send({ op: "set_answer", solution: answer.value }));
  card.addEventListener("change", () => {
    const words2 = card.value.split("/").map((w2) => w2.trim().split(/\s+/).filter(Boolean)).filter((w2) => w2.length);
    send({ op: "set_answer", solution: answer.value, card: words2 });
  });
  const setStyle = () => send({
    op: "set_glyph_style",
    style: style.value,
    seed: Number.parseInt(seed.value || "0", 10) || 0
  });
  style.addEventListener("change", setStyle);
  pool.addEventListener("change", () => send({ op: "set_pool", pool: pool.value.split(/[\s,]+/).filter(Boolean) }));
  seed.addEventListener("change", setStyle);
  kind.addEventListener("change", () => {
    if (ui.passage) send({ op: "connect", a: ui.passage[0], b: ui.passage[1], ...joinAs() });
  });
  function say(text) {
    said.textContent = text;
  }
  function describe(room) {
    if (!room) return w("empty_map");
    const marks = view().problems.filter((p) => p.room === room.id).map((p) => p.message);
    return [
      ...room.about || [room.name],
      ui.selected.has(room.id) ? w("selected") : "",
      ...marks
    ].filter(Boolean).join("; ");
  }
  map.addEventListener("keydown", (e) => {
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const room = cursorRoom();
    let handled = true;
    if (ctrl && key === "z") send({ type: e.shiftKey ? "redo" : "undo" });
    else if (ctrl && key === "y") send({ type: "redo" });
    else if (ctrl && key === "s") send({ type: "save" });
    else if (ctrl && key === "c") {
      if (room) {
        ui.clip = { name: room.name, stack: room.stack };
        say(w("copied", { name: room.name }));
      }
    } else if (ctrl && key === "v") {
      if (ui.clip) addRoom({ name: ui.clip.name, ...ui.clip.stack != null ? { stack_size: ui.clip.stack } : {} });
    } else if (ctrl) handled = false;
    else if (DIRS[e.key]) {
      const dir = DIRS[e.key];
      if (!room) {
        const first = view().rooms[0];
        if (first) ui.cursor = first.id;
      } else if (e.shiftKey) {
        send({ op: "move_room", rooms: chosen(), delta: dir });
      } else {
        const next = neighbourOf(view().rooms, room, dir);
        if (ui.mode && next) {
          if (ui.mode === "part") send({ op: "disconnect", a: room.id, b: next.id });
          else send({ op: "connect", a: room.id, b: next.id, kind: ui.mode });
        } else if (ui.mode) say(w("no_room_that_way"));
        else if (next) ui.cursor = next.id;
        else say(w("no_room_that_way"));
        ui.mode = null;
      }
    } else if (MODES[key] && room) {
      ui.mode = MODES[key];
      const asked = ui.mode === "part" ? "part_which" : ui.mode === "wall" ? "wall_which" : "join_which";
      say(w(asked, { name: room.name }));
    } else if (key === "n" || e.key === "Insert") addRoom();
    else if ((e.key === "Delete" || e.key === "Backspace") && room) deleteRoom(room.id);
    else if (key === "e" && room) send({ op: "set_entrance", room: room.id });
    else if ((key === "+" || key === "=") && room) stack(1);
    else if (key === "-" && room) stack(-1);
    else if (e.key === "F2" && room) {
      roomName.focus();
      roomName.select();
    } else if (e.key === " " && room) {
      if (ui.selected.has(room.id)) ui.selected.delete(room.id);
      else ui.selected.add(room.id);
      say(tn(model, "rooms_selected", ui.selected.size));
    } else if (e.key === "Escape") {
      ui.mode = null;
      ui.selected = /* @__PURE__ */ new Set();
      ui.passage = null;
      say(w("selection_cleared"));
    } else if (key === "0") fit();
    else handled = false;
    if (!handled) return;
    e.preventDefault();
    draw();
    if (DIRS[e.key] && !e.shiftKey && !ctrl) say(describe(cursorRoom()));
  });
  const point = (e) => {
    const m = svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  svg.addEventListener("pointerdown", (e) => {
    const target = e.target.closest ? e.target.closest("[data-room], [data-passage]") : null;
    const at = point(e);
    focusMap();
    if (target && target.dataset.handle) {
      ui.drag = { kind: "wire", from: target.dataset.room, at };
    } else if (target && target.dataset.room) {
      const id = target.dataset.room;
      if (e.shiftKey) {
        if (ui.selected.has(id)) ui.selected.delete(id);
        else ui.selected.add(id);
      } else if (!ui.selected.has(id)) ui.selected = /* @__PURE__ */ new Set();
      ui.cursor = id;
      ui.passage = null;
      ui.drag = { kind: "move", rooms: ui.selected.size ? [...ui.selected] : [id], at, dx: 0, dy: 0 };
    } else if (target && target.dataset.passage) {
      ui.passage = target.dataset.passage.split(" ");
      const p = view().passages.find((q) => q.a === ui.passage[0] && q.b === ui.passage[1]);
      if (p) kind.value = p.token ? `${p.kind}+${p.token}` : p.kind;
      say(w("passage_selected", { a: ui.passage[0], b: ui.passage[1] }));
    } else if (e.button === 1 || e.ctrlKey || e.altKey) {
      ui.drag = { kind: "pan", at: { x: e.clientX, y: e.clientY }, box: { ...ui.box } };
    } else {
      ui.selected = /* @__PURE__ */ new Set();
      ui.passage = null;
      ui.drag = { kind: "band", at, to: at };
    }
    if (ui.drag) svg.setPointerCapture(e.pointerId);
    draw();
  });
  svg.addEventListener("pointermove", (e) => {
    const d = ui.drag;
    if (!d) return;
    const at = point(e);
    if (d.kind === "move") {
      d.dx = at.x - d.at.x;
      d.dy = at.y - d.at.y;
      for (const id of d.rooms) {
        const g = roomLayer.querySelector(`[data-room="${CSS.escape(id)}"]`);
        if (g) g.setAttribute("transform", `translate(${d.dx} ${d.dy})`);
      }
    } else if (d.kind === "wire") {
      const from = roomOf(d.from);
      if (from) setLine(wire, from.x * CELL, from.y * CELL, at.x, at.y, "visible");
    } else if (d.kind === "band") {
      d.to = at;
      const [x, y] = [Math.min(d.at.x, at.x), Math.min(d.at.y, at.y)];
      setBox(band, x, y, Math.abs(at.x - d.at.x), Math.abs(at.y - d.at.y), "visible");
    } else if (d.kind === "pan") {
      const scale = ui.box.w / Math.max(1, svg.clientWidth);
      ui.box.x = d.box.x - (e.clientX - d.at.x) * scale;
      ui.box.y = d.box.y - (e.clientY - d.at.y) * scale;
      setViewBox();
    }
  });
  svg.addEventListener("pointerup", (e) => {
    const d = ui.drag;
    ui.drag = null;
    wire.setAttribute("visibility", "hidden");
    band.setAttribute("visibility", "hidden");
    if (!d) return;
    if (d.kind === "move") {
      const step = e.altKey ? 100 : 1;
      const dx = Math.round(d.dx / CELL * step) / step;
      const dy = Math.round(d.dy / CELL * step) / step;
      if (dx || dy) send({ op: "move_room", rooms: d.rooms, delta: [dx, dy] });
      else draw();
    } else if (d.kind === "wire") {
      const under = document.elementFromPoint(e.clientX, e.clientY);
      const target = under && under.closest ? under.closest("[data-room]") : null;
      if (target && target.dataset.room !== d.from) {
        send({ op: "connect", a: d.from, b: target.dataset.room, ...joinAs() });
      }
    } else if (d.kind === "band") {
      const [x0, x1] = [Math.min(d.at.x, d.to.x), Math.max(d.at.x, d.to.x)];
      const [y0, y1] = [Math.min(d.at.y, d.to.y), Math.max(d.at.y, d.to.y)];
      ui.selected = new Set(view().rooms.filter((r) => r.x * CELL >= x0 && r.x * CELL <= x1 && r.y * CELL >= y0 && r.y * CELL <= y1).map((r) => r.id));
      if (ui.selected.size) {
        ui.cursor = [...ui.selected][0];
        say(tn(model, "rooms_selected", ui.selected.size));
      }
      draw();
    }
  });
  svg.addEventListener("wheel", (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    const at = point(e);
    const f = e.deltaY > 0 ? 1.15 : 1 / 1.15;
    ui.box = { x: at.x - (at.x - ui.box.x) * f, y: at.y - (at.y - ui.box.y) * f, w: ui.box.w * f, h: ui.box.h * f };
    setViewBox();
  }, { passive: false });
  function setLine(line, x1, y1, x2, y2, visibility) {
    for (const [k, v] of Object.entries({ x1, y1, x2, y2, visibility })) line.setAttribute(k, v);
  }
  function setBox(rect, x, y, width, height, visibility) {
    for (const [k, v] of Object.entries({ x, y, width, height, visibility })) rect.setAttribute(k, v);
  }
  function setViewBox() {
    const b = ui.box;
    svg.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
  }
  function fit() {
    const rooms = view().rooms;
    const xs = rooms.map((r) => r.x * CELL);
    const ys = rooms.map((r) => r.y * CELL);
    const pad = CELL;
    const [x0, x1] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 0];
    const [y0, y1] = ys.length ? [Math.min(...ys), Math.max(...ys)] : [0, 0];
    ui.box = { x: x0 - pad, y: y0 - pad, w: Math.max(x1 - x0 + 2 * pad, 4 * CELL), h: Math.max(y1 - y0 + 2 * pad, 3 * CELL) };
    setViewBox();
  }
  function drawRoom(room) {
    const x = room.x * CELL;
    const y = room.y * CELL;
    const classes = ["ck-st-room"];
    if (room.id === ui.cursor) classes.push("ck-st-cursor");
    if (ui.selected.has(room.id)) classes.push("ck-st-selected");
    for (const m of room.marks) classes.push(`ck-st-${m}`);
    const label = room.name.length > 14 ? `${room.name.slice(0, 13)}…` : room.name;
    return s(
      "g",
      { class: classes.join(" "), "data-room": room.id, "data-testid": "room" },
      s("title", { text: `${room.name} (${room.id})` }),
      s("rect", { x: x - ROOM_W / 2, y: y - ROOM_H / 2, width: ROOM_W, height: ROOM_H, rx: 8 }),
      s("text", { x, y: y - 6, class: "ck-st-name", text: label }),
      s("text", { x, y: y + 14, class: "ck-st-id", text: room.stack != null ? `${room.id} · ${room.stack}` : room.id }),
      room.entrance ? s("text", { x: x - ROOM_W / 2 + 4, y: y - ROOM_H / 2 - 6, class: "ck-st-entrance", text: w("entrance_mark") }) : null,
      room.marks.length ? s("text", { x: x + ROOM_W / 2 - 12, y: y - ROOM_H / 2 + 16, class: "ck-st-mark", text: "!" }) : null,
      s("circle", { cx: x + ROOM_W / 2, cy: y, r: 9, class: "ck-st-handle", "data-room": room.id, "data-handle": "1" })
    );
  }
  function drawIssues(v) {
    issues.replaceChildren(...v.problems.map((p) => h(
      "li",
      { class: `ck-st-issue ck-st-${p.severity}` },
      h("button", { type: "button", "data-testid": "issue", onclick: () => showCulprit(p) }, p.text)
    )));
    if (!v.problems.length) issues.append(h("li", { class: "ck-st-none", text: w("no_problems") }));
  }
  function showCulprit(p) {
    if (p.room && roomOf(p.room)) {
      ui.cursor = p.room;
      ui.selected = /* @__PURE__ */ new Set();
      focusMap();
      draw();
      say(`${p.message}. ${describe(roomOf(p.room))}`);
    } else if (p.passage) {
      ui.passage = p.passage;
      focusMap();
      draw();
      say(`${p.message}. ${w("passage_between", { a: p.passage[0], b: p.passage[1] })}`);
    } else if (/^(card|solution|glyph)/.test(p.path)) {
      answer.focus();
    } else {
      focusMap();
      say(p.message);
    }
  }
  function draw() {
    const v = view();
    if (ui.pending && roomOf(ui.pending)) [ui.cursor, ui.pending] = [ui.pending, null];
    if (ui.cursor && !roomOf(ui.cursor)) ui.cursor = null;
    if (!ui.cursor && v.rooms.length) ui.cursor = v.rooms[0].id;
    for (const id of [...ui.selected]) if (!roomOf(id)) ui.selected.delete(id);
    if (!ui.fitted || !ui.box) {
      fit();
      ui.fitted = true;
    }
    edgeLayer.replaceChildren(...v.passages.map((p) => {
      const a2 = roomOf(p.a);
      const b = roomOf(p.b);
      if (!a2 || !b) return null;
      const picked = ui.passage && ui.passage[0] === p.a && ui.passage[1] === p.b;
      const cls = ["ck-st-passage", `ck-st-${p.kind}`, picked ? "ck-st-picked" : "", ...p.marks.map((m) => `ck-st-${m}`)];
      return s(
        "g",
        { class: cls.join(" "), "data-passage": `${p.a} ${p.b}`, "data-testid": "passage" },
        s("line", { x1: a2.x * CELL, y1: a2.y * CELL, x2: b.x * CELL, y2: b.y * CELL, class: "ck-st-hit" }),
        s("line", { x1: a2.x * CELL, y1: a2.y * CELL, x2: b.x * CELL, y2: b.y * CELL, class: "ck-st-line" }),
        p.token ? s("rect", {
          x: (a2.x + b.x) * CELL / 2 - 8,
          y: (a2.y + b.y) * CELL / 2 - 8,
          width: 16,
          height: 16,
          rx: 3,
          class: `ck-st-token ck-st-token-${p.token}`
        }, s("title", { text: p.token_label })) : null
      );
    }).filter(Boolean));
    roomLayer.replaceChildren(...v.rooms.map(drawRoom));
    drawIssues(v);
    count.textContent = v.count || "";
    count.className = `ck-st-count${v.errors ? " ck-st-has-errors" : ""}`;
    undoButton.disabled = !v.can_undo;
    redoButton.disabled = !v.can_redo;
    const room = cursorRoom();
    map.setAttribute("aria-label", `${v.map_label || ""} ${describe(room)}`);
    roomTitle.textContent = room ? w("room_id", { room: room.id }) : w("room");
    roomName.disabled = roomStack.disabled = !room;
    const typing = document.activeElement;
    if (typing !== roomName) roomName.value = room ? room.name : "";
    if (typing !== roomStack) roomStack.value = room && room.stack != null ? room.stack : "";
    roomPlaced.disabled = !room;
    if (typing !== roomPlaced) roomPlaced.value = room ? (room.placed || []).join(" ") : "";
    drawInfo(v.info || {}, typing);
    const a = v.answer || {};
    if (typing !== answer) answer.value = a.solution || "";
    if (style.options.length !== (a.styles || []).length) {
      style.replaceChildren(...(a.styles || []).map((n) => h("option", { value: n, text: n })));
    }
    style.value = a.style || "";
    if (typing !== seed) seed.value = a.seed ?? 0;
    if (typing !== source && source.value !== v.text) source.value = v.text || "";
    if (typing !== card) card.value = (a.card || []).map((w2) => w2.join(" ")).join(" / ");
    if (typing !== pool) pool.value = (a.pool || []).join(" ");
    poolNote.textContent = v.pool_note || "";
  }
  model.on("msg:custom", (msg, buffers) => {
    if (!msg || msg.type !== "download") return;
    const pdf = buffers && buffers.length ? buffers[0] : null;
    if (typeof msg.text !== "string" && !pdf) return;
    const body = pdf ? new Blob([pdf], { type: "application/pdf" }) : new Blob([msg.text], { type: "application/yaml" });
    const url = URL.createObjectURL(body);
    const link2 = h("a", { href: url, download: String(msg.name || "mission.yaml") });
    document.body.append(link2);
    link2.click();
    link2.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1e4);
  });
  function drawPlaytest() {
    const p = model.get("playtest") || { state: "idle" };
    const running = p.state === "running" || p.state === "tuning";
    playButton.disabled = tuneButton.disabled = running;
    useDeck.hidden = p.state !== "tuned";
    if (p.state === "tuned") useDeck.textContent = p.use_deck || "";
    progress.hidden = p.state === "idle" || p.state === "tuned";
    if (p.state === "tuning") progress.removeAttribute("value");
    progress.max = p.total || 1;
    if (p.state !== "tuning") progress.value = p.done || 0;
    progress.setAttribute("aria-valuetext", p.progress || "");
    if (p.state === "done") {
      figures.replaceChildren(...(p.figures || []).map((text) => h("li", { text })));
      const turns = p.turns || [];
      const top = Math.max(1, ...turns.map(([, w2, l]) => Math.max(w2, l)));
      const width = 260 / Math.max(1, turns.length);
      plot.replaceChildren(
        s("line", { x1: 0, y1: 45, x2: 260, y2: 45, class: "ck-st-axis" }),
        ...turns.flatMap(([turn, won, lost], i) => [
          s(
            "rect",
            { x: i * width, y: 45 - 40 * won / top, width: width * 0.8, height: 40 * won / top, class: "ck-st-won" },
            s("title", { text: w("turn_won", { turn, won }) })
          ),
          s(
            "rect",
            { x: i * width, y: 45, width: width * 0.8, height: 40 * lost / top, class: "ck-st-lost" },
            s("title", { text: w("turn_lost", { turn, lost }) })
          )
        ])
      );
      plot.style.display = "";
    } else if (p.state === "tuned") {
      figures.replaceChildren(h("li", { text: p.advice }), ...(p.trials || []).map((t2) => h("li", { class: "ck-st-note", text: t2 })));
      plot.style.display = "none";
    } else {
      figures.replaceChildren(...p.state === "failed" ? [h("li", { text: p.message })] : []);
      plot.style.display = "none";
    }
  }
  let litGlyph = null;
  function lightWindows(glyph) {
    litGlyph = glyph;
    const lit = new Set(((model.get("cipher") || {}).windows || {})[glyph] || []);
    cells.querySelectorAll(".ck-st-cell").forEach((cell, i) => cell.classList.toggle("ck-st-lit", lit.has(i)));
  }
  function drawCipher() {
    const c = model.get("cipher") || {};
    const images = c.images || {};
    setLabel.textContent = w("glyph_set", { label: c.label || "" });
    let word = 0;
    const row = [];
    (c.cells || []).forEach((cell) => {
      if (cell.word !== word) {
        row.push(h("span", { class: "ck-st-gap" }));
        word = cell.word;
      }
      row.push(h(
        "span",
        { class: "ck-st-cell", title: cell.glyph },
        images[cell.glyph] ? h("img", { src: images[cell.glyph], alt: "" }) : null,
        h("span", { text: cell.content || "·" })
      ));
    });
    cells.replaceChildren(...row);
    const contents = (c.cells || []).map((x) => x.content || w("blank")).join(" ");
    cells.setAttribute("aria-label", w("card_cells", { cells: contents }));
    const critical = new Set((model.get("analysis") || {}).critical || []);
    glyphList.replaceChildren(...(c.glyphs || []).map((g) => {
      const about = { glyph: g.id, content: g.content || w("decoy"), windows: g.windows || "" };
      const item = h(
        "button",
        {
          type: "button",
          class: `ck-st-glyph${critical.has(g.id) ? " ck-st-critical" : ""}`,
          "data-glyph": g.id,
          "aria-label": w(critical.has(g.id) ? "glyph_label_critical" : "glyph_label", about),
          onmouseenter: () => lightWindows(g.id),
          onmouseleave: () => lightWindows(null),
          onfocus: () => lightWindows(g.id),
          onblur: () => lightWindows(null)
        },
        images[g.id] ? h("img", { src: images[g.id], alt: "" }) : null,
        h("span", { text: `${g.id} ${g.content || "—"}` })
      );
      return h("li", {}, item);
    }));
    lightWindows(litGlyph);
  }
  function drawAnalysis() {
    const a = model.get("analysis") || {};
    verdict.textContent = a.state === "running" ? w("windows_analysing") : a.state === "done" || a.state === "failed" ? w("windows_verdict", { verdict: a.verdict || "" }) : a.state === "none" ? w("windows_fix") : "";
    drawCipher();
  }
  model.on("change:cipher", drawCipher);
  model.on("change:analysis", drawAnalysis);
  drawAnalysis();
  model.on("change:playtest", drawPlaytest);
  drawPlaytest();
  model.on("change:view", draw);
  model.on("change:said", () => say(model.get("said") || ""));
  model.on("change:message", () => {
    const text = model.get("message") || "";
    if (text) ui.pending = null;
    refusal.textContent = plainWords(text);
  });
  draw();
}
var editor_default = { render };
export {
  editor_default as default
};
