"""The mission studio's widget: a mission's map and cipher, edited by pointer and keyboard.

The page draws the ``view`` (:func:`cipherkit.studio.view.studio_view`) and sends every
edit as an intent, ``{"op": ...}`` (or a ``{"type": ...}`` of ``text``, ``undo``,
``redo``, ``save``, ``print``, ``playtest`` or ``tune``);
Python checks it (:func:`cipherkit.studio.intents.parse_intent`), applies it to the
:class:`~cipherkit.studio.draft.Draft` as one undo step and sends the view back with the
problems ``cipherkit validate`` finds. A forged or malformed intent is refused with a
sentence and changes nothing. The same intents drive it from Python.

>>> editor = MissionEditor("missions/08-last-light.yaml")
>>> editor.edit({"op": "set_room", "room": "lamp", "name": "The Lamp Room"})
>>> editor.said
"Room lamp is now called 'The Lamp Room'."
>>> editor.handle_message({"op": "delete_room", "room": "attic"})
>>> editor.message
"refused: There is no room 'attic' on the map."
>>> editor.undo(), editor.view["can_undo"]
(True, False)
>>> editor.yaml == open("missions/08-last-light.yaml", encoding="utf-8").read()
True
"""

from __future__ import annotations

import json
import os
import pathlib
from collections.abc import Mapping
from typing import Any, ClassVar

import networkx as nx
import traitlets

from cipherkit.games.mission.art.data import mission_glyph_map
from cipherkit.games.mission.art.pdf import pdf_bytes
from cipherkit.games.mission.art.printing import print_pages
from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.format.files import mission_to_yaml
from cipherkit.games.mission.format.problems import Problem
from cipherkit.games.mission.shipped import mission_argument
from cipherkit.i18n import N_, Message, _, nsay, say
from cipherkit.i18n.words import catalog
from cipherkit.studio.analysis import LiveAnalysis, analysis_words
from cipherkit.studio.cipher_view import cipher_view
from cipherkit.studio.draft import Draft
from cipherkit.studio.intents import StudioRefused, parse_intent
from cipherkit.studio.playtest import BackgroundPlaytest, playtest_words
from cipherkit.studio.said import said_of
from cipherkit.studio.view import studio_view
from cipherkit.studio.yamltext import as_mapping
from cipherkit.widgets.frontend import widget_files
from cipherkit.widgets.guard import CostGuard, GuardedWidget, Refused, check_envelope

__all__ = ["MissionEditor"]

MAX_MESSAGE_CHARS = 200_000
"""The longest message the page may send (a whole mission file typed or pasted)."""

Source = str | os.PathLike[str] | Mission | Draft | nx.Graph | None


def cipher_version(draft: Draft) -> str:
    """What the window analysis depends on (not where the rooms are, nor their names)."""
    data = as_mapping(draft.data)
    rooms = as_mapping(as_mapping(data.get("map")).get("rooms"))
    kept = {
        room: {k: v for k, v in attrs.items() if k not in ("pos", "name")}
        for room, attrs in rooms.items()
        if isinstance(attrs, dict)
    }
    sections = {k: data.get(k) for k in ("glyphs", "card", "solution", "pool", "characters")}
    return json.dumps([sections, kept], sort_keys=True, default=str)


def _draft(source: Source) -> Draft:
    if source is None:
        return Draft.new()
    if isinstance(source, Draft):
        return source
    if isinstance(source, Mission):
        return Draft.from_text(mission_to_yaml(source), name=f"{source.id}.yaml")
    if isinstance(source, nx.Graph):
        return Draft.from_graph(source)
    return Draft.open(mission_argument(source))  # a file, else a shipped mission's id


