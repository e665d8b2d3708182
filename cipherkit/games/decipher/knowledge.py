"""What a player can deduce about the opponent's hidden code from an observation.

Every card played on column ``c`` of the opponent's code was answered hit (same suit or
rank as the hidden card) or miss. A hidden card is *consistent* when it agrees with every
such answer and is not a card the viewer can see elsewhere. Bots and the no-leak check
use these functions; they read observations only.

Examples
--------
>>> from cipherkit.games.decipher import new_game
>>> from cipherkit.games.decipher.knowledge import column_candidates, unseen_cards
>>> obs = new_game({"first_player": 0}, seed=3).observe(0)
>>> len(unseen_cards(obs, target=1))       # 52 - my 3 hidden - my 6 in hand
43
>>> [len(c) for c in column_candidates(obs, target=1)]
[43, 43, 43]
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cipherkit.games.decipher.cards import CARDS, Card
from cipherkit.i18n import _, ngettext

COLUMNS = 3

Memory = Literal["perfect", "limited"]
"""How much of the piles a player uses: every evaluated card (``"perfect"``) or only the
card on top of each pile and its hit (``"limited"``, what the table shows)."""


def evidence(observation: Mapping[str, Any], target: int) -> list[list[tuple[Card, bool]]]:
    """Per column of ``target``'s code: every evaluated (card played, hit) pair."""
    piles = observation["piles"][1 - target]
    return [
        [(Card.parse(e["card"]), bool(e["hit"])) for e in column if e["hit"] is not None]
        for column in piles
    ]


def top_evidence(observation: Mapping[str, Any], target: int) -> list[list[tuple[Card, bool]]]:
    """Per column of ``target``'s code: only the top card and its hit, if evaluated.

    This is what a player with limited memory keeps: the card in front of the hidden card
    and whether a penny lies on it. A card played this turn (not yet evaluated) hides the
    ones below it.

    >>> from cipherkit.games.decipher import new_game, parse_action
    >>> state = new_game({"first_player": 0}, seed=3)
    >>> for card in state.hands[0][:3]:
    ...     _ = state.apply(0, parse_action(f"play {card}"))
    >>> [len(clues) for clues in top_evidence(state.observe(0), target=1)]
    [1, 1, 1]
    """
    piles = observation["piles"][1 - target]
    return [
        [(Card.parse(column[-1]["card"]), bool(column[-1]["hit"]))]
        if column and column[-1]["hit"] is not None
        else []
        for column in piles
    ]


def top_cards(observation: Mapping[str, Any]) -> set[Card]:
    """The cards on top of every decipher pile (both players')."""
    return {Card.parse(column[-1]["card"]) for p in observation["piles"] for column in p if column}


def pile_cards(observation: Mapping[str, Any]) -> set[Card]:
    """Every card on every decipher pile: public, so never in anyone's hidden code."""
    return {Card.parse(e["card"]) for p in observation["piles"] for column in p for e in column}


def seen_cards(observation: Mapping[str, Any]) -> set[Card]:
    """Cards whose place the viewer knows: piles, its own hand and code, revealed ones."""
    seen: set[Card] = set()
    for player in observation["piles"]:
        for column in player:
            seen.update(Card.parse(e["card"]) for e in column)
    for group in (*observation["hidden"], *observation["hands"]):
        if group:
            seen.update(Card.parse(c) for c in group)
    return seen


def unseen_cards(observation: Mapping[str, Any], target: int) -> list[Card]:
    """Cards that could be in ``target``'s hidden code, before using hit evidence."""
    known = observation["hidden"][target]
    if known:
        return [Card.parse(c) for c in known]
    seen = seen_cards(observation)
    return [c for c in CARDS if c not in seen]


def fits(card: Card, clues: Sequence[tuple[Card, bool]]) -> bool:
    """Would ``card`` as the hidden card have produced every (played, hit) answer?"""
    return all((card.suit == p.suit or card.rank == p.rank) == hit for p, hit in clues)


def column_candidates(
    observation: Mapping[str, Any], target: int, *, memory: Memory = "perfect"
) -> list[list[Card]]:
    """Per column, the cards consistent with that column's evidence.

    With ``memory="limited"`` only the top card of each pile counts, both as evidence
    and as a card known to be out of the code (besides the viewer's own hand and code):
    the candidates are then a superset of the perfect-memory ones.

    >>> from cipherkit.games.decipher import new_game
    >>> obs = new_game({"first_player": 0}, seed=3).observe(0)
    >>> column_candidates(obs, 1) == column_candidates(obs, 1, memory="limited")
    True
    """
    known = observation["hidden"][target]
    if known:
        return [[Card.parse(c)] for c in known]
    if memory == "perfect":
        pool = unseen_cards(observation, target)
        clues_by_column = evidence(observation, target)
    elif memory == "limited":
        seen = top_cards(observation)
        for group in (*observation["hidden"], *observation["hands"]):
            if group:
                seen.update(Card.parse(c) for c in group)
        pool = [c for c in CARDS if c not in seen]
        clues_by_column = top_evidence(observation, target)
    else:
        raise ValueError(f"memory must be 'perfect' or 'limited', not {memory!r}")
    return [[c for c in pool if fits(c, clues)] for clues in clues_by_column]


