"""Play together: make a room or join one with its code, then play at your own seat.

Design notes: ``docs/rooms.md``, ``cipherkit.widgets.lobby``.

Examples
--------
>>> import tempfile
>>> from cipherkit.rooms import open_store
>>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> lobby = Lobby(store=store)
>>> lobby.handle_message({"type": "create", "game": "decipher", "bots": [1], "name": "Ada"})
>>> lobby.view["stage"], lobby.view["seat"]["name"], lobby.table.view["to_move"] in ("you", "bot")
('seated', 'Ada', True)
>>> other = Lobby(store=store)
>>> other.handle_message({"type": "hello", "device": "0f" * 16})  # the page's device id
>>> for _ in range(3):
...     other.handle_message({"type": "join", "code": "TIGER-00000-MOSS", "name": "Bo"})
>>> other.message
'refused: no open room with code TIGER-00000-MOSS (3 wrong codes: wait 2 s before the next try)'
>>> again = Lobby(store=store)                      # the same device, after a reload
>>> again.handle_message({"type": "hello", "device": "0f" * 16})
>>> again.handle_message({"type": "join", "code": lobby.view["code"], "name": "Bo"})
>>> again.message
'refused: too many wrong codes from this device: wait 2 seconds and try again'
>>> lobby.close(); other.close(); again.close(); store.close()
"""

from __future__ import annotations

import contextlib
import logging
import pathlib
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets
import traitlets

from cipherkit.classroom import Classroom
from cipherkit.classroom.codes import normalize_class_code
from cipherkit.classroom.errors import ClassEnded, ClassError, UnknownClass
from cipherkit.classroom.seating import kept_seat, seat_student
from cipherkit.core.errors import CipherkitError
from cipherkit.core.registry import game_names, get_game
from cipherkit.i18n import N_, Message, _, ngettext, say
from cipherkit.rooms import (
    RoomError,
    RoomFull,
    SeatHandle,
    Spectator,
    Store,
    StoreError,
    TooManyTries,
    UnknownCode,
    default_store_url,
    open_store,
)
from cipherkit.rooms.db import UNREACHABLE
from cipherkit.rooms.kept import Kept, KeptSeats, kept_client
from cipherkit.rooms.limits import RULES
from cipherkit.rooms.storage import GONE_WORDS
from cipherkit.widgets.frontend import es_module
from cipherkit.widgets.guard import GuardedWidget, Refused, check_envelope
from cipherkit.widgets.table_backend import seat_names
from cipherkit.widgets.tables import make_table

_log = logging.getLogger(__name__)

__all__ = [
    "FIRST_WAIT",
    "FREE_WRONG_CODES",
    "Lobby",
    "PlayTogether",
    "check_message",
    "game_choices",
    "room_config",
]

MAX_MESSAGE_CHARS = 400
FREE_WRONG_CODES = RULES["code"].free
"""Wrong codes a client may type before it must wait before the next attempt."""
FIRST_WAIT = RULES["code"].first_wait
"""Seconds to wait after :data:`FREE_WRONG_CODES` wrong codes; doubles with each one more."""

_DEVICE = re.compile(r"[0-9a-f]{32}")

MAX_OPTIONS = 8
"""Most room options one create message may carry."""


def game_choices(lang: str = "en", games: Sequence[str] | None = None) -> dict[str, dict[str, Any]]:
    """The games a room may hold, as the page shows them: from each game's spec, for a
    page in ``lang`` (a game whose table is in that language and whose bots play only
    other languages offers no bot seat, and says so); ``games``: only these (a lesson's
    page offers its own game).

    >>> game_choices()["decipher"]["players"], game_choices()["intercept"]["teams"]
    ([2], ['white', 'black'])
    >>> game_choices("ru")["intercept"]["bots"], game_choices("en")["intercept"]["bots"]
    (False, True)
    """
    choices = {}
    for name in game_names():
        if games is not None and name not in games:
            continue
        try:
            spec = get_game(name)
        except CipherkitError as exc:  # a broken plug-in is left out, not the page
            _log.warning("lobby: game %s left out: %s", name, exc)
            continue
        table = lang if lang in spec.languages else "en"
        bots = not spec.bot_languages or table in spec.bot_languages
        choices[name] = {
            "bots": bots,
            "bots_note": "" if bots else _(BOTS_ELSEWHERE),
            "title": _(spec.display_name),
            "blurb": _(spec.blurb) if spec.blurb else spec.blurb,
            "players": list(spec.seat_counts()),
            "default": spec.usual_players(),
            "teams": list(spec.teams) or None,
            "team_labels": {team: _(team) for team in spec.teams},
            "options": [
                {
                    "key": o.key,
                    "label": _(o.label),
                    "default": o.default,
                    "choices": list(o.choices),
                    "choice_labels": [ngettext("{n} second", "{n} seconds", c) for c in o.choices],
                }
                for o in spec.room_options
            ],
        }
    return choices


