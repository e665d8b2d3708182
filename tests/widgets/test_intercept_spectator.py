"""Watching an intercept room: the spectator's table shows both teams' clues read,
revealed codes, tokens, round and phase, and never either team's keywords nor a code
still secret (in its synced view and in anything it sends), until the game is over."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

from cipherkit.rooms import open_store
from cipherkit.widgets.lobby import Lobby
from tests.widgets.leaks import as_text


def send(widget: Any, content: Any) -> None:
    """A custom message as ipywidgets delivers the page's ``model.send``."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def words_in(text: str, words: list[str]) -> list[str]:
    return [w for w in words if re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text, re.I)]


def context(text: str, words: list[str]) -> str:
    """Where the first leaked word sits in ``text``, for the failure message."""
    if not words:
        return ""
    at = re.search(rf"(?<![a-z]){re.escape(words[0])}(?![a-z])", text, re.I)
    return text[max(0, at.start() - 200) : at.end() + 80] if at else ""


def test_a_spectator_sees_the_play_and_no_keyword(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        room = store.create_room("intercept", {"players": 4}, bots=[1, 3], seed=5)
        people = [store.join(room.code, "Ada", team="white"), store.join(room.code, "Bo")]
        state = room.session().state
        keywords = [w for team in state.keywords for w in team]  # type: ignore[attr-defined]
        lobby = Lobby(store=store)
        sent: list[Any] = []
        try:
            send(lobby, {"type": "watch", "code": room.code})
            assert lobby.message == "" and lobby.view["stage"] == "watching"
            table: Any = lobby.table
            assert type(table).__name__ == "InterceptTable"
            table.send = lambda content, buffers=None: sent.append(content)
            send(table, {"type": "action", "text": "clue hello"})
            assert table.message == "illegal: a spectator watches and cannot move"
            send(table, {"type": "check", "text": keywords[0]})
            assert table.message.startswith("illegal: you are not writing clues")
            seen_reveal = False
            for n in range(80):
                table._room_changed()
                view = table.view
                if view["outcome"] is not None:
                    break
                assert view["you"]["spectator"] and view["you"]["role"] is None
                assert view["keywords"] is None and view["code"] is None
                assert all(team["keywords"] is None for team in view["teams"])
                shown = as_text({"view": view, "message": table.message, "sent": sent})
                shown += as_text(lobby.view)
                # the room's code is three random words drawn apart from the deal, and
                # may by chance be a keyword (COTTON-11798-TABLE): it tells nothing
                shown = shown.replace(room.code, "")
                # a clue is public once given, even one that is the other team's keyword
                # (rules 2.9: clues are checked against the Encryptor's own keywords only)
                given = {
                    c.lower()
                    for side in view["notes"]
                    for row in side["rows"]
                    for c in row["clues"]
                    if c
                }
                secret = [w for w in keywords if w.lower() not in given]
                assert words_in(shown, secret) == [], context(shown, words_in(shown, secret))
                seen_reveal = seen_reveal or view["last_reveal"] is not None
                acted = False
                for person in people:
                    legal = person.legal_actions()
                    if legal:
                        person.act(legal[n % len(legal)])
                        acted = True
                        break
                assert acted
            assert seen_reveal  # past rounds' codes and guesses are shown
            assert any(row["clues"] for side in view["notes"] for row in side["rows"])
            if view["outcome"] is not None:  # over: everything may be shown
                assert view["outcome"]["result"] in ("watched", "draw")
                assert view["outcome"]["keywords"]
        finally:
            lobby.close()
            for thread in threading.enumerate():  # the table's live thread, before the store
                if thread.name.startswith("cipherkit-room-"):
                    thread.join(10)
