"""The teacher's classroom from real browsers, on a server started by ``cipherkit serve``.

The teacher opens the link ``cipherkit serve`` printed, starts a class session and makes
two Decipher rooms; four student browsers join them with the codes and play their first
turn by clicks (the rest of each game is played quickly through the store with the
students' own resume tokens and legal actions); the teacher page shows both rooms move
and then their results. A student answers a lesson exercise with the class code and
their name: the teacher's grid shows it, and ``cipherkit class export`` writes the same.
A browser with a wrong key gets nothing of the class: not in the HTML, the widget
states, or any websocket frame.
"""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.classroom import open_classroom
from cipherkit.publish.contents import room_contents
from cipherkit.rooms import open_store
from tests.browser.conftest import (
    SERVER_START_TIMEOUT,
    UI_TIMEOUT_MS,
    KernelClient,
    Server,
    free_port,
    stop_process_group,
    wait_until_up,
)
from tests.browser.play_page import PlayPage, play_first_turn
from tests.browser.recorded_page import RecordedPage
from tests.browser.waits import wait_for_js
from tests.widgets.lessons import LESSON_ANSWERS

pytestmark = pytest.mark.browser

KEY = "classroom-teacher-key-2026"
WIDGETS = Path(__file__).resolve().parents[2] / "cipherkit" / "widgets"
TEACHER = "[data-testid=teacher]"
LESSON = "lessons/01-caesar-and-brute-force.ipynb"


