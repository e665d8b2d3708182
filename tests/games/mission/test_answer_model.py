"""The answer model: pattern constraints, groups, the Answer section, uniqueness and
confidence, on small hand-made word lists (and once on the shipped list)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mission_helpers import MISSIONS

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission import load
from cipherkit.games.mission.answers import (
    AnswerModel,
    CardCell,
    WordList,
    card_cells,
    shipped_words,
)


def word(*glyphs: str, number: int = 0, answer: bool = False) -> tuple[CardCell, ...]:
    return tuple(CardCell(g, number, answer) for g in glyphs)


def test_equal_glyphs_hide_equal_content() -> None:
    words = WordList.of(["noon", "none", "nine", "moon"])
    cells = word("n", "o", "o", "n")  # first = last, second = third
    found = AnswerModel(words).assess(cells, {})
    assert found.count == 1 and found.answer == "NOON"


def test_different_glyphs_hide_different_content() -> None:
    words = WordList.of(["bee", "bed", "bad", "dab"])
    cells = word("b", "e", "d")  # three different glyphs: BEE is out
    assert AnswerModel(words).assess(cells, {"b": "B"}).options == ("BAD", "BED")
    # a closed glyph cannot hide what an open window already shows (A is under x, on
    # the card above the Answer section)
    card = word("x", number=0) + word("b", "e", "d", number=1, answer=True)
    assert AnswerModel(words).assess(card, {"x": "A"}).options == ("BED",)


def test_open_windows_must_match() -> None:
    words = WordList.of(["lamp", "lame", "camp", "damp"])
    cells = word("k", "a", "m", "p")
    model = AnswerModel(words)
    assert model.assess(cells, {"k": "L"}).options == ("LAME", "LAMP")
    assert model.assess(cells, {"k": "L", "p": "P"}).answer == "LAMP"
    assert model.assess(cells, {"k": "Z"}).count == 0


def test_uniqueness_is_counted_across_words_with_shared_glyphs() -> None:
    words = WordList.of(["east", "west", "tunnel", "funnel", "tummel"])
    cells = word("e", "a", "s", "t", number=0) + word("t", "u", "n", "n", "e", "l", number=1)
    model = AnswerModel(words)
    # word 2 starts with word 1's last glyph: FUNNEL needs an F at the end of EAST/WEST
    found = model.assess(cells, {"a": "A"})
    assert found.options == ("EAST TUMMEL", "EAST TUNNEL")
    assert found.deciding == frozenset({"n"})  # only the doubled glyph tells them apart
    assert model.assess(cells, {"a": "A", "n": "N"}).answer == "EAST TUNNEL"


def test_every_answer_window_open_is_certain_whatever_the_lists_say() -> None:
    cells = word("x", "y")
    found = AnswerModel(WordList.of([])).assess(cells, {"x": "Q", "y": "J"})
    assert found.certain and found.answer == "QJ" and found.probability == 1.0


def test_answer_section_only_its_cells_count() -> None:
    text = word("a", "b", number=0)  # above the Answer label
    answer = word("c", "d", number=1, answer=True)
    words = WordList.of(["ox", "ax", "go"])
    model = AnswerModel(words)
    # the answer section's cells are open: certain, whatever the text above says
    assert model.assess(text + answer, {"c": "G", "d": "O"}).answer == "GO"
    # the text's open windows still take their content out of the closed answer cells
    found = model.assess(text + answer, {"a": "O", "b": "X", "d": "X"})
    assert found.options == ("AX",)


def test_group_cells_are_handled() -> None:
    cells = word("t", "g", number=0, answer=True) + word("r", number=1, answer=True)
    model = AnswerModel(None, ["4017 52", "4071 25", "1740 52", "4017 99"])
    # no group seen yet: the team expects one character a window, and nothing fits
    assert model.assess(cells, {}).count == 0
    # a two-digit group is open: the other windows may hide groups too
    found = model.assess(cells, {"t": "40"})
    assert set(found.options) == {"4017 52", "4071 25", "4017 99"}
    assert model.assess(cells, {"t": "40", "r": "52"}).options == ("4017 52",)
    found = model.assess(cells, {"t": "40", "g": "17"})
    assert found.count == 2 and found.deciding == frozenset({"r"})
    assert AnswerModel(None, ["40 1752"]).assess(cells, {"t": "40"}).options == ("40 1752",)
    # single characters only until a group is seen (max_group 1)
    words = WordList.of(["abc", "ab"])
    assert AnswerModel(words).assess(word("x", "y"), {}).options == ("AB",)
    wider = AnswerModel(words, max_group=2).assess(word("x", "y"), {})
    assert wider.options == ("AB", "ABC")  # A|BC and AB|C spell one answer


def test_confidence_decides_when_the_team_proposes() -> None:
    words = WordList.of(["cat", "cot", "cut", "dog"])
    cells = word("c", "v", "t")
    sure = AnswerModel(words)
    half = AnswerModel(words, confidence=0.5)
    third = AnswerModel(words, confidence=0.3)
    found = sure.assess(cells, {"c": "C"})
    assert found.count == 3 and round(found.probability, 3) == 0.333
    assert not sure.ready(found) and not half.ready(found) and third.ready(found)
    assert sure.ready(sure.assess(cells, {"c": "C", "v": "U"}))
    with pytest.raises(CipherkitError):
        AnswerModel(words, confidence=0.0)


def test_mission_candidates_come_first_and_spaces_or_case_do_not_matter() -> None:
    words = WordList.of(["sun", "son"])
    model = AnswerModel(words, ["Son", "s-u-n"])
    found = model.assess(word("s", "v", "n"), {"s": "s"})
    assert found.count == 2 and found.answer == "SON"


def test_a_unique_wrong_candidate_is_possible() -> None:
    """The true word is in no list: the one listed word that fits is proposed (and loses)."""
    words = WordList.of(["wax"])
    found = AnswerModel(words).assess(word("w", "a", "x"), {"a": "A"})  # truth: WAY
    assert found.unique and found.answer == "WAX"


def test_memo_gives_the_same_answer_and_cells_from_missions() -> None:
    mission = load(MISSIONS[0])
    cells = card_cells(mission.cells)
    assert card_cells(mission.public_dict()["cells"]) == cells
    model = AnswerModel(WordList.of(["lamp", "limp", "lump"]))
    first = model.assess(cells, {"kettle": "L", "acorn": "P"})
    assert model.assess(cells, {"acorn": "P", "kettle": "L"}) is first


def test_shipped_word_list_settles_the_shipped_answers() -> None:
    words = shipped_words()
    assert len(words) > 100_000 and "tunnel" in words and "lamp" in words
    mission = load(MISSIONS[1])  # EAST TUNNEL
    cells = card_cells(mission.cells)
    key = mission.key
    model = AnswerModel()
    assert model.assess(cells, {}).answer is None  # millions of pairs: nothing to say
    found = model.assess(cells, {g: key[g] for g in ("lever", "fork", "semaphore")})
    assert found.unique and found.answer == "EAST TUNNEL"


def test_word_list_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "words.txt"
    path.write_text("# a comment\nOwl\n\nelk\n", encoding="utf-8")
    words = WordList.from_file(path)
    assert len(words) == 2 and "OWL" in words and "emu" not in words
    with pytest.raises(CipherkitError, match="cannot read"):
        WordList.from_file(tmp_path / "missing.txt")


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([(0, 1, 2), (0, 1, 0), (0, 1, 1, 2), (0, 1, 2, 3), (0, 1, 2, 0, 3)]),
    st.integers(1, 2),
    st.data(),
)
def test_matching_is_the_pool_filtered_by_known_and_banned_contents(
    signature: tuple[int, ...], max_group: int, data: st.DataObject
) -> None:
    """The indexed look-up gives what filtering every entry of the pool gives, in the
    pool's order."""
    words = shipped_words()
    pool = words.fitting(signature, max_group)
    pieces = sorted({piece for entry in pool[:400] for piece in entry}) or ["A"]
    slots = max(signature) + 1
    known = data.draw(st.dictionaries(st.integers(0, slots - 1), st.sampled_from(pieces)))
    banned = data.draw(st.sets(st.sampled_from(pieces), max_size=6))
    plain = [
        entry
        for entry in pool
        if all(entry[k] == known[k] if k in known else entry[k] not in banned for k in range(slots))
    ]
    assert words.matching(signature, max_group, known, banned) == plain
