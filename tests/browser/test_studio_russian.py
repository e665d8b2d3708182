"""The studio page in Russian, in Chromium (issue 47): its element says ``lang="ru"``, and
no text node, label or announcement has English words outside the mission's own names
and the codes of its file."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cipherkit.studio import Draft
from tests.browser.conftest import ROOT, TEST_PAGES, UI_TIMEOUT_MS, Server
from tests.browser.recorded_page import RecordedPage
from tests.browser.waits import wait_for_js

pytestmark = pytest.mark.browser

LATIN = re.compile(r"[A-Za-z_]*[A-Za-z]{3,}[A-Za-z_]*")
CODES = {"Shift", "Ctrl", "Delete", "YAML", "PDF", "circuit", "pigpen", "runes", "null"}
"""Latin words a Russian page shows: keys on the keyboard, file formats, glyph styles."""


def mission_names() -> set[str]:
    """Lantern Archive's own names (rooms, ids, glyphs, what they carry): shown as written."""
    draft = Draft.open(ROOT / "missions" / "01-lantern-archive.yaml")
    graph = draft.graph
    texts = [f"{room} {graph.nodes[room].get('name') or ''}" for room in graph.nodes]
    texts += [f"{glyph} {content or ''}" for glyph, content in draft.data["glyphs"].items()]
    return {word for text in texts for word in LATIN.findall(text)}


# Every text node, label, title and announcement of the studio, but the mission file's
# own text (the source view and the fields that hold what the file says).
WORDS_ON_PAGE = """() => {
  const root = document.querySelector('[data-testid=studio]');
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('textarea')) continue;
    out.push(node.textContent);
  }
  for (const el of root.querySelectorAll('[aria-label], [title], [aria-roledescription]')) {
    for (const name of ['aria-label', 'title', 'aria-roledescription']) {
      if (el.hasAttribute(name)) out.push(el.getAttribute(name));
    }
  }
  for (const el of root.querySelectorAll('[aria-valuetext]')) {
    out.push(el.getAttribute('aria-valuetext'));
  }
  return out;
}"""


class RussianStudio(RecordedPage):
    path = f"{TEST_PAGES}/studio-lantern-ru.ipynb"

    def ready(self) -> None:
        self.page.wait_for_selector("[data-testid=studio] [data-testid=room]")


def english_left(texts: list[str], names: set[str]) -> list[str]:
    return [t for t in texts if any(w not in names for w in LATIN.findall(t))]


def test_the_studio_page_in_russian(page: Any, voila_server: Server) -> None:
    RussianStudio(page, voila_server).open()
    assert page.get_attribute("[data-testid=studio]", "lang") == "ru"
    wait_for_js(  # the window analysis has come (its verdict names glyph ids)
        page,
        "() => document.querySelector('[data-testid=verdict]').textContent.includes('критичные')",
        timeout=UI_TIMEOUT_MS,
    )
    names = CODES | mission_names()
    map_ = page.locator("[data-testid=map]")
    map_.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    said = page.locator("[data-testid=said]")
    said.filter(has_text="Выбрана 1 комната.").wait_for(timeout=UI_TIMEOUT_MS)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    said.filter(has_text="Выбраны 2 комнаты.").wait_for(timeout=UI_TIMEOUT_MS)
    page.keyboard.press("Escape")
    said.filter(has_text="Выбор снят.").wait_for(timeout=UI_TIMEOUT_MS)
    page.keyboard.press("Shift+ArrowRight")
    said.filter(has_text="сдвинута на (1, 0).").wait_for(timeout=UI_TIMEOUT_MS)
    options = page.locator("[data-testid=games] option").all_inner_texts()
    assert options == ["50 партий", "200 партий", "500 партий"]
    texts = page.evaluate(WORDS_ON_PAGE)
    assert texts and any("Отменить" in t for t in texts)
    assert english_left(texts, names) == []
    page.keyboard.press("Delete")  # an edit refused? no: deleted, and said in Russian
    said.filter(has_text="Ctrl+Z вернёт её.").wait_for(timeout=UI_TIMEOUT_MS)
