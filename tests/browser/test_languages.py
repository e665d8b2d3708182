"""Every page in the pseudo-locale and in Russian, crawled in Chromium (issue 47).

One server over a copy of the gallery with its pseudo-locale twins (``en-XA/``, every
catalog string marked ``⟦…⟧``) beside the Russian ones (``ru/``); one browser context
per language visits, in sequence, the index, the Decipher table (two cards played), the
Intercept table (a clue typed and checked, then given), Play together (a wrong code,
then a room joined and a card played), the teacher page (unlocked with its key, a class
started, a room made), the projector (opened by the teacher's button, then the class
ended), the studio, every lesson (a wrong answer checked on the first) and the error
pages. :mod:`tests.browser.language_crawl` reads every text node, label and
announcement at each stop:

* pseudo-locale: nothing outside ``⟦…⟧`` but what the allow-list allows;
* Russian: ``<html lang="ru">`` everywhere, and no run of three Latin letters outside
  the allow-list.

Text a page marks as another language (``lang="en"``: an English keyword at an Intercept
table whose bots play English only) is read as that language's. The English missions
have no Russian twins (the Russian gallery has its own missions), so the crawls visit no
mission page here; the mission table in Russian is crawled by ``test_map_fit.py`` and its
words by ``tests/widgets/test_mission_words.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.classroom import open_classroom
from cipherkit.i18n import PSEUDO
from cipherkit.rooms import open_store
from tests.browser.conftest import UI_TIMEOUT_MS, Server
from tests.browser.gallery_servers import GalleryServers
from tests.browser.language_crawl import (
    CLASS_TITLE,
    LESSON_EXAMPLES,
    LIVE_JS,
    NAMES_EN,
    NAMES_RU,
    Crawl,
    dump,
    pseudo_gallery,
    report,
)
from tests.browser.waits import wait_for_js

pytestmark = pytest.mark.browser

KEY = "crawl-teacher-key-2026"
LESSONS = sorted(
    p.name for p in (Path(__file__).parents[2] / "puzzles" / "lessons").glob("*.ipynb")
)
DECIPHER = "[data-testid=decipher-table]"
DECIPHER_READY = f"{DECIPHER}:not(.ck-is-waiting) [data-testid=board]"
INTERCEPT = "[data-testid=intercept-table]"
INTERCEPT_READY = f"{INTERCEPT}:not(.ck-is-waiting) [data-testid=notes]"
CLUES = {PSEUDO: ["sunrise", "ocean", "violin", "thunder"], "ru": ["рассвет", "океан", "скрипка"]}
"""Clues each crawl types at the Intercept table (what a person typed: theirs)."""


# Private (not voila_servers): a gallery of its own, with the pseudo-locale's twins.
@pytest.fixture(scope="module")
def crawl_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A gallery server over a copy with ``en-XA/`` twins, a room store of its own and
    the teacher key :data:`KEY`."""
    gallery = pseudo_gallery(tmp_path_factory.mktemp("pseudo-gallery"))
    servers = GalleryServers(gallery, lambda: tmp_path_factory.mktemp("crawl-server"))
    try:
        server = servers.get(store=True, drop=("CIPHERKIT_SEED",), user="crawl_server")
        assert server.store is not None
        with open_classroom(server.store) as desk:
            desk.set_teacher_key(KEY)
        yield server
    finally:
        servers.stop_all()


def new_crawl(browser: Any, server: Server, lang: str) -> Crawl:
    """A browser context speaking ``lang`` (its own cookies), its live regions watched."""
    # The context's locale is the browser's Accept-Language (en-XA; ru-RU).
    locale = PSEUDO if lang == PSEUDO else "ru-RU"
    # the Russian crawl on a phone (its longer words must fit 390 px), the pseudo one on a laptop
    viewport = {"width": 1200, "height": 1300} if lang == PSEUDO else {"width": 390, "height": 844}
    context = browser.new_context(viewport=viewport, locale=locale, has_touch=lang != PSEUDO)
    context.add_init_script(LIVE_JS)
    page = context.new_page()
    page.set_default_timeout(UI_TIMEOUT_MS)
    page.set_default_navigation_timeout(4 * UI_TIMEOUT_MS)
    return Crawl(lang, page, server.url, NAMES_EN if lang == PSEUDO else NAMES_RU)


