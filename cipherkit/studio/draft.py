"""The mission draft: a mission file's text being edited, one undoable intent at a time.

The text is the source of truth. Each edit loads it as a round-trip YAML document,
applies one intent and writes the document back (sections the edit did not touch keep
their text byte for byte); undo and redo swap whole texts, so they restore the exact
text. Problems are those ``cipherkit validate`` finds in the text, with its sentences.

Examples
--------
>>> draft = Draft.open("missions/08-last-light.yaml")
>>> draft.edit({"op": "move_room", "rooms": ["lamp", "watch"], "delta": [1, 0]})
>>> draft.graph.nodes["lamp"]["pos"], draft.problems
((3, 3), [])
>>> draft.undo()
True
>>> draft.text == open("missions/08-last-light.yaml", encoding="utf-8").read()
True
>>> draft.edit({"op": "delete_room", "room": "causeway"})
>>> print(draft.problems[0].message)  # doctest: +NORMALIZE_WHITESPACE
no room has the entrance token (add tokens: [entrance] to the room where the characters
start)
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import networkx as nx

from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.format.files import with_next_titles
from cipherkit.games.mission.format.problems import Problem
from cipherkit.games.mission.format.schema import parse_partial
from cipherkit.games.mission.format.validate import check_text
from cipherkit.i18n import SOURCE, _, language, pgettext
from cipherkit.studio.edits import apply_intent, rooms_of, sections_of
from cipherkit.studio.intents import Intent, StudioRefused, parse_intent
from cipherkit.studio.yamltext import YAMLError, dump_doc, edit_sections, load_doc

__all__ = ["NEW_MISSION", "Draft"]

NEW_MISSION = """\
# A new mission, begun in the cipherkit studio.
format: 1
id: new-mission
title: A new mission
question: What is the answer?
glyphs: {}
card:
  text: []
map:
  rooms:
    start:
      name: Start
      pos: [0, 0]
  passages: []
