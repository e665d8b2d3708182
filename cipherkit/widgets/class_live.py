"""What the teacher's page and the projector share: a widget that shows one class session
and draws it again when the class changes.

A thread looks at the class's fingerprint (:meth:`~cipherkit.classroom.Classroom.activity`)
every ``look`` seconds, and redraws on a change and every ``refresh``
seconds in any case; a store that fails a moment is tried again a second later.
"""

from __future__ import annotations

import threading
import time
from typing import Any, ClassVar

from cipherkit.classroom import Classroom, open_classroom
from cipherkit.core.errors import CipherkitError
from cipherkit.rooms import default_store_url
from cipherkit.widgets.guard import GuardedWidget

__all__ = ["LiveClassWidget"]


class LiveClassWidget(GuardedWidget):
    """A widget of one class session, redrawn live; subclasses implement :meth:`_show`.

    ``classroom``: a :class:`~cipherkit.classroom.Classroom` (default: the store of
    ``$CIPHERKIT_STORE``). ``refresh``: seconds between full redraws (0: none, for tests).
    ``look``: seconds between two cheap looks at whether the class changed.
    """

    stop_without_session: ClassVar[bool] = False
    """Whether the redrawing ends once no session is shown (else it goes on looking)."""

    def __init__(
        self, classroom: Classroom | None, *, refresh: float, look: float, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.classroom = classroom if classroom is not None else open_classroom(default_store_url())
        self._session_id: str | None = None
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._refresh = float(refresh)
        self._look = float(look)
        self._thread: threading.Thread | None = None

    def _show(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _redeem(self, token: object) -> str | None:
        """The class session a page's one-time resume token is bound to (the server
        minted it for the teacher's cookie: :mod:`cipherkit.classroom.passes`), if that
        session is still open; else ``None``."""
        from cipherkit.classroom import passes

        session_id = passes.redeem(self.classroom, token, "resume")
        try:
            if session_id is None or not self.classroom.session(session_id).is_open:
                return None
        except CipherkitError:  # a session no longer in the store
            return None
        return session_id

    def _start_live(self) -> None:
        """Start the redrawing thread (``<label>-live``), once, unless ``refresh`` is 0."""
        if self._refresh > 0 and self._thread is None:
            self._thread = threading.Thread(
                target=self._live, name=f"{self.label}-live", daemon=True
            )
            self._thread.start()

    def _live(self) -> None:
        """Redraw when the class changes (its fingerprint, looked at every
        ``look`` seconds) and every ``refresh`` seconds in any case."""
        seen: Any = None
        last = time.monotonic()
        look = min(self._look, self._refresh)
        while not self._stop.wait(look):
            try:
                session_id = self._session_id
                if session_id is None and self.stop_without_session:
                    return
                now_seen = None if session_id is None else self.classroom.activity(session_id)
                if now_seen == seen and time.monotonic() - last < self._refresh:
                    continue
                with self._lock, self.speaking():
                    self._show()
                seen, last = now_seen, time.monotonic()
            except Exception as exc:  # the store went away a moment: try again later
                self._warn("refresh failed", exc)
                if self._stop.wait(1.0):
                    return

    def close(self) -> None:
        self._stop.set()
        super().close()
