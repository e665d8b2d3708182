"""Security of every gallery page, against the real server, from Chromium and raw sockets.

For every page notebook of ``puzzles/`` (the index, the Decipher page, each published
mission and each lesson in ``puzzles/lessons/``): the first HTML response, the live
page, every widget state returned by ``request_states`` and every message the kernel
sends hold no answer, no face-down content, no hidden card and no exercise answer or
hash; forged comm messages change nothing, solve nothing and kill nothing;
``execute_request`` (and the other non-widget message types) never reach the kernel.
Voila's file routes serve no mission, notebook or registry, however the path is spelled.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.registry import make_bot
from cipherkit.core.rng import Rng
from cipherkit.games.mission import load
from cipherkit.publish.campaign_page import campaign_table
from cipherkit.publish.live import mission_table
from cipherkit.publish.registry import mission_path
from tests.browser.conftest import BAIT, Server
from tests.browser.security_fixtures import (
    DECIPHER_WIDGET,
    EXERCISE_WIDGET,
    MISSION_WIDGET,
    ROOT,
    WORKBENCH_WIDGET,
    OpenPage,
    RawKernel,
    gallery_pages,
    lesson_secrets,
    lesson_widgets,
    mission_file_secrets,
    mission_id,
    mission_secrets,
    page_kind,
    text_of,
    widget_state,
    widget_states,
)
from tests.browser.table_page import dealt
from tests.widgets.leaks import as_text, cards_in, without_envelope

pytestmark = pytest.mark.browser

PAGES = gallery_pages()
MISSION_PAGES = [p for p in PAGES if page_kind(p) in ("mission", "campaign")]
LESSON_PAGES = [p for p in PAGES if page_kind(p) == "lesson"]
# Lesson pages get one visit each (test_a_lesson_page_...), which also forges messages;
# one lesson stands for them all where the check is about Voila, not the page.
PLAIN_PAGES = [p for p in PAGES if p not in LESSON_PAGES]
MISSION_FILES = sorted((ROOT / "missions").glob("*.yaml"))
PAGE_CODE = [
    "mission_table(",
    "DecipherTable(",
    "InterceptTable(",
    "import ",
    '"nbformat"',
    '"cell_type"',
]


def all_file_secrets() -> list[str]:
    """The bait and every mission file's hidden strings (a new list each call)."""
    return list(_file_secrets())


@cache
def _file_secrets() -> tuple[str, ...]:
    # read once a run: a playthrough asks after every move (the files do not change)
    out = [BAIT]
    for file in MISSION_FILES:
        out += mission_file_secrets(load(file))
    return tuple(out)


def widget_of(name: str) -> str | None:
    kinds = {
        "mission": MISSION_WIDGET,
        "campaign": MISSION_WIDGET,
        "game": DECIPHER_WIDGET,
        "intercept": "cipherkit.widgets.intercept.table.InterceptTable",
        "lobby": "cipherkit.widgets.lobby.Lobby",
    }
    return kinds.get(page_kind(name))


def local_table(name: str, server: Server) -> Any:
    """The page's table dealt again here: same seed, same bots, same game (for the
    campaign page: its first mission's table)."""
    if page_kind(name) == "campaign":
        return campaign_table(here=ROOT / "puzzles", seed=server.seed).table
    return mission_table(mission_id(name), seed=server.seed)


def page_secrets(name: str, server: Server, table: Any = None) -> tuple[list[str], list[str]]:
    """(strings, cards) that must not appear on page ``name`` at the start."""
    strings = all_file_secrets()
    cards: list[str] = []
    if page_kind(name) in ("mission", "campaign"):
        strings += mission_secrets((table or local_table(name, server)).state)
    elif page_kind(name) == "game":
        cards = [str(c) for c in dealt(server.seed).hidden[1]]
    elif page_kind(name) == "intercept":  # the other team's keywords, dealt the same way
        from cipherkit.widgets import InterceptTable

        state = InterceptTable(players=4, seed=server.seed).state
        strings += list(state.keywords[1 - state.team_of(0)])
    return strings, cards


def assert_clean(text: str, strings: list[str], cards: list[str], where: str) -> None:
    text = without_envelope(text)  # ids and dates: a short answer can sit in one by chance
    leaked = [s for s in strings if s in text]
    assert not leaked, f"{where}: {leaked}"
    assert not cards_in(text, cards), f"{where}: hidden cards {cards_in(text, cards)}"