class MissionEditor(GuardedWidget):
    """The studio's editor (see the module docs): open a mission file's path, a shipped
    mission's id (``"harbour-clock"``), a :class:`Mission`, a networkx graph, a
    :class:`Draft`, or nothing for a new mission. ``write=False`` (a page on a server):
    Save offers the file as a download and writes nothing."""

    label = "studio"
    reset_text = N_("the page may not change the editor; it has been reset")
    error_text = N_("something went wrong in the kernel; the edit was not made")
    WORDS: ClassVar[Mapping[str, str]] = {
        "help": N_(
            "Arrows: go to a room. Shift+arrows: move it. C, W or X then an arrow: join, "
            "wall or part it and that neighbour. N: new room. Delete: delete. E: entrance. "
            "+ and -: stack. F2: rename. Space: select several. Ctrl+Z, Ctrl+Y: undo, redo. "
            "Ctrl+C, Ctrl+V: copy, paste. Ctrl+S: save. 0: zoom to fit."
        ),
        "map_role": N_("mission map"),
        "map_tools": N_("map tools"),
        "passage_kind": N_("kind of passage"),
        "kind_open": N_("open passage"),
        "kind_wall": N_("printed wall"),
        "kind_open_wall": N_("passage closed by a wall token"),
        "kind_wall_passage": N_("wall opened by a passage token"),
        "add_room": N_("Add room"),
        "delete_room": N_("Delete room"),
        "entrance_here": N_("Entrance here"),
        "remove_passage": N_("Remove passage"),
        "undo": N_("Undo"),
        "redo": N_("Redo"),
        "zoom_to_fit": N_("Zoom to fit"),
        "save": N_("Save"),
        "print": N_("Print (PDF)"),
        "printing": N_("Drawing the print-and-play PDF…"),
        "room": N_("Room"),
        "room_id": N_("Room {room}"),
        "room_panel": N_("the room at the cursor"),
        "room_name": N_("room name"),
        "stack_size": N_("stack size"),
        "placed_stack": N_("placed stack: its tokens, separated by spaces"),
        "name_label": N_("Name"),
        "stack_label": N_("Stack"),
        "placed_label": N_("Placed"),
        "cipher": N_("Cipher"),
        "cipher_panel": N_("the cipher"),
        "answer": N_("answer"),
        "answer_label": N_("Answer"),
        "glyph_style": N_("glyph style"),
        "glyphs_label": N_("Glyphs"),
        "glyph_seed": N_("glyph seed"),
        "seed_label": N_("Seed"),
        "card_line": N_("the card's line: glyph ids, words split by /"),
        "card_label": N_("Card"),
        "glyphs_hint": N_("glyphs: point at one to see its windows"),
        "pool_hint": N_("pool: the tokens stacks are dealt from, separated by spaces"),
        "pool_label": N_("Pool"),
        "glyph_set": N_("Glyph set: {label}"),
        "card_cells": N_("the card: {cells}"),
        "blank": N_("blank"),
        "decoy": N_("a decoy"),
        "glyph_label": N_("{glyph}: {content}, {windows}"),
        "glyph_label_critical": N_("{glyph}: {content}, {windows}, critical"),
        "windows_analysing": N_("Windows: analysing…"),
        "windows_fix": N_("Windows: fix the errors to see which glyphs settle the answer."),
        "windows_verdict": N_("Windows: {verdict}"),
        "playtest": N_("Playtest"),
        "playtest_panel": N_("playtest"),
        "games_to_play": N_("games to play"),
        "playtest_progress": N_("playtest progress"),
        "plot_label": N_("games by turns: won and lost"),
        "turn_won": N_("turn {turn}: {won} won"),
        "turn_lost": N_("turn {turn}: {lost} lost"),
        "aim": N_("win rate to aim at, in percent"),
        "win_rate_label": N_("Win rate %"),
        "tune": N_("Tune the deck"),
        "info_summary": N_("The mission: title, players, deck, campaign"),
        "info_title": N_("Title"),
        "info_question": N_("Question"),
        "info_story": N_("Story"),
        "info_id": N_("Id"),
        "info_min": N_("Fewest players"),
        "info_max": N_("Most players"),
        "info_characters": N_("Characters"),
        "info_deck": N_("Deck values"),
        "win_next": N_("After a win: next mission"),
        "win_text": N_("After a win: text"),
        "loss_next": N_("After a loss: next mission"),
        "loss_text": N_("After a loss: text"),
        "issues": N_("Issues"),
        "issues_panel": N_("issues"),
        "no_problems": N_("No problems: the mission validates."),
        "source_summary": N_("The mission file (YAML)"),
        "source_label": N_("the mission file (YAML)"),
        "apply_text": N_("Apply the text"),
        "entrance_mark": N_("▶ entrance"),
        "empty_map": N_("Empty map: press N to add a room."),
        "selected": N_("selected"),
        "selection_cleared": N_("Selection cleared."),
        "passage_between": N_("Passage between {a} and {b}."),
        "passage_selected": N_("Passage between {a} and {b} selected."),
        "copied": N_("Copied {name}."),
        "no_room_that_way": N_("No room that way."),
        "join_which": N_("Join {name} and which neighbour? Press an arrow."),
        "wall_which": N_("Wall {name} and which neighbour? Press an arrow."),
        "part_which": N_("Part {name} and which neighbour? Press an arrow."),
    }
    """The page's own words (editor.js holds no English): labels, buttons, what the live
    region says of what the page itself does (the selection, the cursor)."""
    PLURAL_WORDS: ClassVar[Mapping[str, Message]] = {
        "rooms_selected": nsay("{n} room selected.", "{n} rooms selected.", 0),
        "n_games": nsay("{n} game", "{n} games", 0),
    }
    """Words with a count only the page knows (the rooms selected, the games offered): each
    goes to the page with its plural forms (:meth:`front_words`)."""

    _esm, _css = widget_files("studio/editor")

    said = traitlets.Unicode("").tag(sync=True)
    """The last edit in words, for the page's live region."""
    playtest = traitlets.Dict({"state": "idle"}).tag(sync=True)
    """The background playtest's state (:mod:`cipherkit.studio.playtest`)."""
    cipher = traitlets.Dict().tag(sync=True)
    """The glyphs, the card's cells and each glyph's windows (:mod:`.cipher_view`)."""
    analysis = traitlets.Dict({"state": "idle"}).tag(sync=True)
    """Which glyphs settle the answer, kept up to date (:mod:`cipherkit.studio.analysis`)."""

    def __init__(self, source: Source = None, *, write: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        with self.speaking():  # a new mission's words are in the author's language
            self.draft = _draft(source)
        self.write = write
        """Whether the page's Save writes the file it was opened from (a notebook); if
        not, or if it has no file, Save hands the page the text as a download."""
        # A page's editor (nothing written on the server) bounds its playtests' cost.
        self._runs = BackgroundPlaytest(self._show_playtest, share=None if write else 0.5)
        self._windows = LiveAnalysis(self._show_analysis)
        self._printer = CostGuard("print", cpu_seconds=30.0)
        self._publish()

    def front_words(self) -> dict[str, Any]:
        """The page's words (:attr:`WORDS`) and, for each of :attr:`PLURAL_WORDS`, its
        forms by CLDR plural category (``one``, ``few``, ``many``, ``other``): the page
        picks one with ``Intl.PluralRules`` for a count only it knows."""
        words: dict[str, Any] = dict(super().front_words())
        lang = catalog(self.lang)
        for key, message in self.PLURAL_WORDS.items():
            plural = message.plural or message.id
            words[key] = {
                category: lang.ngettext(message.id, plural, n)
                for category, n in (("one", 1), ("few", 2), ("many", 5), ("other", 0))
            }
        return words

    @classmethod
    def from_graph(cls, graph: nx.Graph, **kwargs: Any) -> MissionEditor:
        """A new mission whose map is ``graph`` (nodes may carry ``pos`` and ``name``)."""
        return cls(Draft.from_graph(graph), **kwargs)

    # ---------------------------------------------------------------- Python's side
    def edit(self, intent: dict[str, Any]) -> None:
        """Apply one intent as the page would send it; :class:`StudioRefused` if refused."""
        before = self.draft.graph  # a copy: read once
        parsed = parse_intent(intent, rooms=list(before.nodes))
        self.draft.edit(parsed)
        with self.speaking():
            said = said_of(parsed, before)
        self._publish(said)

    def set_text(self, text: str) -> None:
        """Replace the mission file's whole text (as typed or pasted), one undo step."""
        self.draft.set_text(text)
        self._publish(say("The mission file's text replaced."))

    def undo(self) -> bool:
        """Undo the last edit; whether there was one."""
        done = self.draft.undo()
        self._publish(say("Undone.") if done else say("Nothing to undo."))
        return done

    def redo(self) -> bool:
        """Redo the last undone edit; whether there was one."""
        done = self.draft.redo()
        self._publish(say("Redone.") if done else say("Nothing to redo."))
        return done

    def start_playtest(self, games: int = 200, seed: int = 0) -> None:
        """Play ``games`` bot games of the mission as edited now, in the background (the
        editor stays live; :attr:`playtest` follows the run). :class:`StudioRefused`
        while one runs, or while the mission has an error."""
        mission = self.draft.mission
        if mission is None:
            raise StudioRefused.say("Fix the mission's errors before a playtest.")
        self._runs.start(mission, games, seed)

    def start_tune(self, win_rate: float, games: int = 100) -> None:
        """Find, in the background, the deck size that brings the win rate nearest
        ``win_rate`` (as ``cipherkit tune --win-rate``); :attr:`playtest` then holds the
        advice (``state: tuned``, ``values``), for the author to apply."""
        mission = self.draft.mission
        if mission is None:
            raise StudioRefused.say("Fix the mission's errors before tuning it.")
        self._runs.start_tune(mission, win_rate, games)

    def wait_for_playtest(self, timeout: float | None = None) -> dict[str, Any]:
        """Wait for the background playtest to finish; its final state."""
        self._runs.wait(timeout)
        return dict(self.playtest)

    def _show_playtest(self, state: dict[str, Any]) -> None:
        """The run's thread reports here: it touches the playtest's trait and the live
        region, never the draft (which the kernel's thread edits meanwhile). The words
        are the widget's language (a thread does not inherit the kernel's)."""
        with self.speaking():
            shown = playtest_words(state)
        said = shown.pop("said", "")
        self.playtest = shown
        if said:
            self._say(said)

    @property
    def problems(self) -> list[Problem]:
        """What ``cipherkit validate`` says of the mission now."""
        return self.draft.problems

    @property
    def mission(self) -> Mission | None:
        """The mission as edited, or None while it has an error."""
        return self.draft.mission

    @property
    def graph(self) -> nx.Graph:
        """The map now (a copy)."""
        return self.draft.graph

    @property
    def yaml(self) -> str:
        """The mission file's text now."""
        return self.draft.text

    def save(self, path: str | os.PathLike[str] | None = None) -> pathlib.Path:
        """Write the mission file (by default where it was opened from)."""
        return self.draft.save(path)

    # ---------------------------------------------------------------- the page's side
    def _handle(self, content: Any, buffers: Any) -> None:
        msg = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
        kind = msg.get("type")
        if "op" in msg:
            try:
                self.edit(msg)
            except StudioRefused as exc:
                raise Refused(f"refused: {exc}") from None  # said in the widget's language
        elif kind == "undo" and len(msg) == 1:
            self.undo()
        elif kind == "redo" and len(msg) == 1:
            self.redo()
        elif kind == "text" and set(msg) == {"type", "text"}:
            try:
                self.set_text(msg["text"])
            except StudioRefused as exc:
                raise Refused(f"refused: {exc}") from None
        elif kind == "save" and len(msg) == 1:
            self._save_from_page()
        elif kind == "tune" and set(msg) <= {"type", "win_rate", "games"}:
            try:
                self.start_tune(msg.get("win_rate", -1), msg.get("games", 100))
            except StudioRefused as exc:
                raise Refused(f"refused: {exc}") from None
            self._publish(say("Tuning the deck: playing each deck size."))
        elif kind == "print" and len(msg) == 1:
            self._print_from_page()
        elif kind == "playtest" and set(msg) <= {"type", "games"}:
            try:
                self.start_playtest(msg.get("games", 200))
            except StudioRefused as exc:
                raise Refused(f"refused: {exc}") from None
            total = int(self.playtest["total"])
            self._publish(
                nsay("Playtest started: {n} game.", "Playtest started: {n} games.", total)
            )
        else:
            raise Refused(
                "refused: "
                + _(
                    "an edit has an 'op', or a type: undo, redo, text, save, print, playtest "
                    "or tune"
                )
            )
        self.message = ""

    def _save_from_page(self) -> None:
        if self.write and self.draft.path is not None:
            self._publish(say("Saved to {name}.", name=self.draft.save().name))
            return
        name = pathlib.Path(self.draft.name).name
        name = name if name.endswith((".yaml", ".yml")) else "mission.yaml"
        self.send({"type": "download", "name": name, "text": self.draft.text})
        self._publish(say("{name} offered as a download.", name=name))

    def _show_analysis(self, state: dict[str, Any]) -> None:
        with self.speaking():  # from the analysis thread: the trait alone
            self.analysis = analysis_words(state)

    def wait_for_analysis(self, timeout: float | None = None) -> dict[str, Any]:
        """Wait for the window analysis of the mission as it is now; its state."""
        self._windows.wait(timeout)
        return dict(self.analysis)

    def print_pdf(self) -> bytes:
        """The print-and-play PDF of the mission as edited (A4), as ``cipherkit render
        --pdf`` makes it; :class:`StudioRefused` while the mission has an error."""
        mission = self.draft.mission
        if mission is None:
            raise StudioRefused.say("Fix the mission's errors before printing it.")
        base = self.draft.path.parent if self.draft.path is not None else pathlib.Path(".")
        key = mission_glyph_map(mission, None, base)
        pages = [page for _, page in print_pages(mission, key, paper="a4")]
        return pdf_bytes(pages, title=mission.title)

    def _print_from_page(self) -> None:
        try:
            pdf = self._printer.run(self.print_pdf)
        except StudioRefused as exc:
            raise Refused(f"refused: {exc}") from None
        mission = self.draft.mission
        name = f"{mission.id if mission is not None else 'mission'}.pdf"
        if self.write and self.draft.path is not None:
            target = self.draft.path.with_suffix(".pdf")
            target.write_bytes(pdf)
            self._publish(say("Printed to {name}.", name=target.name))
            return
        self.send({"type": "download", "name": name, "mime": "application/pdf"}, [pdf])
        self._publish(say("{name} offered as a download.", name=name))

    def _publish(self, said: str | Message = "") -> None:
        with self.speaking():
            self.view = studio_view(self.draft)
            self.cipher = cipher_view(self.draft)
            words = str(said)
        self._windows.request(self.draft.mission, cipher_version(self.draft))
        self._say(words)

    def _say(self, said: str) -> None:
        if said and self.said == said:  # a repeated sentence is still announced
            self.said = ""
        self.said = said

    def __repr__(self) -> str:
        return f"<MissionEditor {self.draft!r}>"
