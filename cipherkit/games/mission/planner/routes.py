"""The planner's route planning: the room to go to, and each step of an action under way."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from cipherkit.core.protocol import Action
from cipherkit.games.mission.content.secret_rules import RUN_STEPS
from cipherkit.games.mission.planner.board import (
    ABILITY_DISARM,
    ABILITY_LOWER,
    ABILITY_PEEK,
    ABILITY_SCOUT,
    ABILITY_SLIP,
    FAR,
    PILES,
    Board,
    glyph_of,
    is_trap,
    rule_limit,
)
from cipherkit.games.mission.planner.settings import PlannerSettings
from cipherkit.games.mission.planner.view import DecisionView
from cipherkit.games.mission.rules.actions import (
    KEEP,
    LEAVE,
    REVEAL,
    REVEAL_TOP,
    STOP,
    SWAP,
    Collect,
    Disarm,
    IntelRoom,
    Lower,
    Peek,
    RegroupCard,
    Scout,
    Slip,
    Step,
    Unblock,
)


class RoutePlanner:
    """Where the planner goes (the best room to gather in, the path there) and how it
    finishes an action under way (steps, collections, Intel, Regroup, abilities)."""

    settings: PlannerSettings

    def _target(self, view: DecisionView) -> int | None:
        """The best room to go and gather in (never the current one)."""
        if view.target == -1:
            view.target = self._best_room(view)
        return view.target

    def _best_room(self, view: DecisionView) -> int | None:
        board = view.board
        here = view.here
        dist = board.dist[here]
        best, best_score = None, 0.0
        slip = view.ability == ABILITY_SLIP and self.settings.use_abilities
        coordinate = self.settings.coordinate
        disarms = view.ability == ABILITY_DISARM and self.settings.use_abilities
        run = rule_limit(view.obs, "run", RUN_STEPS)
        for r in range(len(board.rooms)):
            if r == here or not view.gatherable(r):
                continue
            worth = view.worth(r)
            if worth <= 0:
                continue
            d = dist[r]
            if d >= FAR:
                if not slip:
                    continue
                d = 4  # a slip or two through the walls
            if coordinate and view.chars_at[r]:
                worth *= 0.5
            if self.settings.anticipate:
                dist_to = [row[r] for row in board.dist]
                # teammates who reach it sooner will likely gather it first
                sooner = sum(1 for c, p in enumerate(view.pos) if c != view.c and dist_to[p] < d)
                worth *= 0.6**sooner
            cost = math.ceil(d / run) + 1.0
            if self.settings.avoid_traps and view.cameras[r] and not disarms:
                cost += 0.5 * view.cameras[r]
            score = worth / cost
            if score > best_score + 1e-9:
                best, best_score = r, score
        return best

    def _slip_pays(self, view: DecisionView, target: int) -> bool:
        if view.ability != ABILITY_SLIP or not self.settings.use_abilities:
            return False
        board = view.board
        d = board.dist[view.here][target]
        through = [n for n in board.any_adj[view.here] if n not in board.open_adj[view.here]]
        return any(board.dist[n][target] + 4 <= d for n in through)

    # ------------------------------------------------------------ sub-decisions
    def _needed_pile(self, view: DecisionView) -> int | None:
        """The pile the character's next useful action goes on: Gather where there is
        something to gather, else Run towards a target (``None``: neither)."""
        if view.gatherable(view.here) and view.worth(view.here) > 0:
            return 1
        return 0 if self._target(view) is not None else None

    def _step(self, view: DecisionView, legal: Sequence[Action]) -> Action:
        board = view.board
        here = view.here
        steps_left = view.obs["pending"]["steps_left"]
        moved = steps_left < rule_limit(view.obs, "run", RUN_STEPS)
        if moved and view.gatherable(here) and view.worth(here) > 0:
            return STOP  # a room worth gathering in: now, or after the next Regroup
        target = self._target(view)
        if target is None or board.dist[here][target] >= FAR:
            return STOP
        hops = board.hops[here][target]
        if not hops:
            return STOP
        nxt = hops[0]
        if len(hops) > 1:  # prefer a room worth stopping in, then one without cameras
            nxt = max(hops, key=lambda r: (view.worth(r) > 0, -view.cameras[r], -r))
        # do not end the turn under a camera when stopping short avoids it
        if (
            self.settings.avoid_traps
            and steps_left == 1
            and nxt != target
            and view.cameras[nxt]
            and not view.cameras[here]
        ):
            return STOP
        action = Step(board.rooms[nxt])
        return action if action in legal else STOP

    def _gather(self, obs: Mapping[str, Any], board: Board, legal: Sequence[Action]) -> Action:
        """Collect needed glyphs first, then other closed card glyphs, then turn up the
        top token (unless an archivist of this seat saw a trap there)."""
        opened = {c["glyph"] for c in obs["console"]["cells"] if c["open"]}
        fresh = obs["pending"]["revealed"]
        if fresh is not None:
            g = glyph_of(fresh)
            useful = g in board.card_set and g not in opened
            return Collect(g) if useful and Collect(g) in legal else LEAVE
        best: Collect | None = None
        for a in legal:
            if type(a) is Collect and a.glyph not in opened:
                if a.glyph in board.answer_glyphs:
                    return a
                if best is None and a.glyph in board.card_set:
                    best = a
        if best is not None:
            return best
        if REVEAL_TOP in legal:
            if self.settings.avoid_traps and obs["known"]:
                room = obs["characters"][obs["turn"]]["room"]
                top = next(
                    (e["token"] for e in obs["known"].get(room, ()) if e["depth"] == 0), None
                )
                if top is not None and is_trap(top):
                    return STOP
            return REVEAL_TOP
        return STOP

    def _intel(self, view: DecisionView, legal: Sequence[Action]) -> Action:
        if view.obs["pending"]["room"] is None:
            room = self._intel_target(view)
            if room is not None:
                action = IntelRoom(view.board.rooms[room])
                if action in legal:
                    return action
            rooms = [a for a in legal if type(a) is IntelRoom]
            if rooms:
                index = view.board.index
                return max(rooms, key=lambda a: (view.stacks[index[a.room]], -index[a.room]))
            return STOP
        if REVEAL in legal:
            r = view.board.index[view.obs["pending"]["room"]]
            top = view.top_known(r)
            if top is not None and top.startswith("counter-intel") and self.settings.avoid_traps:
                return STOP
            return REVEAL
        return STOP

    def _intel_target(self, view: DecisionView) -> int | None:
        """A far room nobody is near: its stack is better turned up from afar."""
        board = view.board
        best, best_key = None, None
        for r in range(len(board.rooms)):
            stack = view.stacks[r]
            if not stack:
                continue
            top = view.top_known(r)
            if top is not None and top.startswith("counter-intel"):
                continue
            near = min(board.dist[p][r] for p in view.pos)
            if near < 2:
                continue
            key = (min(near, 4), stack <= 2, stack, -r)
            if best_key is None or key > best_key:
                best, best_key = r, key
        return best

    def _regroup(self, view: DecisionView, legal: Sequence[Action]) -> Action:
        need = self._needed_pile(view)
        if (
            need is not None
            and (view.blocked[need] or view.obs["piles"][PILES[need]])
            and RegroupCard(PILES[need]) in legal
        ):
            return RegroupCard(PILES[need])
        weights = (1.0, 1.2, 0.6)
        best = max(
            (a for a in range(3) if RegroupCard(PILES[a]) in legal),
            key=lambda a: (view.blocked[a] * 20 + view.tops[a] * weights[a], -a),
            default=None,
        )
        return RegroupCard(PILES[best]) if best is not None else legal[0]

    def _ability(self, view: DecisionView, legal: Sequence[Action]) -> Action:
        ability = view.ability
        board = view.board
        if ability == ABILITY_PEEK:
            if view.obs["pending"]["stage"] == 1:
                return self._order(view, legal)
            r = self._peek_target(view)
            action: Action = Peek(board.rooms[r]) if r is not None else STOP
        elif ability == ABILITY_SLIP:
            action = self._slip_step(view)
        elif ability == ABILITY_SCOUT:
            r = self._scout_target(view)
            action = Scout(board.rooms[r]) if r is not None else STOP
        elif ability == ABILITY_LOWER:
            action = self._lower_target(view)
        elif ability == ABILITY_DISARM:
            r = self._disarm_target(view)
            if r is not None:
                action = Disarm(board.rooms[r])
            else:
                a = self._unblock_target(view)
                action = Unblock(PILES[a]) if a is not None else STOP
        else:  # pragma: no cover - every ability is handled above
            action = STOP
        return action if action in legal else STOP

    def _order(self, view: DecisionView, legal: Sequence[Action]) -> Action:
        r = view.board.index[view.obs["pending"]["room"]]
        entries = view.known.get(view.board.rooms[r], []) if view.known else []
        by_depth = {e["depth"]: e["token"] for e in entries}
        top, second = by_depth.get(0), by_depth.get(1)
        if top is None or second is None:
            return KEEP
        if self._token_rank(view, second) > self._token_rank(view, top):
            return SWAP
        return KEEP

    def _token_rank(self, view: DecisionView, label: str) -> int:
        if is_trap(label):
            return 0
        g = glyph_of(label)
        return 2 if g in view.needed else (1 if g in view.useful else 0)

    def _peek_target(self, view: DecisionView) -> int | None:
        best = None
        for r in view.board.nearby[view.here]:
            if view.stacks[r] < 2 or view.top_known(r) is not None:
                continue
            if best is None or r == view.here or view.stacks[r] > view.stacks[best]:
                best = r
                if r == view.here:
                    break
        return best

    def _scout_target(self, view: DecisionView) -> int | None:
        rooms = [r for r in view.board.nearby[view.here] if view.stacks[r]]
        if not rooms:
            return None
        return max(rooms, key=lambda r: (view.stacks[r], -r))

    def _slip_step(self, view: DecisionView) -> Action:
        board = view.board
        target = self._target(view)
        if target is None:
            return STOP
        here = view.here
        best = min(
            board.any_adj[here],
            key=lambda n: (board.dist[n][target], n),
            default=None,
        )
        if best is None or board.dist[best][target] >= board.dist[here][target]:
            return STOP
        return Slip(board.rooms[best])

    def _lower_target(self, view: DecisionView) -> Action:
        gather_here = view.gatherable(view.here)
        order = (1, 0, 2) if gather_here else (0, 1, 2)
        for a in order:
            if view.obs["piles"][PILES[a]] and not view.lowest_over(a):
                return Lower(PILES[a])
        return STOP

    def _disarm_target(self, view: DecisionView) -> int | None:
        for r in view.board.nearby[view.here]:
            if view.cameras[r] and (r == view.here or view.gatherable(r)):
                return r
        return None

    def _unblock_target(self, view: DecisionView) -> int | None:
        for a in (1, 0, 3, 2):
            # Regroup clears Run, Gather and Intel more cheaply; unblock Regroup itself
            if view.blocked[a] and (a == 3 or not view.lowest_over(3)):
                return a
        return None
