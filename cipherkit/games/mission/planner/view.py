"""A decision's view: what one planner decision needs, read once from the observation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cipherkit.games.mission.planner.board import PILES, Board, card_value, glyph_of


class DecisionView:
    """The facts one decision needs, read once from the observation (and the target room,
    once worked out)."""

    __slots__ = (
        "ability",
        "blocked",
        "board",
        "c",
        "cameras",
        "chars_at",
        "face_needed",
        "face_useful",
        "hand",
        "here",
        "known",
        "needed",
        "obs",
        "opened",
        "p_hidden",
        "pos",
        "stacks",
        "target",
        "tops",
        "useful",
    )

    def __init__(
        self,
        obs: Mapping[str, Any],
        board: Board,
        opened: dict[str, str],
        focus: frozenset[str] | None = None,
    ) -> None:
        self.obs = obs
        self.board = board
        c = obs["turn"]
        self.c = c
        chars = obs["characters"]
        index = board.index
        self.pos = [index[ch["room"]] for ch in chars]
        self.here = self.pos[c]
        self.ability = chars[c]["ability"]
        hand = obs["hands"][c] or []
        self.hand = sorted(card_value(x) for x in hand)
        piles = obs["piles"]
        self.tops = [card_value(piles[a][-1]) if piles[a] else 0 for a in PILES]
        blocked = obs["blocked"]
        self.blocked = [blocked[a] > 0 for a in PILES]
        self.opened = opened
        # the glyphs worth opening: those that tell the candidates left apart, if known
        self.needed = focus if focus else board.answer_glyphs.difference(opened)
        self.useful = {g for g in board.card_glyphs if g not in opened}
        rooms = obs["rooms"]
        n = len(board.rooms)
        stacks = [0] * n
        cameras = [0] * n
        face_needed = [0] * n
        face_useful = [0] * n
        chars_at = [0] * n
        seen_needed: set[str] = set()
        for r, name in enumerate(board.rooms):
            info = rooms[name]
            stacks[r] = info["stack"]
            chars_at[r] = len(info["characters"])
            if info["face_up"]:
                glyphs = set()
                for label in info["face_up"]:
                    if label == "camera":
                        cameras[r] += 1
                    else:
                        glyphs.add(glyph_of(label))
                face_needed[r] = len(glyphs & self.needed)
                face_useful[r] = len(glyphs & self.useful) - face_needed[r]
                seen_needed |= glyphs & self.needed
        self.stacks = stacks
        self.cameras = cameras
        self.face_needed = face_needed
        self.face_useful = face_useful
        self.chars_at = chars_at
        self.target: int | None = -1  # -1: not worked out yet
        hidden = len(self.needed - seen_needed)
        facedown = sum(stacks)
        self.p_hidden = min(1.0, hidden / facedown) if facedown else 0.0
        self.known = obs["known"]

    # cards -------------------------------------------------------------
    def lowest_over(self, a: int, hand: Sequence[int] | None = None) -> int:
        """The lowest card of the hand that beats pile ``a`` (0: none, or blocked)."""
        if self.blocked[a]:
            return 0
        top = self.tops[a]
        for v in self.hand if hand is None else hand:
            if v > top:
                return v
        return 0

    def playable_count(self, hand: Sequence[int]) -> int:
        """How many of ``hand`` fit some unblocked Run, Gather or Intel pile."""
        return sum(
            1 for v in hand if any(not self.blocked[a] and v > self.tops[a] for a in range(3))
        )

    # rooms -------------------------------------------------------------
    def top_known(self, r: int) -> str | None:
        """The token an archivist of this seat has seen on top of room ``r``'s stack."""
        entries = self.known.get(self.board.rooms[r]) if self.known else None
        if entries:
            for e in entries:
                if e["depth"] == 0:
                    return e["token"]
        return None

    def worth(self, r: int) -> float:
        """What a Gather in room ``r`` is expected to bring (needed glyphs)."""
        value = self.face_needed[r] + 0.2 * self.face_useful[r]
        stack = self.stacks[r]
        if stack:
            value += self.p_hidden * min(stack, 2)
            top = self.top_known(r)
            if top is not None:
                value += (1.0 if glyph_of(top) in self.needed else -self.p_hidden) * 0.5
        return value

    def gatherable(self, r: int) -> bool:
        """Whether a Gather in room ``r`` could find anything (face-up glyphs or tokens)."""
        return self.face_needed[r] > 0 or self.face_useful[r] > 0 or self.stacks[r] > 0
