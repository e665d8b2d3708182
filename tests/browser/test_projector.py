"""The projector's page (issue #46 point 6) from real browsers, on a server started by
``cipherkit serve``.

The teacher (1280x800) starts a class and makes two Decipher rooms, then presses
*Project*: the projector's page opens in a new window on the teacher's pass, and shows
the Play together address, a QR code that decodes to it, the class code very large and
above the fold (at 1280x800 and at 1920x1080), and each open room's code smaller and
labelled. Students join by the class code and one answers a lesson exercise; the
projector follows rooms being started, made and closed. Nothing of any single student
reaches it: no name, seat, answer or mark in its DOM or in any websocket frame it
received. A browser without the teacher's pass sees one sentence and nothing of the
class.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cipherkit.serve.csp import CONTENT_SECURITY_POLICY
from tests.browser.play_page import PlayPage, as_text
from tests.browser.recorded_page import RecordedPage
from tests.browser.test_teacher_classroom import (  # the same `cipherkit serve` fixture
    LESSON,
    LessonPage,
    TeacherPage,
    class_server,  # noqa: F401  (a fixture)
)
from tests.browser.waits import wait_for_js
from tests.widgets.lessons import LESSON_ANSWERS

pytestmark = pytest.mark.browser

PROJECTOR = "[data-testid=projector]"
STUDENTS = ("Marigold Vex", "Octavia Plume", "Zebedee Quill")
"""Names no page shows of its own: a leak is found by looking for them."""


class ProjectorPage(RecordedPage):
    path = "projector.ipynb"

    def ready(self) -> None:
        self.page.wait_for_selector(PROJECTOR)


def record(page: Any, frames: list[str | bytes], seen: dict[str, list[str]]) -> None:
    """Keep every frame the page receives, its document's policy header and any refusal
    by the policy (a popup is handed over once its first response has come: its
    policy is read on the stranger's page, the same page from the same server)."""
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    page.on(
        "response",
        lambda r: (
            seen["policy"].append(r.headers.get("content-security-policy", ""))
            if r.url.split("?")[0].endswith("/projector.ipynb")
            else None
        ),
    )
    page.on(
        "console",
        lambda m: seen["refused"].append(m.text) if "Content Security Policy" in m.text else None,
    )


def box(page: Any, selector: str) -> dict[str, float]:
    return dict(
        page.locator(selector).evaluate(
            """n => { const r = n.getBoundingClientRect();
                      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                              font: parseFloat(getComputedStyle(n).fontSize)}; }"""
        )
    )


def decode_qr(png: bytes) -> str:
    """The text of the QR code in a screenshot (OpenCV's detector)."""
    import cv2
    import numpy as np

    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    # a white margin around the element's own quiet zone, as on a wall
    image = cv2.copyMakeBorder(image, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=255)
    text, points, _ = cv2.QRCodeDetector().detectAndDecode(image)
    assert points is not None and text, "no QR code found in the screenshot"
    return str(text)


def test_the_projector_shows_the_class_and_nothing_of_a_student(
    class_server: Any,  # noqa: F811
    devices: Any,
) -> None:
    server, _, link = class_server
    play_address = f"{server.url}/voila/render/play-together.ipynb"

    # A browser without the teacher's pass: one sentence, nothing of any class.
    seen: dict[str, list[str]] = {"policy": [], "refused": []}
    alone = devices({"width": 1280, "height": 800})
    record(alone, [], seen)
    stranger = ProjectorPage(alone, server).open()
    stranger.page.locator("[data-testid=projector-closed]").filter(
        has_text="Project button of the teacher's page"
    ).wait_for()

    teacher = TeacherPage(
        devices({"width": 1280, "height": 800}), server, "#key=" + link.split("#key=")[1]
    ).open()
    teacher.page.wait_for_selector("[data-testid=start-form]")
    teacher.page.locator("[data-testid=title]").fill("Projected class")
    teacher.page.locator("[data-testid=start]").click()
    teacher.page.wait_for_selector("[data-testid=class-code]")
    class_code = teacher.page.locator("[data-testid=class-code]").inner_text().strip()
    teacher.page.locator("[data-testid=preset]", has_text="Decipher pairs").click()
    teacher.page.locator("[data-testid=rooms]").fill("2")
    teacher.page.locator("[data-testid=make]").click()
    wait_for_js(
        teacher.page, "() => document.querySelectorAll('[data-testid=room-card]').length === 2"
    )
    codes = teacher.page.locator("[data-testid=room-code]").all_inner_texts()

    # Project: the projector's page, in its own window, on the teacher's pass.
    frames: list[str | bytes] = []
    context = teacher.page.context
    context.on("page", lambda page: record(page, frames, seen))
    with context.expect_page() as opened:
        teacher.page.locator("[data-testid=project]").click()
    screen = opened.value
    screen.set_default_timeout(30_000)
    assert screen.url.endswith("/voila/render/projector.ipynb")
    screen.locator("[data-testid=projector-class-code]").filter(has_text=class_code).wait_for()
    screen.locator("[data-testid=projector-address]").filter(has_text=play_address).wait_for()
    shown = screen.locator("[data-testid=projector-room-code]").all_inner_texts()
    assert shown == codes
    labels = screen.locator("[data-testid=projector-room]").all_inner_texts()
    assert "room 1" in labels[0].lower() and "decipher" in labels[0].lower(), labels
    assert "room 2" in labels[1].lower()

    # The class code: very large, above the fold, larger than any room code.
    for width, height in ((1280, 800), (1920, 1080)):
        screen.set_viewport_size({"width": width, "height": height})
        screen.wait_for_timeout(200)
        big = box(screen, "[data-testid=projector-class-code]")
        room = box(screen, "[data-testid=projector-room-code] >> nth=0")
        qr = box(screen, "[data-testid=projector-qr]")
        assert big["bottom"] <= height and big["right"] <= width, (width, big)
        assert big["right"] <= qr["left"], (width, big, qr)  # beside the QR code, whole
        fits = screen.locator("[data-testid=projector-class-code]").evaluate(
            "n => n.scrollWidth <= n.clientWidth"
        )
        assert fits, f"the class code is clipped at {width} px"
        assert big["font"] >= 100 and big["font"] >= 2.5 * room["font"], (width, big, room)
        assert qr["bottom"] <= height and qr["right"] <= width, (width, qr)
        screen.screenshot(path=str(server.log.parent / f"projector-{width}.png"))
    screen.set_viewport_size({"width": 1280, "height": 800})
    screen.wait_for_timeout(200)

    # The QR code is the address, read back from what the screen shows.
    assert decode_qr(screen.locator("[data-testid=projector-qr]").screenshot()) == play_address
    src = screen.locator("[data-testid=projector-qr]").get_attribute("src") or ""
    assert src.startswith("data:image/svg+xml;base64,")

    # Students join by the class code; one answers a lesson exercise in the class.
    phones = []
    for name in STUDENTS[:2]:
        phone = PlayPage(devices({"width": 390, "height": 844}), server).open()
        phone.join(class_code, name)
        phone.table_ready()
        phones.append(phone)
    lesson = LessonPage(devices(), server).open()
    exercise = lesson.page.locator("[data-testid=exercise]").first
    exercise.locator("[data-testid=class-code]").fill(class_code)
    exercise.locator("[data-testid=student-name]").fill(STUDENTS[2])
    exercise.locator("[data-testid=class-join]").click()
    lesson.page.locator("[data-testid=class-info]").first.filter(has_text=STUDENTS[2]).wait_for()
    answer = LESSON_ANSWERS[LESSON.split("/")[1].removesuffix(".ipynb")][0]
    exercise.locator("input[aria-label='your answer']").fill(answer)
    exercise.locator("button[type=submit]").first.click()
    exercise.locator("[data-testid=result]").filter(has_text="correct").wait_for()
    teacher.page.locator(
        f"[data-testid=grid-row][data-student='{STUDENTS[2]}'] [data-testid=grid-cell]"
    ).filter(has_text="✓ 1").wait_for()

    # The projector follows the class: Start, a room made, a room closed.
    waiting = screen.locator("[data-testid=projector-room]").first.inner_text().lower()
    assert "waiting" in waiting
    teacher.page.locator("[data-testid=start-rooms]").click()
    screen.locator("[data-testid=projector-room]").first.filter(has_text="playing").wait_for()
    teacher.page.locator("input[data-testid=rooms]").fill("1")
    teacher.page.locator("[data-testid=make]").click()
    wait_for_js(
        screen, "() => document.querySelectorAll('[data-testid=projector-room]').length === 3"
    )
    other = codes[1]  # the class code seated both students in the first room
    teacher.page.once("dialog", lambda dialog: dialog.accept())
    teacher.row(other).locator("[data-testid=close-room]").click()
    screen.locator(f"[data-testid=projector-room][data-code='{other}']").wait_for(state="detached")
    screen.wait_for_timeout(1500)  # a refresh or two more, with everything in the class

    # Nothing per student: no name, seat, answer or mark in its DOM or its frames.
    dom = screen.content() + "\n" + screen.evaluate("() => document.body.innerText")
    received = "\n".join(map(as_text, frames))
    assert received and class_code in received  # the frames were recorded
    per_student = [
        *STUDENTS,
        answer,
        "✓",
        "✗",
        '"seated"',
        '"people"',
        '"grid"',
        '"tries"',
        '"seat"',
        '"score"',
    ]
    for where, text in (("DOM", dom), ("websocket frames", received)):
        leaked = [s for s in per_student if s in text]
        assert not leaked, f"the projector's {where} holds {leaked}"
    assert not re.search(r"\bseat \d", dom + received, re.I)

    # The page carries the gallery's policy, and nothing on it was refused by it.
    assert seen["policy"] and set(seen["policy"]) == {CONTENT_SECURITY_POLICY}, seen
    assert not seen["refused"], seen["refused"]

    # The stranger's page never learned the class either.
    stranger_text = stranger.page.content() + "\n".join(map(as_text, stranger.frames))
    assert class_code not in stranger_text and not any(c in stranger_text for c in codes)
    assert not any(s in stranger_text for s in STUDENTS)

    # The session ends: the projector says so and forgets its codes.
    teacher.page.once("dialog", lambda dialog: dialog.accept())
    teacher.page.locator("[data-testid=end-session]").click()
    screen.locator("[data-testid=projector-closed]").filter(has_text="ended").wait_for()
    assert screen.locator("[data-testid=projector-class-code]").count() == 0
