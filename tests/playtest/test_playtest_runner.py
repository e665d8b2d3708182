"""The playtest runner and its figures: determinism whatever the workers or batches,
the JSON keys, errors as one-line CipherkitErrors, candidates beside the mission file,
statistics, the notebook table and the plots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission import GAME, load
from cipherkit.playtest import (
    GameRecord,
    PlaytestResult,
    difficulty,
    run_playtest,
    runner,
    wilson_interval,
)
from cipherkit.playtest.runner import batch_size_for, game_players, play_game

ROOT = Path(__file__).resolve().parents[2]
LANTERN = ROOT / "missions" / "01-lantern-archive.yaml"
SIGNAL = ROOT / "missions" / "02-signal-box.yaml"
KEYS = {
    "mission", "games", "seed", "bots", "players", "win_rate", "win_rate_ci", "wins",
    "mean_turns", "loss_causes", "solve", "peril", "room_visits", "by_players",
    "turn_histogram", "difficulty", "games_per_second",
}  # fmt: skip


def stable(result: PlaytestResult) -> str:
    data = result.to_json()
    data.pop("games_per_second")
    return json.dumps(data, sort_keys=True)


def test_same_seed_same_figures_with_one_or_two_worker_processes() -> None:
    one = run_playtest(SIGNAL, games=24, workers=1, seed=9)
    two = run_playtest(SIGNAL, games=24, workers=2, seed=9)
    small = run_playtest(SIGNAL, games=24, workers=2, seed=9, batch_size=5)
    assert stable(one) == stable(two) == stable(small)
    assert one.records == two.records == small.records
    other = run_playtest(SIGNAL, games=24, workers=1, seed=10)
    assert [r.seed for r in other.records] == list(range(10, 34))
    assert stable(other) != stable(one)


def test_json_has_the_promised_keys_and_is_json_safe() -> None:
    result = run_playtest(LANTERN, games=8, workers=1, seed=1)
    data = result.to_json()
    assert set(data) >= KEYS
    assert json.loads(json.dumps(data, allow_nan=False)) == data
    assert data["mission"] == "lantern-archive" and data["games"] == 8
    assert set(data["loss_causes"]) == {"wrong answer", "out of time", "stalled"}
    lo, hi = data["win_rate_ci"]
    assert 0 <= lo <= data["win_rate"] <= hi <= 1
    assert data["players"] == "mixed" and set(data["by_players"]) == {"1", "2", "3", "4"}
    assert sum(data["turn_histogram"].values()) == 8
    assert data["difficulty"]["label"] in ("easy", "medium", "hard", "very hard", "brutal")
    assert set(data["room_visits"]) == set(load(LANTERN).map.nodes)


def test_records_carry_the_game_figures() -> None:
    result = run_playtest(SIGNAL, games=12, workers=1, seed=3, players=2)
    assert all(r.players == 2 for r in result.records)
    for r in result.records:
        assert isinstance(r, GameRecord) and r.turns >= 1 and r.actions > r.turns
        if r.reason in ("solved", "wrong answer"):
            assert 1 <= r.solve_glyphs <= 7 and r.solve_windows <= 10  # type: ignore[operator]
        else:
            assert r.solve_glyphs is None
        if r.peril_turn is not None:
            assert 1 <= r.peril_turn <= r.turns
        assert len(r.room_visits) == 6 and sum(r.room_visits) > 0
    assert sum(r.won for r in result.records) == result.figures["wins"]


def test_bad_inputs_are_one_line_cipherkit_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\ntitle: [unclosed\n", encoding="utf-8")
    for kwargs, message in [
        ({"mission": bad}, "bad.yaml"),
        ({"mission": tmp_path / "missing.yaml"}, "missing.yaml"),
        ({"mission": LANTERN, "bots": "genius"}, "unknown mission bot 'genius'"),
        ({"mission": LANTERN, "bots": "planner:heroic"}, "unknown planner level"),
        ({"mission": LANTERN, "players": 6}, "1 to 4 players, not 6"),
        ({"mission": LANTERN, "games": 0}, "at least one game"),
    ]:
        kwargs.setdefault("games", 2)
        with pytest.raises(CipherkitError, match=message) as info:
            run_playtest(workers=1, **kwargs)
        assert "\n" not in str(info.value)


class _Cheat:
    """Confirms an answer nobody proposed, or raises."""

    def __init__(self, fail: bool) -> None:
        self.fail = fail

    def act(self, observation: dict, legal: list, rng: object) -> object:
        if self.fail:
            raise ValueError("lost its notes")
        return GAME.parse_action("confirm")


@pytest.mark.parametrize(
    ("fail", "message"),
    [
        (False, r"lantern-archive, game 3: bot 'planner' chose an illegal action confirm"),
        (True, r"lantern-archive, game 3: bot 'planner' failed .*ValueError: lost its notes"),
    ],
)
def test_a_bot_that_breaks_the_rules_stops_the_playtest_naming_it(
    monkeypatch: pytest.MonkeyPatch, fail: bool, message: str
) -> None:
    monkeypatch.setattr(runner, "make_bots", lambda spec, seats, c=(): [_Cheat(fail)] * seats)
    with pytest.raises(CipherkitError, match=message) as info:
        play_game(load(LANTERN), index=3, seed=0, players=2)
    assert "\n" not in str(info.value)


def test_a_game_past_max_turns_is_stalled() -> None:
    record = play_game(load(SIGNAL), index=0, seed=0, players=2, max_turns=3)
    assert (record.won, record.reason, record.turns) == (False, "stalled", 4)
    assert record.solve_glyphs is None and record.actions > 3


def test_candidates_beside_the_mission_file_are_read(tmp_path: Path) -> None:
    mission = tmp_path / "ledger.yaml"
    mission.write_text((ROOT / "missions" / "03-cold-ledger.yaml").read_text(), "utf-8")
    plain = run_playtest(mission, games=6, workers=1, seed=2, players=1)
    (tmp_path / "ledger.candidates.txt").write_text("# combos\n4017 52\n4071 25\n", "utf-8")
    listed = run_playtest(mission, games=6, workers=1, seed=2, players=1)
    assert plain.candidates == 0 and listed.candidates == 2
    # with the list, the team names the combination before every answer window is open
    early = listed.figures["solve"]["before_all_windows_open"]
    assert early > plain.figures["solve"]["before_all_windows_open"]
    given = run_playtest(mission, games=2, workers=1, candidates=["1234 56"])
    assert given.candidates == 1


def test_players_cycle_and_batches_are_bounded() -> None:
    assert [game_players(i, None, (1, 4)) for i in range(6)] == [1, 2, 3, 4, 1, 2]
    assert batch_size_for(10_000, 2) == 250 and batch_size_for(8, 2) == 1


def test_wilson_interval_and_difficulty() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(20, 20) == (0.8389, 1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    stars = [difficulty(w, 0.0).stars for w in (1.0, 0.9, 0.7, 0.5, 0.1)]
    assert stars == sorted(stars) and stars[0] == 1 and stars[-1] == 5
    assert difficulty(0.97, 0.9).stars == difficulty(0.97, 0.0).stars + 1


def test_summary_table_and_plots() -> None:
    import matplotlib

    matplotlib.use("Agg")
    result = run_playtest(LANTERN, games=8, workers=1, seed=4)
    text = result.summary_text()
    assert "win rate" in text and "difficulty" in text
    html = result._repr_html_()
    assert "<table>" in html and "win rate" in html and "95% CI" in html
    fig = result.plot()
    assert [ax.get_title() for ax in fig.axes][:2] == ["Game length", "Win rate by players"]
    assert result.plot_turns().get_xlabel() == "turns"
    assert repr(result).startswith("<PlaytestResult lantern-archive")
