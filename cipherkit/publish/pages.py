"""``cipherkit publish``: a Voila page per mission, a thumbnail, and the gallery index.

For each mission file :func:`publish_missions` writes, in the output folder:

* ``<id>.ipynb``: the title, story and question (public text) and one code cell,
  ``mission_table("<id>")``, which loads the mission **in the kernel** from outside the
  served folder (:mod:`cipherkit.publish.registry`). The notebook holds no answer, no
  window content and no stack; publishing refuses a mission whose title or story gives
  its answer away.
* ``images/<id>.png``: the index's thumbnail, the map as dealt (face-down stacks only,
  drawn from the spectator's observation);
* ``.cipherkit/published.json``: the id -> mission file registry (a dot-folder, never
  served);
* ``index.ipynb``: rebuilt by :func:`cipherkit.publish.gallery.build_index`, listing
  every page in the folder with its difficulty (from a bot playtest) and thumbnail.

Examples
--------
>>> import tempfile
>>> out = tempfile.mkdtemp()
>>> [p.name for p in publish_missions(["missions/02-signal-box.yaml"], out=out, games=20)]
['signal-box.ipynb', 'signal-box.png', 'index.ipynb']
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.publish.gallery import INDEX, build_index, write_notebook
from cipherkit.publish.registry import check_id, write_registry

__all__ = ["PLAYTEST_GAMES", "page_cells", "publish_missions", "thumbnail_png"]

PLAYTEST_GAMES = 200
"""Bot games behind each page's difficulty rating."""

THUMB_WIDTH = 480


def thumbnail_png(mission: Any, *, width: int = THUMB_WIDTH) -> bytes:
    """The map as a spectator sees it at the start (stacks face down), as a small PNG."""
    from PIL import Image

    from cipherkit.core.protocol import SPECTATOR
    from cipherkit.games.mission import new_game
    from cipherkit.glyphs.data import from_state, mission_glyph_map
    from cipherkit.glyphs.mapdraw import map_drawing

    state = new_game({"mission": mission.to_dict(), "players": 2}, seed=0)
    drawing = map_drawing(from_state(state.observe(SPECTATOR))[2], mission_glyph_map(mission))
    image = Image.open(io.BytesIO(drawing.png()))
    height = round(image.height * width / image.width)
    image = image.convert("RGB").resize((width, height), Image.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _secrets(mission: Any) -> list[str]:
    """Text a page must not contain: the answer and every hidden word on the card."""
    words = [str(mission.solution or "")]
    words += re.split(r"\s+", str(mission.solution or ""))
    return [w for w in words if len(w.strip()) >= 4]


def page_cells(mission: Any) -> list[tuple[str, str]]:
    """The page's cells: title, story and question; then the table, loaded by id."""
    story = str(mission.story or "").strip()
    question = str(mission.question or "").strip()
    intro = [f"# {mission.title}"]
    if story:
        intro += ["", story]
    if question:
        intro += ["", f"**Your question:** {question}"]
    intro += [
        "",
        "You play with a bot as your team-mate. Click a room on the map to move, play cards "
        "to reveal and collect glyphs, open the console's windows and answer before time "
        "runs out.",
    ]
    code = f'from cipherkit.publish.live import mission_table\n\nmission_table("{mission.id}")'
    return [("markdown", "\n".join(intro)), ("code", code)]


def _check_public(mission: Any, cells: list[tuple[str, str]], path: Path) -> None:
    text = "\n".join(source for _, source in cells).lower()
    for secret in _secrets(mission):
        if secret.lower() in text:
            raise CipherkitError(f"{path}: the title or story gives the answer away ({secret!r})")


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def publish_missions(
    mission_paths: Sequence[str | os.PathLike[str]],
    out: str | os.PathLike[str] = "puzzles",
    progress: bool = False,
    *,
    games: int = PLAYTEST_GAMES,
) -> list[Path]:
    """Publish each mission file as a page in ``out``; rebuild the index.

    Returns the files written (per mission: the page and its thumbnail; then the
    index). Errors are :class:`CipherkitError` with a one-line message, raised before
    anything is written.
    """
    from cipherkit.games.mission import load
    from cipherkit.playtest import run_playtest

    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise CipherkitError(f"--out {folder} is a file, not a folder")
    if not mission_paths:
        raise CipherkitError("give at least one mission file to publish")
    missions = []
    for given in mission_paths:
        path = Path(given)
        if not path.is_file():
            raise CipherkitError(f"{path}: no such mission file")
        if _inside(path, folder):
            raise CipherkitError(
                f"{path} is inside {folder}: keep mission files out of the served folder"
            )
        mission = load(path)
        check_id(mission.id)
        if mission.id == Path(INDEX).stem:
            raise CipherkitError(f"{path}: the mission id 'index' is taken by the gallery index")
        cells = page_cells(mission)
        _check_public(mission, cells, path)
        missions.append((path, mission, cells))

    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(missions), desc="publish", unit="mission", leave=False)
    written: list[Path] = []
    try:
        (folder / "images").mkdir(parents=True, exist_ok=True)
        for order, (path, mission, cells) in enumerate(missions):
            result = run_playtest(path, games, workers=1, players=2, seed=0)
            thumb = folder / "images" / f"{mission.id}.png"
            thumb.write_bytes(thumbnail_png(mission))
            low, high = mission.players
            meta = {
                "kind": "mission",
                "mission": mission.id,
                "title": mission.title,
                "summary": " ".join(str(mission.story or "").split()),
                "difficulty": result.difficulty.to_json(),
                "win_rate": round(result.win_rate, 3),
                "playtest_games": games,
                "players": "you + a bot team-mate",
                "seats": f"{low}-{high}",
                "thumbnail": f"images/{mission.id}.png",
                "order": _order(path, order),
            }
            page = write_notebook(folder / f"{mission.id}.ipynb", cells, meta)
            write_registry(folder, {mission.id: path})
            written += [page, thumb]
            if bar is not None:
                bar.update()
    except OSError as exc:
        raise CipherkitError(f"cannot write in {folder}: {exc.strerror or exc}") from None
    finally:
        if bar is not None:
            bar.close()
    written.append(build_index(folder))
    return written


def _order(path: Path, fallback: int) -> int:
    """Missions named ``NN-name.yaml`` keep their number's order in the gallery."""
    match = re.match(r"(\d+)", path.name)
    return int(match.group(1)) if match else 100 + fallback
