"""The mission value: what a mission is, apart from any file it is read from.

:mod:`.mission` (the map graph, glyph key, card, clue stacks and links into the
campaign), :mod:`.console` (the card's cells and their answer), :mod:`.tokens`,
:mod:`.deck`, :mod:`.characters`, :mod:`.secret_rules` (the cards a campaign unlocks),
:mod:`.campaign` (missions joined by their links) and :mod:`.words` (their names as a
player reads them). Nothing here reads or writes files: that is
:mod:`cipherkit.games.mission.format`.
"""
