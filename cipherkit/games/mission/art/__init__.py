"""Drawings of missions, made with the glyph drawing primitives of :mod:`cipherkit.glyphs`.

The mission game owns what is specific to it; :mod:`cipherkit.glyphs` draws plain data
and imports no game.

================================================  =============================================
:mod:`~cipherkit.games.mission.art.data`          a mission or an observation as drawing data
:mod:`~cipherkit.games.mission.art.notebook`      ``_repr_svg_`` of missions and their states
:mod:`~cipherkit.games.mission.art.render`        ``cipherkit render``: PNG, SVG and PDF files
:mod:`~cipherkit.games.mission.art.printing`      the print-and-play pages
:mod:`~cipherkit.games.mission.art.campaigndraw`  the campaign graph
:mod:`~cipherkit.games.mission.art.gallery`       the pictures in ``docs/glyphs.md``
================================================  =============================================

Nothing in :mod:`cipherkit.games.mission` imports this package except inside the
methods that draw, so the game loads without the drawing code.
"""
