"""Intercept's sand timer and the game on phones (issue #31 items 8 and 9), from real
browsers on a server started by ``cipherkit serve``: a teacher at 1280x800 makes an
Intercept room with a 30 s timer, four students on phones (390x844) join with the class
code. The countdown ticks on the phone between views, the teacher's +30 s, off, on and
length reach the phone at once, the warning comes at 10 s (read out: aria-live on the
warning only), the clue being typed when time runs out is shown back, the decrypt
buttons show the team's keywords, the intercept buttons the clues filed under each
number, and a team-mate's sent guess is shown to the team and not to the other team."""

from __future__ import annotations

import time
from typing import Any

import pytest

from cipherkit.rooms import open_store
from tests.browser.intercept_page import TABLE as ITABLE
from tests.browser.intercept_page import InterceptSeat
from tests.browser.test_teacher_classroom import TeacherPage, class_server
from tests.browser.waits import wait_for_js

pytestmark = pytest.mark.browser

__all__ = ["class_server"]  # the module's server: `cipherkit serve` with a teacher key

PHONE = {"width": 390, "height": 844}


def left(phone: InterceptSeat) -> int:
    """The seconds the phone's countdown shows now."""
    return int(
        phone.page.locator(f"{ITABLE} [data-testid=countdown-time]").get_attribute("data-left")
    )


def replies(phone: InterceptSeat) -> str:
    """How many updates from the kernel the table has drawn."""
    return str(phone.page.locator(ITABLE).get_attribute("data-replies"))


def write_three(room: Any, seat: int) -> list[str]:
    """The seat's three clues, given on the server from the clues legal now."""
    given = []
    for _ in range(3):
        text = next(t for t in room.session().legal_texts(seat) if t.startswith("clue "))
        room.act(seat, text)
        given.append(text.removeprefix("clue "))
    return given


