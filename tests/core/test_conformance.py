"""One conformance test for every registered game, and a game from outside cipherkit.

Every game in the ``cipherkit.games`` entry-point group is played with each of its
``example_configs`` through every check of :mod:`cipherkit.core.testing` (the no-leak
check and the session round trip included). A toy game in ``tests/fixtures/toy_game``
registers itself only through entry points (its own ``.dist-info``) and gets the
checks, ``cipherkit match`` and ``Replay`` without cipherkit knowing its name.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from cipherkit.core import registry
from cipherkit.core.record import Record
from cipherkit.core.registry import bot_names, game_names, get_game
from cipherkit.core.session import Session
from cipherkit.core.testing import check_all
from tests.toy import toy_env


def _cases() -> list[Any]:
    return [
        pytest.param(name, config, id=f"{name}-{index}")
        for name in game_names()
        for index, config in enumerate(get_game(name).example_configs)
    ]


def _conforms(game: str, config: Any) -> None:
    report = check_all(get_game(game), seeds=range(6), config=config)
    assert report["games"] == 6
    assert report["illegal_attempts"] > 0
    assert report["no_leak_variants_differing"] > 0, "the no-leak check had nothing to catch"
    assert report["session_rebuilds"] > 0


def test_the_built_in_games_register_through_entry_points() -> None:
    from importlib.metadata import entry_points

    declared = {ep.name for ep in entry_points(group=registry.GAMES_GROUP)}
    assert {"decipher", "intercept", "mission"} <= declared
    assert {"decipher", "intercept", "mission"} <= {
        ep.name for ep in entry_points(group=registry.BOTS_GROUP)
    }


@pytest.mark.parametrize(("game", "config"), _cases())
def test_every_registered_game_passes_the_conformance_checks(game: str, config: Any) -> None:
    _conforms(game, config)


def test_the_toy_game_is_unknown_until_its_package_is_installed() -> None:
    assert "toy-nim" not in game_names()


def test_a_game_from_another_package_gets_the_conformance_checks(toy_registered: None) -> None:
    assert "toy-nim" in game_names()
    assert {"greedy", "random"} <= set(bot_names("toy-nim"))
    for config in get_game("toy-nim").example_configs:
        _conforms("toy-nim", config)


def test_a_game_from_another_package_gets_cipherkit_match() -> None:
    env = toy_env()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cipherkit.cli",
            "match",
            "toy-nim",
            "--bots",
            "greedy,random",
            "--games",
            "20",
            "--seed",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == "toy-nim" and summary["games"] == 20
    assert sum(summary["wins"].values()) == 20  # somebody takes the last stone


def test_a_game_from_another_package_gets_replay(toy_registered: None) -> None:
    from cipherkit.widgets import Replay

    session = Session("toy-nim", seed=4, bots=["greedy", "random"])
    session.play_out()
    record = Record.from_json(json.loads(json.dumps(session.record.to_json())))
    replay = Replay(record, viewer=0)
    replay.handle_message({"type": "seek", "step": len(record.actions)})
    view = replay.view
    assert view["over"] and view["steps"] == len(record.actions)
    assert replay.message == ""
    # seat 0's replay at the deal shows its own lucky number, never seat 1's
    replay.handle_message({"type": "seek", "step": 0})
    lucky = session.state.lucky  # type: ignore[attr-defined]
    assert replay.view["board"]["details"]["lucky"] == {"0": lucky[0]}
    replay.handle_message({"type": "seek", "step": len(record.actions)})
    assert replay.view["board"]["details"]["lucky"] == {"0": lucky[0], "1": lucky[1]}
