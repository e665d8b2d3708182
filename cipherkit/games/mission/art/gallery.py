"""The pictures in ``docs/glyphs.md``, made again by
``python -m cipherkit.games.mission.art.gallery docs/images``.

:func:`write_gallery` draws one sheet per style, a mission card, a console with some
windows open, a map in mid-game and a contact sheet of the print-and-play pages, and
saves them as small palette PNGs (128 colours). Everything is seeded, so running it again
gives the same files.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as folder:
...     written = write_gallery(pathlib.Path(folder), only=["runes"])
>>> [p.name for p in written]
['glyphs-runes.png']
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cipherkit.glyphs.drawing import Drawing
from cipherkit.glyphs.styles import STYLES, generate

if TYPE_CHECKING:
    from cipherkit.games.mission.content.mission import Mission

ROOT = Path(__file__).resolve().parents[4]
SEED = 7


def _save_small(image: Any, path: Path) -> Path:
    from PIL import Image

    small = image.convert("RGB").quantize(colors=128, method=Image.Quantize.FASTOCTREE)
    small.save(path, format="PNG", optimize=True)
    return path


def _mission(name: str) -> Any:
    from cipherkit.games.mission import demo_mission, load

    path = ROOT / "missions" / name
    return load(path) if path.is_file() else demo_mission()


def _mid_game(mission_file: str, seed: int = 38, steps: int = 600) -> Any:
    """A game of the mission, played by random legal actions until three windows are
    open and tokens lie face up (seed 38 gets there on the shipped signal box)."""
    from cipherkit.core.rng import Rng
    from cipherkit.games.mission import new_game

    path = ROOT / "missions" / mission_file
    config: dict[str, Any] = {"players": 3}
    if path.is_file():
        config["mission"] = str(path)
    state = new_game(config, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        obs = state.observe("spectator")
        opened = sum(c["open"] for c in obs["console"]["cells"])
        face_up = sum(len(r["face_up"]) for r in obs["rooms"].values())
        if state.outcome is not None or (opened >= 3 and face_up >= 2):
            break
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def write_gallery(out_dir: str | Path, only: Sequence[str] | None = None) -> list[Path]:
    """Write the docs pictures into ``out_dir``; ``only`` picks some by name
    (``pigpen``, ``runes``, ``circuit``, ``card``, ``console``, ``map``, ``print``)."""
    from cipherkit.games.mission.art.data import card_from_mission, mission_glyph_map
    from cipherkit.games.mission.art.notebook import state_drawing
    from cipherkit.glyphs.cards import card_drawing, console_drawing
    from cipherkit.glyphs.data import ConsoleData

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    wanted = set(only) if only else None
    written: list[Path] = []

    def want(name: str) -> bool:
        return wanted is None or name in wanted

    for style in STYLES:
        if want(style):
            sheet = generate(style, SEED).sheet()
            written.append(_save_small(sheet.image(), out / f"glyphs-{style}.png"))
    ledger = _mission("03-cold-ledger.yaml") if want("card") or want("console") else None
    if ledger is not None:
        key = mission_glyph_map(ledger)
        card = card_from_mission(ledger)
        if want("card"):
            written.append(_save_small(card_drawing(card, key).image(), out / "glyphs-card.png"))
        if want("console"):
            some = {c.glyph: c.content for c in ledger.cells if c.glyph in ("oar", "sail", "tide")}
            console = console_drawing(ConsoleData.from_card(card, some), key)
            written.append(_save_small(console.image(), out / "glyphs-console.png"))
    if want("map"):
        state = _mid_game("02-signal-box.yaml")
        board = state_drawing(state.observe("spectator"), state.mission)
        written.append(_save_small(board.image(scale=0.8), out / "glyphs-board.png"))
    if want("print"):
        written.append(
            _save_small(_contact_sheet(_mission("02-signal-box.yaml")), out / "glyphs-print.png")
        )
    return written


def _contact_sheet(mission: Mission) -> Any:
    from cipherkit.games.mission.art.printing import PAGE_H, PAGE_W, print_pages

    pages = print_pages(mission)
    scale = 0.1
    w, h = PAGE_W * scale, PAGE_H * scale
    cols = 4
    rows = -(-len(pages) // cols)
    gap = 16.0
    sheet = Drawing(cols * w + (cols + 1) * gap, rows * h + (rows + 1) * gap, background="#d9d2c3")
    for i, (_, page) in enumerate(pages):
        r, c = divmod(i, cols)
        sheet.place(page, gap + c * (w + gap), gap + r * (h + gap), scale)
    return sheet.image(scale=1.0, supersample=2)


if __name__ == "__main__":  # pragma: no cover
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images"
    for path in write_gallery(target, sys.argv[2:] or None):
        print(path, f"{path.stat().st_size // 1024} KB")
