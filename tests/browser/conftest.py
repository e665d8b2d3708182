"""Real Voila servers and a real headless Chromium for the browser suite.

The servers run :func:`cipherkit.serve.launcher.voila_command` (what ``cipherkit serve``
runs) on a free port, over a temporary copy of ``puzzles/`` with bait files added beside
the pages (a mission YAML, a JSON answer file, a dot-folder...); ``voila_server`` has
``CIPHERKIT_SEED`` set so that the tests can deal the same game locally and know the
bot's hidden cards. ``voila_servers`` shares a server among the modules asking for the
same configuration (:mod:`tests.browser.gallery_servers`).

Test-only pages (``tests/browser/pages/``: notebooks and the tiny missions they load)
are copied into the ``testpages/`` folder of the served copy, with the shipped Lantern
Archive mission beside them; ``puzzles/`` itself is not changed.
"""

from __future__ import annotations

import datetime
import json
import shutil
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.browser.gallery_servers import (
    SEED,
    SERVER_START_TIMEOUT,
    GalleryServers,
    Server,
    copy_puzzles,
    start_gallery_server,
)
from tests.servers import free_port, stop_process_group, wait_until_up

# Re-exported: test modules import these from here.
__all__ = [
    "SEED",
    "SERVER_START_TIMEOUT",
    "Server",
    "free_port",
    "start_gallery_server",
    "stop_process_group",
    "wait_until_up",
]

ROOT = Path(__file__).resolve().parents[2]
PAGES = Path(__file__).resolve().parent / "pages"
TEST_PAGES = "testpages"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# The test pages run only inside the Voila server (beside files the fixture copies);
# nbval must not execute them in place.
collect_ignore_glob = ["pages/*.ipynb"]

BAIT = "BAIT-SECRET-7731"
BAIT_FILES = {
    "answers.json": json.dumps({"answer": BAIT}),
    "mission.yaml": f"answer: {BAIT}\n",
    "mission.yml": f"answer: {BAIT}\n",
    "notes.md": f"# {BAIT}\n",
    "secret.py": f"ANSWER = {BAIT!r}\n",
    "voila.json": json.dumps({"VoilaConfiguration": {"file_allowlist": [".*"], "x": BAIT}}),
    "missions/heist.yaml": f"answer: {BAIT}\n",
}
# A file that *matches* the image allowlist but sits in a dot-folder: must be refused too.
BAIT_IMAGE = ".private/answer.png"
UI_TIMEOUT_MS = 60_000


@pytest.fixture(scope="session")
def gallery(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("gallery")
    copy_puzzles(root)
    for name, text in BAIT_FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / BAIT_IMAGE).parent.mkdir(parents=True, exist_ok=True)
    (root / BAIT_IMAGE).write_bytes(b"\x89PNG\r\n\x1a\n" + BAIT.encode())
    pages = root / TEST_PAGES
    shutil.copytree(PAGES, pages)
    shutil.copy(ROOT / "missions" / "01-lantern-archive.yaml", pages / "lantern-archive.yaml")
    write_test_records(pages)
    return root


def heist_record(seed: int) -> Any:
    """The Tiny Heist played to its end by two planner bots: a short, won record."""
    from cipherkit.core.record import Record
    from cipherkit.core.registry import make_bot
    from cipherkit.core.rng import Rng
    from cipherkit.games.mission import load
    from cipherkit.widgets.mission.table import table_config

    config = table_config(load(PAGES / "tiny-heist.yaml"), 2, first_player=0)
    record = Record.start("mission", config, seed)
    state = record.new_state()
    bots, rng = [make_bot("mission", "planner") for _ in range(2)], Rng(seed)
    while state.outcome is None:
        seat = state.actors()[0]
        action = bots[seat].act(state.observe(seat), state.legal_actions(seat), rng)
        state.apply(seat, action)
        record.add(seat, action)
    return record


def write_test_records(folder: Path) -> None:
    """Game records the replay page loads (JSON beside it; never served as a file)."""
    heist_record(SEED).save(folder / "heist-record.json")


@pytest.fixture(scope="session")
def voila_servers(
    gallery: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[GalleryServers]:
    """Gallery servers shared by configuration: a module asking for a configuration
    already running gets that server (:class:`GalleryServers`); each stops after the
    last test using a fixture that asked for it."""
    servers = GalleryServers(gallery, lambda: tmp_path_factory.mktemp("gallery-server"))
    _pools.append(servers)
    try:
        yield servers
    finally:
        _pools.remove(servers)
        servers.stop_all()


@pytest.fixture(scope="session")
def voila_server(voila_servers: GalleryServers, request: pytest.FixtureRequest) -> Server:
    """The gallery as ``cipherkit serve`` serves it, with the suite's fixed seed."""
    return voila_servers.get({"CIPHERKIT_SEED": str(SEED)}, user=request.fixturename)


_pools: list[GalleryServers] = []
_last_use: dict[str, int] = {}  # fixture name -> position of the last test using it
_position: dict[str, int] = {}  # test id -> its position in the run


def pytest_collection_finish(session: pytest.Session) -> None:
    for position, item in enumerate(session.items):
        _position[item.nodeid] = position
        for name in getattr(item, "fixturenames", ()):
            _last_use[name] = position


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Stop the shared servers that no test still to run uses."""
    now = _position.get(item.nodeid)
    if now is None:
        return
    for pool in _pools:
        pool.stop_unused(lambda user: _last_use.get(user, len(_position)) > now)


def servers_in(values: Any) -> Iterator[Server]:
    """The :class:`Server` objects among a test's fixture values (also in tuples and lists)."""
    for value in values:
        if isinstance(value, Server):
            yield value
        elif isinstance(value, (list, tuple)):
            yield from servers_in(value)


def log_tail(log: Path, lines: int = 60) -> str:
    """The last ``lines`` lines of a server's log, without its untrusted-notebook noise."""
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        return f"(no log: {error})"
    kept = [line for line in text.splitlines() if "is not trusted" not in line]
    return "\n".join(kept[-lines:])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report ends with the logs of the servers it used, so a
    failure in CI says what the server was doing (kernels, errors) when the page waited."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when == "call" and report.failed:
        funcargs = getattr(item, "funcargs", {})
        for server in servers_in(funcargs.values()):
            report.sections.append((f"server log {server.url}", log_tail(server.log)))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 1250})
    page = context.new_page()
    page.set_default_timeout(UI_TIMEOUT_MS)
    yield page
    context.close()