# ---------------------------------------------------------------------- the stops
def play_a_card(page: Any) -> None:
    """Click the first card of the hand that can be played, and wait for the answer (the
    card gone from the hand, the table not waiting)."""
    hand = f"{DECIPHER} [data-testid=hand]"
    card = page.locator(f"{hand} button[data-card]:not([disabled])").first
    card.wait_for()
    code = card.get_attribute("data-card")
    card.click()
    page.locator(f"{hand} [data-card='{code}']").wait_for(state="detached")
    page.wait_for_selector(DECIPHER_READY)


def decipher(crawl: Crawl) -> None:
    crawl.goto("decipher.ipynb", DECIPHER_READY)
    crawl.look("decipher.ipynb")
    for _ in range(2):  # two cards played: the bot answers each
        play_a_card(crawl.page)
    crawl.look("decipher.ipynb, two cards played")


def intercept(crawl: Crawl) -> None:
    page = crawl.page
    crawl.goto("intercept.ipynb", INTERCEPT_READY)
    crawl.look("intercept.ipynb")
    box = page.locator(f"{INTERCEPT} [data-testid=clue-input]")
    give = page.locator(f"{INTERCEPT} [data-testid=give-clue]")
    for word in CLUES[crawl.lang]:
        box.fill("")
        box.type(word, delay=10)
        wait_for_js(
            page,
            """() => document.querySelector(
              '[data-testid=clue-check] [data-testid=check-ok], '
              + '[data-testid=clue-check] [data-testid=check-error]')""",
        )
        page.wait_for_timeout(300)  # the check of the whole word
        crawl.look("intercept.ipynb, a clue typed", extra=CLUES[crawl.lang])
        if give.is_enabled():
            give.click()
            page.locator(f"{INTERCEPT} [data-testid=given-1]").wait_for()  # the clue, given
            page.wait_for_selector(INTERCEPT_READY)
            crawl.look("intercept.ipynb, a clue given", extra=CLUES[crawl.lang])
            return
    raise AssertionError(f"none of {CLUES[crawl.lang]} passed the clue check")


def lobby(crawl: Crawl, store_url: str) -> None:
    page = crawl.page
    crawl.goto("play-together.ipynb", "[data-testid=lobby] h2")
    crawl.look("play-together.ipynb")
    form = page.locator("[data-testid=join-form]")
    form.locator("[data-testid=code]").fill("TIGER-00000-MOSS")
    form.locator("[data-testid=name]").fill(crawl.names[0])
    form.locator("[data-testid=join]").click()
    page.wait_for_selector("[data-testid=lobby-message]")
    crawl.look("play-together.ipynb, a wrong code")
    with open_store(store_url) as store:
        code = store.create_room("decipher", bots=[1]).code
    page.wait_for_timeout(2100)  # a wrong code slows the next try down
    form.locator("[data-testid=code]").fill(code)
    form.locator("[data-testid=join]").click()
    page.wait_for_selector(DECIPHER_READY)
    crawl.look("play-together.ipynb, a room joined")
    play_a_card(page)
    crawl.look("play-together.ipynb, a card played in the room")


def teacher_and_projector(crawl: Crawl) -> None:
    page = crawl.page
    crawl.goto("teacher.ipynb", "[data-testid=teacher] [data-testid=start-form]", f"#key={KEY}")
    crawl.look("teacher.ipynb, unlocked")
    page.locator("[data-testid=title]").fill(CLASS_TITLE[crawl.lang])
    page.locator("[data-testid=start]").click()
    page.wait_for_selector("[data-testid=class-code]")
    page.locator("[data-testid=preset]").first.click()
    page.locator("[data-testid=rooms]").fill("1")
    page.locator("[data-testid=make]").click()
    page.wait_for_selector("[data-testid=room-card]")
    crawl.look("teacher.ipynb, a class with a room", extra=[CLASS_TITLE[crawl.lang]])
    with page.context.expect_page() as opened:
        page.locator("[data-testid=project]").click()
    screen = opened.value
    screen.set_default_timeout(UI_TIMEOUT_MS)
    screen.wait_for_selector("[data-testid=projector-class-code]")
    title = [CLASS_TITLE[crawl.lang]]  # the class's title, typed by the crawl
    crawl.look("projector.ipynb, a class", extra=title, page=screen)
    page.locator("[data-testid=end-session]").click()  # a confirm(): accepted, read
    screen.locator("[data-testid=projector-closed]").wait_for()
    crawl.look("projector.ipynb, the class ended", extra=title, page=screen)
    crawl.look("teacher.ipynb, the class ended", extra=title)
    screen.close()
    crawl.goto("projector.ipynb", "[data-testid=projector] [data-testid=projector-closed]")
    crawl.look("projector.ipynb, no pass")


