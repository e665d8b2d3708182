"""A lesson that lasts: simulated students on one gallery server for many minutes (#33).

Starts the real ``cipherkit serve`` command line (:func:`voila_command`) over a temporary
copy of ``puzzles/`` with a SQLite room store of its own, lets it settle, measures its
idle memory, then runs ``--students`` clients for ``--minutes``. Each student is a real
client: its own ``ck_client`` cookie, the page over HTTP, the page's kernel over the
websocket (the widget control comm, then custom messages to the page's widget, as the
page's own script sends them). Each opens three pages in turn, a third of the run each:

1. a lesson (``--lesson``): moves on its workbench (assign a letter, set a key, decrypt);
2. a mission (``--mission``): a legal action of the table's view (a new game at its end);
3. the Play together page: students two by two join a Decipher room made for them and
   play it (each move when the room says it is theirs; a finished room is left and the
   pair's next room joined); an odd student out plays a bot.

A move every 5-10 s (``--pause``); a move's time is from sending it to the kernel's
``idle`` after handling it (the widget's update has reached the client by then). Pages
close the way tabs close: half with the page's own shutdown call (``POST
voila/api/shutdown/<page key>`` with the ``_xsrf`` token), half by just going away (the
socket closes; the server ends the kernel after its grace). Every minute: the moves'
p95 and the PSS of the server and everything under it (Voila, kernel template, kernels).
``--after-close`` seconds (default 180) after the last page closed: the PSS again.

Prints one JSON object: ``move_ms`` (p50, p95, max over the run; goal p95 <= 300 ms),
``errors`` (goal 0; ``error_samples`` says what), ``per_minute``, ``pss_idle_mb``,
``pss_after_close_mb`` (goal within 20 % of idle), the kernels at each point, the load
average. Everything stops by itself (``--deadline``).

    python bench/lesson_soak.py [--students 40] [--minutes 20]
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import shutil
import signal
import string
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernel_burst import kernel_message, kernel_procs, memory, pct  # noqa: E402

from cipherkit.serve.launcher import STORE_ENV, voila_command  # noqa: E402

CONFIG = re.compile(
    r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S
)
MOVE_TIMEOUT = 30.0
LETTERS = string.ascii_uppercase
CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "CDHS"]


class Failure(Exception):
    """Something a student saw go wrong (counted in ``errors``)."""


class Figures:
    """What the students measured, shared by their threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.moves: list[tuple[float, float]] = []  # (time, ms)
        self.by_page: dict[str, int] = {}
        self.errors: list[str] = []
        self.refused = 0
        self.refusals: set[str] = set()
        self.pages_opened = 0
        self.closed = {"shutdown": 0, "gone": 0}

    def move(self, ms: float, page: str) -> None:
        with self.lock:
            self.moves.append((time.monotonic(), ms))
            self.by_page[page] = self.by_page.get(page, 0) + 1

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


class Rooms:
    """The Decipher rooms of each pair of students, made on first asking."""

    def __init__(self, url: str) -> None:
        from cipherkit.rooms import open_store

        self.store = open_store(url)
        self.lock = threading.Lock()
        self.codes: dict[tuple[int, int], str] = {}

    def code(self, pair: int, round_: int, alone: bool) -> str:
        with self.lock:
            key = (pair, round_)
            if key not in self.codes:
                room = self.store.create_room("decipher", bots=[1] if alone else [])
                self.codes[key] = room.code
            return self.codes[key]


