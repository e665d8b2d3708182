"""The planner's choice of a main action: gather, run, free a pile, an ability, Intel."""

from __future__ import annotations

from collections.abc import Sequence

from cipherkit.core.protocol import Action
from cipherkit.core.rng import Rng
from cipherkit.games.mission.planner.board import (
    ABILITY_DISARM,
    ABILITY_LOWER,
    ABILITY_PEEK,
    ABILITY_SCOUT,
    ABILITY_SLIP,
    FAR,
    GATHER,
    INTEL,
    PILE_INDEX,
    PILES,
    REGROUP,
    RUN,
    card_value,
)
from cipherkit.games.mission.planner.routes import RoutePlanner
from cipherkit.games.mission.planner.view import DecisionView
from cipherkit.games.mission.rules.actions import END, PASS, Play, Special


class ActionChooser(RoutePlanner):
    """The planner's main actions: the plan for this turn in order of what pays."""

    # ------------------------------------------------------------ main actions
    def _main(self, view: DecisionView, legal: Sequence[Action], rng: Rng) -> Action:
        first = view.obs["actions_taken"] == 0
        plan = self._choose(view, first, rng)
        if plan is not None and (self._fits(view, plan) or plan in legal):
            return plan
        if not first and self.settings.end_early:
            return END
        return self._filler(view, legal, rng)

    @staticmethod
    def _fits(view: DecisionView, plan: Action) -> bool:
        """A card play that is legal by the rules (checked without searching the list)."""
        if type(plan) is not Play:
            return False
        a = PILE_INDEX[plan.action]
        return not view.blocked[a] and view.tops[a] < plan.value and plan.value in view.hand

    def _card(self, view: DecisionView, a: int, rng: Rng) -> int:
        if self.settings.low_cards_first:
            return view.lowest_over(a)
        fits = [v for v in view.hand if v > view.tops[a]] if not view.blocked[a] else []
        return rng.choice(fits) if fits else 0

    def _choose(self, view: DecisionView, first: bool, rng: Rng) -> Action | None:
        s = self.settings
        here = view.here
        gather_here = view.gatherable(here) and (view.worth(here) > 0 or view.face_useful[here])
        peril = view.obs["peril"]
        # 1. Gather where we stand
        if gather_here:
            v = self._card(view, 1, rng)
            if v:
                if s.use_abilities and self._peek_first(view):
                    return self._special_for(view, keep=v)
                return Play(v, GATHER)
        target = self._target(view)
        # 2. Run to the best room
        if target is not None and not gather_here:
            if self._slip_pays(view, target) and len(view.hand) >= 2:
                special = self._special_for(view, keep=0)
                if special is not None:
                    return special
            v = self._card(view, 0, rng)
            if v and view.board.dist[here][target] < FAR:
                return Play(v, RUN)
        need = 1 if gather_here else (0 if target is not None else -1)
        # 3. Free the pile we need: Regroup, unblock or lower
        if need >= 0 and not self._card(view, need, rng):
            freed = self._free_pile(view, need, first, rng)
            if freed is not None:
                return freed
        # 4. Abilities that pay
        if s.use_abilities and not peril:
            special = self._useful_special(view, target)
            if special is not None:
                return special
        # 5. Intel on a far room
        if s.use_intel:
            room = self._intel_target(view)
            v = self._card(view, 2, rng)
            if room is not None and v and (first or v <= 8 or not s.end_early):
                return Play(v, INTEL)
        # 6. Housekeeping that helps the next turn: clear a high pile
        if not first:
            return self._housekeeping(view, rng)
        return None

    def _free_pile(self, view: DecisionView, need: int, first: bool, rng: Rng) -> Action | None:
        """Regroup (or unblock, or lower) so that the pile ``need`` takes a card."""
        hand = view.hand
        if len(hand) < 2 and not first:
            return None
        v = view.lowest_over(3) if self.settings.low_cards_first else self._card(view, 3, rng)
        if v and len(hand) >= 2:
            return Play(v, REGROUP)
        if not self.settings.use_abilities or len(hand) < 3 or view.obs["peril"]:
            return None
        if view.ability == ABILITY_DISARM and view.blocked[need]:
            return self._special_for(view, keep=hand[0])
        if view.ability == ABILITY_LOWER and not view.blocked[need]:
            pile = view.obs["piles"][PILES[need]]
            if len(pile) >= 2:
                below = card_value(pile[-2])
                rest = hand[2:]  # the two lowest go; keep the rest
                if any(x > below for x in rest):
                    return self._special_for(view, keep=max(rest))
        return None

    def _peek_first(self, view: DecisionView) -> bool:
        """An archivist with cards to spare looks at her room's stack before a Gather."""
        if view.ability != ABILITY_PEEK or view.obs["peril"]:
            return False
        r = view.here
        return (
            view.obs["actions_taken"] == 0
            and view.stacks[r] >= 2
            and view.top_known(r) is None
            and len(view.hand) >= 4
            and view.playable_count(view.hand) <= 2
            and self.settings.avoid_traps
        )

    def _useful_special(self, view: DecisionView, target: int | None) -> Special | None:
        """An ability worth two cards now (only with cards that fit no pile)."""
        if len(view.hand) < 2:
            return None
        dead = len(view.hand) - view.playable_count(view.hand)
        ability = view.ability
        if ability == ABILITY_DISARM:
            if self._disarm_target(view) is not None or self._unblock_target(view) is not None:
                return self._special_for(view, keep=0)
            return None
        if dead < 2:
            return None
        if ability == ABILITY_SCOUT and self._scout_target(view) is not None:
            return self._special_for(view, keep=0)
        if ability == ABILITY_PEEK and self._peek_target(view) is not None:
            return self._special_for(view, keep=0)
        if ability == ABILITY_SLIP and target is not None and self._slip_pays(view, target):
            return self._special_for(view, keep=0)
        return None

    def _special_for(self, view: DecisionView, keep: int) -> Special | None:
        """Discard two cards for the ability: the ones that fit no pile first, then the
        highest, never the card ``keep`` meant for the action that follows."""
        hand = list(view.hand)
        if keep in hand:
            hand.remove(keep)
        if len(hand) < 2:
            return None
        ranked = sorted(hand, key=lambda v: (view.playable_count([v]) > 0, -v))
        low, high = sorted(ranked[:2])
        return Special(low, high)

    def _housekeeping(self, view: DecisionView, rng: Rng) -> Action | None:
        """A second action that prepares the next turns: Regroup a high Run or Gather pile."""
        if view.obs["peril"] or len(view.hand) < 2:
            return None
        v = view.lowest_over(3)
        if not v or v > 6:
            return None
        if max(view.tops[0], view.tops[1]) >= 9 or view.blocked[0] or view.blocked[1]:
            return Play(v, REGROUP)
        return None

    def _filler(self, view: DecisionView, legal: Sequence[Action], rng: Rng) -> Action:
        """The first action is compulsory: take the cheapest harmless one (a team that
        does not ``end_early`` also fills its second action so)."""
        if PASS in legal:
            return PASS
        plays = [a for a in legal if type(a) is Play]
        if plays:
            if self.settings.use_intel and self._intel_target(view) is not None:
                intel = [a for a in plays if a.action == INTEL]
                if intel:
                    return min(intel, key=lambda a: a.value)
            # the pile that matters least (Intel, then a Regroup that clears a burdened
            # pile, then Run, then Gather), raised as little as possible
            tops = dict(zip(PILES, view.tops, strict=True))
            burdened = max(view.tops[:3]) >= 6 or any(view.blocked[:3])
            rank = {INTEL: 0, REGROUP: 1 if burdened else 3, RUN: 2, GATHER: 4}
            return min(plays, key=lambda a: (rank[a.action], a.value - tops[a.action], a.value))
        specials = [a for a in legal if type(a) is Special]
        if specials:
            return self._special_for(view, keep=0) or specials[0]
        return rng.choice(list(legal))