_HERE = pathlib.Path(__file__).parent
BOTS_ELSEWHERE = N_(
    "The bots play this game in English only: at a table in this language every seat is a person's."
)


def _text(content: dict[str, Any], key: str, limit: int, *, required: bool = True) -> str:
    value = content.get(key, "")
    if value is None and not required:
        return ""
    if not isinstance(value, str) or len(value) > limit or (required and not value.strip()):
        raise Refused("refused: " + _("{key} must be short text", key=key))
    return value


def _check_create(
    content: dict[str, Any], lang: str = "en", games: Sequence[str] | None = None
) -> dict[str, Any]:
    """The fields of a ``create`` message (:func:`check_message`) from a page in ``lang``
    that offers ``games`` (``None``: all)."""
    allowed = {"type", "game", "players", "bots", "name", "team", "options"}
    if not {"type", "game"} <= set(content) <= allowed:
        raise Refused(
            "refused: " + _("a create message has type, game, players, bots, name, team, options")
        )
    choices = game_choices(lang, games)
    game = content["game"]
    if not isinstance(game, str) or game not in choices:
        raise Refused("refused: " + _("unknown game"))
    spec = choices[game]
    options = content.get("options", {})
    known = {o["key"] for o in spec["options"]}
    if (
        not isinstance(options, dict)
        or len(options) > MAX_OPTIONS
        or not all(isinstance(v, bool | int) and -1 < v < 10_000 for v in options.values())
    ):
        raise Refused("refused: " + _("options are names with true or false"))
    if not set(options) <= known:
        offered = ", ".join(sorted(known)) or _("none")
        raise Refused(
            "refused: "
            + _("{game} rooms have these options: {offered}", game=spec["title"], offered=offered)
        )
    players = content.get("players", spec["default"])
    if players not in spec["players"] or isinstance(players, bool):
        raise Refused(
            "refused: "
            + _(
                "{game} is for {counts} players",
                game=spec["title"],
                counts=", ".join(map(str, spec["players"])),
            )
        )
    bots = content.get("bots", [])
    if (
        not isinstance(bots, list)
        or not all(isinstance(b, int) and not isinstance(b, bool) for b in bots)
        or not all(0 <= b < players for b in bots)
        or len(set(bots)) != len(bots)
    ):
        raise Refused("refused: " + _("bots is a list of seat numbers"))
    if len(bots) >= players:
        raise Refused("refused: " + _("leave at least one seat for a person"))
    if bots and not spec["bots"]:
        raise Refused("refused: " + spec["bots_note"])
    team = content.get("team")
    if team not in (None, "", *(spec["teams"] or ())):
        raise Refused(
            "refused: "
            + _("the team is one of {teams}", teams=", ".join(spec["teams"] or [_("none")]))
        )
    return {
        "kind": "create",
        "game": game,
        "players": players,
        "bots": sorted(bots),
        "name": _text(content, "name", 60, required=False),
        "team": team or None,
        "options": dict(options),
    }


