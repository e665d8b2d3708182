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
>>> "<td>Mexico</td>" in sheet.side("white")._repr_html_()
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cipherkit.games.intercept.actions import Code, code_text
from cipherkit.games.intercept.messages import team_owner
from cipherkit.i18n import _


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
        """The round's code as text, digits joined by dots (``?.?.?`` while unknown)."""
        return code_text(self.code)

    def to_json(self) -> dict[str, Any]:
        """The row as a JSON-safe dict."""
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
        """The side's notes as a JSON-safe dict (rows and clue index)."""
        return {
            "team": self.team,
            "rows": [r.to_json() for r in self.rows],
            "index": {str(d): list(self.index[d]) for d in (1, 2, 3, 4)},
        }

    def _repr_html_(self) -> str:
        """The side as a note sheet: a row per round, then the clue index, a column per
        keyword number (how a notebook shows it)."""
        esc = html.escape
        rounds = "".join(
            f"<tr><td>{r.round}</td>"
            + "".join(f"<td>{esc(c) if c else '—'}</td>" for c in r.clues)
            + f"<td>{esc(r.code_text) if r.code else '?'}</td></tr>"
            for r in self.rows
        )
        tallest = max((len(self.index[d]) for d in (1, 2, 3, 4)), default=0)
        index = "".join(
            "<tr>"
            + "".join(
                f"<td>{esc(self.index[d][i]) if i < len(self.index[d]) else ''}</td>"
                for d in (1, 2, 3, 4)
            )
            + "</tr>"
            for i in range(tallest)
        )
        heads = [_("round"), *(_("clue {n}", n=n) for n in (1, 2, 3)), _("code")]
        keyword_heads = [_("keyword {n}", n=n) for n in (1, 2, 3, 4)]
        title = _("{owner} clues", owner=team_owner(self.team))
        index_title = _("Clue index")
        index_note = _("(every revealed clue under the keyword it stood for)")
        return (
            f"<div class='cipherkit-notes'><b>{esc(title)}</b>"
            f"<table><tr>{''.join(f'<th>{esc(h)}</th>' for h in heads)}</tr>{rounds}</table>"
            f"<b>{esc(index_title)}</b> {esc(index_note)}"
            f"<table><tr>{''.join(f'<th>{esc(h)}</th>' for h in keyword_heads)}</tr>"
            f"{index}</table></div>"
        )


@dataclass(frozen=True, slots=True)
class NoteSheet:
    """Both sides of the sheet, the same for every player (it is all public)."""

    sides: tuple[NoteSide, ...]

    def side(self, team: str) -> NoteSide:
        """The notes of the side named ``team``; an unknown name is a ``KeyError``."""
        for side in self.sides:
            if side.team == team:
                return side
        raise KeyError(team)

    def to_json(self) -> dict[str, Any]:
        """The sheet as a JSON-safe dict, one entry per side."""
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
                    clues=clues,
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
