"""How often a visitor may guess or make rooms, kept in the store (table ``limits``).

Design notes: ``docs/rooms.md``, ``cipherkit.rooms.limits``.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cipherkit.i18n import N_, Message, nsay, say
from cipherkit.rooms.db import Connection, Database
from cipherkit.rooms.errors import TooManyTries

__all__ = [
    "RULES",
    "SERVER",
    "STAMP",
    "TOO_MANY",
    "Limits",
    "Rule",
    "client_key",
    "say_wait",
    "wait_message",
]

SERVER = "*"
"""The client name of the whole server's row."""
STAMP = "cipherkit_client"
"""The metadata key under which the gallery server's websocket filter stamps, on every
message it passes from a page to its kernel, the client of that websocket (its signed
``ck_client`` cookie, else its address): whatever the browser put there is replaced, so
the widgets may count tries against it (:mod:`cipherkit.serve.wsfilter`)."""


@dataclass(frozen=True)
class Rule:
    """How often one kind of event may happen.

    A client makes ``free`` events freely; from then on it waits ``first_wait`` seconds
    after each, doubling with each one more, at most ``max_wait``; ``forget`` seconds
    without one and its count starts again. The whole server makes at most
    ``server_events`` in each ``server_window`` seconds, shared fairly: a client *over
    its share* (``free`` or more events lately) waits for the window's end once the
    window holds all but its ``reserve`` (a fraction of ``server_events``), while a
    client under its share is still answered until the window is full, so a flood from
    a few clients never shuts the others out and never gets more events than
    ``server_events``. ``reserve=None``: a client under its share is never stopped by
    the whole server's count (the teacher key, 128 bits: nothing to guess, and
    students' wrong keys must not shut the teacher out).
    """

    what: str
    free: int
    first_wait: float
    max_wait: float
    forget: float
    server_events: int
    server_window: float = 60.0
    reserve: float | None = 1 / 3

    def server_limit(self, over_share: bool) -> float:
        """Events in the server's window past which a client (over its share, or not)
        waits for the window's end.

        >>> RULES["code"].server_limit(True), RULES["code"].server_limit(False)
        (80, 120)
        >>> RULES["key"].server_limit(True), RULES["key"].server_limit(False)
        (30, inf)
        """
        if not over_share:
            return self.server_events if self.reserve is not None else math.inf
        return self.server_events - int(self.server_events * (self.reserve or 0.0))

    def wait_after(self, count: int) -> float:
        """Seconds a client waits after its ``count``-th event (0: none).

        >>> [RULES["code"].wait_after(n) for n in (1, 2, 3, 4, 5)]
        [0.0, 0.0, 2.0, 4.0, 8.0]
        """
        if count < self.free:
            return 0.0
        return float(min(self.max_wait, self.first_wait * 2 ** min(count - self.free, 30)))


RULES: dict[str, Rule] = {
    # join codes and class codes (32.6 and 27.3 bits): a class of 60 mistyping its code
    # stays well under 120 wrong codes a minute; a guesser needs years at that rate
    "code": Rule("wrong codes", 3, 2.0, 300.0, 900.0, 120),
    # the teacher key (128 bits); one teacher, maybe two: a page under its share is
    # never stopped by the whole server's count, so students cannot shut the teacher out
    "key": Rule("wrong keys", 3, 2.0, 600.0, 3600.0, 30, reserve=None),
    # rooms made from the Play together page
    "room": Rule("rooms made", 10, 30.0, 900.0, 3600.0, 120),
}
"""The rules by kind: ``code`` (wrong join or class codes), ``key`` (wrong teacher
keys), ``room`` (rooms made on the *Play together* page)."""

TOO_MANY: dict[str, tuple[str, str]] = {
    "code": (
        N_("too many wrong codes from this device: wait {wait} and try again"),
        N_("too many wrong codes on this server just now: wait {wait} and try again"),
    ),
    "key": (
        N_("too many wrong keys from this device: wait {wait} and try again"),
        N_("too many wrong keys on this server just now: wait {wait} and try again"),
    ),
    "room": (
        N_("too many rooms made from this device: wait {wait} and try again"),
        N_("too many rooms made on this server just now: wait {wait} and try again"),
    ),
}
"""What :class:`~cipherkit.rooms.errors.TooManyTries` says, by kind: when this device
must wait, and when the whole server must (whole sentences, for the catalog)."""


def client_key(client: str) -> str:
    """What the store keeps of a client's name: a short digest (a page's device id is
    not stored as given, and every row has the same small size).

    >>> len(client_key("d:0123456789abcdef")), client_key(SERVER)
    (32, '*')
    """
    if client == SERVER:
        return SERVER
    return hashlib.sha256(client.encode("utf-8")).hexdigest()[:32]


def wait_message(seconds: float) -> Message:
    """A wait as a message (its words chosen where it is shown).

    >>> from cipherkit.i18n import speaking
    >>> with speaking("ru"):
    ...     str(wait_message(20.2))
    '21 секунду'
    """
    whole = max(1, math.ceil(seconds))
    if whole <= 60:
        return nsay("{n} second", "{n} seconds", whole)
    return nsay("{n} minute", "{n} minutes", math.ceil(whole / 60))


def say_wait(seconds: float) -> str:
    """A wait in words a student reads (in the language in force).

    >>> say_wait(1), say_wait(20.2), say_wait(90), say_wait(3600)
    ('1 second', '21 seconds', '2 minutes', '60 minutes')
    """
    return wait_message(seconds).words()


