"""Counting on a Dask cluster: exact totals, progress, and a stopped run resumed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import dlx
from dlx import distributed

from conftest import problem

dask_distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        dask_distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        dask_distributed.Client(cluster) as client,
    ):
        yield client


def test_the_cluster_counts_what_one_process_counts(client: Any) -> None:
    p = problem("langford11.dlx")
    seen: list[distributed.Progress] = []
    totals = distributed.count(p, client, budget=20_000, progress=seen.append)
    # The tree a count takes: dancing cells.
    assert p.count(threads=1) == totals.solutions == 35584
    stats = p.stats()
    assert stats is not None and stats.engine == totals.engine == "cells"
    assert (totals.nodes, totals.updates) == (stats.nodes, stats.updates)
    assert totals.units == len(seen) > 32
    assert seen[-1].pending == 0 and seen[-1].solutions == totals.solutions


def test_pentominoes_on_two_workers(client: Any) -> None:
    totals = distributed.count(problem("pento6x10-sym.dlx"), client, engine="dlx")
    assert (totals.solutions, totals.nodes, totals.updates) == (2339, 909153, 310816489)
    assert totals.engine == "dlx"


class Enough(Exception):
    """Raised by a progress callback to stop a run."""


def test_a_stopped_run_resumes_from_its_checkpoint(client: Any, tmp_path: Path) -> None:
    p = problem("langford11.dlx")
    checkpoint = tmp_path / "langford11.json"

    def stop_after_five(progress: distributed.Progress) -> None:
        if progress.units >= 5:
            raise Enough

    with pytest.raises(Enough):
        distributed.count(
            p, client, budget=5_000, progress=stop_after_five, checkpoint=checkpoint, engine="dlx"
        )
    assert checkpoint.exists()
    # The run resumed keeps the engine of its checkpoint.
    resumed = distributed.count(p, client, budget=5_000, checkpoint=checkpoint)
    assert (resumed.solutions, resumed.nodes, resumed.updates) == (35584, 439747, 5974979)
    assert resumed.engine == "dlx"
    # A complete run's checkpoint answers at once.
    assert distributed.count(p, client, checkpoint=checkpoint) == resumed
    with pytest.raises(ValueError, match="checkpoint of problem"):
        distributed.count(problem("queens8.dlx"), client, checkpoint=checkpoint)


def test_bad_arguments(client: Any) -> None:
    with pytest.raises(ValueError, match="budget"):
        distributed.count(problem("queens8.dlx"), client, budget=0)
    with pytest.raises(dlx.ProblemError, match="multiplicities"):
        distributed.count(problem("toy3.dlx"), client)
