"""The teacher's cookie (issue #31 item 7): the teacher page stays unlocked across a
reload for its open class session, without the key ever being stored in the browser.

``POST /voila/api/teacher/stay`` (``_xsrf``, ``token``): the one-time token an unlocked
teacher kernel minted for its session (:mod:`cipherkit.classroom.passes`) becomes a signed
httponly, SameSite=Strict cookie naming a new pass bound to that session.
``POST /voila/api/teacher/resume`` (``_xsrf``): a page with a valid cookie gets a one-time
token its kernel redeems to reopen the session; anything else gets ``{"token": null}``.
"""

from __future__ import annotations

import json
from typing import Any

from jupyter_server.base.handlers import APIHandler
from tornado import web

from cipherkit.serve.clients import CookieSigner
from cipherkit.serve.errors import PlainErrors

__all__ = ["TEACHER_COOKIE", "TeacherPassHandler", "teacher_routes"]

TEACHER_COOKIE = "ck_teacher"
"""The teacher's cookie: a pass id signed by the server (never the key)."""


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
            session = passes.redeem(desk, self.get_body_argument("token", ""), "stay")
            if session is None:
                raise web.HTTPError(403, "a teacher stay token that is not valid")
            pass_id = passes.grant(desk, session, "cookie")
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
        bound = passes.session_of(desk, ident) if ident is not None else None
        token = passes.grant(desk, bound, "resume") if bound is not None else None
        if bound is None and self.get_cookie(TEACHER_COOKIE):
            self.clear_cookie(TEACHER_COOKIE, path=self.base_url)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"token": token}))


def teacher_routes(base_url: str) -> list[tuple[str, type]]:
    """The teacher pass's routes under ``base_url``.

    >>> teacher_routes("/")[0][0]
    '/voila/api/teacher/(stay|resume)'
    """
    return [(base_url.rstrip("/") + "/voila/api/teacher/(stay|resume)", TeacherPassHandler)]