class Limits:
    """The store's limits: :meth:`check` before an event, :meth:`count` after one.

    ``clock``: the default ``now`` (wall time: the store is shared between processes).

    Examples
    --------
    >>> import tempfile
    >>> from cipherkit.rooms import open_store
    >>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
    >>> [store.limits.count("code", ["page-1"], now=100.0) for _ in range(3)]
    [(1, 0.0), (2, 0.0), (3, 2.0)]
    >>> store.limits.check("code", ["page-1"], now=101.0)
    Traceback (most recent call last):
    ...
    cipherkit.rooms.errors.TooManyTries: too many wrong codes from this device: wait 1 second ...
    >>> store.limits.check("code", ["page-2"], now=101.0)  # another device is not slowed
    >>> store.close()
    """

    def __init__(self, db: Database, clock: Callable[[], float]) -> None:
        self.db = db
        self.clock = clock

    def check(self, kind: str, clients: Iterable[str], *, now: float | None = None) -> None:
        """Raise :class:`~cipherkit.rooms.errors.TooManyTries` (a sentence a student can
        read) if any of ``clients``, or the whole server, must wait for ``kind``."""
        rule = RULES[kind]
        now = self.clock() if now is None else now
        keys = [SERVER, *(client_key(c) for c in dict.fromkeys(clients))]
        marks = ", ".join("?" for _ in keys)
        rows = [
            (str(c), int(n), float(s), float(u))
            for c, n, s, u in self.db.connection()
            .execute(
                "SELECT client, count, since, until FROM limits "
                f"WHERE kind = ? AND client IN ({marks})",
                (kind, *keys),
            )
            .fetchall()
        ]
        mine = max((u for c, _, _, u in rows if c != SERVER), default=0.0) - now
        lately = max(
            (n for c, n, s, _ in rows if c != SERVER and now - s <= rule.forget), default=0
        )
        server = max(
            (self._server_wait(rule, n, s, lately, now) for c, n, s, _ in rows if c == SERVER),
            default=0.0,
        )
        if mine > 0 and mine >= server:
            raise TooManyTries(say(TOO_MANY[kind][0], wait=wait_message(mine)), mine)
        if server > 0:
            raise TooManyTries(say(TOO_MANY[kind][1], wait=wait_message(server)), server)

    @staticmethod
    def _server_wait(rule: Rule, count: int, since: float, lately: int, now: float) -> float:
        """Seconds a client with ``lately`` events of its own waits for the whole
        server's window (``count`` events since ``since``): none while the window holds
        fewer than its limit (:meth:`Rule.server_limit`), else until the window ends."""
        if now - since >= rule.server_window:  # (a now older than since: same window)
            return 0.0
        if count < rule.server_limit(over_share=lately >= rule.free):
            return 0.0
        return since + rule.server_window - now

    def count(
        self, kind: str, clients: Iterable[str], *, now: float | None = None
    ) -> tuple[int, float]:
        """Count one event of ``kind`` for each of ``clients`` and the whole server, in
        one transaction; return the highest count of a client lately and the longest
        wait it now gives one (0: none)."""
        rule = RULES[kind]
        now = self.clock() if now is None else now
        keys = [client_key(c) for c in dict.fromkeys(clients)]
        conn = self.db.connection()
        wait, most = 0.0, 0
        self._forget(conn, kind, rule, now)  # on its own: it waits for no lock it holds
        with conn.transaction(write=True):
            for key in keys:
                count, since = self._row(conn, kind, key, now)
                count = 1 if now - since > rule.forget else count + 1
                wait, most = max(wait, rule.wait_after(count)), max(most, count)
                self._store(conn, kind, key, count, now, now + rule.wait_after(count))
            count, since = self._row(conn, kind, SERVER, now)
            if now - since >= rule.server_window:  # (a now older than since: same window)
                count, since = 0, now
            count += 1
            until = since + rule.server_window if count >= rule.server_events else 0.0
            self._store(conn, kind, SERVER, count, since, until)
        return most, wait

    def forgive(self, kind: str, clients: Iterable[str]) -> None:
        """Start the clients' counts of ``kind`` again (a teacher who typed the right key)."""
        keys = [client_key(c) for c in dict.fromkeys(clients) if c != SERVER]
        if not keys:
            return
        marks = ", ".join("?" for _ in keys)
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute(
                f"DELETE FROM limits WHERE kind = ? AND client IN ({marks})", (kind, *keys)
            )

    @staticmethod
    def _row(conn: Connection, kind: str, key: str, now: float) -> tuple[int, float]:
        conn.execute(
            "INSERT INTO limits (kind, client, count, since, until) VALUES (?, ?, 0, ?, 0) "
            "ON CONFLICT (kind, client) DO NOTHING",
            (kind, key, now),
        )
        sql = "SELECT count, since FROM limits WHERE kind = ? AND client = ?"
        if conn.dialect == "postgresql":
            sql += " FOR UPDATE"
        found = conn.execute(sql, (kind, key)).fetchone()
        return int(found[0]), float(found[1])

    @staticmethod
    def _store(
        conn: Connection, kind: str, key: str, count: int, since: float, until: float
    ) -> None:
        conn.execute(
            "UPDATE limits SET count = ?, since = ?, until = ? WHERE kind = ? AND client = ?",
            (count, since, until, kind, key),
        )

    @staticmethod
    def _forget(conn: Connection, kind: str, rule: Rule, now: float) -> None:
        """Drop the clients that have been quiet longer than the rule remembers."""
        conn.execute(
            "DELETE FROM limits WHERE kind = ? AND client <> ? AND since < ? AND until < ?",
            (kind, SERVER, now - rule.forget, now),
        )
