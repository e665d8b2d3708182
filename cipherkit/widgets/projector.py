"""The projector's page: the address students open, its QR code, the class code very
large and each open room's code, and nothing about any single student.

The teacher's *Project* button opens ``projector.ipynb`` in a new window. The page asks
the server for a one-time resume token for the teacher's cookie (the teacher's pass,
:mod:`cipherkit.classroom.passes`), and its kernel redeems it: the projector then shows
**that pass's session only**, read-only. No key is typed on the projector; a browser
without the pass sees one sentence saying to open the page from the teacher's page.

What the view holds, all of it plain text made here in the widget's language (``lang``;
the page holds no rule and no words of its own):

* ``address``: the *Play together* page on this server, made from the address the
  browser reports for this page (its origin and path; checked here), and ``qr``: that
  address as a QR code, an SVG drawn by the ``qrcode`` package (nothing fetched), as a
  ``data:`` URI the page shows as an image (never as markup);
* ``class_code``, with its label;
* ``rooms``: each open room's code with a label (its game and its room number, the
  room's place among the session's rooms): no names, no seats, no marks, no score.

It is drawn again within :data:`LOOK_SECONDS` of a change in the class (a room made,
started or closed) and every :data:`REFRESH_SECONDS`; when the session ends it says so.

Examples
--------
>>> import tempfile
>>> from cipherkit.classroom import RoomPlan, open_classroom, passes
>>> desk = open_classroom(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> session = desk.start_session("Year 9")
>>> _ = desk.make_rooms(session.id, RoomPlan("decipher", 2, 2, 2))
>>> screen = Projector(classroom=desk, refresh=0)
>>> screen.view["locked"], screen.view["text"]
(True, "Open this page with the Project button of the teacher's page.")
>>> screen.handle_message({"type": "page", "url": "http://10.0.0.5:8866/voila/render/projector.ipynb"})
>>> screen.handle_message({"type": "resume", "token": passes.grant(desk, session.id, "resume")})
>>> screen.view["address"], screen.view["class_code"] == session.code
('http://10.0.0.5:8866/voila/render/play-together.ipynb', True)
>>> [r["label"] for r in screen.view["rooms"]]
['Decipher · room 1', 'Decipher · room 2']
>>> screen.view["qr"].startswith("data:image/svg+xml;base64,")
True
>>> screen.close(); desk.close()
"""

from __future__ import annotations

import base64
import logging
import pathlib
import urllib.parse
from typing import Any

from cipherkit.classroom import Classroom
from cipherkit.i18n import N_, _
from cipherkit.widgets.class_live import LiveClassWidget
from cipherkit.widgets.frontend import es_module
from cipherkit.widgets.guard import Refused, check_envelope

__all__ = [
    "LOOK_SECONDS",
    "PLAY_TOGETHER_PAGE",
    "PROJECTOR_PAGE",
    "REFRESH_SECONDS",
    "WORDS",
    "Projector",
    "play_address",
    "qr_data_uri",
]

PROJECTOR_PAGE = "projector.ipynb"
"""The projector's page in the gallery (``puzzles/projector.ipynb``)."""
PLAY_TOGETHER_PAGE = "play-together.ipynb"
"""The page students open to join (beside the projector's page)."""
REFRESH_SECONDS = 5.0
"""Seconds between two full redraws, with or without a change."""
LOOK_SECONDS = 0.5
"""Seconds between two cheap looks at whether the class's rooms changed."""
MAX_URL_CHARS = 300

WORDS = {
    "locked": N_("Open this page with the Project button of the teacher's page."),
    "ended": N_("This class session has ended."),
    "title": N_("Join the games"),
    "address": N_("Open this address on your phone or computer, or scan the code:"),
    "qr": N_("QR code of the address to open"),
    "class_code": N_("Class code: type it with your name"),
    "rooms": N_("Or a room's own code"),
    "no_rooms": N_("No room is open yet."),
    "waiting": N_("waiting for the teacher's Start"),
    "playing": N_("playing"),
}
"""Every sentence the projector's page shows (it holds none of its own), in English: the
view holds them in the widget's language."""

_HERE = pathlib.Path(__file__).parent
_log = logging.getLogger(__name__)
_FIELDS = {"resume": "token", "page": "url"}


