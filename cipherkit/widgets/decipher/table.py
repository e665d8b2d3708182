"""Play Decipher against a bot in a notebook or on a Voila page.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.decipher.table``.

Examples
--------
>>> table = DecipherTable(bot="random", seed=7, human_first=True)
>>> table.view["to_move"], table.view["phase"]
('you', 'play')
>>> table.handle_message({"type": "action", "text": "skip"})
>>> table.message
'illegal: column 1 has no card yet: on your first turn you must play on every column'
>>> card = table.view["hand"][0]
>>> table.handle_message({"type": "action", "text": f"play {card}"})
>>> table.message, table.view["columns"][0]["your_pile"]["top"]["card"] == card
('', True)
>>> table.record.actions[0] == (0, f"play {card}")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from cipherkit.core.record import Record
from cipherkit.games.decipher import DecipherState
from cipherkit.games.decipher.observation import DecipherObservation
from cipherkit.i18n import N_, _
from cipherkit.rooms import Store
from cipherkit.widgets.decipher.view import Sides, build_view, journal
from cipherkit.widgets.frontend import es_module, table_styles
from cipherkit.widgets.guard import SEED_ENV, Refused, default_seed
from cipherkit.widgets.table_backend import Moment, RoomBackend, RoomHandle
from cipherkit.widgets.table_base import TableBase, check_action_message

__all__ = ["SEED_ENV", "DecipherTable", "check_message", "default_seed", "table_config"]

MAX_MESSAGE_CHARS = 200
"""Longest JSON text of a message from the page that is even looked at."""

MAX_ACTION_CHARS = 40

HUMAN = 0
"""The person always sits at seat 0; who goes first is set by ``first_player``."""

BOT = 1 - HUMAN


BOT_LABELS = {
    "solver": N_("solver"),
    "solver:limited": N_("short-memory solver"),
    "random": N_("random"),
}
"""The Decipher bots a person meets, named in words (another bot: its spec as it is)."""


def bot_label(bot: str) -> str:
    """A bot's name as the table says it, in the language in force.

    >>> bot_label("solver"), bot_label("solver:limited"), bot_label("mine")
    ('solver', 'short-memory solver', 'mine')
    """
    return _(BOT_LABELS[bot]) if bot in BOT_LABELS else bot


def table_config(human_first: bool | None = None) -> dict[str, Any]:
    """The Decipher config of a table's games (the person sits at seat 0).

    With the same seed, ``new_game(table_config(h), seed=seed)`` deals exactly the
    table's game, which is how tests know the bot's hidden cards.

    >>> table_config(True)["first_player"], table_config(None)["first_player"]
    (0, None)
    """
    first = None if human_first is None else (HUMAN if human_first else 1 - HUMAN)
    return {"first_player": first, "names": ["you", "the bot"]}


def check_message(content: Any, buffers: Any = None) -> tuple[str, str | None]:
    """Validate a message from the page: ``("action", text)`` or ``("new_game", None)``.

    Raises :class:`Refused` with a short reason for anything else.

    >>> check_message({"type": "action", "text": "skip"})
    ('action', 'skip')
    >>> check_message(["skip"])
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: a message must be an object
    """
    return check_action_message(
        content, buffers, max_chars=MAX_MESSAGE_CHARS, max_text=MAX_ACTION_CHARS, example="skip"
    )


def _is_table_config(config: Any) -> bool:
    """Whether a stored game's config is a table's (the person at seat 0, named so)."""
    return isinstance(config, dict) and config.get("names") == table_config()["names"]


class DecipherTable(TableBase):
    """A Decipher table: you (seat 0) against a bot, in the notebook or on a Voila page.

    Parameters
    ----------
    bot:
        A Decipher bot name for :func:`cipherkit.core.registry.make_bot` (``"solver"``,
        ``"random"``).
    seed:
        Seed of the first game; ``None`` reads ``CIPHERKIT_SEED`` or draws a random one.
        The seed never leaves the kernel.
    human_first:
        ``True``/``False`` to choose who starts; ``None`` lets the deal decide.
    save:
        Keep the game in the page's room store from the first move on, so that a reload
        of the page resumes it (:mod:`cipherkit.widgets.saved`): ``True`` for the
        page's store (``$CIPHERKIT_STORE``), or a :class:`~cipherkit.rooms.Store`.
        *New game* then starts over at any time.

    Attributes
    ----------
    view:
        (synced) What the page draws: :func:`~cipherkit.widgets.decipher.view.build_view`.
    record:
        The current game's :class:`~cipherkit.core.record.Record` (kernel only).
    records:
        Every game played at this table, the current one last (kernel only).
    """

    _esm = es_module("decipher/table")
    _css = table_styles("decipher/table")  # the shared styles first (frontend.py)

    WORDS: ClassVar[Mapping[str, str]] = {
        "title": N_("Decipher"),
        "dealing": N_("Dealing…"),
        "game": N_("Game"),
        "turn": N_("Turn"),
        "column": N_("Column {column}"),
        "now": N_("now"),
        "your_guess": N_("your guess"),
        "guess_this_card": N_("guess this card"),
        "your_hand": N_("your hand ({n})"),
        "no_cards": N_("no cards"),
        "play_on_column": N_("play this card on column {column}"),
        "break": N_("Break the Code"),
        "skip": N_("Skip"),
        "skip_column": N_("Skip column {column}"),
        "break_first_turn": N_(
            "Break the Code on your first turn? You know nothing of the other code yet, "
            "and one wrong card loses the game."
        ),
        "rank": N_("rank"),
        "suit": N_("suit"),
        "guess_column": N_("Guess column {column}"),
        "points_per_card": N_(
            "Points per card: exact {exact}, same rank {rank}, same suit {suit}."
        ),
        "play_again": N_("Play again"),
        "new_game": N_("New game"),
        "the_board": N_("The board"),
        "what_happened": N_("What happened (this turn and both players' last turns)"),
        "hidden_card": N_("hidden card"),
        "empty": N_("empty"),
        "earlier": N_("earlier in this pile"),
        "nothing_earlier": N_("nothing earlier"),
        "penny": N_("a penny: the top decipher card matches this hidden card by suit or rank"),
        "no_penny": N_("no penny"),
        "hit": N_("hit"),
        "miss": N_("miss"),
        "not_marked": N_("not marked yet"),
        "legend_hit": N_("hit: the top card played on a hidden card shares its suit or its rank"),
        "legend_penny": N_(
            "penny: marks a hit on a hidden card until that pile's top card changes"
        ),
        "legend_miss": N_("miss"),
        "legend_not_marked": N_("not marked yet (end of turn)"),
        "rank_A": N_("ace"),
        "rank_J": N_("jack"),
        "rank_Q": N_("queen"),
        "rank_K": N_("king"),
        "suit_C": N_("clubs"),
        "suit_D": N_("diamonds"),
        "suit_H": N_("hearts"),
        "suit_S": N_("spades"),
        "card_C": N_("{rank} of clubs"),
        "card_D": N_("{rank} of diamonds"),
        "card_H": N_("{rank} of hearts"),
        "card_S": N_("{rank} of spades"),
    }
    """The page's own words (the sentences with a number or a name come from the view)."""

    label = "decipher table"
    game = "decipher"

    def __init__(
        self,
        bot: str = "solver",
        seed: int | None = None,
        human_first: bool | None = None,
        *,
        room: RoomHandle | None = None,
        save: bool | Store = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._you_first = False
        self._thinking = False
        self.bot_name = bot
        if room is not None:
            self._sit(room)
            return
        self._play_locally(
            "decipher",
            table_config(human_first),
            seat=HUMAN,
            bots={BOT: bot},
            seed=seed,
            save=save,
        )

    # ------------------------------------------------------------------ public
    @property
    def human_seat(self) -> int:
        """The seat the person plays (the bot plays the other)."""
        return HUMAN

    @property
    def state(self) -> DecipherState:
        """The true game state, hidden cards included. Kernel only: never synced."""
        return self.session.state

    # ------------------------------------------------------------------ the table's own
    def check_message(self, content: Any, buffers: Any) -> tuple[str, Any]:
        """The page's message: :func:`check_message`."""
        return check_message(content, buffers)

    def accepts(self, record: Record) -> bool:
        """A stored game is a Decipher table's (the person at seat 0, named so)."""
        return _is_table_config(record.config)

    def session_meta(self) -> dict[str, Any]:
        """The bot and the person's seat, in the record."""
        return {"bot": self.bot_name, "human_seat": HUMAN}

    def game_started(self) -> None:
        """Name the bot (a resumed game's own) and write the opening line."""
        if self.room is not None:
            self.bot_name = "room"
            return
        saved = self.saved
        if saved is not None:
            self.bot_name = saved.bots.get(BOT, self.bot_name)
        self._you_first = self._first_player() == HUMAN

    def check_local_action(self, text: str, seat: int | None) -> tuple[str, int]:
        """The person's move, parsed and checked against their legal actions."""
        session = self.session
        if session.is_over:
            raise Refused("illegal: " + _("the game is over; press Play again"))
        action = self.parse_move(text)
        if action not in session.legal_actions(HUMAN):
            self.check_rules(HUMAN, action)
            raise Refused("illegal: " + _("that is not a legal action now"))
        return str(action), HUMAN

    def before_bots(self) -> None:
        """Show "thinking" while the bot is to move."""
        if self.session.actors() == [BOT]:
            self._thinking = True
            try:
                self.publish()
            finally:
                self._thinking = False

    def _first_player(self) -> int:
        from cipherkit.games.decipher import new_game

        session = self.session
        return new_game(session.config, seed=session.seed).turn

    def _opening_line(self) -> str:
        """The log's first line, in the language in force (said again at every view)."""
        you_first = self._you_first
        bot, number = bot_label(self.bot_name), self.game_number
        if self.saved is not None:  # the same after a reload: no game number
            if you_first:
                return _("Against the {bot} bot. You go first.", bot=bot)
            return _("Against the {bot} bot. The bot goes first.", bot=bot)
        if you_first:
            return _("Game {number} against the {bot} bot. You go first.", number=number, bot=bot)
        return _("Game {number} against the {bot} bot. The bot goes first.", number=number, bot=bot)

    # ------------------------------------------------------------------ the view
    def build_view(self, moment: Moment) -> dict[str, Any]:
        """The page's view: the person's side, or a room seat's (named), or a spectator's."""
        room = self.room
        if room is not None:
            return self._room_view(room, moment)
        view = build_view(
            cast(DecipherObservation, moment.observation),
            human=HUMAN,
            legal=moment.legal,
            log=journal(self._opening_line(), moment.log, HUMAN),
            thinking=self._thinking,
            bot_name=bot_label(self.bot_name),
            game_number=self.game_number,
        )
        return dict(view)

    def _room_view(self, room: RoomBackend, moment: Moment) -> dict[str, Any]:
        seat = 0 if room.seat is None else room.seat
        names = room.names()
        other = names[1 - seat]
        obs = moment.observation
        if room.seat is None and obs["hidden"][0] is None:  # a spectator: no hand
            columns = len(obs["piles"][0])
            guesses = obs["guesses"][0]
            obs = {
                **obs,
                "hand": [],
                "hidden": [[None] * columns, obs["hidden"][1]],
                "guesses": [[] if isinstance(guesses, int) else guesses, obs["guesses"][1]],
            }
        opening = _(
            "Room {code}: {first} against {second}.",
            code=room.code,
            first=names[0],
            second=names[1],
        )
        watching = room.seat is None
        sides = Sides(me=names[0] if watching else None, other=other)
        view: dict[str, Any] = dict(
            build_view(
                cast(DecipherObservation, obs),
                human=seat,
                legal=moment.legal,
                log=journal(opening, moment.log, seat, sides),
                bot_name=other,
                sides=sides,
            )
        )
        if watching:
            view["status"] = _(
                "You are watching room: {first} against {second}.",
                first=names[0],
                second=names[1],
            )
            view["announce"] = view["log"][-1] if view["log"] else view["status"]
            view["say"]["heading"] = _(
                "room {code}: {first} against {second}",
                code=room.code,
                first=names[0],
                second=names[1],
            )
        else:
            view["say"]["heading"] = _(
                "room {code}: you against {name}", code=room.code, name=other
            )
        view["room"] = {"code": room.code, "you": names[seat], "opponent": other}
        view["spectator"] = room.seat is None
        return view
