"""Drawings of missions, made with the glyph drawing primitives of :mod:`cipherkit.glyphs`.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.art``.
"""
