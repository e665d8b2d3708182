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

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cipherkit.games.decipher.cards import CARDS, Card

COLUMNS = 3


def evidence(observation: Mapping[str, Any], target: int) -> list[list[tuple[Card, bool]]]:
    """Per column of ``target``'s code: every evaluated (card played, hit) pair."""
    piles = observation["piles"][1 - target]
    return [
        [(Card.parse(e["card"]), bool(e["hit"])) for e in column if e["hit"] is not None]
        for column in piles
    ]


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


def column_candidates(observation: Mapping[str, Any], target: int) -> list[list[Card]]:
    """Per column, the cards consistent with that column's evidence."""
    pool = unseen_cards(observation, target)
    known = observation["hidden"][target]
    if known:
        return [[Card.parse(c)] for c in known]
    return [[c for c in pool if fits(c, clues)] for clues in evidence(observation, target)]


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
