"""The replay and the generic table in Russian (issue 47): a Decipher record replayed at
``lang="ru"`` shows no English in its view or its words at any step and for any viewer;
English is unchanged; the generic table says its turn, log, board and refusals in the
table's language."""

from __future__ import annotations

from cipherkit.core.protocol import Outcome
from cipherkit.core.registry import get_game
from cipherkit.core.session import LoggedEvent
from cipherkit.i18n import speaking
from cipherkit.widgets import Replay
from cipherkit.widgets.generic.table import GenericTable
from cipherkit.widgets.generic.view import build_view
from cipherkit.widgets.table_backend import Moment
from tests.widgets.languages import latin_runs
from tests.widgets.page_messages import page_message
from tests.widgets.records import bot_record


def english_in(widget: Replay | GenericTable, allowed: tuple[str, ...] = ()) -> list[str]:
    return latin_runs(
        {"view": widget.view, "words": widget.words, "message": widget.message}, allowed
    )


def test_a_russian_replay_shows_no_english_at_any_step_for_any_viewer() -> None:
    record = bot_record("decipher", {"first_player": 0}, 5, "solver")
    replay = Replay(record, lang="ru")
    assert replay.words["play"] == "▶ Играть"
    seen: list[str] = []
    for viewer in ("0", "1", "spectator"):
        page_message(replay, {"type": "viewer", "viewer": viewer})
        for step in range(0, replay.view["steps"] + 1, 3):
            page_message(replay, {"type": "seek", "step": step})
            assert replay.message == ""
            seen += english_in(replay, ("Decipher",))
        page_message(replay, {"type": "seek", "step": replay.view["steps"]})
        seen += english_in(replay, ("Decipher",))
    assert not seen, "\n".join(dict.fromkeys(seen))
    view = replay.view
    assert view["viewer_label"] == "Зритель"
    assert view["outcome"].startswith(("Победа: Игрок", "Ничья"))
    assert view["board"]["facts"][0][0] == "Ход"
    assert any("кладёт" in entry["text"] for entry in view["log"]) or view["events"]
    page_message(replay, {"type": "viewer", "viewer": "omniscient"})
    assert replay.message == "refused: этот повтор показывает только: Игрок 1, Игрок 2, Зритель"


def test_an_omniscient_russian_replay_shows_no_english_either() -> None:
    record = bot_record("decipher", {"first_player": 0}, 6, "random")
    replay = Replay(record, omniscient=True, step=4, lang="ru")
    assert replay.view["board"]["tables"][-1]["title"] == "Истинное состояние (всевидящий взгляд)"
    assert not english_in(replay, ("Decipher",))


def test_an_english_replay_is_unchanged() -> None:
    record = bot_record("decipher", {"first_player": 0}, 5, "solver")
    plain, english = Replay(record), Replay(record, lang="en")
    assert plain.view == english.view and plain.words == english.words
    assert plain.view["viewer_label"] == "Spectator"
    assert plain.view["board"]["facts"][1] == ["Phase", "play"]
    page_message(plain, {"type": "seek", "step": 1})
    assert plain.view["events"][0].startswith("Player 1 plays ")


def test_the_generic_view_speaks_the_language_in_force() -> None:
    spec = get_game("decipher")
    state = spec.new_game({"first_player": 0}, seed=3)
    events = state.apply(0, state.legal_actions(0)[1])
    log = [LoggedEvent(1, 0, event) for event in events]
    moment = Moment(1, state.observe(0), [str(a) for a in state.legal_actions(0)], log, [0], None)
    over = Moment(9, state.observe(0), [], log, [], Outcome((1,), "code broken", {"0": 3, "1": 6}))
    with speaking("ru"):
        view = build_view(spec, moment, seat=0, names=["Ада", "Бо"])
        ended = build_view(spec, over, seat=0, names=["Ада", "Бо"])
    assert view["turn"] == "Ваш ход, Ада."
    assert view["log"][0].startswith("Игрок 1 кладёт ")
    assert not latin_runs(view, ["Decipher"]) and not latin_runs(ended, ["Decipher"])
    assert ended["outcome"] == "Побеждает Бо (код взломан). Очки: Ада 3, Бо 6."
    english = build_view(spec, over, seat=0, names=["Ada", "Bo"])
    assert english["outcome"] == "Bo wins (code broken). Scores: Ada 3, Bo 6."


def test_a_russian_generic_table_refuses_in_russian() -> None:
    table = GenericTable("decipher", bots="random", seed=7, config={"first_player": 0}, lang="ru")
    before = (table.session.state.to_json(), list(table.record.actions), table.view)
    page_message(table, {"type": "action", "text": "skip"})
    assert table.message == (
        "illegal: на столбце 1 ещё нет карты: на первом ходу нужно положить карту на каждый столбец"
    )
    assert (table.session.state.to_json(), list(table.record.actions), table.view) == before
    assert table.words["what_happened"] == "Что произошло"
