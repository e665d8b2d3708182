"""The Play together page: real browsers, one per seat, on a real Voila server.

The server runs what ``cipherkit serve`` runs, with ``CIPHERKIT_STORE`` pointing at a
throwaway SQLite store that the test also opens, to read each room's true state (the
hidden cards) and scan every websocket frame each page received for what that seat
must not see.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.rooms import open_store
from cipherkit.serve.launcher import STORE_ENV
from tests.browser.conftest import Server, table_model_id
from tests.browser.gallery_servers import (
    NO_LESSON_PREHEAT,
    GalleryServers,
    start_gallery_server,
)
from tests.browser.intercept_page import TABLE as ITABLE
from tests.browser.intercept_page import InterceptSeat
from tests.browser.play_page import (
    PlayPage,
    finish_decipher,
    play_first_turn,
    quoted,
)
from tests.browser.waits import wait_for_js
from tests.servers import stop_process_groups

pytestmark = pytest.mark.browser

LOBBY_CLASS = "cipherkit.widgets.lobby.Lobby"


def start_store_server(gallery: Path, url: str, log: Path) -> tuple[Server, Any]:
    """A gallery server whose kernels use the rooms store at ``url`` (rooms deal from
    os.urandom: no fixed seed)."""
    return start_gallery_server(
        gallery, log, {STORE_ENV: url}, drop=("CIPHERKIT_SEED",), config=NO_LESSON_PREHEAT
    )


@pytest.fixture(scope="module")
def rooms_server(
    voila_servers: GalleryServers, request: pytest.FixtureRequest
) -> tuple[Server, str, Any]:
    """A gallery server whose kernels share a throwaway rooms store (rooms deal from
    os.urandom: no fixed seed); (server, store url, server process)."""
    server = voila_servers.get(
        store=True, drop=("CIPHERKIT_SEED",), config=NO_LESSON_PREHEAT, user=request.fixturename
    )
    assert server.store is not None
    return server, server.store, server.process


def test_decipher_person_against_person(rooms_server: Any, devices: Any) -> None:
    server, url, _ = rooms_server
    store = open_store(url)
    ada = PlayPage(devices(), server).open()
    bo = PlayPage(devices(), server).open()

    # Ada makes a room (no bots) and takes seat 1; the code is shown big.
    form = ada.page.locator("[data-testid=create-form]")
    form.locator("[data-testid=name]").fill("Ada")
    form.locator("[data-testid=create]").click()
    ada.page.wait_for_selector("[data-testid=room-code]")
    code = ada.page.locator("[data-testid=room-code]").inner_text().strip()
    room = store.room(code)
    assert room.info()["game"] == "decipher"
    ada.table_ready()

    # A wrong code is refused with a message; Bo then joins with the right one.
    bo.join("TIGER-00000-MOSS", "Bo")
    bo.page.wait_for_selector("[data-testid=lobby-message]")
    assert "No open room" in bo.message()  # in plain words: no "refused:"
    assert "refused" not in bo.message()
    bo.join(code.lower().replace("-", " "), "Bo")
    bo.table_ready()
    # plain words: "You are Bo.", no seat number (issue #31 item 9); Bo has seat 1
    assert bo.page.locator("[data-testid=who]").inner_text().strip() == "You are Bo."
    assert [s["seat"] for s in room.info()["seats"] if s["name"] == "Bo"] == [1]

    state = room.session().state
    first = state.turn  # seat 0 is Ada, seat 1 is Bo
    pages = {0: ada, 1: bo}
    secrets = {s: [str(c) for c in state.hidden[s]] for s in (0, 1)}

    # Turn 1: each plays a card on every column (clicks in their own hand).
    play_first_turn(room, pages)

    # Bo reloads mid-game: the server puts his seat back by his browser's cookie; the
    # page keeps no token where a script could collect it.
    token_bo = bo.seat_token()
    assert token_bo not in bo.storage()
    bo.page.reload()
    bo.table_ready()
    assert bo.page.locator("[data-testid=who]").inner_text().strip() == "You are Bo."
    assert bo.seat_token() == token_bo  # the same seat (Bo's)
    assert token_bo not in bo.storage()

    # A forged message choosing another seat changes nothing.
    version = room.version
    kernel = bo.kernel()
    states = kernel.request_states()
    table_id = table_model_id(states)
    lobby_id = table_model_id(states, LOBBY_CLASS)
    hand_of_ada = [str(c) for c in room.session().state.hands[0]]
    for model, content in (
        (table_id, {"type": "action", "text": f"play {hand_of_ada[0]}", "seat": 0}),
        (table_id, {"type": "action", "text": f"play {hand_of_ada[0]}"}),
        (lobby_id, {"type": "join", "code": code, "name": "Eve", "seat": 0}),
        (lobby_id, {"type": "create", "game": "decipher", "bots": [0, 1]}),
    ):
        kernel.send_to_widget(model, {"method": "custom", "content": content})
    assert room.version == version
    assert [s["name"] for s in room.info()["seats"]] == ["Ada", "Bo"]

    marks = finish_decipher(room, pages, secrets, first)
    session = room.session()

    # Every frame before the reveal held only the seat's own observation.
    hands_end = {s: [str(c) for c in session.state.hands[s]] for s in (0, 1)}
    for seat, page in pages.items():
        seen = page.frames_text(marks[seat])
        assert "decipher" in seen.lower()  # the scan read the frames
        assert quoted(secrets[1 - seat], seen) == [], f"seat {seat} saw the other code"
        assert quoted(hands_end[1 - seat], seen) == [], f"seat {seat} saw the other hand"
    assert token_bo not in ada.frames_text()
    assert ada.seat_token() not in bo.frames_text()
    store.close()


def test_wrong_codes_slow_down_and_spectators(rooms_server: Any, devices: Any) -> None:
    server, url, _ = rooms_server
    store = open_store(url)
    room = store.create_room("decipher", bots=[1])
    eve = PlayPage(devices(), server).open()
    for attempt in range(3):
        eve.join(f"TIGER-0000{attempt}-MOSS", "Eve")
        wait_for_js(
            eve.page,
            "n => (document.querySelector('[data-testid=lobby-message]') || {}).textContent"
            "?.includes(n)",
            arg=f"TIGER-0000{attempt}-MOSS",
        )
    assert "wait 2 s" in eve.message()
    eve.join(room.code, "Eve")
    wait_for_js(
        eve.page,
        "() => (document.querySelector('[data-testid=lobby-message]') || {}).textContent"
        "?.includes('Too many wrong codes')",
    )
    # A full room says so.
    eve.page.wait_for_timeout(2100)
    store.join(room.code, "Ada")
    eve.join(room.code, "Eve")
    wait_for_js(
        eve.page,
        "() => (document.querySelector('[data-testid=lobby-message]') || {}).textContent"
        "?.includes('is full')",
    )
    # Watching: the spectator's view, no hand and no hidden card.
    eve.page.locator("[data-testid=join-form] [data-testid=code]").fill(room.code)
    eve.page.locator("[data-testid=watch]").click()
    eve.table_ready()
    assert "watching" in eve.page.locator("[data-testid=who]").inner_text()
    state = room.session().state
    hidden = [str(c) for s in (0, 1) for c in state.hidden[s] + state.hands[s]]
    assert quoted(hidden, eve.frames_text()) == []
    # A reload puts the spectator back in the room watched (the server keeps it).
    eve.page.reload()
    eve.table_ready()
    assert "watching" in eve.page.locator("[data-testid=who]").inner_text()
    assert eve.page.locator("[data-testid=room-code]").inner_text() == room.code
    assert quoted(hidden, eve.frames_text()) == []
    store.close()


def test_intercept_two_against_two(rooms_server: Any, devices: Any) -> None:
    """Four devices, two per team: each Encryptor writes on their own page, each team's
    team-mate submits the team's guess, and no page ever receives the other team's
    keywords; a reload resumes the seat."""
    from tests.browser.intercept_page import CANDIDATES, hidden_words

    server, url, _ = rooms_server
    store = open_store(url)
    room = store.create_room("intercept", {"players": 4, "timer": False})
    state = room.session().state
    keywords = {team: list(state.keywords[team]) for team in (0, 1)}
    people = [("Ada", "white"), ("Bo", "black"), ("Cy", "white"), ("Di", "black")]
    pages: dict[int, InterceptSeat] = {}
    for name, team in people:
        page = InterceptSeat(devices(), server).open()
        page.join_team(room.code, name, team)
        seat = next(s["seat"] for s in room.info()["seats"] if s.get("name") == name)
        assert seat % 2 == (0 if team == "white" else 1)
        pages[seat] = page
    assert sorted(pages) == [0, 1, 2, 3]
    # Each page shows its own team's keywords (and only its own: scanned below).
    for seat, page in pages.items():
        shown = " ".join(page.text(f"keyword-{i}") for i in range(1, 5)).lower()
        assert all(word.lower() in shown for word in keywords[seat % 2]), seat

    # Round 1: the two Encryptors (seats 0 and 1) write on their own devices.
    assert pages[0].role() == "encryptor" and pages[1].role() == "encryptor"
    assert pages[2].role() != "encryptor"
    assert pages[2].page.locator(f"{ITABLE} [data-testid=code]").count() == 0
    clues = {seat: pages[seat].write_clues(room, CANDIDATES) for seat in (0, 1)}

    # Cy reloads: the page resumes seat 3 (Cy's) from the token in the browser.
    pages[2].page.reload()
    pages[2].table_ready()
    assert "Cy" in pages[2].page.locator("[data-testid=who]").inner_text()

    # White's clues are read first: Cy decrypts for White; then Di for Black.
    codes = {team: list(room.session().state.codes[team]) for team in (0, 1)}
    pages[2].guess(room, codes[0])
    pages[3].guess(room, [d for d in reversed(codes[1])])
    for page in pages.values():
        page.page.wait_for_selector(f"{ITABLE}[data-round='2']")
    state = room.session().state
    first = [r for r in state.history if r["round"] == 1]
    assert [r["team"] for r in first] == [0, 1]
    assert [r["clues"] for r in first] == [clues[0], clues[1]]
    assert state.miscommunications == [0, 1]
    assert "Round 2" in pages[0].text("round")

    # No page received the other team's keywords, in any frame (a reload's too).
    # Public: the log, the room's code, and the lobby's own files (its placeholder code
    # is made of code words, which may be keywords too).
    lobby = Path(__file__).resolve().parents[2] / "cipherkit" / "widgets"
    log = " ".join(
        [
            *(str(x) for x in (room.session().view(0).get("log") or [])),
            room.code.replace("-", " "),
            (lobby / "lobby.js").read_text(encoding="utf-8"),
            (lobby / "lobby.css").read_text(encoding="utf-8"),
        ]
    )
    for seat, page in pages.items():
        seen = page.frames_text().lower()
        assert "intercept" in seen  # the scan read the frames
        for word in hidden_words(keywords[1 - seat % 2], log):
            assert not re.search(rf"\b{re.escape(word.lower())}\b", seen), (seat, word)
    store.close()


# Private (not voila_servers): two servers on one database of their own; the pool would
# give the same server twice.
@pytest.fixture(scope="module")
def two_servers_on_postgresql(
    gallery: Path, postgres: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[list[Server], str]]:
    """A database of their own on the session's throwaway PostgreSQL cluster
    (initdb/pg_ctl from Debian's postgresql) and two gallery servers on two ports sharing
    it as their rooms' store."""
    url = postgres.create_database("rooms_two_servers")
    folder = tmp_path_factory.mktemp("two-servers")
    processes, servers = [], []
    try:
        for n in (1, 2):
            server, process = start_store_server(gallery, url, folder / f"voila-{n}.log")
            servers.append(server)
            processes.append(process)
        yield servers, url
    finally:
        stop_process_groups(processes)


def test_two_servers_sharing_postgresql_play_one_game(
    two_servers_on_postgresql: tuple[list[Server], str], devices: Any
) -> None:
    """Ada's page is served by one server, Bo's by the other; the room lives in
    PostgreSQL, and each page shows the other's moves (LISTEN/NOTIFY between servers)."""
    servers, url = two_servers_on_postgresql
    store = open_store(url)
    room = store.create_room("decipher", {"first_player": 0})
    ada = PlayPage(devices(), servers[0]).open()
    bo = PlayPage(devices(), servers[1]).open()
    ada.join(room.code, "Ada")
    ada.table_ready()
    bo.join(room.code, "Bo")
    bo.table_ready()
    pages = {0: ada, 1: bo}
    for page, server in ((ada, servers[0]), (bo, servers[1])):
        kernels = [u for u in page.socket_urls if "/api/kernels/" in u]
        assert kernels and all(f":{server.port}/" in u for u in kernels)
    state = room.session().state
    secrets = {s: [str(c) for c in state.hidden[s]] for s in (0, 1)}

    # Each click waits for the clicker's page to be offered the move: Bo's hand
    # (server 2) comes alive only when Ada's card (server 1) reached his page.
    play_first_turn(room, pages)
    finish_decipher(room, pages, secrets, 0)
    session = room.session()
    assert session.is_over
    assert [seat for seat, _ in session.record.actions[:6]] == [0, 0, 0, 1, 1, 1]
    store.close()


def test_a_dead_kernel_reconnects_and_resumes_the_seat(rooms_server: Any, devices: Any) -> None:
    """SIGKILL the kernel of a seated page: the page says it is reconnecting, reloads,
    and the new kernel resumes the same seat, which the server keeps for the browser."""
    import signal

    from tests.browser.server_kernels import kernels, real_kernel, wait_gone

    server, url, process = rooms_server
    store = open_store(url)
    room = store.create_room("decipher", {"first_player": 0}, bots=[1])
    ada = PlayPage(devices(), server).open()
    ada.join(room.code, "Ada")
    ada.table_ready()
    ada.page.locator("[data-testid=hand] button[data-card]:not([disabled])").first.click()
    assert room.wait(0, timeout=30) > 0
    ada.table_ready()
    version = room.version
    real = real_kernel(server, "play-together.ipynb")
    os.kill(kernels(process)[real].pid, signal.SIGKILL)
    ada.page.wait_for_selector("[data-testid=reconnecting]", timeout=30_000)
    assert "Reconnecting" in ada.page.locator("[data-testid=reconnecting]").inner_text()
    ada.page.wait_for_selector("[data-testid=reconnecting]", state="detached", timeout=30_000)
    ada.table_ready()
    wait_gone(process, real, 20)
    assert ada.page.locator("[data-testid=who]").inner_text().strip() == "You are Ada."
    assert room.info()["seats"][0]["name"] == "Ada"
    assert room.version == version  # nothing lost, nothing doubled
    # The resumed page plays on.
    ada.page.locator("[data-testid=hand] button[data-card]:not([disabled])").first.click()
    assert room.wait(version, timeout=30) > version
    store.close()


def test_an_english_and_a_russian_device_play_one_room_each_in_their_own_words(
    rooms_server: Any, devices: Any
) -> None:
    """Ada's browser asks for English, Бо's for Russian (Accept-Language): the same Play
    together link opens each in its language, they play one Decipher room to its end
    by clicks, each page reads moves and the result in its own words, and the stored
    record holds no translated word."""
    server, url, _ = rooms_server
    store = open_store(url)
    ada = PlayPage(devices(locale="en-GB"), server).open()
    bo = PlayPage(devices(locale="ru-RU"), server).open()
    assert ada.page.evaluate("document.documentElement.lang") == "en"
    assert bo.page.evaluate("document.documentElement.lang") == "ru"
    assert "/voila/render/ru/play-together.ipynb" in bo.page.url  # sent to the twin

    form = ada.page.locator("[data-testid=create-form]")
    form.locator("[data-testid=name]").fill("Ada")
    form.locator("[data-testid=create]").click()
    ada.page.wait_for_selector("[data-testid=room-code]")
    code = ada.page.locator("[data-testid=room-code]").inner_text().strip()
    room = store.room(code)
    ada.table_ready()
    bo.join(code, "Бо")
    bo.table_ready()
    assert ada.page.locator("[data-testid=who]").inner_text().strip() == "You are Ada."
    assert bo.page.locator("[data-testid=who]").inner_text().strip() == "Вы — Бо."

    state = room.session().state
    first = state.turn
    secrets = {s: [str(c) for c in state.hidden[s]] for s in (0, 1)}
    pages = {0: ada, 1: bo}
    play_first_turn(room, pages)
    russian = ("Ничья.", "Вы победили!", "Побеждает")
    finish_decipher(room, pages, secrets, first, results={1: russian})

    board_ru = bo.page.locator("[data-testid=decipher-table]").inner_text()
    board_en = ada.page.locator("[data-testid=decipher-table]").inner_text()
    assert re.search(r"[А-Яа-яЁё]{4}", board_ru)
    names_and_code = {"Ada", "ADA", *re.findall(r"[A-Za-z]+", code)}  # not words
    assert set(re.findall(r"[A-Za-z]{3,}", board_ru)) <= names_and_code
    assert not re.search(r"[А-Яа-яЁё]", re.sub("(?i)бо", "", board_en))  # but the name
    record = json.dumps(store.record(room.id).to_json(), ensure_ascii=False)
    assert not re.search(r"[А-Яа-яЁё]", record.replace("Бо", ""))  # no translated word
    store.close()
