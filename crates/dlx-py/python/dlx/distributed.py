"""Counting one problem on a Dask cluster: the search split into work units, each a task.

>>> from dask.distributed import Client, LocalCluster        # doctest: +SKIP
>>> import dlx, dlx.distributed
>>> problem = dlx.Problem.from_knuth(open("pento6x10.dlx").read())  # doctest: +SKIP
>>> with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
...     dlx.distributed.count(problem, client, checkpoint="pento.json").solutions  # doctest: +SKIP
9356

The problem is sent once to every worker. Each task runs one unit for at most ``budget``
nodes; a unit that runs out of budget returns what is left of it as new units, which become
new tasks. The totals are exact: solutions, nodes and updates equal those of one search on
one thread. With a ``checkpoint`` file the units still to run and the totals so far are kept
after every result, so that a run stopped (Ctrl-C, a worker lost, a job's time up) resumes
where it was with the same call.

Works with any scheduler: ``LocalCluster``, ``Client("tcp://host:8786")`` for ``dask
scheduler`` and ``dask worker`` started by hand, or ``dask_jobqueue.SLURMCluster``. Every
worker needs ``dlx`` installed.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import Problem, run_unit, split

if TYPE_CHECKING:
    from ._dlx import EngineName

__all__ = ["Progress", "Totals", "count"]

DEFAULT_BUDGET = 200_000
"""Nodes a task runs before it hands back the rest: a tenth of a second on pentominoes."""


@dataclass(frozen=True)
class Totals:
    """The figures of a distributed count: exactly those of one search on one thread."""

    solutions: int
    """Solutions of the problem."""
    nodes: int
    """Search-tree nodes entered (Knuth's definition, as ``Problem.stats()``)."""
    updates: int
    """Updates made (Knuth's definition)."""
    units: int
    """Tasks run (units and remainders)."""
    engine: str = "dlx"
    """The engine whose tree was searched, ``"dlx"`` or ``"cells"`` (whose nodes and updates
    are its own, as ``Problem.stats()`` gives them for that engine)."""


@dataclass(frozen=True)
class Progress:
    """Where a distributed count stands, after each result."""

    solutions: int
    """Solutions found so far."""
    nodes: int
    """Nodes searched so far."""
    updates: int
    """Updates made so far."""
    units: int
    """Results received so far."""
    pending: int
    """Units still to run (those running included)."""


@dataclass
class _State:
    """The totals of the results received and the units still to run: what a checkpoint
    keeps, written whole after every result."""

    problem: str
    solutions: int = 0
    nodes: int = 0
    updates: int = 0
    units: int = 0
    pending: list[str] | None = None
    engine: str = "dlx"

    def add(self, result: dict[str, Any]) -> None:
        # Results of dancing links carry no engine.
        self.engine = str(result.get("engine", "dlx"))
        self.solutions += int(result["solutions"])
        self.nodes += int(result["nodes"])
        self.updates += int(result["updates"])
        self.units += 1

    def save(self, path: str) -> None:
        # Written beside the file and renamed over it: a run stopped while writing leaves the
        # last checkpoint whole.
        folder = os.path.dirname(os.path.abspath(path))
        fd, temporary = tempfile.mkstemp(prefix=".dlx-checkpoint-", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(
                    {
                        "problem": self.problem,
                        "solutions": self.solutions,
                        "nodes": self.nodes,
                        "updates": self.updates,
                        "units": self.units,
                        "pending": self.pending or [],
                        "engine": self.engine,
                    },
                    out,
                )
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise

    @staticmethod
    def load(path: str, problem: str) -> _State | None:
        try:
            with open(path, encoding="utf-8") as text:
                saved = json.load(text)
        except FileNotFoundError:
            return None
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}: not a checkpoint of dlx.distributed ({error})") from None
        if saved.get("problem") != problem:
            raise ValueError(
                f"{path}: a checkpoint of problem {saved.get('problem')} "
                f"(expected {problem}, the hash of the problem given)"
            )
        return _State(
            problem=problem,
            solutions=int(saved["solutions"]),
            nodes=int(saved["nodes"]),
            updates=int(saved["updates"]),
            units=int(saved["units"]),
            pending=[str(unit) for unit in saved["pending"]],
            engine=str(saved.get("engine", "dlx")),
        )


def _run(problem: Problem, unit: str, budget: int) -> str:
    """One task: a unit run on a worker (the problem is the worker's copy)."""
    return run_unit(problem, unit, budget)


def _line(unit: dict[str, Any]) -> str:
    return json.dumps(unit, separators=(",", ":"))


def count(
    problem: Problem,
    client: Any,
    budget: int = DEFAULT_BUDGET,
    units: int | None = None,
    progress: Callable[[Progress], object] | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    engine: EngineName | None = None,
) -> Totals:
    """Counts the solutions of ``problem`` on the Dask cluster of ``client``
    (a ``distributed.Client``).

    ``budget`` is the most nodes a task runs before it returns what is left as new tasks;
    ``units`` how many units the search is split into at first (default: 16 per worker
    thread). ``progress`` is called with a ``Progress`` after every result; an exception it
    raises stops the run (and propagates). With ``checkpoint`` (a file name) the run keeps
    its state there after every result and, called again with the same file, resumes from
    it; a complete run's checkpoint gives its totals at once. ``engine`` is the tree split, as
    for ``dlx.split`` (default: the engine a count takes, dancing cells without multiplicities); a
    resumed run keeps the engine of its checkpoint.

    A problem with multiplicities is split by ``engine="cells"`` only (``dlx.ProblemError``
    otherwise).
    """
    from distributed import as_completed

    if budget < 1:
        raise ValueError(f"budget {budget} must be at least 1 node")
    path = os.fspath(checkpoint) if checkpoint is not None else None
    state = _State.load(path, problem.hash) if path is not None else None
    if state is None:
        if units is None:
            threads = sum(client.nthreads().values()) or 1
            units = 16 * threads
        state = _State(problem=problem.hash, pending=split(problem, units, engine))
        if path is not None:
            state.save(path)
    pending = list(state.pending or [])
    state.pending = pending
    if not pending:
        return _totals(state)
    # A key of its own: a run stopped just before may still be releasing the last one.
    shared = client.scatter(problem, broadcast=True, hash=False)
    running = {client.submit(_run, shared, unit, budget, pure=False): unit for unit in pending}
    tasks = as_completed(list(running))  # type: ignore[no-untyped-call]
    try:
        for future in tasks:
            unit = running.pop(future)
            result = json.loads(future.result())
            state.add(result)
            pending.remove(unit)
            for rest in result["remainder"]:
                line = _line(rest)
                pending.append(line)
                new = client.submit(_run, shared, line, budget, pure=False)
                running[new] = line
                tasks.add(new)  # type: ignore[no-untyped-call]
            if path is not None:
                state.save(path)
            if progress is not None:
                progress(
                    Progress(
                        solutions=state.solutions,
                        nodes=state.nodes,
                        updates=state.updates,
                        units=state.units,
                        pending=len(pending),
                    )
                )
    finally:
        if running:
            client.cancel(list(running))
    return _totals(state)


def _totals(state: _State) -> Totals:
    return Totals(
        solutions=state.solutions,
        nodes=state.nodes,
        updates=state.updates,
        units=state.units,
        engine=state.engine,
    )
