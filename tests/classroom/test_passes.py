"""The teacher's pass (issue #31 item 7) without a browser: the kernel mints a one-time
stay token for its open session (never the key), the server's resume token reopens that
session in a fresh kernel once, and nothing else does; ending the session ends them."""

from __future__ import annotations

import time
from typing import Any

from cipherkit.classroom import passes
from cipherkit.serve.teacher_pass import cookie_for_stay, resume_for_cookie
from cipherkit.widgets.teacher import TeacherDesk
from tests.classroom.conftest import KEY


def _page(desk: Any) -> tuple[TeacherDesk, list[dict[str, Any]]]:
    page = TeacherDesk(classroom=desk, refresh=0)
    sent: list[dict[str, Any]] = []
    page.send = lambda content, buffers=None: sent.append(content)
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


def _copied_pass(desk: Any) -> tuple[TeacherDesk, str, str, str]:
    """Issue #44 finding 2's setting: the teacher, with the key, has two sessions open
    (S0 then S1); the page's stay token for S1 became the ``ck_teacher`` cookie through
    the server's teacher API; a thief holding a copy of that cookie opens a page of their
    own, which the server's resume token reopens. Returns (the thief's page, the copied
    pass id, S0's id, S1's id)."""
    teacher, sent = _page(desk)
    teacher.handle_message({"type": "unlock", "key": KEY})
    teacher.handle_message({"type": "start", "title": "S0"})
    s0 = teacher.view["session"]["id"]
    teacher.handle_message({"type": "start", "title": "S1"})
    s1 = teacher.view["session"]["id"]
    stay = [m for m in sent if m.get("type") == "stay"][-1]
    cookie = cookie_for_stay(desk, stay["token"])
    assert cookie is not None and passes.session_of(desk, cookie) == s1
    teacher.close()
    thief, _ = _page(desk)
    thief.handle_message({"type": "resume", "token": resume_for_cookie(desk, cookie)})
    assert thief.view["locked"] is False and thief.view["session"]["id"] == s1
    return thief, cookie, s0, s1


def test_a_copied_pass_lists_and_continues_no_other_session(desk: Any) -> None:
    """Issue #44 point 2: the pass for S1 shows S1 only; S0 stays out of reach."""
    thief, _, s0, s1 = _copied_pass(desk)
    assert thief.view["open_sessions"] == [] and thief.view["by_pass"] is True
    assert s0 not in str(thief.view)
    code0 = desk.session(s0).code
    for session in (s0, code0):
        thief.handle_message({"type": "continue", "session": session})
        assert "teacher key" in thief.message
        assert thief.view["session"]["id"] == s1
    thief.close()


def test_a_copied_pass_starts_no_session_and_mints_no_pass(desk: Any) -> None:
    """Finding 2: the thief started S2 and so got a fresh 12-hour pass that outlived S1."""
    thief, _, _, s1 = _copied_pass(desk)
    sent: list[dict[str, Any]] = []
    thief.send = lambda content, buffers=None: sent.append(content)
    before = {s.id for s in desk.sessions()}
    thief.handle_message({"type": "start", "title": "S2"})
    assert "teacher key" in thief.message
    assert {s.id for s in desk.sessions()} == before
    assert thief.view["session"]["id"] == s1
    assert not [m for m in sent if m.get("type") == "stay"]  # no token for a new cookie
    thief.close()


def test_a_copied_pass_exports_nothing(desk: Any) -> None:
    thief, _, _, _ = _copied_pass(desk)
    sent: list[dict[str, Any]] = []
    thief.send = lambda content, buffers=None: sent.append(content)
    for what in ("students", "rooms", "attempts"):
        thief.handle_message({"type": "export", "what": what})
        assert "teacher key" in thief.message
    assert sent == []
    thief.close()


def test_the_key_typed_again_opens_everything(desk: Any) -> None:
    """The page's fresh key prompt: the teacher's own reloaded page types the key and may
    start, continue and export again (and mints a pass for the new session)."""
    page, _, s0, _ = _copied_pass(desk)
    sent: list[dict[str, Any]] = []
    page.send = lambda content, buffers=None: sent.append(content)
    page.handle_message({"type": "unlock", "key": KEY})
    assert page.view["by_pass"] is False and len(page.view["open_sessions"]) == 2
    page.handle_message({"type": "continue", "session": s0})
    assert page.view["session"]["id"] == s0 and page.message == ""
    page.handle_message({"type": "export", "what": "students"})
    assert [m["type"] for m in sent] == ["stay", "stay", "download"]
    page.close()


def test_end_kills_every_pass_of_the_session(desk: Any) -> None:
    """Whatever the thief tried with S1's pass, nothing they hold opens anything once the
    teacher ends S1 (on the old code, the S2 pass they minted still did)."""
    thief, cookie, _, s1 = _copied_pass(desk)
    sent: list[dict[str, Any]] = []
    thief.send = lambda content, buffers=None: sent.append(content)
    thief.handle_message({"type": "start", "title": "S2"})
    held = [cookie] + [cookie_for_stay(desk, m["token"]) for m in sent if m["type"] == "stay"]
    teacher, _ = _page(desk)
    teacher.handle_message({"type": "unlock", "key": KEY})
    teacher.handle_message({"type": "continue", "session": s1})
    teacher.handle_message({"type": "end"})
    for pass_id in held:
        assert resume_for_cookie(desk, pass_id) is None
    thief.close()
    teacher.close()


def test_a_pass_minted_from_a_pass_dies_with_its_session(desk: Any) -> None:
    """Lineage: a cookie minted from S1's pass (no path does now) is forgotten at S1's End
    even though it names another session."""
    s1 = desk.start_session("S1").id
    s2 = desk.start_session("S2").id
    first = cookie_for_stay(desk, passes.grant(desk, s1, "stay"))
    resume = resume_for_cookie(desk, first)
    heir_stay = passes.redeem_pass(desk, resume, "resume")
    assert heir_stay is not None and heir_stay.lineage == (s1,)
    heir = cookie_for_stay(desk, passes.grant(desk, s2, "stay", lineage=heir_stay.lineage))
    assert passes.lineage_of(desk, heir) == (s2, s1)
    kept = cookie_for_stay(desk, passes.grant(desk, s2, "stay"))
    passes.forget_session(desk, s1)
    assert resume_for_cookie(desk, heir) is None and resume_for_cookie(desk, first) is None
    assert resume_for_cookie(desk, kept) is not None  # S2's own pass lives on
