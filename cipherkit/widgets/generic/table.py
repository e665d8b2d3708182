"""A table for any registered game: the seat's observation, the log and buttons.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.generic.table``.

>>> from cipherkit.widgets.generic.table import GenericTable
>>> table = GenericTable("decipher", bots="random", seed=7, config={"first_player": 0})
>>> table.view["turn"], table.view["title"]
('Your turn, you.', 'Decipher')
>>> table.handle_message({"type": "action", "text": "skip"})
>>> table.message
'illegal: column 1 has no card yet: on your first turn you must play on every column'
>>> table.handle_message({"type": "action", "text": table.view["legal"][0]})
>>> table.message, table.record.actions[0][0]
('', 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cipherkit.core.errors import CipherkitError
from cipherkit.core.registry import get_game, make_bot
from cipherkit.i18n import N_
from cipherkit.rooms import Store
from cipherkit.widgets.frontend import es_module, table_styles
from cipherkit.widgets.generic.view import build_view
from cipherkit.widgets.table_backend import Moment, RoomHandle
from cipherkit.widgets.table_base import TableBase

__all__ = ["GenericTable"]


class GenericTable(TableBase):
    """Any game's table; see the module docstring.

    Parameters
    ----------
    game:
        A registered game's name (``"toy-nim"``); ignored with ``room``.
    bots:
        A bot spec for every other seat (``"random"``), or a mapping seat -> spec.
    seat:
        The person's seat.
    seed:
        Seed of the first game; ``None`` reads ``CIPHERKIT_SEED`` or draws a random one.
    config:
        The game's config (``None``: its defaults).
    room:
        A room's seat handle or spectator: play (or watch) that seat.
    save:
        Keep the game in the page's room store from the first move on
        (:mod:`cipherkit.widgets.saved`).
    """

    _esm = es_module("generic/table")
    _css = table_styles("generic/table")  # the shared styles first (frontend.py)

    label = "table"
    turn_facts = True

    WORDS: ClassVar[Mapping[str, str]] = {
        "room": N_("room {code}"),
        "game": N_("game {number}"),
        "what_happened": N_("What happened"),
        "play_again": N_("Play again"),
        "new_game": N_("New game"),
    }
    """The page's own words (whose turn, the log and the outcome come from the view)."""

    def __init__(
        self,
        game: str = "",
        bots: str | Mapping[int, str] = "random",
        seat: int = 0,
        seed: int | None = None,
        *,
        config: Mapping[str, Any] | None = None,
        room: RoomHandle | None = None,
        save: bool | Store = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if room is not None:
            self._sit(room)
            return
        spec = get_game(game)
        seats = spec.seats(config)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise CipherkitError.say("seat must be a seat number from 0 to {last}", last=seats - 1)
        chosen = (
            {s: bots for s in range(seats) if s != seat}
            if isinstance(bots, str)
            else {int(s): str(b) for s, b in bots.items()}
        )
        if seat in chosen:
            raise CipherkitError.say("seat {seat} is the person's: no bot sits there", seat=seat)
        for spec_name in set(chosen.values()):
            make_bot(spec.name, spec_name)  # an unknown bot is an error now, not later
        self._play_locally(spec.name, config, seat=seat, bots=chosen, seed=seed, save=save)

    @property
    def seat(self) -> int | None:
        """The seat this table plays (``None``: a spectator)."""
        return self.backend.seat

    def build_view(self, moment: Moment) -> dict[str, Any]:
        """The seat's view: :func:`~cipherkit.widgets.generic.view.build_view`."""
        backend = self.backend
        view = build_view(
            get_game(backend.game),
            moment,
            seat=backend.seat,
            names=backend.names(),
            game_number=self.game_number if self.room is None else 1,
            serial=self._serial,
        )
        room = self.room
        if room is not None:
            view["room"] = {"code": room.code}
        return view
