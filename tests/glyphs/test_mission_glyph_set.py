"""A mission names its glyph set (style and seed, or folder), and shows itself drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from cipherkit.games.mission import load, new_game
from cipherkit.games.mission.art.data import mission_glyph_map
from cipherkit.games.mission.format.builder import MissionBuilder
from cipherkit.games.mission.format.files import mission_from_yaml, mission_to_yaml
from cipherkit.games.mission.format.problems import MissionError
from cipherkit.games.mission.format.schema import GLYPH_STYLES
from cipherkit.games.mission.format.validate import validate_paths
from cipherkit.glyphs.styles import STYLES

ROOT = Path(__file__).resolve().parents[2]
SIGNAL_BOX = ROOT / "missions" / "02-signal-box.yaml"


def test_mission_schema_knows_exactly_the_glyph_styles() -> None:
    assert set(GLYPH_STYLES) == set(STYLES)


def test_shipped_missions_name_different_styles() -> None:
    styles = {load(p).glyph_set["style"] for p in sorted((ROOT / "missions").glob("*.yaml"))}
    assert len(styles) >= 3


def test_glyph_set_round_trips_through_yaml() -> None:
    mission = load(SIGNAL_BOX)
    assert mission.glyph_set == {"style": "runes", "seed": 4}
    again = mission_from_yaml(mission_to_yaml(mission))
    assert again.glyph_set == mission.glyph_set and again == mission


def test_the_named_style_is_the_one_drawn() -> None:
    mission = load(SIGNAL_BOX)
    drawn = mission_glyph_map(mission)
    from cipherkit.glyphs.spec import glyph_set_from_spec

    runes = glyph_set_from_spec({"style": "runes", "seed": 4}).assign(list(mission.glyphs))
    circuit = glyph_set_from_spec({"style": "circuit", "seed": 4}).assign(list(mission.glyphs))
    first = next(iter(mission.glyphs))
    assert drawn[first] == runes[first] != circuit[first]


@pytest.mark.parametrize(
    ("replacement", "message"),
    [
        ("{style: rune, seed: 4}", "unknown glyph style 'rune' (did you mean 'runes'?)"),
        ("{style: runes, seed: -1}", "must be from 0"),
        ("{folder: nowhere}", "no such folder 'nowhere' beside the mission file"),
        ("{folder: glyphs, style: runes}", "either a folder or a style and seed"),
        ("{colour: red}", "unknown field 'colour'"),
    ],
)
def test_bad_glyph_sets_are_reported_with_line_and_field(
    tmp_path: Path, replacement: str, message: str
) -> None:
    text = SIGNAL_BOX.read_text(encoding="utf-8").replace("{style: runes, seed: 4}", replacement, 1)
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    problems = [p for p in validate_paths([str(path)]) if p.severity == "error"]
    assert problems, "expected an error"
    assert any(message in str(p) for p in problems), [str(p) for p in problems]
    assert all(str(p).startswith(f"{path}:13: glyph_set") for p in problems)


def test_a_folder_beside_the_mission_file_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "my-glyphs").mkdir()
    text = SIGNAL_BOX.read_text(encoding="utf-8").replace(
        "{style: runes, seed: 4}", "{folder: my-glyphs}", 1
    )
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    assert load(path).glyph_set == {"folder": "my-glyphs"}


def _tiny_builder() -> MissionBuilder:
    b = MissionBuilder("hi", title="Hello", question="Say hello")
    b.glyph("h", "H").glyph("i", "I").word("h", "i")
    b.room("hall", pos=(0, 0), entrance=True, stack=["h"])
    return b.room("den", pos=(1, 0), stack=["i"]).passage("hall", "den")


def test_builder_names_a_glyph_set_like_yaml_does() -> None:
    mission = _tiny_builder().glyph_set("pigpen", 2).build()
    assert mission.glyph_set == {"style": "pigpen", "seed": 2}
    assert mission_from_yaml(mission_to_yaml(mission)) == mission
    assert _tiny_builder().build().glyph_set is None
    with pytest.raises(MissionError, match="unknown glyph style"):
        _tiny_builder().glyph_set("wingdings").build()


def test_mission_and_state_show_themselves_as_svg() -> None:
    mission = load(SIGNAL_BOX)
    svg = mission._repr_svg_()
    assert svg.startswith("<svg") and "Signal Box" in svg
    assert svg in mission._repr_html_()
    state = new_game({"mission": str(SIGNAL_BOX), "players": 2}, seed=1)
    board = state._repr_svg_()
    assert board.startswith("<svg") and board != svg
