"""The suite's split into shards (tests/sharding.py, ``make test``): every file in
exactly one shard, the shards about equal, and a bad ``--shard`` refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.sharding import TimeRecorder, known_times, parse_shard, split

ROOT = Path(__file__).resolve().parents[1]

weights = st.dictionaries(
    st.text("abcdefgh/._", min_size=1, max_size=12),
    st.floats(0, 500, allow_nan=False),
    max_size=60,
)


@given(weights, st.integers(1, 6))
def test_every_file_is_in_exactly_one_shard_and_the_shards_are_about_equal(
    files: dict[str, float], count: int
) -> None:
    shards = split(files, count)
    assert len(shards) == count
    placed = [name for shard in shards for name in shard]
    assert sorted(placed) == sorted(files)  # each once
    loads = [sum(files[name] for name in shard) for shard in shards]
    heaviest = max(files.values(), default=0.0)
    # longest processing time first: no shard exceeds an equal share by more than one file
    assert max(loads) <= sum(files.values()) / count + heaviest + 1e-6


def test_the_split_is_the_same_whatever_order_the_files_come_in() -> None:
    files = {f"tests/t{i}.py": float(i % 7) for i in range(40)}
    backwards = dict(reversed(list(files.items())))
    assert split(files, 3) == split(backwards, 3)


@pytest.mark.parametrize("text", ["0/3", "4/3", "a/b", "3"])
def test_a_bad_shard_is_refused(text: str) -> None:
    with pytest.raises(pytest.UsageError, match="--shard"):
        parse_shard(text)


def test_the_recorder_merges_what_other_shards_wrote(tmp_path: Path) -> None:
    times = tmp_path / "times.json"
    times.write_text(json.dumps({"tests/a.py": 3.0, "tests/b.py": 1.0}))
    recorder = TimeRecorder(times)
    recorder.seconds["tests/b.py"] = 2.04
    recorder.seconds["tests/c.py"] = 0.5
    recorder.pytest_sessionfinish()
    assert known_times(times) == {"tests/a.py": 3.0, "tests/b.py": 2.0, "tests/c.py": 0.5}


def test_the_shards_of_a_folder_together_collect_it_once() -> None:
    def collected(*extra: str) -> list[str]:
        out = subprocess.run(
            [sys.executable, "-m", "pytest", "--co", "-q", "tests/i18n", *extra],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return [line for line in out.splitlines() if "::" in line]

    whole = collected()
    parts = [collected(f"--shard={k}/2") for k in (1, 2)]
    assert all(parts)  # each shard got something
    assert sorted(t for part in parts for t in part) == sorted(whole)
