"""The teacher's page and the projector in the viewer's language (issue 47): their words,
every sentence of their views (counts with Russian's three plural forms) and their
refusals come from the catalog; the English page is unchanged."""

from __future__ import annotations

from typing import Any

from cipherkit.classroom import Classroom, RoomPlan, passes
from cipherkit.classroom.seating import seat_student
from cipherkit.classroom.summaries import outcome_text
from cipherkit.i18n import speaking
from cipherkit.widgets.projector import Projector
from cipherkit.widgets.teacher import TeacherDesk
from tests.classroom.conftest import KEY
from tests.widgets.languages import latin_runs

PAGE = "http://192.168.1.20:8866/voila/render/projector.ipynb"
ROSTER = "id,name,email\n1,Ада,ada@x.example\n2,Бо,\n3,Кира,\n4,Дима,\n5,Aдa,\n"
LESSON = "01-caesar-and-brute-force"

DATA = frozenset(
    {
        # what the page's code reads and never shows as words
        *("id", "room", "session", "status", "kind", "game", "team", "key", "lesson"),
        *("lessons", "link", "projector", "watching", "free_by_team", "exercise", "exercises"),
        # the students' own answers and the lessons' exercises (a lesson's words)
        *("cells", "students"),
    }
)
"""View keys whose values are data, never words on the page."""
ALLOWED = ("cipherkit serve", "CSV", "id, name, email", "QR", "ada@x.example", "ck bot", "PDF")
ALLOWED += ("A4", "Letter", "XOR", "RSA")
"""Latin letters a Russian page may show: the command, the file formats and the CSV's
column names, the paper sizes' names, lesson titles' XOR and RSA, what the teacher typed (an
address), a bot's name."""


def codes(value: Any) -> list[str]:
    """Every room and class code in a view (codes are shown as they are)."""
    if isinstance(value, dict):
        return [
            *(v for k, v in value.items() if k == "code" and isinstance(v, str)),
            *(c for v in value.values() for c in codes(v)),
        ]
    if isinstance(value, list):
        return [c for v in value for c in codes(v)]
    return []


def english_left(view: Any, skip: frozenset[str] = frozenset()) -> list[str]:
    """The view's strings with English words in them, but for its data, names, codes and
    the lessons' names (file names: ``01-caesar``, an exercise's lesson)."""
    sheets = [w["id"] for w in view.get("worksheets", [])]  # (ids; their titles are words)
    names = (*ALLOWED, *codes(view), *view.get("lessons", []), *sheets, "01-caesar")
    return latin_runs(view, names, DATA | skip)


def unlocked(desk: Classroom, lang: str | None) -> TeacherDesk:
    page = TeacherDesk(classroom=desk, refresh=0, lang=lang)
    page.handle_message({"type": "unlock", "key": KEY})
    return page


def said(page: TeacherDesk, message: dict[str, Any]) -> str:
    page.handle_message(message)
    return page.message


def a_lesson_in_class(desk: Classroom, page: TeacherDesk) -> dict[str, Any]:
    """A class session with everything the page can show: a roster, homework, rooms
    waiting, playing, finished and closed, seats kept and free, a timer, a team room,
    answers, and a past session; returns what was said on the way."""
    out: dict[str, Any] = {}
    said(page, {"type": "start", "title": "Понедельник", "class": "9 «А»"})
    out["import"] = said(page, {"type": "roster_import", "text": ROSTER})
    out["assign"] = said(page, {"type": "assign", "lesson": LESSON, "due": "3d"})
    make = {"type": "make", "game": "decipher", "rooms": 3, "players": 2, "people": 2}
    said(page, make)
    code = page.view["session"]["code"]
    seats = [seat_student(desk, code, name) for name in ("Ада", "Бо", "Кира", "Дима")]
    out["held"] = page.view["start_label"]
    said(page, {"type": "start_rooms"})
    timed = {"type": "make", "game": "intercept", "rooms": 1, "players": 4, "people": 2}
    said(page, {**timed, "options": {"timer": 30}})
    first = next(r for r in page.view["rooms"] if r["code"] == seats[0].code)
    said(page, {"type": "give_seat", "room": first["id"], "seat": seats[0].seat})
    handles = [desk.store.resume(s.token) for s in seats[2:]]
    for _turn in range(400):  # the second room's game is played to its end
        if desk.store.room(seats[2].code).info()["over"]:
            break
        for handle in handles:
            if handle.legal_actions():
                handle.act(handle.legal_actions()[0])
                break
    empty = next(r for r in page.view["rooms"] if not r["seated"] and r["game"] == "decipher")
    said(page, {"type": "close_room", "room": empty["id"]})
    desk.record_attempt(code, "Ада", "01-caesar", "q1", True)
    desk.record_attempt(code, "Бо", "01-caesar", "q1", False)
    desk.record_attempt(code, "Бо", "01-caesar", "q1", True)
    desk.record_attempt(code, "Бо", "01-caesar", "q2", True)
    ended = page.view["session"]["id"]
    said(page, {"type": "end"})
    said(page, {"type": "start", "title": "Вторник", "class": "9 «А»"})
    said(page, {"type": "make", **{k: v for k, v in make.items() if k != "type"}})
    said(page, {"type": "past", "session": ended})
    return out


