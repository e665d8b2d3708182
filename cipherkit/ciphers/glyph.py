"""Glyph substitution: letters written as the glyphs of a cipherkit glyph set.

The key is the glyph set's spec (``{"style": "runes", "seed": 7}``) and the glyph name
given to each letter A..Z (``symbols``; by default the set's first 26 glyphs shuffled
by ``seed``). Ciphertext is a list of glyph names, with ``" "`` for a word break;
:meth:`GlyphSubstitution.svg` draws it. The glyph set is made only when drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cipherkit.ciphers.text import ALPHABET, check_text
from cipherkit.core.errors import CipherkitError

__all__ = ["GlyphSubstitution"]

_NAMES = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


@dataclass(frozen=True)
class GlyphSubstitution:
    """Each letter A..Z is drawn as glyph ``symbols[i]`` of the glyph set ``spec``.

    Examples
    --------
    >>> g = GlyphSubstitution.random({"style": "runes", "seed": 7}, seed=3)
    >>> ids = g.encrypt("Meet at dawn")
    >>> ids[:5]
    ['A', 'Z', 'Z', '5', ' ']
    >>> g.decrypt(ids)
    'MEET AT DAWN'
    >>> g.svg(ids).startswith("<svg")
    True
    """

    spec: dict[str, Any] = field(default_factory=lambda: {"style": "runes", "seed": 7})
    symbols: tuple[str, ...] = tuple(ALPHABET)
    name = "glyph"

    def __post_init__(self) -> None:
        symbols = tuple(str(s) for s in self.symbols)
        if len(symbols) != 26 or len(set(symbols)) != 26 or " " in symbols:
            raise CipherkitError.say("a glyph key gives 26 different glyph names, one per letter")
        object.__setattr__(self, "symbols", symbols)

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.spec.items())), self.symbols))

    @classmethod
    def random(cls, spec: dict[str, Any], seed: int) -> GlyphSubstitution:
        """Letters onto 26 of the set's glyph names (A-Z, 0-9) shuffled by ``seed``."""
        rng = np.random.default_rng(seed)
        pick = rng.permutation(len(_NAMES))[:26]
        return cls(dict(spec), tuple(_NAMES[i] for i in pick))

    def encrypt(self, text: str) -> list[str]:
        """Glyph names of the letters; ``" "`` for each run of non-letters between words."""
        out: list[str] = []
        for ch in check_text(text).upper():
            if "A" <= ch <= "Z":
                out.append(self.symbols[ord(ch) - 65])
            elif out and out[-1] != " ":
                out.append(" ")
        while out and out[-1] == " ":
            out.pop()
        return out

    def decrypt(self, ids: Sequence[str]) -> str:
        """Letters back from glyph names (upper case; ``" "`` stays a space)."""
        letter = {s: ALPHABET[i] for i, s in enumerate(self.symbols)}
        out = []
        for gid in ids:
            if gid == " ":
                out.append(" ")
            elif gid in letter:
                out.append(letter[gid])
            else:
                raise CipherkitError.say("{glyph} is not a glyph of this cipher", glyph=repr(gid))
        return "".join(out)

    def to_letters(self, ids: Sequence[str]) -> str:
        """The glyph ids as stand-in letters (A for the first glyph seen, B for the next
        new one, ...), so statistics and solvers can work on a glyph ciphertext."""
        order: dict[str, str] = {}
        for g in ids:
            if g != " " and g not in order:
                order[g] = ALPHABET[len(order) % 26]
        return "".join(" " if g == " " else order[g] for g in ids)

    def glyph_set(self) -> Any:
        """The glyph set this cipher draws its symbols from."""
        from cipherkit.glyphs import glyph_set_from_spec

        return glyph_set_from_spec(self.spec)

    def svg(self, ids: Sequence[str], *, size: float = 32, per_line: int = 24) -> str:
        """The glyph ciphertext drawn as SVG, ``per_line`` glyphs a line."""
        from cipherkit.glyphs.drawing import Drawing

        glyphs = self.glyph_set()
        lines: list[list[str]] = [[]]
        for gid in ids:
            if len(lines[-1]) >= per_line:
                lines.append([])
            lines[-1].append(gid)
        pad = size * 0.25
        width = max(1, max(len(line) for line in lines)) * size * 1.15 + 2 * pad
        height = len(lines) * size * 1.3 + 2 * pad
        d = Drawing(width, height, background="#ffffff")
        for r, line in enumerate(lines):
            for k, gid in enumerate(line):
                if gid != " ":
                    x, y = pad + k * size * 1.15, pad + r * size * 1.3
                    d.glyph(glyphs[gid], x, y, size)
        return d.svg()

    def key_text(self) -> str:
        """The key in words: each letter and its glyph."""
        return " ".join(f"{ALPHABET[i]}={s}" for i, s in enumerate(self.symbols))

    def to_json(self) -> dict[str, Any]:
        """The cipher as a JSON-safe dict (its glyph set spec and symbols)."""
        return {"cipher": self.name, "key": {"spec": self.spec, "symbols": list(self.symbols)}}
