"""No flash of a wrong hand on reload (issue #31 item 9): a saved mission page, reloaded,
shows "Loading your game…" and then the kept game; never, even for a moment, the fresh
deal the kernel draws before the page has sent the token it keeps."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.table_page import MISSION
from tests.browser.test_saved_progress import (
    GalleryMission,
    a_few_moves,
    kept,
    saving,
    settled,
)

pytestmark = pytest.mark.browser

__all__ = ["saving"]  # the gallery with a room store, shared with test_saved_progress

WATCH_HANDS = """
window.__shown = [];
new MutationObserver(() => {
  const root = document.querySelector('[data-testid=mission-table]');
  if (!root) return;
  if (root.hasAttribute('data-loading')) {
    const text = getComputedStyle(root, '::before').content;
    if (window.__shown[window.__shown.length - 1] !== 'loading ' + text)
      window.__shown.push('loading ' + text);
  }
  const cards = [...root.querySelectorAll('[data-testid=hand] [data-card]')]
    .filter((card) => card.checkVisibility());
  const hand = cards.map((c) => c.dataset.card + ':' + c.dataset.value).join(',');
  if (hand && window.__shown[window.__shown.length - 1] !== hand) window.__shown.push(hand);
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def test_a_reloaded_mission_page_never_shows_a_fresh_hand(page: Any, saving: Any) -> None:
    table = GalleryMission(page, saving, "signal-box.ipynb").open()
    settled(page, MISSION, "forget")
    fresh = ",".join(f"{card}:{value}" for card, value in table.hand())
    a_few_moves(table, 2)
    settled(page, MISSION)
    assert kept(page)
    saved = ",".join(f"{card}:{value}" for card, value in table.hand())
    assert saved != fresh  # else the test could not tell the two apart

    page.add_init_script(WATCH_HANDS)
    again = GalleryMission(page, saving, "signal-box.ipynb").open()  # a reload
    settled(page, MISSION)
    assert ",".join(f"{c}:{v}" for c, v in again.hand()) == saved
    shown = page.evaluate("window.__shown")
    assert shown[0].startswith("loading") and "Loading your game" in shown[0], shown
    hands = [s for s in shown if not s.startswith("loading")]
    assert hands and set(hands) == {saved}, shown  # the fresh deal never showed
