"""How generic tools (the :class:`~cipherkit.widgets.Replay` widget) show a Decipher game.

The presentation hooks of :data:`cipherkit.games.decipher.GAME`: pure functions of a
state or of one observation, with no notebook library.

>>> from cipherkit.games.decipher import new_game
>>> state = new_game({"first_player": 0}, seed=2)
>>> title(state)
'Decipher'
>>> drawn = board(state.observe(0), None)
>>> drawn["facts"][:2], drawn["tables"][0]["columns"][:2]
([['Turn', 1], ['Phase', 'play']], ['player', 'hidden code'])
>>> drawn["tables"][0]["rows"][1][1]   # the other player's code is hidden
'hidden'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.protocol import JsonDict, State
from cipherkit.games.decipher.cards import Card

__all__ = ["board", "title"]


def title(state: State) -> str:
    """The game's title."""
    return "Decipher"


def _pretty(cards: Any) -> str:
    if cards is None:
        return "hidden"
    return " ".join(Card.parse(c).pretty for c in cards) or "—"


def board(obs: Mapping[str, Any], truth: Mapping[str, Any] | None = None) -> JsonDict:
    """One observation as facts and a table: each player's hidden code (as far as the
    viewer knows it), the tops of the piles played on it, the hand and the hits."""
    rows = []
    for seat, name in enumerate(obs["names"]):
        tops = []
        for pile in obs["piles"][seat]:
            if not pile:
                tops.append("—")
                continue
            tops.append(f"{Card.parse(pile[-1]['card']).pretty} ({len(pile)})")
        hand = obs["hands"][seat]
        rows.append(
            [
                name,
                _pretty(obs["hidden"][seat]),
                " · ".join(tops),
                _pretty(hand) if hand is not None else f"{obs['hand_sizes'][seat]} cards",
                " ".join("●" if h else "○" for h in obs["hits"][seat]),
            ]
        )
    facts: list[list[Any]] = [
        ["Turn", obs["turn_number"]],
        ["Phase", obs["phase"]],
        ["Deck", obs["deck_size"]],
    ]
    if obs.get("scores") is not None:
        facts.append(["Scores", " : ".join(str(s) for s in obs["scores"])])
    table = {
        "title": "The table",
        "columns": [
            "player",
            "hidden code",
            "piles played on the other's code (top, cards)",
            "hand",
            "hits (pennies)",
        ],
        "rows": rows,
    }
    return {"svg": None, "facts": facts, "tables": [table]}


def progress(view: Mapping[str, Any]) -> tuple[str, str]:
    """How far a game is and the hits each player has scored, from a spectator's view.

    >>> progress({"turn_number": 2, "hits": [[True, False], [False, False]]})
    ('turn 2', 'hits 1 : 0')
    """
    hits = view.get("hits") or []
    score = "hits " + " : ".join(str(sum(bool(h) for h in row)) for row in hits) if hits else ""
    return (f"turn {view['turn_number']}" if view.get("turn_number") else ""), score
