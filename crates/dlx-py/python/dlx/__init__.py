"""Exact cover by Knuth's Dancing Links and dancing cells, Sudoku of every shape, and counts
split into work units for a cluster.

>>> import dlx
>>> p = dlx.Problem(["A", "B", "C"], [["A", "B"], ["C"], ["A"], ["B", "C"]])
>>> sorted(sorted(s) for s in p.solutions())
[[0, 1], [2, 3]]
>>> p.count(threads=1)
2

``dlx.sudoku`` answers puzzles given as text; ``dlx.distributed`` counts a problem on a Dask
cluster. Bad input raises a subclass of ``dlx.Error`` (a ``ValueError``) whose ``line`` and
``column`` say where, when the input is a text.
"""

from __future__ import annotations

from . import sudoku
from ._dlx import (
    Error,
    Estimate,
    Figure,
    ParseError,
    Problem,
    ProblemError,
    PuzzleError,
    Solutions,
    Stats,
    UnitError,
    __version__,
)
from ._dlx import merge as _merge
from ._dlx import run_unit as _run_unit
from ._dlx import split as _split

__all__ = [
    "Error",
    "Estimate",
    "Figure",
    "ParseError",
    "Problem",
    "ProblemError",
    "PuzzleError",
    "Solutions",
    "Stats",
    "UnitError",
    "__version__",
    "merge",
    "run_unit",
    "split",
    "sudoku",
]

# Typing and json are imported where they are needed: they are most of the time it takes to
# import the package, which a short script (a batch of puzzles) pays on every run.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any, TypeAlias

    from ._dlx import EngineName

    Unit: TypeAlias = str | Mapping[str, Any]
    """A work unit: a JSON line as ``dlx split`` writes it, or that line read by
    ``json.loads``."""


def _line(unit: Unit) -> str:
    if isinstance(unit, str):
        return unit
    import json

    return json.dumps(unit, separators=(",", ":"))


def split(problem: Problem, units: int = 64, engine: EngineName | None = None) -> list[str]:
    """About ``units`` work units that partition the search of ``problem``, as JSON lines
    (what ``dlx split`` prints), in the order one thread would search them.

    The results of running them (and the remainders they leave) add up to a single search's
    solutions, nodes and updates exactly. ``engine`` is the tree split: ``"auto"`` (the
    default: the engine a count takes, dancing cells without multiplicities), ``"dlx"`` or
    ``"cells"``; a unit runs on its engine. A problem with multiplicities is split by
    ``"cells"`` only (``ProblemError`` otherwise).
    """
    return _split(problem, units, engine)


def run_unit(problem: Problem, unit: Unit, budget: int | None = None) -> str:
    """Runs one work unit of ``problem`` to its end or to ``budget`` nodes; returns its result
    as a JSON line (what ``dlx run`` prints).

    ``unit`` is a JSON line of ``split`` or ``dlx split``, a unit of a result's
    ``"remainder"``, or such a unit read by ``json.loads``. The result has ``solutions``,
    ``nodes``, ``updates``, ``complete`` and, when the budget ran out, the ``remainder`` units
    still to run. The GIL is released while it runs; Ctrl-C raises ``KeyboardInterrupt``.
    Raises ``UnitError`` for a unit that is not JSON of dlx or not of this problem.
    """
    return _run_unit(problem, _line(unit), budget)


def merge(results: Iterable[Unit]) -> tuple[dict[str, Any], list[str]]:
    """Adds up results of ``run_unit`` or ``dlx run``: returns the totals (``problem``,
    ``solutions``, ``nodes``, ``updates``, ``units``, ``remaining``, ``complete``, as
    ``dlx merge`` prints them) and the units still to run, as JSON lines.

    Raises ``UnitError`` for results of another problem, or two results of one unit.
    """
    import json

    totals, remaining = _merge([_line(result) for result in results])
    parsed: dict[str, Any] = json.loads(totals)
    return parsed, remaining
