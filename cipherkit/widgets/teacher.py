"""The teacher's page: a class session, its rooms live, its results.

Design notes: ``docs/classroom.md``, ``cipherkit.widgets.teacher``.

Examples
--------
>>> import tempfile
>>> from cipherkit.classroom import open_classroom
>>> desk = open_classroom(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> desk.set_teacher_key("teacher-key-123")
>>> page = TeacherDesk(classroom=desk, refresh=0)
>>> page.view
{'locked': True}
>>> page.handle_message({"type": "unlock", "key": "wrong-key-12345"})
>>> page.message, page.view
('refused: that is not the teacher key', {'locked': True})
>>> page.handle_message({"type": "unlock", "key": "teacher-key-123"})
>>> page.handle_message({"type": "start", "title": "Year 9"})
>>> page.handle_message({"type": "make", "game": "decipher", "rooms": 2, "players": 2,
...                      "people": 2})
>>> [r["free_seats"] for r in page.view["rooms"]], page.view["session"]["title"]
([2, 2], 'Year 9')
>>> page.close(); desk.close()
"""

from __future__ import annotations

import json
import logging
import pathlib
import re
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import ipywidgets

from cipherkit.classroom import Classroom, RoomPlan
from cipherkit.classroom.plans import game_seats, presets
from cipherkit.classroom.timers import change_timer, room_timers
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, _, ngettext, pgettext
from cipherkit.rooms.limits import RULES
from cipherkit.widgets.class_live import LiveClassWidget
from cipherkit.widgets.frontend import es_module
from cipherkit.widgets.guard import GuardedWidget, Refused, check_envelope
from cipherkit.widgets.projector import PROJECTOR_PAGE
from cipherkit.widgets.teacher_sheets import (
    SHEET_FIELDS,
    SHEET_WORDS,
    check_sheet,
    sheet_lessons,
    worksheet_file,
)
from cipherkit.widgets.teacher_term import (
    KEY_ONLY_TERM,
    MAX_ROSTER_TEXT,
    TERM_FIELDS,
    TERM_WORDS,
    check_term,
    game_title,
    past_view,
    term_act,
    term_view,
    titled,
)

__all__ = [
    "FIRST_WAIT",
    "FREE_WRONG_KEYS",
    "KEY_ONLY",
    "LOOK_SECONDS",
    "REFRESH_SECONDS",
    "TeacherDesk",
    "TeacherPage",
]

MAX_MESSAGE_CHARS = 400
FREE_WRONG_KEYS = RULES["key"].free
FIRST_WAIT = RULES["key"].first_wait
REFRESH_SECONDS = 5.0
"""Seconds between two full redraws while unlocked, with or without a change."""
LOOK_SECONDS = 0.2
"""Seconds between two cheap looks at whether anything of the class changed."""
TIMER_UNATTENDED = N_(
    "⚠ nobody can act: this timed round waits on a seat no student holds; "
    "seat a student there, or let bots take the empty seats"
)
"""What a room's timer cell warns when its timed round waits on nobody
(:func:`~cipherkit.classroom.timers.room_timers`' ``unattended``)."""

_HERE = pathlib.Path(__file__).parent
_log = logging.getLogger(__name__)

