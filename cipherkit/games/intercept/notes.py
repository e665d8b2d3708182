"""The note sheet: what every player writes down, built from public information only.

For each team's side of the sheet and each round: the three clues (once read aloud), the
decrypt and interception guesses and the true code (once revealed). At the bottom, the
**clue index**: every revealed clue filed under the keyword number it stood for.

>>> from cipherkit.games.intercept.notes import build_notes
>>> history = [{"round": 1, "team": 0, "clues": ["Mexico", "insect", "horror"],
...             "code": [4, 2, 1], "decrypt": [4, 2, 1], "intercept": None}]
>>> sheet = build_notes(history, ("white", "black"), 2)
>>> sheet.side("white").index[4]
('Mexico',)
>>> sheet.side("white").rows[0].code_text
'4.2.1'
>>> sheet.side("black").rows
()
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cipherkit.games.intercept.actions import Code, code_text


@dataclass(frozen=True, slots=True)
class NoteRow:
    """One round of one team's side: clues, guesses and (once revealed) the code."""

    round: int
    clues: tuple[str | None, str | None, str | None]
    decrypt: Code | None
    intercept: Code | None
    code: Code | None

    @property
    def code_text(self) -> str:
        return code_text(self.code)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "clues": list(self.clues),
            "decrypt": None if self.decrypt is None else list(self.decrypt),
            "intercept": None if self.intercept is None else list(self.intercept),
            "code": None if self.code is None else list(self.code),
        }


@dataclass(frozen=True, slots=True)
class NoteSide:
    """One team's side of the note sheet: its rows and its clue index (digit -> clues)."""

    team: str
    rows: tuple[NoteRow, ...]
    index: Mapping[int, tuple[str, ...]]

    def to_json(self) -> dict[str, Any]:
        return {
            "team": self.team,
            "rows": [r.to_json() for r in self.rows],
            "index": {str(d): list(self.index[d]) for d in (1, 2, 3, 4)},
        }


@dataclass(frozen=True, slots=True)
class NoteSheet:
    """Both sides of the sheet, the same for every player (it is all public)."""

    sides: tuple[NoteSide, ...]

    def side(self, team: str) -> NoteSide:
        for side in self.sides:
            if side.team == team:
                return side
        raise KeyError(team)

    def to_json(self) -> dict[str, Any]:
        return {side.team: side.to_json() for side in self.sides}


def _code(data: Sequence[int] | None) -> Code | None:
    return None if data is None else (int(data[0]), int(data[1]), int(data[2]))


def build_notes(
    history: Sequence[Mapping[str, Any]], names: Sequence[str], coding_teams: int
) -> NoteSheet:
    """The note sheet from the public history records of a game.

    A record holds ``round``, ``team`` (index), ``clues``, and ``code``, ``decrypt``,
    ``intercept`` once revealed (``None`` before). Only revealed clues enter the index.
    """
    sides = []
    for team in range(coding_teams):
        rows = []
        index: dict[int, list[str]] = {d: [] for d in (1, 2, 3, 4)}
        for record in history:
            if record["team"] != team:
                continue
            code = _code(record.get("code"))
            clues = tuple(record["clues"])
            rows.append(
                NoteRow(
                    round=int(record["round"]),
                    clues=clues,  # type: ignore[arg-type]
                    decrypt=_code(record.get("decrypt")) if code else None,
                    intercept=_code(record.get("intercept")) if code else None,
                    code=code,
                )
            )
            if code is not None:
                for digit, clue in zip(code, clues, strict=True):
                    if clue is not None:
                        index[digit].append(clue)
        sides.append(NoteSide(names[team], tuple(rows), {d: tuple(c) for d, c in index.items()}))
    return NoteSheet(tuple(sides))
