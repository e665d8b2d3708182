"""Layout rules measured inside a real page (issue #21): what a phone or a tablet shows.

:func:`measure` runs one script in the page and returns what breaks the rules:

* the page is no wider than the screen (``scrollWidth <= innerWidth``);
* no text is clipped by its box (an element with text of its own: ``scrollWidth <=
  clientWidth``) or off screen (outside ``0..innerWidth``, unless it sits in a box that
  scrolls sideways);
* the page's main widget is at least 85% of the screen wide;
* every control (buttons, inputs, selects, summaries) is at least 40 px tall.

Used by ``tests/browser/test_phone_layout.py`` and ``scripts/phone_screenshots.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PHONE = (390, 844)
TABLET = (768, 1024)
MIN_MAIN_SHARE = 0.85
MIN_TARGET_PX = 40

MAIN_WIDGET = {
    "mission": "[data-testid=mission-table]",
    "campaign": "[data-testid=mission-table]",
    "game": "[data-testid=decipher-table]",
    "intercept": "[data-testid=intercept-table]",
    "lobby": "[data-testid=lobby]",
    "lesson": ".jp-RenderedHTMLCommon",
    "index": ".ck-grid",
    "teacher": "[data-testid=teacher]",
    "projector": "[data-testid=projector]",
    "studio": "[data-testid=studio]",
}
"""The element each kind of page is for (a lesson: its text; the index: its cards)."""

READY_MORE = {"teacher": "[data-testid=teacher]"}
"""Pages the security suite's ``READY`` does not know yet, by the widget they build."""


def layout_kind(name: str) -> tuple[str, str]:
    """``(kind, ready selector)`` of gallery page ``name``."""
    from tests.browser.security_fixtures import READY, page_code, page_kind

    if name != "index.ipynb" and "TeacherPage(" in "\n".join(page_code(name)):
        return "teacher", READY_MORE["teacher"]
    kind = page_kind(name)
    return kind, READY[kind]


MEASURE_JS = """
([mainSel, minTarget]) => {
  const W = window.innerWidth;
  const out = { width: W, scrollWidth: document.documentElement.scrollWidth,
                clipped: [], offscreen: [], small: [], main: null };
  const shown = (el) => {
    for (let p = el; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.display === "none" || s.visibility === "hidden") return false;
      if (p.parentElement && p.parentElement.tagName === "DETAILS" && !p.parentElement.open
          && p.tagName !== "SUMMARY") return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const inScroller = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if ((s.overflowX === "auto" || s.overflowX === "scroll") && p !== document.documentElement
          && p !== document.body) return true;
    }
    return false;
  };
  const name = (el) => el.tagName.toLowerCase() +
    (typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : "");
  const words = (el) =>
    (el.textContent || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 40);
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg, script, style, noscript, textarea")) continue;
    if (el.closest(".ck-sr-only")) continue;  // words for screen readers only (issue #32)
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !shown(el)) continue;
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (s.display !== "inline" && el.tagName !== "INPUT" && el.scrollWidth > el.clientWidth + 1)
      out.clipped.push(`${name(el)} (${el.scrollWidth} > ${el.clientWidth} px): "${words(el)}"`);
    if ((r.right > W + 1 || r.left < -1) && !inScroller(el))
      out.offscreen.push(
        `${name(el)} (${Math.round(r.left)}..${Math.round(r.right)} px): "${words(el)}"`);
  }
  const controls = "button, select, summary, [role=button], " +
    "input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=hidden])";
  for (const el of document.body.querySelectorAll(controls)) {
    if (el.closest("svg") || !shown(el)) continue;
    const h = el.getBoundingClientRect().height;
    if (h < minTarget - 0.5)
      out.small.push(`${name(el)} (${h.toFixed(1)} px tall): "${words(el)}"`);
  }
  const main = mainSel ? document.querySelector(mainSel) : null;
  if (main) out.main = main.getBoundingClientRect().width;
  return out;
}
"""


@dataclass
class Layout:
    """What :data:`MEASURE_JS` found on one page at one screen size."""

    page: str
    width: int
    scroll_width: int
    main_width: float | None
    clipped: list[str] = field(default_factory=list)
    offscreen: list[str] = field(default_factory=list)
    small: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Every broken rule, in words (empty: the page is fine at this size)."""
        where = f"{self.page} at {self.width} px"
        found = []
        if self.scroll_width > self.width:
            found.append(f"{where}: the page is {self.scroll_width} px wide")
        if self.main_width is None:
            found.append(f"{where}: no main widget")
        elif self.main_width < MIN_MAIN_SHARE * self.width:
            found.append(f"{where}: the main widget is only {self.main_width:.0f} px wide")
        found += [f"{where}: clipped {c}" for c in self.clipped]
        found += [f"{where}: off screen {c}" for c in self.offscreen]
        found += [f"{where}: small target {c}" for c in self.small]
        return found


def measure(page: Any, name: str, kind: str) -> Layout:
    """Measure the open ``page`` (gallery page ``name`` of kind ``kind``)."""
    data = page.evaluate(MEASURE_JS, [MAIN_WIDGET[kind], MIN_TARGET_PX])
    return Layout(
        name,
        int(data["width"]),
        int(data["scrollWidth"]),
        data["main"],
        data["clipped"],
        data["offscreen"],
        data["small"],
    )
