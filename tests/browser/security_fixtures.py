"""Helpers for the gallery and security suites: a persistent raw kernel client, the
pages of the gallery, and what each page must never show.

Imported by ``test_gallery.py`` and ``test_security.py``; the server, browser and bait
files come from ``conftest.py`` (not changed here).
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.browser.conftest import kernel_message
from tests.browser.recorded_page import RecordedPage
from tests.browser.waits import wait_for_js

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
MISSION_WIDGET = "cipherkit.widgets.mission.table.MissionTable"
DECIPHER_WIDGET = "cipherkit.widgets.decipher.table.DecipherTable"
WORKBENCH_WIDGET = "cipherkit.widgets.workbench.Workbench"
EXERCISE_WIDGET = "cipherkit.widgets.exercises.ExerciseBox"
READY = {
    "mission": "[data-testid=mission-table]:not(.ck-is-waiting) [data-testid=map]",
    "campaign": "[data-testid=mission-table]:not(.ck-is-waiting) [data-testid=map]",
    "game": "[data-testid=decipher-table]:not(.ck-is-waiting) [data-testid=board]",
    "intercept": "[data-testid=intercept-table]",
    "lobby": "[data-testid=lobby]",
    "index": ".ck-card",
    "lesson": "[data-testid=exercise]",
    "teacher": "[data-testid=teacher] [data-testid=key-form]",
    "projector": "[data-testid=projector] [data-testid=projector-closed]",
    "studio": "[data-testid=studio] [data-testid=room]",
}


def page_kind(name: str) -> str:
    if name == "index.ipynb":
        return "index"
    meta = json.loads((PUZZLES / name).read_text(encoding="utf-8"))["metadata"]
    kind = meta.get("cipherkit", {}).get("kind", "page")
    if kind == "game":  # which table the game page builds
        code = "\n".join(page_code(name))
        if "InterceptTable(" in code:
            return "intercept"
        if "PlayTogether(" in code:
            return "lobby"
        if "TeacherPage(" in code:
            return "teacher"
        if "Projector(" in code:
            return "projector"
    return kind


def gallery_pages() -> list[str]:
    """Every page notebook of ``puzzles/`` and its sub-folders such as ``lessons/`` (the
    index included), as paths below ``/voila/render/``."""
    from cipherkit.publish.gallery import INDEX, page_files

    return sorted([INDEX, *(p.relative_to(PUZZLES).as_posix() for p in page_files(PUZZLES))])


def page_code(name: str) -> list[str]:
    """The sources of a page's code cells."""
    cells = json.loads((PUZZLES / name).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def lesson_widgets(name: str) -> tuple[int, int]:
    """How many workbenches and exercise boxes a lesson page builds."""
    code = "\n".join(page_code(name))
    return code.count("Workbench("), code.count("ExerciseBox(")


def lesson_answers(name: str) -> list[str]:
    """The answers of a lesson page's exercises, checked against the page's own hashes
    (the page holds only salts and hashes; the answers are known to the tests)."""
    from cipherkit.ciphers.exercises import check_answer
    from tests.widgets.lessons import LESSON_ANSWERS, lesson_exercises

    answers = LESSON_ANSWERS[Path(name).stem]
    exercises = lesson_exercises(PUZZLES / name)
    assert len(exercises) == len(answers)
    for (_, salt, digest), answer in zip(exercises, answers, strict=True):
        assert check_answer(answer, salt, digest), (name, answer)
    return answers


def lesson_secrets(name: str) -> list[str]:
    """What a lesson page must never send: each exercise's answer (if it has 4+ letters
    or digits, in the forms a page could show it), its salted hash, and the code that
    builds the exercise boxes."""
    from cipherkit.ciphers.exercises import normalise
    from tests.widgets.lessons import lesson_exercises

    out = ["ExerciseBox(", "digest="]
    for answer in lesson_answers(name):
        if len(normalise(answer)) >= 4:
            out += [answer, answer.upper(), answer.lower(), normalise(answer)]
    for _, _, digest in lesson_exercises(PUZZLES / name):  # one, or one per declared form
        out += [digest] if isinstance(digest, str) else digest
    return sorted(set(out))


def mission_id(name: str) -> str:
    meta = json.loads((PUZZLES / name).read_text(encoding="utf-8"))["metadata"]
    return meta["cipherkit"]["mission"]


# ------------------------------------------------------------------ raw kernel client
@dataclass
class RawKernel:
    """One websocket on a page's kernel, kept open, recording everything it receives."""

    port: int
    kernel_id: str
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    received: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        import websocket

        url = f"ws://127.0.0.1:{self.port}/api/kernels/{self.kernel_id}/channels"
        self.ws = websocket.create_connection(f"{url}?session_id={self.session}", timeout=20)

    def close(self) -> None:
        self.ws.close()

    def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell") -> str:
        text = kernel_message(msg_type, content, self.session)
        msg = json.loads(text)
        msg["channel"] = channel
        self.ws.send(json.dumps(msg))
        return msg["header"]["msg_id"]

    def _recv(self, timeout: float) -> dict[str, Any] | None:
        import websocket

        self.ws.settimeout(max(timeout, 0.05))
        try:
            raw = self.ws.recv()
        except websocket.WebSocketTimeoutException:
            return None
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        self.raw.append(text)
        try:
            msg = json.loads(text)
        except ValueError:
            return {}
        self.received.append(msg)
        return msg

    def collect(
        self, seconds: float, until: Callable[[dict[str, Any]], bool] | None = None
    ) -> list[dict[str, Any]]:
        """Messages received within ``seconds`` (or until one satisfies ``until``)."""
        out: list[dict[str, Any]] = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            msg = self._recv(left)
            if msg is None:
                continue
            out.append(msg)
            if until is not None and until(msg):
                break
        return out

    def until_idle(self, msg_id: str, seconds: float = 30) -> list[dict[str, Any]]:
        """Everything until the kernel is idle after our message ``msg_id``."""

        def idle(msg: dict[str, Any]) -> bool:
            return (
                msg.get("msg_type") == "status"
                and msg.get("parent_header", {}).get("msg_id") == msg_id
                and msg.get("content", {}).get("execution_state") == "idle"
            )

        got = self.collect(seconds, idle)
        assert got and idle(got[-1]), f"the kernel did not finish handling {msg_id}"
        return got

    def request_states(self) -> dict[str, Any]:
        comm_id = uuid.uuid4().hex
        self.send(
            "comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}
        )
        self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})

        def reply(msg: dict[str, Any]) -> bool:
            c = msg.get("content", {})
            return msg.get("msg_type") == "comm_msg" and c.get("comm_id") == comm_id

        got = self.collect(20, reply)
        assert got and reply(got[-1]), "no update_states reply from the kernel"
        self.send("comm_close", {"comm_id": comm_id, "data": {}})
        return got[-1]["content"]["data"]["states"]

    def to_widget(self, model_id: str, data: dict[str, Any]) -> list[dict[str, Any]]:
        """A comm message to one widget; returns what the kernel sent until idle."""
        return self.until_idle(self.send("comm_msg", {"comm_id": model_id, "data": data}))


