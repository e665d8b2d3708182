"""Which windows must open before the answer is certain: analysis without simulation.

Design notes: ``docs/playtest.md``, ``cipherkit.playtest.windows``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

from cipherkit.games.mission.answers import AnswerModel, card_cells
from cipherkit.games.mission.content.console import answers_match
from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.content.tokens import GLYPH
from cipherkit.i18n import N_, _, ngettext

NEVER_SETTLED = N_("the answer can never be settled: some answer window cannot open")
TABLE_HEADS = (
    N_("glyph"),
    N_("windows"),
    N_("answer"),
    N_("openable"),
    N_("critical"),
    N_("in minimal sets"),
    N_("order"),
)
"""The heads of the table of glyphs (English, marked: said with ``_``)."""


def _norm(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


SUBSET_LIMIT = 20_000
"""Sets of one size examined exhaustively up to this many (else only the greedy order)."""


@dataclass(frozen=True)
class WindowAnalysis:
    """The result of :func:`window_analysis` (see the module docstring)."""

    mission: str
    title: str
    answer: str
    glyphs: tuple[str, ...]
    """Card glyphs in card order."""
    answer_glyphs: tuple[str, ...]
    windows: dict[str, int]
    """Cells per glyph."""
    content: dict[str, str]
    openable: tuple[str, ...]
    minimum: int | None
    minimum_windows: int | None
    minimal_sets: tuple[tuple[str, ...], ...]
    critical: tuple[str, ...]
    in_every_minimal_set: tuple[str, ...]
    misleading: tuple[tuple[str, ...], ...]
    order: tuple[tuple[str, int], ...]
    exhaustive: bool
    listed: bool
    """Whether the answer is a candidate at all before every window opens."""
    checked_below: int = 0
    """Every set of fewer glyphs than this was examined (the whole search when
    ``exhaustive``)."""

    def to_json(self) -> dict[str, Any]:
        """The analysis as a JSON-safe dict."""
        return {
            "mission": self.mission,
            "minimum_glyphs": self.minimum,
            "minimum_windows": self.minimum_windows,
            "minimal_sets": [list(s) for s in self.minimal_sets],
            "critical": list(self.critical),
            "in_every_minimal_set": list(self.in_every_minimal_set),
            "misleading": [list(s) for s in self.misleading],
            "order": [list(step) for step in self.order],
            "openable": list(self.openable),
            "exhaustive": self.exhaustive,
            "listed": self.listed,
            "verdict": self.verdict_text(),
        }

    def table(self) -> list[dict[str, Any]]:
        """One row per card glyph: windows, answer or not, openable, critical, how often
        in a minimal set, and its place in the greedy order."""
        place = {g: i + 1 for i, (g, __) in enumerate(self.order)}
        sets = self.minimal_sets
        return [
            {
                "glyph": g,
                "windows": self.windows[g],
                "answer": g in self.answer_glyphs,
                "openable": g in self.openable,
                "critical": g in self.critical,
                "in_minimal_sets": sum(g in s for s in sets),
                "order": place.get(g),
            }
            for g in self.glyphs
        ]

    def summary_text(self) -> str:
        """The analysis in a few lines of text, for people to read (in the language in
        force)."""
        lines = [
            _(
                "{title} ({mission}): answer {answer}",
                title=self.title,
                mission=self.mission,
                answer=repr(self.answer),
            )
        ]
        if self.minimum is None:
            lines.append(_(NEVER_SETTLED))
        else:
            glyphs = ngettext(
                "at least {n} glyph ({windows} windows) must open",
                "at least {n} glyphs ({windows} windows) must open",
                self.minimum,
                windows=self.minimum_windows,
            )
            sets = ngettext("{n} set of that size", "{n} sets of that size", len(self.minimal_sets))
            lines.append(f"{glyphs}; {sets}")
            for s in self.minimal_sets[:5]:
                lines.append("  " + ", ".join(s))
        lines.append(_("critical: {glyphs}", glyphs=", ".join(self.critical) or _("none")))
        if self.misleading:
            lines.append(
                _(
                    "misleading sets (a single wrong candidate): {count}",
                    count=len(self.misleading),
                )
            )
        order = ", ".join(f"{g} ({n})" for g, n in self.order)
        lines.append(_("greedy order (candidates left): {order}", order=order))
        return "\n".join(lines)

    def verdict_text(self) -> str:
        """One line for ``cipherkit playtest``: which glyphs settle the answer, without
        saying what it is.

        >>> a = window_analysis("missions/01-lantern-archive.yaml")
        >>> print(a.verdict_text())
        at least 3 glyphs (3 windows) must open before the answer is settled: \
