"""Plain data that the drawings take: cards, consoles, maps, tokens and standees.

Design notes: ``docs/glyphs.md``, ``cipherkit.glyphs.data``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import CipherkitError

if TYPE_CHECKING:
    import networkx as nx

Traps = Mapping[str, str | None] | Iterable[str]
"""The trap names a label may name, from the game: a mapping gives each its colour (a
name of :data:`cipherkit.glyphs.theme.TRAP_COLOURS` or ``#rrggbb``), a plain iterable
of names leaves them uncoloured (drawn as a plain trap)."""

# The map symbols the drawings know (special tokens on rooms and passages).
ENTRANCE = "entrance"
WALL_TOKEN = "wall"
PASSAGE_TOKEN = "passage"


# ------------------------------------------------------------------ tokens
@dataclass(frozen=True, slots=True)
class TokenData:
    """A clue token: ``kind`` is ``"glyph"`` or ``"trap"``; ``action`` is the action
    symbol of a counter-intel token; ``colour`` is a trap's colour (see :data:`Traps`;
    ``None`` draws a plain trap)."""

    kind: str
    name: str
    marks: tuple[str, ...] = ()
    action: str | None = None
    colour: str | None = None

    @classmethod
    def from_label(cls, label: str, traps: Traps = ()) -> TokenData:
        """Read the face-up label of a token: ``sun``, ``sun[dot]``, and, when
        ``traps`` names them, ``camera`` or ``counter-intel:run``."""
        text = str(label)
        name, _, action = text.partition(":")
        if name in traps:
            return cls("trap", name, (), action or None, _trap_colour(traps, name))
        if text.endswith("]") and "[" in text:
            glyph, _, marks = text[:-1].partition("[")
            return cls("glyph", glyph, tuple(m for m in marks.split(",") if m))
        return cls("glyph", text)

    @classmethod
    def from_any(cls, value: Any, traps: Traps = ()) -> TokenData:
        """A :class:`TokenData`, a label, or anything with ``kind``/``name``/``marks``/
        ``action`` (such as a mission token); ``traps`` as for :meth:`from_label`."""
        if isinstance(value, TokenData):
            return value
        if isinstance(value, str):
            return cls.from_label(value, traps)
        if all(hasattr(value, a) for a in ("kind", "name")):
            kind, name = str(value.kind), str(value.name)
            return cls(
                kind,
                name,
                tuple(getattr(value, "marks", ()) or ()),
                getattr(value, "action", None),
                _trap_colour(traps, name) if kind == "trap" else None,
            )
        raise CipherkitError.say("not a clue token: {value!r}", value=value)

    @property
    def is_trap(self) -> bool:
        """Whether the token is a trap."""
        return self.kind == "trap"

    @property
    def label(self) -> str:
        """How the token is shown face up: ``sun``, ``sun[dot]``, ``counter-intel:run``."""
        if self.is_trap:
            return f"{self.name}:{self.action}" if self.action else self.name
        return f"{self.name}[{','.join(self.marks)}]" if self.marks else self.name


def _trap_colour(traps: Traps, name: str) -> str | None:
    return traps.get(name) if isinstance(traps, Mapping) else None


# ------------------------------------------------------------------ card and console
@dataclass(frozen=True, slots=True)
class CellData:
    """One glyph cell of a card: its glyph id, word number, whether it is in the Answer
    section, its marks (``red``...), and for a console whether its window is open and
    what it shows (``content`` is ``None`` while unknown)."""

    glyph: str
    word: int = 0
    answer: bool = False
    marks: tuple[str, ...] = ()
    open: bool = False
    content: str | None = None


def _cell(value: Any, word: int, answer: bool) -> CellData:
    if isinstance(value, str):
        return CellData(value, word, answer)
    if isinstance(value, Mapping) and "glyph" in value:
        return CellData(str(value["glyph"]), word, answer, tuple(value.get("marks", ()) or ()))
    raise CipherkitError.say(
        "a cell is a glyph id or {{glyph: ID, marks: [...]}}, not {value!r}", value=value
    )


class _Cells:
    """What a card and its console share: cells, read word by word."""

    cells: tuple[CellData, ...]

    @property
    def words(self) -> list[tuple[bool, list[int]]]:
        """The cell indices grouped by word, in order: ``(answer, [index, ...])``."""
        words: dict[int, list[int]] = {}
        answers: dict[int, bool] = {}
        for i, cell in enumerate(self.cells):
            words.setdefault(cell.word, []).append(i)
            answers[cell.word] = answers.get(cell.word, False) or cell.answer
        return [(answers[w], words[w]) for w in sorted(words)]


@dataclass(frozen=True)
class CardData(_Cells):
    """A mission card: the question and the cipher text's cells (see :class:`CellData`).

    ``title`` and ``mission_id`` are shown in the card's header and footer.

    Examples
    --------
    >>> from cipherkit.glyphs.data import CardData, MapData, TokenData
    >>> card = CardData.from_words(
    ...     "What bird?", [["eye", {"glyph": "wing", "marks": ["red"]}]], answer=[["claw"]])
    >>> [(c.glyph, c.word, c.answer, c.marks) for c in card.cells]
    [('eye', 0, False, ()), ('wing', 0, False, ('red',)), ('claw', 1, True, ())]
    >>> traps = {"camera": "brown", "counter-intel": "yellow"}
    >>> TokenData.from_label("counter-intel:run", traps), TokenData.from_label("sun[dot]").marks
    (TokenData(kind='trap', name='counter-intel', marks=(), action='run', colour='yellow'),
     ('dot',))
    >>> import networkx as nx
    >>> g = nx.Graph()
    >>> g.add_node("hall", pos=(0, 0), tokens=["entrance"], stack=["sun", "camera"])
    >>> g.add_node("loft", pos=(1, 0))
    >>> g.add_edge("hall", "loft", wall=True, token="passage")
    >>> m = MapData.from_graph(g)
    >>> m.room("hall").stack, m.passages[0].is_open
    (2, True)
    """

    question: str
    cells: tuple[CellData, ...]
    title: str = ""
    mission_id: str = ""

    @classmethod
    def from_words(
        cls,
        question: str,
        text: Sequence[Sequence[Any]],
        answer: Sequence[Sequence[Any]] = (),
        *,
        title: str = "",
        mission_id: str = "",
    ) -> CardData:
        """From lists of words as in a mission file's ``card`` (``text`` above the
        Answer label, ``answer`` below it); a cell is ``"id"`` or ``{"glyph": "id",
        "marks": ["red"]}``."""
        cells: list[CellData] = []
        word = 0
        for section, is_answer in ((text, False), (answer, True)):
            for w in section:
                cells.extend(_cell(c, word, is_answer) for c in w)
                word += 1
        return cls(question, tuple(cells), title, mission_id)

    @property
    def has_answer_section(self) -> bool:
        """Whether some cells are marked as the Answer section."""
        return any(c.answer for c in self.cells)

    @property
    def glyph_ids(self) -> list[str]:
        """The glyph ids on the card, each once, in order of first appearance."""
        return list(dict.fromkeys(c.glyph for c in self.cells))


@dataclass(frozen=True)
class ConsoleData(_Cells):
    """The console over a card: each cell's window closed, or open with its content."""

    cells: tuple[CellData, ...]
    title: str = ""

    @classmethod
    def from_card(
        cls, card: CardData, opened: Mapping[str, str | None] | Iterable[str] = ()
    ) -> ConsoleData:
        """Windows under the glyphs in ``opened`` are open; a mapping also gives what
        they show (``{"eye": "O"}``), an iterable of ids leaves the content unknown."""
        contents = dict(opened) if isinstance(opened, Mapping) else dict.fromkeys(opened)
        cells = tuple(
            CellData(c.glyph, c.word, c.answer, c.marks, c.glyph in contents, contents.get(c.glyph))
            for c in card.cells
        )
        return cls(cells, card.title)

    @property
    def open_count(self) -> int:
        """How many of the console's windows are open."""
        return sum(c.open for c in self.cells)