"""
"""The text of :meth:`Draft.new` in English: it needs an entrance and an answer to validate."""


def new_mission_text() -> str:
    """:data:`NEW_MISSION` in the language in force: its comment, title, question and
    first room (its id too: a mission's ids may be Cyrillic).

    >>> from cipherkit.i18n import speaking
    >>> with speaking("ru"):
    ...     print(new_mission_text().splitlines()[3])
    title: Новое задание
    """
    if language() == SOURCE:
        return NEW_MISSION
    room = pgettext("the first room's id in a new mission", "start")
    if not re.fullmatch(r"[^\W_][\w-]*", room):  # an id in any alphabet, never marked
        room = "start"
    return (
        NEW_MISSION.replace(
            "A new mission, begun in the cipherkit studio.",
            _("A new mission, begun in the cipherkit studio."),
        )
        .replace("title: A new mission", "title: " + _("A new mission"))
        .replace("question: What is the answer?", "question: " + _("What is the answer?"))
        .replace("    start:\n", f"    {room}:\n")
        .replace("name: Start", "name: " + _("Start"))
    )


MAX_UNDO = 500
"""The most undo steps a draft keeps (the oldest are dropped)."""


class Draft:
    """A mission file being edited: :meth:`edit`, :meth:`undo`, :meth:`redo`, the
    ``text`` now, its ``problems``, ``mission`` and ``graph``, and :meth:`save`."""

    def __init__(self, text: str, *, name: str = "<mission>", path: Path | None = None) -> None:
        self._text = text
        self.name = name
        self.path = path
        self._bom = False
        self._undo: list[str] = []
        self._redo: list[str] = []
        self._cache: dict[str, Any] = {}
        self._docs: dict[str, Any] = {}

    # ---------------------------------------------------------------- making one
    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Draft:
        """The draft of the mission file at ``path`` (its text exactly as stored)."""
        file = Path(path)
        try:
            blob = file.read_bytes()
        except OSError as exc:
            raise StudioRefused.say(
                "{file}: the file cannot be read ({reason}).", file=str(file), reason=exc.strerror
            ) from None
        try:
            text = blob.decode("utf-8")
        except UnicodeDecodeError:
            raise StudioRefused.say("{file}: the file is not UTF-8 text.", file=str(file)) from None
        draft = cls(text.removeprefix("\ufeff"), name=str(path), path=file)
        draft._bom = text.startswith("\ufeff")
        return draft

    @classmethod
    def from_text(cls, text: str, *, name: str = "<mission>") -> Draft:
        """The draft of mission YAML ``text``.

        >>> Draft.from_text("id: x\\n", name="x.yaml").problems[0].message
        "missing field 'title'"
        """
        return cls(text, name=name)

    @classmethod
    def new(cls) -> Draft:
        """A new, minimal mission: one room; set the entrance and the answer.

        >>> draft = Draft.new()
        >>> draft.edit({"op": "set_entrance", "room": "start"})
        >>> draft.edit({"op": "set_answer", "solution": "KEY"})
        >>> [p.severity for p in draft.problems if p.is_error], draft.mission.answer
        ([], 'KEY')
        """
        return cls(new_mission_text(), name="new-mission.yaml")

    @classmethod
    def from_graph(cls, graph: nx.Graph[Any], *, name: str = "new-mission.yaml") -> Draft:
        """A new mission whose map is ``graph``: nodes are rooms (ids from the node
        names; ``pos`` and ``name`` node attributes are kept), edges are passages.

        >>> draft = Draft.from_graph(nx.path_graph(["a", "b", "c"]))
        >>> sorted(draft.graph.edges)
        [('a', 'b'), ('b', 'c')]
        """
        doc = load_doc(NEW_MISSION)
        rooms = rooms_of(doc)
        del rooms["start"]
        known = {str(node) for node in graph.nodes}
        for i, (node, attrs) in enumerate(graph.nodes(data=True)):
            intent = parse_intent(_room_message(node, attrs, i), rooms=None)
            if str(node) in rooms:
                raise StudioRefused.say("Two nodes are both named {node}.", node=repr(str(node)))
            apply_intent(doc, intent)
        for a, b, attrs in graph.edges(data=True):
            message = {"op": "connect", "a": str(a), "b": str(b)}
            if attrs.get("wall"):
                message["kind"] = "wall"
            if attrs.get("token") is not None:
                message["token"] = attrs["token"]
            apply_intent(doc, parse_intent(message, rooms=known))
        return cls(dump_doc(doc, NEW_MISSION), name=name)

    # ---------------------------------------------------------------- editing
    def edit(self, intent: Intent | dict[str, Any]) -> None:
        """Apply one intent (or a page's ``{"op": ...}`` message) as one undo step; a
        refused one raises :class:`StudioRefused` and changes nothing."""
        data = self.data
        if data is None:
            raise StudioRefused.say(
                "The draft's text is not valid YAML; fix the text before editing the map."
            )
        if isinstance(intent, dict):
            intent = parse_intent(intent, rooms=_room_ids(data))
        text = _edited(self._text, intent, self._docs)
        if text == self._text:
            return
        self._undo.append(self._text)
        del self._undo[:-MAX_UNDO]
        self._redo.clear()
        self._text = text

    def set_text(self, text: str) -> None:
        """Replace the whole text (as typed in a text view), as one undo step."""
        if not isinstance(text, str):
            raise StudioRefused.say("The text of a mission must be text.")
        if text != self._text:
            self._undo.append(self._text)
            self._redo.clear()
            self._text = text

    def undo(self) -> bool:
        """Undo the last edit; whether there was one to undo."""
        return self._step(self._undo, self._redo)

    def redo(self) -> bool:
        """Redo the last undone edit; whether there was one to redo."""
        return self._step(self._redo, self._undo)

    def _step(self, back: list[str], forth: list[str]) -> bool:
        """Go back to the last text of ``back``, the current one going onto ``forth``;
        whether ``back`` had one."""
        if not back:
            return False
        forth.append(self._text)
        self._text = back.pop()
        return True

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a step to undo."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` has a step to redo."""
        return bool(self._redo)

    # ---------------------------------------------------------------- reading
    @property
    def text(self) -> str:
        """The mission file's YAML text now."""
        return self._text

    @property
    def problems(self) -> list[Problem]:
        """What ``cipherkit validate`` finds in the text (errors and warnings)."""
        return list(self._checked()["problems"])

    @property
    def errors(self) -> list[Problem]:
        """The problems that are errors (a mission with one does not load)."""
        return [p for p in self._checked()["problems"] if p.is_error]

    @property
    def mission(self) -> Mission | None:
        """The mission the text holds, or None while it has an error."""
        checked = self._checked()
        if "mission" not in checked:
            mission = checked["loaded"]
            if mission is not None and self.path is not None:
                mission = with_next_titles(mission, self.path)
            checked["mission"] = mission
        result: Mission | None = checked["mission"]
        return result

    @property
    def data(self) -> Any:
        """The text's plain data as the format reads it (None if it is not YAML); shared:
        do not change it."""
        return self._checked()["data"]

    @property
    def graph(self) -> nx.Graph[str]:
        """The map as the format reads it: rooms (``pos``, ``name``, ``tokens``,
        ``stack_size``...) and passages (``wall``, ``token``); a copy."""
        checked = self._checked()
        if "graph" not in checked:
            graph: nx.Graph[str] = nx.Graph()
            if checked["data"] is not None:
                partial, _ = parse_partial(checked["data"], checked["source"])
                if partial is not None:
                    graph = partial.map
            checked["graph"] = graph
        return nx.Graph(checked["graph"])

    def _checked(self) -> dict[str, Any]:
        """The text read and checked once (:func:`check_text`), kept until it changes."""
        if self._cache.get("text") is not self._text:
            found = check_text(self._text, self.name)
            self._cache = {
                "text": self._text,
                "problems": found.problems,
                "loaded": found.mission,
                "data": found.data,
                "source": found.source,
            }
        return self._cache

    # ---------------------------------------------------------------- saving
    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the text to ``path`` (by default the file it was opened from)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise StudioRefused.say("This draft has no file yet: give a path to save it to.")
        data = ("\ufeff" if self._bom else "") + self._text
        target.write_bytes(data.encode("utf-8"))
        if path is not None and self.path is None:
            self.path, self.name = target, str(target)
        return target

    def __repr__(self) -> str:
        errors = len(self.errors)
        return f"<Draft {self.name}: {len(self._text):,} characters, {errors} error(s)>"


def _room_ids(data: Any) -> list[str] | None:
    mp = data.get("map") if isinstance(data, dict) else None
    rooms = mp.get("rooms") if isinstance(mp, dict) else None
    return [str(room) for room in rooms] if isinstance(rooms, dict) else None


def _edited(text: str, intent: Intent, docs: dict[str, Any] | None = None) -> str:
    """``text`` with ``intent`` applied: only the sections it touches are loaded and
    written when the file allows, else the whole document."""
    sections = sections_of(intent)
    if sections:
        edited = edit_sections(text, sections, lambda doc: apply_intent(doc, intent), docs)
        if edited is not None:
            return edited
    try:
        doc = load_doc(text)
    except YAMLError:
        raise StudioRefused.say(
            "The draft's text is not valid YAML; fix the text before editing the map."
        ) from None
    apply_intent(doc, intent)
    return dump_doc(doc, text)


def _room_message(node: Any, attrs: dict[str, Any], i: int) -> dict[str, Any]:
    message: dict[str, Any] = {"op": "add_room", "room": str(node)}
    pos = attrs.get("pos")
    if pos is not None:
        message["pos"] = [_plain(v) for v in pos]
    else:
        message["pos"] = [i % 5, i // 5]
    if attrs.get("name") is not None:
        message["name"] = attrs["name"]
    return message


def _plain(value: Any) -> Any:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return value
    return int(number) if number.is_integer() else number