_FIELDS: dict[str, set[str]] = {
    "unlock": {"key"},
    "resume": {"token"},
    "start": {"title"},
    "continue": {"session"},
    "make": {"game", "rooms", "players", "people"},
    "close_room": {"room"},
    "fill_bots": {"room"},
    "fill_bots_all": set(),
    "watch": {"room"},
    "stop_watching": set(),
    "end": set(),
    "export": {"what"},
    "start_rooms": set(),
    "give_seat": {"room", "seat"},
    "remove": {"room", "seat"},
    "timer": {"room", "change"},
    "timer_length": {"room", "seconds"},
    **TERM_FIELDS,
    **SHEET_FIELDS,
}
KEY_ONLY = frozenset({"start", "continue", "export"}) | KEY_ONLY_TERM
"""What a page opened by a pass may not do without the key typed again."""
NEED_KEY = N_(
    "this page was reopened by this browser's pass, which opens its own class "
    "session only: type the teacher key to start or continue a session or to export"
)
"""What the page is told when a page opened by a pass asks for one of :data:`KEY_ONLY`."""
OPTION_NAMES = (N_("timer"),)
"""The short names of the games' room options (the make form's labels; a plug-in's own
option shows its key)."""
_OPTIONAL: dict[str, set[str]] = {
    "make": {"options", "content"},
    "start": {"class"},
    "export": {"session"},
}
"""Fields a message may leave out (a make message's room options, such as a timer; the
class a session belongs to; the session an export is of, else the open one)."""
MAX_OPTIONS = 8

_DEVICE = re.compile(r"[0-9a-f]{32}")

EXPORTS = ("students", "rooms", "attempts", "records")
"""What the page's *Export results* buttons download: the CSV files of
:func:`cipherkit.classroom.export.export_texts`, and the session's kept game records
(one JSON file, room code -> record, each opens in ``Replay``), as ``class export``
writes them."""


def check_message(content: Any, buffers: Any = None) -> dict[str, Any]:
    """Validate a message from the page; return it. Raises :class:`Refused`.

    >>> check_message({"type": "make", "game": "decipher", "rooms": 2, "players": 2,
    ...                "people": 2})["rooms"]
    2
    >>> check_message({"type": "make", "game": "decipher", "rooms": "2"})
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: a make message has the fields type, game, \
people, players, rooms
    """
    big = isinstance(content, dict) and content.get("type") == "roster_import"
    msg = check_envelope(content, buffers, MAX_ROSTER_TEXT + 200 if big else MAX_MESSAGE_CHARS)
    kind = msg.get("type")
    if kind not in _FIELDS:
        raise Refused("refused: " + _("unknown message type"))
    device = msg.pop("device", None) if kind == "unlock" else None
    if device is not None and not (isinstance(device, str) and _DEVICE.fullmatch(device)):
        raise Refused("refused: " + _("a device id is 32 hex digits"))
    optional = _OPTIONAL.get(kind, set())
    if set(msg) - optional != {"type"} | _FIELDS[kind]:
        fields = ", ".join(["type", *sorted(_FIELDS[kind])])
        raise Refused(
            "refused: " + _("a {kind} message has the fields {fields}", kind=kind, fields=fields)
        )
    options = msg.get("options", {})
    if (
        not isinstance(options, dict)
        or len(options) > MAX_OPTIONS
        or not all(isinstance(k, str) and len(k) <= 40 for k in options)
        or not all(isinstance(v, bool | int) and -1 < v < 10_000 for v in options.values())
    ):
        raise Refused("refused: " + _("room options are names with true, false or a number"))
    if kind in TERM_FIELDS:
        return check_term(msg)
    if kind in SHEET_FIELDS:
        return check_sheet(msg)
    for key in _FIELDS[kind] | (set(msg) & optional - {"options"}):  # content: text
        value = msg[key]
        if key in ("rooms", "players", "people", "seat", "seconds"):
            if isinstance(value, bool) or not isinstance(value, int):
                raise Refused("refused: " + _("{key} must be a whole number", key=key))
        elif not isinstance(value, str) or len(value) > 200:
            raise Refused("refused: " + _("{key} must be short text", key=key))
    if kind == "export" and msg["what"] not in EXPORTS:
        raise Refused("refused: " + _("export one of {join}", join=", ".join(EXPORTS)))
    if device is not None:
        msg["device"] = device
    return msg


