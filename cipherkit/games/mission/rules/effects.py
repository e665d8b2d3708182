"""What each mission action does: the main actions, their steps, the abilities, tokens."""

from __future__ import annotations

from cipherkit.core.protocol import Action, Event, Seat
from cipherkit.games.mission.content.characters import SLIP
from cipherkit.games.mission.content.tokens import ACTIONS, GATHER, REGROUP, RUN
from cipherkit.games.mission.content.words import the_room
from cipherkit.games.mission.rules.actions import (
    Collect,
    Disarm,
    IntelRoom,
    Lower,
    Peek,
    Play,
    Propose,
    RegroupCard,
    RejectBecause,
    Scout,
    Simple,
    Slip,
    Special,
    Step,
    Unblock,
)
from cipherkit.games.mission.rules.state import (
    ACTION_INDEX,
    ACTION_NAMES,
    ACTION_PHASE,
    GATHER_PHASE,
    INTEL_PHASE,
    RUN_PHASE,
    SPECIAL_PHASE,
)
from cipherkit.games.mission.rules.tables import T_CAMERA, T_GAS, T_GLYPH, T_OFF_CARD
from cipherkit.games.mission.rules.turn_end import MissionTurnEnd

STOP_WORDS = {
    RUN_PHASE: "stops moving",
    INTEL_PHASE: "stops revealing",
    GATHER_PHASE: "stops gathering",
    SPECIAL_PHASE: "makes no use of the ability",
}