def public_candidates(
    observation: Mapping[str, Any], target: int, *, memory: Memory = "perfect"
) -> list[list[Card]]:
    """Per column of ``target``'s code, the cards consistent with public information only.

    This is what ``target``'s opponent can deduce, leaving out the cards only that
    opponent knows (its own hand and code): a superset of its real candidates. The viewer
    uses it to follow the opponent's progress on the viewer's own code.

    >>> from cipherkit.games.decipher import new_game
    >>> obs = new_game({"first_player": 0}, seed=3).observe(0)
    >>> [len(c) for c in public_candidates(obs, target=0)]
    [52, 52, 52]
    """
    if memory == "perfect":
        pool_out = pile_cards(observation)
        clues_by_column = evidence(observation, target)
    elif memory == "limited":
        pool_out = top_cards(observation)
        clues_by_column = top_evidence(observation, target)
    else:
        raise ValueError(f"memory must be 'perfect' or 'limited', not {memory!r}")
    return [[c for c in CARDS if c not in pool_out and fits(c, clues)] for clues in clues_by_column]


def iter_consistent_codes(
    candidates: Sequence[Sequence[Card]],
) -> Iterator[tuple[Card, Card, Card]]:
    """Every code of three distinct cards drawn from the per-column candidates."""
    a_list, b_list, c_list = candidates
    for a in a_list:
        for b in b_list:
            if b == a:
                continue
            for c in c_list:
                if c != a and c != b:
                    yield (a, b, c)


def count_consistent_codes(candidates: Sequence[Sequence[Card]]) -> int:
    """How many codes :func:`iter_consistent_codes` yields, by inclusion-exclusion.

    >>> from cipherkit.games.decipher.cards import Card
    >>> a, b = Card.parse("AS"), Card.parse("2S")
    >>> count_consistent_codes([[a, b], [a, b], [a, b]])
    0
    >>> count_consistent_codes([[a], [a, b], [b, Card.parse("3S")]])
    1
    """
    s0, s1, s2 = (set(c) for c in candidates)
    n0, n1, n2 = len(s0), len(s1), len(s2)
    i01, i02, i12 = len(s0 & s1), len(s0 & s2), len(s1 & s2)
    i012 = len(s0 & s1 & s2)
    return n0 * n1 * n2 - i01 * n2 - i02 * n1 - i12 * n0 + 2 * i012


@dataclass(frozen=True)
class CandidateTable:
    """The cards each column's hidden card may still be, and what that leaves: how many
    codes fit and how many bits are missing (log2 of that count). A notebook shows it
    as a table.

    >>> table = candidate_table([["AS", "KH"], ["2C", "3D", "4S"], ["QS"]])
    >>> table.count, round(table.bits, 2)
    (6, 2.58)
    >>> table
    <CandidateTable: 6 codes fit, 2.58 bits missing>
    """

    columns: tuple[tuple[Card, ...], ...]
    count: int

    @property
    def bits(self) -> float:
        """How much is still unknown of the code: log2 of the codes that fit."""
        return math.log2(self.count) if self.count else 0.0

    def __repr__(self) -> str:
        return f"<CandidateTable: {self.count} codes fit, {self.bits:.2f} bits missing>"

    def _repr_html_(self) -> str:
        """The table and its count in the language in force (a lesson page's).

        >>> from cipherkit.i18n import speaking
        >>> with speaking("ru"):
        ...     html = candidate_table([["AS", "KH"], ["2C", "3D", "4S"], ["QS"]])._repr_html_()
        >>> "<th>карта 1</th>" in html, "<b>6</b> кодов подходят" in html
        (True, True)
        """
        tallest = max((len(c) for c in self.columns), default=0)
        labels = [_("card {n}", n=i + 1) for i in range(len(self.columns))]
        head = "".join(f"<th>{label}</th>" for label in labels)
        rows = "".join(
            "<tr>"
            + "".join(f"<td>{c[r].pretty if r < len(c) else ''}</td>" for c in self.columns)
            + "</tr>"
            for r in range(tallest)
        )
        return (
            f"<table class='cipherkit-candidates'><tr>{head}</tr>{rows}</table>"
            "<p>"
            + ngettext(
                "<b>{n}</b> code fits: log₂ {n} = <b>{bits} bits</b> missing.",
                "<b>{n}</b> codes fit: log₂ {n} = <b>{bits} bits</b> missing.",
                self.count,
                bits=format(self.bits, ".2f"),
            )
            + "</p>"
        )


def candidate_table(candidates: Sequence[Sequence[Card | str]]) -> CandidateTable:
    """A :class:`CandidateTable` of each column's candidate cards (cards or their text)."""
    columns = tuple(
        tuple(c if isinstance(c, Card) else Card.parse(c) for c in column) for column in candidates
    )
    return CandidateTable(columns, count_consistent_codes(columns))


def column_code_counts(candidates: Sequence[Sequence[Card]]) -> list[dict[Card, int]]:
    """Per column, how many consistent codes put each candidate card in that column.

    Divided by :func:`count_consistent_codes` these are the exact marginal
    probabilities of each column's card when every consistent code is equally likely
    (which it is: the code was dealt uniformly and hits are deterministic).

    >>> from cipherkit.games.decipher.cards import Card
    >>> a, b, c = Card.parse("AS"), Card.parse("2S"), Card.parse("3S")
    >>> counts = column_code_counts([[a], [a, b], [b, c]])
    >>> [{str(k): v for k, v in col.items()} for col in counts]   # AS must be column 1's
    [{'AS': 1}, {'AS': 0, '2S': 1}, {'2S': 0, '3S': 1}]
    """
    sets = [set(c) for c in candidates]
    result: list[dict[Card, int]] = []
    for column in range(COLUMNS):
        s1, s2 = (sets[(column + k) % COLUMNS] for k in (1, 2))
        n1, n2, n12 = len(s1), len(s2), len(s1 & s2)
        counts: dict[Card, int] = {}
        for card in candidates[column]:
            in1, in2 = card in s1, card in s2
            counts[card] = (n1 - in1) * (n2 - in2) - (n12 - (in1 and in2))
        result.append(counts)
    return result