def live_text(page: Any) -> str:
    """The page's text and the HTML of its cells (widget DOM included), without the
    JupyterLab style sheets, whose icon names would match short labels like ``bell``."""
    return page.evaluate(
        """() => document.body.innerText + "\\n" + [...document.querySelectorAll(
            ".jp-Cell, .jp-OutputArea")].map(n => n.outerHTML).join("\\n")"""
    )


# ------------------------------------------------------------------ file routes
def route_cases() -> list[str]:
    abs_mission = str(MISSION_FILES[1])
    enc_abs = abs_mission.replace("/", "%2F")
    cases = []
    for name in PAGES:
        cases += [
            f"/voila/files/{name}",
            f"/voila/files/images/../{name}",
            f"/voila/files/images/%2e%2e/{name}",
            f"/voila/files/images/..%2f{name}",
            f"/voila/api/contents/{name}?content=1",
            f"/voila/api/contents/{name}?content=1&format=text",
            f"/voila/tree/{name}",
            f"/files/{name}",
            f"/api/contents/{name}",
        ]
    cases += [
        "/voila/files/.cipherkit/published.json",
        "/voila/files/%2Ecipherkit/published.json",
        "/voila/files/images/..%2f.cipherkit%2fpublished.json",
        "/voila/api/contents/.cipherkit/published.json?content=1",
        "/voila/render/.cipherkit/published.json",
        "/voila/files/../../missions/02-signal-box.yaml",
        "/voila/files/..%2f..%2fmissions%2f02-signal-box.yaml",
        "/voila/files/%2e%2e/%2e%2e/missions/02-signal-box.yaml",
        f"/voila/files/{enc_abs}",
        f"/voila/files/{abs_mission}",
        f"/voila/files//{abs_mission}",
        "/voila/render/..%2f..%2fmissions%2f02-signal-box.yaml",
        f"/voila/render/{enc_abs}",
        "/voila/static/..%2f..%2f..%2f..%2fmissions%2f02-signal-box.yaml",
        "/voila/templates/..%2f..%2fmissions%2f02-signal-box.yaml",
        "/voila/labextensions/..%2f..%2fmissions%2f02-signal-box.yaml",
        "/voila/files/mission.yaml",
        "/voila/files/missions/heist.yaml",
        "/voila/files/answers.json",
        "/voila/files/.private/answer.png",
        "/voila/render/mission.yaml",
        "/voila/render/secret.py",
        "/voila/render/answers.json",
        "/voila/api/contents/mission.yaml?content=1",
        "/voila/api/contents/missions?content=1",
        "/voila/files/lessons/conftest.py",
        "/voila/files/lessons/images/..%2f01-caesar-and-brute-force.ipynb",
        "/voila/api/contents/lessons?content=1",
    ]
    return cases


def test_file_routes_serve_no_mission_notebook_or_registry(voila_server: Server) -> None:
    secrets = [*all_file_secrets(), '"missions":', "format: 1", "solution:"]
    failures = []
    for path in route_cases():
        status, body = voila_server.get(path)
        code = [c for c in PAGE_CODE if c in body]
        leaked = [s for s in secrets if s in body]
        if leaked or code:
            failures.append(f"{path} -> {status}: {leaked + code}")
    assert not failures, "\n".join(failures)
    # ... while the thumbnails the index shows are served.
    for folder in ("images", "lessons/images"):
        for image in sorted((ROOT / "puzzles" / folder).iterdir()):
            status, _ = voila_server.get(f"/voila/files/{folder}/{image.name}")
            assert status == 200, image.name


# ------------------------------------------------------------------ each page
# One visit per page runs the three checks below in turn (each page load costs a
# preheated kernel, its refill and Chromium's work: the suite's time); each check says
# which it is when it fails.
EXEC_MARK = "EXEC-RAN-4417"


def check_nothing_hidden(
    page: Any, opened: OpenPage, kernel: RawKernel, name: str, strings: list[str], cards: list[str]
) -> None:
    """The widget states and every websocket frame and kernel message so far hold
    nothing hidden (the first HTML and the live page are checked before the kernel is
    opened)."""
    if widget_of(name):
        states = kernel.request_states()
        assert_clean(as_text(states), strings, cards, f"{name}: request_states")
        widget_state(states, widget_of(name))  # the table is there to be read
    page.wait_for_timeout(300)
    assert_clean(text_of(opened.frames), strings, cards, f"{name}: websocket frames")
    assert_clean("\n".join(kernel.raw), strings, cards, f"{name}: raw client")


