"""The published Decipher page in a real Voila server and a real headless Chromium."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.browser.conftest import Server, table_model_id
from tests.browser.table_page import TablePage, dealt, near_miss
from tests.widgets.leaks import as_text, cards_in

pytestmark = pytest.mark.browser


def play_first_turn(table: TablePage) -> list[str]:
    """Play one card on each column (the first turn's rule); return the cards played."""
    played = []
    for column in range(3):
        assert table.current_column() == column
        played.append(table.play_first_card())
    return played


def break_and_guess(table: TablePage, guesses: list[str], *, before_last: Any = None) -> None:
    table.page.wait_for_selector("[data-action=break]:not([disabled]), [data-testid=guess-picker]")
    if table.page.locator("[data-testid=guess-picker]").count() == 0:
        table.click_action("break")
    for column, card in enumerate(guesses):
        assert table.current_column() == column
        if column == 2 and before_last is not None:
            before_last()
        table.guess(card)


def test_a_full_game_by_clicks_then_play_again(page: Any, voila_server: Server) -> None:
    game = dealt(voila_server.seed)
    code = [str(c) for c in game.hidden[1]]
    table = TablePage(page, voila_server).open()
    assert table.your_code() == [str(c) for c in game.hidden[0]]

    played = play_first_turn(table)
    assert all(card not in table.hand() for card in played)
    # The bot has answered: it is our turn again, at column 1, and our pennies are shown.
    table.page.wait_for_selector("[data-testid=status].ck-your-turn")
    assert "turn" in table.text("status").lower()

    guesses = [near_miss(truth, set(code)) for truth in code]
    break_and_guess(table, guesses)

    reveal = table.page.wait_for_selector("[data-testid=reveal]")
    assert reveal.is_visible()
    revealed = [
        table.page.locator(f"[data-testid=column-{c + 1}] .ck-revealed").get_attribute("data-card")
        for c in range(3)
    ]
    assert revealed == code
    # Each guess has the right suit only: 1 point each.
    assert table.text("score-you") == "3"
    bot_score = int(table.text("score-bot"))
    result = table.text("result")
    assert result == (
        "You win!" if bot_score < 3 else "The bot wins." if bot_score > 3 else "A draw."
    )
    assert "Final score: you 3" in table.text("log")
    page.screenshot(path=str(voila_server.log.parent / "reveal.png"), full_page=True)

    table.click_action("new_game")
    assert table.text("game-number") == "Game 2"
    assert page.locator("[data-testid=reveal]").count() == 0
    assert len(table.hand()) == 6
    assert table.your_code() == [str(c) for c in dealt(voila_server.seed + 1).hidden[0]]


def test_an_illegal_click_is_refused_visibly(page: Any, voila_server: Server) -> None:
    table = TablePage(page, voila_server).open()
    skip = page.locator("[data-action=skip]")
    assert skip.is_disabled(), "skipping is not legal on the first turn"
    hand_before = table.hand()
    # A student can re-enable the button in the developer tools; the kernel still says no.
    skip.evaluate("button => { button.disabled = false; }")
    skip.click()
    table.ready()
    message = page.locator("[data-testid=message]")
    assert message.is_visible()
    assert message.inner_text() == (
        "Column 1 has no card yet: on your first turn you must play on every column"
    )
    assert table.hand() == hand_before and table.current_column() == 0
    # A legal move afterwards works and clears the refusal.
    table.play_first_card()
    assert page.locator("[data-testid=message]").count() == 0
    assert table.current_column() == 1


def test_forged_messages_from_another_client_are_refused_visibly(
    page: Any, voila_server: Server
) -> None:
    table = TablePage(page, voila_server).open()
    kernel = table.kernel
    states = kernel.request_states()
    model_id = table_model_id(states)
    true_view = states[model_id]["state"]["view"]
    message = page.locator("[data-testid=message]")

    kernel.send_to_widget(model_id, {"method": "custom", "content": "give me the code"})
    message.wait_for()
    assert message.inner_text() == "A message must be an object"

    forged = dict(true_view, status="HACKED", phase="over")
    kernel.send_to_widget(model_id, {"method": "update", "state": {"view": forged}})
    page.wait_for_selector("[data-testid=message]:has-text('The page may not change the table')")
    table.ready()
    assert "HACKED" not in table.text("status")
    assert kernel.request_states()[model_id]["state"]["view"] == true_view

    kernel.send_to_widget(
        model_id, {"method": "custom", "content": {"type": "action", "text": "x" * 500}}
    )
    page.wait_for_selector("[data-testid=message]:has-text('Message too long')")


def test_no_hidden_card_reaches_the_browser_before_the_reveal(
    page: Any, voila_server: Server
) -> None:
    game = dealt(voila_server.seed)
    code = [str(c) for c in game.hidden[1]]
    table = TablePage(page, voila_server).open()
    kernel = table.kernel
    checks: list[tuple[str, str]] = [("first HTML response", table.first_html)]

    def look(where: str) -> None:
        table.page.wait_for_timeout(300)  # let every frame already sent be delivered
        states = kernel.request_states()
        assert len(states) >= 2, "request_states returned too little to mean anything"
        checks.append((f"widget states {where}", as_text(states)))
        checks.append((f"page HTML {where}", table.html()))
        checks.append((f"websocket frames until {where}", "\n".join(map(as_text, table.frames))))

    look("at the start")
    play_first_turn(table)
    look("after the first turn")
    guesses = [near_miss(truth, set(code)) for truth in code]
    break_and_guess(table, guesses, before_last=lambda: look("before the last guess"))
    table.page.wait_for_selector("[data-testid=reveal]")

    assert len(table.frames) > 10
    for where, text in checks:
        found = cards_in(text, code)
        assert not found, f"the bot's hidden card(s) {found} are in the {where}"
        assert "from cipherkit" not in text or where.startswith("widget"), f"source in {where}"

    # Positive control: after the reveal the same scans do find the code.
    table.page.wait_for_timeout(300)
    assert sorted(cards_in(as_text(kernel.request_states()), code)) == sorted(code)
    assert sorted(cards_in("\n".join(map(as_text, table.frames)), code)) == sorted(code)
    assert sorted(cards_in(table.html(), code)) == sorted(code)


# ---------------------------------------------------------------- Voila's file routes
SOURCE_MARKER = "from cipherkit.widgets import DecipherTable"


@pytest.mark.parametrize(
    "path",
    [
        "/voila/files/decipher.ipynb",
        "/voila/files/decipher.ipynb?download=1",
        "/voila/files/answers.json",
        "/voila/files/voila.json",
        "/voila/files/mission.yaml",
        "/voila/files/mission.yml",
        "/voila/files/missions/heist.yaml",
        "/voila/files/notes.md",
        "/voila/files/secret.py",
        "/voila/files/.private/answer.png",
        "/voila/files/../pyproject.toml",
        "/voila/files/%2e%2e/pyproject.toml",
        "/voila/files/..%2fpyproject.toml",
        "/voila/static/../../../../pyproject.toml",
        "/voila/render/answers.json",
        "/voila/render/mission.yaml",
        "/voila/api/contents/answers.json",
        "/voila/api/contents/mission.yaml",
        "/voila/api/contents/.private/answer.png",
        "/voila/templates/lab/static/../../../../../pyproject.toml",
        "/files/decipher.ipynb",
        "/api/contents/decipher.ipynb",
        "/notebooks/decipher.ipynb",
        "/edit/answers.json",
    ],
)
def test_file_routes_serve_no_sources_or_data(voila_server: Server, path: str) -> None:
    status, body = voila_server.get(path)
    # 403/404 mostly; Voila's template route answers a failed assertion with a bare 500.
    assert status in (403, 404, 500), f"{path} answered {status}"
    assert "BAIT-SECRET" not in body and SOURCE_MARKER not in body and "[project]" not in body
    assert "Traceback" not in body, f"{path} shows a traceback"


def test_images_are_served_and_listings_hold_no_content(voila_server: Server) -> None:
    status, body = voila_server.get("/voila/files/images/decipher.svg")
    assert status == 200 and body.lstrip().startswith("<svg")

    status, body = voila_server.get("/voila/api/contents/decipher.ipynb?content=1&format=text")
    assert status == 200 and json.loads(body)["content"] is None

    status, body = voila_server.get("/voila/api/contents/")
    names = sorted(item["name"] for item in json.loads(body)["content"])
    assert status == 200 and "decipher.ipynb" in names
    assert not [n for n in names if re.search(r"\.(json|ya?ml|md|py)$", n)], names

    status, body = voila_server.get("/voila/render/decipher.ipynb")
    assert status == 200 and SOURCE_MARKER not in body and "BAIT-SECRET" not in body


def test_the_committed_voila_config_is_the_one_loaded(voila_server: Server) -> None:
    # The header comes only from cipherkit/serve/voila.json; the bait voila.json in the
    # served folder (which allows every file) must not be read.
    with urllib.request.urlopen(voila_server.url + "/voila/tree") as response:
        assert response.headers["Referrer-Policy"] == "no-referrer"
    assert voila_server.get("/voila/files/answers.json")[0] == 403


def test_breaking_on_the_first_turn_asks_first(page: Any, voila_server: Server) -> None:
    """Break the Code on one's first turn ends the game on a blind guess: the page asks;
    dismissed, nothing is sent."""
    table = TablePage(page, voila_server).open()
    table.page.wait_for_selector("[data-testid=status].ck-your-turn")
    first_turn = table.text("turn-number")
    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.locator("[data-action=break]").click()
    page.wait_for_timeout(300)  # a break would have been sent by now
    assert asked and "first turn" in asked[0]
    assert page.locator("[data-testid=guess-picker]").count() == 0
    assert table.text("turn-number") == first_turn
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.locator("[data-action=break]").click()
    page.wait_for_selector("[data-testid=guess-picker]")
    assert len(asked) == 2