def studio(crawl: Crawl) -> None:
    crawl.goto("studio.ipynb", "[data-testid=studio] [data-testid=room]")
    # the new mission's first room: its id is the mission file's (the pseudo-locale has
    # no ids of its own; Russian gives it a Russian one)
    crawl.look("studio.ipynb", extra=["start"] if crawl.lang == PSEUDO else [])


def lessons(crawl: Crawl) -> None:
    for number, name in enumerate(LESSONS):
        crawl.goto(f"lessons/{name}", "[data-testid=exercise]")
        quoted = LESSON_EXAMPLES.get(name, ())
        crawl.look(f"lessons/{name}", extra=quoted)
        if number == 0:  # a wrong answer, checked
            exercise = crawl.page.locator("[data-testid=exercise]").first
            exercise.locator("form.ck-ex-row input").fill("zz")
            exercise.locator("form.ck-ex-row button[type=submit]").click()
            wait_for_js(
                crawl.page,
                "() => document.querySelector('[data-testid=exercise] [data-testid=result]')"
                ".textContent.trim()",
            )
            crawl.look(f"lessons/{name}, a wrong answer", extra=[*quoted, "zz"])


def error_pages(crawl: Crawl) -> None:
    for label, path in (
        ("404: a page", f"/voila/render/{crawl.lang}/no-such-page.ipynb"),
        ("404: an address", "/no/such/address"),
    ):
        response = crawl.page.goto(crawl.base + path)
        assert response is not None and response.status == 404, path
        crawl.look(label)


def tour(crawl: Crawl, server: Server) -> None:
    """Every stop of the crawl, in order (module docs)."""
    assert server.store is not None
    crawl.goto("index.ipynb", ".ck-card")
    # a lesson's card quotes its first paragraph: the names it quotes are the lesson's
    crawl.look("index.ipynb", extra=[w for words in LESSON_EXAMPLES.values() for w in words])
    decipher(crawl)
    intercept(crawl)
    lobby(crawl, server.store)
    teacher_and_projector(crawl)
    studio(crawl)
    lessons(crawl)
    error_pages(crawl)


def crawled(browser: Any, server: Server, lang: str) -> Crawl:
    started = time.monotonic()
    crawl = new_crawl(browser, server, lang)
    try:
        tour(crawl, server)
    finally:
        crawl.page.context.close()
    dump(crawl.findings, server.log.parent / f"crawl-{lang}.json")
    print(f"{lang}: {crawl.looked} stops in {time.monotonic() - started:.0f} s")
    return crawl


# ---------------------------------------------------------------------- the tests
def judged(crawl: Crawl, what: str) -> None:
    """Fail on the crawl's findings, named by the widget they are in (the page's frame:
    "ours"). Every finding is also in ``crawl-<lang>.json`` beside the server's log."""
    if crawl.findings:
        pytest.fail(f"{what}:\n{report(crawl.findings)}", pytrace=False)


def test_the_pseudo_locale_crawl_finds_no_word_outside_the_catalog(
    browser: Any, crawl_server: Server
) -> None:
    crawl = crawled(browser, crawl_server, PSEUDO)
    assert set(crawl.langs.values()) == {PSEUDO}, crawl.langs
    judged(crawl, "words outside the catalog")


def test_the_russian_crawl_finds_lang_ru_and_no_latin_words(
    browser: Any, crawl_server: Server
) -> None:
    crawl = crawled(browser, crawl_server, "ru")
    assert {label: lang for label, lang in crawl.langs.items() if lang != "ru"} == {}
    assert crawl.wider == {}, f"Russian pages wider than a 390 px phone: {crawl.wider}"
    judged(crawl, "Latin words on Russian pages")