def check_kernel_requests_refused(kernel: RawKernel, name: str, proof: Path) -> None:
    """``execute_request`` and every other non-widget request (on the shell, control and
    stdin channels) get no reply and run nothing; the kernel stays alive and still
    serves its widgets."""
    code = f"open({str(proof)!r}, 'w').write('x'); print({EXEC_MARK!r})"
    sent = {
        kernel.send(
            "execute_request",
            {
                "code": code,
                "silent": False,
                "store_history": True,
                "user_expressions": {"x": f"{EXEC_MARK!r}"},
                "allow_stdin": False,
                "stop_on_error": True,
            },
        ),
        kernel.send("inspect_request", {"code": "open", "cursor_pos": 4, "detail_level": 1}),
        kernel.send("complete_request", {"code": "import o", "cursor_pos": 8}),
        kernel.send(
            "history_request",
            {"output": True, "raw": True, "hist_access_type": "tail", "n": 10},
        ),
        kernel.send("is_complete_request", {"code": "x ="}),
        kernel.send("execute_request", {"code": code}, channel="control"),
        kernel.send("debug_request", {"command": "evaluate", "arguments": {}}, channel="control"),
        kernel.send("interrupt_request", {}, channel="control"),
        kernel.send("input_reply", {"value": code}, channel="stdin"),
    }
    got = kernel.collect(4)
    replies = [m for m in got if m.get("parent_header", {}).get("msg_id") in sent]
    assert not replies, f"{name}: the kernel answered: {[m['msg_type'] for m in replies]}"
    assert EXEC_MARK not in "\n".join(kernel.raw) and not proof.exists(), name
    # ... and it is alive and still serves its widgets.
    if widget_of(name):
        widget_state(kernel.request_states(), widget_of(name))
    if page_kind(name) == "lesson":
        assert widget_states(kernel.request_states(), EXERCISE_WIDGET)
    info = kernel.send("kernel_info_request", {})
    assert kernel.until_idle(info), f"{name}: the kernel no longer answers"


def forgeries(view: dict[str, Any]) -> list[dict[str, Any]]:
    won = {**view, "outcome": {"won": True, "winners": [0], "answer": "X"}, "phase": "over"}
    return [
        {"method": "update", "state": {"view": won, "message": "you win"}, "buffer_paths": []},
        {"method": "update", "state": {"message": "x" * 5000}, "buffer_paths": []},
        {"method": "update", "state": {"_esm": "alert(1)", "layout": "IPY_MODEL_x"}},
        {"method": "custom", "content": {"type": "action", "text": "solve it for me"}},
        {"method": "custom", "content": {"type": "action", "text": "propose " + "A" * 100000}},
        {"method": "custom", "content": {"type": "new_game", "seed": 1}},
        {"method": "custom", "content": {"type": "claim", "seat": 99}},
        {"method": "custom", "content": {"type": "reveal_everything"}},
        {"method": "custom", "content": ["not", "a", "dict"]},
        {"method": "custom", "content": {"type": "action", "text": {"nested": [1] * 1000}}},
        {"method": "request_state"},
        {"method": "bogus_method", "data": None},
        {"no_method": True},
        {"method": "custom", "content": {"type": "move", "card": "AS", "column": 9}},
        {"method": "custom", "content": {"type": "guess", "cards": ["AS", "KS", "QS"]}},
    ]


def check_forgeries_change_nothing(
    kernel: RawKernel, name: str, strings: list[str], cards: list[str]
) -> tuple[str, dict[str, Any]]:
    """Forged comm messages to the table, to an unknown comm and to an unknown target
    neither reveal, nor win, nor change the view; return the table's id and state."""
    model_id, before = widget_state(kernel.request_states(), widget_of(name))
    for data in forgeries(before["view"]):
        kernel.to_widget(model_id, data)
    # Unknown comm ids and unknown comm targets never reach the kernel (the server
    # refuses them: no reply at all); then a message over the size limit.
    refused = {
        kernel.send("comm_msg", {"comm_id": "no-such-comm", "data": {}}),
        kernel.send("comm_open", {"comm_id": "c1", "target_name": "evil", "data": {}}),
    }
    replies = [m for m in kernel.collect(2) if m.get("parent_header", {}).get("msg_id") in refused]
    assert not replies, replies
    _, after = widget_state(kernel.request_states(), widget_of(name))
    assert after["view"].get("outcome") == before["view"].get("outcome")
    assert after["view"].get("phase") == before["view"].get("phase")
    assert {k: v for k, v in after["view"].items() if k != "serial"} == {
        k: v for k, v in before["view"].items() if k != "serial"
    }
    assert_clean("\n".join(kernel.raw), strings, cards, f"{name}: replies to forgeries")
    return model_id, before


