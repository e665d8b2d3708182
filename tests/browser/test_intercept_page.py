"""An intercept table in a real Voila server and a real headless Chromium: a person and a
bot teammate (White) against two bots, played by typing and clicking."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cipherkit.games.intercept import new_game
from cipherkit.widgets.intercept.table import table_config
from tests.browser.conftest import Server
from tests.browser.intercept_page import CANDIDATES, TABLE, InterceptPage, hidden_words
from tests.browser.keys import MOVE_KEYS, Keys
from tests.widgets.leaks import as_text

pytestmark = pytest.mark.browser


def test_play_a_round_with_typed_clues_then_decrypt_and_intercept(
    page: Any, voila_server: Server
) -> None:
    dealt = new_game(table_config(4, 0), seed=voila_server.seed)
    black = dealt.keywords[1]
    table = InterceptPage(page, voila_server).open()
    assert table.role() == "encryptor"
    assert table.text("round") == "Round 1 of 8"
    keywords = [table.text(f"keyword-{i}").split("\n")[-1] for i in range(1, 5)]
    assert keywords == dealt.keywords[0]
    code = [int(d) for d in table.text("code").split(" . ")]
    assert code == list(dealt.codes[0])

    # A keyword as a clue: the live check says why, and the button stays off.
    verdict = table.type_clue(keywords[code[0] - 1].upper())
    assert f"uses the keyword '{keywords[code[0] - 1]}'" in verdict
    assert page.locator(f"{TABLE} [data-testid=give-clue]").is_disabled()
    verdict = table.type_clue("7 letters")
    assert "reads out digits" in verdict

    given = []
    for n in range(3):
        for word in CANDIDATES:
            if word in given:
                continue
            if "a fair clue" in table.type_clue(word):
                break
        else:
            raise AssertionError("no candidate clue passed the check")
        if n < 2:
            table.click("[data-testid=give-clue]")
        else:  # the last clue with the keyboard alone: to the box, the word, Enter
            keys = Keys(page, TABLE)
            keys.tab_to(f"{TABLE} [data-testid=clue-input]")
            keys.count += 1  # the word, typed above
            keys.press("Enter")
            assert keys.count <= MOVE_KEYS, f"a clue took {keys.count} keys"
        given.append(word)
        if n < 2:
            assert page.locator(f"{TABLE} [data-testid=given-{n + 1}]").inner_text() == word
    # Round 1 is over (the bots decrypted, no interception in round 1): round 2, where
    # Boris encrypts for White and the person decrypts, then intercepts Black.
    page.wait_for_selector(f"{TABLE}[data-round='2']")
    assert table.role() == "decryptor"
    assert "White’s clues" in table.text("notes-white") and given[0] in table.text("notes-white")
    # The round read as a screen reader reads it (issue #50): the clues in the same words
    # in the notes and the log, the code said in digits, no symbol in place of a word.
    page.locator(f"{TABLE} .ck-log summary").click()
    notes = page.locator(f"{TABLE} [data-testid=notes-white]").aria_snapshot()
    log = page.locator(f"{TABLE} [data-testid=log]").aria_snapshot()
    for word in given:
        assert word in notes and word in log, (word, notes, log)
    assert re.search(r"\b[1-4]\b.*\b[1-4]\b.*\b[1-4]\b", log), log
    assert page.locator(f"{TABLE} [data-testid=code]").count() == 0  # Boris's code is his
    kernel = table.kernel
    states = as_text(kernel.request_states())
    for word in hidden_words(black, " ".join(table.view()["log"])):
        assert not re.search(rf"\b{re.escape(word)}\b", states.lower()), word
    page.locator(TABLE).screenshot(path=str(voila_server.log.parent / "intercept-decrypt.png"))
    keys = table.guess_by_keys([1, 2, 3])  # the keyboard alone (issue #50)
    assert keys <= MOVE_KEYS, f"a guess took {keys} keys"
    if table.role() == "interceptor":
        assert "Intercept Black’s clues" in table.text("guess")
        table.guess([4, 3, 2])
    page.wait_for_selector(f"{TABLE}[data-round='3'], {TABLE} [data-testid=outcome]")
    reveal = table.text("last-reveal")
    assert reveal.startswith("Round 2, ")
    codes = page.locator(f"{TABLE} [data-testid=notes-white] tbody tr td:last-child")
    assert codes.count() == 2 and "?" not in codes.all_inner_texts()
    page.locator(TABLE).screenshot(path=str(voila_server.log.parent / "intercept-round3.png"))

    # Black's keywords never reached the browser: widget states and every frame so far.
    log = " ".join(table.view()["log"])
    everything = "\n".join(map(as_text, table.frames)) + as_text(kernel.request_states())
    for word in hidden_words(black, log):
        assert not re.search(rf"\b{re.escape(word)}\b", everything.lower()), word
    assert "intercept" in everything.lower()  # the scan did read the frames