class TeacherDesk(LiveClassWidget):
    """The teacher's controls and live view; see the module docstring.

    ``classroom``: a :class:`~cipherkit.classroom.Classroom` (default: the store of
    ``$CIPHERKIT_STORE``). ``refresh``: seconds between live refreshes (0: none, for
    tests). ``clock``: injectable for tests.
    """

    _esm = es_module("teacher")
    _css = _HERE / "teacher.css"

    label = "teacher"
    reset_text = N_("the page may not change the teacher page; it has been reset")
    error_text = N_("something went wrong in the kernel; try again")
    WORDS: ClassVar[Mapping[str, str]] = {
        **TERM_WORDS,
        **SHEET_WORDS,
        "title": N_("Teacher"),
        "key_title": N_("Teacher key"),
        "key_hint": N_(
            "Open the teacher link that cipherkit serve printed, or paste its key here."
        ),
        "key_label": N_("teacher key"),
        "open": N_("Open"),
        "rekey_hint": N_(
            "Reopened from this browser's pass: this class session only. To start or continue "
            "another session, or to export results, type the teacher key."
        ),
        "use_key": N_("Use the key"),
        "session_label": N_("Class session: {title}"),
        "class_code_hint": N_(
            "Students type this class code and their name in a lesson's exercises to have "
            "their answers counted."
        ),
        "export_label": N_("Export results (CSV for a spreadsheet or gradebook):"),
        "export_students": N_("Students"),
        "export_rooms": N_("Rooms"),
        "export_attempts": N_("Exercise attempts"),
        "export_records": N_("Game records"),
        "end_confirm": N_(
            "End this class session? Its rooms close. Every result stays: on this page under "
            "Every session, and in the export."
        ),
        "end_session": N_("End session"),
        "start_title": N_("Start a class session"),
        "title_placeholder": N_("session title, e.g. Monday's lesson"),
        "go_back": N_("or go back to:"),
        "make_rooms": N_("Make rooms"),
        "rooms_label": N_("rooms"),
        "game_rooms": N_("{game} rooms"),
        "seats": N_("seats"),
        "people": N_("people"),
        "plays": N_("plays"),
        "content_label": N_("what the rooms play"),
        "usual_content": N_("the usual one"),
        "off": N_("off"),
        "seconds": N_("{n} s"),
        "bots_hint": N_("bots take the other seats"),
        "join_title": N_("Join the games"),
        "project_title": N_("Open the projector's page in a new window"),
        "project": N_("Project"),
        "class_code_label": N_("Class code: type it with your name on the Play together page"),
        "room_card": N_("Room {n} · {title} · {state}"),
        "waiting_start": N_("waiting for Start"),
        "playing": N_("playing"),
        "waiting": N_("waiting"),
        "nobody_yet": N_("nobody yet"),
        "person_team": N_("{name} ({team})"),
        "timer_off": N_("timer off"),
        "timer_on": N_("timer on"),
        "timer_left": N_("timer: {n} s left"),
        "plus_seconds": N_("+{n} s"),
        "turn_timer_on": N_("Turn timer on"),
        "turn_timer_off": N_("Turn timer off"),
        "timer_length": N_("timer length of room {code}"),
        "length_choose": N_("length…"),
        "connected": N_("connected"),
        "away": N_("away"),
        "give_seat_label": N_("give {name}'s seat to a new device"),
        "give_seat_confirm": N_(
            "Keep {name}'s seat for a new device? The page {name} has open now stops working; "
            "they join again with the class code and the same name."
        ),
        "new_device": N_("New device"),
        "remove_label": N_("take {name} out of this room"),
        "remove_confirm_bot": N_(
            "Take {name} out of room {code}? A bot takes their seat so the game goes on."
        ),
        "remove_confirm_free": N_("Take {name} out of room {code}? Their seat becomes free."),
        "remove": N_("Remove"),
        "seat_kept": N_("seat kept for {name}"),
        "closed": N_("closed"),
        "closed_result": N_("closed: {result}"),
        "watch": N_("Watch"),
        "stop_watching": N_("Stop watching"),
        "fill_bots": N_("Bots take the empty seats"),
        "close_confirm_over": N_("Close room {code}? Its record is kept."),
        "close_confirm_playing": N_(
            "Close room {code}? Its game is not over: the students in it stop playing now. "
            "Its record is kept."
        ),
        "close": N_("Close"),
        "col_code": N_("Code"),
        "col_progress": N_("Progress"),
        "col_score": N_("Score"),
        "col_to_act": N_("To act"),
        "col_people": N_("People"),
        "col_state": N_("State"),
        "col_actions": N_("Actions"),
        "col_players": N_("Players"),
        "col_result": N_("Result"),
        "col_student": N_("Student"),
        "rooms_live": N_("Rooms, live"),
        "fill_bots_all_title": N_("Bots take every empty seat of this class's open rooms"),
        "fill_bots_all": N_("Bots take the empty seats (all rooms)"),
        "no_game": N_("No game is being played now."),
        "results": N_("Results"),
        "exercises": N_("Exercises"),
        "no_answers": N_("No answers yet."),
    }
    """The page's own words (teacher.js and teacher_term.js hold no English); a sentence
    with a count comes whole in the view (:meth:`_show`)."""

    def __init__(
        self,
        classroom: Classroom | None = None,
        *,
        refresh: float = REFRESH_SECONDS,
        clock: Callable[[], float] = time.time,
        contents: Mapping[str, Mapping[str, tuple[str, Any]]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(classroom, refresh=refresh, look=LOOK_SECONDS, **kwargs)
        self._contents = {g: dict(c) for g, c in (contents or {}).items()}
        self._clock = clock
        self._page_client = f"page:{secrets.token_hex(16)}"
        self._unlocked = False
        self._by_pass = False  # opened by a pass (its own session only), not the key
        self._past: str | None = None  # a session whose results the teacher looks at
        self._said = ""  # what the last action has to say (a roster import's rows)
        self.watching: str | None = None
        self._on_watch: list[Callable[[str | None], None]] = []
        self.view = {"locked": True}

    def front_words(self) -> dict[str, str]:
        """:attr:`WORDS` in the widget's language, and the words whose English another page
        says with other words (``Start`` is a verb here, ``Game`` a game's name)."""
        words = super().front_words()
        with self.speaking():
            words |= {
                "start": pgettext("teacher", "Start"),
                "col_game": pgettext("teacher", "Game"),
                "game_label": pgettext("teacher", "game"),
                "col_name": pgettext("teacher", "Name"),
            }
        return words

    def on_watch(self, callback: Callable[[str | None], None]) -> None:
        """Call ``callback(room code)`` when the teacher watches a room (``None``: stops)."""
        self._on_watch.append(callback)

    # ------------------------------------------------------------------ messages
    def _handle(self, content: Any, buffers: Any) -> None:
        msg = check_message(content, buffers)
        kind = msg["type"]
        if kind == "unlock":
            self._unlock(msg["key"], msg.get("device"))
            return
        if kind == "resume":
            self._resume(msg["token"])
            return
        if not self._unlocked:
            raise Refused("refused: " + _("enter the teacher key first"))
        if self._by_pass and kind in KEY_ONLY:
            raise Refused("refused: " + _(NEED_KEY))
        with self._lock:
            before = self._session_id
            try:
                self._act(kind, msg)
            except Refused:
                raise
            except CipherkitError as exc:
                raise Refused("refused: " + str(exc)) from None
            self._show()
        self.message, self._said = self._said, ""
        if kind in ("start", "continue") and self._session_id not in (None, before):
            self._stay()

    def _unlock(self, key: str, device: str | None) -> None:
        limits = self.classroom.store.limits
        found = (self.visitor and f"server:{self.visitor}", device and f"device:{device}")
        clients = [*(c for c in found if c), self._page_client]  # the server's stamp first
        try:
            limits.check("key", clients, now=self._clock())
        except CipherkitError as exc:
            raise Refused("refused: " + str(exc)) from None
        if not self.classroom.check_key(key):
            wrong, wait = limits.count("key", clients, now=self._clock())
            said = _("that is not the teacher key")
            if wait:
                said += " " + ngettext(
                    "({n} wrong key: wait {wait} s before the next try)",
                    "({n} wrong keys: wait {wait} s before the next try)",
                    wrong,
                    wait=format(wait, "g"),
                )
            raise Refused("refused: " + said)
        limits.forgive("key", clients)
        self._by_pass = False
        self._open()
        if self._session_id is not None:
            self._stay()

    def _resume(self, token: str) -> None:
        """The page's resume token (the server gave it for the teacher's cookie): reopen
        the class session it is bound to, if that session is still open; else say
        nothing and stay locked (:mod:`cipherkit.classroom.passes`). The page is then
        opened by a pass: that session only (:data:`KEY_ONLY`)."""
        if self._unlocked and not self._by_pass:
            return  # opened with the key already: a pass adds nothing
        session_id = self._redeem(token)
        if session_id is None:
            return
        self._session_id = session_id
        self._by_pass = True
        self._open()

    def _stay(self) -> None:
        """Ask the page to keep this session unlocked across a reload: a one-time token
        it hands to the server for an httponly cookie (never the key). Only a page opened
        with the key mints one: a pass never begets a pass."""
        from cipherkit.classroom import passes

        if self._by_pass:
            return
        assert self._session_id is not None
        token = passes.grant(self.classroom, self._session_id, "stay")
        self.send({"type": "stay", "token": token})

    def _open(self) -> None:
        self._unlocked = True
        self.message = ""
        with self._lock:
            self._show()
        self._start_live()

    def _act(self, kind: str, msg: dict[str, Any]) -> None:
        desk = self.classroom
        if kind == "start":
            group = msg.get("class", "").strip() or None
            self._session_id = desk.start_session(msg["title"], class_name=group).id
            self._past = None
            return
        if kind == "past":
            self._past = desk.session(msg["session"]).id
            return
        if kind == "continue":
            session = desk.open_session(msg["session"])
            self._session_id = session.id
            return
        if kind == "worksheet":  # no session needed: this page alone gets the PDF
            name, pdf = worksheet_file(msg["lesson"], msg["paper"], answers=msg["answers"])
            self.send({"type": "download", "name": name, "mime": "application/pdf"}, [pdf])
            return
        if kind == "export" and msg.get("session"):
            self._export(msg["what"], desk.session(msg["session"]).id)
            return
        if self._session_id is None:
            raise Refused("refused: " + _("start a class session first"))
        if kind in TERM_FIELDS:
            said = term_act(desk, desk.session(self._session_id), kind, msg)
            self._said = said
            return
        if kind == "make":
            plan = RoomPlan(msg["game"], msg["rooms"], msg["players"], msg["people"])
            # the class's rooms wait for the teacher's Start: students sit first
            content = None
            if msg.get("content"):
                chosen = self._contents.get(plan.game, {}).get(msg["content"])
                if chosen is None:
                    raise Refused(
                        "refused: " + _("this gallery offers no {msg!r}", msg=msg["content"])
                    )
                content = chosen[1]
            config = _room_config(plan, msg.get("options") or {}, content)
            desk.make_rooms(self._session_id, plan, config, held=True)
        elif kind == "start_rooms":
            desk.start_rooms(self._session_id)
        elif kind == "give_seat":
            desk.give_seat(self._session_id, msg["room"], msg["seat"])
        elif kind == "remove":
            desk.remove_student(self._session_id, msg["room"], msg["seat"])
        elif kind == "close_room":
            desk.close_room(self._session_id, msg["room"])
            if self.watching == desk.store.room(msg["room"]).code:
                self._watch(None)
        elif kind == "fill_bots":
            desk.fill_with_bots(self._session_id, msg["room"])
        elif kind == "fill_bots_all":
            desk.fill_with_bots(self._session_id)
        elif kind == "watch":
            room = desk.store.room(msg["room"])
            if room.id not in desk.room_ids(self._session_id):
                raise Refused("refused: " + _("that room is not one of this class's rooms"))
            self._watch(room.code)
        elif kind == "stop_watching":
            self._watch(None)
        elif kind == "end":
            from cipherkit.classroom import passes

            desk.end_session(self._session_id)
            passes.forget_session(desk, self._session_id)  # its teacher cookie ends too
            self._watch(None)
            # its results stay on the page (a page opened by a pass was its pass's only)
            self._past = None if self._by_pass else self._session_id
            self._session_id = None
        elif kind == "export":
            self._export(msg["what"])
        elif kind == "timer":
            change_timer(desk, self._session_id, msg["room"], msg["change"])
        elif kind == "timer_length":
            change_timer(desk, self._session_id, msg["room"], "length", msg["seconds"])

    def _export(self, what: str, session_id: str | None = None) -> None:
        """Send the page one CSV file of the open session (or of ``session_id``, any
        session) to download (never a trait: the file goes to this page only)."""
        from cipherkit.classroom.export import export_texts

        session_id = session_id or self._session_id
        assert session_id is not None
        session = self.classroom.session(session_id)
        if what == "records":
            kept = {
                r["code"]: self.classroom.record_json(r["room"])
                for r in self.classroom.results(session.id)
                if r["record_kept"]
            }
            text = json.dumps(kept, indent=1) + "\n"
            self.send({"type": "download", "name": f"{session.code}-records.json", "text": text})
            return
        text = export_texts(self.classroom, session.id)[f"{what}.csv"]
        self.send({"type": "download", "name": f"{session.code}-{what}.csv", "text": text})

    def _watch(self, code: str | None) -> None:
        self.watching = code
        try:
            for callback in self._on_watch:
                callback(code)
        except Refused:
            self.watching = None
            raise

    # ------------------------------------------------------------------ the view
    def _show(self) -> None:
        """Publish the class as it is now (only ever called once unlocked)."""
        desk = self.classroom
        session = None
        rooms: list[dict[str, Any]] = []
        results: list[dict[str, Any]] = []
        grid: dict[str, Any] = {"students": [], "exercises": [], "cells": {}}
        timers: dict[str, Any] = {}
        current_open = None
        if self._session_id is not None:
            current = desk.session(self._session_id)
            if current.is_open:
                current_open = current
                session = current.to_json()
                rooms = [_room_view(s.to_json()) for s in desk.summaries(current.id)]
                results = titled(desk.results(current.id))
                grid = desk.grid(current.id)
                codes = {r["id"]: r["code"] for r in rooms}
                timers = {
                    room_id: _timer_view(timer, codes.get(room_id, ""))
                    for room_id, timer in room_timers(desk, current.id).items()
                }
            else:
                self._session_id = None
        view = {
            "locked": False,
            "session": session,
            # a pass shows its own session only: the other open sessions need the key
            "open_sessions": []
            if self._by_pass
            else [s.to_json() for s in desk.sessions() if s.is_open][:20],
            "by_pass": self._by_pass,
            "games": {game: list(seats) for game, seats in game_seats().items()},
            "game_titles": {game: game_title(game) for game in game_seats()},
            "presets": presets(),
            "options": _room_options(),
            "contents": {
                g: [{"id": i, "label": label} for i, (label, _) in c.items()]
                for g, c in self._contents.items()
            },
            "timers": timers,
            "rooms": rooms,
            **_room_counts(rooms),
            "results": results,
            "grid": grid,
            "watching": self.watching,
            # Project opens the projector's page (beside this one) in its own window
            "projector": PROJECTOR_PAGE if session is not None else None,
            **term_view(desk, current_open, self._by_pass),
            "past": None if self._past is None or self._by_pass else past_view(desk, self._past),
            "worksheets": sheet_lessons(),
        }
        if view != self.view:
            self.view = view


def _room_view(room: dict[str, Any]) -> dict[str, Any]:
    """A room's summary as the page shows it, in the language in force: its game's name,
    its students' teams, and its free seats in words (whole sentences with their count:
    Russian has three plural forms)."""
    free = room["free_seats"]
    by_team = room.get("free_by_team") or {}
    if by_team:
        left = " · ".join(
            ngettext("{team}: {n} free", "{team}: {n} free", n, team=_(team))
            for team, n in by_team.items()
        )
    else:
        left = ngettext("{n} free", "{n} free", free) if free else _("full")
    return {
        **room,
        "title": _(room["title"]),
        "seated": [{**p, "team_label": _(p["team"]) if p["team"] else ""} for p in room["seated"]],
        "free": ngettext("{n} free", "{n} free", free) if free else "",
        "left": left,
    }


def _room_counts(rooms: list[dict[str, Any]]) -> dict[str, str]:
    """The sentences with a count of rooms: the one Start for the waiting rooms, the
    finished or closed rooms' heading."""
    live = [r for r in rooms if r["status"] == "open" and not r["over"]]
    held = sum(1 for r in live if r["held"])
    if held == 1:
        start = _("Start the game")
    else:
        start = ngettext("Start all {n} game", "Start all {n} games", held) if held else ""
    done = len(rooms) - len(live)
    return {
        "start_label": start,
        "finished_label": ngettext(
            "Finished or closed rooms ({n})", "Finished or closed rooms ({n})", done
        ),
    }


def _timer_view(timer: dict[str, Any], code: str) -> dict[str, Any]:
    """A room's timer as the page shows it: its warning, the words of its +30 s button."""
    return {
        **timer,
        "warning": _(TIMER_UNATTENDED) if timer["unattended"] else "",
        "extend_label": ngettext(
            "give room {code} {n} more second",
            "give room {code} {n} more seconds",
            timer["extend"],
            code=code,
        ),
    }


def _room_config(
    plan: RoomPlan, options: dict[str, Any] | None = None, content: Any = None
) -> dict[str, Any] | None:
    """The room config the Play together page would use for this game, seat count and
    room options (a timer's seconds, say), holding ``content`` if chosen (a mission)."""
    from cipherkit.core.registry import get_game

    return get_game(plan.game).make_room_config(plan.players, options, content)


def _room_options() -> dict[str, list[dict[str, Any]]]:
    """Each game's room options with choices (a timer's seconds), for the make form."""
    from cipherkit.core.registry import get_game

    out = {}
    for game in game_seats():
        options = [
            {"key": o.key, "name": _(o.key), "label": _(o.label), "choices": list(o.choices)}
            for o in get_game(game).room_options
            if o.choices
        ]
        if options:
            out[game] = options
    return out


class TeacherPage(ipywidgets.VBox):
    """The teacher page: a :class:`TeacherDesk` and, below it, the watched room's table
    (a spectator's: nothing the spectator may not see), both in ``lang`` (default: the
    process language)."""

    def __init__(
        self,
        classroom: Classroom | None = None,
        *,
        contents: Mapping[str, Mapping[str, tuple[str, Any]]] | None = None,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.desk = TeacherDesk(classroom=classroom, contents=contents, lang=lang)
        super().__init__(children=[self.desk], **kwargs)
        self.table: GuardedWidget | None = None
        self.desk.on_watch(self._watch)

    def _watch(self, code: str | None) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        if code is not None:
            from cipherkit.widgets.tables import make_table

            try:
                spectator = self.desk.classroom.store.spectate(code)
                self.table = make_table(spectator, lang=self.desk.lang)
            except CipherkitError as exc:
                self.children = [self.desk]
                raise Refused(
                    "refused: " + _("this room cannot be watched here: {exc}", exc=exc)
                ) from None
        self.children = [self.desk] if self.table is None else [self.desk, self.table]

    def close(self) -> None:
        """Close the watched table and the desk (their live threads stop)."""
        if self.table is not None:
            self.table.close()
            self.table = None
        self.desk.close()
        super().close()