class MissionEffects(MissionTurnEnd):
    """A mission state that carries out checked actions (:meth:`_apply`)."""

    __slots__ = ()

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        self._out = []
        c = self.turn
        # type(action) each time, not a variable: mypy narrows ``type(x) is C`` only
        if type(action) is Play:
            self._play(c, action)
        elif type(action) is Special:
            self._special(c, action)
        elif type(action) is Simple:
            getattr(self, "_do_" + action.word.replace("-", "_"))(seat, c)
        elif type(action) is Propose:
            self._propose(seat, action.text)
        elif type(action) is RejectBecause:
            self._reject(seat, action.reason)
        else:
            getattr(self, "_do_" + type(action).__name__.lower())(c, action)
        out = self._out
        self._out = []
        return out

    # main actions
    def _play(self, c: int, action: Play) -> None:
        a = ACTION_INDEX[action.action]
        card = self._card_of_value(c, action.value)
        self.hands[c].remove(card)
        self.piles[a].append(card)
        self.actions_taken += 1
        label = self.t.cards.labels[card]
        self._emit(
            "play",
            {"character": c, "card": label, "action": action.action},
            f"{self.name(c)} plays {label} on {ACTION_NAMES[action.action]}.",
        )
        self.phase = ACTION_PHASE[a]
        lim = self.limits
        self.steps = 0 if a == REGROUP else (lim.run if a == RUN else lim.intel)
        if a == GATHER:
            self.steps = lim.gather
        self.room = self.fresh = -1

    def _special(self, c: int, action: Special) -> None:
        first = self._card_of_value(c, action.low)
        second = self._card_of_value(c, action.high, skip=first)
        hand = self.hands[c]
        hand.remove(first)
        hand.remove(second)
        self.discard.append(first)
        self.discard.append(second)
        self.actions_taken += 1
        labels = self.t.cards.labels
        self._emit(
            "special",
            {"character": c, "cards": [labels[first], labels[second]]},
            f"{self.name(c)} discards {labels[first]} and {labels[second]} for a special "
            f"action ({self.chars[c].ability}).",
        )
        self.phase = SPECIAL_PHASE
        self.stage = 0
        self.room = -1

    def _do_stop(self, seat: Seat, c: int) -> None:
        what = STOP_WORDS.get(self.phase, "stops")
        self._emit("stop", {"character": c, "phase": self.phase}, f"{self.name(c)} {what}.")
        self._finish_action()

    # run
    def _do_step(self, c: int, action: Step) -> None:
        r = self.t.room_index[action.room]
        self.pos[c] = r
        self.steps -= 1
        self._emit(
            "move",
            {"character": c, "room": action.room},
            f"{self.name(c)} moves to {the_room(self.t.room_names[r])}.",
        )
        if self.steps <= 0:
            self._finish_action()

    # intel
    def _do_intelroom(self, c: int, action: IntelRoom) -> None:
        self.room = self.t.room_index[action.room]
        self._intel_reveal(c)

    def _do_reveal(self, seat: Seat, c: int) -> None:
        self._intel_reveal(c)

    def _intel_reveal(self, c: int) -> None:
        self._reveal(c, self.room, by_intel=True)
        self.steps -= 1
        if self.steps <= 0 or not self.stacks[self.room]:
            self._finish_action()

    # gather
    def _do_collect(self, c: int, action: Collect) -> None:
        t = self.t
        here = self.pos[c]
        g = t.glyph_index[action.glyph]
        if self.fresh >= 0:
            token = self.fresh
            self.fresh = -1
        else:
            cls, tglyph = t.token_class, t.token_glyph
            token = next(x for x in self.faceup[here] if cls[x] == T_GLYPH and tglyph[x] == g)
            self.steps -= 1
        self.faceup[here].remove(token)
        self.collected.append(token)
        windows = t.windows[g]
        if self.opened[g]:
            words = "its windows are already open"
        else:
            self.opened[g] = True
            words = f"{windows} window{'s' * (windows != 1)} open"
        content = self.key[g]
        self._emit(
            "collect",
            {"character": c, "glyph": action.glyph, "content": content, "windows": windows},
            f"{self.name(c)} collects {action.glyph}: {words} ({content}).",
        )
        if self.steps <= 0:
            self._finish_action()

    def _do_reveal_top(self, seat: Seat, c: int) -> None:
        token = self._reveal(c, self.pos[c], by_intel=False)
        self.steps -= 1
        if self.t.token_class[token] == T_GLYPH:
            self.fresh = token
        elif self.steps <= 0:
            self._finish_action()

    def _do_leave(self, seat: Seat, c: int) -> None:
        self.fresh = -1
        if self.steps <= 0:
            self._finish_action()

    # regroup
    def _do_regroupcard(self, c: int, action: RegroupCard) -> None:
        a = ACTION_INDEX[action.action]
        cards, tokens = self.piles[a], self.blocks[a]
        self.discard.extend(cards)
        self.removed.extend(tokens)
        self.piles[a] = []
        self.blocks[a] = []
        extra = (
            f" and {len(tokens)} counter-intel token{'s' * (len(tokens) != 1)}" if tokens else ""
        )
        self._emit(
            "regroup",
            {"character": c, "action": action.action, "cards": len(cards), "tokens": len(tokens)},
            f"{self.name(c)} clears {ACTION_NAMES[action.action]}: {len(cards)} "
            f"card{'s' * (len(cards) != 1)}{extra} discarded.",
        )
        self._finish_action()

    # abilities
    def _do_slip(self, c: int, action: Slip) -> None:
        r = self.t.room_index[action.room]
        through = "" if r in self.t.open_adj[self.pos[c]] else " through the wall"
        self.pos[c] = r
        self._emit(
            "move",
            {"character": c, "room": action.room, "ability": SLIP},
            f"{self.name(c)} slips into {the_room(self.t.room_names[r])}{through}.",
        )
        self._finish_action()

    def _do_scout(self, c: int, action: Scout) -> None:
        self._reveal(c, self.t.room_index[action.room], by_intel=False)
        self._finish_action()

    def _do_lower(self, c: int, action: Lower) -> None:
        a = ACTION_INDEX[action.action]
        card = self.piles[a].pop()
        self.discard.append(card)
        label = self.t.cards.labels[card]
        self._emit(
            "lower",
            {"character": c, "action": action.action, "card": label},
            f"{self.name(c)} discards {label} from the {ACTION_NAMES[action.action]} pile.",
        )
        self._finish_action()

    def _do_peek(self, c: int, action: Peek) -> None:
        r = self.t.room_index[action.room]
        stack = self.stacks[r]
        seen = stack[-2:]
        self.peeks[self.seat_of[c]].update(seen)
        count = len(seen)
        self._emit(
            "peek",
            {"character": c, "room": action.room, "count": count},
            f"{self.name(c)} looks at the top {count} token{'s' * (count != 1)} of "
            f"{the_room(self.t.room_names[r])} in secret.",
        )
        if count >= 2:
            self.stage = 1
            self.room = r
        else:
            self._finish_action()

    def _do_keep(self, seat: Seat, c: int) -> None:
        self._emit("order", {"character": c, "swap": False}, f"{self.name(c)} puts them back.")
        self._finish_action()

    def _do_swap(self, seat: Seat, c: int) -> None:
        stack = self.stacks[self.room]
        stack[-1], stack[-2] = stack[-2], stack[-1]
        self._emit(
            "order",
            {"character": c, "swap": True},
            f"{self.name(c)} puts them back, swapping the two.",
        )
        self._finish_action()

    def _do_disarm(self, c: int, action: Disarm) -> None:
        r = self.t.room_index[action.room]
        cls = self.t.token_class
        token = next(x for x in self.faceup[r] if cls[x] == T_CAMERA)
        self.faceup[r].remove(token)
        self.removed.append(token)
        self._emit(
            "disarm",
            {"character": c, "room": action.room},
            f"{self.name(c)} disarms a camera in {the_room(self.t.room_names[r])}.",
        )
        self._finish_action()

    def _do_unblock(self, c: int, action: Unblock) -> None:
        a = ACTION_INDEX[action.action]
        token = self.blocks[a].pop()
        self.removed.append(token)
        self._emit(
            "unblock",
            {"character": c, "action": action.action},
            f"{self.name(c)} removes a counter-intel token from {ACTION_NAMES[action.action]}.",
        )
        self._finish_action()

    # tokens
    def _reveal(self, c: int, r: int, *, by_intel: bool) -> int:
        """Turn up the top token of room ``r``'s stack and apply what it is."""
        t = self.t
        token = self.stacks[r].pop()
        for known in self.peeks:
            known.discard(token)
        cls = t.token_class[token]
        label = t.token_labels[token]
        where = the_room(t.room_names[r])
        who = self.name(c)
        data = {"character": c, "room": t.rooms[r], "token": label}
        if cls == T_GLYPH:
            self.faceup[r].append(token)
            self._emit("reveal", data, f"{who} reveals {label} in {where}.")
        elif cls == T_OFF_CARD:
            self.removed.append(token)
            self._emit(
                "reveal",
                data,
                f"{who} reveals {label} in {where}: it is not on the card and is removed.",
            )
        elif cls == T_CAMERA:
            self.faceup[r].append(token)
            self._emit("reveal", data, f"{who} reveals a security camera in {where}.")
        elif cls == T_GAS:
            self.removed.append(token)
            self._emit("reveal", data, f"{who} reveals gas in {where}!")
            self._gas(r)
        else:
            a = t.token_action[token]
            name = ACTION_NAMES[ACTIONS[a]]
            if by_intel:
                self.blocks[a].append(token)
                text = f"{who} reveals counter-intel in {where}: {name} is blocked."
            else:
                self.removed.append(token)
                text = f"{who} reveals counter-intel ({name}) in {where}; it is discarded."
            self._emit("reveal", {**data, "blocks": ACTIONS[a] if by_intel else None}, text)
        return token

    def _gas(self, r: int) -> None:
        labels = self.t.cards.labels
        for other, room in enumerate(self.pos):
            hand = self.hands[other]
            if room != r or not hand:
                continue
            card = hand.pop(self.rng.randbelow(len(hand)))
            self.discard.append(card)
            self._emit(
                "gas",
                {"character": other, "card": labels[card]},
                f"{self.name(other)} discards {labels[card]} at random.",
            )
