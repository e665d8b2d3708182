"""A proposed answer typed with the other alphabet's look-alike letters is the answer
(issue 47 item 6): a Cyrillic Н and Е in HELLO, a Latin C, O, K in СОК. A wrong answer
stays wrong."""

from __future__ import annotations

from mission_helpers import act, game, hello_mission

from cipherkit.games.mission import Mission, MissionBuilder, MissionState


def solve(state: MissionState, answer: str) -> bool:
    act(state, 0, f"propose {answer}")
    act(state, 1, "confirm")
    assert state.outcome is not None
    return state.outcome.reason == "solved"


def juice_mission() -> Mission:
    """A mission whose answer is Cyrillic: СОК (juice)."""
    b = MissionBuilder("juice", title="Сок", question="Что в стакане?")
    b.glyph("C", "С").glyph("O", "О").glyph("K", "К").glyph("Q")
    b.word("C", "O", "K").solution("СОК")
    b.room("hall", pos=(0, 0), name="Зал", entrance=True, stack=["K", "C"])
    b.room("archive", pos=(1, 0), name="Архив", stack=["Q", "O"])
    b.passage("hall", "archive")
    b.characters("locksmith", "lookout", "archivist", "fixer", "technician")
    b.players(1, 4).deal("fixed")
    return b.build()


def test_cyrillic_lookalikes_in_a_latin_answer_are_right() -> None:
    assert solve(game(hello_mission()), "\u041d\u0415llo")  # Cyrillic Н, Е
    assert solve(game(hello_mission()), "h-e l l o")


def test_latin_lookalikes_in_a_cyrillic_answer_are_right() -> None:
    assert game(juice_mission()).true_answer() == "СОК"
    assert solve(game(juice_mission()), "COK")  # all three Latin
    assert solve(game(juice_mission()), "сок")


def test_a_wrong_answer_is_still_wrong() -> None:
    assert not solve(game(hello_mission()), "\u041d\u0415LL\u0410")  # HELLA
    assert not solve(game(juice_mission()), "CYK")
    assert not solve(game(hello_mission()), "ПРИВЕТ")
