"""A class across a term (issue #46) from real browsers, on a server ``cipherkit serve``
started: a teacher at 1280x800 imports the class's roster, six phones (390x844) join
with one class code, a student is moved and renamed mid-game and plays on, a removed
student's seat is taken by a bot and that game ends, the second round is seated with one
click (every page follows), the session ends and its results stay on the teacher's page
and in its export; homework set on the page is done from fresh browsers after the
session ended, before the due time (counted) and after it (counted late).
"""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path
from typing import Any

import pytest

from cipherkit.classroom import open_classroom
from cipherkit.classroom.homework import homework_list, progress
from cipherkit.classroom.worksheets import load_worksheet
from cipherkit.rooms import open_store
from tests.browser.axe_checks import blocking, run_axe
from tests.browser.conftest import UI_TIMEOUT_MS
from tests.browser.play_page import PlayPage
from tests.browser.test_teacher_classroom import LessonPage, TeacherPage, class_server
from tests.browser.waits import wait_for_js
from tests.games.mission.art.art_helpers import Pdf
from tests.widgets.lessons import LESSON_ANSWERS

pytestmark = pytest.mark.browser

__all__ = ["class_server"]  # the fixture, shared with test_teacher_classroom

ROSTER = (
    "student id;name;email\n"
    "S-01;Ada Lovelace;ada@school.example\n"
    "S-02;Bo;bo@school.example\n"
    "S-03;Cy;cy@school.example\n"
    "S-04;Di;di@school.example\n"
    "S-05;Пётр;petr@school.example\n"
    "S-06;Zoë;zoe@school.example\n"
)
NAMES = ["ada lovelace", "Bo", "Cy", "Di", "Пётр", "Zoë"]  # Ada typed as she likes
LESSON = "01-caesar-and-brute-force"


def seated_code(phone: PlayPage) -> str:
    return str(phone.page.locator("[data-testid=lobby] [data-testid=room-code]").inner_text())


def where(store: Any, name: str) -> tuple[str, int] | None:
    """The open room and seat the store has ``name`` in (the newest room first)."""
    for info in store.rooms():
        for seat in info["seats"]:
            if seat.get("name") == name and seat.get("taken") and not seat.get("bot"):
                return str(info["code"]), int(seat["seat"])
    return None


