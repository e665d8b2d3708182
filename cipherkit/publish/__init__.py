"""Turning games and missions into Voila pages, and serving the gallery.

>>> from cipherkit.publish.serve import voila_command
>>> voila_command("puzzles", 8866)[2]
'cipherkit.publish.voila_main'
"""
