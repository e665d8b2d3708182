"""The mission value: map, glyph key, console cells, clue stacks, deck, characters, and
where the campaign goes after it.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.content.mission``.

Examples
--------
>>> from cipherkit.games.mission.samples import demo_mission
>>> m = demo_mission()
>>> m.entrance, m.answer, sorted(m.map.nodes)[:2]
('foyer', 'OWL', ['foyer', 'gallery'])
>>> [c.content for c in m.cells]
['O', 'W', 'L']
>>> m.is_open("foyer", "gallery"), m.is_open("gallery", "vault")
(True, False)
>>> from cipherkit.games.mission.format.files import mission_from_dict
>>> mission_from_dict(m.to_dict()) == m
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import networkx as nx

from cipherkit.core.rng import Rng
from cipherkit.games.mission.content.characters import DEFAULT_CHARACTERS, Character
from cipherkit.games.mission.content.console import Cell, Glyph, alphabet, answer_script, spell
from cipherkit.games.mission.content.deck import DeckSpec
from cipherkit.games.mission.content.tokens import Token

ENTRANCE = "entrance"
WALL_TOKEN = "wall"
PASSAGE_TOKEN = "passage"
FORMAT = 1


@dataclass(frozen=True, slots=True)
class CampaignLink:
    """Where the campaign goes after a win or a loss: the next mission's id, the secret
    rules (cards) it unlocks, and a line of story. ``next_title`` is the next mission's
    title, given in the file or found by the loader among the mission files beside it
    (players read titles, not ids)."""

    next: str | None = None
    unlock: tuple[str, ...] = ()
    text: str = ""
    next_title: str = ""

    def to_data(self) -> dict[str, Any]:
        """The link as the mission file writes it (empty fields left out)."""
        data: dict[str, Any] = {}
        if self.next is not None:
            data["next"] = self.next
        if self.unlock:
            data["unlock"] = list(self.unlock)
        if self.text:
            data["text"] = self.text
        if self.next_title:
            data["next_title"] = self.next_title
        return data

    def to_json(self) -> dict[str, Any]:
        """The link as a JSON-safe dict, with the next mission's title."""
        return {
            "next": self.next,
            "next_title": self.next_title,
            "unlock": list(self.unlock),
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class CampaignLinks:
    """Where the campaign goes after this mission: one link for a win, one for a loss."""

    win: CampaignLink = CampaignLink()
    loss: CampaignLink = CampaignLink()

    @property
    def is_empty(self) -> bool:
        """Whether the mission leads nowhere (it is not part of a campaign)."""
        return self.win == CampaignLink() and self.loss == CampaignLink()


@dataclass(frozen=True, eq=False)
class Mission:
    """One mission. Treat it as immutable (the map graph is shared, never changed)."""

    id: str
    title: str
    question: str
    glyphs: Mapping[str, Glyph]
    cells: tuple[Cell, ...]
    map: nx.Graph
    story: str = ""
    seed: int = 0
    players: tuple[int, int] = (1, 4)
    characters: tuple[Character, ...] = ()
    pool: tuple[Token, ...] = ()
    deck: DeckSpec = field(default_factory=DeckSpec)
    campaign: CampaignLinks = field(default_factory=CampaignLinks)
    solution: str | None = None
    glyph_set: Mapping[str, Any] | None = None
    """The glyph set the mission is drawn in: ``{"style": "runes", "seed": 7}`` or
    ``{"folder": "glyphs/"}`` (beside the mission file); ``None`` draws the default
    style with the mission's seed."""
    deal: str = "shuffled"
    """How a game lays out the clue tokens: ``"shuffled"`` (the rulebook: every game
    shuffles all the mission's clue tokens with the game's seed and deals them into the
    rooms' stack sizes) or ``"fixed"`` (every game deals the stacks as :attr:`stacks`
    gives them: written stacks as written, top first; a tutorial's choice)."""

    # ------------------------------------------------------------------ map
    @property
    def rooms(self) -> list[str]:
        """The room ids, in map order."""
        return list(self.map.nodes)

    @cached_property
    def entrance(self) -> str | None:
        """The room holding the entrance token (the first one, if several)."""
        for room, tokens in self.map.nodes(data="tokens"):
            if ENTRANCE in (tokens or ()):
                return room
        return None

    def is_open(self, a: str, b: str) -> bool:
        """Whether a character can walk from ``a`` to ``b`` (adjacent, no wall between)."""
        if not self.map.has_edge(a, b):
            return False
        return passage_is_open(self.map.edges[a, b])

    def open_neighbours(self, room: str) -> list[str]:
        """The rooms next to ``room`` that a character can walk to (no wall between)."""
        return [n for n in self.map.neighbors(room) if self.is_open(room, n)]

    @cached_property
    def open_map(self) -> nx.Graph:
        """The rooms and only the passages a character can walk through."""
        graph: nx.Graph[str] = nx.Graph()
        graph.add_nodes_from(self.map.nodes)
        graph.add_edges_from((a, b) for a, b, d in self.map.edges(data=True) if passage_is_open(d))
        return graph

    # ------------------------------------------------------------------ clues
    @cached_property
    def stacks(self) -> dict[str, tuple[Token, ...]]:
        """Each room's face-down clue stack, top first, with the pool dealt.

        Rooms with ``stack_size`` take their tokens from ``pool`` after it is shuffled
        with ``Rng(seed)``, in room order; the same mission always deals the same way.
        This is the layout printed for a table and the one a game starts from: with
        ``deal: shuffled`` (the default) a game then shuffles the tokens again with its
        own seed, keeping each room's stack size.
        """
        pool = list(self.pool)
        Rng(self.seed).shuffle(pool)
        stacks: dict[str, tuple[Token, ...]] = {}
        for room, data in self.map.nodes(data=True):
            if data.get("stack") is not None:
                stacks[room] = tuple(data["stack"])
            else:
                size = int(data.get("stack_size") or 0)
                stacks[room], pool = tuple(pool[:size]), pool[size:]
        return stacks

    def all_tokens(self) -> list[Token]:
        """Every token in every stack, as dealt."""
        return [t for stack in self.stacks.values() for t in stack]

    # ------------------------------------------------------------------ console
    @cached_property
    def card_glyphs(self) -> frozenset[str]:
        """Glyphs that appear on the mission card."""
        return frozenset(c.glyph for c in self.cells)

    @property
    def has_answer_section(self) -> bool:
        """Whether the card marks some cells as the Answer section."""
        return any(c.answer for c in self.cells)

    @property
    def answer_cells(self) -> tuple[Cell, ...]:
        """The cells whose content must be given: the Answer section, or every cell."""
        if self.has_answer_section:
            return tuple(c for c in self.cells if c.answer)
        return self.cells

    @property
    def answer(self) -> str:
        """What the answer cells spell, words joined by single spaces."""
        return spell(self.answer_cells)

    @property
    def text(self) -> str:
        """The whole card's hidden text."""
        return spell(self.cells)

    @property
    def key(self) -> dict[str, str | None]:
        """The glyph key: each glyph id and what its windows hide (None: not on the card)."""
        return {g.id: g.content for g in self.glyphs.values()}

    @cached_property
    def script(self) -> str | None:
        """The script the card's windows are written in (``LATIN``, ``CYRILLIC``…), read
        from the glyph key: most of its letters' script; None for digits only.

        >>> from cipherkit.games.mission.samples import demo_mission
        >>> demo_mission().script
        'LATIN'
        """
        return answer_script(self.window_contents)

    @cached_property
    def alphabet(self) -> str:
        """The capital letters the answer is written in: the alphabet of :attr:`script`
        (Latin A-Z, Russian А-Я with Ё), Latin for digits only."""
        return alphabet(self.window_contents)

    @property
    def window_contents(self) -> list[str]:
        """What the windows of the card's glyphs hide, one entry a glyph."""
        card = self.card_glyphs
        return [g.content for g in self.glyphs.values() if g.id in card and g.content]

    # ------------------------------------------------------------------ writing
    def to_dict(self) -> dict[str, Any]:
        """The canonical mission-file structure (defaults left out)."""
        data: dict[str, Any] = {"format": FORMAT, "id": self.id, "title": self.title}
        data["question"] = self.question
        if self.story:
            data["story"] = self.story
        if self.seed:
            data["seed"] = self.seed
        if self.deal != "shuffled":
            data["deal"] = self.deal
        if self.players != (1, 4):
            data["players"] = {"min": self.players[0], "max": self.players[1]}
        if tuple(c.id for c in self.characters) != DEFAULT_CHARACTERS or any(
            not isinstance(c.to_data(), str) for c in self.characters
        ):
            data["characters"] = [c.to_data() for c in self.characters]
        data["glyphs"] = {g.id: g.to_data() for g in self.glyphs.values()}
        card: dict[str, Any] = {"text": _words(c for c in self.cells if not c.answer)}
        if self.has_answer_section:
            card["answer"] = _words(c for c in self.cells if c.answer)
        data["card"] = card
        if self.solution is not None:
            data["solution"] = self.solution
        rooms: dict[str, Any] = {}
        for room, attrs in self.map.nodes(data=True):
            entry: dict[str, Any] = {}
            if attrs.get("name"):
                entry["name"] = attrs["name"]
            entry["pos"] = list(attrs["pos"])
            if attrs.get("tokens"):
                entry["tokens"] = list(attrs["tokens"])
            if attrs.get("stack") is not None:
                entry["stack"] = [t.to_data() for t in attrs["stack"]]
            elif attrs.get("stack_size"):
                entry["stack_size"] = attrs["stack_size"]
            rooms[room] = entry
        passages: list[Any] = []
        for a, b, attrs in sorted(self.map.edges(data=True), key=lambda e: e[2].get("index", 0)):
            pair = list(attrs.get("order", (a, b)))
            if not attrs.get("wall") and not attrs.get("token"):
                passages.append(pair)
            else:
                entry = {"rooms": pair}
                if attrs.get("wall"):
                    entry["wall"] = True
                if attrs.get("token"):
                    entry["token"] = attrs["token"]
                passages.append(entry)
        data["map"] = {"rooms": rooms, "passages": passages}
        if self.pool:
            data["pool"] = [t.to_data() for t in self.pool]
        if not self.deck.is_default:
            data["deck"] = self.deck.to_data()
        if self.glyph_set is not None:
            data["glyph_set"] = dict(self.glyph_set)
        if not self.campaign.is_empty:
            data["campaign"] = {
                key: link.to_data()
                for key, link in (("win", self.campaign.win), ("loss", self.campaign.loss))
                if link.to_data()
            }
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mission):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    # unhashable, being equal by value (typeshed types object.__hash__ as a method, not None)
    __hash__ = None  # type: ignore[assignment]

    def public_dict(self) -> dict[str, Any]:
        """What every player may see of the mission: no contents, stacks or answer."""
        return {
            "id": self.id,
            "title": self.title,
            "question": self.question,
            "story": self.story,
            "rooms": [
                {
                    "id": room,
                    "name": attrs.get("name") or room,
                    "pos": list(attrs["pos"]),
                    "tokens": list(attrs.get("tokens") or ()),
                }
                for room, attrs in self.map.nodes(data=True)
            ],
            "passages": [
                {
                    "rooms": list(d.get("order", (a, b))),
                    "wall": bool(d.get("wall")),
                    "token": d.get("token"),
                    "open": passage_is_open(d),
                }
                for a, b, d in sorted(self.map.edges(data=True), key=lambda e: e[2].get("index", 0))
            ],
            "cells": [
                {"glyph": c.glyph, "word": c.word, "answer": c.answer, "marks": list(c.marks)}
                for c in self.cells
            ],
            "has_answer_section": self.has_answer_section,
        }

    def summary(self) -> str:
        """A few lines describing the mission (no hidden content).

        >>> from cipherkit.games.mission.samples import demo_mission
        >>> print(demo_mission().summary())
        Mission demo: The Owl Room
        Q: What bird guards the vault?
        4 rooms, 3 glyph cells, 7 clue tokens, 40 cards
        """
        cards = self.deck.resource_count + len(self.deck.time)
        return (
            f"Mission {self.id}: {self.title}\nQ: {self.question}\n"
            f"{self.map.number_of_nodes()} rooms, {len(self.cells)} glyph cells, "
            f"{len(self.all_tokens())} clue tokens, {cards} cards"
        )

    def _repr_svg_(self) -> str:
        """The map at setup, drawn by :mod:`cipherkit.glyphs` (imported only when shown)."""
        from cipherkit.games.mission.art.notebook import mission_svg

        return mission_svg(self)

    def _repr_html_(self) -> str:
        import html

        lines = html.escape(self.summary()).replace("\n", "<br>")
        return f"<div class='cipherkit-mission'>{lines}<div>{self._repr_svg_()}</div></div>"

    def __repr__(self) -> str:
        return f"<Mission {self.id!r}: {self.title!r}>"


def passage_is_open(attrs: Mapping[str, Any]) -> bool:
    """Open unless a printed wall without a passage token, or a wall token."""
    token = attrs.get("token")
    if attrs.get("wall"):
        return token == PASSAGE_TOKEN
    return token != WALL_TOKEN


def _words(cells: Any) -> list[list[Any]]:
    words: dict[int, list[Any]] = {}
    for cell in cells:
        words.setdefault(cell.word, []).append(cell.to_data())
    return [words[k] for k in sorted(words)]
