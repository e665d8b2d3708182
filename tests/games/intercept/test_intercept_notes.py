"""The note sheet: per-round clues, guesses, codes and the clue index, all public."""

from __future__ import annotations

from intercept_helpers import game, play_round, resolve, write

from cipherkit.games.intercept.notes import build_notes


def test_note_sheet_fills_in_as_clues_are_read_and_codes_revealed() -> None:
    state = game()
    write(state, 0, ["Mexico", "insect", "horror"])
    write(state, 1)
    sheet = state.observe("spectator")["notes"]
    row = sheet["white"]["rows"][0]
    assert row == {
        "round": 1,
        "clues": ["Mexico", "insect", "horror"],
        "decrypt": None,
        "intercept": None,
        "code": None,
    }
    assert all(v == [] for v in sheet["white"]["index"].values())  # code not yet known
    code = state.codes[0]
    assert code is not None
    resolve(state)
    sheet = state.observe(3)["notes"]
    row = sheet["white"]["rows"][0]
    assert row["code"] == list(code) and row["decrypt"] == list(code)
    assert row["intercept"] is None  # round 1: no interception
    for digit, clue in zip(code, ["Mexico", "insect", "horror"], strict=True):
        assert sheet["white"]["index"][str(digit)] == [clue]


def test_note_sheet_is_the_same_for_every_viewer_and_built_from_public_history() -> None:
    state = game(players=6)
    for _ in range(3):
        play_round(state, intercept=(False, False))
    sheets = [state.observe(v)["notes"] for v in (0, 1, 5, "team:black", "spectator")]
    assert all(s == sheets[0] for s in sheets)
    rebuilt = build_notes(state.observe("spectator")["history"], ("white", "black"), 2)
    assert rebuilt.to_json() == sheets[0]
    index = sheets[0]["black"]["index"]
    assert sum(len(v) for v in index.values()) == 9
    assert [r["round"] for r in sheets[0]["black"]["rows"]] == [1, 2, 3]
    assert all(r["intercept"] is not None for r in sheets[0]["black"]["rows"][1:])
