"""Solo games kept in a room store (cipherkit.rooms.solo): stored at the first move with
exactly the deal shown, resumed in another process from the token only, and never
resumed from a token that is forged, another page's, a Play-together room's or old."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError, IllegalAction
from cipherkit.rooms import Store, UnknownToken, open_store
from cipherkit.rooms.solo import SoloGame

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as opened:
        yield opened


def play(game: SoloGame, moves: int) -> None:
    for _ in range(moves):
        if game.session.is_over:
            return
        game.act(game.legal()[0])


def test_nothing_is_stored_before_the_first_move_and_the_deal_is_the_room_s(
    store: Store,
) -> None:
    game = SoloGame(store, "decipher", {"first_player": 1}, seed=11, bots={1: "solver"})
    shown = game.session.record.actions  # the bot went first, before anything is stored
    assert shown and game.token is None and store.rooms() == []
    play(game, 1)
    assert game.token is not None and len(store.rooms()) == 1
    stored = store.room(game.handle.room_id).record()  # type: ignore[union-attr]
    assert stored.actions[: len(shown)] == shown  # the room dealt exactly what was shown
    assert stored.actions == game.session.record.actions
    assert game.session.state == stored.replay()


def test_a_resumed_game_is_the_same_game_and_goes_on(store: Store) -> None:
    game = SoloGame(store, "mission", _mission_config(), seed=3, bots={1: "planner"})
    play(game, 4)
    again = SoloGame.resume(store, game.token or "", "mission")
    assert again.session.record.actions == game.session.record.actions
    assert again.session.view(0) == game.session.view(0)
    assert again.seat == 0 and again.bots == {1: "planner"}
    play(again, 2)
    assert again.session.version > game.session.version


def test_a_game_resumes_in_another_process_from_the_token_alone(
    store: Store, tmp_path: Path
) -> None:
    game = SoloGame(store, "decipher", None, seed=5, bots={1: "solver"})
    play(game, 3)
    code = (
        "import sys, json\n"
        "from cipherkit.rooms import open_store\n"
        "from cipherkit.rooms.solo import SoloGame\n"
        "store = open_store(sys.argv[1])\n"
        "game = SoloGame.resume(store, sys.argv[2], 'decipher')\n"
        "print(json.dumps(game.session.record.actions))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, store.url, game.token or ""],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert [tuple(a) for a in __import__("json").loads(out.stdout)] == game.session.record.actions


@pytest.mark.parametrize(
    "token",
    ["", "x", "A" * 43, "forged-token-forged-token-forged-token-0000", "A" * 200],
)
def test_a_forged_token_resumes_nothing(store: Store, token: str) -> None:
    game = SoloGame(store, "decipher", None, seed=5, bots={1: "solver"})
    play(game, 2)
    with pytest.raises(UnknownToken):
        SoloGame.resume(store, token, "decipher")
    assert SoloGame.try_resume(store, token, "decipher") is None


def test_a_token_of_another_game_page_or_room_resumes_nothing(store: Store) -> None:
    game = SoloGame(store, "decipher", None, seed=5, bots={1: "solver"})
    play(game, 2)
    token = game.token or ""
    assert SoloGame.try_resume(store, token, "mission") is None  # another game's page
    assert SoloGame.try_resume(store, token, "decipher", lambda record: False) is None
    # a Play-together room with another person in it is not a solo game
    room = store.create_room("decipher", None, seed=2)
    ada = store.join(room.code, "Ada")
    store.join(room.code, "Bo")
    with pytest.raises(UnknownToken, match="no solo game"):
        SoloGame.resume(store, ada.token, "decipher")


def test_an_old_game_has_expired(store: Store) -> None:
    game = SoloGame(store, "decipher", None, seed=5, bots={1: "solver"})
    play(game, 2)
    with pytest.raises(UnknownToken, match="expired"):
        SoloGame.resume(store, game.token or "", "decipher", max_age=-1)


def test_an_illegal_move_stores_nothing(store: Store) -> None:
    game = SoloGame(store, "decipher", None, seed=5, bots={1: "solver"})
    play(game, 1)
    before = game.session.record.actions
    with pytest.raises(IllegalAction):
        game.act("play ZZ")
    assert store.room(game.handle.room_id).record().actions == before  # type: ignore[union-attr]
    assert game.session.record.actions == before


def test_a_game_played_on_elsewhere_is_caught_up(store: Store) -> None:
    """Two tabs of one page hold the same token: the store is the truth."""
    game = SoloGame(store, "decipher", None, seed=5, bots={1: "solver"})
    play(game, 1)
    other = SoloGame.resume(store, game.token or "", "decipher")
    play(other, 2)
    play(game, 1)  # acts on the stored game, and is caught up with the other tab's moves
    stored = store.room(game.handle.room_id).record().actions  # type: ignore[union-attr]
    assert game.session.record.actions == stored


def test_a_solo_game_has_one_person(store: Store) -> None:
    with pytest.raises(CipherkitError, match="exactly one person"):
        SoloGame(store, "decipher", None, seed=1, bots={})


def _mission_config() -> dict[str, object]:
    from cipherkit.games.mission import load
    from cipherkit.widgets.mission.table import table_config

    return table_config(load(ROOT / "missions" / "02-signal-box.yaml"), 2)
