"""Author text as page text: what a mission file says is shown, never obeyed.

Design notes: ``docs/deploy.md``, ``cipherkit.publish.escape``.

Examples
--------
>>> text_html("<script>alert(1)</script>")
'&#60;script&#62;alert&#40;1&#41;&#60;/script&#62;'
>>> text_html("Night at the Signal Box")
'Night at the Signal Box'
>>> import html
>>> html.unescape(text_html("[x](javascript:go())")) == "[x](javascript:go())"
True
>>> paragraphs_html("One.\\n\\n# Two\\n- three")
'One.\\n\\n&#35; Two\\n&#45; three'
"""

from __future__ import annotations

import re

__all__ = ["SYNTAX", "paragraphs_html", "text_html"]

SYNTAX = frozenset('\\`*_{}[]()#!<>&"|~$')
"""Characters markdown or HTML may read as syntax anywhere in a line; they are written as
numeric character references. (``-``, ``+``, ``=``, ``.`` and digits matter only at a
line's start, where a line's first character, unless a letter or not ASCII, is written as a
reference too.)"""

_SPACE = re.compile(r"\s+")


def _refs(text: str, first: bool = False) -> str:
    out = []
    for i, char in enumerate(text):
        if char in SYNTAX or (first and i == 0 and char.isascii() and not char.isalpha()):
            out.append(f"&#{ord(char)};")
        elif char.isprintable() or char == " ":
            out.append(char)
        else:  # C0 and C1 controls are dropped; other unprintables kept, as references
            out.append(f"&#{ord(char)};" if ord(char) > 0x9F else "")
    return "".join(out)


def text_html(text: object) -> str:
    """``text`` as one line that markdown and HTML both show literally (module docs).

    >>> text_html('"><img src=x onerror=alert(1)>')
    '&#34;&#62;&#60;img src=x onerror=alert&#40;1&#41;&#62;'
    >>> text_html("a\\n\\n  b\\t c")
    'a b c'
    """
    return _refs(_SPACE.sub(" ", str(text)).strip(), first=True)


def paragraphs_html(text: object) -> str:
    """A story as markdown paragraphs that show literally: paragraphs (separated by blank
    lines) and line breaks are kept, leading spaces dropped (no code blocks), and every
    line's first ASCII character, if not a letter, written as a reference too (no headings,
    lists, quotes, rules or numbered lists).

    >>> paragraphs_html("1. first\\n    code?\\n\\n\\n\\n> quote")
    '&#49;. first\\ncode?\\n\\n&#62; quote'
    """
    blocks = re.split(r"\n\s*\n", str(text).replace("\r\n", "\n").replace("\r", "\n"))
    out = []
    for block in blocks:
        lines = [_SPACE.sub(" ", line).strip() for line in block.split("\n")]
        kept = [_refs(line, first=True) for line in lines if line]
        if kept:
            out.append("\n".join(kept))
    return "\n\n".join(out)
