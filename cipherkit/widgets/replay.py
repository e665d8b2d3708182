"""Step through a game record of any game, from one viewer's side.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.replay``.

Examples
--------
>>> from cipherkit.core.record import Record
>>> from cipherkit.games.decipher import new_game
>>> state = new_game({"first_player": 0}, seed=2)
>>> record = Record.start("decipher", {"first_player": 0}, 2)
>>> for _ in range(3):
...     action = state.legal_actions(0)[0]
...     _ = state.apply(0, action); record.add(0, action)
>>> replay = Replay(record, viewer=0)
>>> replay.view["step"], replay.view["steps"], replay.view["viewer"]
(0, 3, '0')
>>> replay.handle_message({"type": "seek", "step": 2})
>>> replay.view["step"], replay.message
(2, '')
>>> replay.handle_message({"type": "viewer", "viewer": "omniscient"})
>>> replay.message
'refused: this replay shows only: Player 1, Player 2, Spectator'
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from cipherkit.core.errors import CipherkitError, IllegalAction, NotationError
from cipherkit.core.protocol import SPECTATOR, Event, GameSpec, Outcome, State, Viewer
from cipherkit.core.record import Record, not_replayed
from cipherkit.core.registry import get_game
from cipherkit.i18n import N_, _
from cipherkit.widgets.frontend import widget_files
from cipherkit.widgets.guard import GuardedWidget, Refused, check_envelope

__all__ = ["OMNISCIENT", "Replay", "check_message"]

OMNISCIENT = "omniscient"
"""The author's view of the true state (Python only)."""

MAX_MESSAGE_CHARS = 200
LOG_LINES = 40

_log = logging.getLogger(__name__)


def check_message(content: Any, buffers: Any = None) -> tuple[str, Any]:
    """Validate a message from the page: ``("seek", step)`` or ``("viewer", text)``.

    >>> check_message({"type": "seek", "step": 3})
    ('seek', 3)
    >>> check_message({"type": "seek", "step": "3"})
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: a step is a whole number
    """
    content = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in _MESSAGES:
        raise Refused("refused: " + _("unknown message type"))
    field, fits, reason = _MESSAGES[kind]
    if set(content) != {"type", field}:
        raise Refused(
            "refused: "
            + _("a {kind} message has the fields type and {field}", kind=kind, field=field)
        )
    value = content[field]
    if not fits(value):
        raise Refused("refused: " + _(reason))
    return kind, value


