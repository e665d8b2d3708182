"""A live preview (issue #35 item 5): ``cipherkit render --watch`` re-validates and redraws
the card, console and map when the file is saved, and shows errors in place."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from cipherkit.cli import main
from cipherkit.games.mission.art.watch import PAGE, watch_mission
from tests.glyphs.helpers import MISSIONS

CIPHERKIT = str(Path(sys.executable).with_name("cipherkit"))


def wait_for(check, timeout: float = 30.0):  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


def _save(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    while path.stat().st_mtime_ns == before:  # a coarse clock: make the save visible
        time.sleep(0.01)
        path.write_text(text, encoding="utf-8")


def test_saving_the_file_redraws_and_errors_show_in_place(tmp_path: Path) -> None:
    source = MISSIONS[0].read_text(encoding="utf-8")
    mission = tmp_path / "m.yaml"
    mission.write_text(source, encoding="utf-8")
    out = tmp_path / "preview"
    stream = io.StringIO()
    done = threading.Event()
    worker = threading.Thread(
        target=watch_mission,
        args=(mission, out),
        kwargs={"interval": 0.05, "stop": done.is_set, "stream": stream},
    )
    worker.start()
    page = out / PAGE
    try:
        wait_for(lambda: page.is_file() and "The Lantern Archive" in page.read_text())
        card = out / "lantern-archive-card.svg"
        assert card.is_file() and (out / "lantern-archive-map.svg").is_file()
        assert page.read_text().count("<svg") == 3  # card, console and map, inline

        _save(mission, source.replace("title: The Lantern Archive", "title: The Edited Archive"))
        wait_for(lambda: "The Edited Archive" in page.read_text())
        assert "The Edited Archive" in card.read_text()  # the card itself was redrawn

        _save(mission, source.replace("pos: [0, 0]", "pos: [0]", 1))  # an error
        # (a poll may catch the file half saved, empty: that page is replaced at the next)
        wait_for(lambda: "pos must be a list of two numbers" in page.read_text())
        text = page.read_text()
        assert "<li class='error'>" in text and "<svg" not in text
        assert card.is_file()  # the last good drawing stays

        _save(mission, source)  # fixed again
        wait_for(lambda: "<svg" in page.read_text() and "class='error'" not in page.read_text())
    finally:
        done.set()
        worker.join(timeout=30)
    lines = stream.getvalue().splitlines()
    times = [float(t) for t in re.findall(r"redrawn in ([\d.]+) s", stream.getvalue())]
    assert len(times) >= 3 and all(t < 10 for t in times)
    assert any(": error: map.rooms." in line and ".pos:" in line for line in lines)
    assert any(line.startswith("1 error: not redrawn") for line in lines)


def test_the_command_watches_until_stopped(tmp_path: Path) -> None:
    mission = tmp_path / "m.yaml"
    mission.write_text(MISSIONS[0].read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "preview"
    proc = subprocess.Popen(
        [CIPHERKIT, "render", str(mission), "--out", str(out), "--watch", "--interval", "0.1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(lambda: (out / PAGE).is_file(), timeout=60)
        _save(mission, mission.read_text().replace("The Lantern Archive", "Saved Again"))
        wait_for(lambda: "Saved Again" in (out / PAGE).read_text(), timeout=60)
    finally:
        proc.terminate()
        stdout, stderr = proc.communicate(timeout=30)
    assert stdout.count("redrawn in ") >= 2, stdout + stderr
    assert "Traceback" not in stderr


def test_watch_needs_an_output_folder(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["render", str(MISSIONS[0]), "--watch"]) == 1
    assert "--watch redraws into a folder" in capsys.readouterr().err