class Page:
    """One open page of one student: its kernel's websocket and its widgets' states."""

    def __init__(self, student: Student, path: str) -> None:
        self.student = student
        self.path = path
        self.key = ""
        self.ws: Any = None
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict[str, Any]] = {}

    def open(self) -> Page:
        import websocket

        body = self.student.get(f"/voila/render/{self.path}")
        found = CONFIG.search(body)
        if not found:
            raise Failure(f"{self.path}: no kernel in the page")
        self.key = json.loads(found.group(1))["kernelId"]
        port = self.student.port
        url = f"ws://127.0.0.1:{port}/api/kernels/{self.key}/channels?session_id={self.session}"
        self.ws = websocket.create_connection(
            url, timeout=MOVE_TIMEOUT, cookie=self.student.cookie_header()
        )
        comm_id = uuid.uuid4().hex
        content = {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}
        self.ws.send(kernel_message("comm_open", content, self.session))
        request = {"comm_id": comm_id, "data": {"method": "request_states"}}
        self.ws.send(kernel_message("comm_msg", request, self.session))
        deadline = time.monotonic() + MOVE_TIMEOUT
        while time.monotonic() < deadline:
            msg = self.receive(deadline - time.monotonic())
            if (
                msg
                and msg.get("msg_type") == "comm_msg"
                and msg["content"].get("comm_id") == comm_id
            ):
                break
        else:
            raise Failure(f"{self.path}: no widget states")
        with self.student.figures.lock:
            self.student.figures.pages_opened += 1
        return self

    def receive(self, seconds: float) -> dict[str, Any] | None:
        """One message (applied to the widgets' states), or None after ``seconds``."""
        import websocket

        self.ws.settimeout(max(0.01, seconds))
        try:
            raw = self.ws.recv()
        except websocket.WebSocketTimeoutException:
            return None
        if isinstance(raw, bytes) or not raw:
            return None
        msg = json.loads(raw)
        kind, content = msg.get("msg_type"), msg.get("content", {})
        data = content.get("data") or {}
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.models[content["comm_id"]] = dict(data.get("state") or {})
        elif kind == "comm_msg" and data.get("method") == "update":
            self.models.setdefault(content["comm_id"], {}).update(data.get("state") or {})
        elif kind == "comm_msg" and data.get("method") == "update_states":
            for model_id, entry in (data.get("states") or {}).items():
                self.models.setdefault(model_id, {}).update(entry.get("state") or {})
        elif kind == "comm_close":
            self.models.pop(content.get("comm_id"), None)
        elif kind == "status" and content.get("execution_state") == "dead":
            raise Failure(f"{self.path}: the kernel died")
        return msg

    def pump(self, seconds: float) -> None:
        """Read what the kernel sends for ``seconds`` (other players' moves arrive so)."""
        until = time.monotonic() + seconds
        while (left := until - time.monotonic()) > 0:
            self.receive(left)

    def widget(self, name: str) -> tuple[str, dict[str, Any]] | None:
        """The model id and state of the (last made) widget whose class is ``name``."""
        found = [
            (model_id, state)
            for model_id, state in self.models.items()
            if str(state.get("_anywidget_id", "")).endswith("." + name)
        ]
        return found[-1] if found else None

    def send(self, model_id: str, content: dict[str, Any]) -> float:
        """Send one custom message to a widget; return the ms until the kernel is idle
        after handling it."""
        raw = kernel_message(
            "comm_msg",
            {"comm_id": model_id, "data": {"method": "custom", "content": content}},
            self.session,
        )
        msg_id = json.loads(raw)["header"]["msg_id"]
        started = time.monotonic()
        self.ws.send(raw)
        deadline = started + MOVE_TIMEOUT
        while time.monotonic() < deadline:
            msg = self.receive(deadline - time.monotonic())
            if (
                msg
                and msg.get("msg_type") == "status"
                and msg.get("parent_header", {}).get("msg_id") == msg_id
                and msg["content"].get("execution_state") == "idle"
            ):
                ms = 1000 * (time.monotonic() - started)
                self.student.figures.move(ms, self.path)
                return ms
        raise Failure(f"{self.path}: a move got no answer in {MOVE_TIMEOUT:.0f} s")

    def close(self, shutdown: bool) -> None:
        """Close the tab: with the page's own shutdown call, or by going away."""
        if shutdown and self.key:
            xsrf = self.student.cookies.get("_xsrf", "")
            status = self.student.post(f"/voila/api/shutdown/{self.key}", {"_xsrf": xsrf})
            if status not in (200, 204):
                self.student.figures.error(f"{self.path}: shutdown answered {status}")
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
        with self.student.figures.lock:
            self.student.figures.closed["shutdown" if shutdown else "gone"] += 1


