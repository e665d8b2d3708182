"""The end of a mission turn: cameras, drawing back up, time cards, In Peril, the next turn."""

from __future__ import annotations

from cipherkit.core.protocol import Seat
from cipherkit.games.mission.rules.state import ACT, DRAW_PHASE, TIME
from cipherkit.games.mission.rules.tables import T_CAMERA
from cipherkit.games.mission.rules.vote import MissionVote


class MissionTurnEnd(MissionVote):
    """A mission state that ends actions and turns, draws and keeps the clock."""

    __slots__ = ()

    def _finish_action(self) -> None:
        self.phase = ACT
        self.steps = self.stage = 0
        self.room = self.fresh = -1
        if self.actions_taken >= 2:
            self._end_turn()

    def _do_end(self, seat: Seat, c: int) -> None:
        self._emit("end", {"character": c}, f"{self.name(c)} ends the turn.")
        self._end_turn()

    def _do_pass(self, seat: Seat, c: int) -> None:
        self._emit("pass", {"character": c}, f"{self.name(c)} cannot act and passes (forced pass).")
        self._end_turn(forced=True)

    # end of turn, drawing, time
    def _end_turn(self, forced: bool = False) -> None:
        c = self.turn
        self.phase = ACT
        cls = self.t.token_class
        cameras = sum(1 for x in self.faceup[self.pos[c]] if cls[x] == T_CAMERA)
        icons, labels = self.t.cards.icons, self.t.cards.labels
        for _ in range(cameras):
            if not self.deck:
                self._refresh()
                if not self.deck:
                    break
            card = self.deck.pop()
            self.discard.append(card)
            self.time_icons += icons[card]
            self._emit(
                "camera",
                {"character": c, "card": labels[card]},
                f"A camera watches {self.name(c)}: {labels[card]} is discarded from the deck.",
            )
            if self._time_check():
                return
            if not self.deck:
                self._refresh()
        self.forced = forced
        self._refill(c)

    def _optional_draw(self) -> bool:
        return self.forced or (self.peril and self.optional_peril)

    def _refill(self, c: int) -> None:
        hand = self.hands[c]
        drawn = 0
        icons = self.t.cards.icons
        while len(hand) < self.hand_size:
            if not self.deck:
                drawn = self._drawn(c, drawn)
                self._refresh()
                if not self.deck:
                    break
            if self._optional_draw():
                drawn = self._drawn(c, drawn)
                self.phase = DRAW_PHASE
                return
            card = self.deck.pop()
            if icons[card]:
                drawn = self._drawn(c, drawn)
                self._time_card(c, card)
                if self._outcome is not None:
                    return
            else:
                hand.append(card)
                drawn += 1
            if not self.deck:
                drawn = self._drawn(c, drawn)
                self._refresh()
        self._drawn(c, drawn)
        self._next_turn()

    def _drawn(self, c: int, count: int) -> int:
        if count:
            self._emit(
                "draw",
                {"character": c, "count": count},
                f"{self.name(c)} draws {count} card{'s' * (count != 1)}.",
            )
        return 0

    def _time_card(self, c: int, card: int) -> None:
        self.discard.append(card)
        icons = self.t.cards.icons[card]
        self.time_icons += icons
        self._emit(
            "time",
            {"character": c, "icons": icons, "discard_icons": self.time_icons},
            f"{self.name(c)} draws a time card ({icons} icon{'s' * (icons != 1)}) and "
            f"discards it: {self.time_icons} time icon{'s' * (self.time_icons != 1)} in the "
            "discard pile.",
        )
        self._time_check()

    def _time_check(self) -> bool:
        if self.peril and self.time_icons >= self.limits.loss_icons and self._outcome is None:
            self._finish(False, TIME)
            return True
        return False

    def _refresh(self) -> None:
        """The deck has run out: In Peril, and the discard pile becomes the deck."""
        if self.deck:
            return
        first = not self.peril
        self.peril = True
        if self.discard:
            self.deck = self.discard
            self.discard = []
            self.time_icons = 0
            self.rng.shuffle(self.deck)
            again = "" if first else " again"
            self._emit(
                "peril",
                {"deck": len(self.deck), "first": first},
                f"The deck has run out{again}: In Peril! The discard pile, time cards "
                f"included, is shuffled into a new deck of {len(self.deck)}.",
            )
        elif first:
            self._emit(
                "peril",
                {"deck": 0, "first": True},
                "The deck has run out and the discard pile is empty: In Peril!",
            )

    def _do_draw(self, seat: Seat, c: int) -> None:
        if not self.deck:
            self._refresh()
        card = self.deck.pop()
        if self.t.cards.icons[card]:
            self._time_card(c, card)
            if self._outcome is not None:
                return
        else:
            self.hands[c].append(card)
            self._drawn(c, 1)
        if not self.deck:
            self._refresh()
        if len(self.hands[c]) >= self.hand_size or not (self.deck or self.discard):
            self._next_turn()

    def _do_stop_drawing(self, seat: Seat, c: int) -> None:
        self._emit("stop-drawing", {"character": c}, f"{self.name(c)} stops drawing.")
        self._next_turn()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.chars)
        self.turn_number += 1
        self.phase = ACT
        self.actions_taken = 0
        self.forced = False
        self.steps = self.stage = 0
        self.room = self.fresh = -1
        c = self.turn
        self._emit("turn", {"character": c}, f"{self.name(c)}'s turn.")
