"""A small gallery server for the limit tests, and plain HTTP against it: what a loop of
requests sees (status, cookies set, page key), without following redirects unless asked."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cipherkit.serve.launcher import voila_command
from tests.servers import free_port, start_server_process

ROOT = Path(__file__).resolve().parents[2]
LESSON = "lessons/01-caesar-and-brute-force.ipynb"
CONFIG = re.compile(
    r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S
)


@dataclass
class Answer:
    """One HTTP answer: status, body, headers (lower-case names), cookies it set."""

    status: int
    body: str
    headers: dict[str, str]
    cookies: dict[str, str]

    @property
    def page_key(self) -> str | None:
        """The page key of a rendered page (``None`` for anything else)."""
        found = CONFIG.search(self.body)
        return json.loads(found.group(1))["kernelId"] if found else None


@dataclass
class LimitServer:
    """A running gallery server: its port, process and log (``source``: the local
    address requests come from, e.g. ``127.0.0.2`` for another visitor on this machine;
    ``port`` may be a proxy's in front of it)."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path
    source: str | None = None

    def get(self, path: str, cookies: dict[str, str] | None = None) -> Answer:
        """One GET (no redirect followed)."""
        return self.request("GET", path, cookies=cookies)

    def request(
        self,
        method: str,
        path: str,
        *,
        cookies: dict[str, str] | None = None,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """One request (no redirect followed)."""
        source = (self.source, 0) if self.source else None
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=120, source_address=source
        )
        sent = dict(headers or {})
        if cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            text = response.read().decode("utf-8", errors="replace")
            got = {k.lower(): v for k, v in response.getheaders()}
            set_cookies: dict[str, str] = {}
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    set_cookies[key] = rest.split(";")[0]
        finally:
            conn.close()
        return Answer(response.status, text, got, set_cookies)

    def browse(self, path: str, jar: dict[str, str]) -> Answer:
        """A GET as a browser makes it: cookies kept in ``jar``, redirects followed."""
        for _ in range(5):
            answer = self.get(path, jar)
            jar.update(answer.cookies)
            location = answer.headers.get("location")
            if answer.status in (301, 302, 303, 307, 308) and location:
                target = urllib.parse.urlsplit(location)
                path = urllib.parse.urlunsplit(("", "", target.path, target.query, ""))
                continue
            return answer
        raise AssertionError("too many redirects")

    def end(self, key: str, jar: dict[str, str]) -> int:
        """The page's own shutdown, as its tab sends it when it closes."""
        body = urllib.parse.urlencode({"_xsrf": jar.get("_xsrf", "")}).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        return self.request(
            "POST", f"/voila/api/shutdown/{key}", cookies=jar, body=body, headers=headers
        ).status

    def log_text(self) -> str:
        """What the server has logged so far."""
        return self.log.read_text(errors="replace")


def small_gallery(folder: Path) -> Path:
    """The index and lesson 1 (a light page), with the images."""
    for name in ("index.ipynb", LESSON):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "puzzles" / name, folder / name)
    shutil.copytree(ROOT / "puzzles" / "images", folder / "images")
    return folder


def start_limit_server(
    folder: Path,
    log: Path,
    options: Sequence[str] = (),
    *,
    preexec: Callable[[], Any] | None = None,
    env: dict[str, str] | None = None,
    gallery: Callable[[Path], Path] | None = None,
) -> LimitServer:
    """Start Voila as ``cipherkit serve`` runs it on ``folder`` (its pages copied there by
    ``gallery``, else :func:`small_gallery`) with extra ``options``."""
    port = free_port()
    command = [*voila_command((gallery or small_gallery)(folder), port), *options]
    environment = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    url = f"http://127.0.0.1:{port}/voila/templates/cipherkit/static/light.css"
    if preexec is None:
        process = start_server_process(command, url=url, log=log, env=environment, timeout=120)
    else:  # (start_server_process has no preexec: the same, by hand)
        from tests.servers import stop_process_group, wait_until_up

        with log.open("wb") as out:
            process = subprocess.Popen(
                command,
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=preexec,
            )
        try:
            wait_until_up(url, process, log, 120)
        except BaseException:
            stop_process_group(process)
            raise
    return LimitServer(port, process, log)
