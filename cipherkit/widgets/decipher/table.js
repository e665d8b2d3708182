// The Decipher table's view: an ES module + DOM (bundled with the shared one by scripts/build_widget_js.py).
//
// It draws the `view` trait (built in the kernel from the player's observation) and
// sends two kinds of custom message: {type: "action", text} and {type: "new_game"}.
// No rule lives here: buttons are enabled from the kernel's list of legal actions
// (`view.legal`) and the kernel checks every message again.
//
// h(), kernelSender(), savedHandshake() and followTable() come from table_common.js,
// imported; the widget loads this module bundled with it (scripts/build_widget_js.py).

import { followTable, h, kernelSender, plainWords, radioGroup, roving, savedHandshake, startOver, t } from "../table_common.js";

// Words come from the kernel: t(model, key) reads the widget's `words` (DecipherTable.WORDS,
// in the table's language); sentences with a number or a name come whole in `view.say`.
const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_ORDER = ["S", "H", "D", "C"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];

function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

function isRed(suit) {
  return suit === "H" || suit === "D";
}

function prettyCard(code) {
  return rankText(code.slice(0, -1)) + SUIT_SYMBOL[code.slice(-1)];
}

const NAMED_RANKS = { A: "rank_A", J: "rank_J", Q: "rank_Q", K: "rank_K" };

// A rank in words: "queen", "7".
function rankWords(model, rank) {
  return NAMED_RANKS[rank] ? t(model, NAMED_RANKS[rank]) : rankText(rank);
}

// A card in words, for a screen reader: "queen of spades".
function cardLabel(model, code) {
  return t(model, `card_${code.slice(-1)}`, { rank: rankWords(model, code.slice(0, -1)) });
}

// A card named in a line of text: drawn with its suit symbol, read in words.
function cardText(model, code) {
  return h("span", {}, h("span", { "aria-hidden": "true", text: prettyCard(code) }), h("span", { class: "ck-sr-only", text: cardLabel(model, code) }));
}

// A face-up card; a <button> when it can be clicked.
function cardFace(model, code, { size = "", onClick = null, enabled = false, extra = "", title = "" } = {}) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const cls = ["ck-card", size && `ck-card-${size}`, isRed(suit) ? "ck-red" : "ck-black", extra]
    .filter(Boolean)
    .join(" ");
  const body = [
    h("span", { class: "ck-corner", text: rankText(rank) + SUIT_SYMBOL[suit] }),
    h("span", { class: "ck-pip", text: SUIT_SYMBOL[suit] }),
  ];
  const label = cardLabel(model, code);
  if (onClick) {
    return h(
      "button",
      {
        class: cls + " ck-card-button",
        "data-card": code,
        "data-testid": "hand-card",
        "data-roving": "",
        type: "button",
        title: title || label,
        "aria-label": label,
        disabled: !enabled,
        onclick: onClick,
      },
      body,
    );
  }
  return h("div", { class: cls, "data-card": code, title: title || label, "aria-label": label }, body);
}

function cardBack(model, size = "") {
  return h("div", { class: `ck-card ck-back ${size && `ck-card-${size}`}`, title: t(model, "hidden_card") });
}

function emptySlot(text, size = "") {
  return h("div", { class: `ck-card ck-empty ${size && `ck-card-${size}`}`, text });
}

function penny(model, hit, whose) {
  if (hit) {
    return h("span", {
      class: "ck-penny",
      "data-testid": `${whose}-penny`,
      title: t(model, "penny"),
    });
  }
  return h("span", { class: "ck-penny ck-penny-none", title: t(model, "no_penny") });
}

function hitMark(model, hit) {
  if (hit === null || hit === undefined) return h("span", { class: "ck-mark ck-pending", text: "?", title: t(model, "not_marked") });
  return hit
    ? h("span", { class: "ck-mark ck-hit", text: "●", title: t(model, "hit") })
    : h("span", { class: "ck-mark ck-miss", text: "○", title: t(model, "miss") });
}

function pileNode(model, pile, who) {
  const top = pile.top
    ? h("div", { class: "ck-pile-top" }, cardFace(model, pile.top.card, { size: "sm" }), hitMark(model, pile.top.hit))
    : emptySlot(t(model, "empty"), "sm");
  const count = h("div", { class: "ck-count", text: pile.count_words || "" });
  const parts = [top, count];
  if (pile.history && pile.count > 0) {
    parts.push(
      h(
        "div",
        { class: "ck-history", "data-testid": `${who}-history` },
        h("div", { class: "ck-history-title", text: t(model, pile.history.length ? "earlier" : "nothing_earlier") }),
        h(
          "div",
          { class: "ck-history-cards" },
          pile.history.map((e) => h("span", { class: "ck-history-card" }, cardFace(model, e.card, { size: "xs" }), hitMark(model, e.hit))),
        ),
      ),
    );
  }
  return h("div", { class: "ck-pile", "data-testid": `${who}-pile` }, parts);
}