def check_message(
    content: Any, buffers: Any = None, lang: str = "en", games: Sequence[str] | None = None
) -> dict[str, Any]:
    """Validate a message from the page (which offers ``games``, ``None``: all); return
    its fields. Raises :class:`Refused`.

    >>> check_message({"type": "join", "code": "tiger 48213 moss", "name": "Ada"})["kind"]
    'join'
    >>> check_message({"type": "join", "code": "X", "name": "Ada", "seat": 1})
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: a join message has the fields type, code, \
name (and team)
    """
    content = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
    kind = content.get("type")
    if kind == "ping":
        if set(content) != {"type"}:
            raise Refused("refused: " + _("a ping message has only the field type"))
        return {"kind": kind}
    if kind == "hello":
        device = content.get("device")
        if set(content) != {"type", "device"} or not (
            isinstance(device, str) and _DEVICE.fullmatch(device)
        ):
            raise Refused(
                "refused: " + _("a hello message has the fields type and device (32 hex)")
            )
        return {"kind": kind, "device": device}
    if kind == "join":
        if not {"type", "code", "name"} <= set(content) <= {"type", "code", "name", "team"}:
            raise Refused(
                "refused: " + _("a join message has the fields type, code, name (and team)")
            )
        return {
            "kind": kind,
            "code": _text(content, "code", 40),
            "name": _text(content, "name", 60),
            "team": _text(content, "team", 20, required=False) or None,
        }
    if kind == "roster":
        if set(content) != {"type", "code"}:
            raise Refused("refused: " + _("a roster message has the fields type and code"))
        return {"kind": kind, "code": _text(content, "code", 40)}
    if kind == "watch":
        if set(content) != {"type", "code"}:
            raise Refused("refused: " + _("a watch message has the fields type and code"))
        return {"kind": kind, "code": _text(content, "code", 40)}
    if kind == "resume":
        if set(content) != {"type", "token"}:
            raise Refused("refused: " + _("a resume message has the fields type and token"))
        return {"kind": kind, "token": _text(content, "token", 128)}
    if kind == "return":
        if not {"type"} <= set(content) <= {"type", "code"}:
            raise Refused("refused: " + _("a return message has the fields type (and code)"))
        return {"kind": kind, "code": _text(content, "code", 40, required=False) or None}
    if kind == "link":
        if set(content) != {"type"}:
            raise Refused("refused: " + _("a link message has only the field type"))
        return {"kind": kind}
    if kind == "create":
        return _check_create(content, lang, games)
    if kind == "leave":
        if set(content) != {"type"}:
            raise Refused("refused: " + _("a leave message has only the field type"))
        return {"kind": kind}
    raise Refused("refused: " + _("unknown message type"))


def room_config(
    game: str, players: int, options: dict[str, Any] | None = None, language: str | None = None
) -> dict[str, Any] | None:
    """The config of a room made from the page: what the game's spec makes of the seat
    count and the options chosen (intercept's sand timer is kept by the server:
    docs/rooms.md).

    >>> room_config("intercept", 4, {"timer": True})
    {'players': 4, 'timer': True}
    """
    return get_game(game).make_room_config(players, options, language=language)


