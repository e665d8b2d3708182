"""Missions for the widget tests (the Vault Job built in code, the Tiny Heist of the
browser pages), what no player may know yet, and a whole game played through page
messages."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cipherkit.core.registry import make_bot
from cipherkit.core.rng import Rng
from cipherkit.games.mission import Mission, MissionBuilder, load
from cipherkit.widgets import MissionTable
from tests.widgets.page_messages import page_message

PAGES = Path(__file__).resolve().parents[2] / "tests" / "browser" / "pages"


def vault_mission() -> Mission:
    """Three rooms, unusual window contents, decoys and traps, a wall (for the slip)."""
    b = MissionBuilder("vault-job", title="The Vault Job", question="What is the phrase?")
    b.glyph("crown", "QWERTY").glyph("key", "ZXCVBN").glyph("lamp", "MNBVCX")
    b.glyph("fogdecoy", None).glyph("ashdecoy", None)
    b.word("crown", "key").answer_word("lamp")
    b.room("gate", pos=(0, 0), entrance=True, stack=["crown", "fogdecoy"])
    b.room("hall", pos=(1, 0), stack=["camera", "key", "ashdecoy"])
    b.room("safe", pos=(1, 1), stack=["counter-intel:run", "lamp", "gas"])
    b.passage("gate", "hall").passage("hall", "safe").wall("gate", "safe")
    b.characters("locksmith", "lookout", "archivist", "technician")
    b.solution("MNBVCX")
    return b.build()


def heist_mission() -> Mission:
    return load(PAGES / "tiny-heist.yaml")


def mission_secrets(state: Any) -> dict[str, list[str]]:
    """What no player may know yet, as strings worth searching for (4+ characters).

    Closed window contents and the answer; the labels of face-down tokens that are not
    card glyphs (decoys, traps with unusual names) and were never turned up; each room's
    face-down order written as a list.
    """
    if state.outcome is not None:
        return {}
    t = state.t
    closed = [state.key[g] for g in range(len(t.glyphs)) if t.on_card[g] and not state.opened[g]]
    public = set(state.mission.card_glyphs) | {"camera", "gas", "counter-intel"}
    down = {
        t.token_labels[x]
        for stack in state.stacks
        for x in stack
        if t.token_labels[x].split("[")[0].split(":")[0] not in public
    }
    seen = {t.token_labels[x] for x in state.collected + state.removed}
    seen |= {t.token_labels[x] for room in state.faceup for x in room}
    orders = [
        json.dumps([t.token_labels[x] for x in reversed(stack)]) for stack in state.stacks if stack
    ]
    out = {
        "closed window contents": [c for c in closed if c and len(c) >= 4],
        "answer": [
            a
            for a in [state.true_answer()]
            if not state.answer_open() and len(a.replace(" ", "")) >= 4
        ],
        "face-down tokens": sorted(d for d in down - seen if len(d) >= 4),
        "stack order": [o for o in orders if o.count(",") >= 1],
    }
    return {k: v for k, v in out.items() if v}


def human_seats_waiting(view: dict[str, Any]) -> list[int]:
    vote = view["vote"] or {"seats": []}
    return [s["seat"] for s in vote["seats"] if s["human"] and s["waiting"]]


def play_out(
    table: MissionTable,
    *,
    check: Callable[[MissionTable, int], None] | None = None,
    max_steps: int = 600,
    bot: str = "planner",
) -> int:
    """Play the current game to its end through page messages; return the steps.

    People claim the device when asked, confirm every proposed answer and otherwise play
    what a planner would play from their seat's observation.
    """
    deciders = {s: make_bot("mission", bot) for s in table.humans}
    rng = Rng(17)
    for step in range(max_steps):
        view = table.view
        if view["outcome"] is not None:
            return step
        if check is not None:
            check(table, step)
        if view["locked_for"] is not None:
            message: dict[str, Any] = {"type": "claim", "seat": view["locked_for"]["seat"]}
        elif human_seats_waiting(view):
            seat = human_seats_waiting(view)[0]
            message = {"type": "action", "text": "confirm", "seat": seat}
        else:
            seat = table.holder
            assert seat is not None and view["legal"], f"nobody can act: {view['status']}"
            state = table.state
            action = deciders[seat].act(state.observe(seat), state.legal_actions(seat), rng)
            message = {"type": "action", "text": str(action)}
        page_message(table, message)
        assert table.message == "", f"step {step}: {message} refused: {table.message}"
    raise AssertionError("the mission did not end")