class Student:
    """One student's client: a cookie jar, and pages opened one after another."""

    def __init__(
        self, number: int, args: argparse.Namespace, port: int, figures: Figures, rooms: Rooms
    ) -> None:
        self.number = number
        self.args = args
        self.port = port
        self.figures = figures
        self.rooms = rooms
        self.random = random.Random(number)
        self.cookies: dict[str, str] = {"ck_client": uuid.uuid4().hex}

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def _keep_cookies(self, response: http.client.HTTPResponse) -> None:
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";")[0]

    def get(self, path: str) -> str:
        for _ in range(4):
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            try:
                conn.request("GET", path, headers={"Cookie": self.cookie_header()})
                response = conn.getresponse()
                body = response.read().decode("utf-8", "replace")
                self._keep_cookies(response)
            finally:
                conn.close()
            if response.status in (301, 302, 303, 307, 308):
                path = response.getheader("Location") or path
                continue
            if response.status != 200:
                raise Failure(f"GET {path.split('?')[0]}: {response.status}")
            return body
        raise Failure(f"GET {path}: too many redirects")

    def post(self, path: str, form: dict[str, str]) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            body = urllib.parse.urlencode(form)
            headers = {
                "Cookie": self.cookie_header(),
                "Content-Type": "application/x-www-form-urlencoded",
            }
            conn.request("POST", path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            return response.status
        finally:
            conn.close()

    def pause(self, page: Page, until: float) -> bool:
        """Wait 5-10 s (reading the page's messages); False once the page's time is up."""
        low, high = self.args.pause
        wait = min(self.random.uniform(low, high), until - time.monotonic())
        if wait > 0:
            page.pump(wait)
        return time.monotonic() < until

    # ------------------------------------------------------------------ the three pages
    def lesson(self, page: Page, until: float) -> None:
        while self.pause(page, until):
            found = page.widget("Workbench")
            if found is None:
                raise Failure(f"{page.path}: no workbench")
            choice = self.random.random()
            if choice < 0.5:
                move = {
                    "type": "assign",
                    "cipher_letter": self.random.choice(LETTERS),
                    "plain_letter": self.random.choice(LETTERS).lower(),
                }
            elif choice < 0.7:
                move = {"type": "set", "key": "".join(self.random.choices(LETTERS, k=6))}
            else:
                move = {"type": "run", "direction": self.random.choice(["encrypt", "decrypt"])}
            page.send(found[0], move)
            self._check_refused(page, "Workbench")

    def mission(self, page: Page, until: float) -> None:
        while self.pause(page, until):
            found = page.widget("MissionTable")
            if found is None:
                raise Failure(f"{page.path}: no mission table")
            view = found[1].get("view") or {}
            if view.get("outcome"):
                page.send(found[0], {"type": "new_game"})
            elif view.get("legal"):
                text = self.random.choice(view["legal"])
                page.send(found[0], {"type": "action", "text": text})
                self._check_refused(page, "MissionTable")

    def room(self, page: Page, until: float) -> None:
        pair = self.number // 2
        alone = self.args.students % 2 == 1 and self.number == self.args.students - 1
        round_ = 0
        lobby = page.widget("Lobby")
        if lobby is None:
            raise Failure(f"{page.path}: no lobby")
        page.send(
            lobby[0],
            {
                "type": "join",
                "code": self.rooms.code(pair, round_, alone),
                "name": f"student {self.number}",
            },
        )
        while self.pause(page, until):
            found = page.widget("DecipherTable")
            if found is None:
                continue  # the seat's table is on its way
            view = found[1].get("view") or {}
            if view.get("outcome"):
                round_ += 1
                page.send(lobby[0], {"type": "leave"})
                code = self.rooms.code(pair, round_, alone)
                page.send(
                    lobby[0], {"type": "join", "code": code, "name": f"student {self.number}"}
                )
            elif view.get("legal"):
                text = self.random.choice(view["legal"])
                if text == "guess":  # the view folds the 52 guesses into one word
                    text = f"guess {self.random.choice(CARDS)}"
                page.send(found[0], {"type": "action", "text": text})
                self._check_refused(page, "DecipherTable")

    def _check_refused(self, page: Page, name: str) -> None:
        found = page.widget(name)
        message = str((found[1] if found else {}).get("message") or "")
        if message.startswith(("refused", "illegal")):
            with self.figures.lock:
                self.figures.refused += 1
                self.figures.refusals.add(f"{name}: {message}"[:160])

    def run(self, start: float, phase: float) -> None:
        plan = [
            (self.args.lesson, self.lesson),
            (self.args.mission, self.mission),
            ("play-together.ipynb", self.room),
        ]
        for index, (path, play) in enumerate(plan):
            until = start + (index + 1) * phase
            page = None
            try:
                page = Page(self, path).open()
                play(page, until)
            except Exception as exc:
                self.figures.error(f"{type(exc).__name__}: {exc}"[:200])
                left = until - time.monotonic()
                if left > 0:
                    time.sleep(left)
            finally:
                if page is not None:
                    page.close(shutdown=(self.number + index) % 2 == 0)


def sample(
    server: subprocess.Popen[bytes],
    figures: Figures,
    stop: threading.Event,
    started: float,
    out: list[dict[str, Any]],
) -> None:
    """Every minute: the moves' p95 in that minute, PSS of the server and its kernels."""
    minute = 0
    while not stop.wait(max(0.0, started + 60 * (minute + 1) - time.monotonic())):
        minute += 1
        since = started + 60 * (minute - 1)
        with figures.lock:
            ms = [m for t, m in figures.moves if t >= since]
            errors = len(figures.errors)
        mem = memory(server)
        out.append(
            {
                "minute": minute,
                "moves": len(ms),
                "move_p95_ms": pct(ms, 0.95),
                "pss_mb": mem["pss_mb"],
                "kernels_pss_mb": mem["kernels_pss_mb"],
                "kernels": len(kernel_procs(server)),
                "errors_so_far": errors,
                "load_average_1m": round(os.getloadavg()[0], 2),
            }
        )


def soak(
    args: argparse.Namespace, server: subprocess.Popen[bytes], port: int, store: str
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    time.sleep(args.settle)
    idle = memory(server)
    out["pss_idle_mb"] = idle["pss_mb"]
    out["idle"] = {**idle, "kernels": len(kernel_procs(server))}
    figures, rooms = Figures(), Rooms(store)
    start = time.monotonic()
    phase = 60 * args.minutes / 3
    per_minute: list[dict[str, Any]] = []
    stop = threading.Event()
    sampler = threading.Thread(
        target=sample, args=(server, figures, stop, start, per_minute), daemon=True
    )
    sampler.start()
    threads = []
    for number in range(args.students):
        student = Student(number, args, port, figures, rooms)
        thread = threading.Thread(target=student.run, args=(start, phase), daemon=True)
        threads.append(thread)
        thread.start()
        time.sleep(min(0.25, 10 / max(1, args.students)))  # a class arriving in ~10 s
    for thread in threads:
        thread.join(timeout=max(1.0, start + 3 * phase + 120 - time.monotonic()))
    closed = time.monotonic()
    out["open_pss_peak_mb"] = max((m["pss_mb"] for m in per_minute), default=None)
    time.sleep(args.after_close)
    stop.set()
    after = memory(server)
    rooms.store.close()
    ms = [m for _, m in figures.moves]
    out.update(
        students=args.students,
        minutes=args.minutes,
        move_ms={
            "count": len(ms),
            "p50": pct(ms, 0.5),
            "p95": pct(ms, 0.95),
            "max": round(max(ms), 1) if ms else None,
            "goal_p95": 300,
        },
        errors=len(figures.errors),
        error_samples=sorted(set(figures.errors))[:10],
        moves_by_page=figures.by_page,
        refused_moves=figures.refused,
        refused_samples=sorted(figures.refusals)[:10],
        pages_opened=figures.pages_opened,
        pages_closed=figures.closed,
        per_minute=per_minute,
        pss_after_close_mb=after["pss_mb"],
        after_close={
            **after,
            "kernels": len(kernel_procs(server)),
            "seconds_after_last_close": round(time.monotonic() - closed, 1),
        },
        pss_after_close_vs_idle=round(after["pss_mb"] / idle["pss_mb"], 3),
    )
    return out


class Deadline(Exception):
    """The run took longer than ``--deadline`` seconds."""


def _deadline(signum: int, frame: object) -> None:
    raise Deadline


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40, help="simulated students (40)")
    parser.add_argument("--minutes", type=float, default=20.0, help="length of the lesson (20)")
    parser.add_argument(
        "--lesson", default="lessons/02-substitution-and-frequency.ipynb", help="lesson page"
    )
    parser.add_argument("--mission", default="signal-box.ipynb", help="mission page")
    parser.add_argument(
        "--pause", type=float, nargs=2, default=(5.0, 10.0), help="seconds between moves (5 10)"
    )
    parser.add_argument(
        "--settle", type=float, default=60.0, help="seconds for the server to settle (60)"
    )
    parser.add_argument(
        "--after-close",
        type=float,
        default=180.0,
        help="seconds after the last page closed before the memory is read again (180)",
    )
    parser.add_argument("--deadline", type=int, default=0, help="stop after N s (default: fit)")
    parser.add_argument("--log", type=Path, default=None, help="keep Voila's log in this file")
    args = parser.parse_args()
    deadline = args.deadline or int(args.settle + 60 * args.minutes + args.after_close + 600)
    signal.signal(signal.SIGALRM, _deadline)
    signal.alarm(deadline)

    work = Path(tempfile.mkdtemp(prefix="lesson-soak-"))
    gallery = work / "puzzles"
    shutil.copytree(ROOT / "puzzles", gallery, ignore=shutil.ignore_patterns("rooms.db*"))
    store = f"sqlite:///{work / 'rooms.db'}"
    port = 20000 + os.getpid() % 1000
    env = {**os.environ, STORE_ENV: store, "PYTHONUNBUFFERED": "1"}
    env.pop("CIPHERKIT_SEED", None)
    log_path = work / "voila.log"
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            voila_command(gallery, port),
            cwd=gallery,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env=env,
        )
    started = time.monotonic()
    figures: dict[str, Any] = {}
    try:
        up = time.monotonic() + 180
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
                break
            except Exception:
                if time.monotonic() > up:
                    raise
                time.sleep(0.5)
        figures = soak(args, server, port, store)
    except Deadline:
        figures = {"stopped": f"deadline of {deadline} s reached"}
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        text = log_path.read_text(errors="replace")
        if args.log is not None:
            args.log.write_text(text)
        shutil.rmtree(work, ignore_errors=True)
    figures.update(
        cpus=os.cpu_count(),
        wall_s=round(time.monotonic() - started, 1),
        load_average=[round(x, 2) for x in os.getloadavg()],
        server_log={
            "tracebacks": text.count("Traceback (most recent call last)"),
            "culled": text.count("Culling '"),
            "http_5xx": len(re.findall(r"\] 5\d\d ", text)),
        },
    )
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
