"""Turning games and missions into Voila pages, and the gallery that lists them (the
server that shows them is :mod:`cipherkit.serve`).

>>> from cipherkit.publish.gallery import INDEX
>>> INDEX
'index.ipynb'
"""
