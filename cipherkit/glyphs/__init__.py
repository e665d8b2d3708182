"""Glyph alphabets, and drawings of glyph sheets, mission cards, consoles and maps.

A glyph set is data (strokes on a small grid, dots, rings, or bitmaps from PNG files),
generated from a style and a seed or read from a folder of images, and drawn as SVG or
with Pillow at any size. The drawings take plain data (:mod:`cipherkit.glyphs.data`)
and come back as a :class:`~cipherkit.glyphs.drawing.Drawing` with ``.svg()``,
``.image()``, ``.png()`` and ``.save(path)``.

========================================  ================================================
``generate(style, seed)``                 a generated set: ``pigpen``, ``runes``, ``circuit``
``glyph_set_from_spec(spec, base_dir)``   ``{"style": "runes", "seed": 7}`` or
                                          ``{"folder": "glyphs/"}``
``glyph_set_from_folder(path)``           a set from PNG or SVG files
``card_drawing(card, glyphs)``            the mission card
``console_drawing(console, glyphs)``      the console, windows closed or open
``map_drawing(map_data, glyphs)``         the map from a networkx graph
``GlyphSet.sheet()``                      the glyph sheet
========================================  ================================================

Nothing here imports a game, a notebook or a widget library; a :class:`GlyphSet` shows
its sheet in a notebook (``_repr_svg_``/``_repr_png_``, drawn only when displayed). What
is drawn of a mission (its data adapters, notebook pictures, ``cipherkit render`` and the
print-and-play pages) is the mission game's own, in :mod:`cipherkit.games.mission.art`.

Examples
--------
>>> from cipherkit.glyphs import CardData, card_drawing, generate, glyph_set_from_spec
>>> runes = glyph_set_from_spec({"style": "runes", "seed": 7})
>>> runes == generate("runes", seed=7), len(runes)
(True, 36)
>>> card = CardData.from_words("Which word?", [["sun", "moon"]], answer=[["sun"]])
>>> picture = card_drawing(card, runes.assign(card.glyph_ids))
>>> picture.image().size
(960, 511)
>>> picture.svg()[:4]
'<svg'
"""

from cipherkit.glyphs.cards import card_drawing, console_drawing
from cipherkit.glyphs.data import (
    CardData,
    CellData,
    ConsoleData,
    MapData,
    PassageData,
    RoomData,
    StandeeData,
    TokenData,
)
from cipherkit.glyphs.drawing import Drawing
from cipherkit.glyphs.folder import glyph_set_from_folder
from cipherkit.glyphs.glyph import MAX_GLYPHS, NAMES, Glyph, GlyphSet
from cipherkit.glyphs.mapdraw import map_drawing
from cipherkit.glyphs.raster import min_pairwise_difference
from cipherkit.glyphs.sheet import sheet_drawing
from cipherkit.glyphs.spec import DEFAULT_STYLE, glyph_set_from_spec
from cipherkit.glyphs.styles import STYLES, generate

__all__ = [
    "DEFAULT_STYLE",
    "MAX_GLYPHS",
    "NAMES",
    "STYLES",
    "CardData",
    "CellData",
    "ConsoleData",
    "Drawing",
    "Glyph",
    "GlyphSet",
    "MapData",
    "PassageData",
    "RoomData",
    "StandeeData",
    "TokenData",
    "card_drawing",
    "console_drawing",
    "generate",
    "glyph_set_from_folder",
    "glyph_set_from_spec",
    "map_drawing",
    "min_pairwise_difference",
    "sheet_drawing",
]
