"""Mission legality: the actions a seat may take now, and why any other is refused."""

from __future__ import annotations

from cipherkit.core.errors import IllegalAction
from cipherkit.core.protocol import Action, Seat
from cipherkit.games.mission.content.characters import DISARM, LOWER, PEEK, SCOUT, SLIP
from cipherkit.games.mission.content.tokens import REGROUP
from cipherkit.games.mission.content.words import the_room
from cipherkit.games.mission.rules.actions import (
    CONFIRM,
    DRAW,
    END,
    KEEP,
    LEAVE,
    PASS,
    PROPOSE_READING,
    REJECT,
    REVEAL,
    REVEAL_TOP,
    STOP,
    STOP_DRAWING,
    SWAP,
    Collect,
    IntelRoom,
    Play,
    Propose,
    RegroupCard,
    RejectBecause,
    Special,
    Step,
)
from cipherkit.games.mission.rules.state import (
    ACT,
    ACTION_INDEX,
    ACTION_NAMES,
    DRAW_PHASE,
    GATHER_PHASE,
    INTEL_PHASE,
    REGROUP_PHASE,
    RUN_PHASE,
    SOLVE,
    SPECIAL_PHASE,
    MissionData,
)
from cipherkit.games.mission.rules.tables import T_CAMERA, T_GLYPH

PENDING_HINT = {
    RUN_PHASE: "finish the Run first: step to an adjacent room or stop",
    INTEL_PHASE: "finish the Intel first: choose a room, reveal another token or stop",
    GATHER_PHASE: "finish the Gather first: collect, reveal-top, leave or stop",
    REGROUP_PHASE: "finish the Regroup first: choose the action card to clear",
    SPECIAL_PHASE: "finish your special action first (or stop)",
    DRAW_PHASE: "you are drawing: draw another card or stop-drawing",
}


