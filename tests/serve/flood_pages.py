"""Pages of a real gallery server driven over their kernel websockets, as a script (or a
browser) could: a server with the *Play together* and teacher pages on a SQLite store,
one page's lobby or teacher desk reached by its model id, and the flood loops of the
limit tests (issue 44, findings 3 and 4)."""

from __future__ import annotations

import json
import secrets
import shutil
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cipherkit.rooms.limits import STAMP
from tests.browser.conftest import kernel_message
from tests.serve.limits_server import ROOT, LimitServer

LOBBY = "cipherkit.widgets.lobby.Lobby"
DESK = "cipherkit.widgets.teacher.TeacherDesk"
PLAY = "/voila/render/play-together.ipynb"
TEACHER = "/voila/render/teacher.ipynb"


def play_gallery(folder: Path) -> Path:
    """The index, the Play together page and the teacher page, with the images."""
    for name in ("index.ipynb", "play-together.ipynb", "teacher.ipynb"):
        shutil.copy(ROOT / "puzzles" / name, folder / name)
    shutil.copytree(ROOT / "puzzles" / "images", folder / "images")
    return folder


@dataclass
class PageSocket:
    """One websocket on a page's kernel, with the page's cookies (as its browser)."""

    port: int
    key: str
    jar: dict[str, str]
    host: str = "127.0.0.1"
    session: str = field(default_factory=lambda: uuid.uuid4().hex)

    def __post_init__(self) -> None:
        import websocket

        url = f"ws://{self.host}:{self.port}/api/kernels/{self.key}/channels"
        cookie = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        self.ws = websocket.create_connection(
            f"{url}?session_id={self.session}", timeout=60, cookie=cookie
        )

    def close(self) -> None:
        self.ws.close()

    def send(
        self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None
    ) -> str:
        msg = json.loads(kernel_message(msg_type, content, self.session))
        if metadata is not None:
            msg["metadata"] = metadata
        self.ws.send(json.dumps(msg))
        return str(msg["header"]["msg_id"])

    def collect(self, seconds: float, until: Callable[[dict[str, Any]], bool]) -> list[Any]:
        import websocket

        out: list[Any] = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self.ws.settimeout(max(left, 0.05))
            try:
                raw = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                continue
            try:
                msg = json.loads(raw)
            except ValueError:
                continue
            out.append(msg)
            if until(msg):
                return out
        raise AssertionError(f"no answer from page {self.key} within {seconds} s")

    def model_of(self, widget: str) -> str:
        """The model id of the page's one ``widget`` (its state, as the page asks it)."""
        comm_id = uuid.uuid4().hex
        target = {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}
        self.send("comm_open", target)
        self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        got = self.collect(
            60,
            lambda m: (
                m.get("msg_type") == "comm_msg" and m.get("content", {}).get("comm_id") == comm_id
            ),
        )
        self.send("comm_close", {"comm_id": comm_id, "data": {}})
        states = got[-1]["content"]["data"]["states"]
        found = [k for k, v in states.items() if v["state"].get("_anywidget_id") == widget]
        assert len(found) == 1, (widget, len(found))
        return found[0]

    def tell(
        self, model: str, content: dict[str, Any], metadata: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """A custom message to a widget; its state changes until the kernel is idle."""
        msg_id = self.send(
            "comm_msg",
            {"comm_id": model, "data": {"method": "custom", "content": content}},
            metadata,
        )
        got = self.collect(
            60,
            lambda m: (
                m.get("msg_type") == "status"
                and m.get("parent_header", {}).get("msg_id") == msg_id
                and m.get("content", {}).get("execution_state") == "idle"
            ),
        )
        changed: dict[str, Any] = {}
        for m in got:
            data = m.get("content", {}).get("data", {})
            if m.get("msg_type") == "comm_msg" and data.get("method") == "update":
                changed.update(data.get("state", {}))
        return changed


@dataclass
class OpenedPage:
    """A page rendered for a cookie jar, its websocket and its widget's model id."""

    server: LimitServer
    key: str
    jar: dict[str, str]
    socket: PageSocket
    model: str

    @classmethod
    def open(cls, server: LimitServer, path: str, jar: dict[str, str], widget: str) -> OpenedPage:
        answer = server.browse(path, jar)
        assert answer.status == 200 and answer.page_key, (answer.status, answer.body[:300])
        socket = PageSocket(server.port, answer.page_key, jar)
        try:
            model = socket.model_of(widget)
        except BaseException:
            socket.close()
            server.end(answer.page_key, jar)
            raise
        return cls(server, answer.page_key, jar, socket, model)

    def tell(self, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> Any:
        return self.socket.tell(self.model, content, metadata)

    def close(self) -> None:
        self.socket.close()
        self.server.end(self.key, self.jar)


@dataclass
class Flood:
    """Threads of one cookie jar loading pages again and again, each page a fresh device
    id, each sending wrong codes (or keys) until the page is refused, every message with
    a made-up client stamp of its own (the server must write over it); what they got."""

    server: LimitServer
    path: str
    widget: str
    wrong: Callable[[], dict[str, Any]]
    jar: dict[str, str] = field(default_factory=dict)
    answered: int = 0
    refused: int = 0
    pages: int = 0
    errors: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    threads: list[threading.Thread] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self, threads: int) -> Flood:
        first = self.server.browse("/voila/render/index.ipynb", self.jar)  # the jar's cookie
        assert first.status == 200 and "ck_client" in self.jar, first.status
        for n in range(threads):
            thread = threading.Thread(target=self._run, name=f"flood-{n}", daemon=True)
            thread.start()
            self.threads.append(thread)
        return self

    def finish(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(120)

    def _run(self) -> None:
        while not self.stop.is_set():
            try:
                self._one_page()
            except Exception as exc:  # the server busy: the next page tries again
                with self.lock:
                    self.errors.append(repr(exc)[:200])
                time.sleep(0.5)

    def _one_page(self) -> None:
        page = OpenedPage.open(self.server, self.path, dict(self.jar), self.widget)
        with self.lock:
            self.pages += 1
        try:
            device = secrets.token_hex(16)  # a fresh device id each page, as a script may
            if self.widget == LOBBY:
                page.tell({"type": "hello", "device": device})
            for _ in range(8):
                if self.stop.is_set():
                    return
                content = self.wrong()
                if self.widget == DESK:
                    content["device"] = device
                forged = {STAMP: f"c:{secrets.token_urlsafe(16)}"}
                message = str(page.tell(content, forged).get("message", ""))
                wait = "too many" in message
                with self.lock:
                    self.refused += wait
                    self.answered += not wait
                if wait:
                    return
        finally:
            page.close()


def wrong_code() -> dict[str, Any]:
    """A join message with a made-up room code."""
    return {"type": "join", "code": f"TIGER-{secrets.randbelow(100000):05d}-MOSS", "name": "Eve"}


def wrong_key() -> dict[str, Any]:
    """An unlock message with a made-up teacher key."""
    return {"type": "unlock", "key": secrets.token_hex(12)}


def seated(changed: dict[str, Any]) -> bool:
    """Whether a lobby's changes show its page seated."""
    return bool(changed.get("view", {}).get("stage") == "seated")
