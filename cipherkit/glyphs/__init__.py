"""Glyph alphabets, and drawings of glyph sheets, mission cards, consoles and maps.

Design notes: ``docs/glyphs.md``, ``cipherkit.glyphs``.

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
