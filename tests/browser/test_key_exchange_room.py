"""Lesson 13's room, played from three real browsers on the lesson's own page: Ada makes
a key exchange room, Bo joins it, Eve watches it. Both players keep a secret, pick the
shared key and the code travels locked; Eve's screen and every frame her browser
receives hold the public numbers and the locked code, never a secret, the key or the
code itself (issue 48: "a third sees only public values")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cipherkit.games.keyexchange.rules import lock
from cipherkit.rooms import open_store
from tests.browser.conftest import Server
from tests.browser.gallery_servers import NO_LESSON_PREHEAT
from tests.browser.recorded_page import RecordedPage
from tests.browser.waits import wait_for_js

pytestmark = pytest.mark.browser

TABLE = "[data-testid=generic-table]"
LESSON = "lessons/13-key-exchange.ipynb"
PUBLIC_FACTS = {
    "Prime p",
    "Base g",
    "Alice's public number",
    "Bob's public number",
    "The shared key",
    "Keys found",
    "The locked code",
}
"""What an eavesdropper's table may show."""


@pytest.fixture(scope="module")
def rooms_server(voila_servers: Any, request: pytest.FixtureRequest) -> Server:
    """The shared gallery server whose kernels share a throwaway rooms store."""
    server = voila_servers.get(
        store=True, drop=("CIPHERKIT_SEED",), config=NO_LESSON_PREHEAT, user=request.fixturename
    )
    assert server.store is not None
    return server


class LessonRoom(RecordedPage):
    path = LESSON

    def ready(self) -> None:
        self.page.wait_for_selector("[data-testid=lobby] [data-testid=create-form]")

    def received(self) -> str:
        return "\n".join(
            f if isinstance(f, str) else f.decode("utf-8", "replace") for f in self.frames
        )

    def facts(self) -> dict[str, str]:
        """The table's facts as the screen shows them (label: value)."""
        rows = self.page.locator(f"{TABLE} [data-testid=facts]").first
        # one read of both columns: the table may be drawn again between two reads
        pairs = rows.evaluate(
            "list => Array.from(list.querySelectorAll('dt'), dt =>"
            " [dt.innerText, dt.nextElementSibling ? dt.nextElementSibling.innerText : ''])"
        )
        return {label: value for label, value in pairs}

    def click_action(self, notation: str) -> None:
        button = self.page.locator(f'{TABLE} button[data-action="{notation}"]')
        button.wait_for()
        button.click()


def new_page(devices: Any) -> Any:
    return devices(viewport={"width": 1100, "height": 1200})


def standalone(number: int) -> re.Pattern[str]:
    """``number`` as a value of its own (not inside a longer number or an id)."""
    return re.compile(rf"(?<![\w.]){number}(?![\w.])")


def test_two_browsers_agree_a_key_and_the_third_sees_only_public_numbers(
    rooms_server: Server, devices: Any
) -> None:
    assert rooms_server.store is not None
    ada = LessonRoom(new_page(devices), rooms_server).open()
    form = ada.page.locator("[data-testid=create-form]")
    picker = form.locator("[data-testid=game]")
    assert picker.locator("option").all_inner_texts() == ["Key exchange"]  # its game alone
    form.locator("[data-testid=name]").fill("Ada")
    ada.page.locator("[data-testid=create]").click()
    code = ada.page.locator("[data-testid=room-code]").inner_text().strip()
    ada.page.wait_for_selector(f"{TABLE} [data-testid=title]:has-text('Key exchange')")

    bo = LessonRoom(new_page(devices), rooms_server).open()
    join = bo.page.locator("[data-testid=join-form]")
    join.locator("[data-testid=code]").fill(code)
    join.locator("[data-testid=name]").fill("Bo")
    join.locator("[data-testid=join]").click()
    bo.page.wait_for_selector(f"{TABLE} [data-testid=title]")

    eve = LessonRoom(new_page(devices), rooms_server).open()
    eve.page.locator("[data-testid=join-form] [data-testid=code]").fill(code)
    eve.page.locator("[data-testid=watch]").click()
    eve.page.wait_for_selector(f"{TABLE} [data-testid=title]")
    assert eve.page.locator(f"{TABLE} [data-testid=actions] button").count() == 0

    with open_store(rooms_server.store) as store:
        room = store.room(code)
        seats = {s["name"]: s["seat"] for s in room.info()["seats"]}
        offers = room.session().state.offers  # type: ignore[attr-defined]
    pages = {seats["Ada"]: ada, seats["Bo"]: bo}

    def state() -> Any:
        with open_store(rooms_server.store) as store:
            return store.room(code).session().state

    def settled(version: int) -> None:
        for page in (ada, bo, eve):  # every screen follows each move, live
            wait_for_js(
                page.page,
                f"() => document.querySelectorAll('{TABLE} [data-testid=log] li').length"
                f" >= {version}",
            )

    # each keeps the first number offered (the buttons say it as a sentence)
    for seat, page in pages.items():
        button = page.page.locator(f'{TABLE} button[data-action="secret {offers[seat][0]}"]')
        assert button.inner_text() == f"Keep {offers[seat][0]} as my secret"
        button.click()
    settled(2)
    truth = state()
    key, secrets = truth.shared_key(), truth.secrets
    publics = [truth.public(0), truth.public(1)]
    facts = eve.facts()
    assert facts["Alice's public number"] == str(publics[0])
    assert facts["Bob's public number"] == str(publics[1])
    assert facts["The shared key"].startswith("never sent")
    # each picks the key, a wrong one first for Bo: only a second try lost
    wrong = next(
        int(b.get_attribute("data-action").split()[1])
        for b in pages[1].page.locator(f"{TABLE} [data-testid=actions] button").all()
        if b.get_attribute("data-action") != f"key {key}"
    )
    pages[1].click_action(f"key {wrong}")
    settled(3)
    assert pages[1].page.locator(f'{TABLE} button[data-action="key {wrong}"]').count() == 0
    pages[1].click_action(f"key {key}")
    pages[0].click_action(f"key {key}")
    settled(5)
    pages[0].click_action("send")
    eve.page.locator(f"{TABLE} [data-testid=outcome]").wait_for()
    code_value = state().code
    locked = lock(code_value, key)

    assert eve.facts()["The locked code"] == f"{locked:04d}"
    assert pages[1].facts()["The code"] == f"{code_value:04d}"  # Bo reads it
    assert pages[0].facts()["The shared key"] == pages[1].facts()["The shared key"] == str(key)
    for seat, page in pages.items():
        assert page.facts()["Your secret number"] == str(secrets[seat])

    # Eve: never a seat's fact, the key, the code or a secret in any frame she received
    received = eve.received()
    shown = eve.page.locator(TABLE).inner_text()
    for private in (
        "Your secret number",
        "Secret numbers offered",
        '"The code"',
        'legal_words": ["',
    ):
        assert private not in received, private
    assert not standalone(code_value).search(received), "the code reached Eve"
    for label in ("Your secret number", "The code\n"):
        assert label not in shown
    blocks = re.findall(r'"facts":\s*\[(.*?)\]\s*\]', received)
    assert blocks, "the scan found the table's views in Eve's frames"
    for block in blocks:
        pairs = dict(re.findall(r'\["([^"]+)",\s*"([^"]*)"', block))
        assert set(pairs) <= PUBLIC_FACTS, pairs  # every view Eve was sent
        assert pairs.get("The shared key", "never sent").startswith("never sent"), pairs
    facts = eve.facts()
    assert set(facts) <= PUBLIC_FACTS, facts
    assert str(key) != facts["The shared key"]


