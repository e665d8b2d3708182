"""The teacher's cookie (issue #31 item 7): the teacher page stays unlocked across a
reload for its open class session, without the key ever being stored in the browser.

Design notes: ``docs/serve.md``, ``cipherkit.serve.teacher_pass``.
"""

from __future__ import annotations

import json
from typing import Any

from jupyter_server.base.handlers import APIHandler
from tornado import web

from cipherkit.serve.clients import CookieSigner
from cipherkit.serve.errors import PlainErrors

__all__ = [
    "TEACHER_COOKIE",
    "TeacherPassHandler",
    "cookie_for_stay",
    "resume_for_cookie",
    "teacher_routes",
]

TEACHER_COOKIE = "ck_teacher"
"""The teacher's cookie: a pass id signed by the server (never the key)."""


def cookie_for_stay(desk: Any, token: object) -> str | None:
    """``POST .../stay``'s work: a new cookie pass for a valid one-time stay token (it
    inherits the token's lineage), else ``None``."""
    from cipherkit.classroom import passes

    stay = passes.redeem_pass(desk, token, "stay")
    if stay is None:
        return None
    return passes.grant(desk, stay.session, "cookie", lineage=stay.lineage)


def resume_for_cookie(desk: Any, pass_id: str | None) -> str | None:
    """``POST .../resume``'s work: a one-time resume token for the cookie pass's own
    session while it lasts (it inherits the pass's lineage), else ``None``."""
    from cipherkit.classroom import passes

    bound = passes.session_of(desk, pass_id) if pass_id is not None else None
    if bound is None:
        return None
    return passes.grant(desk, bound, "resume", lineage=passes.lineage_of(desk, pass_id))


class TeacherPassHandler(PlainErrors, APIHandler):
    """``POST .../teacher/stay`` and ``.../teacher/resume`` (module docs)."""

    def _classroom(self) -> Any:
        desk = self.settings.get("cipherkit_classroom")
        if desk is None:
            from cipherkit.classroom import open_classroom
            from cipherkit.rooms import default_store_url

            desk = open_classroom(default_store_url())
            self.settings["cipherkit_classroom"] = desk
        return desk

    def _signer(self) -> CookieSigner:
        secret = self.settings["kernel_manager"].signer.secret
        return CookieSigner(secret, purpose=TEACHER_COOKIE)

    @web.authenticated
    async def post(self, action: str) -> None:
        """Turn a stay token into the cookie, or the cookie into a resume token."""
        from cipherkit.classroom import passes

        self.set_header("Cache-Control", "no-store")
        desk = self._classroom()
        if action == "stay":
            pass_id = cookie_for_stay(desk, self.get_body_argument("token", ""))
            if pass_id is None:
                raise web.HTTPError(403, "a teacher stay token that is not valid")
            self.set_cookie(
                TEACHER_COOKIE,
                self._signer().sign(pass_id),
                path=self.base_url,
                httponly=True,
                samesite="Strict",
                expires_days=passes.COOKIE_SECONDS / 86400,
            )
            self.set_status(204)
            self.finish()
            return
        ident = self._signer().client(self.get_cookie(TEACHER_COOKIE))
        token = resume_for_cookie(desk, ident)  # the cookie's own session, no other
        if token is None and self.get_cookie(TEACHER_COOKIE):
            self.clear_cookie(TEACHER_COOKIE, path=self.base_url)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"token": token}))


def teacher_routes(base_url: str) -> list[tuple[str, type]]:
    """The teacher pass's routes under ``base_url``.

    >>> teacher_routes("/")[0][0]
    '/voila/api/teacher/(stay|resume)'
    """
    return [(base_url.rstrip("/") + "/voila/api/teacher/(stay|resume)", TeacherPassHandler)]
