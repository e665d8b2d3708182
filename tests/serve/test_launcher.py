"""The gallery's Voila command and committed configuration (no server needed).

The browser suite (tests/browser) checks the same settings against a real server.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.serve.launcher import CONFIG_DIR, serve, voila_command

CONFIG = json.loads((CONFIG_DIR / "voila.json").read_text(encoding="utf-8"))


def served(path: str) -> bool:
    """Voila's AllowListFileHandler rule: match an allow pattern and no deny pattern."""
    conf = CONFIG["VoilaConfiguration"]
    allowed = any(re.fullmatch(p, path, re.IGNORECASE) for p in conf["file_allowlist"])
    denied = any(re.fullmatch(p, path, re.IGNORECASE) for p in conf["file_denylist"])
    return allowed and not denied


@pytest.mark.parametrize(
    "path", ["images/decipher.svg", "a.png", "deep/er/photo.JPG", "x.jpeg", "y.gif", "z.webp"]
)
def test_images_are_served(path: str) -> None:
    assert served(path)


@pytest.mark.parametrize(
    "path",
    [
        "decipher.ipynb",
        "missions/heist.yaml",
        "heist.yml",
        "answers.json",
        "voila.json",
        "setup.py",
        "README.md",
        "notes.txt",
        "pyproject.toml",
        ".secret.png",
        ".git/logo.png",
        "folder/.hidden/x.svg",
        "../outside.png",
        "map.svg.json",
        "trick.png.yaml",
    ],
)
def test_everything_else_is_refused(path: str) -> None:
    assert not served(path)


def test_config_hides_sources_and_tracebacks_on_localhost() -> None:
    conf = CONFIG["VoilaConfiguration"]
    assert conf["strip_sources"] is True and conf["show_tracebacks"] is False
    assert CONFIG["Voila"]["ip"] == "127.0.0.1"


def test_voila_command_uses_only_the_committed_config() -> None:
    cmd = voila_command("puzzles", 9999)
    assert cmd[:3] == [sys.executable, "-m", "cipherkit.serve.voila_main"]  # Voila, with
    # cipherkit's page template on its search path
    assert cmd[3] == str(Path("puzzles").resolve())
    assert f"--Voila.config_file_paths={CONFIG_DIR}" in cmd
    assert {"--Voila.ip=127.0.0.1", "--port=9999", "--no-browser"} <= set(cmd)
    assert {"--strip_sources=True", "--show_tracebacks=False"} <= set(cmd)
    assert "--Voila.open_browser=True" in voila_command("puzzles", 9999, open_browser=True)


def test_pages_use_the_cipherkit_template_without_cdn_links() -> None:
    from cipherkit.serve.voila_main import SHARE

    assert CONFIG["VoilaConfiguration"]["template"] == "cipherkit"
    template = SHARE / "voila" / "templates" / "cipherkit"
    text = (template / "index.html.j2").read_text(encoding="utf-8")
    assert "extends 'voila/templates/lab/index.html.j2'" in text
    assert "https://" not in text and "super.super()" in text
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"


def test_a_missing_folder_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(CipherkitError) as info:
        serve(tmp_path / "nope", port=8866)
    assert "\n" not in str(info.value) and "nope" in str(info.value)


def test_a_bad_port_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(CipherkitError, match="port must be between"):
        serve(tmp_path, port=70000)


def test_the_server_imports_voila_without_jsonschemas_iri_grammars() -> None:
    # what voila_main.main() does before it imports Voila: the IRI checker (38 grammars
    # compiled, 1.3 CPU-s) stays out, and jsonschema and Voila import and validate
    script = (
        "import sys\n"
        "from cipherkit.serve.voila_main import IRI_GRAMMARS, gallery_app, skip_iri_grammars\n"
        "skip_iri_grammars()\n"
        "gallery_app()\n"
        "import jsonschema, nbformat\n"
        "assert sys.modules.get(IRI_GRAMMARS) is None, sys.modules.get(IRI_GRAMMARS)\n"
        "nbformat.validate(nbformat.v4.new_notebook())\n"
        "jsonschema.validate({'a': 'x'}, {'properties': {'a': {'format': 'iri'}}})\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