function render({ model, el }) {
  const root = h("div", { class: "ck-decipher", "data-testid": "decipher-table" });
  el.append(root);
  const ui = { rank: null, suit: null, pickKey: null, waiting: false, timer: null };

  const kernel = kernelSender(model, ui, () => draw());
  const stopWaiting = kernel.stop;

  function send(message) {
    if (kernel.send(message)) draw();
  }

  const act = (text) => send({ type: "action", text });

  function header(view) {
    const stat = (label, value, testid) =>
      h("span", { class: "ck-stat", "data-testid": testid }, h("b", { text: String(value) }), " ", label);
    const count = (label, value, testid) =>
      h("span", { class: "ck-stat", "data-testid": testid }, label, " ", h("b", { text: String(value) }));
    return h(
      "div",
      { class: "ck-header" },
      h("div", { class: "ck-title" }, h("span", { class: "ck-logo", text: "♠♥" }), ` ${t(model, "title")} `, h("small", { text: view.say.heading })),
      h(
        "div",
        { class: "ck-stats" },
        count(t(model, "game"), view.game_number, "game-number"),
        count(t(model, "turn"), view.turn_number, "turn-number"),
        stat(view.say.deck, view.deck_size, "deck-size"),
        stat(view.say.their_hand, view.bot_hand_size, "bot-hand-size"),
      ),
    );
  }

  function columnNode(view, col) {
    const over = view.phase === "over";
    const guessing = view.phase === "guess";
    const labels = view.say.labels;
    const botCard = col.bot_card ? cardFace(model, col.bot_card, { extra: "ck-revealed" }) : cardBack(model);
    const yourGuess = col.your_guess
      ? h("div", { class: "ck-guess", "data-testid": "your-guess" }, `${t(model, "your_guess")} `, h("b", {}, cardText(model, col.your_guess)))
      : guessing && view.guesser === "you" && col.current
        ? h("div", { class: "ck-guess ck-guess-now", text: t(model, "guess_this_card") })
        : null;
    const botGuess = over && col.bot_guess
      ? h("div", { class: "ck-guess", "data-testid": "bot-guess" }, `${labels.their_guess} `, h("b", {}, cardText(model, col.bot_guess)))
      : null;
    return h(
      "div",
      {
        class: `ck-column${col.current ? " ck-current" : ""}`,
        "data-testid": `column-${col.index + 1}`,
        "data-current": col.current ? "true" : "false",
      },
      h("div", { class: "ck-col-head" }, t(model, "column", { column: col.index + 1 }), col.current ? h("span", { class: "ck-now", text: t(model, "now") }) : null),
      h("div", { class: "ck-zone ck-zone-bot" }, h("div", { class: "ck-label", text: labels.their_hidden }), h("div", { class: "ck-hidden" }, botCard, penny(model, col.your_hit, "your")), yourGuess),
      h("div", { class: "ck-zone" }, h("div", { class: "ck-label", text: labels.your_pile }), pileNode(model, col.your_pile, "your")),
      h("div", { class: "ck-divider" }),
      h("div", { class: "ck-zone" }, h("div", { class: "ck-label", text: labels.their_pile }), pileNode(model, col.bot_pile, "bot")),
      h("div", { class: "ck-zone ck-zone-you" }, h("div", { class: "ck-label", text: labels.your_hidden }), h("div", { class: "ck-hidden" }, col.your_card ? cardFace(model, col.your_card) : cardBack(model), penny(model, col.bot_hit, "bot")), botGuess),
    );
  }

  function handNode(view) {
    const legal = new Set(view.legal);
    const cards = view.hand.map((code) =>
      cardFace(model, code, {
        enabled: !ui.waiting && legal.has(`play ${code}`),
        onClick: () => act(`play ${code}`),
        title: view.column !== null && view.phase === "play" ? t(model, "play_on_column", { column: view.column + 1 }) : "",
      }),
    );
    return h(
      "div",
      { class: "ck-hand-row" },
      h("div", { class: "ck-label", text: t(model, "your_hand", { n: view.hand.length }) }),
      // the hand is one tab stop (arrow keys move along it, Enter plays)
      roving(h("div", { class: "ck-hand", "data-testid": "hand", role: "toolbar", "aria-label": t(model, "your_hand", { n: view.hand.length }) }, cards.length ? cards : h("span", { class: "ck-muted", text: t(model, "no_cards") }))),
    );
  }

  function controls(view) {
    const legal = new Set(view.legal);

    const button = (label, action, cls, testid) =>
      h("button", {
        class: `ck-button ${cls}`,
        type: "button",
        "data-action": action,
        "data-testid": testid,
        disabled: ui.waiting || !legal.has(action),
        onclick: () => {
          // Breaking on one's first turn ends the game on a guess made knowing nothing yet.
          const early = action === "break" && view.turn_number <= 2;
          if (!early || window.confirm(t(model, "break_first_turn"))) act(action);
        },
        text: label,
      });
    if (view.phase !== "play") return null;
    return h(
      "div",
      { class: "ck-controls" },
      button(t(model, "break"), "break", "ck-danger", "break"),
      button(view.column === null ? t(model, "skip") : t(model, "skip_column", { column: view.column + 1 }), "skip", "", "skip"),
    );
  }

  function picker(view) {
    if (!(view.phase === "guess" && view.guesser === "you" && view.to_move === "you")) return null;
    const key = `${view.game_number}:${view.column}`;
    if (ui.pickKey !== key) {
      ui.pickKey = key;
      ui.rank = null;
      ui.suit = null;
    }
    const may = new Set(view.legal).has("guess");
    const chosen = ui.rank && ui.suit ? ui.rank + ui.suit : null;
    // Rank and suit are one tab stop each (arrow keys inside, or type "7", "q", "h"):
    // a guess is Tab, 7, Tab, h, Tab, Enter.
    // A row of one radio group (rank, suit), labelled by its word; a pick is kept in
    // ui[field] and drawn.
    const pickRow = (field, options) =>
      h(
        "div",
        { class: "ck-pick-row" },
        h("span", { class: "ck-pick-label", "aria-hidden": "true", text: t(model, field) }),
        radioGroup(root, {
          label: t(model, field),
          attr: `data-${field}`,
          chosen: ui[field],
          options,
          pick: (value) => {
            ui[field] = value;
            draw();
          },
        }),
      );
    const ranks = RANKS.map((r) => ({
      value: r,
      text: rankText(r),
      label: rankWords(model, r),
      keys: r === "T" ? ["t", "0", "1"] : [r, rankWords(model, r).charAt(0)],
    }));
    const suits = SUIT_ORDER.map((s) => ({
      value: s,
      text: SUIT_SYMBOL[s],
      label: t(model, `suit_${s}`),
      keys: [s, t(model, `suit_${s}`).charAt(0)],
      cls: `ck-pick-suit ${isRed(s) ? "ck-red" : "ck-black"}`,
    }));
    return h(
      "div",
      { class: "ck-picker", "data-testid": "guess-picker" },
      h("div", { class: "ck-picker-title", text: view.say.picker }),
      pickRow("rank", ranks),
      pickRow("suit", suits),
      h(
        "div",
        { class: "ck-pick-row" },
        chosen ? cardFace(model, chosen, { size: "sm" }) : emptySlot("?", "sm"),
        h("button", {
          class: "ck-button ck-primary",
          type: "button",
          "data-action": "guess",
          "data-testid": "guess",
          disabled: ui.waiting || !may || !chosen,
          onclick: () => act(`guess ${chosen}`),
          text: t(model, "guess_column", { column: view.column + 1 }),
        }),
      ),
    );
  }

  function reveal(view) {
    if (view.phase !== "over") return null;
    const banner = view.say.result;
    const headers = view.say.reveal_headers;
    const rows = view.columns.map((col) =>
      h(
        "tr",
        {},
        h("th", { text: t(model, "column", { column: col.index + 1 }) }),
        h("td", {}, col.your_guess ? cardText(model, col.your_guess) : "—", " / ", h("b", {}, cardText(model, col.bot_card))),
        h("td", { class: "ck-points", text: `${col.your_points} (${col.your_match})` }),
        h("td", {}, col.bot_guess ? cardText(model, col.bot_guess) : "—", " / ", h("b", {}, cardText(model, col.your_card))),
        h("td", { class: "ck-points", text: `${col.bot_points} (${col.bot_match})` }),
      ),
    );
    const s = view.scoring;
    return h(
      "div",
      { class: `ck-reveal ck-result-${view.result}`, "data-testid": "reveal" },
      h("div", { class: "ck-result", "data-testid": "result", text: banner }),
      h(
        "div",
        { class: "ck-score", "data-testid": "scores" },
        h("span", {}, `${view.say.me} `, h("b", { "data-testid": "score-you", text: String(view.scores.you) })),
        h("span", { class: "ck-muted", text: " : " }),
        h("span", {}, h("b", { "data-testid": "score-bot", text: String(view.scores.bot) }), ` ${view.say.them}`),
      ),
      h(
        "table",
        { class: "ck-table" },
        h("thead", {}, h("tr", {}, h("td"), headers.map((text) => h("th", { text })))),
        h("tbody", {}, rows),
      ),
      h("div", { class: "ck-muted ck-small", text: t(model, "points_per_card", { exact: s.exact, rank: s.rank, suit: s.suit }) }),
      view.room ? null : h("button", {
        class: "ck-button ck-primary",
        type: "button",
        "data-action": "new_game",
        "data-testid": "play-again",
        disabled: ui.waiting,
        onclick: () => send({ type: "new_game" }),
        text: t(model, "play_again"),
      }),
    );
  }

  // The board for a screen reader: a table with a header per column, its words from the
  // kernel (view.board_words); the drawn board beside it is hidden from the reader.
  function boardWords(view) {
    const words = view.board_words;
    if (!words) return null;
    // (in a box: a table is laid out at least as wide as its words, whatever its width)
    return h(
      "div",
      { class: "ck-sr-only" },
      h(
      "table",
      { "data-testid": "board-words" },
      h("caption", { text: t(model, "the_board") }),
      h("thead", {}, h("tr", {}, h("td"), words.headers.map((text) => h("th", { scope: "col", text })))),
      h("tbody", {}, words.rows.map(([label, ...cells]) => h("tr", {}, h("th", { scope: "row", text: label }), cells.map((text) => h("td", { text }))))),
      ),
    );
  }

  function legend() {
    return h(
      "div",
      { class: "ck-legend" },
      h("span", {}, hitMark(model, true), ` ${t(model, "legend_hit")}`),
      h("span", {}, h("span", { class: "ck-penny ck-penny-inline" }), ` ${t(model, "legend_penny")}`),
      h("span", {}, hitMark(model, false), ` ${t(model, "legend_miss")}`),
      h("span", {}, hitMark(model, null), ` ${t(model, "legend_not_marked")}`),
    );
  }

  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    root.replaceChildren();
    if (!view.columns) {
      root.append(h("div", { class: "ck-status", text: t(model, "dealing") }));
      return;
    }
    root.classList.toggle("ck-is-waiting", ui.waiting || view.thinking);
    const busy = ui.waiting || view.thinking;
    const parts = [
      header(view),
      h(
        "div",
        { class: `ck-status${busy ? " ck-busy" : ""}${view.to_move === "you" ? " ck-your-turn" : ""}`, "data-testid": "status" },
        busy ? h("span", { class: "ck-spinner" }) : null,
        view.status,
      ),
      message ? h("div", { class: "ck-message", role: "alert", "data-testid": "message", text: plainWords(message) }) : null,
      reveal(view),
      boardWords(view),
      h("div", { class: "ck-board", "data-testid": "board", "aria-hidden": "true" }, view.columns.map((col) => columnNode(view, col))),
      legend(),
      picker(view),
      handNode(view),
      controls(view),
      view.phase === "guess"
        ? h("div", { class: "ck-muted ck-small", "data-testid": "bot-guess-count", text: view.say.their_guesses })
        : null,
      h(
        "details",
        { class: "ck-log", open: true },
        h("summary", { text: t(model, "what_happened") }),
        h("ol", { "data-testid": "log" }, view.log.map((line) => h("li", { text: line }))),
      ),
      view.saved && !view.result
        ? h("button", { class: "ck-button", type: "button", "data-action": "new_game", "data-testid": "new-game", disabled: ui.waiting, onclick: () => startOver(send, model), text: t(model, "new_game") })
        : null,
    ];
    root.append(...parts.filter((part) => part instanceof Node));
  }

  const onChange = () => {
    stopWaiting();
    draw();
  };
  // After a move, focus goes on in the hand, the guess picker or Play again.
  const focus = ["[data-testid=hand] button:not([disabled])[tabindex='0']", "[data-testid=guess-picker] [data-rank][tabindex='0']", "[data-testid=play-again]"];
  return followTable(model, root, onChange, draw, stopWaiting, focus);
}

export default { render };
