"""Helpers for the glyph and drawing tests: pixels in named regions, the shipped missions."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cipherkit.glyphs.drawing import Drawing, _rgb

ROOT = Path(__file__).resolve().parents[2]
MISSIONS = sorted((ROOT / "missions").glob("*.yaml"))


def pixels(image, box: tuple[int, int, int, int]) -> np.ndarray:
    """The RGB pixels of ``box`` (left, top, right, bottom) as an (n, 3) int array."""
    return np.asarray(image.crop(box).convert("RGB"), dtype=int).reshape(-1, 3)


def share(image, box: tuple[int, int, int, int], colour: str, tolerance: int = 40) -> float:
    """The fraction of pixels in ``box`` within ``tolerance`` of ``colour``."""
    target = np.array(_rgb(colour))
    px = pixels(image, box)
    return float((np.abs(px - target).max(axis=1) <= tolerance).mean())


def region_share(drawing: Drawing, image, name: str, colour: str, tolerance: int = 40) -> float:
    scale = image.width / drawing.width
    return share(image, drawing.pixel_box(name, scale), colour, tolerance)