def check_a_huge_frame_kills_nothing(
    port: int, kernel_id: str, model_id: str, before: dict[str, Any], name: str
) -> None:
    """3 MB in one frame: the server drops the connection, not the kernel, whose table
    is still as it was."""
    huge = RawKernel(port, kernel_id)
    try:
        huge.send(
            "comm_msg",
            {"comm_id": model_id, "data": {"method": "custom", "content": {"x": "A" * 3_000_000}}},
        )
        huge.collect(2)
    except Exception:  # the socket being closed on us is the expected answer
        pass
    finally:
        huge.close()
    again = RawKernel(port, kernel_id)
    try:
        _, last = widget_state(again.request_states(), widget_of(name))
        assert last["view"].get("outcome") == before["view"].get("outcome")
    finally:
        again.close()


@pytest.mark.parametrize("name", PLAIN_PAGES)
def test_a_page_holds_nothing_hidden_refuses_kernel_requests_and_resists_forgeries(
    page: Any, voila_server: Server, name: str, tmp_path: Path
) -> None:
    """(Before, three tests of a visit each: ``..._html_and_widget_states_hold_nothing_
    hidden``, ``..._execute_request_and_other_kernel_requests_are_refused`` and
    ``..._forged_comm_messages_neither_reveal_nor_win_nor_kill``.)"""
    opened = OpenPage(page, voila_server, name).open()
    strings, cards = page_secrets(name, voila_server)
    assert_clean(opened.first_html, strings + PAGE_CODE, cards, f"{name}: first HTML")
    assert_clean(live_text(page), strings + PAGE_CODE, cards, f"{name}: live page")
    if page_kind(name) == "index":  # no widget: the page ends its kernel once drawn,
        assert opened.kernel_has_ended() and not opened.socket_urls  # nothing to send to
        return
    kernel = opened.kernel()
    try:
        check_nothing_hidden(page, opened, kernel, name, strings, cards)
        check_kernel_requests_refused(kernel, name, tmp_path / "ran.txt")
        if widget_of(name):
            model_id, before = check_forgeries_change_nothing(kernel, name, strings, cards)
    finally:
        kernel.close()
    if widget_of(name):
        check_a_huge_frame_kills_nothing(
            voila_server.port, kernel.kernel_id, model_id, before, name
        )
        page.wait_for_timeout(300)
        assert_clean(text_of(opened.frames), strings, cards, f"{name}: page frames")
        assert_clean(live_text(page), strings, cards, f"{name}: page after forgeries")


def test_a_lesson_page_refuses_execute_request_and_other_kernel_requests(
    page: Any, voila_server: Server, tmp_path: Path
) -> None:
    """One lesson stands for them all (the check is about Voila, not the page)."""
    (name,) = LESSON_PAGES[:1]
    opened = OpenPage(page, voila_server, name).open()
    kernel = opened.kernel()
    try:
        check_kernel_requests_refused(kernel, name, tmp_path / "ran.txt")
    finally:
        kernel.close()


# ------------------------------------------------------------------ lessons
LESSON_CODE = ["ExerciseBox(", "Workbench(", "digest=", '"nbformat"', '"cell_type"']


def lesson_forgeries(model_id: str, kind: str, state: dict[str, Any]) -> list[dict[str, Any]]:
    if kind == "exercise":
        view = {**state["view"], "solved": True, "correct": True, "result": "✓ correct"}
        return [
            {"method": "update", "state": {"view": view, "message": ""}, "buffer_paths": []},
            {"method": "custom", "content": {"type": "reveal"}},
            {"method": "custom", "content": {"type": "check", "answer": "A" * 100_000}},
            {"method": "custom", "content": {"type": "check", "answer": ["x"]}},
            {"method": "custom", "content": {"type": "check", "answer": "no", "solved": True}},
            {"method": "custom", "content": {"type": "check", "answer": "not it"}},
        ]
    view = {**state["view"], "text": "forged", "board": {"A": "B"}}
    return [
        {"method": "update", "state": {"view": view}, "buffer_paths": []},
        {"method": "update", "state": {"_esm": "alert(1)"}},
        {"method": "custom", "content": {"type": "set", "cipher": "enigma"}},
        {"method": "custom", "content": {"type": "set", "key": {"x": 1}}},
        {"method": "custom", "content": {"type": "run", "direction": "reveal"}},
        {"method": "custom", "content": {"type": "assign", "cipher_letter": "AB"}},
        {"method": "custom", "content": ["not", "a", "dict"]},
    ]


