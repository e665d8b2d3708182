"""Every YAML example in the docs validates (issue #35 item 4).

A complete mission (it has an ``id``) must validate as it is. A fragment (``glyphs:``,
``card:``, ``map:``, …) is laid over the complete example of docs/mission-format.md,
together with the fragments before it on the same page (glyphs are added to the key,
other fields replace the example's), and the result must have no error.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from cipherkit.games.mission.format.validate import validate_text
from cipherkit.games.mission.format.yamlio import dump_yaml

ROOT = Path(__file__).resolve().parents[1]
PAGES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]


def yaml_blocks(path: Path) -> list[tuple[int, str]]:
    """Each ```yaml block of a page: its first line and its text."""
    text = path.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, m.start()) + 2, m.group(1))
        for m in re.finditer(r"```yaml\n(.*?)```", text, re.S)
    ]


EXAMPLES = [(path, line, text) for path in PAGES for line, text in yaml_blocks(path)]


def complete_example() -> dict[str, Any]:
    (full,) = [
        yaml.safe_load(text)
        for path, _, text in EXAMPLES
        if path.name == "mission-format.md" and "id" in (yaml.safe_load(text) or {})
    ]
    return full


def test_the_docs_have_yaml_examples() -> None:
    pages = {path.name for path, _, _ in EXAMPLES}
    assert {"mission-format.md", "characters.md"} <= pages
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize(
    ("path", "line"),
    [(path, line) for path, line, _ in EXAMPLES],
    ids=[f"{path.name}:{line}" for path, line, _ in EXAMPLES],
)
def test_every_yaml_example_in_the_docs_validates(path: Path, line: int) -> None:
    data = complete_example()
    for page, at, text in EXAMPLES:
        if page != path or at > line:
            continue
        block = yaml.safe_load(text)
        if "id" in block:
            data = block if at == line else data
            continue
        for key, value in block.items():  # a fragment, laid over what came before
            if key == "glyphs":
                data["glyphs"] = {**data["glyphs"], **value}
            else:
                data[key] = copy.deepcopy(value)
    name = f"{path.relative_to(ROOT)}:{line}"
    errors = [str(p) for p in validate_text(dump_yaml(data), name) if p.is_error]
    assert errors == [], errors
