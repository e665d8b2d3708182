"""The teacher and the rooms' timers (issue #31 item 8): a length set when the rooms are
made, and extend, off, on and a new length during play, from the teacher page's
messages, for the class's own rooms only."""

from __future__ import annotations

from typing import Any

from cipherkit.classroom import Classroom
from cipherkit.games.intercept.clues import check_clue
from cipherkit.widgets.teacher import TeacherDesk
from tests.classroom.conftest import KEY

KEYWORDS = {
    "white": ["black", "dragonfly", "cocktail", "sombrero"],
    "black": ["antiquity", "bone", "morning", "nightmare"],
}


def unlocked(desk: Classroom) -> TeacherDesk:
    page = TeacherDesk(classroom=desk, refresh=0)
    page.handle_message({"type": "unlock", "key": KEY})
    page.handle_message({"type": "start", "title": "Year 8"})
    return page


def clues_for(seat: Any) -> list[str]:
    """Three clues the seat's team may write this round (its rooms deal at random, so
    a fixed clue could be one of its keywords)."""
    keywords = seat.observe()["keywords"][seat.observe()["team"]]
    words = ("bar", "insect", "hat", "river", "lantern", "cloud", "pepper")
    return [w for w in words if check_clue(w, keywords).clean][:3]


def say(page: TeacherDesk, message: dict[str, object]) -> None:
    page.handle_message(message)
    assert page.message == "", page.message


def test_rooms_made_with_a_timer_and_the_teacher_extends_it_and_turns_it_off(
    desk: Classroom,
) -> None:
    page = unlocked(desk)
    try:
        assert page.view["options"]["intercept"][0]["key"] == "timer"
        assert "decipher" not in page.view["options"]
        make = {"type": "make", "game": "intercept", "rooms": 1, "players": 4, "people": 4}
        say(page, {**make, "options": {"timer": 60}})
        (room_id,) = desk.room_ids(page._session_id or "")
        room = desk.store.room(room_id)
        assert room.record().config["timer"] == 60
        seats = [desk.store.join(room.code, name) for name in ("Ada", "Bo", "Cy", "Di")]
        say(page, {"type": "start_rooms"})
        timer = page.view["timers"][room_id]
        assert timer["running"] is False and timer["off"] is False
        writer = next(s for s in seats if s.seat == 0)
        for word in clues_for(writer):
            writer.act(f"clue {word}")
        say(page, {"type": "timer", "room": room_id, "change": "extend"})
        timer = page.view["timers"][room_id]
        assert timer["running"] and 85 < timer["seconds_left"] <= 90
        say(page, {"type": "timer", "room": room_id, "change": "off"})
        timer = page.view["timers"][room_id]
        assert timer["off"] and not timer["running"] and room.info()["clock"] is None
        say(page, {"type": "timer", "room": room_id, "change": "on"})
        assert page.view["timers"][room_id]["running"]
        say(page, {"type": "timer_length", "room": room_id, "seconds": 300})
        assert 295 < page.view["timers"][room_id]["seconds_left"] <= 330
        page.handle_message({"type": "timer_length", "room": room_id, "seconds": 7})
        assert page.message == "refused: a timer lasts one of 15, 30, 60, 90, 120, 300, 600 seconds"
        page.handle_message({"type": "timer", "room": room_id, "change": "faster"})
        assert page.message.startswith("refused: a timer change is one of")
    finally:
        page.close()


def test_only_the_class_rooms_with_a_timer(desk: Classroom) -> None:
    page = unlocked(desk)
    try:
        say(page, {"type": "make", "game": "intercept", "rooms": 1, "players": 4, "people": 4})
        say(page, {"type": "make", "game": "decipher", "rooms": 1, "players": 2, "people": 2})
        assert page.view["timers"] == {}  # made without one; decipher has none
        untimed = desk.room_ids(page._session_id or "")[0]
        page.handle_message({"type": "timer", "room": untimed, "change": "extend"})
        assert page.message == "refused: that room has no timer"
        other = desk.store.create_room("intercept", {"players": 4, "timer": 30})
        page.handle_message({"type": "timer", "room": other.id, "change": "off"})
        assert page.message == f"refused: room {other.id} is not one of this class's rooms"
        assert desk.store.clocks.setting(other.id).off is False
        page.handle_message(
            {
                "type": "make",
                "game": "intercept",
                "rooms": 1,
                "players": 4,
                "people": 4,
                "options": {"timer": "long"},
            }
        )
        assert page.message == "refused: room options are names with true, false or a number"
        page.handle_message(
            {
                "type": "make",
                "game": "intercept",
                "rooms": 1,
                "players": 4,
                "people": 4,
                "options": {"timer": 45},
            }
        )
        assert page.message.startswith("refused: room option 'timer' is off, on or one of")
    finally:
        page.close()


def test_no_running_timer_to_extend_is_said(desk: Classroom) -> None:
    page = unlocked(desk)
    try:
        make = {"type": "make", "game": "intercept", "rooms": 1, "players": 4, "people": 4}
        say(page, {**make, "options": {"timer": 30}})
        (room_id,) = desk.room_ids(page._session_id or "")
        page.handle_message({"type": "timer", "room": room_id, "change": "extend"})
        assert page.message == "refused: no timer is running in that room now"
    finally:
        page.close()


def test_a_timed_round_waiting_on_nobody_is_said(desk: Classroom) -> None:
    """Issue 46, point 7: White's Encryptor is done, Black's seat is empty (or its
    student was removed): the timer waits on nobody, and the teacher's row says so."""
    from cipherkit.widgets.teacher import TIMER_UNATTENDED

    page = unlocked(desk)
    try:
        make = {"type": "make", "game": "intercept", "rooms": 1, "players": 4, "people": 4}
        say(page, {**make, "options": {"timer": 60}})
        (room_id,) = desk.room_ids(page._session_id or "")
        room = desk.store.room(room_id)
        ada = desk.store.join(room.code, "Ada", seat=0)
        desk.store.join(room.code, "Cy", seat=2)
        say(page, {"type": "start_rooms"})
        assert page.view["timers"][room_id]["unattended"] is False  # nobody is done yet
        for word in clues_for(ada):
            ada.act(f"clue {word}")
        with page._lock:
            page._show()
        timer = page.view["timers"][room_id]
        assert timer["unattended"] is True and timer["running"] is False
        assert timer["warning"] == TIMER_UNATTENDED
        desk.store.join(room.code, "Bo", seat=1)
        with page._lock:
            page._show()
        timer = page.view["timers"][room_id]
        assert timer["unattended"] is False and timer["warning"] == ""
        assert timer["running"] and 55 < timer["seconds_left"] <= 60
        # removed with no bot taking the seat (the teacher turned that off)
        desk.remove_student(page._session_id or "", room_id, 1, bot=False)
        with page._lock:
            page._show()
        timer = page.view["timers"][room_id]
        assert timer["unattended"] is True and timer["running"] is False
        say(page, {"type": "fill_bots", "room": room_id})  # a bot writes at once
        timer = page.view["timers"][room_id]
        assert timer["unattended"] is False and timer["warning"] == ""
    finally:
        page.close()