class Lobby(GuardedWidget):
    """Make, join, resume or watch a room; see the module docstring.

    ``store``: a :class:`~cipherkit.rooms.Store` (default: ``open_store()`` of
    ``$CIPHERKIT_STORE``). ``client``: the visitor as the server knows them (its
    cookie), if it says; the limits count it with the page's device id and the page
    itself. ``clock``: wall time, injectable for tests (the store's limits are shared
    by every process, so they count in wall time).
    """

    _esm = es_module("lobby")
    _css = _HERE / "lobby.css"

    label = "lobby"
    reset_text = N_("the page may not change the lobby; it has been reset")
    error_text = N_("something went wrong in the kernel; try again")
    WORDS: ClassVar[Mapping[str, str]] = {
        "title": N_("Play together"),
        "game": N_("Game"),
        "players": N_("Players"),
        "seat_bot": N_("seat {n} is a bot"),
        "seat_bot_team": N_("seat {n} ({team}) is a bot"),
        "off": N_("off"),
        "your_name": N_("your name"),
        "team": N_("team"),
        "any_team": N_("any team"),
        "team_of_game": N_("{team} ({game})"),
        "join_title": N_("Join a room or a class"),
        "join_hint": N_(
            "A room's code seats you in that room; your class code (such as KVMT-482) "
            "seats you in one of your class's rooms."
        ),
        "code": N_("room or class code"),
        "join": N_("Join"),
        "watch": N_("Watch"),
        "make_title": N_("Make a room"),
        "make_hint": N_("Leave the name empty to make the room and only watch it."),
        "make": N_("Make the room"),
        "my_seats": N_("Your seats on this device"),
        "watch_again": N_("Watch again"),
        "resume": N_("Resume"),
        "room_code": N_("{game} room code"),
        "you_are": N_("You are {name}."),
        "you_are_team": N_("You are {name}, on the {team} team."),
        "watching": N_("You are watching."),
        "free_seat": N_("a free seat"),
        "player_team": N_("{name} ({team} team)"),
        "link_hint": N_(
            "Open this link on your other device (keep it to yourself: it is your seat):"
        ),
        "seat_link": N_("seat link"),
        "other_device": N_("Play this seat on another device"),
        "back": N_("Back to the lobby"),
    }

    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        store: Store | None = None,
        *,
        client: str | None = None,
        clock: Callable[[], float] = time.time,
        games: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._games = None if games is None else tuple(games)
        # patient: a page opened while the rooms' database is down opens, and says so
        self.store = store if store is not None else open_store(default_store_url(), patient=True)
        self._clock = clock
        self._server_client = None if client is None else f"server:{client}"
        self._page_client = f"page:{secrets.token_hex(16)}"
        self._device: str | None = None
        self._keeper: str | None = None  # the client the store keeps this page's seats for
        self._kept = KeptSeats(self.store.db)
        self.handle: SeatHandle | Spectator | None = None
        self._classroom: Classroom | None = None
        self._class_code: str | None = None  # seated by a class code: follows the class
        self._note: Message | str = ""  # the teacher moved this student: said until they act
        self.table: GuardedWidget | None = None
        self._on_table: list[Callable[[GuardedWidget | None], None]] = []
        self._show()
        if self.store.waiting_for_server:
            self.message = UNREACHABLE

    def on_table(self, callback: Callable[[GuardedWidget | None], None]) -> None:
        """Call ``callback(table)`` when a seat's table appears (``None``: it went)."""
        self._on_table.append(callback)

    # ------------------------------------------------------------------ messages
    def _handle(self, content: Any, buffers: Any) -> None:
        msg = check_message(content, buffers, self.lang, self._games)
        kind = msg["kind"]
        if kind != "ping":
            self._note = ""  # what the teacher did is said until the student acts
        keeper = kept_client(self.visitor)
        if keeper is not None and keeper != self._keeper:
            self._keeper = keeper  # the browser's signed cookie: its seats are kept
            if self.handle is not None:
                self._keep(self.handle)
        if kind == "ping":  # the page checks it is still in touch (outage.js)
            self.send({"type": "pong"})
            return
        if kind == "hello":
            self._device = f"device:{msg['device']}"
            return
        if kind == "leave":
            self._sit(None)
            return
        if kind == "create":
            self._create(msg)
            return
        if kind == "resume":
            try:
                handle: SeatHandle | Spectator = self.store.resume(msg["token"])
            except (RoomError, StoreError) as exc:
                raise Refused(f"refused: {exc}") from None
            self._sit(handle)
            return
        if kind == "return":
            self._return(msg["code"])
            return
        if kind == "roster":  # a class code typed: its roster's names to pick from
            self._roster(msg["code"])
            return
        if kind == "link":  # the seat's link for another device, asked for by a click
            if self.handle is None or self.handle.seat is None:
                raise Refused("refused: " + _("only a seat has a link; you are not seated"))
            self.send({"type": "link", "token": self.handle.token})
            return
        self._slow_down("code")
        try:
            if kind == "watch":
                handle = self.store.spectate(msg["code"])
            elif normalize_class_code(msg["code"]) is not None:
                handle = self._seat_in_class(msg["code"], msg["name"])
            else:
                handle = self.store.join(msg["code"], msg["name"], team=msg["team"])
        except (UnknownCode, UnknownClass) as exc:
            wrong, wait = self._count("code")
            extra = (
                " "
                + ngettext(
                    "({n} wrong code: wait {wait} s before the next try)",
                    "({n} wrong codes: wait {wait} s before the next try)",
                    wrong,
                    wait=format(wait, "g"),
                )
                if wait
                else ""
            )
            raise Refused(f"refused: {exc}{extra}") from None
        except RoomFull as exc:
            raise Refused(
                "refused: " + _("{reason}: nobody can join it now; you may watch it", reason=exc)
            ) from None
        except (RoomError, ClassError) as exc:
            raise Refused(f"refused: {exc}") from None
        self._sit(handle)

    def _roster(self, code: str) -> None:
        """Send the page the names on the roster of the open class ``code`` (none for a
        room's code or a class without a roster), for the student to pick theirs. A wrong
        class code counts as one, as when joining."""
        names: list[str] = []
        if normalize_class_code(code) is not None:
            self._slow_down("code")
            if self._classroom is None:
                self._classroom = Classroom(self.store)
            try:
                session = self._classroom.open_session(code)
            except (UnknownClass, ClassEnded):
                wrong, wait = self._count("code")
                extra = (
                    " "
                    + ngettext(
                        "({n} wrong code: wait {wait} s)",
                        "({n} wrong codes: wait {wait} s)",
                        wrong,
                        wait=format(wait, "g"),
                    )
                    if wait
                    else ""
                )
                said = _("no open class with code {code}", code=code.strip().upper())
                raise Refused(f"refused: {said}{extra}") from None
            except StoreError as exc:
                raise Refused(f"refused: {exc}") from None
            if session.group:
                names = [s.name for s in self._classroom.groups.roster(session.group)]
        self.send({"type": "roster", "code": code, "names": names})

    def _seat_in_class(self, code: str, name: str) -> SeatHandle:
        """A seat in one of the open class's rooms (the class code, not a room's)."""
        if self._classroom is None:
            self._classroom = Classroom(self.store)
        try:
            handle = seat_student(self._classroom, code, name)
            self._class_code = code
            return handle
        except ClassEnded:  # said as unknown: an old class's title is nobody's business
            raise UnknownClass.say(
                "no open class with code {code}", code=code.strip().upper()
            ) from None

    @property
    def clients(self) -> list[str]:
        """Who the limits count this page's tries against: the server's client (given,
        else stamped on the message: :attr:`visitor`), the page's device id (if it
        said) and the page itself."""
        server = self._server_client or (self.visitor and f"server:{self.visitor}")
        found = (server, self._device, self._page_client)
        return [c for c in found if c]

    def _slow_down(self, kind: str) -> None:
        """Refuse (with how long to wait) while this client or the server must wait."""
        try:
            self.store.limits.check(kind, self.clients, now=self._clock())
        except (TooManyTries, StoreError) as exc:
            raise Refused(f"refused: {exc}") from None

    def _count(self, kind: str) -> tuple[int, float]:
        """Count one wrong code (or one room made) in the store."""
        try:
            return self.store.limits.count(kind, self.clients, now=self._clock())
        except StoreError as exc:
            raise Refused(f"refused: {exc}") from None

    def _create(self, msg: dict[str, Any]) -> None:
        game, players = msg["game"], msg["players"]
        self._slow_down("room")
        try:
            config = room_config(game, players, msg["options"], language=self.lang)
            room = self.store.create_room(game, config, bots=msg["bots"])
        except CipherkitError as exc:
            raise Refused(f"refused: {exc}") from None
        self._count("room")
        if not msg["name"].strip():
            self._sit(self.store.spectate(room.code))
            return
        try:
            handle = self.store.join(room.code, msg["name"], team=msg["team"])
        except RoomError as exc:
            raise Refused(f"refused: {exc}") from None
        self._sit(handle)

    # ------------------------------------------------------------------ seats
    def _sit(self, handle: SeatHandle | Spectator | None) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        self.handle = handle
        if handle is not None:
            try:
                self.table = make_table(handle, lang=self.lang)
            except CipherkitError as exc:  # a table that cannot sit in this room
                self.handle = None
                self._show()
                raise Refused(f"refused: {exc}") from None
            room = getattr(self.table, "room", None)
            if room is not None:  # who joins or leaves shows in the lobby's list at once
                room.also_tell(lambda _version: self._show_if(handle))
                room.also_tell(lambda _version: self._follow(handle))
            self._keep(handle)
        for callback in self._on_table:
            callback(self.table)
        self._show()

    # ------------------------------------------------------------------ kept seats
    def _keep(self, handle: SeatHandle | Spectator) -> None:
        """Keep the seat (or the room watched) for this browser's signed client, so that
        a reload puts it back (:mod:`cipherkit.rooms.kept`); nothing without one."""
        if self._keeper is None:
            return
        try:
            token = handle.token if handle.seat is not None else None
            self._kept.keep(self._keeper, handle.code, token)
        except StoreError as exc:  # the seat works; only a reload will not find it
            _log.warning("lobby: seat not kept: %s", exc)

    def _kept_rooms(self) -> list[Kept]:
        if self._keeper is None:
            return []
        try:
            return self._kept.list(self._keeper)
        except StoreError:
            return []

    def _return(self, code: str | None) -> None:
        """Back to the seat (or the room watched) this browser keeps: room ``code``, or
        the newest. A room that has closed, or a seat given away, is forgotten."""
        kept = self._kept_rooms()
        if code is not None:
            kept = [k for k in kept if k.code == code]
            if not kept:
                raise Refused(
                    "refused: " + _("this browser keeps no seat in room {code}", code=code)
                )
        if not kept:
            return
        newest = kept[0]
        try:
            if newest.token is None:
                handle: SeatHandle | Spectator = self.store.spectate(newest.code)
            else:
                handle = self.store.resume(newest.token)
        except StoreError as exc:  # the store is down: the seat stays kept for later
            raise Refused(f"refused: {exc}") from None
        except RoomError as exc:  # closed, or the seat given away: forgotten
            if self._keeper is not None:
                with contextlib.suppress(StoreError):
                    self._kept.forget(self._keeper, newest.code)
            self._show()
            if code is not None:
                raise Refused(f"refused: {exc}") from None
            return
        self._sit(handle)

    def _follow(self, handle: SeatHandle | Spectator) -> None:
        """From the live thread: once the teacher has moved this student to another seat
        or closed the room for the next round, take the seat the class keeps for them
        (never one nobody kept: a removed student stays out)."""
        room = getattr(self.table, "room", None)
        if self.handle is not handle or handle.seat is None or room is None:
            return
        if self._class_code is None or self._classroom is None:
            return
        # followed: a move to another seat, or the room closed for the next round (not a
        # seat given to the student's new device: that device takes it)
        switched = room.gone is not None and room.gone.id == GONE_WORDS["switched"]
        if not (switched or room.condition()[0] == "closed"):
            return
        name = str(getattr(handle, "name", ""))
        with contextlib.suppress(Exception):  # renamed by the teacher since it sat down
            mine = handle.info()["seats"][handle.seat]
            if not mine.get("bot"):  # (a bot may have taken the seat the student left)
                name = str(mine.get("name") or name)
        new = kept_seat(self._classroom, self._class_code, name)
        if new is None:
            return
        self._note = say("Your teacher seated you in room {code}: play on there.", code=new.code)
        self._sit(new)

    def _show_if(self, handle: SeatHandle | Spectator) -> None:
        """Redraw, if the page still shows ``handle``'s room (called from a live thread)."""
        if self.handle is handle:
            self._show()

    def _show(self) -> None:
        with self.speaking():
            self._show_now()

    def _show_now(self) -> None:
        handle = self.handle
        choices = game_choices(self.lang, self._games)
        view: dict[str, Any] = {"stage": "start", "games": choices}
        if handle is None:
            view["kept"] = [
                {"code": k.code, "watching": k.token is None} for k in self._kept_rooms()
            ]
        else:
            info = handle.info()
            seats = info["seats"]
            view["stage"] = "watching" if handle.seat is None else "seated"
            view["code"] = handle.code
            view["game"] = info["game"]
            # a room kept from another page may hold a game this page does not offer
            known = choices if info["game"] in choices else game_choices(self.lang)
            view["title"] = known.get(info["game"], {}).get("title", info["game"])
            view["team_labels"] = known.get(info["game"], {}).get("team_labels", {})
            shown = seat_names(seats)  # a bot by "Robot 1", in the lobby's language
            view["players"] = [
                {
                    "seat": s["seat"],
                    "name": shown[i] if s.get("name") or s.get("bot") else None,
                    "bot": bool(s.get("bot")),
                    "team": s.get("team"),
                }
                for i, s in enumerate(seats)
            ]
            if handle.seat is not None:
                mine = next(s for s in seats if s["seat"] == handle.seat)
                view["seat"] = {"seat": handle.seat, "name": handle.name, "team": mine.get("team")}
        with self.hold_sync():
            self.message = str(self._note)
            self.view = view

    def close(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        super().close()


class PlayTogether(ipywidgets.VBox):
    """The *Play together* page: a :class:`Lobby` and, below it, the seat's table
    (``client``: the visitor as the server knows them, for the limits; ``games``: the
    games offered, ``None``: all)."""

    def __init__(
        self,
        store: Store | None = None,
        *,
        client: str | None = None,
        games: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> None:
        self.lobby = Lobby(store=store, client=client, games=games)
        super().__init__(children=[self.lobby], **kwargs)
        self.add_class("ck-play-together")
        self.lobby.on_table(self._table)

    def _table(self, table: GuardedWidget | None) -> None:
        self.children = [self.lobby] if table is None else [self.lobby, table]

    @property
    def table(self) -> GuardedWidget | None:
        """The table of the room joined, or None while in the lobby."""
        return self.lobby.table
