"""Notebook pictures of missions and of mission states (from observations only)."""

from __future__ import annotations

import io
import re

from PIL import Image

from cipherkit.core.rng import Rng
from cipherkit.games.mission import new_game
from cipherkit.games.mission.art.notebook import (
    mission_drawing,
    mission_png,
    mission_svg,
    state_drawing,
    state_png,
    state_svg,
)
from cipherkit.glyphs.drawing import Text
from tests.glyphs.helpers import MISSIONS


def texts(svg: str) -> list[str]:
    return re.findall(r">([^<]*)</text>", svg)


def test_a_mission_shows_its_map(missions) -> None:
    mission = missions[1]
    svg = mission_svg(mission)
    names = [attrs.get("name") for _, attrs in mission.map.nodes(data=True)]
    assert set(names) <= set(texts(svg))
    image = Image.open(io.BytesIO(mission_png(mission)))
    d = mission_drawing(mission)
    assert image.size == (round(d.width), round(d.height))


def window_texts(observation, mission) -> list[str | None]:
    """The text written in each console window of the board (None: nothing)."""
    d = state_drawing(observation, mission)
    out: list[str | None] = []
    for i in range(len(observation["console"]["cells"])):
        x, y, w, h = d.regions[f"window:{i}"]
        inside = [
            s.text
            for s in d.shapes
            if isinstance(s, Text) and x <= s.x <= x + w and y <= s.y <= y + h
        ]
        out.append(inside[0] if inside else None)
    return out


def test_a_state_shows_only_what_its_viewer_sees() -> None:
    state = new_game({"players": 2, "mission": str(MISSIONS[1])}, seed=5)
    contents = {c.content for c in state.mission.cells}
    obs = state.observe(0)
    initials = {c["name"][0] for c in obs["characters"]}
    fresh = set(texts(state_svg(obs, state.mission))) - initials
    assert not fresh & contents and "0 of 10 windows open" in fresh
    assert window_texts(obs, state.mission) == [None] * len(state.mission.cells)
    rng = Rng(9)
    seen_open = False
    while state.outcome is None:
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        obs = state.observe("spectator")
        if state.outcome is None:
            expected = [c["content"] if c["open"] else None for c in obs["console"]["cells"]]
            assert window_texts(obs, state.mission) == expected
            seen_open = seen_open or any(expected)
    assert seen_open
    # when the game is over every window's content is known and shown
    final = window_texts(state.observe(0), state.mission)
    assert final == [c.content for c in state.mission.cells]


def test_state_pictures_without_the_mission_and_as_png() -> None:
    state = new_game({"players": 3}, seed=2)
    obs = state.observe(1)
    d = state_drawing(obs)
    assert {k for k in d.regions if k.startswith("window:")} == {
        f"window:{i}" for i in range(len(obs["console"]["cells"]))
    }
    image = Image.open(io.BytesIO(state_png(obs, state.mission)))
    assert image.size[0] >= 720