def test_the_room_played_on_a_phone_and_a_tablet_by_keys_alone(
    rooms_server: Server, devices: Any
) -> None:
    """Lesson 13's room at phone (390 px) and tablet (768 px) sizes, every move made with
    the keyboard alone: the room made and joined by keys, a secret kept, the key picked
    and the code sent, each move in at most :data:`MOVE_KEYS` presses from the table's
    first stop; and at each size, before and after, the page fits the screen (no text
    clipped, no small targets: ``tests/browser/layout_checks.py``)."""
    from tests.browser.keys import MOVE_KEYS, Keys, tab_to
    from tests.browser.layout_checks import PHONE, TABLET, measure

    assert rooms_server.store is not None
    ada = LessonRoom(devices(viewport={"width": PHONE[0], "height": PHONE[1]}), rooms_server)
    ada.open()
    bo = LessonRoom(devices(viewport={"width": TABLET[0], "height": TABLET[1]}), rooms_server)
    bo.open()
    problems = measure(ada.page, LESSON, "lesson").problems()
    problems += measure(bo.page, LESSON, "lesson").problems()

    tab_to(ada.page, "[data-testid=create-form] [data-testid=name]")
    ada.page.keyboard.type("Ada", delay=15)
    tab_to(ada.page, "[data-testid=create]")
    ada.page.keyboard.press("Enter")
    code = ada.page.locator("[data-testid=room-code]").inner_text().strip()
    ada.page.wait_for_selector(f"{TABLE} [data-testid=title]:has-text('Key exchange')")
    tab_to(bo.page, "[data-testid=join-form] [data-testid=code]")
    bo.page.keyboard.type(code, delay=15)
    tab_to(bo.page, "[data-testid=join-form] [data-testid=name]")
    bo.page.keyboard.type("Bo", delay=15)
    tab_to(bo.page, "[data-testid=join]")
    bo.page.keyboard.press("Enter")
    bo.page.wait_for_selector(f"{TABLE} [data-testid=title]")

    with open_store(rooms_server.store) as store:
        room = store.room(code)
        seats = {s["name"]: s["seat"] for s in room.info()["seats"]}
        offers = room.session().state.offers  # type: ignore[attr-defined]
    pages = {seats["Ada"]: ada, seats["Bo"]: bo}

    def logged(page: LessonRoom, count: int) -> None:
        wait_for_js(
            page.page,
            f"() => document.querySelectorAll('{TABLE} [data-testid=log] li').length >= {count}",
        )

    def move(page: LessonRoom, action: str) -> int:
        """The move ``action`` by keys from the table's first stop: how many presses."""
        keys = Keys(page.page, TABLE)
        keys.tab_to(f'{TABLE} button[data-action="{action}"]')
        keys.press("Enter")
        return keys.count

    presses = {}
    for seat, page in pages.items():
        presses[f"secret ({page.page.viewport_size['width']} px)"] = move(
            page, f"secret {offers[seat][0]}"
        )
    for page in pages.values():
        logged(page, 2)
    with open_store(rooms_server.store) as store:
        key = store.room(code).session().state.shared_key()  # type: ignore[attr-defined]
    for page in pages.values():
        presses[f"key ({page.page.viewport_size['width']} px)"] = move(page, f"key {key}")
    for page in pages.values():
        logged(page, 4)
    presses["send"] = move(pages[0], "send")
    for page in pages.values():
        page.page.locator(f"{TABLE} [data-testid=outcome]").wait_for()
    assert all(n <= MOVE_KEYS for n in presses.values()), presses
    assert pages[0].facts()["The shared key"] == pages[1].facts()["The shared key"] == str(key)

    problems += measure(ada.page, f"{LESSON} (played)", "lesson").problems()
    problems += measure(bo.page, f"{LESSON} (played)", "lesson").problems()
    assert problems == [], problems
