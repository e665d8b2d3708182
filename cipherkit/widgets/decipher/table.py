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

from typing import Any, cast

from cipherkit.core.record import Record
from cipherkit.games.decipher import DecipherState
from cipherkit.games.decipher.observation import DecipherObservation
from cipherkit.rooms import Store
from cipherkit.widgets.decipher.view import build_view, journal
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


def _swap(text: str, pairs: list[tuple[str, str]]) -> str:
    for old, new in pairs:
        text = text.replace(old, new)
    return text


def _opponent_words(view: dict[str, Any], name: str) -> dict[str, Any]:
    """The view's sentences with the other person's name for "the bot" (rooms)."""
    pairs = [
        ("The bot's", f"{name}'s"),
        ("the bot's", f"{name}'s"),
        ("The bot", name),
        ("the bot", name),
        (" its ", " their "),
    ]
    view["status"] = _swap(view["status"], pairs)
    view["log"] = [_swap(line, pairs) for line in view["log"]]
    return _words_swapped(view, pairs)


def _words_swapped(view: dict[str, Any], pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """The live region's sentence, the pinned turn line and the board in words with
    ``pairs`` swapped (as the status and the log)."""
    view["announce"] = _swap(view["announce"], pairs)
    view["turn_line"] = _swap(view["turn_line"], pairs)
    board = view["board_words"]
    view["board_words"] = {
        "headers": board["headers"],
        "rows": [[_swap(cell, pairs) for cell in row] for row in board["rows"]],
    }
    return view


def _spectator_words(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A spectator sees the room from seat 0's side, without its hand: name the seats."""
    pairs = [
        ("You ", f"{names[0]} "),
        (" you ", f" {names[0]} "),
        ("your ", f"{names[0]}'s "),
        ("Your ", f"{names[0]}'s "),
    ]
    view["status"] = f"You are watching room: {names[0]} against {names[1]}."
    view["log"] = [_swap(line, pairs) for line in view["log"]]
    view = _words_swapped(view, pairs)
    view["announce"] = view["log"][-1] if view["log"] else view["status"]
    return view


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
        self._opening = ""
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
        self._opening = self._opening_line()

    def check_local_action(self, text: str, seat: int | None) -> tuple[str, int]:
        """The person's move, parsed and checked against their legal actions."""
        session = self.session
        if session.is_over:
            raise Refused("illegal: the game is over; press Play again")
        action = self.parse_move(text)
        if action not in session.legal_actions(HUMAN):
            self.check_rules(HUMAN, action)
            raise Refused("illegal: that is not a legal action now")
        return str(action), HUMAN

    def before_bots(self) -> None:
        """Show "thinking" while the bot is to move."""
        if self.session.actors() == [BOT]:
            self._thinking = True
            try:
                self.publish()
            finally:
                self._thinking = False

    def _opening_line(self) -> str:
        from cipherkit.games.decipher import new_game

        session = self.session
        first = new_game(session.config, seed=session.seed).turn
        starter = "You go first." if first == HUMAN else "The bot goes first."
        if self.saved is not None:  # the same after a reload: no game number
            return f"Against the {self.bot_name} bot. {starter}"
        return f"Game {self.game_number} against the {self.bot_name} bot. {starter}"

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
            log=journal(self._opening, moment.log, HUMAN),
            thinking=self._thinking,
            bot_name=self.bot_name,
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
        opening = f"Room {room.code}: {names[0]} against {names[1]}."
        view: dict[str, Any] = dict(
            build_view(
                cast(DecipherObservation, obs),
                human=seat,
                legal=moment.legal,
                log=journal(opening, moment.log, seat),
                bot_name=other,
            )
        )
        if room.seat is None:
            view = _spectator_words(view, names)
        view = _opponent_words(view, other)
        view["room"] = {"code": room.code, "you": names[seat], "opponent": other}
        view["spectator"] = room.seat is None
        return view
