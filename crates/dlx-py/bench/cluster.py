"""dlx.distributed on a LocalCluster of one worker and of two (one thread each).

    python crates/dlx-py/bench/cluster.py pento6x10.dlx [--runs 3] [--budget 1000000]

Prints the median seconds of each (the cluster started beforehand, not timed), the speed-up,
and checks that both totals equal one search's (dancing links, whose tree the units split).
The machine's load average is printed beside every figure: on a machine whose cores are
busy, two workers cannot run at twice the speed of one, and the figure says so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from dask.distributed import Client, LocalCluster

import dlx
from dlx import distributed


def load() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    return ", ".join(f"{figure:.2f}" for figure in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("problem", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--budget", type=int, default=distributed.DEFAULT_BUDGET)
    args = parser.parse_args()
    problem = dlx.Problem.from_knuth(args.problem.read_text())
    problem.count(threads=1, engine="dlx")
    one = problem.stats()
    assert one is not None
    medians = {}
    for workers in (1, 2):
        with (
            LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
        ):
            times = []
            for _ in range(args.runs):
                started = time.perf_counter()
                totals = distributed.count(problem, client, budget=args.budget)
                times.append(time.perf_counter() - started)
                exact = (totals.solutions, totals.nodes, totals.updates)
                assert exact == (one.solutions, one.nodes, one.updates), exact
            medians[workers] = statistics.median(times)
            print(
                f"{workers} worker(s): {medians[workers]:.3f}s, {totals.units} tasks, exact "
                f"(load {load()})",
                flush=True,
            )
    print(f"one process, one thread: {one.seconds:.3f}s (load {load()})")
    print(f"speed-up of 2 workers over 1: {medians[1] / medians[2]:.2f}x")


if __name__ == "__main__":
    main()
