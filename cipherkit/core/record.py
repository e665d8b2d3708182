"""Game records: the config, the seed and the actions, which replay to the same state."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError, IllegalAction, NotationError, message_of
from cipherkit.core.protocol import Action, Seat, State
from cipherkit.i18n import say


def not_replayed(index: int, seat: Seat, text: str, exc: Exception) -> CipherkitError:
    """The error of a record whose action number ``index`` (from 0) does not replay.

    >>> from cipherkit.i18n import say
    >>> str(not_replayed(2, 1, "skip", IllegalAction(say("the game is over"))))
    'record does not replay at move 3 (1: skip): the game is over'
    """
    return CipherkitError(
        say(
            "record does not replay at move {number} ({seat}: {action}): {reason}",
            number=index + 1,
            seat=seat,
            action=text,
            reason=message_of(exc),
        )
    )


@dataclass
class Record:
    """Everything needed to replay a game exactly.

    Examples
    --------
    >>> from cipherkit.core.record import Record
    >>> from cipherkit.core.registry import get_game
    >>> spec = get_game("decipher")
    >>> state = spec.new_game(seed=5)
    >>> rec = Record.start("decipher", None, 5)
    >>> seat = state.actors()[0]
    >>> action = state.legal_actions(seat)[0]
    >>> _ = state.apply(seat, action); rec.add(seat, action)
    >>> rec.replay() == state
    True
    >>> Record.from_json(rec.to_json()) == rec
    True
    """

    game: str
    config: dict[str, Any] | None
    seed: int
    actions: list[tuple[Seat, str]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, game: str, config: Mapping[str, Any] | None, seed: int) -> Record:
        """A record of a new game with no actions yet.

        >>> Record.start("decipher", {"first_player": 0}, seed=7).actions
        []
        """
        return cls(game, None if config is None else dict(config), seed)

    def add(self, seat: Seat, action: Action) -> None:
        """Append ``seat``'s ``action`` (kept in its text notation)."""
        self.actions.append((seat, str(action)))

    def new_state(self) -> State:
        """The game's initial state, made again from the record's game, config and seed."""
        from cipherkit.core.registry import get_game

        return get_game(self.game).new_game(self.config, seed=self.seed)

    def states(self) -> Iterator[State]:
        """The initial state, then a copy of the state after each action."""
        from cipherkit.core.registry import get_game

        spec = get_game(self.game)
        state = self.new_state()
        yield state.copy()
        for index, (seat, text) in enumerate(self.actions):
            try:
                state.apply(seat, spec.parse_action(text))
            except (IllegalAction, NotationError) as exc:
                raise not_replayed(index, seat, text, exc) from None
            yield state.copy()

    def replay(self) -> State:
        """The state after every recorded action."""
        last = None
        for last in self.states():  # noqa: B007
            pass
        assert last is not None
        return last

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-safe dict; :meth:`from_json` reads it back."""
        return {
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "actions": [[seat, text] for seat, text in self.actions],
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        """The record written by :meth:`to_json`; a malformed one is a one-line error."""
        try:
            return cls(
                game=str(data["game"]),
                config=data.get("config"),
                seed=int(data["seed"]),
                actions=[(int(s), str(t)) for s, t in data.get("actions", [])],
                meta=dict(data.get("meta", {})),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CipherkitError.say("not a game record: {problem}", problem=str(exc)) from None

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record saved by :meth:`save`; a file that is not JSON is a one-line error."""
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except json.JSONDecodeError as exc:
            raise CipherkitError.say(
                "{path}: not JSON: {problem}", path=str(path), problem=str(exc)
            ) from None