kettle, teacup, acorn; critical: kettle, teacup, acorn
        """
        if self.minimum is None:
            return _(NEVER_SETTLED)
        first = ", ".join(self.minimal_sets[0])
        if self.minimum == 1:
            return ngettext(
                "opening {first} alone settles the answer ({n} glyph does so alone): "
                "the rest of the card hardly matters",
                "opening {first} alone settles the answer ({n} glyphs do so alone): "
                "the rest of the card hardly matters",
                len(self.minimal_sets),
                first=first,
            )
        if not self.exhaustive and self.minimum >= self.checked_below:
            return _(
                "opening {first} ({minimum} glyphs) settles the answer; no set of fewer than "
                "{below} glyphs does (larger sets not all checked)",
                first=first,
                minimum=self.minimum,
                below=self.checked_below,
            )
        critical = ", ".join(self.critical) or _("none")
        others = len(self.minimal_sets) - 1
        if others:
            return ngettext(
                "at least {minimum} glyphs ({windows} windows) must open before the answer "
                "is settled: {first} (or {n} other set); critical: {critical}",
                "at least {minimum} glyphs ({windows} windows) must open before the answer "
                "is settled: {first} (or {n} other sets); critical: {critical}",
                others,
                minimum=self.minimum,
                windows=self.minimum_windows,
                first=first,
                critical=critical,
            )
        return _(
            "at least {minimum} glyphs ({windows} windows) must open before the answer is "
            "settled: {first}; critical: {critical}",
            minimum=self.minimum,
            windows=self.minimum_windows,
            first=first,
            critical=critical,
        )

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(_(h))}</th>" for h in TABLE_HEADS)
        rows = "".join(
            "<tr>"
            + "".join(
                f"<td>{esc(str(row[k]) if row[k] is not None else '–')}</td>"
                for k in (
                    "glyph",
                    "windows",
                    "answer",
                    "openable",
                    "critical",
                    "in_minimal_sets",
                    "order",
                )
            )
            + "</tr>"
            for row in self.table()
        )
        text = esc(self.summary_text()).replace("\n", "<br>")
        drawing = ""
        svg = self._console_svg()
        if svg:
            drawing = f"<div>{svg}</div>"
        return (
            f"<div class='cipherkit-windows'><p>{text}</p><table><tr>{head}</tr>{rows}</table>"
            f"{drawing}</div>"
        )

    def _console_svg(self) -> str | None:
        try:
            drawing = self.console_drawing()
        except ImportError:
            return None
        return drawing.svg() if drawing is not None else None

    def console_drawing(self, mission: Mission | None = None) -> Any:
        """The console with the first minimal set's windows open (``None`` when the
        answer can never be settled). Drawn by :mod:`cipherkit.glyphs` (imported here:
        raises ``ImportError`` where it is not installed)."""
        from cipherkit.games.mission.art.data import card_from_mission, mission_glyph_map
        from cipherkit.glyphs.cards import console_drawing
        from cipherkit.glyphs.data import ConsoleData

        if not self.minimal_sets:
            return None
        chosen = mission or _MISSIONS.get(self.mission)
        if chosen is None:
            return None
        opened = {g: self.content[g] for g in self.minimal_sets[0]}
        card = card_from_mission(chosen)
        console = ConsoleData(
            ConsoleData.from_card(card, opened).cells, f"{chosen.title}: open these {len(opened)}"
        )
        return console_drawing(console, mission_glyph_map(chosen))


_MISSIONS: dict[str, Mission] = {}


def window_analysis(
    mission: str | Path | Mission | dict[str, Any],
    *,
    model: AnswerModel | None = None,
    candidates: Sequence[str] = (),
    subset_limit: int = SUBSET_LIMIT,
) -> WindowAnalysis:
    """Analyse which windows settle the answer (``docs/playtest.md`` explains the figures).

    ``model`` defaults to the shipped word list with ``candidates`` (a mission's own
    candidate answers) and confidence 1.0. Sets of one size are examined exhaustively
    up to ``subset_limit`` of them (``cipherkit playtest`` uses fewer, to stay quick).

    Examples
    --------
    >>> from cipherkit.playtest.windows import window_analysis
    >>> a = window_analysis("missions/01-lantern-archive.yaml")
    >>> a.minimum, a.minimal_sets, a.critical
    (3, (('kettle', 'teacup', 'acorn'),), ('kettle', 'teacup', 'acorn'))
    >>> a.order                 # greedy: the glyph leaving the fewest candidates first
    (('scarf', 123), ('kettle', 12), ('teacup', 3), ('acorn', 1))
    """
    from cipherkit.playtest.runner import load_mission

    m = load_mission(mission)
    _MISSIONS[m.id] = m
    model = model or AnswerModel("shipped", candidates)
    cells = card_cells(m.cells)
    glyphs = tuple(dict.fromkeys(c.glyph for c in m.cells))
    answer_glyphs = tuple(dict.fromkeys(c.glyph for c in m.answer_cells))
    content = {g: m.glyphs[g].content or "" for g in glyphs}
    carried = {t.name for t in m.all_tokens() if t.kind == GLYPH}
    openable = tuple(g for g in glyphs if g in carried)
    windows = {g: sum(1 for c in m.cells if c.glyph == g) for g in glyphs}
    truth = m.answer

    def verdict(open_set: Sequence[str]) -> tuple[bool, bool, int]:
        found = model.assess(cells, {g: content[g] for g in open_set})
        right = found.answer is not None and answers_match(found.answer, truth)
        settled = found.certain or found.count == 1
        return settled and right, settled and not right, found.count

    minimal, misleading, checked_below = _smallest_sets(openable, verdict, subset_limit)
    minimum = checked_below - 1 if minimal else None
    exhaustive = checked_below > len(openable) or bool(minimal)
    critical = tuple(g for g in openable if not verdict([h for h in openable if h != g])[0])
    if not verdict(openable)[0]:
        critical = ()  # nothing settles it: no glyph is critical, the mission is unsolvable
    order = _greedy_order(openable, glyphs, answer_glyphs, verdict)
    if minimum is None and not exhaustive:
        good_prefix = [g for g, __ in order]
        if verdict(good_prefix)[0]:
            minimal = [tuple(good_prefix)]
            minimum = len(good_prefix)
    listed = _norm(truth) in {_norm(c) for c in model.candidates} or (
        model.words is not None and all(w in model.words for w in truth.split())
    )
    every = tuple(g for g in openable if minimal and all(g in s for s in minimal))
    return WindowAnalysis(
        mission=m.id,
        title=m.title,
        answer=truth,
        glyphs=glyphs,
        answer_glyphs=answer_glyphs,
        windows=windows,
        content=content,
        openable=openable,
        minimum=minimum,
        minimum_windows=min((sum(windows[g] for g in s) for s in minimal), default=None),
        minimal_sets=tuple(minimal),
        critical=critical,
        in_every_minimal_set=every,
        misleading=tuple(misleading),
        order=tuple(order),
        exhaustive=exhaustive,
        listed=listed,
        checked_below=checked_below,
    )


_Verdict = Callable[[Sequence[str]], tuple[bool, bool, int]]
"""Given open glyphs: settled on the true answer, settled on a wrong one, candidates left."""


def _smallest_sets(
    openable: tuple[str, ...], verdict: _Verdict, subset_limit: int
) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]], int]:
    """The smallest sets of open glyphs that settle the answer, the sets of that size or
    smaller that settle a wrong one, and one more than the largest size fully checked.

    Sizes are tried from 0 up, each exhaustively, until one settles the answer or has more
    than ``subset_limit`` sets.
    """
    minimal: list[tuple[str, ...]] = []
    misleading: list[tuple[str, ...]] = []
    checked_below = 0
    for k in range(len(openable) + 1):
        if comb(len(openable), k) > subset_limit:
            break
        checked_below = k + 1
        for subset in combinations(openable, k):
            good, bad, __ = verdict(subset)
            if good:
                minimal.append(subset)
            elif bad:
                misleading.append(subset)
        if minimal:
            break
    return minimal, misleading, checked_below


def _greedy_order(
    openable: tuple[str, ...],
    glyphs: tuple[str, ...],
    answer_glyphs: tuple[str, ...],
    verdict: _Verdict,
) -> list[tuple[str, int]]:
    """A greedy opening order: each step the glyph leaving the fewest candidates, with the
    count left after it (1 once the answer is settled, where the order stops)."""
    order: list[tuple[str, int]] = []
    current: list[str] = []
    left = list(openable)
    while left:
        scored = []
        for g in left:
            good, __, count = verdict([*current, g])
            # settled first, then fewest candidates (none left: only the reading helps,
            # so answer glyphs first)
            left_over = count if count else len(openable) + 10**9
            scored.append((not good, left_over, g not in answer_glyphs, glyphs.index(g), g))
        g = min(scored)[-1]
        count = verdict([*current, g])[2]
        current.append(g)
        left.remove(g)
        order.append((g, 1 if verdict(current)[0] else count))
        if verdict(current)[0]:
            break
    return order