def widget_states(states: dict[str, Any], widget: str) -> dict[str, dict[str, Any]]:
    """Model id -> state of every widget of class ``widget`` (dotted name)."""
    return {k: v["state"] for k, v in states.items() if v["state"].get("_anywidget_id") == widget}


def widget_state(states: dict[str, Any], widget: str) -> tuple[str, dict[str, Any]]:
    found = [
        (k, v["state"]) for k, v in states.items() if v["state"].get("_anywidget_id") == widget
    ]
    assert len(found) == 1, f"expected one {widget}, found {len(found)}"
    return found[0]


# ------------------------------------------------------------------ a page in Chromium
class OpenPage(RecordedPage):
    """Any page of the gallery, ready when its kind's table (or the body) is drawn."""

    @property
    def path(self) -> str:
        return self.name

    def ready(self) -> None:
        kind = page_kind(self.name)
        self.page.wait_for_selector(READY.get(kind, "body"))
        if kind == "lesson":  # every exercise drawn (they close each lesson)
            wait_for_js(
                self.page,
                "n => document.querySelectorAll('[data-testid=exercise]').length >= n",
                arg=lesson_widgets(self.name)[1],
            )

    def open(self) -> OpenPage:
        super().open()
        return self

    def kernel(self) -> RawKernel:
        """The page's kernel, as named in its HTML (by its page key)."""
        named = self.config_kernel_id()
        assert self.kernel_id(wait_seconds=30) == named
        return RawKernel(self.server.port, named)

    def kernel_has_ended(self, seconds: float = 20) -> bool:
        """Whether the page's kernel is gone (a page without widgets, such as the index,
        ends its kernel as soon as it is drawn): its model is a 404 and a websocket to
        it is refused."""
        import websocket

        named = self.config_kernel_id()
        deadline = time.monotonic() + seconds
        while self.server.get(f"/api/kernels/{named}")[0] != 404:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.25)
        try:
            RawKernel(self.server.port, named).close()
        except websocket.WebSocketBadStatusException:
            return True
        return False


# ------------------------------------------------------------------ secrets
def mission_secrets(state: Any, record: Any = None) -> list[str]:
    """What no player may know yet, as strings of 4+ characters: the answer (until a
    player, human or bot, proposes it: then the table shows that proposal), closed
    window contents, face-down decoy labels and each room's face-down order."""
    from cipherkit.games.mission import answers_match

    if state.outcome is not None:
        return []
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
    orders = [json.dumps([t.token_labels[x] for x in reversed(s)]) for s in state.stacks if s]
    out = [c for c in closed if c and len(c) >= 4]
    proposed = [
        t[len("propose ") :]
        for _, t in (record.actions if record else [])
        if t.startswith("propose ")
    ]
    answer = state.true_answer()
    if not state.answer_open() and not any(answers_match(p, answer) for p in proposed):
        out.append(answer)
    out += sorted(d for d in down - seen if len(d) >= 4)
    out += [o for o in orders if o.count(",") >= 1]
    return out


def mission_file_secrets(mission: Any) -> list[str]:
    """Strings that only a mission file (not a page) holds: the solution."""
    return [str(mission.solution)] if len(str(mission.solution)) >= 4 else []


def text_of(messages: list[Any]) -> str:
    """The messages as one text to scan, without the protocol's ids and dates."""
    from tests.widgets.leaks import as_text, without_envelope

    return without_envelope("\n".join(as_text(m) for m in messages))