def play_address(page_url: str) -> str:
    """The *Play together* page's address beside the page at ``page_url`` (what the
    browser says this page's address is): same scheme, host, port and folder; no
    query, fragment or credentials. Raises :class:`Refused` for anything else.

    >>> play_address("https://school.example/voila/render/projector.ipynb?x=1#key=k")
    'https://school.example/voila/render/play-together.ipynb'
    >>> play_address("javascript:alert(1)")
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: the page's address is an http(s) address of \
the projector page
    """
    bad = Refused("refused: " + _("the page's address is an http(s) address of the projector page"))
    if not isinstance(page_url, str) or len(page_url) > MAX_URL_CHARS:
        raise bad
    try:
        parts = urllib.parse.urlsplit(page_url)
        port = parts.port  # a port that is not a number raises
    except ValueError:
        raise bad from None
    host = parts.hostname or ""
    if (
        parts.scheme not in ("http", "https")
        or not host
        or parts.username is not None
        or parts.password is not None
        or not all(c.isalnum() or c in ".-:[]" for c in host)
        or not parts.path.endswith("/" + PROJECTOR_PAGE)
        or any(c.isspace() or not c.isprintable() for c in page_url)
    ):
        raise bad
    netloc = f"[{host}]" if ":" in host else host
    if port is not None:
        netloc += f":{port}"
    folder = parts.path[: -len(PROJECTOR_PAGE)]
    return urllib.parse.urlunsplit((parts.scheme, netloc, folder + PLAY_TOGETHER_PAGE, "", ""))


def qr_data_uri(text: str) -> str:
    """``text`` as a QR code: an SVG drawn by ``qrcode`` (one path, a quiet border), as a
    ``data:`` URI for an image.

    >>> qr_data_uri("http://10.0.0.5:8866/").startswith("data:image/svg+xml;base64,")
    True
    """
    import qrcode
    import qrcode.image.svg

    image = qrcode.make(
        text,
        image_factory=qrcode.image.svg.SvgPathImage,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        border=4,
    )
    svg = image.to_string(encoding="unicode")
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


class Projector(LiveClassWidget):
    """The projector's view of one class session; see the module docstring.

    ``classroom``: a :class:`~cipherkit.classroom.Classroom` (default: the store of
    ``$CIPHERKIT_STORE``). ``refresh``: seconds between redraws (0: none, for tests).
    """

    _esm = es_module("projector")
    _css = _HERE / "projector.css"

    label = "projector"
    reset_text = N_("the page may not change the projector page; it has been reset")
    error_text = N_("something went wrong in the kernel; reload the page")
    stop_without_session = True  # an ended session locks the page for good

    def __init__(
        self,
        classroom: Classroom | None = None,
        *,
        refresh: float = REFRESH_SECONDS,
        **kwargs: Any,
    ) -> None:
        super().__init__(classroom, refresh=refresh, look=LOOK_SECONDS, **kwargs)
        self._address: str | None = None
        self._qr: str | None = None
        self._ended = False
        with self.speaking():
            self.view = self._locked()

    def _locked(self) -> dict[str, Any]:
        return {"locked": True, "text": _(WORDS["ended" if self._ended else "locked"])}

    # ------------------------------------------------------------------ messages
    def _handle(self, content: Any, buffers: Any) -> None:
        msg = check_envelope(content, buffers, 2 * MAX_URL_CHARS)
        kind = msg.get("type")
        if kind not in _FIELDS or set(msg) != {"type", _FIELDS[kind]}:
            raise Refused("refused: " + _("the projector page sends its address and its pass only"))
        if kind == "page":
            address = play_address(msg["url"])
            with self._lock:
                if address != self._address:
                    self._address, self._qr = address, qr_data_uri(address)
                self._show()
            return
        self._resume(msg["token"])

    def _resume(self, token: object) -> None:
        """Redeem the page's one-time resume token (the server minted it for the
        teacher's cookie): show the session it is bound to, if still open; else stay
        locked and say nothing more."""
        if self._session_id is not None:
            return
        session_id = self._redeem(token)
        if session_id is None:
            return
        with self._lock:
            self._session_id = session_id
            self._show()
        self._start_live()

    # ------------------------------------------------------------------ the view
    def _show(self) -> None:
        """Publish what the projector shows now (locked until a pass opened it)."""
        view = self._locked()
        if self._session_id is not None:
            session = self.classroom.session(self._session_id)
            if session.is_open:
                view = self._session_view(session.code)
            else:
                self._session_id, self._ended = None, True
                view = self._locked()
        if view != self.view:
            self.view = view

    def _session_view(self, class_code: str) -> dict[str, Any]:
        assert self._session_id is not None
        rooms = []
        for number, summary in enumerate(self.classroom.summaries(self._session_id), 1):
            if summary.status != "open" or summary.over:
                continue
            rooms.append(
                {
                    "code": summary.code,
                    "label": _("{title} · room {n}", title=_(summary.title), n=number),
                    "state": _(WORDS["waiting" if summary.held else "playing"]),
                }
            )
        return {
            "locked": False,
            "words": {k: _(WORDS[k]) for k in ("title", "address", "qr", "class_code", "rooms")},
            "address": self._address,
            "qr": self._qr,
            "class_code": class_code,
            "rooms": rooms,
            "no_rooms": "" if rooms else _(WORDS["no_rooms"]),
        }
