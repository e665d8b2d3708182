"""What the gallery server serves by path (issue 44, point 6), against a real server:

* ``/voila/templates/cipherkit/static/../x`` (and ``%2e%2e``, ``..%2f``, ``static/``)
  and a NUL byte in a file path answer a plain 404, as docs/security.md promises (they
  were 500s: ``ValueError`` in Voila's template static handler, ``embedded null byte`` in
  its file handler);
* the tree page loads nothing from outside the server (it linked Font Awesome on a CDN);
* a notebook, a folder or an image reached through a symbolic link leading outside the
  gallery is not listed, rendered, run or served (a linked notebook was rendered and run,
  and its source served by the contents API); a link inside the gallery still works.

No page kernel is started: every answer here comes before one would be.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from cipherkit.serve.launcher import voila_command
from tests.servers import free_port, stop_process_group, wait_until_up

pytestmark = pytest.mark.server  # starts its own gallery server (tests/suite_marks.py)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """A gallery of the index and its images, with links into a folder outside it."""
    base = tmp_path_factory.mktemp("paths")
    gallery, outside = base / "gallery", base / "outside"
    gallery.mkdir()
    outside.mkdir()
    shutil.copy(ROOT / "puzzles" / "index.ipynb", gallery / "index.ipynb")
    shutil.copytree(ROOT / "puzzles" / "images", gallery / "images")
    shutil.copy(ROOT / "puzzles" / "decipher.ipynb", outside / "secret.ipynb")
    shutil.copy(gallery / "images" / "decipher.svg", outside / "secret.svg")
    (gallery / "linked.ipynb").symlink_to(outside / "secret.ipynb")
    (gallery / "linkdir").symlink_to(outside)
    (gallery / "images" / "linked.svg").symlink_to(outside / "secret.svg")
    (gallery / "images" / "inner.svg").symlink_to(gallery / "images" / "decipher.svg")
    port = free_port()
    log = base / "voila.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            voila_command(gallery, port),
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=gallery,
            start_new_session=True,
        )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_up(url + "/voila/templates/cipherkit/static/light.css", process, log, 90)
        yield port, log
    finally:
        stop_process_group(process)


def get(port: int, path: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", errors="replace")
    finally:
        conn.close()


NOT_FOUND = [
    "/voila/templates/cipherkit/static/../conf.json",
    "/voila/templates/cipherkit/static/%2e%2e/conf.json",
    "/voila/templates/cipherkit/static/..%2fconf.json",
    "/voila/templates/cipherkit/static/./light.css",
    "/voila/templates/cipherkit/static/",
    "/voila/templates/cipherkit/static//light.css",
    "/voila/files/a%00.png",
    "/voila/files/images/decipher.svg%00.png",
]


def test_dot_segments_and_nul_bytes_are_a_plain_404(server: tuple[int, Path]) -> None:
    port, log = server
    answers = {path: get(port, path) for path in NOT_FOUND}
    wrong = {p: (s, b[:80]) for p, (s, b) in answers.items() if s != 404 or "Traceback" in b}
    assert not wrong, wrong
    assert get(port, "/voila/templates/cipherkit/static/light.css")[0] == 200
    assert "ValueError" not in log.read_text(errors="replace")


def test_the_tree_loads_nothing_from_outside(server: tuple[int, Path]) -> None:
    port, _ = server
    status, html = get(port, "/voila/tree/")
    assert status == 200
    loads = re.findall(r'<(?:link|script|img)[^>]*(?:href|src)="([^"]*)"', html)
    assert loads and not [u for u in loads if re.match(r"(https?:)?//", u)], loads
    assert "cdn." not in html and "font-awesome" not in html


def test_links_leading_outside_the_gallery_are_not_served(server: tuple[int, Path]) -> None:
    port, _ = server
    for path in (
        "/voila/render/linked.ipynb",
        "/voila/render/linkdir/secret.ipynb",
        "/voila/tree/linked.ipynb",
        "/voila/tree/linkdir",
        "/voila/api/contents/linked.ipynb?content=1",
        "/voila/api/contents/linkdir?content=1",
        "/voila/api/contents/linkdir/secret.ipynb?content=1",
        "/voila/files/images/linked.svg",
        "/voila/files/linkdir/secret.svg",
    ):
        status, body = get(port, path)
        assert status == 404 and "secret" not in body, (path, status, body[:200])
    status, body = get(port, "/voila/api/contents/?content=1")
    names = sorted(item["name"] for item in json.loads(body)["content"])
    assert status == 200 and names == ["images", "index.ipynb"], names
    # a link inside the gallery is still served
    status, body = get(port, "/voila/files/images/inner.svg")
    assert status == 200 and body.startswith("<svg")
