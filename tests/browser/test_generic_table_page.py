"""The generic table (any game, drawn from the seat's observation) in a real Voila server
and a real headless Chromium: its buttons are the seat's legal actions, a click plays
one and the bot answers, and no hidden card of the bot reaches the browser."""

from __future__ import annotations

from typing import Any

import pytest

from cipherkit.games.decipher import new_game
from tests.browser.conftest import TEST_PAGES, Server
from tests.browser.waits import wait_for_js
from tests.widgets.leaks import cards_in

pytestmark = pytest.mark.browser

TABLE = "[data-testid=generic-table]"


def test_a_game_is_played_by_clicking_the_legal_actions(page: Any, voila_server: Server) -> None:
    dealt = new_game({"first_player": 0}, seed=voila_server.seed)
    hidden = [str(c) for c in dealt.hidden[1]]
    response = page.goto(f"{voila_server.url}/voila/render/{TEST_PAGES}/generic.ipynb")
    assert response is not None and response.status == 200
    page.wait_for_selector(f"{TABLE} [data-testid=actions] button")
    assert page.locator(f"{TABLE} [data-testid=title]").inner_text() == "Decipher"
    assert page.locator(f"{TABLE} [data-testid=status]").inner_text() == "Your turn, you."
    buttons = page.locator(f"{TABLE} [data-testid=actions] button")
    texts = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    assert "break" in texts and all(t == "break" or t.startswith("play ") for t in texts)
    facts = page.locator(f"{TABLE} [data-testid=facts]").inner_text()  # the game's board hook
    assert "Phase" in facts and "play" in facts
    assert page.locator(f"{TABLE} table caption").first.inner_text() == "The table"
    for turn in range(3):  # the first turn: one card on each column
        page.locator(f"{TABLE} [data-testid=actions] button[data-action^='play ']").first.click()
        wait_for_js(
            page, f"document.querySelectorAll('{TABLE} [data-testid=log] li').length > {turn}"
        )
    page.wait_for_selector(f"{TABLE} [data-testid=status]:has-text('Your turn')")
    assert page.locator(f"{TABLE} [data-testid=message]").count() == 0
    log = page.locator(f"{TABLE} [data-testid=log]").inner_text()
    assert log.count("Player 1 plays") == 3 and "Player 2 plays" in log  # the bot answered
    assert cards_in(page.content(), hidden) == []
