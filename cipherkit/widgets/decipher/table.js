// The Decipher table's view: an ES module + DOM (bundled with the shared one by scripts/build_widget_js.py).
//
// It draws the `view` trait (built in the kernel from the player's observation) and
// sends two kinds of custom message: {type: "action", text} and {type: "new_game"}.
// No rule lives here: buttons are enabled from the kernel's list of legal actions
// (`view.legal`) and the kernel checks every message again.
//
// h(), kernelSender(), savedHandshake() and followTable() come from table_common.js,
// imported; the widget loads this module bundled with it (scripts/build_widget_js.py).

import { followTable, h, kernelSender, plainWords, savedHandshake, startOver } from "../table_common.js";

const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
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

// A face-up card; a <button> when it can be clicked.
// In a room the other side is a person: their name instead of "the bot".
const them = (view) => (view.room ? view.room.opponent : "the bot");
const theirs = (view) => (view.room ? `${view.room.opponent}'s` : "bot's");

function cardFace(code, { size = "", onClick = null, enabled = false, extra = "", title = "" } = {}) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const cls = ["ck-card", size && `ck-card-${size}`, isRed(suit) ? "ck-red" : "ck-black", extra]
    .filter(Boolean)
    .join(" ");
  const body = [
    h("span", { class: "ck-corner", text: rankText(rank) + SUIT_SYMBOL[suit] }),
    h("span", { class: "ck-pip", text: SUIT_SYMBOL[suit] }),
  ];
  const label = `${rankText(rank)} of ${SUIT_NAME[suit]}`;
  if (onClick) {
    return h(
      "button",
      {
        class: cls + " ck-card-button",
        "data-card": code,
        "data-testid": "hand-card",
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

function cardBack(size = "") {
  return h("div", { class: `ck-card ck-back ${size && `ck-card-${size}`}`, title: "hidden card" });
}

function emptySlot(text, size = "") {
  return h("div", { class: `ck-card ck-empty ${size && `ck-card-${size}`}`, text });
}

function penny(hit, whose) {
  if (hit) {
    return h("span", {
      class: "ck-penny",
      "data-testid": `${whose}-penny`,
      title: "a penny: the top decipher card matches this hidden card by suit or rank",
    });
  }
  return h("span", { class: "ck-penny ck-penny-none", title: "no penny" });
}

function hitMark(hit) {
  if (hit === null || hit === undefined) return h("span", { class: "ck-mark ck-pending", text: "?", title: "not marked yet" });
  return hit
    ? h("span", { class: "ck-mark ck-hit", text: "●", title: "hit" })
    : h("span", { class: "ck-mark ck-miss", text: "○", title: "miss" });
}

function pileNode(pile, who) {
  const top = pile.top
    ? h("div", { class: "ck-pile-top" }, cardFace(pile.top.card, { size: "sm" }), hitMark(pile.top.hit))
    : emptySlot("empty", "sm");
  const count = h("div", {
    class: "ck-count",
    text: pile.count === 0 ? "" : pile.count === 1 ? "1 card" : `${pile.count} cards`,
  });
  const parts = [top, count];
  if (pile.history && pile.count > 0) {
    parts.push(
      h(
        "div",
        { class: "ck-history", "data-testid": `${who}-history` },
        h("div", { class: "ck-history-title", text: pile.history.length ? "earlier in this pile" : "nothing earlier" }),
        h(
          "div",
          { class: "ck-history-cards" },
          pile.history.map((e) => h("span", { class: "ck-history-card" }, cardFace(e.card, { size: "xs" }), hitMark(e.hit))),
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
      h("div", { class: "ck-title" }, h("span", { class: "ck-logo", text: "♠♥" }), " Decipher ", h("small", { text: view.room ? `room ${view.room.code}: ${view.spectator ? `${view.room.you} against ${view.room.opponent}` : `you against ${view.room.opponent}`}` : `against the ${view.bot_name} bot` })),
      h(
        "div",
        { class: "ck-stats" },
        count("Game", view.game_number, "game-number"),
        count("Turn", view.turn_number, "turn-number"),
        stat("cards in the deck", view.deck_size, "deck-size"),
        stat(`cards in ${theirs(view).replace(/^bot's$/, "the bot's")} hand`, view.bot_hand_size, "bot-hand-size"),
      ),
    );
  }

  function columnNode(view, col) {
    const over = view.phase === "over";
    const guessing = view.phase === "guess";
    const botCard = col.bot_card ? cardFace(col.bot_card, { extra: "ck-revealed" }) : cardBack();
    const yourGuess = col.your_guess
      ? h("div", { class: "ck-guess", "data-testid": "your-guess" }, "your guess ", h("b", { text: prettyCard(col.your_guess) }))
      : guessing && view.guesser === "you" && col.current
        ? h("div", { class: "ck-guess ck-guess-now", text: "guess this card" })
        : null;
    const botGuess = over && col.bot_guess
      ? h("div", { class: "ck-guess", "data-testid": "bot-guess" }, `${theirs(view)} guess `, h("b", { text: prettyCard(col.bot_guess) }))
      : null;
    return h(
      "div",
      {
        class: `ck-column${col.current ? " ck-current" : ""}`,
        "data-testid": `column-${col.index + 1}`,
        "data-current": col.current ? "true" : "false",
      },
      h("div", { class: "ck-col-head" }, `Column ${col.index + 1}`, col.current ? h("span", { class: "ck-now", text: "now" }) : null),
      h("div", { class: "ck-zone ck-zone-bot" }, h("div", { class: "ck-label", text: `${theirs(view)} hidden card` }), h("div", { class: "ck-hidden" }, botCard, penny(col.your_hit, "your")), yourGuess),
      h("div", { class: "ck-zone" }, h("div", { class: "ck-label", text: "your decipher pile" }), pileNode(col.your_pile, "your")),
      h("div", { class: "ck-divider" }),
      h("div", { class: "ck-zone" }, h("div", { class: "ck-label", text: `${theirs(view)} pile on your code` }), pileNode(col.bot_pile, "bot")),
      h("div", { class: "ck-zone ck-zone-you" }, h("div", { class: "ck-label", text: "your hidden card" }), h("div", { class: "ck-hidden" }, col.your_card ? cardFace(col.your_card) : cardBack(), penny(col.bot_hit, "bot")), botGuess),
    );
  }

  function handNode(view) {
    const legal = new Set(view.legal);
    const cards = view.hand.map((code) =>
      cardFace(code, {
        enabled: !ui.waiting && legal.has(`play ${code}`),
        onClick: () => act(`play ${code}`),
        title: view.column !== null && view.phase === "play" ? `play this card on column ${view.column + 1}` : "",
      }),
    );
    return h(
      "div",
      { class: "ck-hand-row" },
      h("div", { class: "ck-label", text: `your hand (${view.hand.length})` }),
      h("div", { class: "ck-hand", "data-testid": "hand" }, cards.length ? cards : h("span", { class: "ck-muted", text: "no cards" })),
    );
  }

  function controls(view) {
    const legal = new Set(view.legal);
    const column = view.column === null ? "" : ` column ${view.column + 1}`;
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
          if (!early || window.confirm("Break the Code on your first turn? You know nothing of the other code yet, and one wrong card loses the game.")) act(action);
        },
        text: label,
      });
    if (view.phase !== "play") return null;
    return h(
      "div",
      { class: "ck-controls" },
      button("Break the Code", "break", "ck-danger", "break"),
      button(`Skip${column}`, "skip", "", "skip"),
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
    const rankButtons = RANKS.map((r) =>
      h("button", {
        class: `ck-pick${ui.rank === r ? " ck-picked" : ""}`,
        type: "button",
        "data-rank": r,
        "aria-pressed": ui.rank === r ? "true" : "false",
        onclick: () => {
          ui.rank = r;
          draw();
        },
        text: rankText(r),
      }),
    );
    const suitButtons = SUIT_ORDER.map((s) =>
      h("button", {
        class: `ck-pick ck-pick-suit ${isRed(s) ? "ck-red" : "ck-black"}${ui.suit === s ? " ck-picked" : ""}`,
        type: "button",
        "data-suit": s,
        "aria-pressed": ui.suit === s ? "true" : "false",
        title: SUIT_NAME[s],
        onclick: () => {
          ui.suit = s;
          draw();
        },
        text: SUIT_SYMBOL[s],
      }),
    );
    return h(
      "div",
      { class: "ck-picker", "data-testid": "guess-picker" },
      h("div", { class: "ck-picker-title", text: `Your guess for ${them(view)}'s card in column ${view.column + 1}` }),
      h("div", { class: "ck-pick-row" }, h("span", { class: "ck-pick-label", text: "rank" }), rankButtons),
      h("div", { class: "ck-pick-row" }, h("span", { class: "ck-pick-label", text: "suit" }), suitButtons),
      h(
        "div",
        { class: "ck-pick-row" },
        chosen ? cardFace(chosen, { size: "sm" }) : emptySlot("?", "sm"),
        h("button", {
          class: "ck-button ck-primary",
          type: "button",
          "data-action": "guess",
          "data-testid": "guess",
          disabled: ui.waiting || !may || !chosen,
          onclick: () => act(`guess ${chosen}`),
          text: `Guess column ${view.column + 1}`,
        }),
      ),
    );
  }

  function reveal(view) {
    if (view.phase !== "over") return null;
    const banner = { win: "You win!", loss: view.room ? `${view.room.opponent} wins.` : "The bot wins.", draw: "A draw." }[view.result] || "";
    const rows = view.columns.map((col) =>
      h(
        "tr",
        {},
        h("th", { text: `Column ${col.index + 1}` }),
        h("td", {}, col.your_guess ? prettyCard(col.your_guess) : "—", " / ", h("b", { text: prettyCard(col.bot_card) })),
        h("td", { class: "ck-points", text: `${col.your_points} (${col.your_match})` }),
        h("td", {}, col.bot_guess ? prettyCard(col.bot_guess) : "—", " / ", h("b", { text: prettyCard(col.your_card) })),
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
        h("span", {}, "you ", h("b", { "data-testid": "score-you", text: String(view.scores.you) })),
        h("span", { class: "ck-muted", text: " : " }),
        h("span", {}, h("b", { "data-testid": "score-bot", text: String(view.scores.bot) }), ` ${them(view)}`),
      ),
      h(
        "table",
        { class: "ck-table" },
        h("thead", {}, h("tr", {}, h("th"), h("th", { text: `your guess / ${them(view)}'s card` }), h("th", { text: "your points" }), h("th", { text: `${theirs(view)} guess / your card` }), h("th", { text: `${theirs(view)} points` }))),
        h("tbody", {}, rows),
      ),
      h("div", { class: "ck-muted ck-small", text: `Points per card: exact ${s.exact}, same rank ${s.rank}, same suit ${s.suit}.` }),
      view.room ? null : h("button", {
        class: "ck-button ck-primary",
        type: "button",
        "data-action": "new_game",
        "data-testid": "play-again",
        disabled: ui.waiting,
        onclick: () => send({ type: "new_game" }),
        text: "Play again",
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
      h("caption", { text: "The board" }),
      h("thead", {}, h("tr", {}, h("td"), words.headers.map((text) => h("th", { scope: "col", text })))),
      h("tbody", {}, words.rows.map(([label, ...cells]) => h("tr", {}, h("th", { scope: "row", text: label }), cells.map((text) => h("td", { text }))))),
      ),
    );
  }

  function legend() {
    return h(
      "div",
      { class: "ck-legend" },
      h("span", {}, hitMark(true), " hit: the top card played on a hidden card shares its suit or its rank"),
      h("span", {}, h("span", { class: "ck-penny ck-penny-inline" }), " penny: marks a hit on a hidden card until that pile's top card changes"),
      h("span", {}, hitMark(false), " miss"),
      h("span", {}, hitMark(null), " not marked yet (end of turn)"),
    );
  }

  function draw() {
    const view = model.get("view") || {};
    const message = model.get("message") || "";
    root.replaceChildren();
    if (!view.columns) {
      root.append(h("div", { class: "ck-status", text: "Dealing…" }));
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
        ? h("div", { class: "ck-muted ck-small", "data-testid": "bot-guess-count", text: `${view.room ? view.room.opponent : "The bot"} has written ${view.bot_guess_count} of ${view.columns.length} guesses.` })
        : null,
      h(
        "details",
        { class: "ck-log", open: true },
        h("summary", { text: `What happened (this turn and both players' last turns)` }),
        h("ol", { "data-testid": "log" }, view.log.map((line) => h("li", { text: line }))),
      ),
      view.saved && !view.result
        ? h("button", { class: "ck-button", type: "button", "data-action": "new_game", "data-testid": "new-game", disabled: ui.waiting, onclick: () => startOver(send, model), text: "New game" })
        : null,
    ];
    root.append(...parts.filter((part) => part instanceof Node));
  }

  const onChange = () => {
    stopWaiting();
    draw();
  };
  // After a move, focus goes on in the hand, the guess picker or Play again.
  const focus = ["[data-testid=hand] button:not([disabled])", "[data-testid=guess-picker] [data-rank]", "[data-testid=play-again]"];
  return followTable(model, root, onChange, draw, stopWaiting, focus);
}

export default { render };