def _is_step(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_viewer(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 40


_MESSAGES: dict[str, tuple[str, Callable[[Any], bool], str]] = {
    "seek": ("step", _is_step, N_("a step is a whole number")),
    "viewer": ("viewer", _is_viewer, N_("a viewer is short text")),
}
"""The page's messages: each type, its one other field, the check of that field's value
and the refusal when it fails (English, marked: said with ``_``)."""


def _viewer_key(viewer: Viewer) -> str:
    return str(viewer)


def viewer_label(viewer: Viewer, names: Sequence[str]) -> str:
    """``0`` -> the seat's name; ``"team:white"`` -> ``"Team white"`` (in the language in
    force; a team's name as the game calls it)."""
    if viewer == OMNISCIENT:
        return _("Author (omniscient: everything, hidden included)")
    if viewer == SPECTATOR:
        return _("Spectator")
    if isinstance(viewer, int):
        return names[viewer] if viewer < len(names) else _("Seat {n}", n=viewer + 1)
    text = str(viewer)
    if text.startswith("team:"):
        return _("Team {team}", team=_(text[5:]))
    return text


# ---------------------------------------------------------------- generic boards
def _generic_board(obs: Mapping[str, Any], truth: Mapping[str, Any] | None) -> dict[str, Any]:
    """The board of a game without a ``board`` hook: its observation's plain values as
    facts, the rest as details."""
    facts = [
        [key.replace("_", " "), value]
        for key, value in obs.items()
        if isinstance(value, str | int | float | bool) and key not in ("game", "viewer")
    ]
    rest = {
        key: value
        for key, value in obs.items()
        if not isinstance(value, str | int | float | bool) and key != "log"
    }
    return {"svg": None, "facts": facts, "tables": [], "details": rest}


def _truth_table(truth: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "title": _("The true state (omniscient)"),
        "columns": [_("what"), _("value")],
        "rows": [
            [key, value if isinstance(value, str) else json.dumps(value)]
            for key, value in truth.items()
        ],
        "truth": True,
    }


def _generic_omniscient(spec: GameSpec, state: State) -> tuple[dict[str, Any], dict[str, Any]]:
    """The author's view of a game without an ``omniscient`` hook: the spectator's
    observation (if the game has spectators) and the whole state but its random stream
    and config."""
    obs = state.observe(SPECTATOR) if SPECTATOR in spec.viewers(state) else {}
    truth = state.to_json()
    truth.pop("rng", None)
    truth.pop("config", None)
    return obs, truth


def _generic_seat_names(state: State) -> list[str]:
    """The game's own player names (public in every observation), if it has them."""
    try:
        return [str(n) for n in state.observe(SPECTATOR).get("names") or []]
    except Exception:  # a game without spectators: seats get numbers
        return []


class Replay(GuardedWidget):
    """Step through ``record`` as ``viewer`` sees it; see the module docstring.

    Parameters
    ----------
    record:
        A :class:`~cipherkit.core.record.Record`, its JSON dict, or a path to a record
        file. It is replayed in the kernel; it never reaches the page.
    viewer:
        Whose view to show first: a seat number, a team (``"team:white"``) or
        ``"spectator"`` (the default when the game has spectators, else seat 0).
    viewers:
        The viewers the page may switch between (default: all of the game's viewers).
        Pass ``[viewer]`` to fix the view.
    omniscient:
        Show the true state instead (for the author): every hand, stack order, window
        contents and the answer. Only this view is then available.
    step:
        The step to show first (0: the deal; ``-1``: the end).
    """

    _esm, _css = widget_files("replay")

    label = "replay"
    reset_text = N_("the page may not change the replay; it has been reset")
    error_text = N_("something went wrong in the kernel")
    WORDS: ClassVar[Mapping[str, str]] = {
        "slow": N_("Slow"),
        "normal": N_("Normal"),
        "fast": N_("Fast"),
        "step": N_("step"),
        "speed": N_("playing speed"),
        "start": N_("« Start"),
        "to_start": N_("to the start"),
        "back": N_("one step back"),
        "pause": N_("❚❚ Pause"),
        "pause_title": N_("pause"),
        "play": N_("▶ Play"),
        "play_title": N_("play the game step by step"),
        "forward": N_("one step forward"),
        "end": N_("End »"),
        "to_end": N_("to the end"),
        "step_of": N_("step {step} of {steps}"),
        "seen_by": N_("Seen by: {viewer}"),
        "seen_by_label": N_("Seen by"),
        "everything": N_("Everything this viewer knows"),
        "loading": N_("Loading the record…"),
        "dealt": N_("The game is dealt."),
        "nothing_seen": N_("(nothing anyone can see)"),
        "replay": N_("Replay · {title}"),
        "start_step": N_("Start"),
        "step_n": N_("Step {step}: "),
        "step_by": N_("Step {step} · {actor}: "),
        "recent": N_("Recent steps"),
    }
    """The page's own words (the board, the events and the outcome come from the view)."""

    def __init__(
        self,
        record: Record | Mapping[str, Any] | str | Path,
        viewer: Viewer | None = None,
        *,
        viewers: Sequence[Viewer] | None = None,
        omniscient: bool = False,
        step: int = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if isinstance(record, str | Path):
            record = Record.load(record)
        elif isinstance(record, Mapping):
            record = Record.from_json(record)
        if not isinstance(record, Record):
            raise CipherkitError.say("Replay needs a Record, its JSON dict or a record file")
        self._record = record
        self._spec = get_game(record.game)
        self._states, self._events, self._actors = self._replay(record)
        first = self._states[0]
        spec = self._spec
        self._title = spec.title(first) if spec.title is not None else spec.name.capitalize()
        available = list(self._spec.viewers(first))
        if omniscient:
            if viewer is not None or viewers is not None:
                raise CipherkitError.say(
                    "an omniscient replay shows the true state only: no viewer"
                )
            self._viewers: list[Viewer] = [OMNISCIENT]
        else:
            chosen = available if viewers is None else list(viewers)
            unknown = [v for v in chosen if v not in available]
            if unknown or not chosen:
                raise CipherkitError.say(
                    "{game} viewers are {available}, not {chosen}",
                    game=record.game,
                    available=str(available),
                    chosen=str(unknown or chosen),
                )
            self._viewers = chosen
        if viewer is None:
            viewer = self._viewers[0] if omniscient or SPECTATOR not in self._viewers else SPECTATOR
        if viewer not in self._viewers:
            raise CipherkitError.say(
                "viewer {viewer} is not among {viewers}",
                viewer=repr(viewer),
                viewers=str(self._viewers),
            )
        self._viewer: Viewer = viewer
        last = len(self._states) - 1
        self._step = last if step < 0 else min(max(0, int(step)), last)
        self._publish()

    # ------------------------------------------------------------------ public
    @property
    def record(self) -> Record:
        """The record being replayed."""
        return self._record

    @property
    def step(self) -> int:
        """How many actions have been played at the current step (0: the deal)."""
        return self._step

    @property
    def state(self) -> State:
        """The true state at the current step (kernel only)."""
        return self._states[self._step]

    @property
    def viewers(self) -> list[Viewer]:
        """Whose view the replay can show: the game's seats and a spectator."""
        return list(self._viewers)

    def states(self) -> list[State]:
        """Every state of the game: the deal, then one after each action."""
        return list(self._states)

    def _handle(self, content: Any, buffers: Any) -> None:
        kind, value = check_message(content, buffers)
        if kind == "seek":
            if not 0 <= value < len(self._states):
                last = len(self._states) - 1
                raise Refused("refused: " + _("steps go from 0 to {last}", last=last))
            self._step = value
        else:
            by_key = {_viewer_key(v): v for v in self._viewers}
            if value not in by_key:
                allowed = ", ".join(viewer_label(v, self.names()) for v in self._viewers)
                raise Refused("refused: " + _("this replay shows only: {allowed}", allowed=allowed))
            self._viewer = by_key[value]
        with self.hold_sync():
            self.message = ""
            self._publish()

    def names(self) -> list[str]:
        """The seats' names, in the language in force (a game's default names are said
        in it: its ``seat_names`` hook), the record's own names first."""
        first = self._states[0]
        spec = self._spec
        names = spec.seat_names(first) if spec.seat_names is not None else None
        return list(self._record.meta.get("names") or []) or (
            _generic_seat_names(first) if names is None else list(names)
        )

    # ------------------------------------------------------------------ inside
    def _replay(self, record: Record) -> tuple[list[State], list[list[Event]], list[Any]]:
        state = record.new_state()
        states: list[State] = [state.copy()]
        events: list[list[Event]] = [[]]
        actors: list[Any] = [None]
        for index, (seat, text) in enumerate(record.actions):
            try:
                happened = state.apply(seat, self._spec.parse_action(text))
            except (IllegalAction, NotationError) as exc:
                raise not_replayed(index, seat, text, exc) from None
            states.append(state.copy())
            events.append([e for e in happened if e.message])
            actors.append(seat)
        return states, events, actors

    def view_at(self, step: int, viewer: Viewer) -> dict[str, Any]:
        """The view of ``step`` for ``viewer``: built from ``observe(viewer)`` and the
        step's public events (or, for :data:`OMNISCIENT`, from the true state), its words
        in the widget's language."""
        with self.speaking():
            return self._view_at(step, viewer)

    def _view_at(self, step: int, viewer: Viewer) -> dict[str, Any]:
        state = self._states[step]
        names = self.names()
        spec = self._spec
        truth: dict[str, Any] | None = None
        if viewer == OMNISCIENT:
            if spec.omniscient is not None:
                obs, truth = spec.omniscient(state)
            else:
                obs, truth = _generic_omniscient(spec, state)
        else:
            obs = state.observe(viewer)
        if spec.board is not None and obs:
            board = dict(spec.board(obs, truth))
        else:
            board = _generic_board(obs, truth)
        if truth is not None and not any(t.get("truth") for t in board.get("tables", [])):
            board["tables"] = [*board.get("tables", []), _truth_table(truth)]
        outcome = state.outcome
        recent: list[dict[str, Any]] = []
        for k in range(max(1, step - LOG_LINES), step + 1):
            recent.extend({"step": k, "text": event.text} for event in self._events[k])
        actor = self._actors[step]
        return {
            "game": spec.name,
            "title": self._title,
            "step": step,
            "steps": len(self._states) - 1,
            "viewer": _viewer_key(viewer),
            "viewer_label": viewer_label(viewer, names),
            "viewers": [
                {"id": _viewer_key(v), "label": viewer_label(v, names)} for v in self._viewers
            ],
            "omniscient": viewer == OMNISCIENT,
            "actor": None if actor is None else viewer_label(actor, names),
            "events": [event.text for event in self._events[step]],
            "log": recent[-LOG_LINES:],
            "board": board,
            "over": outcome is not None,
            "outcome": None if outcome is None else _outcome_words(outcome, names),
        }

    def _publish(self) -> None:
        self.view = self.view_at(self._step, self._viewer)


def _outcome_words(outcome: Outcome, names: Sequence[str]) -> str:
    """How the game ended, in the language in force (the game's reason, marked ``N_`` by
    the game, too)."""
    reason = _(outcome.reason) if outcome.reason else ""
    if outcome.draw:
        return _("A draw ({reason}).", reason=reason) if reason else _("A draw.")
    if not outcome.winners:
        return _("Lost: {reason}.", reason=reason) if reason else _("Nobody won.")
    who = ", ".join(viewer_label(s, names) for s in outcome.winners)
    if reason:
        return _("Won by {who} ({reason}).", who=who, reason=reason)
    return _("Won by {who}.", who=who)