# ------------------------------------------------------------------ map
@dataclass(frozen=True, slots=True)
class StandeeData:
    """A character's standee: the name on it and the seat colour it wears."""

    name: str
    seat: int | None = None
    character: str = ""

    @property
    def initial(self) -> str:
        """The letter on the standee: the first of the player's or character's name."""
        return (self.name or self.character)[:1].upper()


@dataclass(frozen=True, slots=True)
class RoomData:
    """A room: ``pos`` (x, y with y downward) or ``None`` for an automatic layout,
    special ``tokens`` (``entrance``...), the face-down ``stack`` height, the face-up
    tokens and the standees in it."""

    id: str
    name: str = ""
    pos: tuple[float, float] | None = None
    tokens: tuple[str, ...] = ()
    stack: int = 0
    face_up: tuple[TokenData, ...] = ()
    standees: tuple[StandeeData, ...] = ()

    @property
    def label(self) -> str:
        """The room's name as shown, or its id when it has none."""
        return self.name or self.id


@dataclass(frozen=True, slots=True)
class PassageData:
    """Rooms ``a`` and ``b`` are adjacent; ``wall`` is a printed wall; ``token`` is
    ``"wall"`` (a wall token closing a passageway), ``"passage"`` (a passage token
    opening a printed wall) or ``None``."""

    a: str
    b: str
    wall: bool = False
    token: str | None = None

    @property
    def is_open(self) -> bool:
        """Whether a character can walk through: a passageway no wall token closes, or a printed
        wall a passage token opens.
        """
        if self.wall:
            return self.token == PASSAGE_TOKEN
        return self.token != WALL_TOKEN


