"""The hardened Voila server of the gallery: page budget, render turns, spare and forked
kernels, the websocket filter and the handlers (no game knowledge; ``docs/serve.md``).

>>> from cipherkit.serve.launcher import voila_command
>>> voila_command("puzzles", 8866)[2]
'cipherkit.serve.voila_main'
"""
