"""What an author reads from a playtest (issue #21 item 7): the player count and secret
rules the games used, turn counts rounded, and the field tune_deck's result sets."""

from __future__ import annotations

import re
from pathlib import Path

from cipherkit.playtest import run_playtest
from cipherkit.playtest.tune import tune_deck

ROOT = Path(__file__).resolve().parents[2]
SIGNAL_BOX = ROOT / "missions" / "02-signal-box.yaml"
LANTERN = ROOT / "missions" / "01-lantern-archive.yaml"


def test_the_summary_names_players_and_secret_rules_and_rounds_turns() -> None:
    result = run_playtest(
        SIGNAL_BOX, games=6, workers=1, seed=2, players=2, secrets=["clerks-note"]
    )
    text = result.summary_text()
    assert "2 players, secret rules The Clerk's Note (clerks-note)" in text
    html = result._repr_html_()
    assert "The Clerk&#x27;s Note" in html and "2 players" in html
    # no figure for people with more than one decimal
    assert not re.search(r"\d\.\d{2,}", text), text
    assert not re.search(r"<td>\d+\.\d{2,}", html), html
    mixed = run_playtest(LANTERN, games=6, workers=1, seed=2)
    assert "players 1/2/3/4 (mixed), no secret rules" in mixed.summary_text() or (
        "(mixed), no secret rules" in mixed.summary_text()
    )


def test_tune_deck_says_which_field_to_set() -> None:
    tuned = tune_deck(LANTERN, "easy", values=range(10, 12), games=6, workers=1)
    assert tuned.advice.startswith(f"Set deck.values: {tuned.best_values} in the mission file")
    assert "2 players, no secret rules" in tuned.advice
    assert tuned.advice in repr(tuned)


def test_the_tables_plots_and_summary_speak_the_language_in_force() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from cipherkit.i18n import speaking

    result = run_playtest(LANTERN, games=6, workers=1, seed=2, players=2)
    english = result._repr_html_()
    with speaking("ru"):
        html = result._repr_html_()
        text = result.summary_text()
        figure = result.plot()
    assert "win rate" in english and "mean turns" in english
    for label in ("доля побед", "ходов в среднем", "Угроза нехватки времени", "сложность"):
        assert label in html, label
    assert "win rate" not in html and "mean turns" not in html and "In Peril" not in html
    assert "2 игрока, без секретов" in text and "ходы: в среднем" in text
    assert [ax.get_title() for ax in figure.axes][:2] == [
        "Длина партии",
        "Доля побед по числу игроков",
    ]
    assert result._repr_html_() == english  # the language was only in force in the block