@dataclass(frozen=True)
class MapData:
    """Rooms and passages to draw (see :meth:`from_graph`)."""

    rooms: tuple[RoomData, ...]
    passages: tuple[PassageData, ...] = ()
    title: str = ""
    _index: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ids = [r.id for r in self.rooms]
        if len(set(ids)) != len(ids):
            raise CipherkitError.say("map: two rooms share an id")
        self._index.update({r: i for i, r in enumerate(ids)})
        for p in self.passages:
            for end in (p.a, p.b):
                if end not in self._index:
                    raise CipherkitError.say(
                        "map: a passage names the unknown room {end!r}", end=end
                    )

    def room(self, room_id: str) -> RoomData:
        """The room with id ``room_id``."""
        return self.rooms[self._index[room_id]]

    @classmethod
    def from_graph(cls, graph: nx.Graph, *, title: str = "", traps: Traps = ()) -> MapData:
        """From a networkx graph whose nodes are rooms and edges passages.

        Node attributes (all optional): ``name``, ``pos`` (x, y), ``tokens`` (special
        tokens), ``stack`` (a list of tokens or a number) or ``stack_size``,
        ``face_up`` (tokens or labels; ``traps`` says which labels are traps, as for
        :meth:`TokenData.from_label`), ``standees`` (:class:`StandeeData` or names).
        Edge attributes: ``wall`` and ``token``.
        """
        rooms = []
        for node, attrs in graph.nodes(data=True):
            stack = attrs.get("stack")
            if stack is None:
                height = int(attrs.get("stack_size") or 0)
            elif isinstance(stack, int):
                height = stack
            else:
                height = len(stack)
            pos = attrs.get("pos")
            standees = tuple(
                s if isinstance(s, StandeeData) else StandeeData(str(s), i)
                for i, s in enumerate(attrs.get("standees") or ())
            )
            rooms.append(
                RoomData(
                    str(node),
                    str(attrs.get("name") or ""),
                    None if pos is None else (float(pos[0]), float(pos[1])),
                    tuple(str(t) for t in attrs.get("tokens") or ()),
                    height,
                    tuple(TokenData.from_any(t, traps) for t in attrs.get("face_up") or ()),
                    standees,
                )
            )
        edges = graph.edges(data=True)
        ordered = sorted(edges, key=lambda e: e[2].get("index", 0)) if edges else []
        passages = tuple(
            PassageData(str(a), str(b), bool(d.get("wall")), d.get("token")) for a, b, d in ordered
        )
        return cls(tuple(rooms), passages, title)