# Private (not voila_servers): started by `cipherkit serve` itself, whose printed teacher
# link is under test, with a teacher key in a store of its own.
@pytest.fixture(scope="module")
def class_server(gallery: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``cipherkit serve`` on the gallery copy with its own store and teacher key;
    yields (server, store URL, the teacher link it printed)."""
    folder = tmp_path_factory.mktemp("class-store")
    url = f"sqlite:///{folder / 'rooms.db'}"
    port = free_port()
    log = folder / "serve.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("CIPHERKIT_SEED", None)
    env.pop("CIPHERKIT_STORE", None)
    command = [sys.executable, "-m", "cipherkit.cli", "serve", str(gallery), "--port", str(port)]
    key_file = folder / "teacher.key"  # not --teacher-key: ps shows a command line
    key_file.write_text(KEY + "\n", encoding="utf-8")
    command += ["--store", url, "--teacher-key-file", str(key_file)]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=gallery,
            start_new_session=True,
        )
    server_url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(server_url + "/", process, log, SERVER_START_TIMEOUT)
        printed = re.search(r"teacher page: (\S+)", log.read_text())
        assert printed, log.read_text()
        yield Server(server_url, port, 0, gallery, log), url, printed.group(1)
    finally:
        stop_process_group(process)


class TeacherPage(RecordedPage):
    path = "teacher.ipynb"

    def __init__(self, page: Any, server: Server, fragment: str = "") -> None:
        super().__init__(page, server)
        self.fragment = fragment

    def open(self) -> TeacherPage:
        def on_socket(ws: Any) -> None:
            self.socket_urls.append(ws.url)
            ws.on("framereceived", lambda payload: self.frames.append(payload))

        self.page.on("websocket", on_socket)
        response = self.page.goto(f"{self.server.url}/voila/render/{self.path}{self.fragment}")
        assert response is not None and response.status == 200
        self.first_html = response.text()
        self.page.wait_for_selector(f"{TEACHER} h2")
        return self

    def row(self, code: str) -> Any:
        return self.page.locator(f"[data-testid=room-row][data-code='{code}']")


class LessonPage(RecordedPage):
    path = LESSON

    def ready(self) -> None:
        wait_for_js(
            self.page, "() => document.querySelectorAll('[data-testid=exercise]').length >= 2"
        )


def test_a_class_from_start_to_export(class_server: Any, devices: Any, tmp_path: Path) -> None:
    server, url, link = class_server
    assert link.endswith(f"/voila/render/teacher.ipynb#key={KEY}")
    store = open_store(url)

    # The teacher opens the printed link: the key unlocks the page and leaves the address.
    teacher = TeacherPage(devices(), server, "#key=" + link.split("#key=")[1]).open()
    teacher.page.wait_for_selector("[data-testid=start-form]")
    assert "key=" not in teacher.page.url
    teacher.page.locator("[data-testid=title]").fill("Year 9 codes")
    teacher.page.locator("[data-testid=start]").click()
    teacher.page.wait_for_selector("[data-testid=class-code]")
    class_code = teacher.page.locator("[data-testid=class-code]").inner_text().strip()
    teacher.page.locator("[data-testid=preset]", has_text="Decipher pairs").click()
    teacher.page.locator("[data-testid=rooms]").fill("2")
    teacher.page.locator("[data-testid=make]").click()
    wait_for_js(
        teacher.page, "() => document.querySelectorAll('[data-testid=room-code]').length === 2"
    )
    codes = teacher.page.locator("[data-testid=room-code]").all_inner_texts()
    assert len(set(codes)) == 2 and all(re.fullmatch(r"[A-Z]+-\d{5}-[A-Z]+", c) for c in codes)
    size = teacher.page.locator("[data-testid=room-code]").first.evaluate(
        "n => parseFloat(getComputedStyle(n).fontSize)"
    )
    assert size >= 30  # readable from the back of a classroom

    # Four students join, two per room, and play their first turn by clicks.
    names = {codes[0]: ("Ada", "Bo"), codes[1]: ("Cy", "Di")}
    students: dict[str, dict[int, PlayPage]] = {}
    for code, pair in names.items():
        seats = {}
        for seat, name in enumerate(pair):
            student = PlayPage(devices(), server).open()
            student.join(code, name)
            student.table_ready()
            seats[seat] = student
        students[code] = seats
    for code in codes:
        wait_for_js(
            teacher.page,
            "code => [...document.querySelectorAll(`[data-testid=room-row][data-code='${code}'] "
            ".ck-teacher-on`)].length === 2",
            arg=code,
        )
    # The rooms wait for the teacher's Start: the projector shows who sat where.
    for code, pair in names.items():
        card = teacher.page.locator(f"[data-testid=room-card][data-code='{code}']")
        assert "waiting for start" in card.inner_text().lower()  # the label is in capitals
        assert card.locator("[data-testid=room-names]").inner_text() == ", ".join(pair)
        assert store.room(code).info()["held"] is True
    teacher.page.locator("[data-testid=start-rooms]").click()
    teacher.page.locator("[data-testid=start-rooms]").wait_for(state="detached")
    assert not any(store.room(code).info()["held"] for code in codes)
    for code in codes:
        assert teacher.row(code).locator("[data-testid=progress]").inner_text() == "turn 1"
        play_first_turn(store.room(code), students[code])
    for code in codes:
        row = teacher.row(code)
        wait_for_js(
            teacher.page,
            "code => Number(document.querySelector(`[data-testid=room-row][data-code='${code}']`)"
            ".dataset.version) >= 6",
            arg=code,
        )
        assert row.locator("[data-testid=progress]").inner_text() in ("turn 2", "turn 3")
        assert all(name in row.inner_text() for name in names[code])

    # The games are finished quickly with the students' own seats (their resume tokens
    # from their pages' seat links) and legal actions.
    for code in codes:
        handles = [store.resume(students[code][s].seat_token()) for s in (0, 1)]
        for _ in range(400):
            if store.room(code).info()["over"]:
                break
            for handle in handles:
                legal = handle.legal_actions()
                if legal:
                    handle.act(legal[0])
                    break
        assert store.room(code).info()["over"]
    wait_for_js(
        teacher.page, "() => document.querySelectorAll('[data-testid=result-row]').length === 2"
    )
    results = teacher.page.locator("[data-testid=results]").inner_text()
    assert "Ada / Bo" in results and "Cy / Di" in results
    assert results.count("won") + results.count("draw") >= 2

    # A student answers a lesson exercise in the class: the grid shows it.
    lesson = LessonPage(devices(), server).open()
    box = lesson.page.locator("[data-testid=exercise]").first
    box.locator("[data-testid=class-code]").fill(class_code.lower())
    box.locator("[data-testid=student-name]").fill("Ada")
    box.locator("[data-testid=class-join]").click()
    wait_for_js(
        lesson.page,
        "() => (document.querySelector('[data-testid=class-info]') || {}).textContent"
        "?.includes('as Ada')",
    )
    box.locator("input[aria-label='your answer']").fill("something else")
    box.locator("button[type=submit]").first.click()
    box.locator("[data-testid=result]").filter(has_text="not yet").wait_for()
    answer = LESSON_ANSWERS["01-caesar-and-brute-force"][0]
    box.locator("input[aria-label='your answer']").fill(answer)
    box.locator("button[type=submit]").first.click()
    box.locator("[data-testid=result]").filter(has_text="correct").wait_for()
    cell = teacher.page.locator("[data-testid=grid-row][data-student=Ada] [data-testid=grid-cell]")
    cell.filter(has_text="✓ 2").wait_for()
    assert "What does the message say?" in teacher.page.locator("[data-testid=grid]").inner_text()
    # The second box of the page was told of the class too (same localStorage).
    lesson.page.locator("[data-testid=class-info]").nth(1).filter(has_text="as Ada").wait_for()

    # The teacher downloads the gradebook from the page: one row per student, each with
    # the result the store holds for their seat and their exercises.
    with teacher.page.expect_download() as downloaded:
        teacher.page.locator("[data-testid=export-students]").click()
    assert downloaded.value.suggested_filename == f"{class_code}-students.csv"
    raw = Path(downloaded.value.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM a spreadsheet needs for UTF-8
    people = {r["student"]: r for r in csv.DictReader(io.StringIO(raw.decode("utf-8-sig")))}
    assert set(people) == {"Ada", "Bo", "Cy", "Di"}
    for code, pair in names.items():
        outcome = store.room(code).info()["outcome"]
        for seat, name in enumerate(pair):
            row = people[name]
            expected = (
                "drawn" if outcome["draw"] else "won" if seat in outcome["winners"] else "lost"
            )
            assert row["rooms"] == "1" and row[expected] == "1", (name, row)
    assert (people["Ada"]["exercises_tried"], people["Ada"]["exercises_solved"]) == ("1", "1")

    # The export holds the same.
    out = tmp_path / "csv"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cipherkit.cli",
            "class",
            "export",
            "--store",
            url,
            "--csv",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    attempts = list(csv.DictReader((out / "attempts.csv").open(encoding="utf-8-sig")))
    assert [(a["class_code"], a["student"], a["lesson"], a["correct"]) for a in attempts] == [
        (class_code, "Ada", "01-caesar-and-brute-force", "no"),
        (class_code, "Ada", "01-caesar-and-brute-force", "yes"),
    ]
    assert attempts[0]["exercise"] == "What does the message say?"
    rooms = {
        r["room_code"]: r for r in csv.DictReader((out / "rooms.csv").open(encoding="utf-8-sig"))
    }
    assert set(rooms) == set(codes)
    assert rooms[codes[0]]["players"] == "Ada / Bo" and rooms[codes[1]]["finished"] == "yes"
    assert all((out / "records" / f"{code}.json").exists() for code in codes)

    # The teacher ends the session: the rooms close, the results stay in the store.
    teacher.page.once("dialog", lambda dialog: dialog.accept())
    teacher.page.locator("[data-testid=end-session]").click()
    teacher.page.wait_for_selector("[data-testid=start-form]")
    with open_classroom(url) as desk:
        session = desk.session(class_code)
        assert not session.is_open
        assert {r["status"] for r in desk.results(session.id)} == {"closed"}
    store.close()


def test_a_wrong_teacher_key_gets_nothing(class_server: Any, devices: Any) -> None:
    server, url, _ = class_server
    with open_classroom(url) as desk:
        session = desk.start_session("Hidden class title")
        from cipherkit.classroom import RoomPlan

        codes = desk.make_rooms(session.id, RoomPlan.parse("2 decipher pairs"))
        desk.record_attempt(session.code, "Secret Student", "01-caesar", "q1", True)
    secrets = [session.code, "Hidden class title", "Secret Student", *codes, KEY]

    intruder = TeacherPage(devices(), server, "#key=not-the-teacher-key-123").open()
    intruder.page.locator("[data-testid=teacher-message]").filter(
        has_text="not the teacher key"
    ).wait_for()
    # Forged messages asking for the class, before any right key.
    kernel = KernelClient(server.port, intruder.kernel_id(wait_seconds=30))
    states = kernel.request_states()
    desk_id = next(
        k
        for k, v in states.items()
        if v["state"].get("_anywidget_id") == "cipherkit.widgets.teacher.TeacherDesk"
    )
    for content in (
        {"type": "continue", "session": session.code},
        {"type": "watch", "room": codes[0]},
        {"type": "end"},
    ):
        kernel.send_to_widget(desk_id, {"method": "custom", "content": content})
    kernel.send_to_widget(
        desk_id, {"method": "update", "state": {"view": {"locked": False}}, "buffer_paths": []}
    )
    intruder.page.wait_for_timeout(2500)  # a live refresh would have run by now
    states_after = kernel.request_states()
    seen = "\n".join(
        [
            intruder.first_html,
            intruder.page.content(),
            str(states),
            str(states_after),
            "\n".join(
                f if isinstance(f, str) else f.decode("utf-8", "replace") for f in intruder.frames
            ),
            "\n".join(kernel.raw) if hasattr(kernel, "raw") else "",
        ]
    )
    assert "TeacherDesk" in seen  # the scan read the widget's state
    leaked = [s for s in secrets if s in seen]
    assert leaked == [], f"a wrong key saw {leaked}"
    assert intruder.page.locator("[data-testid=start-form]").count() == 0
    with open_classroom(url) as desk:
        assert desk.session(session.code).is_open  # the forged "end" did nothing


def test_bots_take_the_empty_seats_and_an_intercept_room_is_watched(
    class_server: Any, devices: Any
) -> None:
    """Fewer students than seats: the teacher's button seats bots, who play at once; the
    teacher watches the intercept room as a spectator, and no keyword reaches the page."""
    server, url, link = class_server
    teacher = TeacherPage(devices(), server, "#key=" + link.split("#key=")[1]).open()
    teacher.page.wait_for_selector("[data-testid=start-form]")
    teacher.page.locator("[data-testid=title]").fill("Short class")
    teacher.page.locator("[data-testid=start]").click()
    teacher.page.wait_for_selector("[data-testid=class-code]")
    class_code = teacher.page.locator("[data-testid=class-code]").inner_text().strip()
    teacher.page.locator("[data-testid=preset]", has_text="Intercept 2 v 2").click()
    teacher.page.locator("[data-testid=rooms]").fill("1")
    teacher.page.locator("[data-testid=make]").click()
    teacher.page.wait_for_selector("[data-testid=room-row]")
    code = teacher.page.locator("[data-testid=room-code]").first.inner_text().strip()
    with open_store(url) as store:
        store.join(code, "Ada", team="white")  # one student came, of four
        row = teacher.row(code)
        row.filter(has_text="3 free").wait_for()
        row.locator("[data-testid=fill-bots]").click()
        wait_for_js(
            teacher.page,
            "code => !document.querySelector(`[data-testid=room-row][data-code='${code}'] "
            "[data-testid=fill-bots]`)",
            arg=code,
        )
        assert store.room(code).info()["version"] == 0  # held: nobody moves before Start
        teacher.page.locator("[data-testid=start-rooms]").click()
        teacher.page.locator("[data-testid=start-rooms]").wait_for(state="detached")
        info = store.room(code).info()
        assert [s["bot"] is not None for s in info["seats"]] == [False, True, True, True]
        assert info["version"] > 0  # Black's bot encryptor wrote its clues at the start
        keywords = [w for team in store.room(code).session().state.keywords for w in team]  # type: ignore[attr-defined]
    row.locator("[data-testid=watch]").click()
    table = teacher.page.locator("[data-testid=intercept-table]")
    table.locator("[data-testid=status]").wait_for()
    assert table.locator("[data-testid=round]").inner_text().startswith("Round 1")
    # what the page shows, and every kernel message it got (the page's HTML also holds
    # the icon font's CSS, whose names are ordinary words)
    shown = teacher.page.inner_text("body") + "\n".join(
        f if isinstance(f, str) else f.decode("utf-8", "replace") for f in teacher.frames
    )
    # A keyword that is also a word of the page's own code (``table`` is both) cannot be
    # told from a leak by a text scan, so only the others are looked for.
    own_code = " ".join(
        (WIDGETS / name).read_text(encoding="utf-8").lower()
        for name in (
            "teacher.js",
            "teacher.css",
            "teacher.py",
            "teacher_term.js",  # the term panels: their words are the page's too
            "teacher_term.py",
            "intercept/table.js",
            "intercept/table.css",
            "intercept/table.py",
            "intercept/view.py",
            "table_common.js",
            "table_common.css",
        )
    )
    # A keyword a bot of the other team happened to give as a clue is public: it cannot
    # be told from a leak by a text scan either.
    with open_store(url) as store:
        clues = " ".join(
            text.removeprefix("clue ").lower()
            for _, text in store.room(code).record().actions
            if text.startswith("clue ")
        )
    # The class and room codes are words too (``cobra-12345-acorn``), drawn from a list that
    # shares words with the keywords': they are on the page by design.
    codes = f"{class_code} {code}".lower()
    # The missions a room may hold are offered by title ("Winter Garden"): public too.
    offered = " ".join(
        f"{i} {label}".lower()
        for contents in room_contents(server.root).values()
        for i, (label, _) in contents.items()
    )
    public = " ".join((own_code, clues, codes, offered))
    hidden = [
        w for w in keywords if not re.search(rf"(?<![a-z]){re.escape(w.lower())}(?![a-z])", public)
    ]
    assert len(hidden) >= 4, hidden  # the scan still looks for most of the eight
    leaked = [w for w in hidden if re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", shown, re.I)]
    assert leaked == []

    # Close asks first: a game under way is not ended by a slip of the finger.
    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    teacher.page.once("dialog", lambda dialog: answer(dialog, False))
    row.locator("[data-testid=close-room]").click()
    wait_for_js(teacher.page, "() => true")  # the click's dialog has been answered
    assert asked and "not over" in asked[0]
    with open_store(url) as store:
        assert store.room(code).info()["status"] == "open"
    teacher.page.once("dialog", lambda dialog: answer(dialog, True))
    row.locator("[data-testid=close-room]").click()
    teacher.page.locator(f"[data-testid=result-row][data-code='{code}']").wait_for()
    with open_store(url) as store:
        assert store.room(code).info()["status"] == "closed"


def test_a_lesson_from_the_projector_with_four_phones(class_server: Any, browser: Any) -> None:
    """A teacher at 1280x800 and four students on phones (390x844): one class code seats
    all four in two rooms, the teacher starts them, a student moves to a new phone through
    the teacher, the teacher closes a room and its students are told at once, and the
    export downloaded from the page holds one row per student with their results."""
    import time

    server, url, link = class_server
    made: list[Any] = []

    def device(width: int, height: int) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        made.append(context)
        page = context.new_page()
        page.set_default_timeout(UI_TIMEOUT_MS)
        page.set_default_navigation_timeout(4 * UI_TIMEOUT_MS)
        return page

    try:
        teacher = TeacherPage(device(1280, 800), server, "#key=" + link.split("#key=")[1]).open()
        teacher.page.wait_for_selector("[data-testid=start-form]")
        teacher.page.locator("[data-testid=title]").fill("Phones")
        teacher.page.locator("[data-testid=start]").click()
        teacher.page.locator("[data-testid=preset]", has_text="Decipher pairs").click()
        teacher.page.locator("[data-testid=rooms]").fill("2")
        teacher.page.locator("[data-testid=make]").click()
        wait_for_js(
            teacher.page, "() => document.querySelectorAll('[data-testid=room-card]').length === 2"
        )
        class_code = teacher.page.locator("[data-testid=projected-class-code]").inner_text()
        assert re.fullmatch(r"[B-Z]{4}-\d{3}", class_code.strip()), class_code
        big = teacher.page.locator("[data-testid=projected-class-code]").evaluate(
            "n => parseFloat(getComputedStyle(n).fontSize)"
        )
        assert big >= 40  # read from the back of the room

        phones: dict[str, PlayPage] = {}
        for name in ("Ada", "Bo", "Cy", "Di"):
            phone = PlayPage(device(390, 844), server).open()
            phone.join(class_code.lower().replace("-", " "), name)
            phone.table_ready()
            phones[name] = phone
        with open_store(url) as store:
            seats = {
                s["name"]: (info["code"], s["seat"])
                for info in store.rooms()
                for s in info["seats"]
                if s["name"] in phones
            }
        rooms = sorted({code for code, _ in seats.values()})
        assert len(rooms) == 2 and all(  # two full rooms, two students each
            sum(1 for c, _ in seats.values() if c == code) == 2 for code in rooms
        )
        for code in rooms:  # the projector shows who sat where
            card = teacher.page.locator(f"[data-testid=room-card][data-code='{code}']")
            card.locator("[data-testid=room-free]", has_text="full").wait_for()
        for phone in phones.values():
            phone.page.locator(
                "[data-testid=message]", has_text="starts when your teacher"
            ).wait_for()

        teacher.page.locator("[data-testid=start-rooms]").click()
        for phone in phones.values():  # the notice goes at once, everywhere
            phone.page.locator("[data-testid=message]").wait_for(state="detached")

        # Ada's phone runs out of battery: the teacher keeps her seat for a new one.
        ada_room, ada_seat = seats["Ada"]
        teacher.page.once("dialog", lambda dialog: dialog.accept())
        teacher.row(ada_room).locator("[data-testid=person][data-name=Ada]").locator(
            "[data-testid=give-seat]"
        ).click()
        phones["Ada"].page.locator(
            "[data-testid=message]", has_text="gave your seat to another device"
        ).wait_for()
        new_phone = PlayPage(device(390, 844), server).open()
        new_phone.join(class_code, "Ada")
        new_phone.table_ready()
        with open_store(url) as store:
            again = [s for s in store.room(ada_room).info()["seats"] if s["name"] == "Ada"]
        assert [s["seat"] for s in again] == [ada_seat]

        # The teacher closes the other room: its two students are told at once.
        other = next(code for code in rooms if code != ada_room)
        teacher.page.once("dialog", lambda dialog: dialog.accept())
        closed = time.monotonic()
        teacher.row(other).locator("[data-testid=close-room]").click()
        told = [name for name, (code, _) in seats.items() if code == other]
        for name in told:
            phones[name].page.locator(
                "[data-testid=message]", has_text="This room has been closed"
            ).wait_for()
        assert time.monotonic() - closed < 10

        with teacher.page.expect_download() as downloaded:
            teacher.page.locator("[data-testid=export-students]").click()
        raw = Path(downloaded.value.path()).read_bytes().decode("utf-8-sig")
        people = {r["student"]: r for r in csv.DictReader(io.StringIO(raw))}
        assert set(people) == set(phones)
        assert all(
            r["rooms"] == "1" and r["won"] == r["lost"] == r["drawn"] == "0"
            for r in people.values()
        )
    finally:
        for context in made:
            context.close()


def _locked_after_load(teacher: TeacherPage) -> bool:
    """The page stays locked once a resume would have unlocked it (key form, no class)."""
    teacher.page.wait_for_selector("[data-testid=key-form]")
    teacher.page.wait_for_timeout(2500)
    return (
        teacher.page.locator("[data-testid=key-form]").count() == 1
        and teacher.page.locator("[data-testid=class-code]").count() == 0
    )


def test_the_teacher_stays_in_across_a_reload(class_server: Any, devices: Any) -> None:
    """Issue #31 item 7: unlocked with the key and a session started, a reload keeps the
    page unlocked on that session (an httponly cookie that holds no key); a made-up or
    altered cookie unlocks nothing; ending the session ends the cookie's power."""
    server, _, link = class_server
    teacher = TeacherPage(devices(), server, "#key=" + link.split("#key=")[1]).open()
    teacher.page.wait_for_selector("[data-testid=start-form]")
    teacher.page.locator("[data-testid=title]").fill("Stays in")
    teacher.page.locator("[data-testid=start]").click()
    teacher.page.wait_for_selector("[data-testid=class-code]")
    code = teacher.page.locator("[data-testid=class-code]").inner_text().strip()
    context = teacher.page.context

    def teacher_cookie() -> dict[str, Any] | None:
        found = [c for c in context.cookies() if c["name"] == "ck_teacher"]
        return found[0] if found else None

    deadline = time.monotonic() + 15
    while teacher_cookie() is None and time.monotonic() < deadline:
        teacher.page.wait_for_timeout(200)
    cookie = teacher_cookie()
    assert cookie is not None, "no teacher cookie was set"
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert KEY not in cookie["value"]
    assert teacher.page.evaluate("() => document.cookie").find("ck_teacher") == -1

    # A reload (no key in the address): still unlocked, on the same session.
    for _ in range(2):
        teacher.page.reload()
        teacher.page.wait_for_selector("[data-testid=class-code]")
        assert teacher.page.locator("[data-testid=class-code]").inner_text().strip() == code
        assert "key=" not in teacher.page.url

    # Made-up and altered cookies unlock nothing.
    ident, _, mac = cookie["value"].partition(".")
    for forged in (
        "made-up-pass." + "A" * 24,
        ident + "." + ("B" if mac[0] != "B" else "C") + mac[1:],
        ident,
        KEY,
    ):
        other = TeacherPage(devices(), server)
        other.page.context.add_cookies([{"name": "ck_teacher", "value": forged, "url": server.url}])
        other.open()
        assert _locked_after_load(other), forged

    # Ending the session ends it: the reload is locked, and so is the old cookie elsewhere.
    teacher.page.once("dialog", lambda dialog: dialog.accept())
    teacher.page.locator("[data-testid=end-session]").click()
    teacher.page.wait_for_selector("[data-testid=start-form]")
    teacher.page.reload()
    assert _locked_after_load(teacher)
    copy = TeacherPage(devices(), server)
    copy.page.context.add_cookies(
        [{"name": "ck_teacher", "value": cookie["value"], "url": server.url}]
    )
    copy.open()
    assert _locked_after_load(copy)


def test_a_copied_pass_is_not_the_key(class_server: Any, devices: Any) -> None:
    """Issue #44 finding 2, from real browsers: a client holding only a copy of the
    teacher's ``ck_teacher`` cookie for session S1 sees S1 and nothing else (not the other
    open session S0, in no frame), exports nothing, starts no session, and the teacher's
    End leaves it nothing. The teacher's own page asks for the key again for those."""
    server, url, link = class_server
    with open_classroom(url) as desk:
        other = desk.start_session("Another class")
    teacher = TeacherPage(devices(), server, "#key=" + link.split("#key=")[1]).open()
    teacher.page.wait_for_selector("[data-testid=start-form]")
    teacher.page.locator("[data-testid=title]").fill("Copied")
    teacher.page.locator("[data-testid=start]").click()
    teacher.page.wait_for_selector("[data-testid=class-code]")
    code = teacher.page.locator("[data-testid=class-code]").inner_text().strip()
    context = teacher.page.context
    deadline = time.monotonic() + 15
    while not [c for c in context.cookies() if c["name"] == "ck_teacher"]:
        assert time.monotonic() < deadline, "no teacher cookie was set"
        teacher.page.wait_for_timeout(200)
    (cookie,) = [c for c in context.cookies() if c["name"] == "ck_teacher"]

    thief = TeacherPage(devices(), server)
    thief.page.context.add_cookies(
        [{"name": "ck_teacher", "value": cookie["value"], "url": server.url}]
    )
    downloads: list[Any] = []
    thief.page.on("download", lambda download: downloads.append(download))
    thief.open()
    thief.page.wait_for_selector("[data-testid=class-code]")
    assert thief.page.locator("[data-testid=class-code]").inner_text().strip() == code
    thief.page.wait_for_selector("[data-testid=rekey-form]")
    thief.page.locator("[data-testid=export-students]").click()
    wait_for_js(
        thief.page,
        "() => (document.querySelector('[data-testid=teacher-message]') || {}).textContent"
        "?.includes('teacher key')",
    )

    teacher.page.once("dialog", lambda dialog: dialog.accept())
    teacher.page.locator("[data-testid=end-session]").click()
    teacher.page.wait_for_selector("[data-testid=start-form]")
    thief.page.wait_for_selector("[data-testid=start-form]")  # S1 ended: its page is empty
    assert thief.page.locator("[data-testid=continue]").count() == 0  # S0 is not listed
    with open_classroom(url) as desk:
        before = {s.id for s in desk.sessions()}
    thief.page.locator("[data-testid=title]").fill("Stolen")
    thief.page.locator("[data-testid=start]").click()
    thief.page.wait_for_timeout(1500)
    with open_classroom(url) as desk:
        assert {s.id for s in desk.sessions()} == before  # no session S2, so no S2 pass
        other_code = desk.session(other.id).code
        desk.end_session(other.id)
    assert "teacher key" in thief.page.locator("[data-testid=teacher-message]").inner_text()
    assert downloads == []
    frames = "".join(f if isinstance(f, str) else f.decode("latin-1") for f in thief.frames)
    assert other_code not in frames and "Another class" not in frames

    thief.page.reload()
    assert _locked_after_load(thief)
