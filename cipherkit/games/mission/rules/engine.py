"""Mission rules (docs/rules/mission.md): :class:`MissionState` and :func:`new_game`.

The state is built in layers, one concern per module: :mod:`.state` (the data and its
JSON), :mod:`.legality`, :mod:`.vote` (the answer vote and the outcome),
:mod:`.turn_end` and :mod:`.effects`. The engine's decisions where the rulebooks are
silent are listed in ``docs/mission-format.md``.

Examples
--------
>>> from cipherkit.games.mission import new_game, parse_action
>>> state = new_game({"players": 1, "first_player": 0}, seed=13)
>>> state.actors(), state.phase
([0], 'act')
>>> [str(a) for a in state.legal_actions(0)][:4]
['play 1 run', 'play 1 gather', 'play 1 intel', 'play 1 regroup']
>>> events = state.apply(0, parse_action("play 1 intel"))
>>> events[0].text
'Mara plays 1Y on Intel.'
>>> [e.text for e in state.apply(0, parse_action("intel foyer"))]
['Mara reveals moth in the Foyer: it is not on the card and is removed.']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.protocol import Viewer
from cipherkit.games.mission.content.tokens import ACTIONS
from cipherkit.games.mission.content.words import the_room
from cipherkit.games.mission.rules.effects import MissionEffects
from cipherkit.games.mission.rules.observation import MissionObservation
from cipherkit.games.mission.rules.state import ACTION_NAMES, OVER

__all__ = ["OVER", "MissionState", "new_game"]


class MissionState(MissionEffects):
    """The true state of a mission game (docs/rules/mission.md).

    Make one with :func:`new_game`, :meth:`new` or :meth:`from_json`; the fields are
    :class:`~cipherkit.games.mission.rules.state.MissionData`'s.
    """

    __slots__ = ()

    # ------------------------------------------------------------------ views
    def observe(self, viewer: Viewer) -> MissionObservation:
        from cipherkit.games.mission.rules.observe import observe

        return observe(self, viewer)

    def __repr__(self) -> str:
        return (
            f"<MissionState {self.mission.id} turn {self.turn_number} phase={self.phase} "
            f"to_move={self.actors()} deck={len(self.deck)} peril={self.peril}>"
        )

    def _repr_svg_(self) -> str:
        """The board as a spectator sees it (map and console), drawn lazily."""
        from cipherkit.games.mission.art.notebook import state_svg

        return state_svg(self.observe("spectator"), self.mission)

    def _repr_html_(self) -> str:
        import html

        summary = html.escape(self.summary())
        return f"<pre class='cipherkit-mission-state'>{summary}</pre><div>{self._repr_svg_()}</div>"

    def summary(self) -> str:
        """A spectator's text summary (no hidden information)."""
        t = self.t
        lines = [f"{self.mission.title}: turn {self.turn_number}, {self.phase}"]
        lines.append(f"Reads: {self.reading(answer_only=False)}")
        piles = ", ".join(
            f"{ACTION_NAMES[a]} {t.cards.labels[p[-1]] if p else '-'}{' (blocked)' * bool(b)}"
            for a, p, b in zip(ACTIONS, self.piles, self.blocks, strict=True)
        )
        lines.append(f"Piles: {piles}")
        peril = " IN PERIL" if self.peril else ""
        lines.append(
            f"Deck {len(self.deck)}, discard {len(self.discard)} "
            f"({self.time_icons} time icons){peril}"
        )
        for c, ch in enumerate(self.chars):
            n = len(self.hands[c])
            lines.append(
                f"{ch.name} ({ch.ability}) in {the_room(t.room_names[self.pos[c]])}, "
                f"{n} card{'s' * (n != 1)}"
            )
        return "\n".join(lines)


def new_game(config: Mapping[str, Any] | None = None, *, seed: int) -> MissionState:
    """Set up a mission: shuffle, deal 4 cards to each character, time cards discarded."""
    return MissionState.new(config, seed=seed)