@pytest.mark.parametrize("name", LESSON_PAGES)
def test_a_lesson_page_holds_no_answer_and_resists_forgeries(
    page: Any, voila_server: Server, name: str
) -> None:
    """One visit per lesson page: the first HTML, the live page, every widget state and
    every kernel message hold no exercise answer, hash or exercise code; then forged
    updates and messages to every workbench and exercise box solve nothing, change
    nothing (but the wrong answer's ✗) and still reveal nothing."""
    opened = OpenPage(page, voila_server, name).open()
    secrets = lesson_secrets(name)
    assert_clean(opened.first_html, secrets + LESSON_CODE, [], f"{name}: first HTML")
    assert_clean(live_text(page), secrets + LESSON_CODE, [], f"{name}: live page")
    benches, exercises = lesson_widgets(name)
    kernel = opened.kernel()
    try:
        states = kernel.request_states()
        assert_clean(as_text(states), secrets, [], f"{name}: request_states")
        found = {
            "workbench": widget_states(states, WORKBENCH_WIDGET),
            "exercise": widget_states(states, EXERCISE_WIDGET),
        }
        assert (len(found["workbench"]), len(found["exercise"])) == (benches, exercises)
        for kind, models in found.items():
            for model_id, state in models.items():
                for data in lesson_forgeries(model_id, kind, state):
                    kernel.to_widget(model_id, data)
        after = kernel.request_states()
        for model_id, before in found["workbench"].items():
            assert after[model_id]["state"]["view"] == before["view"]
            assert after[model_id]["state"]["message"].startswith("refused")
        for model_id, before in found["exercise"].items():
            view = after[model_id]["state"]["view"]
            assert not view["solved"] and view["result"] == "✗ not yet", view
            assert view["tries"] == before["view"]["tries"] + 1  # only the plain wrong one
        assert_clean(as_text(after), secrets, [], f"{name}: request_states after forgeries")
        page.wait_for_timeout(300)
        assert_clean(text_of(opened.frames), secrets, [], f"{name}: websocket frames")
        assert_clean("\n".join(kernel.raw), secrets, [], f"{name}: raw client")
    finally:
        kernel.close()
    assert_clean(live_text(page), secrets + LESSON_CODE, [], f"{name}: page after forgeries")


# ------------------------------------------------------------------ whole playthroughs
MAX_MOVES = 120


@pytest.mark.parametrize("name", MISSION_PAGES)
def test_a_whole_mission_playthrough_sends_nothing_hidden(
    page: Any, voila_server: Server, name: str
) -> None:
    """The human seat plays the planner bot's moves over a raw websocket while a copy of
    the table deals the same game here; every message the kernel sends after each move
    is checked against what is still hidden after that move."""
    opened = OpenPage(page, voila_server, name).open()
    mirror = local_table(name, voila_server)
    bot, rng = make_bot("mission", "planner"), Rng(7)
    kernel = opened.kernel()
    checked = 0
    try:
        model_id, start = widget_state(kernel.request_states(), MISSION_WIDGET)
        assert start["view"]["legal"] == mirror.view["legal"]
        seat = mirror.humans[0]
        for _ in range(MAX_MOVES):
            state = mirror.state
            if state.outcome is not None:
                break
            action = bot.act(state.observe(seat), state.legal_actions(seat), rng)
            content = {"type": "action", "text": str(action)}
            sent = kernel.to_widget(model_id, {"method": "custom", "content": content})
            mirror.handle_message(content)
            own = str(mirror.mission.solution)
            # another mission's answer inside this one's (LAMP in UNDER THE LAMP) shows
            # once its windows open: what is still hidden here is in mission_secrets
            strings = [s for s in all_file_secrets() if s not in own]
            strings += mission_secrets(mirror.state, mirror.record)
            if any(s in str(action) for s in strings):
                strings = [BAIT]  # the player's own guess comes back in the log
            if mirror.state.outcome is not None:
                strings = [BAIT]  # the end reveals the answer, as it should
            assert_clean(text_of(sent), strings, [], f"{name}: after {action}")
            checked += len(sent)
        assert mirror.state.outcome is not None, f"no end within {MAX_MOVES} moves"
        _, end = widget_state(kernel.request_states(), MISSION_WIDGET)
        assert end["view"]["outcome"] == mirror.view["outcome"]
    finally:
        kernel.close()
    assert checked > 10
    assert json.dumps(start)  # the start state was read through the control comm
    path = mission_path(mirror.mission.id, here=ROOT / "puzzles")
    assert ROOT / "missions" in path.parents  # loaded from outside the served folder
