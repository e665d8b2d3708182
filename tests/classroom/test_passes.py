"""The teacher's pass (issue #31 item 7) without a browser: the kernel mints a one-time
stay token for its open session (never the key), the server's resume token reopens that
session in a fresh kernel once, and nothing else does; ending the session ends them."""

from __future__ import annotations

import time
from typing import Any

from cipherkit.classroom import passes
from cipherkit.widgets.teacher import TeacherDesk
from tests.classroom.conftest import KEY


def _page(desk: Any) -> tuple[TeacherDesk, list[dict[str, Any]]]:
    page = TeacherDesk(classroom=desk, refresh=0)
    sent: list[dict[str, Any]] = []
    page.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    return page, sent


def test_a_stay_token_then_a_resume_token_reopen_the_session(desk: Any) -> None:
    page, sent = _page(desk)
    page.handle_message({"type": "unlock", "key": KEY})
    assert sent == []  # no session yet: nothing to stay in
    page.handle_message({"type": "start", "title": "Year 9"})
    (stay,) = [m for m in sent if m.get("type") == "stay"]
    assert KEY not in str(stay)
    session_id = page.view["session"]["id"]
    # (what the server does with it: a cookie pass, then a resume token on reload)
    assert passes.redeem(desk, stay["token"], "stay") == session_id
    assert passes.redeem(desk, stay["token"], "stay") is None  # once only
    cookie = passes.grant(desk, session_id, "cookie")
    resume = passes.grant(desk, str(passes.session_of(desk, cookie)), "resume")

    fresh, _ = _page(desk)  # the reloaded page's kernel
    fresh.handle_message({"type": "resume", "token": resume})
    assert fresh.view["locked"] is False and fresh.view["session"]["id"] == session_id
    again, _ = _page(desk)
    again.handle_message({"type": "resume", "token": resume})  # used: nothing
    assert again.view == {"locked": True}
    for page_ in (page, fresh, again):
        page_.close()


def test_made_up_tokens_and_other_kinds_unlock_nothing(desk: Any) -> None:
    session_id = desk.start_session("Class").id
    stay = passes.grant(desk, session_id, "stay")
    cookie = passes.grant(desk, session_id, "cookie")
    for token in ("x" * 32, stay, cookie, KEY, "", "é" * 40):
        page, _ = _page(desk)
        page.handle_message({"type": "resume", "token": token})
        assert page.view == {"locked": True}, token
        assert "refused" not in page.message or "resume" not in page.message
        page.close()


def test_an_expired_token_and_an_ended_session_unlock_nothing(desk: Any) -> None:
    session_id = desk.start_session("Class").id
    old = passes.grant(desk, session_id, "resume", seconds=0.01)
    time.sleep(0.05)
    page, _ = _page(desk)
    page.handle_message({"type": "resume", "token": old})
    assert page.view == {"locked": True}

    owner, sent = _page(desk)
    owner.handle_message({"type": "unlock", "key": KEY})
    owner.handle_message({"type": "continue", "session": session_id})
    assert any(m.get("type") == "stay" for m in sent)
    cookie = passes.grant(desk, session_id, "cookie")
    resume = passes.grant(desk, session_id, "resume")
    owner.handle_message({"type": "end"})
    assert passes.session_of(desk, cookie) is None  # the cookie's pass is gone
    page.handle_message({"type": "resume", "token": resume})
    assert page.view == {"locked": True}
    late = passes.grant(desk, session_id, "resume")  # even a token made after the end
    page.handle_message({"type": "resume", "token": late})
    assert page.view == {"locked": True}
    page.close()
    owner.close()