def test_a_term_class_two_rounds_moves_removal_end_and_homework(
    class_server: Any, browser: Any, tmp_path: Path
) -> None:
    server, url, link = class_server
    made: list[Any] = []

    def device(width: int, height: int) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        made.append(context)
        page = context.new_page()
        page.set_default_timeout(UI_TIMEOUT_MS)
        page.set_default_navigation_timeout(4 * UI_TIMEOUT_MS)
        return page

    store = open_store(url)
    try:
        teacher = TeacherPage(device(1280, 800), server, "#key=" + link.split("#key=")[1]).open()
        tp = teacher.page
        answers: list[str] = []  # what the teacher types in the next prompt, if any
        tp.on("dialog", lambda dialog: dialog.accept(*answers[:1]) or answers.clear())
        tp.wait_for_selector("[data-testid=start-form]")
        tp.locator("[data-testid=title]").fill("Monday")
        tp.locator("[data-testid=start-class]").fill("Year 9")
        tp.locator("[data-testid=start]").click()
        tp.wait_for_selector("[data-testid=class-card]")
        roster = tmp_path / "roster.csv"
        roster.write_text("\ufeff" + ROSTER, encoding="utf-8")  # a BOM and semicolons
        tp.locator("[data-testid=roster-card] summary").click()
        tp.locator("[data-testid=roster-file]").set_input_files(str(roster))
        tp.locator("[data-testid=teacher-message]", has_text="6 added, 0 updated").wait_for()
        assert tp.locator("[data-testid=roster-row]").count() == 6
        tp.locator("[data-testid=preset]", has_text="Decipher pairs").click()
        tp.locator("[data-testid=rooms]").fill("4")
        tp.locator("[data-testid=make]").click()
        wait_for_js(tp, "() => document.querySelectorAll('[data-testid=room-card]').length === 4")
        class_code = tp.locator("[data-testid=projected-class-code]").inner_text().strip()

        # Six phones join with the class code; a name not on the roster is refused.
        stranger = PlayPage(device(390, 844), server).open()
        stranger.page.locator("[data-testid=join-form] [data-testid=code]").fill(class_code)
        wait_for_js(  # the class's roster is offered to pick a name from
            stranger.page,
            "() => document.querySelectorAll('[data-testid=roster-names] option').length === 6",
        )
        picked = stranger.page.locator("[data-testid=roster-names] option").evaluate_all(
            "options => options.map(o => o.value)"
        )
        assert picked == ["Ada Lovelace", "Bo", "Cy", "Di", "Пётр", "Zoë"]
        stranger.join(class_code, "Mallory")
        stranger.page.locator(
            "[data-testid=lobby-message]", has_text="not on the roster of Year 9"
        ).wait_for()
        phones: dict[str, PlayPage] = {}
        for typed in NAMES:
            phone = PlayPage(device(390, 844), server).open()
            phone.join(class_code, typed)
            phone.table_ready()
            phones[typed] = phone
        ada = phones["ada lovelace"]
        places = {typed: where(store, "Ada Lovelace" if typed == "ada lovelace" else typed)
                  for typed in NAMES}  # fmt: skip
        assert all(places.values()), places
        first_codes = {code for code, _ in places.values() if code}
        assert len(first_codes) == 3  # three full pairs; the fourth room waits empty
        empty = next(
            c for c in tp.locator("[data-testid=room-card]").evaluate_all(
                "cards => cards.map(c => c.dataset.code)") if c not in first_codes
        )  # fmt: skip
        tp.locator("[data-testid=start-rooms]").click()
        tp.locator("[data-testid=start-rooms]").wait_for(state="detached")

        # Ada is moved mid-game to the empty room: her phone follows; a bot takes her
        # old seat. She is renamed, the teacher lets a bot sit with her, and she plays on.
        ada_room, ada_seat = places["ada lovelace"]  # type: ignore[misc]
        person = teacher.row(ada_room).locator("[data-testid=person][data-name='Ada Lovelace']")
        move = person.locator("[data-testid=move]")
        move.select_option(label=f"{empty} (2 free)")
        wait_for_js(ada.page, "code => document.querySelector('[data-testid=lobby] "
                    "[data-testid=room-code]')?.textContent === code", arg=empty)  # fmt: skip
        old = store.room(ada_room).info()["seats"][ada_seat]
        assert old["bot"], old
        answers.append("Ada L.")
        teacher.row(empty).locator("[data-testid=person][data-name='Ada Lovelace']").locator(
            "[data-testid=rename]"
        ).click()
        teacher.row(empty).locator("[data-testid=person][data-name='Ada L.']").wait_for()
        teacher.row(empty).locator("[data-testid=fill-bots]").click()
        room4 = store.room(empty)
        ada.page.wait_for_selector("[data-testid=hand] button[data-card]:not([disabled])")
        before = room4.version
        ada.page.locator("[data-testid=hand] button[data-card]:not([disabled])").first.click()
        assert room4.wait(before, timeout=30) > before  # she plays on, in her new seat

        # Bo is removed: a bot takes his seat at once, and his room's game ends.
        bo_room, bo_seat = places["Bo"]  # type: ignore[misc]
        teacher.row(bo_room).locator("[data-testid=person][data-name=Bo]").locator(
            "[data-testid=remove]"
        ).click()
        phones["Bo"].page.locator(
            "[data-testid=message]", has_text="took you out of this room"
        ).wait_for()
        end = time.monotonic() + 30  # the bot sits down just after Bo is told
        while not store.room(bo_room).info()["seats"][bo_seat]["bot"]:
            assert time.monotonic() < end, "no bot took Bo's seat"
            time.sleep(0.05)
        mate = next(t for t, p in places.items() if p and p[0] == bo_room and t != "Bo")
        handle = store.resume(phones[mate].seat_token())
        for _ in range(400):
            if store.room(bo_room).info()["over"]:
                break
            legal = handle.legal_actions()
            if legal:
                handle.act(legal[0])
            else:
                time.sleep(0.05)
        assert store.room(bo_room).info()["over"]
        tp.locator(f"[data-testid=result-row][data-code='{bo_room}']").wait_for()

        # The second round, in one click: every seated student's phone follows.
        tp.locator("[data-testid=next-round]").click()
        followers = [t for t in NAMES if t != "Bo"]
        for typed in followers:
            wait_for_js(
                phones[typed].page,
                "old => { const c = document.querySelector('[data-testid=lobby] "
                "[data-testid=room-code]'); return c && !old.includes(c.textContent); }",
                arg=[*first_codes, empty],
            )
            phones[typed].table_ready()
        second = {t: seated_code(phones[t]) for t in followers}
        for typed, code in second.items():
            shown = "Ada L." if typed == "ada lovelace" else typed
            assert where(store, shown) is not None and where(store, shown)[0] == code  # type: ignore[index]
        tp.locator(f"[data-testid=room-card][data-code='{second['Cy']}']").wait_for()

        # Homework, set on the page for the class: due tomorrow.
        tp.locator("[data-testid=homework] summary").click()
        tp.locator("[data-testid=homework-lesson]").select_option(LESSON)
        due = time.strftime("%Y-%m-%dT%H:%M", time.localtime(time.time() + 86400))
        tp.locator("[data-testid=homework-due]").fill(due)
        tp.locator("[data-testid=homework-assign]").click()
        item = tp.locator(f"[data-testid=homework-item][data-lesson='{LESSON}']")
        item.wait_for()
        homework_link = item.locator("[data-testid=homework-link]").input_value()
        assert homework_link.startswith(server.url) and "#homework=" in homework_link

        # A worksheet to print for the next lesson: Letter paper, the students' pages only.
        tp.locator("[data-testid=worksheets] summary").click()
        tp.locator("[data-testid=worksheet-lesson]").select_option("09-one-time-pad")
        tp.locator("[data-testid=worksheet-paper]").select_option("letter")
        tp.locator("[data-testid=worksheet-answers]").uncheck()
        with tp.expect_download(timeout=UI_TIMEOUT_MS) as sheet:
            tp.locator("[data-testid=worksheet-download]").click()
        assert sheet.value.suggested_filename == "09-one-time-pad-student-sheet-letter.pdf"
        pages = Pdf(Path(sheet.value.path()).read_bytes()).pages()
        said = " ".join(" ".join(p.text) for p in pages)
        assert pages and all(p.size == (612.0, 792.0) for p in pages)
        first = load_worksheet("09-one-time-pad").exercises[0]
        assert "Exercise 1" in said and "FOR THE TEACHER" not in said and first.answer not in said

        # The unlocked page, with its rooms, homework and worksheet cards open, passes axe
        # (WCAG A/AA and best practices: nothing moderate or worse; issue #50).
        problems = blocking(run_axe(tp))
        assert not problems, "\n".join(problems)

        # End: the results stay on the teacher's page, and its export has the roster.
        tp.locator("[data-testid=end-session]").click()
        past = tp.locator("[data-testid=past]")
        past.wait_for()
        wait_for_js(
            tp, "() => document.querySelectorAll('[data-testid=past-result-row]').length === 8"
        )
        assert bo_room in past.inner_text() and "Ada L." in past.inner_text()
        with tp.expect_download() as downloaded:
            past.locator("[data-testid=past-export-students]").click()
        text = Path(downloaded.value.path()).read_bytes().decode("utf-8-sig")
        rows = list(csv.DictReader(io.StringIO(text)))
        assert [r["student_id"] for r in rows] == [f"S-0{i}" for i in range(1, 7)]
        by_id = {r["student_id"]: r for r in rows}
        assert (
            by_id["S-01"]["student"] == "Ada L." and by_id["S-01"]["email"] == "ada@school.example"
        )
        assert int(by_id["S-02"]["rooms"]) == 1  # Bo's game stays in the results
        assert by_id["S-06"]["decipher_max"] in ("0", "1")  # numbers as numbers

        # At home, after the session ended: Cy opens the link in a fresh browser and is
        # counted before the due time; Di, after it, is counted late.
        work = next(w for w in homework_list(open_classroom(url)) if w.lesson == LESSON)
        answer = LESSON_ANSWERS[LESSON][0]

        def do_homework(name: str) -> Any:
            lesson = LessonPage(device(390, 844), server)
            lesson.path = homework_link.split("/voila/render/", 1)[1]
            lesson.open()
            box = lesson.page.locator("[data-testid=exercise]").first
            box.locator("[data-testid=class-code]").fill(work.code)
            box.locator("[data-testid=student-name]").fill(name)
            box.locator("[data-testid=class-join]").click()
            info = box.locator("[data-testid=class-info]")
            info.filter(has_text=f"as {name}").wait_for()
            box.locator("input[aria-label='your answer']").fill(answer)
            box.locator("button[type=submit]").first.click()
            box.locator("[data-testid=result]").filter(has_text="correct").wait_for()
            return info

        do_homework("Cy")
        with open_classroom(url) as desk:
            rows = {r["name"]: r for r in progress(desk, work.session_id)}
            assert (rows["Cy"]["solved"], rows["Cy"]["late"]) == (1, 0)
            conn = desk.db.connection()  # the due time passes
            with conn.transaction(write=True):
                conn.execute(
                    "UPDATE class_homework SET due = ? WHERE session_id = ?",
                    (time.time() - 1, work.session_id),
                )
        late = do_homework("Di")
        assert "marked late" in late.inner_text()
        with open_classroom(url) as desk:
            rows = {r["name"]: r for r in progress(desk, work.session_id)}
            assert (rows["Di"]["solved"], rows["Di"]["late"]) == (0, 1)
            assert (rows["Ada L."]["tried"], rows["Bo"]["tried"]) == (0, 0)  # absent, listed
    finally:
        store.close()
        for context in made:
            context.close()