def test_a_russian_teacher_page_says_everything_in_russian(desk: Classroom) -> None:
    page = unlocked(desk, "ru")
    try:
        assert page.lang == "ru" and page.words["title"] == "Учитель"
        assert page.words["start"] == "Начать" and page.words["col_game"] == "Игра"
        assert latin_runs(page.words, ALLOWED) == []
        out = a_lesson_in_class(desk, page)
        assert out["import"].startswith("добавлено: 4, обновлено: 0; пропущена 1 строка: ")
        assert "строка 6:" in out["import"] and "похоже на" in out["import"]
        assert ": срок " in out["assign"] and "код класса" in out["assign"]
        assert out["held"] == "Начать все 3 игры"
        view = page.view
        assert english_left(view) == [], english_left(view)
        rooms = view["rooms"]
        assert {r["title"] for r in rooms} == {"Дешифровка"}
        assert rooms[0]["free"] == "2 места свободно" and rooms[0]["left"] == rooms[0]["free"]
        assert view["finished_label"] == "Завершённые или закрытые комнаты (0)"
        assert [p["label"] for p in view["presets"]][:2] == ["Дешифровка: пары", "Перехват 2 на 2"]
        assert view["options"]["intercept"][0]["name"] == "таймер"
        assert view["class"]["roster_label"] == "Список класса (4)"
        assert view["class"]["homework_label"] == "Домашние задания (1)"
        assert view["class"]["homework"][0]["done_label"] == "0 из 4 что-то решили"
        past = view["past"]
        assert [r["label"] for r in past["analysis"]] == [
            "01-caesar · q2: решили 50%, 1 попытка",
            "01-caesar · q1: решили 100%, 1.5 попытки",
        ]
        results = {r["status"]: r for r in past["results"]}
        assert results["closed"]["result"] == "не закончена"
        finished = [r for r in past["results"] if r["finished"]]
        assert finished and all(
            r["result"].startswith(("победитель: ", "ничья")) for r in finished
        ), finished
        (ended,) = [s for s in view["sessions"] if s["status"] == "ended"]
        assert ended["rooms_label"] == "1 из 4 завершена"
    finally:
        page.close()


def test_the_teams_timers_and_live_rooms_in_russian(desk: Classroom) -> None:
    page = unlocked(desk, "ru")
    try:
        said(page, {"type": "start", "title": "Перехват"})
        make = {"type": "make", "game": "intercept", "rooms": 2, "players": 4, "people": 2}
        said(page, {**make, "options": {"timer": 30}})
        code = page.view["session"]["code"]
        seat_student(desk, code, "Ада")
        said(page, {"type": "start_rooms"})
        (timer, *_others) = page.view["timers"].values()
        room = next(r for r in page.view["rooms"] if r["seated"])
        assert timer["extend_label"] == f"добавить комнате {room['code']} ещё 30 секунд"
        assert room["seated"][0]["team_label"] in ("белые", "чёрные")
        assert room["left"].count("свободно") == 2 and "white" not in room["left"]
        # an intercept room's progress and score are the intercept game's own words
        skip = frozenset({"progress", "score"})
        assert english_left(page.view, skip) == [], english_left(page.view, skip)
    finally:
        page.close()


