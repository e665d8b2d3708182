"""Building a mission in Python; the result equals the same mission written in YAML.

:class:`MissionBuilder` collects the mission-file structure (the one documented in
``docs/mission-format.md``) through small methods, and :meth:`MissionBuilder.build`
passes it through the same schema and checks as a file, so errors read the same.

Examples
--------
>>> from cipherkit.games.mission.format.builder import MissionBuilder
>>> b = MissionBuilder("hi", title="Hello", question="Say hello")
>>> b.glyph("h", "H").glyph("i", "I").word("h", "i")
MissionBuilder('hi')
>>> b.room("hall", pos=(0, 0), entrance=True, stack=["h"])
MissionBuilder('hi')
>>> b.room("den", pos=(1, 0), stack=["i", "gas"]).passage("hall", "den")
MissionBuilder('hi')
>>> mission = b.build()
>>> mission.answer, mission.stacks["den"][1].label
('HI', 'gas')
>>> from cipherkit.games.mission.format.files import mission_from_yaml, mission_to_yaml
>>> mission_from_yaml(mission_to_yaml(mission)) == mission
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import networkx as nx

from cipherkit.games.mission.content.mission import ENTRANCE, Mission
from cipherkit.games.mission.format.files import mission_from_dict

TokenSpec = str | dict[str, Any]
CellSpec = str | dict[str, Any]


class MissionBuilder:
    """Collects a mission piece by piece; every method returns the builder."""

    def __init__(self, id: str, *, title: str, question: str, story: str = "") -> None:
        self.data: dict[str, Any] = {"id": id, "title": title, "question": question}
        if story:
            self.data["story"] = story
        self.data["glyphs"] = {}
        self.data["card"] = {"text": []}
        self.data["map"] = {"rooms": {}, "passages": []}

    def __repr__(self) -> str:
        return f"MissionBuilder({self.data['id']!r})"

    # ------------------------------------------------------------------ console
    def glyph(
        self, id: str, content: str | None = None, *, no_token: bool = False
    ) -> MissionBuilder:
        """Declare a glyph and what its windows hide (``None``: a decoy glyph for tokens)."""
        if no_token:
            self.data["glyphs"][id] = {"content": content, "no_token": True}
        elif content is None:
            self.data["glyphs"][id] = None
        else:
            self.data["glyphs"][id] = content
        return self

    def word(self, *cells: CellSpec) -> MissionBuilder:
        """Add a word of glyph cells to the card text (a cell: ``"sun"`` or
        ``{"glyph": "sun", "marks": ["red"]}``)."""
        self.data["card"]["text"].append(list(cells))
        return self

    def answer_word(self, *cells: CellSpec) -> MissionBuilder:
        """Add a word below the card's Answer label."""
        self.data["card"].setdefault("answer", []).append(list(cells))
        return self

    def solution(self, text: str) -> MissionBuilder:
        """What the answer cells must spell (checked when building)."""
        self.data["solution"] = text
        return self

    # ------------------------------------------------------------------ map
    def room(
        self,
        id: str,
        *,
        pos: Sequence[float],
        name: str | None = None,
        entrance: bool = False,
        tokens: Iterable[str] = (),
        stack: Iterable[TokenSpec] | None = None,
        stack_size: int | None = None,
    ) -> MissionBuilder:
        """Add a room; ``stack`` lists its clue tokens top first, or ``stack_size`` deals
        that many from the pool."""
        entry: dict[str, Any] = {}
        if name:
            entry["name"] = name
        entry["pos"] = list(pos)
        special = ([ENTRANCE] if entrance else []) + list(tokens)
        if special:
            entry["tokens"] = special
        if stack is not None:
            entry["stack"] = list(stack)
        if stack_size is not None:
            entry["stack_size"] = stack_size
        self.data["map"]["rooms"][id] = entry
        return self

    def passage(self, a: str, b: str, *, token: str | None = None) -> MissionBuilder:
        """An open passageway (``token="wall"``: closed by a wall token)."""
        if token is None:
            self.data["map"]["passages"].append([a, b])
        else:
            self.data["map"]["passages"].append({"rooms": [a, b], "token": token})
        return self

    def wall(self, a: str, b: str, *, token: str | None = None) -> MissionBuilder:
        """A printed wall between adjacent rooms (``token="passage"``: opened)."""
        entry: dict[str, Any] = {"rooms": [a, b], "wall": True}
        if token is not None:
            entry["token"] = token
        self.data["map"]["passages"].append(entry)
        return self

    def map_from_graph(self, graph: nx.Graph) -> MissionBuilder:
        """Rooms and passageways from a networkx graph: a node per room (attributes
        ``pos`` (required), ``name``, ``entrance``, ``tokens``, ``stack``, ``stack_size``),
        an edge per passageway (attributes ``wall`` (a printed wall) and ``token``
        (``"wall"`` closes an open passage, ``"passage"`` opens a printed wall)).

        >>> import networkx as nx
        >>> g = nx.Graph()
        >>> g.add_node("hall", pos=(0, 0), entrance=True, stack_size=1)
        >>> g.add_node("den", pos=(1, 0), stack_size=1)
        >>> g.add_edge("hall", "den", wall=True, token="passage")
        >>> MissionBuilder("m", title="M", question="Q?").map_from_graph(g).data["map"]
        {'rooms': {'hall': {'pos': [0, 0], 'tokens': ['entrance'], 'stack_size': 1}, \
'den': {'pos': [1, 0], 'stack_size': 1}}, 'passages': [{'rooms': ['hall', 'den'], \
'wall': True, 'token': 'passage'}]}
        """
        for room, attrs in graph.nodes(data=True):
            if "pos" not in attrs:
                raise ValueError(f"room {room!r} of the graph has no pos attribute")
            self.room(
                str(room),
                pos=attrs["pos"],
                name=attrs.get("name"),
                entrance=bool(attrs.get("entrance")),
                tokens=attrs.get("tokens", ()),
                stack=attrs.get("stack"),
                stack_size=attrs.get("stack_size"),
            )
        for a, b, attrs in graph.edges(data=True):
            if attrs.get("wall"):
                self.wall(str(a), str(b), token=attrs.get("token"))
            else:
                self.passage(str(a), str(b), token=attrs.get("token"))
        return self

    def encipher(
        self, text: str, *, answer: bool = False, names: Sequence[str] | None = None
    ) -> MissionBuilder:
        """Write ``text`` on the card in glyphs, a word per word: each new letter or digit
        gets a glyph, a letter seen before reuses its glyph (as a cipher does). Glyph ids
        come from ``names`` in order, or are ``g01``..``g99`` in a shuffled order (ids
        are public on the card, so they must not give the content away). ``answer=True``
        writes below the Answer label and sets the solution.

        >>> b = MissionBuilder("m", title="M", question="Q?").seed(3).encipher("SEE ME")
        >>> b.data["card"]["text"], b.glyph_ids()
        ([['g81', 'g54', 'g54'], ['g46', 'g54']], {'S': 'g81', 'E': 'g54', 'M': 'g46'})
        """
        ids = self.glyph_ids()
        fresh = iter(names) if names is not None else self._free_ids()
        words = []
        for word in unicodedata.normalize("NFC", text).split():
            cells = []
            for ch in unicodedata.normalize("NFC", word.upper()):
                if not ch.isalnum():
                    continue
                if ch not in ids:
                    gid = next(fresh)
                    self.glyph(gid, ch)
                    ids[ch] = gid
                cells.append(ids[ch])
            if cells:
                words.append(cells)
        for cells in words:
            (self.answer_word if answer else self.word)(*cells)
        if answer or "answer" not in self.data["card"]:
            self.solution(" ".join(text.split()).upper())
        return self

    def glyph_ids(self) -> dict[str, str]:
        """The glyph of each content written so far (``{"S": "g17", ...}``)."""
        out: dict[str, str] = {}
        for gid, spec in self.data["glyphs"].items():
            content = spec.get("content") if isinstance(spec, dict) else spec
            if content is not None:
                out.setdefault(str(content), gid)
        return out

    def _free_ids(self) -> Iterator[str]:
        from cipherkit.core.rng import Rng

        numbers = list(range(1, 100))
        Rng(int(self.data.get("seed", 0))).shuffle(numbers)
        for n in numbers:
            gid = f"g{n:02d}"
            if gid not in self.data["glyphs"]:
                yield gid

    def pool(self, *tokens: TokenSpec) -> MissionBuilder:
        """Add clue tokens to the pool dealt into the stacks."""
        self.data.setdefault("pool", []).extend(tokens)
        return self

    # ------------------------------------------------------------------ the rest
    def seed(self, seed: int) -> MissionBuilder:
        """Set the mission's seed, which the deal of the pool into stacks (and new glyph ids)
        follow.
        """
        self.data["seed"] = seed
        return self

    def deal(self, kind: str) -> MissionBuilder:
        """``"shuffled"`` (the default: each game shuffles the clue tokens) or
        ``"fixed"`` (every game deals the stacks as written, e.g. for a tutorial)."""
        self.data["deal"] = kind
        return self

    def players(self, lo: int = 1, hi: int = 4) -> MissionBuilder:
        """Set how many players the mission takes, ``lo`` to ``hi``."""
        self.data["players"] = {"min": lo, "max": hi}
        return self

    def characters(self, *characters: str | dict[str, Any]) -> MissionBuilder:
        """Set the characters the players choose from (ids of built-ins, or mappings)."""
        self.data["characters"] = list(characters)
        return self

    def deck(self, **fields: Any) -> MissionBuilder:
        """Override deck fields: ``values``, ``suits``, ``time``, ``hand_size``."""
        self.data.setdefault("deck", {}).update(fields)
        return self

    def glyph_set(
        self, style: str | None = None, seed: int = 0, *, folder: str | None = None
    ) -> MissionBuilder:
        """Draw the mission in a generated style (``"runes"``, seed 7) or from a folder."""
        self.data["glyph_set"] = {"folder": folder} if folder else {"style": style, "seed": seed}
        return self

    def campaign(
        self,
        *,
        win: dict[str, Any] | None = None,
        loss: dict[str, Any] | None = None,
    ) -> MissionBuilder:
        """Campaign links, e.g. ``win={"next": "m2", "unlock": ["clerks-note"]}``."""
        links = self.data.setdefault("campaign", {})
        if win is not None:
            links["win"] = win
        if loss is not None:
            links["loss"] = loss
        return self

    def to_dict(self) -> dict[str, Any]:
        """The mission data built so far, as the YAML file would hold it."""
        return self.data

    def build(self) -> Mission:
        """The mission; :class:`~cipherkit.games.mission.format.problems.MissionError` on errors."""
        return mission_from_dict(self.data, file=f"<builder {self.data['id']}>")