class MissionLegality(MissionData):
    """A mission state that knows its legal actions and checks an action with a reason."""

    __slots__ = ()

    def legal_actions(self, seat: Seat) -> list[Action]:
        if self._outcome is not None:
            return []
        phase = self.phase
        if phase == SOLVE:
            return [CONFIRM, REJECT] if seat in self.votes else []
        c = self.turn
        if seat != self.seat_of[c]:
            return []
        if phase == ACT:
            acts = self._main_actions(c)
            if self.actions_taken == 0:
                if not acts:
                    acts.append(PASS)
            else:
                acts.append(END)
            if self.answer_open():
                acts.append(PROPOSE_READING)
            return acts
        if phase == DRAW_PHASE and self.answer_open():
            return [DRAW, STOP_DRAWING, PROPOSE_READING]
        return self._sub_actions(c)

    def _main_actions(self, c: int) -> list[Action]:
        value = self.t.cards.value
        play = self.t.play
        tops = [
            99 if blocked else (value[pile[-1]] if pile else 0)
            for pile, blocked in zip(self.piles, self.blocks, strict=True)
        ]
        vals = sorted([value[x] for x in self.hands[c]])
        acts: list[Action] = []
        previous = -1
        for v in vals:
            if v == previous:
                continue
            previous = v
            row = play[v]
            for a in range(4):
                if tops[a] < v:
                    acts.append(row[a])
        n = len(vals)
        if n >= 2:
            specials = self.t.specials
            pairs = dict.fromkeys((vals[i], vals[j]) for i in range(n - 1) for j in range(i + 1, n))
            acts.extend(specials[p] for p in pairs)
        return acts

    def _sub_actions(self, c: int) -> list[Action]:
        """Legal actions while an action, an ability or drawing is under way."""
        t = self.t
        phase = self.phase
        here = self.pos[c]
        if phase == RUN_PHASE:
            step = t.step
            return [*(step[r] for r in t.open_adj[here]), STOP]
        if phase == INTEL_PHASE:
            if self.room < 0:
                intel = t.intel
                return [*(intel[r] for r, s in enumerate(self.stacks) if s), STOP]
            return [REVEAL, STOP]
        if phase == GATHER_PHASE:
            if self.fresh >= 0:
                return [t.collect[t.token_glyph[self.fresh]], LEAVE]
            acts: list[Action] = []
            seen: set[int] = set()
            cls, tglyph = t.token_class, t.token_glyph
            for token in self.faceup[here]:
                if cls[token] == T_GLYPH and tglyph[token] not in seen:
                    seen.add(tglyph[token])
                    acts.append(t.collect[tglyph[token]])
            if self.stacks[here]:
                acts.append(REVEAL_TOP)
            acts.append(STOP)
            return acts
        if phase == REGROUP_PHASE:
            return [t.regroup[a] for a in range(4) if a != REGROUP]
        if phase == SPECIAL_PHASE:
            return self._ability_actions(c)
        if phase == DRAW_PHASE:
            return [DRAW, STOP_DRAWING]
        return []

    def _ability_actions(self, c: int) -> list[Action]:
        t = self.t
        ability = self.chars[c].ability
        here = self.pos[c]
        if ability == SLIP:
            return [*(t.slip[r] for r in t.any_adj[here]), STOP]
        if ability == SCOUT:
            return [*(t.scout[r] for r in t.nearby[here] if self.stacks[r]), STOP]
        if ability == LOWER:
            return [*(t.lower[a] for a in range(4) if self.piles[a]), STOP]
        if ability == PEEK:
            if self.stage == 1:
                return [KEEP, SWAP]
            return [*(t.peek[r] for r in t.nearby[here] if self.stacks[r]), STOP]
        if ability == DISARM:
            cls = t.token_class
            acts: list[Action] = [
                t.disarm[r]
                for r in t.nearby[here]
                if any(cls[x] == T_CAMERA for x in self.faceup[r])
            ]
            acts.extend(t.unblock[a] for a in range(4) if self.blocks[a])
            acts.append(STOP)
            return acts
        return [STOP]  # pragma: no cover - every ability is handled above

    # ------------------------------------------------------------------ checking
    def check(self, seat: Seat, action: Action) -> None:
        if self._outcome is not None:
            raise IllegalAction("the mission is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r} (seats are 0 to {self.players - 1})")
        phase = self.phase
        if phase == SOLVE:
            if action in (CONFIRM, REJECT) or type(action) is RejectBecause:
                if seat not in self.votes:
                    if seat == self.proposer:
                        raise IllegalAction("you proposed this answer; the others decide")
                    raise IllegalAction("you have already confirmed this answer")
                return
            raise IllegalAction(
                f"the answer {self.proposal!r} has been proposed: confirm or reject it first"
            )
        if action in (CONFIRM, REJECT) or type(action) is RejectBecause:
            raise IllegalAction("nobody has proposed an answer")
        c = self.turn
        if seat != self.seat_of[c]:
            raise IllegalAction(f"it is {self.name(c)}'s turn (seat {self.seat_of[c]})")
        if type(action) is Play:
            return self._check_play(c, action)
        if type(action) is Special:
            return self._check_special(c, action)
        if type(action) is Propose or action == PROPOSE_READING:
            if phase not in (ACT, DRAW_PHASE):
                raise IllegalAction(f"{PENDING_HINT[phase]}; propose between actions")
            if action == PROPOSE_READING and not self.answer_open():
                raise IllegalAction("some answer windows are still closed: propose WORDS instead")
            if type(action) is Propose and not str(action.text).strip():
                raise IllegalAction("propose what? give the answer")
            return
        if action == END:
            if phase != ACT:
                raise IllegalAction(PENDING_HINT[phase])
            if self.actions_taken == 0:
                raise IllegalAction("take at least one action before ending your turn")
            return
        if action == PASS:
            if phase != ACT:
                raise IllegalAction(PENDING_HINT[phase])
            if self.actions_taken:
                raise IllegalAction("you have taken an action: end your turn instead of passing")
            if self.can_act(c):
                raise IllegalAction("you can still act: pass only when no action is possible")
            return
        if phase == ACT:
            raise IllegalAction(
                f"{action} is not a main action: play a card (play 7 run), use your special "
                "action (special 3 9), end or pass"
            )
        if action not in self._sub_actions(c):
            raise IllegalAction(self._why_not(c, action))
        return None

    def _card_of_value(self, c: int, value: int, skip: int = -1) -> int:
        values = self.t.cards.value
        best = -1
        for card in self.hands[c]:
            if values[card] == value and card != skip and (best < 0 or card < best):
                best = card
        return best

    def _check_play(self, c: int, action: Play) -> None:
        if self.phase != ACT:
            raise IllegalAction(PENDING_HINT[self.phase])
        a = ACTION_INDEX.get(action.action)
        if a is None:
            raise IllegalAction(f"there is no action card {action.action!r}")
        if self._card_of_value(c, action.value) < 0:
            raise IllegalAction(f"you have no {action.value} in hand")
        card_name = ACTION_NAMES[action.action]
        if self.blocks[a]:
            raise IllegalAction(
                f"the {card_name} card is blocked by counter-intel until a Regroup clears it"
            )
        pile = self.piles[a]
        if pile:
            top = self.t.cards.value[pile[-1]]
            if top >= action.value:
                raise IllegalAction(
                    f"the {card_name} pile shows {top}: play a card higher than {top}"
                )

    def _check_special(self, c: int, action: Special) -> None:
        if self.phase != ACT:
            raise IllegalAction(PENDING_HINT[self.phase])
        first = self._card_of_value(c, action.low)
        if first < 0 or self._card_of_value(c, action.high, skip=first) < 0:
            pair = (
                f"two {action.low}s"
                if action.low == action.high
                else (f"a {action.low} and a {action.high}")
            )
            raise IllegalAction(f"you do not have {pair} in hand")

    def _why_not(self, c: int, action: Action) -> str:
        phase = self.phase
        t = self.t
        room = getattr(action, "room", None)
        if room is not None and room not in t.room_index:
            return f"there is no room {room!r}"
        if phase == RUN_PHASE and isinstance(action, Step):
            here = the_room(t.room_names[self.pos[c]])
            return f"you cannot step from {here} to {room!r}: no open passage joins them"
        if phase == INTEL_PHASE and isinstance(action, IntelRoom):
            if self.room >= 0:
                return "Intel reveals in one room only: reveal another token there, or stop"
            where = the_room(t.room_names[t.room_index[action.room]])
            return f"{where} has no face-down token left"
        if phase == GATHER_PHASE and isinstance(action, Collect):
            if self.fresh >= 0:
                return "collect the glyph you just revealed, or leave it"
            return f"there is no face-up {action.glyph} on the card's glyphs in your room"
        if phase == GATHER_PHASE and action == REVEAL_TOP:
            if self.fresh >= 0:
                return "collect the glyph you just revealed, or leave it"
            return "your room has no face-down token left"
        if phase == REGROUP_PHASE and isinstance(action, RegroupCard):
            return "Regroup cannot clear itself: choose run, gather or intel"
        if phase == SPECIAL_PHASE:
            return f"{action} is not possible for {self.name(c)} now ({self.chars[c].ability})"
        return f"{action} is not possible now: {PENDING_HINT.get(phase, phase)}"
