"""Play intercept (the Decrypto rules) with bot teammates against bot opponents.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.intercept.table``.

Examples
--------
>>> table = InterceptTable(players=4, seat=0, bots="random", seed=2)
>>> table.view["you"]["role"], len(table.view["code"]), table.view["teams"][1]["keywords"]
('encryptor', 3, None)
>>> word = table.view["keywords"][0]
>>> table.handle_message({"type": "check", "text": word})
>>> table.view["check"]["ok"], table.view["check"]["reason"] == f"uses the keyword {word!r}"
(False, True)
>>> table.handle_message({"type": "action", "text": f"clue {word}"})
>>> table.message == f"illegal: the clue {word!r} uses the keyword {word!r}"
True

A table speaks its viewer's language (``lang``); a table in Russian (``language="ru"``)
deals Russian keywords, which the bots cannot play:

>>> InterceptTable(players=4, seat=0, bots="random", seed=2, language="ru")
Traceback (most recent call last):
...
cipherkit.core.errors.ConfigError: intercept: the bots play in English only, so a table \
in another language needs a person in every seat
>>> InterceptTable(players=4, seat=0, bots="random", seed=2, lang="ru").words["give_guess"]
'Назвать код {code}'
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from cipherkit.core.errors import CipherkitError, NotationError
from cipherkit.core.record import Record
from cipherkit.core.registry import make_bot
from cipherkit.games.intercept import InterceptState, check_clue
from cipherkit.games.intercept.actions import Guess, make_clue
from cipherkit.games.intercept.config import check_bots
from cipherkit.games.intercept.messages import words
from cipherkit.games.intercept.observation import InterceptObservation
from cipherkit.games.intercept.rules import make_config
from cipherkit.i18n import N_, _
from cipherkit.rooms import Store
from cipherkit.widgets.frontend import es_module, table_styles
from cipherkit.widgets.guard import Refused, check_envelope
from cipherkit.widgets.intercept.view import build_view
from cipherkit.widgets.table_backend import Moment, RoomBackend, RoomHandle
from cipherkit.widgets.table_base import TableBase

__all__ = ["InterceptTable", "check_message", "table_config"]

MAX_MESSAGE_CHARS = 300
MAX_TEXT_CHARS = 160
BOT_NAMES = (
    N_("Ada"),
    N_("Boris"),
    N_("Chen"),
    N_("Dara"),
    N_("Eli"),
    N_("Fay"),
    N_("Gus"),
    N_("Hana"),
)
"""The bots' names at a local table, said in the viewer's alphabet (Борис at a Russian one)."""
_HERE = pathlib.Path(__file__).parent


def check_message(content: Any, buffers: Any = None) -> tuple[str, str | None]:
    """Validate a message from the page: ``("action", text)``, ``("check", text)`` or
    ``("new_game", None)``; raise :class:`Refused` otherwise.

    >>> check_message({"type": "check", "text": "parasol"})
    ('check', 'parasol')
    >>> check_message({"type": "check", "text": "x", "seat": 1})
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: a check message has exactly the \
fields type and text
    """
    content = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
    kind = content.get("type")
    if kind in ("action", "check"):
        if set(content) != {"type", "text"}:
            if kind == "action":
                raise Refused(
                    "refused: " + _("an action message has exactly the fields type and text")
                )
            raise Refused("refused: " + _("a check message has exactly the fields type and text"))
        text = content["text"]
        if (
            not isinstance(text, str)
            or len(text) > MAX_TEXT_CHARS
            or (kind == "action" and not text)
        ):
            raise Refused("refused: " + _("the text must be a short string"))
        return kind, text
    if kind == "new_game":
        if set(content) != {"type"}:
            raise Refused("refused: " + _("a new_game message has only the field type"))
        return "new_game", None
    raise Refused("refused: " + _("unknown message type"))


def table_config(
    players: int,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    keywords: dict[str, list[str]] | None = None,
    alternate_first: bool = False,
    no_repeat_codes: bool = False,
    max_rounds: int | None = None,
    language: str = "en",
) -> dict[str, Any]:
    """The intercept config of a table (no sand timer: bots write at once); a
    :class:`~cipherkit.core.errors.ConfigError` for a language the bots do not play."""
    if names is None:
        bots = iter(_(name) for name in BOT_NAMES)
        names = [_("You") if s == seat else next(bots) for s in range(players)]
    config = make_config(
        {
            "players": players,
            "names": list(names),
            "keywords": keywords,
            "alternate_first": alternate_first,
            "no_repeat_codes": no_repeat_codes,
            "max_rounds": max_rounds,
            "timer": False,
            "language": language,
        }
    )
    check_bots(config, players - 1)
    return config


class InterceptTable(TableBase):
    """An intercept table for one person and bots; see the module docstring.

    Parameters
    ----------
    players:
        3 (the variant: a team of two against one Interceptor) or 4-8.
    seat:
        The person's seat. Seats alternate White (even) and Black (odd); with three
        players seats 0 and 1 are the team and seat 2 the Interceptor.
    bots:
        An intercept bot name for :func:`~cipherkit.core.registry.make_bot` (``"ck"``,
        ``"baseline"``, ``"random"``).
    seed:
        Seed of the first game; ``None`` reads ``CIPHERKIT_SEED`` or draws a random one.
    names, keywords, alternate_first, no_repeat_codes, max_rounds:
        Passed to the game's config (``keywords`` fixes the words, for lessons).
    language:
        The table's language: its keywords are dealt from that language's list. The bots
        play English only, so another language is a
        :class:`~cipherkit.core.errors.ConfigError` here (a room with a person in every
        seat plays it). The words on the page follow ``lang``, the viewer's language.
    save:
        Keep the game in the page's room store from the first move on, so that a reload
        resumes it (:mod:`cipherkit.widgets.saved`): ``True`` for the page's store
        (``$CIPHERKIT_STORE``) or a :class:`~cipherkit.rooms.Store`. *New game* then
        starts over at any time.
    """

    _esm = es_module("intercept/table")
    _css = table_styles("intercept/table")

    label = "intercept table"
    game = "intercept"
    error_text = N_("something went wrong in the kernel; nothing was done")
    WORDS: ClassVar[Mapping[str, str]] = {
        "title": N_("Intercept"),
        "three_players": N_("three players: one Interceptor"),
        "round_of": N_("Round {round} of {total}"),
        "tokens_title": N_("Interception tokens (white) and Miscommunication tokens (black)"),
        "your_team": N_("your team"),
        "no_keywords": N_("no keywords: intercepts the team’s codes"),
        "a_robot": N_(" (a robot)"),
        "encryptor": N_("Encryptor"),
        "your_code": N_("Your code "),
        "clue_rules": N_(
            "One clue per digit, in order, about the meaning of that keyword. Never the "
            "keyword, its spelling, letters or numbers; never a clue your team has used."
        ),
        "clue_placeholder": N_("a word or a few, about the keyword’s meaning"),
        "type_a_clue": N_("Type a clue: it is checked as you type."),
        "checking": N_("checking…"),
        "fair_clue": N_("✓ a fair clue"),
        "seconds_short": N_("{n} s"),
        "keyword_n": N_("keyword {n}"),
        "missing": N_("(missing)"),
        "quoted": N_("“{text}”"),
        "decrypt_hint": N_("Which keyword does each clue stand for? Your Encryptor takes no part."),
        "intercept_hint": N_(
            "Their keywords are secret: each button shows the clues they gave for that "
            "number before."
        ),
        "give_guess": N_("Guess {code}"),
        "tiebreak_title": N_("Tiebreaker: the other team’s keywords"),
        "give_keywords": N_("Give our keyword guess"),
        "head_round": N_("round"),
        "head_clues": N_("clues"),
        "head_guesses": N_("guesses"),
        "head_code": N_("code"),
        "you_win": N_("Your team wins!"),
        "you_lose": N_("Your team loses."),
        "shared_victory": N_("A shared victory."),
        "play_again": N_("Play again"),
        "kept_clue": N_("What you were typing is kept for your next turn: "),
        "dealing": N_("Dealing…"),
        "what_happened": N_("What happened"),
        "new_game": N_("New game"),
    }
    """The page's own words (the view carries every sentence built from the game)."""

    def __init__(
        self,
        players: int = 4,
        seat: int = 0,
        bots: str = "ck",
        seed: int | None = None,
        *,
        names: Sequence[str] | None = None,
        keywords: dict[str, list[str]] | None = None,
        alternate_first: bool = False,
        no_repeat_codes: bool = False,
        max_rounds: int | None = None,
        language: str = "en",
        room: RoomHandle | None = None,
        save: bool | Store = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._check: dict[str, Any] | None = None
        if room is not None:
            self._sit(room)
            return
        if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 8:
            raise CipherkitError.say("intercept is for 3 to 8 players")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise CipherkitError.say(
                "seat must be a seat number from 0 to {last}", last=players - 1
            )
        with self.speaking():  # "You" in the viewer's language
            config = table_config(
                players,
                seat,
                names=names,
                keywords=keywords,
                alternate_first=alternate_first,
                no_repeat_codes=no_repeat_codes,
                max_rounds=max_rounds,
                language=language,
            )
        self.seat: int | None = seat
        self.bot_name = bots
        make_bot("intercept", bots)  # an unknown bot is an error now, not later
        self._play_locally(
            "intercept",
            config,
            seat=seat,
            bots=dict.fromkeys((s for s in range(players) if s != seat), bots),
            seed=seed,
            save=save,
        )

    # ------------------------------------------------------------------ public
    @property
    def state(self) -> InterceptState:
        """The true game state. Kernel only: never synced."""
        return self.session.state

    def view_of(self, state: InterceptState) -> dict[str, Any]:
        """The view for ``state``: a function of the person's observation (and of the
        live clue check, which reads the same observation)."""
        assert self.seat is not None
        return self._local_view(dict(state.observe(self.seat)))

    # ------------------------------------------------------------------ the table's own
    def check_message(self, content: Any, buffers: Any) -> tuple[str, Any]:
        """The page's message: :func:`check_message` (``action``, ``check``, ``new_game``)."""
        return check_message(content, buffers)

    def other_message(self, kind: str, payload: Any) -> None:
        """A clue being typed: check it (``check``)."""
        room = self.room
        if room is None:
            self._check_clue(payload)
            return
        with room.lock:
            self._check_clue(payload)

    def accepts(self, record: Record) -> bool:
        """Whether a stored game is one this table could have dealt (same players and
        names: the person's seat named as at this table)."""
        config = record.config if isinstance(record.config, dict) else {}
        mine = self._config or {}
        return config.get("players") == mine.get("players") and config.get("names") == list(
            mine.get("names") or []
        )

    def session_meta(self) -> dict[str, Any]:
        """The person's seat and the bots, in the record."""
        return {"human_seat": self.seat, "bots": self.bot_name}

    def game_started(self) -> None:
        """A new game (or a resumed one, or a room) has no clue being checked."""
        self._check = None
        room = self.room
        if room is not None:
            # None for a spectator: only the room's paths read it, and RoomBackend refuses moves
            self.seat = room.seat
            self.bot_name = "room"

    def after_act(self) -> None:
        """The clue check is done with once a move is taken."""
        self._check = None

    def check_local_action(self, text: str, seat: int | None) -> tuple[str, int]:
        """The person's move, parsed and checked by the rules; a guess must also be
        one of the person's legal guesses now."""
        session = self.session
        assert self.seat is not None
        if session.is_over:
            raise Refused("illegal: " + _("the game is over; press Play again"))
        action = self.parse_move(text)
        self.check_rules(self.seat, action)
        if isinstance(action, Guess) and action not in session.legal_actions(self.seat):
            raise Refused("illegal: " + _("that is not possible now"))
        return text, self.seat

    def _check_clue(self, text: str) -> None:
        """Check a clue being typed, from the person's observation only."""
        room = self.room
        if room is None:
            assert self.seat is not None
            obs = self.session.view(self.seat)
        else:
            obs = self._named(room, room.observation())
        if obs.get("role") != "encryptor":
            raise Refused("illegal: " + _("you are not writing clues now"))
        team = obs["team"]
        team_index = list(obs["teams"]).index(team)
        earlier = [
            clue
            for record in obs["history"]
            if record["team"] == team_index
            for clue in record["clues"]
            if clue is not None
        ]
        earlier += list(obs["my_clues"] or [])
        if not text.strip():
            self._check = {"text": text, "ok": False, "reason": "", "errors": [], "warnings": []}
        else:
            try:
                make_clue(text)
                from cipherkit.games.intercept.vectors import default_vectors

                result = check_clue(text, obs["keywords"][team], earlier, vectors=default_vectors())
                self._check = {
                    "text": text,
                    "ok": result.ok,
                    "reason": result.reason,
                    "errors": [p.message for p in result.errors],
                    "warnings": [p.message for p in result.warnings],
                }
            except NotationError as exc:
                self._check = {
                    "text": text,
                    "ok": False,
                    "reason": str(exc),
                    "errors": [str(exc)],
                    "warnings": [],
                }
        self.publish()

    # ------------------------------------------------------------------ the view
    def build_view(self, moment: Moment) -> dict[str, Any]:
        """The person's view, or a room seat's (with the people's names and the clock)."""
        room = self.room
        if room is None:
            return self._local_view(moment.observation)
        # the server keeps the sand timer (cipherkit.rooms): the page counts down from
        # the seconds left now, and each view sets it again
        clock = room.info().get("clock")
        view: dict[str, Any] = dict(
            build_view(
                cast(InterceptObservation, self._named(room, moment.observation)),
                seat=room.seat,
                bots=room.bots(),
                check=self._check,
                game_number=1,
                serial=self._serial,
                clock=clock or None,
            )
        )
        view["room"] = {"code": room.code}
        if view["time_up"] and self._check and self._check.get("text", "").strip():
            # the clue being typed when time ran out, shown back (the page keeps it too)
            view["kept_clue"] = self._check["text"].strip()
        return view

    def _local_view(self, observation: dict[str, Any]) -> dict[str, Any]:
        view = build_view(
            cast(InterceptObservation, observation),
            seat=self.seat,
            bots=[
                None if s == self.seat else self.bot_name
                for s in range(int(observation["players"]))
            ],
            check=self._check,
            game_number=self.game_number,
            serial=self._serial,
        )
        return dict(view)

    @staticmethod
    def _named(room: RoomBackend, obs: dict[str, Any]) -> dict[str, Any]:
        """The seat's observation, with the people's names for the config's names."""
        obs = {**obs, "names": room.names()}
        if isinstance(obs.get("log"), list):
            obs["log"] = [room.in_names(words(x)) for x in obs["log"]]
        return obs