def test_refusals_in_russian_and_english_unchanged(desk: Classroom) -> None:
    page = TeacherDesk(classroom=desk, refresh=0, lang="ru")
    english = unlocked(desk, None)
    try:
        assert said(page, {"type": "start", "title": "x"}) == (
            "refused: сначала введите ключ учителя"
        )
        assert said(page, {"type": "unlock", "key": "not-the-key-at-all"}).startswith(
            "refused: это не ключ учителя"
        )
        said(english, {"type": "start", "title": "Year 9", "class": "Year 9"})
        pass_page = TeacherDesk(classroom=desk, refresh=0, lang="ru")
        token = passes.grant(desk, english.view["session"]["id"], "resume")
        pass_page.handle_message({"type": "resume", "token": token})
        refused = said(pass_page, {"type": "export", "what": "students"})
        assert refused.startswith("refused: эта страница открыта снова по пропуску")
        pass_page.close()
        assert (english.words["title"], english.words["start"]) == ("Teacher", "Start")
        said(english, {"type": "make", "game": "decipher", "rooms": 2, "players": 2,
                       "people": 2})  # fmt: skip
        assert english.view["start_label"] == "Start all 2 games"
        assert english.view["rooms"][0]["free"] == "2 free"
        assert english.view["finished_label"] == "Finished or closed rooms (0)"
        assert said(english, {"type": "roster_import", "text": ROSTER}).startswith(
            "4 added, 0 updated; 1 row left out: row 6: 'Aдa' looks like 'Ада'"
        )
    finally:
        page.close()
        english.close()


def test_a_russian_projector_and_an_english_one(desk: Classroom) -> None:
    session = desk.start_session("Понедельник")
    desk.make_rooms(session.id, RoomPlan("decipher", 2, 2, 2), held=True)
    screen = Projector(classroom=desk, refresh=0, lang="ru")
    english = Projector(classroom=desk, refresh=0)
    try:
        assert screen.view == {
            "locked": True,
            "text": "Откройте эту страницу кнопкой «На проектор» на странице учителя.",
        }
        for opened in (screen, english):
            opened.handle_message({"type": "page", "url": PAGE})
            opened.handle_message(
                {"type": "resume", "token": passes.grant(desk, session.id, "resume")}
            )
        view = screen.view
        assert [r["label"] for r in view["rooms"]] == [
            "Дешифровка · комната 1",
            "Дешифровка · комната 2",
        ]
        skip = frozenset({"address", "qr", "class_code", "code"})
        assert latin_runs(view, ("QR",), skip) == [] and latin_runs(screen.words, ("QR",)) == []
        assert english.view["words"]["title"] == "Join the games"
        assert english.view["rooms"][0]["state"] == "waiting for the teacher's Start"
        screen.handle_message({"type": "unlock"})
        assert screen.message == "refused: страница проектора присылает только свой адрес и пропуск"
    finally:
        screen.close()
        english.close()


def test_every_word_of_the_pages_comes_from_the_catalog(desk: Classroom) -> None:
    """In the pseudo-locale every word the page's code shows is marked."""
    page = unlocked(desk, "en-XA")
    try:
        unmarked = {k: w for k, w in page.words.items() if not w.startswith("⟦")}
        assert unmarked == {}
        a_lesson_in_class(desk, page)
        view = page.view
        shown = [
            *(r[key] for r in view["rooms"] for key in ("free", "left", "title") if r[key]),
            *(view[key] for key in ("start_label", "finished_label") if view[key]),
            *(r["label"] for r in view["past"]["analysis"]),
            *(p["label"] for p in view["presets"]),
            view["class"]["roster_label"],
            view["class"]["homework_label"],
        ]
        assert [w for w in shown if "⟦" not in w] == []
    finally:
        page.close()


def test_an_outcome_in_russian() -> None:
    outcome = {"winners": [0, 1], "reason": "code broken", "scores": {"0": 1, "1": 0}}
    with speaking("ru"):
        assert outcome_text(outcome, ["Ада", "Бо"]) == (
            "победители: Ада и Бо (код взломан); счёт 1 : 0"
        )
        assert outcome_text({"winners": [], "draw": True, "reason": ""}, []) == "ничья"
    assert outcome_text({"winners": [], "reason": ""}, []) == "nobody won"


def test_the_room_a_russian_teacher_watches_is_shown_in_russian(desk: Classroom) -> None:
    from cipherkit.widgets.teacher import TeacherPage

    page = TeacherPage(classroom=desk, lang="ru")
    page.desk._refresh = 0  # no live thread in this test
    try:
        said(page.desk, {"type": "unlock", "key": KEY})
        said(page.desk, {"type": "start", "title": "Смотрим"})
        said(page.desk, {"type": "make", "game": "decipher", "rooms": 1, "players": 2,
                         "people": 2})  # fmt: skip
        (room,) = page.desk.view["rooms"]
        assert said(page.desk, {"type": "watch", "room": room["id"]}) == ""
        assert page.table is not None and page.table.lang == "ru"
    finally:
        page.close()
