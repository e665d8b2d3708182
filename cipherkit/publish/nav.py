"""The links between gallery pages: back to the index and on to the next page.

Design notes: ``docs/deploy.md``, ``cipherkit.publish.nav``.

Examples
--------
>>> bar = nav_html([back_link()])
>>> bar.startswith('<nav class="ck-nav"') and 'href="index.ipynb"' in bar
True
>>> next_link("signal-box.ipynb", "Night at the Signal Box").text
'Next: Night at the Signal Box →'
>>> back_link(depth=1).href
'../index.ipynb'
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from cipherkit.i18n import _

__all__ = ["NavLink", "back_link", "nav_html", "next_link"]

MIN_TARGET_PX = 44
"""Height of a link's touch target (the layout tests want at least 40 px)."""

_BAR_STYLE = "display:flex;flex-wrap:wrap;gap:8px;margin:0 0 12px 0"
_LINK_STYLE = (
    f"display:inline-flex;align-items:center;min-height:{MIN_TARGET_PX}px;"
    "box-sizing:border-box;padding:6px 14px;border:1px solid #b9c3d6;border-radius:8px;"
    "background:#f4f6fa;color:#1f2a44;font-size:16px;line-height:1.3;text-decoration:none;"
    "max-width:100%;overflow-wrap:anywhere"
)
_PAGE = re.compile(r"(\.\./)*[A-Za-z0-9][A-Za-z0-9._-]{0,99}(/[A-Za-z0-9][A-Za-z0-9._-]{0,99})?")


@dataclass(frozen=True, slots=True)
class NavLink:
    """One link of the bar: a page's relative address and the words shown.

    >>> NavLink("../x.ipynb", "X").href
    '../x.ipynb'
    >>> NavLink("javascript:alert(1)", "X")
    Traceback (most recent call last):
    ...
    ValueError: a gallery link goes to a page beside this one, not to 'javascript:alert(1)'
    """

    href: str
    text: str

    def __post_init__(self) -> None:
        if not _PAGE.fullmatch(self.href) or not self.href.endswith(".ipynb"):
            raise ValueError(f"a gallery link goes to a page beside this one, not to {self.href!r}")

    def html(self) -> str:
        """The link as an ``<a>`` element (text escaped)."""
        return (
            f'<a class="ck-nav-link" href="{html.escape(self.href)}" style="{_LINK_STYLE}">'
            f"{html.escape(self.text, quote=False)}</a>"
        )


def back_link(depth: int = 0) -> NavLink:
    """The link back to the gallery index from a page ``depth`` folders below it."""
    return NavLink("../" * depth + "index.ipynb", _("← All puzzles"))


def next_link(href: str, title: str) -> NavLink:
    """The link on to the next page, named by its title."""
    return NavLink(href, _("Next: {title} →", title=" ".join(str(title).split())))


def nav_html(links: Sequence[NavLink], *, end: bool = False) -> str:
    """The bar of ``links`` as one line of HTML (a markdown cell's first line); ``end``
    names the bar at the end of a page apart from the one at its top (each landmark its
    own name, for a screen reader's list of them).

    >>> 'aria-label="Gallery, end of page"' in nav_html([back_link()], end=True)
    True
    """
    inner = "".join(link.html() for link in links)
    label = html.escape(_("Gallery, end of page") if end else _("Gallery"))
    return f'<nav class="ck-nav" aria-label="{label}" style="{_BAR_STYLE}">{inner}</nav>'
