"""cipherkit: cipher games, puzzle design and classroom cryptography for Jupyter.

``__version__`` is the one place the version is written: ``pyproject.toml`` reads it
from here when the package is built (``[tool.setuptools.dynamic]``), so the installed
metadata and the code always agree.

>>> import importlib.metadata, cipherkit
>>> importlib.metadata.version("cipherkit") == cipherkit.__version__
True
"""

__version__ = "0.1.0"
