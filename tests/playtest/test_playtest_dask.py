"""A playtest over a dask.distributed cluster's executor gives the same figures as the
default process pool (small clusters, shut down at the end of each test)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from cipherkit.playtest import run_playtest

MISSION = Path(__file__).resolve().parents[2] / "missions" / "02-signal-box.yaml"


def stable(result) -> str:  # type: ignore[no-untyped-def]
    data = result.to_json()
    data.pop("games_per_second")
    return json.dumps(data, sort_keys=True)


@pytest.mark.parametrize("processes", [True, False], ids=["processes", "threads"])
def test_dask_executor_gives_the_process_pool_figures(processes: bool) -> None:
    expected = run_playtest(MISSION, games=16, workers=1, seed=21)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=processes, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        got = run_playtest(MISSION, games=16, seed=21, executor=client.get_executor())
        assert len(client.scheduler_info()["workers"]) == 2
    assert cluster.status.name == "closed"
    assert stable(got) == stable(expected)
    assert got.records == expected.records