@pytest.fixture
def devices(browser: Any) -> Iterator[Any]:
    """``devices(viewport=None, **options)``: a new page in a new browser context (one
    person's device, its own cookies and storage; ``options`` such as ``locale="ru-RU"``
    go to Playwright), closed after the test; 1200x1300 by default."""
    made: list[Any] = []

    def new_page(viewport: dict[str, int] | None = None, **options: Any) -> Any:
        size = viewport or {"width": 1200, "height": 1300}
        context = browser.new_context(viewport=size, **options)
        made.append(context)
        page = context.new_page()
        page.set_default_timeout(UI_TIMEOUT_MS)
        page.set_default_navigation_timeout(4 * UI_TIMEOUT_MS)
        return page

    yield new_page
    for context in made:
        context.close()


# ---------------------------------------------------------------- kernel websocket
def kernel_message(msg_type: str, content: dict[str, Any], session: str) -> str:
    return json.dumps(
        {
            "header": {
                "msg_id": uuid.uuid4().hex,
                "username": "browser-test",
                "session": session,
                "msg_type": msg_type,
                "version": "5.3",
                "date": datetime.datetime.now(datetime.UTC).isoformat(),
            },
            "parent_header": {},
            "metadata": {"version": "1.0.0"} if msg_type == "comm_open" else {},
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


@dataclass
class KernelClient:
    """A second client on the page's kernel, as anyone with the page open could make."""

    port: int
    kernel_id: str
    session: str = field(default_factory=lambda: uuid.uuid4().hex)

    def _connect(self) -> Any:
        import websocket

        url = f"ws://127.0.0.1:{self.port}/api/kernels/{self.kernel_id}/channels"
        return websocket.create_connection(f"{url}?session_id={self.session}", timeout=20)

    def request_states(self) -> dict[str, Any]:
        """Every widget's state, through the ``jupyter.widget.control`` comm."""
        ws = self._connect()
        try:
            comm_id = uuid.uuid4().hex
            open_content = {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}
            ws.send(kernel_message("comm_open", open_content, self.session))
            request = {"comm_id": comm_id, "data": {"method": "request_states"}}
            ws.send(kernel_message("comm_msg", request, self.session))
            msg = receive_until(
                ws,
                lambda m: (
                    m.get("msg_type") == "comm_msg"
                    and m.get("content", {}).get("comm_id") == comm_id
                ),
                20,
                "no update_states reply from the kernel",
            )
            data = msg["content"]["data"]
            assert data["method"] == "update_states"
            return data["states"]
        finally:
            ws.close()

    def send_to_widget(self, model_id: str, data: dict[str, Any]) -> None:
        """A raw comm message to one widget (``custom`` content or an ``update``).

        Returns once the kernel reports itself idle after handling it, so the
        socket is never closed while the message is still on its way (a fixed
        pause was not enough on a loaded machine).
        """
        ws = self._connect()
        try:
            raw = kernel_message("comm_msg", {"comm_id": model_id, "data": data}, self.session)
            msg_id = json.loads(raw)["header"]["msg_id"]
            ws.send(raw)
            receive_until(
                ws,
                lambda m: (
                    m.get("msg_type") == "status"
                    and m.get("parent_header", {}).get("msg_id") == msg_id
                    and m.get("content", {}).get("execution_state") == "idle"
                ),
                30,
                f"the kernel did not finish handling {msg_id}",
            )
        finally:
            ws.close()


def receive_until(
    ws: Any, match: Callable[[dict[str, Any]], bool], seconds: float, failure: str
) -> dict[str, Any]:
    """The first JSON message on ``ws`` that ``match`` accepts, within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        raw = ws.recv()
        if isinstance(raw, bytes):
            continue
        msg = json.loads(raw)
        if match(msg):
            return msg
    raise AssertionError(failure)


def table_model_id(
    states: dict[str, Any], widget: str = "cipherkit.widgets.decipher.table.DecipherTable"
) -> str:
    """The model id of the one widget of class ``widget`` (its dotted name)."""
    ids = [
        model_id
        for model_id, entry in states.items()
        if entry["state"].get("_anywidget_id") == widget
    ]
    name = widget.rsplit(".", 1)[-1]
    assert len(ids) == 1, f"expected one {name}, found {len(ids)}"
    return ids[0]
