"""The planner's precomputed board of a mission, and small readers of labels and limits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import networkx as nx

from cipherkit.games.mission.answers import CardCell, card_cells
from cipherkit.games.mission.content.secret_rules import LOSS_ICONS

RUN, GATHER, INTEL, REGROUP = "run", "gather", "intel", "regroup"
PILES = (RUN, GATHER, INTEL, REGROUP)
PILE_INDEX = {name: i for i, name in enumerate(PILES)}
FAR = 99
"""Distance to a room no open passage leads to."""


def rule_limit(obs: Mapping[str, Any], name: str, default: int) -> int:
    """A limit of the game being played (secret rules may change it).

    >>> rule_limit({"rules": {"run": 4}}, "run", 3), rule_limit({}, "run", 3)
    (4, 3)
    """
    rules = obs.get("rules")
    return int(rules[name]) if rules else default


def loss_icons(obs: Mapping[str, Any]) -> int:
    """The time icons in the discard pile that lose the game being played.

    >>> loss_icons({})
    3
    """
    return rule_limit(obs, "loss_icons", LOSS_ICONS)


ABILITY_SLIP, ABILITY_SCOUT, ABILITY_LOWER, ABILITY_PEEK, ABILITY_DISARM = (
    "slip",
    "scout",
    "lower",
    "peek",
    "disarm",
)


@dataclass(frozen=True, eq=False)
class Board:
    """What the planner precomputes once per mission (from the public mission data):
    rooms as indices, open and any adjacency, shortest-path distances and next hops on
    the room graph, and the card's cells and glyphs.

    >>> from cipherkit.games.mission.samples import demo_mission
    >>> board = Board.of(demo_mission().public_dict())
    >>> board.dist[board.index["gallery"]][board.index["vault"]]   # round by the study
    3
    >>> [board.rooms[i] for i in board.hops[0][board.index["vault"]]]
    ['study']
    """

    rooms: tuple[str, ...]
    index: Mapping[str, int]
    open_adj: tuple[tuple[int, ...], ...]
    any_adj: tuple[tuple[int, ...], ...]
    nearby: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]
    hops: tuple[tuple[tuple[int, ...], ...], ...]
    cells: tuple[CardCell, ...]
    card_glyphs: tuple[str, ...]
    answer_glyphs: frozenset[str]
    card_set: frozenset[str]

    @staticmethod
    def of(mission: Mapping[str, Any]) -> Board:
        """The board precomputed from a mission's public data (``mission.public_dict()``)."""
        rooms = tuple(r["id"] for r in mission["rooms"])
        index = {r: i for i, r in enumerate(rooms)}
        open_graph: nx.Graph[int] = nx.Graph()
        open_graph.add_nodes_from(range(len(rooms)))
        any_adj: list[list[int]] = [[] for _ in rooms]
        for p in mission["passages"]:
            a, b = (index[r] for r in p["rooms"])
            any_adj[a].append(b)
            any_adj[b].append(a)
            if p["open"]:
                open_graph.add_edge(a, b)
        lengths = dict(nx.all_pairs_shortest_path_length(open_graph))
        n = len(rooms)
        dist = tuple(tuple(lengths[a].get(b, FAR) for b in range(n)) for a in range(n))
        open_adj = tuple(tuple(sorted(open_graph.neighbors(a))) for a in range(n))
        hops = tuple(
            tuple(
                tuple(x for x in open_adj[a] if dist[a][b] < FAR and dist[x][b] == dist[a][b] - 1)
                for b in range(n)
            )
            for a in range(n)
        )
        cells = card_cells(mission["cells"])
        answer_cells = [c for c in cells if c.answer] or list(cells)
        return Board(
            rooms=rooms,
            index=index,
            open_adj=open_adj,
            any_adj=tuple(tuple(sorted(set(a))) for a in any_adj),
            nearby=tuple((a, *open_adj[a]) for a in range(n)),
            dist=dist,
            hops=hops,
            cells=cells,
            card_glyphs=tuple(dict.fromkeys(c.glyph for c in cells)),
            answer_glyphs=frozenset(c.glyph for c in answer_cells),
            card_set=frozenset(c.glyph for c in cells),
        )


_BOARDS: dict[Any, Board] = {}


def board_for(mission: Mapping[str, Any]) -> Board:
    """The (cached) :class:`Board` of a public mission dict."""
    key = (
        mission["id"],
        tuple(r["id"] for r in mission["rooms"]),
        tuple((*p["rooms"], p["open"]) for p in mission["passages"]),
        tuple((c["glyph"], c["word"], c["answer"]) for c in mission["cells"]),
    )
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) > 256:
            _BOARDS.clear()
        board = _BOARDS[key] = Board.of(mission)
    return board


def card_value(label: str) -> int:
    """A resource card's value from its label (``"12Y"`` -> 12)."""
    return _VALUES.get(label) or _value(label)


_VALUES: dict[str, int] = {}


def _value(label: str) -> int:
    value = int(label[:-1])
    _VALUES[label] = value
    return value


def glyph_of(label: str) -> str:
    """The glyph id of a face-up token label (``"sun[dot]"`` -> ``"sun"``)."""
    cut = label.find("[")
    return label if cut < 0 else label[:cut]


def is_trap(label: str) -> bool:
    """Whether a token label is a trap (a camera, gas or counter-intel).

    >>> is_trap("camera"), is_trap("counter-intel[run]"), is_trap("sun")
    (True, True, False)
    """
    return label in ("camera", "gas") or label.startswith("counter-intel")


def same_answer(a: str, b: str) -> bool:
    """Whether two answers are the same, ignoring case, spaces and punctuation.

    >>> same_answer("Red door!", "reddoor")
    True
    """
    norm = "".join(ch for ch in a.casefold() if ch.isalnum())
    return norm == "".join(ch for ch in b.casefold() if ch.isalnum())