def test_the_sand_timer_and_the_game_on_four_phones(class_server: Any, devices: Any) -> None:
    server, url, link = class_server
    teacher = TeacherPage(
        devices({"width": 1280, "height": 800}), server, "#key=" + link.split("#key=")[1]
    ).open()
    tp = teacher.page
    tp.wait_for_selector("[data-testid=start-form]")
    tp.locator("[data-testid=title]").fill("Timers")
    tp.locator("[data-testid=start]").click()
    form = tp.locator("[data-testid=make-form]")
    form.locator("[data-testid=game]").select_option("intercept")
    form.locator("[data-testid=players]").select_option("4")
    form.locator("[data-testid=rooms]").fill("1")
    form.locator("[data-testid=people]").fill("4")
    form.locator("[data-testid=option-timer]").select_option("30")
    form.locator("[data-testid=make]").click()
    wait_for_js(tp, "() => document.querySelectorAll('[data-testid=room-card]').length === 1")
    class_code = tp.locator("[data-testid=projected-class-code]").inner_text().strip()

    phones: dict[str, InterceptSeat] = {}
    for name in ("Ada", "Bo", "Cy", "Di"):
        phone = InterceptSeat(devices(PHONE), server).open()
        phone.join(class_code, name)
        phone.page.locator("[data-testid=message]", has_text="starts when your teacher").wait_for()
        phones[name] = phone
    store = open_store(url)
    try:
        (info,) = [r for r in store.rooms() if r["status"] == "open"]
        room = store.room(info["id"])
        assert room.record().config["timer"] == 30  # the teacher's room has the timer
        by_seat = {s["seat"]: phones[s["name"]] for s in room.info()["seats"]}
        tp.locator("[data-testid=start-rooms]").click()
        # the click reaches the store through the teacher's kernel: wait for the start
        # itself (a held table may already look ready), then for each phone to draw it
        deadline = time.monotonic() + 30
        while room.info().get("held"):
            assert time.monotonic() < deadline, "the teacher's start never reached the room"
            time.sleep(0.1)
        for phone in phones.values():
            phone.page.locator(
                "[data-testid=message]", has_text="starts when your teacher"
            ).wait_for(state="hidden")
            phone.table_ready()
        keywords = {t: list(room.session().state.keywords[t]) for t in (0, 1)}

        # White's Encryptor is done: Black's Encryptor (seat 1) has 30 s, shown beside
        # the clue box, and it ticks on the phone with no new view from the kernel.
        white_clues = write_three(room, 0)
        bo = by_seat[1]
        countdown = bo.page.locator(f"{ITABLE} [data-testid=encrypt] [data-testid=countdown]")
        countdown.wait_for()
        first, drawn = left(bo), replies(bo)
        assert 20 <= first <= 30
        time.sleep(2.2)
        assert left(bo) <= first - 2
        assert replies(bo) == drawn  # no view came from the kernel: the page ticked
        box = bo.page.locator(f"{ITABLE} [data-testid=clue-input]")
        box.type("sunri", delay=20)  # half a clue: never given
        assert bo.page.locator(f"{ITABLE} [data-testid=countdown]").count() == 1
        assert "runs out" not in bo.text("status")
        # only the warning is a live region: the ticking seconds are not read out
        assert (
            bo.page.locator(f"{ITABLE} [data-testid=countdown-time]").get_attribute("aria-live")
            is None
        )
        warning = bo.page.locator(f"{ITABLE} [data-testid=timer-warning]")
        assert warning.get_attribute("aria-live") == "assertive" and warning.inner_text() == ""
        # the other phones count down too (the team-mates wait on it)
        by_seat[3].page.locator(f"{ITABLE} [data-testid=countdown]").wait_for()

        row = teacher.row(room.code)
        row.locator("[data-testid=timer-state]", has_text="left").wait_for()
        before = left(bo)
        row.locator("[data-testid=timer-extend]").click()
        wait_for_js(
            bo.page,
            f"""() => Number(document.querySelector('{ITABLE} [data-testid=countdown-time]')
                  .dataset.left) > {before + 20}""",
        )
        row.locator("[data-testid=timer-off]").click()
        bo.page.locator(f"{ITABLE} [data-testid=countdown]").wait_for(state="detached")
        row.locator("[data-testid=timer-state]", has_text="timer off").wait_for()
        row.locator("[data-testid=timer-on]").click()
        bo.page.locator(f"{ITABLE} [data-testid=countdown]").wait_for()
        row.locator("[data-testid=timer-length]").select_option("15")  # from the clues: 15 s
        wait_for_js(
            bo.page,
            f"""() => Number(document.querySelector('{ITABLE} [data-testid=countdown-time]')
                  .dataset.left) <= 10""",
        )
        warning.wait_for()
        wait_for_js(
            bo.page,
            f"() => document.querySelector('{ITABLE} [data-testid=timer-warning]')"
            ".innerText.includes('Hurry')",
        )
        assert "ck-countdown-warn" in (
            bo.page.locator(f"{ITABLE} [data-testid=countdown]").get_attribute("class") or ""
        )
        assert box.input_value() == "sunri"

        # Time runs out (the server calls it): what Bo was typing is shown back.
        bo.page.locator(f"{ITABLE} [data-testid=time-up]").wait_for(timeout=30_000)
        assert "sunri" in bo.page.locator(f"{ITABLE} [data-testid=kept-clue]").inner_text()
        state = room.session().state
        assert state.timed_out and state.phase == "guess"

        # White's clues are read: the decrypt buttons on Cy's phone show White's keywords.
        cy = by_seat[2]
        cy.page.wait_for_selector(f"{ITABLE}[data-role=decryptor]")
        labels = cy.page.locator(f"{ITABLE} [data-testid=clue-1] [data-testid=digit-label]")
        assert labels.all_inner_texts() == keywords[0]
        box_width = cy.page.locator(f"{ITABLE} [data-testid=guess]").bounding_box()
        assert box_width is not None and box_width["width"] <= PHONE["width"]
        first_code = list(state.codes[0])
        cy.guess(room, first_code)
        by_seat[3].guess(room, list(room.session().state.codes[1]))  # Di for Black
        state = room.session().state
        assert state.round == 2

        # Round 2: a team-mate's guess is shown to the team, not to the other team.
        writers = sorted(state.encryptors)
        for seat in writers:
            write_three(room, seat)
        state = room.session().state
        (white_reader,) = state.decryptors()
        code = ".".join(map(str, state.codes[0]))
        interceptor = by_seat[state.teams[1][0]]
        interceptor.page.wait_for_selector(f"{ITABLE}[data-role=interceptor]")
        filed = interceptor.page.locator(
            f"{ITABLE} [data-testid=clue-1] [data-testid=digit-label]"
        ).all_inner_texts()
        for clue, digit in zip(white_clues, first_code, strict=True):
            assert clue in filed[digit - 1], (clue, digit, filed)
        assert not any(word in " ".join(filed) for word in keywords[0])
        guess = [3, 2, 1] if list(state.codes[0]) != [3, 2, 1] else [1, 2, 3]
        by_seat[white_reader].guess(room, guess)
        text = ".".join(map(str, guess))
        mate = by_seat[next(s for s in state.teams[0] if s != white_reader)]
        mate.page.locator(f"{ITABLE} [data-testid=team-guess]", has_text=text).wait_for()
        for seat in state.teams[1]:
            page = by_seat[seat].page
            page.wait_for_selector(f"{ITABLE}[data-role=interceptor]")
            assert page.locator(f"{ITABLE} [data-testid=team-guess]").count() == 0
            assert f"guess is sent: {text}" not in page.locator(ITABLE).inner_text()
        assert code  # the true code was never needed on the phones
    finally:
        store.close()
