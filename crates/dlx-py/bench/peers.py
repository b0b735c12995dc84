"""dlx against the exact-cover packages on PyPI, in one process, on the same problems.

    pip install xcover pyxcc
    python crates/dlx-py/bench/peers.py FILE.dlx ... [--runs 5]

Counts every solution of each problem (Knuth's format) with ``dlx`` on one thread (its default
engine, which is dancing cells without multiplicities, and dancing links, ``engine="dlx"``), xcover
(numba, dancing cells) and pyxcc (Rust, dancing cells), alternating the packages run by run,
and prints the median seconds of each and its ratio to dlx's default. xcover's first call compiles
with numba, so it is warmed up on a toy problem first.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import dlx


def with_dlx(problem: dlx.Problem) -> int:
    return problem.count(threads=1)


def with_dlx_links(problem: dlx.Problem) -> int:
    return problem.count(threads=1, engine="dlx")


def with_xcover(problem: dlx.Problem) -> int:
    from xcover import covers

    colored = any(":" in entry for option in problem.options for entry in option)
    found = covers(
        problem.options, primary=problem.primary, secondary=problem.secondary, colored=colored
    )
    return sum(1 for _ in found)


def with_pyxcc(problem: dlx.Problem) -> int:
    import pyxcc

    primary = set(problem.primary)
    options = []
    for number, option in enumerate(problem.options):
        names = [entry for entry in option if entry in primary]
        others = [entry.partition(":")[::2] for entry in option if entry not in primary]
        options.append(pyxcc.Option(str(number), names, others))
    whole = pyxcc.Problem(problem.primary, problem.secondary, options)
    return int(pyxcc.solve(whole, True).count())


PEERS: dict[str, Callable[[dlx.Problem], int]] = {
    "dlx": with_dlx,
    "dlx links": with_dlx_links,
    "xcover": with_xcover,
    "pyxcc": with_pyxcc,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with_xcover(dlx.Problem(["A", "B"], [["A"], ["B"], ["A", "B"]]))
    for file in args.files:
        problem = dlx.Problem.from_knuth(file.read_text())
        times: dict[str, list[float]] = {name: [] for name in PEERS}
        counts: dict[str, int] = {}
        engine = "?"
        for _ in range(args.runs):
            for name, count in PEERS.items():
                started = time.perf_counter()
                counts[name] = count(problem)
                times[name].append(time.perf_counter() - started)
                stats = problem.stats()
                if name == "dlx" and stats is not None:
                    engine = stats.engine
        medians = {name: statistics.median(t) for name, t in times.items()}
        line = [f"{file.name}: {counts['dlx']} solutions (default engine {engine})"]
        for name, seconds in medians.items():
            agree = "" if counts[name] == counts["dlx"] else f" (counted {counts[name]}!)"
            ratio = seconds / medians["dlx"]
            line.append(f"{name} {seconds:.3f}s ({ratio:.2f}x){agree}")
        print("; ".join(line), flush=True)


if __name__ == "__main__":
    main()
